// Instant "is this a word" answers in the browser: the JavaScript lexicon reader (/js/, the
// repository's js/src) on the list's own words.dawg and alphabet.json, fetched once. Only a hint
// while typing: the server judges every move.

import { Lexicon } from "/js/index.js";

const loading = new Map();

/**
 * The list's lexicon, or null when it cannot be had (the page then plays without hints).
 * @param {{language: string, profile: string}} list
 * @returns {Promise<Lexicon | null>}
 */
export function lexiconFor({ language, profile }) {
  const key = `${language}/${profile}`;
  if (!loading.has(key)) {
    const base = `/api/lists/${encodeURIComponent(language)}/${encodeURIComponent(profile)}/files/`;
    const get = (name) =>
      fetch(base + name).then((r) => {
        if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
        return name.endsWith(".json") ? r.json() : r.arrayBuffer();
      });
    loading.set(
      key,
      Promise.all([get("words.dawg"), get("alphabet.json")])
        .then(([dawg, alphabet]) => Lexicon.fromBytes(dawg, alphabet))
        .catch((error) => {
          console.warn("no instant word checks:", error);
          return null;
        }),
    );
  }
  return loading.get(key);
}
