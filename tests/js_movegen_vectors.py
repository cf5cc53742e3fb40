"""Conformance vectors for the C core built to WebAssembly (js/src/core.js): game positions with
the moves the Python library finds, which Node must find too (js/test/core.test.js).

    write_movegen_vectors(lists, out)

writes, for each (name, Lexicon) of `lists`, the list's files into OUT/<name>/ (words.dawg,
alphabet.json, game.json or none: what a page downloads) and OUT/<name>.json: the game, and
cases ``{"position": ..., "expect": {"count", "sha256", "first", "best"}}`` with the position as
js/src/core.js takes it (Wordgame: board rows, blanks, layout, tile points, rack, rack size,
first word; Balda: size, diagonal, flat board, parts of speech mask, the words scored and their
cells) and the moves as arrays (Wordgame ``[direction, line, start, [[letter, kind], ...],
points]``, Balda ``[cell, letter, [cell, ...], points]``): their number, the sha256 of their
compact JSON one a line, the first few, and the best (the first of the most points). Positions
come from seeded games played by the strong bot, racks with no blank, one and two. On a damaged
copy of a list (`damaged`: a byte of its units or guide changed) a case may hold ``{"error": ...}``
instead: the end of the ArtefactError both must raise.

Wordgame's cases also hold ``"equity"``: the "strong" bot's evaluation by the pure-Python reference
(wordgame/equity.py) with the list's leave values (leaves.json, written beside the list when it has
them; points only without): each move's equity in hundredths, the best exchange, whether the bot
would rather exchange, and the move or exchange it plays (the first of the best equity). The
position carries ``bag``, the tiles left in the bag. `refused_leaves` gives bad leaves.json
documents with Python's message for each. A sound list's document also holds ``choices``: the move
the Python bot of every level plays for several seeds (tests/js_bot_vectors.py).
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import struct
from pathlib import Path
from typing import Any

from wordlist import ArtefactError, Lexicon
from wordlist.format import FormatError
from wordlist.format.leaves import LeaveValues
from wordlist.format.limits import MAX_LEAVE_WEIGHT, WORDGAME_EXPERT_CANDIDATES, WORDGAME_EXPERT_RACKS
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.balda import movegen as balda_movegen
from wordlist.games.balda import search as balda_search
from wordlist.games.bot import LEVELS
from wordlist.games.protocol import Found
from wordlist.games.wordgame import BLANK, Wordgame, equity
from wordlist.games.wordgame import movegen as wordgame_movegen
from wordlist.graph import Graph

FIRST = 5  # moves stored as they are, before the digest


def dawg_file(graph: Graph) -> bytes:
    """The words.dawg bytes of a graph (its units and guide, as the file holds them)."""
    units = graph._units
    assert graph._guide is not None
    return struct.pack("<I", len(units)) + units.tobytes() + struct.pack("<I", len(units)) + graph._guide


def expect(moves: list[list]) -> dict[str, Any]:
    lines = "\n".join(json.dumps(move, ensure_ascii=False, separators=(",", ":")) for move in moves)
    best = max(range(len(moves)), key=lambda i: moves[i][-1]) if moves else None
    return {
        "count": len(moves),
        "sha256": hashlib.sha256(lines.encode("utf-8")).hexdigest(),
        "first": moves[:FIRST],
        "best": moves[best] if best is not None else None,
    }


def wordgame_position(game: Wordgame, rack: list[str]) -> dict[str, Any]:
    """The position of `game` with `rack` to move, as js/src/core.js takes it."""
    position = game.position(rack)
    layout = position.layout
    return {
        "game": "wordgame",
        "board": [list(row) for row in position.board],
        "blanks": sorted([r, c] for r, c in position.blanks),
        "layout": {"board": list(layout.rows), "start": list(layout.start)},
        "points": dict(position.points),
        "rack": list(rack),
        "rackSize": position.rack_size,
        "firstWord": position.first_word,
        "bag": len(game.bag),
    }


def wordgame_case(graph: Graph, game: Wordgame, rack: list[str]) -> dict[str, Any]:
    case = wordgame_position(game, rack)
    position = game.position(rack)
    try:
        raw = wordgame_movegen.python_moves(graph, position)
    except ArtefactError as error:
        return {"position": case, "error": str(error).split("corrupt DAWG: ")[-1]}
    moves = [
        [d, line, start, [list(tile) for tile in tiles], points] for d, line, start, tiles, points in raw
    ]
    return {"position": case, "expect": expect(moves), "equity": strong_equity(game, raw, moves, rack)}


def strong_equity(game: Wordgame, raw: list, moves: list[list], rack: list[str]) -> dict[str, Any]:
    """What the "strong" bot makes of the position, by the Python reference (as Wordgame.bot_values,
    bot_exchange and bot_exchange_instead decide, on `rack`)."""
    leaves = game.lexicon.leaves
    bag = len(game.bag)
    found = Found([m[4] for m in raw], lambda i: None, raw)
    equities = equity.python_equities(found, rack, leaves or equity.NO_LEAVES, bag)
    exchange = None
    instead = False
    if leaves is not None:
        tiles, value = equity.python_best_exchange(rack, leaves, bag)
        exchange = {"tiles": tiles, "value": value} if rack else None
        can = bag >= game.settings.rack_size
        instead = bool(can and rack and equity.exchange_instead(value, equities))
    best = max(range(len(moves)), key=lambda i: (equities[i], -i)) if moves else None
    plays: Any = None
    if instead:
        plays = {"exchange": exchange["tiles"], "value": exchange["value"] / 100}  # type: ignore[index]
    elif best is not None:
        plays = {"move": moves[best], "value": equities[best] / 100}
    return {"equities": equities, "exchange": exchange, "exchangeInstead": instead, "plays": plays}


def expert_cases(lexicon: Lexicon, graph: Graph, turns: int = 3) -> list[dict[str, Any]]:
    """Positions of a game between greedy bots with the "expert" simulation's values by the Python
    reference, on opponent racks drawn from a seeded rng (the position carries them, so the browser
    plays against the same racks)."""
    from tests.game_helpers import generator

    cases = []
    with generator("python"):
        game = Wordgame.new(lexicon, seed=5)
        for turn in range(turns):
            if game.is_over or not game.bag:
                break
            found = game.bot_search()
            if not len(found):
                game.pass_turn()
                continue
            racks = equity.opponent_racks(game, random.Random(turn), WORDGAME_EXPERT_RACKS)
            leaves = lexicon.leaves or equity.NO_LEAVES
            values = equity.simulated_on(game, found, leaves, racks, WORDGAME_EXPERT_CANDIDATES)
            position = wordgame_case(graph, game, list(game.rack))["position"]
            cases.append({"position": {**position, "racks": racks}, "expert": values})
            game.play(found.build(max(range(len(found)), key=lambda i: (found.points[i], -i))).move)
    return cases


def sample_leaves(letters: str, seed: int) -> LeaveValues:
    """Leave values for a list's vectors: a few seeded weights up to 30 points, so that exchanges
    sometimes beat every move."""
    rng = random.Random(seed)
    tiles = [*letters, BLANK]
    return LeaveValues(
        {t: rng.randint(-3000, 3000) for t in rng.sample(tiles, len(tiles) // 2)},
        {t: rng.randint(-1500, 0) for t in rng.sample(tiles, len(tiles) // 3)},
        "".join(rng.sample(letters, 5)),
        rng.randint(-300, 0),
        {"games": 0, "seed": seed, "bot": "vectors"},
    )


def refused_leaves(letters: str) -> list[dict[str, Any]]:
    """Bad leaves.json documents, each with the message of Python's refusal (FormatError)."""
    good = sample_leaves(letters, 0).to_json()
    first = letters[0]

    def changed(**keys: Any) -> dict:
        document = {k: v for k, v in good.items() if k not in keys or keys[k] is not ...}
        document.update({k: v for k, v in keys.items() if v is not ...})
        return document

    documents = [
        [1, 2],
        "leaves",
        changed(format=...),
        changed(format=1),
        changed(format=99),
        changed(format="2"),
        changed(unit=...),
        changed(unit=10),
        changed(unit=True),
        changed(values=...),
        changed(values=[1]),
        changed(values={"1": 5}),
        changed(values={first + first: 5}),
        changed(values={first: 1.5}),
        changed(values={first: "5"}),
        changed(values={"?": MAX_LEAVE_WEIGHT + 1}),
        changed(duplicates={first: -MAX_LEAVE_WEIGHT - 1}),
        changed(duplicates={"\u00e9x": 1}),
        changed(duplicates={"'": 1}),
        changed(vowels=first + first),
        changed(vowels="?"),
        changed(vowels=5),
        changed(balance=...),
        changed(balance=None),
        changed(balance=10**9),
        changed(learned=[1, "a very long list of things that goes on and on"]),
        changed(values={first: {"nested": [1, 2, "ü"]}}),
    ]
    refused = []
    for document in documents:
        try:
            LeaveValues.from_json(document, letters)
        except FormatError as error:
            refused.append({"document": document, "error": str(error)})
        else:
            raise AssertionError(f"Python accepts {document}")
    accepted = [good, changed(learned=...), changed(values={}, duplicates={}, vowels="", balance=0)]
    return [*refused, *({"document": d, "error": None} for d in accepted)]


def balda_position(game: BaldaGame) -> dict[str, Any]:
    """The position of `game` as js/src/core.js takes it, with the lead of the player to move."""
    position = game.position()
    return {
        "game": "balda",
        "size": position.size,
        "diagonal": position.diagonal,
        "board": list(position.board),
        "mask": position.mask,
        "scored": {word: [sorted(cells) for cells in sets] for word, sets in position.scored.items()},
        "difference": game.scores[game.turn] - game.scores[1 - game.turn],
    }


def balda_case(graph: Graph, game: BaldaGame, levels: tuple[str, ...] = ("strong",)) -> dict[str, Any]:
    position = game.position()
    case = balda_position(game)
    try:
        raw = balda_movegen.python_word_moves(graph, position)
    except ArtefactError as error:
        return {"position": case, "error": str(error).split("corrupt DAWG: ")[-1]}
    # the lookahead of the levels that search, by the pure-Python reference (search.py)
    generate = functools.partial(balda_movegen.python_word_moves, graph)
    lookahead = {}
    for level in levels:
        try:
            found = balda_search.search(
                generate, position, raw, case["difference"], LEVELS[level].budget("balda")
            )
        except ArtefactError as error:  # a damaged guide met deeper than the position's own moves
            lookahead[level] = {"error": str(error).split("corrupt DAWG: ")[-1]}
            continue
        lookahead[level] = {
            "values": list(found.values),
            "nodes": found.nodes,
            "depth": found.depth,
            "exact": found.exact,
        }
    return {
        "position": case,
        "expect": expect([[cell, letter, list(path), len(path)] for cell, letter, path in raw]),
        "lookahead": lookahead,
    }


def wordgame_cases(lexicon: Lexicon, graph: Graph, turns: int) -> list[dict[str, Any]]:
    cases = []
    for seed in range(2):
        rng = random.Random(seed)
        game = Wordgame.new(lexicon, seed=seed)
        letters = [tile for tile in game.tiles.bag() if tile != BLANK] or list(lexicon.letters)
        for turn in range(turns):
            if game.is_over:
                break
            blanks = turn % 3
            rack = rng.sample(letters, min(len(letters), game.settings.rack_size - blanks)) + [BLANK] * blanks
            cases.append(wordgame_case(graph, game, rack))
            moves = game.legal_moves()
            if moves:
                game.play(max(moves, key=lambda m: m.points).move)
            else:
                game.pass_turn()
    return cases


def balda_cases(lexicon: Lexicon, graph: Graph, turns: int) -> list[dict[str, Any]]:
    cases = []
    for seed, (size, diagonal) in enumerate([(5, False), (5, True), (7, True)]):
        game = BaldaGame.new(lexicon, BaldaSettings(size, diagonal, ("verb",) if seed else ()), seed=seed)
        for _ in range(turns):
            if game.is_over:
                break
            # the expert's larger budget on every fourth position: the Python reference is slow
            cases.append(
                balda_case(graph, game, ("strong", "expert") if len(cases) % 4 == 0 else ("strong",))
            )
            game.play(max(game.legal_moves(), key=lambda m: m.points).move)
    return cases


def write_list(lexicon: Lexicon, folder: Path, dawg: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "words.dawg").write_bytes(dawg)
    (folder / "alphabet.json").write_text(json.dumps(lexicon.alphabet_spec.to_json(), ensure_ascii=False))
    if lexicon.game_spec is not None:
        (folder / "game.json").write_text(json.dumps(lexicon.game_spec.to_json(), ensure_ascii=False))
    if lexicon.leaves is not None:
        (folder / "leaves.json").write_text(json.dumps(lexicon.leaves.to_json(), ensure_ascii=False))


def write_movegen_vectors(
    lists: list[tuple[str, Lexicon]], out: Path, *, damaged: int = 0, turns: int = 6
) -> int:
    """The vectors of each list (and of `damaged` damaged copies of each); the number of cases."""
    written = 0
    for name, lexicon in lists:
        sound = dawg_file(lexicon.graph)
        versions = [(name, sound)]
        rng = random.Random(name)
        count = int.from_bytes(sound[:4], "little")
        for k in range(damaged):
            data = bytearray(sound)
            for at in rng.sample([*range(4, 4 + 4 * count), *range(8 + 4 * count, len(sound))], 3):
                data[at] = rng.randrange(256)
            versions.append((f"{name}-damaged-{k}", bytes(data)))
        for version, data in versions:
            graph = Graph(data, lexicon.letters, source=version)
            game = "wordgame" if lexicon.game_spec is not None else "balda"
            cases = (wordgame_cases if game == "wordgame" else balda_cases)(lexicon, graph, turns)
            write_list(lexicon, out / version, data)
            document = {"list": version, "game": game, "cases": cases}
            if game == "wordgame":
                document["refused_leaves"] = refused_leaves(lexicon.letters)
                if version == name:  # (a damaged copy's searches fail where the cases above say)
                    from tests.js_bot_vectors import endgame_vectors

                    document["expert"] = expert_cases(lexicon, graph)
                    document["endgame"] = endgame_vectors(lexicon)
            if version == name:  # the bot's move for a seed, every level (tests/js_bot_vectors.py)
                from tests.js_bot_vectors import choice_cases

                document["choices"] = choice_cases(lexicon, game)
            (out / f"{version}.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
            written += len(cases)
    return written


def main(argv: list[str]) -> int:
    """`python -m tests.js_movegen_vectors OUT_DIR LIST_DIR ...`: the vectors of built lists (named
    <language>-<profile> from their folders) and of two dense generated Wordgame lists, damaged
    copies of one included."""
    from tests.game_helpers import dense_list

    out = Path(argv[0])
    built = [(f"{Path(f).parent.name}-{Path(f).name}", Lexicon.load(f)) for f in argv[1:]]
    written = write_movegen_vectors(built, out)
    dense = {lang: dense_list("wordgame", lang, 1500) for lang in ("en", "de")}
    for seed, lexicon in enumerate(dense.values(), 1):
        lexicon.leaves = sample_leaves(lexicon.letters, seed)
    written += write_movegen_vectors([("synthetic-de-wordgame", dense["de"])], out)
    written += write_movegen_vectors([("synthetic-en-wordgame", dense["en"])], out, damaged=2)
    print(f"{out}: {written} positions")
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
