// The data's credit: Wiktionary's text is under its licences, not the code's, and whoever shows it
// credits its contributors. Every word of it comes from the list's `license` object as /api/lists
// gives it (manifest.json's, docs/FORMAT.md): nothing here says what a list's licence is.

import { api } from "/api.js";
import { fill, h } from "/dom.js";

/** What the page says of a list built before lists carried their licence (its `license` null). */
export const NOT_RECORDED = "Licence not recorded: rebuild the list.";

/** The about page's route. */
export const ABOUT = "#/about";

/** The list `{language, profile}` as /api/lists/{language}/{profile} describes it. */
export function listInfo({ language, profile }) {
  return api(`/api/lists/${encodeURIComponent(language)}/${encodeURIComponent(profile)}`);
}

/**
 * `text` as a web address a link may go to, or null: a manifest is a file anyone may have edited,
 * and an href of "javascript:..." would run what it says when pressed.
 * @param {unknown} text @returns {string | null}
 */
export function webAddress(text) {
  if (typeof text !== "string") return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A link to `address` (opened beside the page: a game stays open), or the label alone if it is no web address. */
export function outLink(address, label, rel = "") {
  const href = webAddress(address);
  if (!href) return h("span.not-a-link", label);
  return h("a", { href, target: "_blank", rel: `${rel} noopener noreferrer`.trim() }, label);
}

/** Each licence the data may be used under, linked to its text: "CC-BY-SA-4.0, GFDL-…". */
export function licenceLinks(license) {
  const terms = Array.isArray(license.licenses) ? license.licenses : [];
  return terms.flatMap((term, i) => [i ? ", " : null, outLink(term.url, term.id, "license")]);
}

/**
 * The line shown beside a game's definitions: the list's attribution, its licences and the
 * about page; for a list built before, that its licence is not recorded.
 * @param {{language: string, profile: string}} list
 */
export function creditFor(list) {
  const line = h("p.credit", { dataset: { list: `${list.language}/${list.profile}` } });
  const about = h("a.about", { href: ABOUT }, "About the word lists");
  listInfo(list)
    .then(({ license }) => {
      if (!license) return fill(line, h("span.missing", NOT_RECORDED), " ", about);
      fill(line, h("span.attribution", license.attribution), " ", h("span.licences", licenceLinks(license)), " · ", about);
    })
    .catch(() => fill(line, about)); // the page cannot say more: where the words come from is one press away
  return line;
}
