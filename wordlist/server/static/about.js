// The about page (#/about): where each served list's words and definitions come from, under which
// licences, what was changed, whom to credit; and the code's own licence, which is not the data's.

import { api } from "/api.js";
import { NOT_RECORDED, outLink, webAddress } from "/credit.js";
import { fill, h } from "/dom.js";

// the project's own licence (pyproject.toml, LICENSE): the code's, never a list's
const CODE_LICENCE = { id: "MIT", url: "https://spdx.org/licenses/MIT.html" };

/** @param {HTMLElement} main */
export async function showAbout(main) {
  document.title = "About · Word games";
  const lists = h("div.about-lists", null, h("p.muted", "Loading the word lists…"));
  fill(
    main,
    h(
      "article.card.about",
      null,
      h("h1", "About"),
      h(
        "p",
        "Balda and Wordgame here play on word lists built from Wiktionary's pages. Their words and " +
          "definitions are Wiktionary's text, under the licences each list names below; whoever shows " +
          "them credits Wiktionary's contributors and says what was changed.",
      ),
      h(
        "p.code-licence",
        "The code of the games, this page and its server (wiktionary-wordlist) is under the ",
        outLink(CODE_LICENCE.url, `${CODE_LICENCE.id} licence`, "license"),
        ", which does not cover the word lists.",
      ),
      lists,
    ),
  );
  try {
    const found = await api("/api/lists");
    fill(lists, found.length ? found.map(describe) : h("p.muted", "No word list is served."));
  } catch (error) {
    fill(lists, h("p.message.error", { role: "alert" }, error.message));
  }
}

/** One list: what it is, and its licence record field by field (or that it has none). */
function describe(list) {
  const { license } = list;
  const heading = h("h2", `${list.language_name} (${list.language}), ${list.profile}`);
  const counts = `${list.words.toLocaleString("en")} words, ${list.definitions.toLocaleString("en")} definitions`;
  const what = [list.description, list.description ? " · " : "", counts];
  const section = h("section.about-list", { dataset: { list: `${list.language}/${list.profile}` } }, heading);
  if (!license) return fill(section, heading, h("p.description", what), h("p.credit.missing", NOT_RECORDED));
  const terms = (license.licenses || []).map((term) => h("li", outLink(term.url, term.name, "license"), " ", h("code", term.id)));
  const by = license.authors ? `, by the ${license.authors}` : "";
  const rows = [
    ["What", h("dd.description", what)],
    ["Credit", h("dd.attribution", license.attribution)],
    ["Licence", h("dd.licences", h("code.expression", license.expression), h("ul", terms))],
    ["Source", h("dd.source", outLink(license.site, license.site || "not recorded"), by)],
    ["Dump", h("dd.dump", dump(license))],
    ["Changes", license.changes ? h("dd.changes", license.changes) : null],
    ["Reuse", license.notice ? h("dd.notice", license.notice) : null],
  ];
  return fill(section, heading, h("dl", rows.filter(([, value]) => value).map(([name, value]) => [h("dt", name), value])));
}

/** "enwiktionary-20261101-…xml.bz2 of 2026-11-01 (dumps.wikimedia.org)", from what the record knows. */
function dump(license) {
  if (!license.dump) return "not recorded";
  const published = webAddress(license.dump_url);
  return [
    h("code.dump-name", license.dump),
    license.dump_date ? [" of ", h("time.dump-date", { datetime: license.dump_date }, license.dump_date)] : null,
    published ? [" (", outLink(published, new URL(published).host), ")"] : null,
  ];
}
