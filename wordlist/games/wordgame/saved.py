"""A saved Wordgame: its state as JSON, and loading one back by dealing and replaying it from its seed.

A saved state holds the racks and the bag in order (for storage only: a player's view never shows
them), but loading takes neither on trust, since anyone may edit a file: the seed fixes every draw,
so the replay deals the racks from the seed, plays each logged turn from them (a move must place
tiles of its player's rack, an exchange names the tiles it put back: `returned`, which only a
saved state holds), and the racks and bag it ends with must be exactly the stored ones, tiles
and order. An edited rack, an edited bag order, both blanks moved to one rack: each is refused
with a line naming the field.

A state without a seed is refused: nothing could show that its racks were dealt rather than
chosen, and a game site must not let a file decide who holds the blanks. `Wordgame.new` always
gives a game a seed (a secret random one when none is asked for), so only a hand-made state, or
one wordlist 0.2 saved of a game started without `--seed`, has none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from wordlist.errors import WordlistError
from wordlist.format.limits import MAX_RACK
from wordlist.games import protocol, state
from wordlist.games.protocol import ACTIONS, EXCHANGE, PASS, PLAY
from wordlist.games.state import GameStateError, Reader
from wordlist.games.wordgame.board import Layout
from wordlist.games.wordgame.records import IllegalMove, Move, Turn, WordgameSettings
from wordlist.games.wordgame.tiles import Tile
from wordlist.lexicon import Lexicon

if TYPE_CHECKING:
    from wordlist.games.wordgame.game import Wordgame

STATE_KEYS = ("settings", "players", "seed", "board", "blanks", "racks", "bag", "scores", "turn", "passes",
              "redrawn", "history")  # fmt: skip
TURN_KEYS = {
    **dict.fromkeys(("player", "action", "tiles", "start", "direction", "words", "points", "bingo", "redraw",
                     "definitions"), True),
    "exchanged": False,  # states saved before exchanges existed have none
    "returned": False,  # the tiles an exchange put back: required of an exchange, refused elsewhere
}  # fmt: skip
_MOVE_CHECKED = ("start", "direction", "words", "points", "bingo", "redraw", "exchanged")


def saved_turn(turn: Turn) -> dict:
    """A turn as a saved state's log holds it: what the log shows, and an exchange's tiles."""
    if turn.action != EXCHANGE:
        return turn.to_dict()
    return {**turn.to_dict(), "returned": list(turn.returned)}


def state_of(game: Wordgame, log: Sequence[Any] | None = None) -> dict:
    """The game's saved state (the `state` of its envelope); `log` as `Game.state` takes it."""
    return {
        "settings": game.settings.to_dict(),
        "players": list(game.players),
        "seed": game.seed,
        "board": game.board_rows(),
        "blanks": sorted(map(list, game.blanks)),
        "racks": [list(r) for r in game.racks],
        "bag": list(game.bag),
        "scores": list(game.scores),
        "turn": game.turn,
        "passes": game.passes,
        "redrawn": game.redrawn,
        "history": game._log(log, game.saved_turn),
    }


def replay(kind: type[Wordgame], reader: Reader, lexicon: Lexicon, version: int) -> Wordgame:
    """The game of a saved state, dealt again from its seed and replayed turn by turn; every stored
    field must be what the replay gives, else GameStateError naming it."""
    reader = Reader(reader.data, reader.where, dict.fromkeys(STATE_KEYS, True))
    raw = reader.object("settings", {"rack_size": True, "layout": True})
    try:
        settings = WordgameSettings(raw.raw("rack_size"), Layout.from_dict(raw.raw("layout")))
    except WordlistError as error:
        raise GameStateError(f"{raw.where}: {error}") from None
    players = protocol.read_players(reader, "Wordgame")
    seed = protocol.read_seed(reader)
    if seed is None:
        raise state.fail(
            reader.at("seed"),
            "missing: a saved Wordgame keeps the seed its tiles are dealt from, which shows that its "
            "racks and bag were not chosen (wordlist 0.2 saved none for a game started without --seed)",
        )
    try:
        game = kind.new(lexicon, settings, seed=seed, players=players)
    except WordlistError as error:
        raise GameStateError(str(error)) from None
    history = reader.list("history", 4 * (game.tiles.total + 2))
    for i, item in enumerate(history):
        _replay_turn(game, Reader(item, f"{reader.at('history')}[{i}]", TURN_KEYS))
    if version != len(history):
        raise GameStateError(f"version: {version}, but the log has {len(history)} turns")
    _check_replayed(game, reader)
    return game


def _replay_turn(game: Wordgame, turn: Reader) -> None:
    """Apply one logged turn, checked against the rules, the mover's rack and what the log says."""
    player = turn.int("player", 0, 1)
    if player != game.turn:
        raise state.fail(turn.at("player"), f"{player}, but it is player {game.turn}'s turn")
    if game.is_over:
        raise state.fail(turn.where, "a turn after the end of the game")
    action = turn.str("action", 10)
    if action not in ACTIONS:
        raise state.fail(turn.at("action"), f"{action!r}: a turn is 'play', 'pass', 'exchange' or 'resign'")
    if action != EXCHANGE and "returned" in turn.data:
        raise state.fail(turn.at("returned"), f"a {action} puts no tiles back")
    if action == PLAY:
        _replay_move(game, turn)
        return
    if action == EXCHANGE:
        turn.int("exchanged", 1, game.settings.rack_size)  # (compared with the replay's below)
        record = game._exchange(_returned(game, turn))
    else:
        record = game.pass_turn() if action == PASS else game.resign()
    expected = saved_turn(record)
    for key, value in turn.data.items():
        if value != expected[key] or type(value) is not type(expected[key]):
            raise state.fail(turn.at(key), f"{value!r}, but a {action} records {expected[key]!r}")


def _returned(game: Wordgame, turn: Reader) -> list[str]:
    """The tiles an exchange put back: 1 or more, all on the mover's rack, with a full rack in the bag."""
    if "returned" not in turn.data:
        raise state.fail(
            turn.at("returned"),
            "missing: a saved exchange names the tiles it put back, for the replay to deal the same "
            "tiles again",
        )
    returned = turn.strings("returned", game.settings.rack_size, 1)
    if not returned:
        raise state.fail(turn.at("returned"), "an exchange puts back at least one tile")
    if not game.can_exchange():
        raise state.fail(turn.where, f"an exchange with {len(game.bag)} tiles in the bag")
    if Counter(returned) - Counter(game.rack):
        raise state.fail(turn.at("returned"), "tiles that are not on the rack the game's seed deals")
    return returned


def _replay_move(game: Wordgame, turn: Reader) -> None:
    """Play a logged move from its player's rack; it must score what the log says."""
    tiles = []
    for k, item in enumerate(turn.list("tiles", game.settings.rack_size)):
        tile = Reader(item, f"{turn.at('tiles')}[{k}]", {"cell": True, "letter": True, "blank": True})
        cell = state.as_cell(tile.raw("cell"), tile.at("cell"), game.size)
        letter = state.as_letter(tile.raw("letter"), tile.at("letter"), game.lexicon.letters)
        tiles.append(Tile(cell, letter, tile.bool("blank")))
    definitions = protocol.read_definitions(turn)
    try:
        score, placed = game._judge(Move(tuple(tiles)))
    except IllegalMove as error:
        raise state.fail(turn.where, f"an illegal move ({error})") from None
    expected = game._commit(score, placed, definitions).to_dict()
    for key in _MOVE_CHECKED:
        value = turn.raw(key, *([0] if key == "exchanged" else []))  # older states lack "exchanged"
        if value != expected[key] or (isinstance(value, bool) != isinstance(expected[key], bool)):
            raise state.fail(turn.at(key), f"{value!r}, but the move gives {expected[key]!r}")
    if sorted(map(repr, tiles)) != sorted(map(repr, placed.values())):
        raise state.fail(turn.at("tiles"), "not the tiles of the move")


def _check_replayed(game: Wordgame, reader: Reader) -> None:
    """After the replay: every stored field must be what it gives, the racks and bag to the tile."""
    size = game.size
    if reader.strings("board", size, size) != game.board_rows():
        raise state.fail(reader.at("board"), "does not match the moves in the log")
    blanks = {
        state.as_cell(c, f"{reader.at('blanks')}[{i}]", size)
        for i, c in enumerate(reader.list("blanks", size * size))
    }
    if blanks != game.blanks:
        raise state.fail(reader.at("blanks"), "do not match the blanks played in the log")
    for key, expected in (("scores", game.scores), ("turn", game.turn), ("passes", game.passes),
                          ("redrawn", game.redrawn)):  # fmt: skip
        found = reader.raw(key)
        if found != expected or isinstance(found, bool) != isinstance(expected, bool):
            raise state.fail(reader.at(key), f"{found!r}, but the log gives {expected!r}")
    racks = reader.list("racks", 2)
    if len(racks) != 2:
        raise state.fail(reader.at("racks"), "two racks, one a player")
    for player, rack in enumerate(racks):
        where = f"{reader.at('racks')}[{player}]"
        tiles = [
            state.as_str(t, f"{where}[{k}]", 1) for k, t in enumerate(state.as_list(rack, where, MAX_RACK))
        ]
        if tiles != game.racks[player]:
            raise state.fail(where, "not the tiles the game's seed deals this player")
    bag = reader.strings("bag", game.tiles.total, 1)
    if bag != game.bag:
        what = "the same tiles in another order" if Counter(bag) == Counter(game.bag) else "other tiles"
        raise state.fail(reader.at("bag"), f"not the bag the game's seed leaves ({what})")
