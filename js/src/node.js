// Reading a word-list folder from disk (Node only). Node's modules are imported here, on first
// use, so that a browser bundle of the reader never meets them.

import { Alphabet, describe } from "./alphabet.js";
import { Dawg } from "./dawg.js";
import { ArtefactError } from "./errors.js";
import { ALPHABET_JSON, FORMAT_VERSIONS, MANIFEST_JSON, WORDS_DAWG } from "./format.js";

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

  const read = async (name, optional = false) => {
    try {
      return await fs.readFile(file(name));
    } catch (error) {
      if (error.code === "ENOENT" && optional) return null;
      throw new ArtefactError(`${file(name)}: ${error.code === "ENOENT" ? "missing" : `cannot be read (${error.code})`}`);
    }
  };
  const manifestBytes = await read(MANIFEST_JSON, true);
  const manifest = manifestBytes === null ? null : parseJson(manifestBytes, file(MANIFEST_JSON));
  if (manifest !== null) {
    if (typeof manifest !== "object" || Array.isArray(manifest)) {
      throw new ArtefactError(`${file(MANIFEST_JSON)}: expected a JSON object, got ${describe(manifest)}`);
    }
    if (!FORMAT_VERSIONS.includes(manifest.format)) {
      throw new ArtefactError(
        `${file(MANIFEST_JSON)}: format ${JSON.stringify(manifest.format)}, this reader reads ${FORMAT_VERSIONS.join(" and ")}`,
      );
    }
  }
  const files = {};
  for (const name of [WORDS_DAWG, ALPHABET_JSON]) {
    const data = await read(name);
    if (manifest !== null) checkAgainstManifest(manifest, name, data, verify, file, crypto);
    files[name] = data;
  }
  return {
    dawg: new Dawg(files[WORDS_DAWG], file(WORDS_DAWG)),
    alphabet: new Alphabet(parseJson(files[ALPHABET_JSON], file(ALPHABET_JSON)), file(ALPHABET_JSON)),
    manifest,
  };
}

/** The size and (with `verify`) the sha256 of a file, as manifest.json records them. */
function checkAgainstManifest(manifest, name, data, verify, file, crypto) {
  const listed = manifest.files;
  const expected = listed !== null && typeof listed === "object" && Object.hasOwn(listed, name) ? listed[name] : null;
  if (expected === null || typeof expected !== "object") {
    throw new ArtefactError(`${file(MANIFEST_JSON)}: does not list ${name}`);
  }
  if (data.length !== expected.bytes) {
    throw new ArtefactError(
      `${file(name)}: ${data.length} bytes, the manifest says ${JSON.stringify(expected.bytes)} (truncated or replaced?)`,
    );
  }
  if (verify && crypto.createHash("sha256").update(data).digest("hex") !== expected.sha256) {
    throw new ArtefactError(`${file(name)}: checksum does not match the manifest (corrupt or replaced)`);
  }
}

function parseJson(bytes, source) {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new ArtefactError(`${source}: not valid JSON (${error.message})`);
  }
}
