// The files of a word-list folder this reader uses, and the format version it reads (the
// Python side's wordlist/format.py owns both; the conformance tests compare them).

/** The artefact format version this reader reads (manifest.json "format"). */
export const FORMAT_VERSION = 1;
export const WORDS_DAWG = "words.dawg";
export const ALPHABET_JSON = "alphabet.json";
export const MANIFEST_JSON = "manifest.json";
