// Compiled by tsc (never run): the package's declarations as a TypeScript program uses them,
// imported by the package's own name so that "exports" and "types" in package.json are checked too.
import {
  ArtefactError,
  FORMAT_VERSION,
  Graph,
  Lexicon,
  MAX_KEY_BYTES,
  POS,
  posMask,
  posNames,
  type AlphabetJson,
  type Edge,
  type GameJson,
  type LicenseJson,
  type PartsOfSpeech,
} from "wiktionary-wordlist";
import {
  type BaldaMove,
  Bots,
  type WordgameMove,
  type WordgamePosition,
  type WordgameValues,
} from "wiktionary-wordlist/core";
import { PythonRandom } from "wiktionary-wordlist/random";

const alphabet: AlphabetJson = { format: FORMAT_VERSION, language: "en", letters: "abc" };
const game: GameJson = { format: 2, board: ["..."], start: [1, 1], rack_size: 7, tiles: { a: { points: 1, count: 2 } } };

export async function use(bytes: Uint8Array, folder: string): Promise<number> {
  const fromBytes: Lexicon = Lexicon.fromBytes(bytes, alphabet, game);
  const loaded: Lexicon = await Lexicon.load(folder, { verify: false });
  const pos: PartsOfSpeech = ["noun", "verb"];
  const found: boolean = loaded.isWord("Cat", { pos }) && fromBytes.hasPrefix("ca");
  const names: string[] = [
    ...loaded.partsOfSpeech("cat"),
    ...loaded.complete("ca", { limit: 10, pos: "noun" }),
    ...loaded.match("c?t"),
    ...loaded.anagrams("tac?", { useAll: true, minLength: 2 }),
    ...loaded.words({ length: 3, prefix: "c", pos: null }),
    ...posNames(posMask("noun verb")),
    ...POS,
    loaded.normalize("CAT"),
    loaded.display("cat"),
    loaded.language,
    loaded.languageName,
    loaded.letters,
    loaded.attribution ?? "",
  ];
  const license: LicenseJson | null = loaded.license;
  if (license !== null) names.push(license.expression, ...(license.licenses ?? []).map((terms) => terms.id));
  const graph: Graph = loaded.graph;
  const edges: readonly Edge[] = loaded.children(loaded.root);
  const next: number | null = graph.follow(graph.root, "c") ?? graph.find("ca");
  const mask: number | null = next === null ? null : loaded.value(next);
  const rack: number = loaded.game?.rack_size ?? fromBytes.size;
  for (const word of loaded) names.push(word);
  try {
    Lexicon.fromBytes(new ArrayBuffer(8), alphabet);
  } catch (error) {
    if (error instanceof ArtefactError) names.push(error.name);
  }
  return names.length + edges.length + (mask ?? 0) + rack + MAX_KEY_BYTES + Number(found);
}

export async function play(lexicon: Lexicon): Promise<number> {
  const bots: Bots = await Bots.load(lexicon);
  const board: (string | null)[][] = Array.from({ length: 15 }, () => Array<string | null>(15).fill(null));
  const opening: WordgamePosition = { game: "wordgame", board, rack: ["s", "t", "?"] };
  const moves: WordgameMove[] = bots.search(opening);
  const cells: (string | null)[] = Array<string | null>(25).fill(null);
  const best: BaldaMove | null = bots.bestMove({ game: "balda", size: 5, board: cells, diagonal: true, scored: { ab: [[1, 2]] } });
  const strong: WordgameValues = bots.values({ ...opening, bag: 80 }, "strong");
  const plays = bots.bestMove({ ...opening, bag: 80 }, "strong");
  const simulated: number[] = bots.values({ ...opening, bag: 80, racks: [["a", "?"]] }, "expert").values;
  const endgame = bots.values({ ...opening, opponentRack: ["e"], difference: -3 }, "expert").endgame;
  const exact: boolean | undefined = endgame?.exact;
  const exchanged = plays !== null && "exchange" in plays ? plays.exchange.length : 0;
  const chosen = bots.choose({ game: "balda", size: 5, board: cells }, "beginner", 1n << 70n);
  const expert = bots.choose({ ...opening, bag: 80, unseen: { a: 3, "?": 1 } }, "expert", 7);
  const drawn: string[] = new PythonRandom(0).sample(["a", "b", "c"], 2);
  const learned = lexicon.leaves?.vowels.length ?? 0;
  bots.close();
  return moves.length + (moves[0]?.tiles.length ?? 0) + (best?.path.length ?? 0) + strong.equities.length + exchanged + learned + simulated.length +
    (chosen?.value ?? 0) + (expert?.value ?? 0) + (exact ? 1 : 0) + drawn.length + new PythonRandom(5n).getrandbits(32);
}
