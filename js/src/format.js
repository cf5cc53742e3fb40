// The files of a word-list folder this reader uses, and the format version it reads (the
// Python side's wordlist/format.py owns both; the conformance tests compare them).

/**
 * The artefact format versions this reader reads ("format" in manifest.json and, from version 2,
 * in alphabet.json). Version 2 only adds keys this reader does not need (alphabet.json's
 * "language_name", game.json), so both read alike; a file of another version is refused.
 * @type {readonly number[]}
 */
export const FORMAT_VERSIONS = Object.freeze([1, 2]);
export const WORDS_DAWG = "words.dawg";
export const ALPHABET_JSON = "alphabet.json";
export const MANIFEST_JSON = "manifest.json";
