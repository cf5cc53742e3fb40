// Declarations of wiktionary-wordlist/random (src/random.js): Python's random.Random for whole-number
// seeds, draw for draw. Hand-written; js/test/types.check.ts uses them.

/** The longest seed taken, in bits. */
export declare const MAX_SEED_BITS: number;

export declare class PythonRandom {
  /** Seeded as Python's `random.Random(seed)`: a safe integer, or a BigInt beyond 2^53. */
  constructor(seed: number | bigint);
  /** `getrandbits(k)`, k from 0 to 53. */
  getrandbits(k: number): number;
  /** `_randbelow(n)`: 0 to n - 1. */
  randbelow(n: number): number;
  choice<T>(seq: ArrayLike<T>): T;
  /** Python 3.11's `sample(population, k)`. */
  sample<T>(population: ArrayLike<T>, k: number): T[];
  random(): number;
}
