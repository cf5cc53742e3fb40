// The files of a word-list folder this reader uses and the format version it reads (the Python
// side's wordlist/format/ owns both, docs/FORMAT.md describes them; the conformance tests compare).

import { ArtefactError } from "./errors.js";

/**
 * The artefact format version this reader reads: "format" in manifest.json, alphabet.json and
 * game.json. A file of any other version is refused (docs/FORMAT.md, "Versions").
 */
export const FORMAT_VERSION = 2;
export const WORDS_DAWG = "words.dawg";
export const ALPHABET_JSON = "alphabet.json";
export const GAME_JSON = "game.json";
export const MANIFEST_JSON = "manifest.json";

/**
 * Refuse a file whose "format" is not FORMAT_VERSION, saying what to do about it: an older list is
 * rebuilt, a newer one needs a newer reader. A file without "format" is format 1 (whose
 * alphabet.json had none), as Python's reader takes it.
 * @param {object} json the parsed file
 * @param {string} source the file's name in the message
 */
export function checkVersion(json, source) {
  const version = Object.hasOwn(json, "format") ? json.format : 1;
  if (version === FORMAT_VERSION) return;
  if (!Number.isSafeInteger(version)) {
    throw new ArtefactError(`${source}: "format" must be a whole number, got ${JSON.stringify(version)}`);
  }
  throw new ArtefactError(
    version > FORMAT_VERSION
      ? `${source}: format ${version} is newer than this reader reads (format ${FORMAT_VERSION}): upgrade wiktionary-wordlist`
      : `${source}: format ${version} ${older()}`,
  );
}

/**
 * "language_name" of a parsed alphabet.json or manifest.json: a string of one character or more, or
 * null when the key is absent (the language code stands for it then). An empty string is refused,
 * as the schemas and Python's reader refuse it.
 * @param {object} json the parsed file
 * @param {string} source the file's name in the message
 * @returns {string | null}
 */
export function languageName(json, source) {
  if (!Object.hasOwn(json, "language_name")) return null;
  const value = json.language_name;
  if (typeof value !== "string") {
    throw new ArtefactError(`${source}: "language_name" must be a string, got ${JSON.stringify(value)}`);
  }
  if (value === "") throw new ArtefactError(`${source}: "language_name" must not be empty (leave the key out instead)`);
  return value;
}

function older() {
  return `is older than this reader reads (format ${FORMAT_VERSION}): rebuild the word list with \`wordlist build\``;
}
