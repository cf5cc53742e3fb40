// Python's `random.Random` for whole-number seeds, draw for draw: the Mersenne Twister (MT19937)
// seeded as CPython seeds an int (Modules/_randommodule.c: init_by_array over the 32-bit words of
// abs(seed), least significant first, [0] for 0), and the methods of Lib/random.py (3.11) that
// the games' bots use, with the same consumption of the generator: getrandbits, randbelow
// (`_randbelow_with_getrandbits`), choice, sample (its two methods: a pool when the population is
// small, a set of drawn indexes when it is large) and random. So a seed gives the bot's Python
// draws in the browser (js/test/random.test.js holds it to Python's own).
//
//   import { PythonRandom } from "wiktionary-wordlist/random";
//   const rng = new PythonRandom(42n);   // a Number (a safe integer) or a BigInt
//   rng.getrandbits(32); rng.choice(["a", "b"]); rng.sample(tiles, 7); rng.random();

import { describe } from "./alphabet.js";

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
/** The longest seed taken, in bits: Python takes any, but the work of seeding grows with it. */
export const MAX_SEED_BITS = 1024;

export class PythonRandom {
  /**
   * A generator seeded as Python's `random.Random(seed)` is for a whole number `seed` (its
   * absolute value: a negative seed draws as the positive one); a BigInt for seeds beyond 2^53.
   * @param {number | bigint} seed
   */
  constructor(seed) {
    this._state = new Uint32Array(N);
    this._index = N;
    this._seed(seedWords(seed));
  }

  /** `init_by_array` (and `init_genrand` inside it) of CPython's _randommodule.c. */
  _seed(key) {
    const mt = this._state;
    mt[0] = 19650218;
    for (let i = 1; i < N; i++) mt[i] = Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j; // (mod 2^32: a Uint32Array)
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000; // (the most significant bit set: the state is never all zeros)
    this._index = N;
  }

  /** The next 32 random bits (`genrand_uint32`), a Number from 0 to 2^32 - 1. */
  _uint32() {
    const mt = this._state;
    if (this._index >= N) {
      let kk = 0;
      let y;
      for (; kk < N - M; kk++) {
        y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      for (; kk < N - 1; kk++) {
        y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      this._index = 0;
    }
    let y = mt[this._index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /**
   * A whole number of `k` random bits, as Python's `getrandbits(k)` (the generator's 32-bit words
   * least significant first, the last one's low bits dropped); `k` from 0 to 53, so that the
   * answer is an exact Number.
   * @param {number} k
   */
  getrandbits(k) {
    if (!Number.isInteger(k) || k < 0 || k > 53) throw new RangeError(`getrandbits: a number of bits from 0 to 53, not ${describe(k)}`);
    if (k === 0) return 0;
    if (k <= 32) return this._uint32() >>> (32 - k);
    const low = this._uint32();
    return low + (this._uint32() >>> (64 - k)) * 2 ** 32;
  }

  /**
   * A whole number from 0 to n - 1, as Python's `_randbelow` (`_randbelow_with_getrandbits`: as
   * many bits as n has, drawn again while they make n or more).
   * @param {number} n a safe integer above 0
   */
  randbelow(n) {
    if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`randbelow: a whole number above 0, not ${describe(n)}`);
    const k = n < 2 ** 32 ? 32 - Math.clz32(n) : n.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /**
   * An element of `seq` (an array or a string), as Python's `choice`; a RangeError if it is empty.
   * @template T
   * @param {ArrayLike<T>} seq
   * @returns {T}
   */
  choice(seq) {
    checkSequence(seq, "choice");
    if (seq.length === 0) throw new RangeError("choice: cannot choose from an empty sequence");
    return seq[this.randbelow(seq.length)];
  }

  /**
   * `k` distinct elements of `population` (by position) in the order drawn, as Python 3.11's
   * `sample`: with a small population a pool whose drawn places are filled from its end, with a
   * large one indexes drawn again while already taken.
   * @template T
   * @param {ArrayLike<T>} population
   * @param {number} k
   * @returns {T[]}
   */
  sample(population, k) {
    checkSequence(population, "sample");
    const n = population.length;
    if (!Number.isInteger(k) || k < 0 || k > n) throw new RangeError(`sample: a count from 0 to the population's ${n}, not ${describe(k)}`);
    const result = new Array(k);
    let setsize = 21; // (CPython's sizes in memory: a small set against a list of the population)
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    if (n <= setsize) {
      const pool = Array.from(population);
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1];
      }
    } else {
      const selected = new Set();
      for (let i = 0; i < k; i++) {
        let j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        result[i] = population[j];
      }
    }
    return result;
  }

  /** A float in [0, 1), as Python's `random()` (53 bits from two words). */
  random() {
    const a = this._uint32() >>> 5;
    const b = this._uint32() >>> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }
}

function checkSequence(seq, method) {
  if (!Array.isArray(seq) && typeof seq !== "string") throw new TypeError(`${method}: an array, not ${describe(seq)}`);
}

/** The 32-bit words of abs(seed), least significant first ([0] for 0), as CPython keys its seed. */
function seedWords(seed) {
  let value;
  if (typeof seed === "bigint") value = seed;
  else if (Number.isSafeInteger(seed)) value = BigInt(seed);
  else if (typeof seed === "number" && Number.isInteger(seed)) throw new RangeError(`seed: ${seed} is beyond 2^53: give it as a BigInt`);
  else throw new TypeError(`seed: a whole number (a Number or a BigInt), not ${describe(seed)}`);
  if (value < 0n) value = -value;
  if (value >> BigInt(MAX_SEED_BITS) !== 0n) throw new RangeError(`seed: at most ${MAX_SEED_BITS} bits`);
  const words = [];
  do {
    words.push(Number(value & 0xffffffffn));
    value >>= 32n;
  } while (value !== 0n);
  return words;
}
