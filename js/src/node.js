// Reading a word-list folder from disk (Node only). Node's modules are imported here, on first
// use, so that a browser bundle of the reader never meets them.

import { Alphabet, describe } from "./alphabet.js";
import { Dawg } from "./dawg.js";
import { ArtefactError } from "./errors.js";
import { ALPHABET_JSON, checkLicense, checkVersion, GAME_JSON, languageName, LEAVES_JSON, MANIFEST_JSON, WORDS_DAWG } from "./format.js";
import { checkGame } from "./game.js";
import { MAX_WORDS } from "./limits.js";
import { checkLeaves } from "./leaves.js";

/**
 * @param {string | URL} folder
 * @param {boolean} verify check the files' sha256 against the manifest
 */
export async function readFolder(folder, verify) {
  const [fs, path, crypto, url] = await Promise.all([
    import("node:fs/promises"),
    import("node:path"),
    import("node:crypto"),
    import("node:url"),
  ]);
  if (folder instanceof URL) folder = url.fileURLToPath(folder);
  if (typeof folder !== "string") throw new TypeError(`folder: expected a path, got ${describe(folder)}`);
  const stat = await fs.stat(folder).catch(() => null);
  if (!stat?.isDirectory()) throw new ArtefactError(`${folder}: no word list here (build one with \`wordlist build\`)`);
  const file = (name) => path.join(folder, name);

  /** A file's bytes. With `expected` (its manifest entry) the size is checked first, then the sha256 with `verify`. */
  const read = async (name, expected = null) => {
    let data;
    try {
      if (expected !== null) {
        const found = (await fs.stat(file(name))).size;
        if (found !== expected.bytes) throw sizeError(name, found, expected);
      }
      data = await fs.readFile(file(name));
    } catch (error) {
      if (error instanceof ArtefactError) throw error;
      throw new ArtefactError(`${file(name)}: ${error.code === "ENOENT" ? "missing" : `cannot be read (${error.code})`}`);
    }
    if (expected === null) return data;
    if (data.length !== expected.bytes) throw sizeError(name, data.length, expected); // changed since the stat
    if (verify && crypto.createHash("sha256").update(data).digest("hex") !== expected.sha256) {
      throw new ArtefactError(`${file(name)}: checksum does not match the manifest (corrupt or replaced)`);
    }
    return data;
  };
  const sizeError = (name, found, expected) =>
    new ArtefactError(
      `${file(name)}: ${found} bytes, the manifest says ${JSON.stringify(expected.bytes)} (truncated or replaced?)`,
    );

  // The manifest first: its version decides whether the other files can be read at all, and it
  // says what every other file must be. A folder without one is refused (Python refuses it too).
  const manifest = parseJson(await read(MANIFEST_JSON), file(MANIFEST_JSON));
  const bad = (what) => new ArtefactError(`${file(MANIFEST_JSON)}: ${what}`);
  if (manifest === null || typeof manifest !== "object" || Array.isArray(manifest)) {
    throw bad(`expected a JSON object, got ${describe(manifest)}`);
  }
  checkVersion(manifest, file(MANIFEST_JSON));
  languageName(manifest, file(MANIFEST_JSON)); // (the alphabet's is the one shown)
  checkLicense(manifest, bad);
  const entries = manifest.files;
  if (entries === null || typeof entries !== "object" || Array.isArray(entries)) {
    throw bad(`"files" must be an object, got ${describe(entries)}`);
  }
  const words = manifest.counts?.words;
  if (!Number.isSafeInteger(words) || words < 0 || words > MAX_WORDS) {
    throw bad(`"counts"."words" must be a whole number from 0 to ${MAX_WORDS}, got ${JSON.stringify(words) ?? describe(words)}`);
  }
  /** A file's entry in the manifest's "files" ({bytes, sha256}), or null if it is not listed. */
  const listed = (name) => {
    if (!Object.hasOwn(entries, name)) return null;
    const entry = entries[name];
    if (entry === null || typeof entry !== "object" || !Number.isSafeInteger(entry.bytes) || typeof entry.sha256 !== "string") {
      throw bad(`"files"."${name}" must be {"bytes", "sha256"}`);
    }
    return entry;
  };
  const required = async (name) => {
    const expected = listed(name);
    if (expected === null) throw bad(`does not list ${name}`);
    return read(name, expected);
  };

  const alphabet = new Alphabet(parseJson(await required(ALPHABET_JSON), file(ALPHABET_JSON)), file(ALPHABET_JSON));
  if (alphabet.language !== manifest.language) {
    throw new ArtefactError(
      `${file(ALPHABET_JSON)}: language ${JSON.stringify(alphabet.language)}, the manifest says ${JSON.stringify(manifest.language)}`,
    );
  }
  // game.json belongs to the list exactly when the manifest lists it.
  const gameBytes = listed(GAME_JSON) !== null ? await required(GAME_JSON) : null;
  // ... and leaves.json when `wordlist leaves` has learned them (the manifest lists it then)
  const leavesBytes = listed(LEAVES_JSON) !== null ? await required(LEAVES_JSON) : null;
  return {
    leaves:
      leavesBytes !== null ? checkLeaves(parseJson(leavesBytes, file(LEAVES_JSON)), [...alphabet.letters], file(LEAVES_JSON)) : null,
    dawg: new Dawg(await required(WORDS_DAWG), file(WORDS_DAWG), words),
    alphabet,
    manifest,
    game: gameBytes !== null ? checkGame(parseJson(gameBytes, file(GAME_JSON)), alphabet, file(GAME_JSON)) : null,
  };
}

function parseJson(bytes, source) {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new ArtefactError(`${source}: not valid JSON (${error.message})`);
  }
}

/**
 * The bytes of a file (the WebAssembly core beside the reader, which Node cannot fetch).
 * @param {URL} url
 */
export async function readBytes(url) {
  const { readFile } = await import("node:fs/promises");
  return readFile(url);
}
