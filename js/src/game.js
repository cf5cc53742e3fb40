// game.json: a tile game's board, tiles and rack size (docs/FORMAT.md, "game.json"), checked with
// the limits Python's wordlist.format.GameSpec sets (limits.js, written from wordlist/format/limits.py),
// so that a web game can use it as it is.

import { describe } from "./alphabet.js";
import { ArtefactError } from "./errors.js";
import { checkVersion } from "./format.js";
import { MAX_BOARD, MAX_POINTS, MAX_RACK, MAX_TILE_COUNT, MAX_TILES, MIN_BOARD, MIN_RACK } from "./limits.js";

const SQUARES = /^[.dtDT]*$/; // plain, double and triple letter, double and triple word
const BLANK = "?";

/**
 * `json` (a parsed game.json) if it is a valid game of `alphabet`'s letters, else an ArtefactError
 * naming the field. Keys this reader does not know are left as they are.
 * @param {unknown} json
 * @param {import("./alphabet.js").Alphabet} alphabet
 * @param {string} source the file's name in error messages
 * @returns {object}
 */
export function checkGame(json, alphabet, source = "game.json") {
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    throw new TypeError(`${source}: expected the parsed JSON object, got ${describe(json)}`);
  }
  checkVersion(json, source);
  const bad = (what) => new ArtefactError(`${source}: ${what}`);
  const { board, start, rack_size: rackSize, tiles } = json;
  const size = Array.isArray(board) ? board.length : 0;
  if (size < MIN_BOARD || size > MAX_BOARD) throw bad(`"board" must be a list of ${MIN_BOARD} to ${MAX_BOARD} rows`);
  for (const row of board) {
    if (typeof row !== "string" || row.length !== size) throw bad(`"board" must be ${size} strings of ${size} squares`);
    if (!SQUARES.test(row)) throw bad(`"board" has a square other than . d t D T: ${JSON.stringify(row)}`);
  }
  const onBoard = (v) => Number.isSafeInteger(v) && v >= 0 && v < size;
  if (!Array.isArray(start) || start.length !== 2 || !start.every(onBoard)) {
    throw bad(`"start" must be [row, column] on the ${size}x${size} board`);
  }
  if (!Number.isSafeInteger(rackSize) || rackSize < MIN_RACK || rackSize > MAX_RACK) {
    throw bad(`"rack_size" must be a whole number from ${MIN_RACK} to ${MAX_RACK}`);
  }
  if (tiles === null || typeof tiles !== "object" || Array.isArray(tiles) || Object.keys(tiles).length === 0) {
    throw bad(`"tiles" must be an object listing at least one tile`);
  }
  let total = 0;
  for (const [tile, spec] of Object.entries(tiles)) {
    if (tile !== BLANK && alphabet.indexOf(tile) < 0) {
      throw bad(`"tiles"."${tile}" is not a letter of the alphabet (nor "${BLANK}", the blank)`);
    }
    const number = (key, high) => {
      const value = spec?.[key];
      if (!Number.isSafeInteger(value) || value < 0 || value > high) {
        throw bad(`"tiles"."${tile}"."${key}" must be a whole number from 0 to ${high}`);
      }
      return value;
    };
    number("points", MAX_POINTS);
    total += number("count", MAX_TILE_COUNT);
  }
  if (total > MAX_TILES) throw bad(`"tiles" holds ${total} tiles, more than ${MAX_TILES}`);
  return json;
}
