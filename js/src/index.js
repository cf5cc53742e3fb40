// wiktionary-wordlist: read the game word lists built by the wordlist pipeline (words.dawg +
// alphabet.json, and game.json for a tile game) in a browser or in Node, with the same answers as
// the Python library.
//
//   import { Lexicon } from "wiktionary-wordlist";
//   const lexicon = Lexicon.fromBytes(new Uint8Array(dawgBuffer), alphabetJson); // anywhere
//   const lexicon = await Lexicon.load("outputs/en/balda");                      // Node
//   lexicon.isWord("EMAIL"); lexicon.match("a??le"); lexicon.anagrams("tsera");

export { ArtefactError } from "./errors.js";
export { Graph } from "./graph.js";
export { Lexicon } from "./lexicon.js";
export { FORMAT_VERSION } from "./format.js";
export { POS, posMask, posNames } from "./pos.js";
export { MAX_KEY_BYTES } from "./dawg.js";
