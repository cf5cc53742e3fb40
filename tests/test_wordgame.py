"""Wordgame rules and scoring, on hand-made positions and a small word list built by the pipeline."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.balda_helpers import make_lexicon as make_balda_lexicon
from tests.game_helpers import deal, dealt, written_list
from tests.wordgame_helpers import WORDS, make_lexicon, place
from wordlist import Lexicon
from wordlist.errors import WordlistError
from wordlist.games.wordgame import (
    ACROSS,
    CLASSIC,
    DOWN,
    IllegalMove,
    Layout,
    Tile,
    TileSet,
    Wordgame,
    WordgameSettings,
)
from wordlist.games.wordgame.terminal import parse_move

PLAIN = Layout(("." * 7,) * 7, (3, 3))


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    return make_lexicon(tmp_path_factory.mktemp("wordgame"), WORDS)


def new_game(lexicon: Lexicon, layout: Layout = CLASSIC, rack_size: int = 8, seed: int = 1) -> Wordgame:
    return Wordgame.new(lexicon, WordgameSettings(rack_size=rack_size, layout=layout), seed=seed)


def word_tiles(word: str, start: tuple[int, int], direction: str = ACROSS, blanks: str = "") -> list[Tile]:
    """Tiles spelling `word` from `start`; positions listed in `blanks` (as digits) are blanks."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    return [
        Tile((start[0] + dr * i, start[1] + dc * i), letter, str(i) in blanks)
        for i, letter in enumerate(word)
    ]


def with_rack(game: Wordgame, tiles: str, player: int | None = None) -> Wordgame:
    """Set a rack to `tiles` (made up: the tile set is no longer conserved)."""
    game.racks[game.turn if player is None else player] = list(tiles)
    return game


# --- setup -------------------------------------------------------------------------------------------


def test_a_new_game_deals_eight_tiles_each_from_the_tile_set(lexicon: Lexicon) -> None:
    game = Wordgame.new(lexicon, seed=7)
    assert game.settings == WordgameSettings.of(lexicon)
    assert game.settings.rack_size == 8 and game.layout == CLASSIC and game.size == 15
    tiles = TileSet.of(lexicon)
    assert sum(tiles.counts.values()) == 104 and tiles.counts["e"] == 13 and tiles.points["q"] == 7
    assert [len(r) for r in game.racks] == [8, 8] and len(game.bag) == 88
    assert Counter(game.bag) + Counter(game.racks[0]) + Counter(game.racks[1]) == Counter(tiles.bag())
    again = Wordgame.new(lexicon, seed=7)
    assert again.racks == game.racks and again.bag == game.bag
    assert Wordgame.new(lexicon, seed=8).racks != game.racks


def test_each_player_sees_only_their_own_rack(lexicon: Lexicon) -> None:
    game = Wordgame.new(lexicon, seed=3, players=("Ann", "Bob"))
    view = game.view(1)
    assert view["rack"] == game.racks[1] and view["opponent_tiles"] == 8 and view["bag"] == 88
    assert set(view) == {
        "game", "version", "player", "players", "turn", "scores", "over", "winners", "can_pass",
        "can_exchange", "lexicon", "letters", "upper", "history", "settings", "board", "blanks", "rack",
        "rack_tiles", "opponent_tiles", "bag", "tile_points", "passes", "passes_to_end", "final_scores",
        "unseen",
    }  # fmt: skip
    # what Bob cannot see: the bag and Ann's rack, never his own tiles
    assert view["unseen"] == dict(sorted((Counter(game.bag) + Counter(game.racks[0])).items()))
    assert json.loads(json.dumps(view)) == view  # plain JSON for a frontend
    assert view["board"][7] == "." * 15 and view["turn"] == 0 and view["players"] == ["Ann", "Bob"]
    assert view["tile_points"]["q"] == 7 and view["rack_tiles"] == [8, 8]
    spectator = game.view(None)
    assert spectator["rack"] == [] and spectator["opponent_tiles"] is None
    assert json.dumps(game.bag)[1:-1] not in json.dumps(view)  # the bag's order is never shown


def test_the_layout_is_data(lexicon: Lexicon) -> None:
    assert CLASSIC.word_multiplier((0, 0)) == 3 and CLASSIC.word_multiplier((7, 7)) == 2
    assert CLASSIC.letter_multiplier((0, 3)) == 2 and CLASSIC.letter_multiplier((1, 5)) == 3
    assert CLASSIC.letter_multiplier((7, 7)) == 1 and CLASSIC.start == (7, 7)
    assert Layout.of(lexicon.game_spec.board) == CLASSIC  # from the profile, via game.json
    assert Layout.from_dict(CLASSIC.to_dict()) == CLASSIC
    for rows, start, message in [
        (("....", "....", "....", "..."), (0, 0), "must be square"),
        (("...x", "....", "....", "...."), (0, 0), "unknown squares \\['x'\\]"),
        (("....",) * 4, (4, 0), "on the 4x4 board"),
        (("...",) * 3, (0, 0), "of 4 to 26 rows"),  # a first word has 4 letters
        (("." * 27,) * 27, (0, 0), "of 4 to 26 rows"),  # columns are named a to z
    ]:
        with pytest.raises(WordlistError, match=message):
            Layout(rows, start)


# --- the first move ----------------------------------------------------------------------------------


def test_first_move_covers_the_start_with_four_letters(lexicon: Lexicon) -> None:
    game = with_rack(new_game(lexicon), "coatsgxe")
    turn = game.play(word_tiles("coats", (7, 3)))
    # c on a double-letter square (4), o a t s (4), the start square doubles the word: 16
    assert turn.words == (("coats", 16),) and turn.points == 16 and game.scores == [16, 0]
    assert turn.direction == ACROSS and turn.definitions == ("meaning of coats",) and turn.start == (7, 3)
    assert game.notation(turn) == "d8 across coats"
    assert game.board[7][3:8] == list("coats") and len(game.racks[0]) == 8 and len(game.bag) == 83
    assert game.turn == 1


@pytest.mark.parametrize(
    ("tiles", "rule", "detail"),
    [
        (word_tiles("cat", (7, 5)), "first_move_too_short", "CAT has 3"),
        (word_tiles("coat", (6, 3)), "first_move_off_start", "h8 is not covered"),
        ([Tile((7, 7), "c"), Tile((8, 8), "a")], "not_in_line", ""),
        ([Tile((7, 5), "c"), Tile((7, 7), "a")], "gap", "g8 is empty"),
        (word_tiles("ctao", (7, 4)), "not_a_word", "CTAO"),
        (word_tiles("quota", (7, 3)), "not_on_rack", "Q, U (the rack holds A C E G O S T X)"),
        ([], "no_tiles", ""),
        ([Tile((7, 15), "c")], "off_board", "p8"),
        ([Tile((7, 7), "c"), Tile((7, 7), "a")], "same_square", "h8"),
        ([Tile((7, 7), "1")], "not_a_letter", "'1' on h8"),
    ],
)
def test_illegal_moves_name_the_rule_and_change_nothing(
    lexicon: Lexicon, tiles: list[Tile], rule: str, detail: str
) -> None:
    game = with_rack(new_game(lexicon), "coatsgxe")
    before = game.to_dict()
    with pytest.raises(IllegalMove) as raised:
        game.play(tiles)
    assert raised.value.rule == rule and raised.value.detail == detail
    assert f"[{rule}]" in str(raised.value)
    assert game.to_dict() == before


# --- later moves ----------------------------------------------------------------------------------


def test_later_moves_touch_the_board_and_every_word_counts(lexicon: Lexicon) -> None:
    game = with_rack(new_game(lexicon), "coatsgxe")
    game.play(word_tiles("coats", (7, 3)))
    with_rack(game, "dogoaxes")
    for tiles, rule in [
        (word_tiles("dog", (2, 2)), "not_connected"),
        ([Tile((7, 4), "x")], "square_taken"),
        (word_tiles("ax", (8, 4)), "not_a_word"),  # the cross word OA
    ]:
        with pytest.raises(IllegalMove) as raised:
            game.play(tiles)
        assert raised.value.rule == rule
    # a lone O under T makes TO down: O on a double-letter square (2) + T (1)
    turn = game.play([Tile((8, 6), "o")])
    assert turn.words == (("to", 3),) and turn.direction == DOWN and game.scores == [16, 3]
    assert game.notation(turn) == "g8 down to"  # where the word starts, not where the tile went


def test_a_move_can_run_through_tiles_on_the_board(lexicon: Lexicon) -> None:
    game = new_game(lexicon, PLAIN)
    place(game, "oat", (3, 2))
    with_rack(game, "cs")
    # C before and S after OAT: one line, the gap filled by the board's tiles
    turn = game.play([Tile((3, 1), "c"), Tile((3, 5), "s")])
    assert turn.words == (("coats", 6),)


def test_one_word_premium_per_word_the_highest(lexicon: Lexicon) -> None:
    rows = ("D.D....", ".......", ".......", "T.D....", ".......", ".......", ".......")
    game = new_game(lexicon, Layout(rows, (6, 6)))
    place(game, "t", (1, 1))
    place(game, "t", (4, 1))
    with_rack(game, "cat", player=0)
    with_rack(game, "cat", player=1)
    turn = game.play(word_tiles("cat", (0, 0)))
    # CAT on two double-word squares: x2, not x4 (2+1+1 = 4 -> 8); the cross word AT: 2
    assert turn.words == (("cat", 8), ("at", 2)) and turn.points == 10
    turn = game.play(word_tiles("cat", (3, 0)))
    # a triple and a double word square: x3 (12), not x6; AT: 2
    assert turn.words == (("cat", 12), ("at", 2)) and turn.points == 14


def test_premiums_count_only_under_new_tiles(lexicon: Lexicon) -> None:
    layout = Layout(("DdT....",) + ("." * 7,) * 6, (6, 6))
    game = new_game(lexicon, layout)
    place(game, "t", (1, 1))
    with_rack(game, "catsaaaa")
    turn = game.play(word_tiles("cat", (0, 0)))
    # C 2, A on a double letter 2, T on a triple word 1: 5 x 3 = 15; AT down: A doubled 2 + T 1
    assert turn.words == (("cat", 15), ("at", 3))
    with_rack(game, "s")
    turn = game.play([Tile((0, 3), "s")])
    assert turn.words == (("cats", 5),)  # the premiums under C, A, T were used


def test_triple_letter_squares(lexicon: Lexicon) -> None:
    game = new_game(lexicon, Layout(("t.t....",) + ("." * 7,) * 6, (6, 6)))
    place(game, "t", (1, 1))
    with_rack(game, "cat")
    # C x3 (6) + A (1) + T x3 (3) = 10; the cross word AT: 2
    assert game.play(word_tiles("cat", (0, 0))).words == (("cat", 10), ("at", 2))


def test_a_word_list_without_tiles_cannot_host_a_game(tmp_path: Path) -> None:
    balda = make_balda_lexicon(tmp_path, {"cat": "noun"})
    with pytest.raises(WordlistError, match="has no tile set"):
        Wordgame.new(balda)


def test_blanks_score_nothing(lexicon: Lexicon) -> None:
    layout = Layout(("DdT....",) + ("." * 7,) * 6, (6, 6))
    game = new_game(lexicon, layout)
    place(game, "t", (1, 1))
    with_rack(game, "?at")
    turn = game.play(word_tiles("cat", (0, 0), blanks="0"))
    assert turn.words == (("cat", 9), ("at", 3))  # C is a blank: (0 + 2 + 1) x 3
    assert game.blanks == {(0, 0)} and game.racks[0][:2] != ["?", "a"]
    with_rack(game, "s")
    assert game.play([Tile((0, 3), "s")]).words == (("cats", 3),)  # the blank still counts 0
    with pytest.raises(IllegalMove, match="a blank"):
        with_rack(game, "dog")
        game.check(word_tiles("dog", (2, 0), DOWN, blanks="0"))


def test_a_bingo_doubles_the_main_word_only(lexicon: Lexicon) -> None:
    game = new_game(lexicon, PLAIN, rack_size=4)
    place(game, "a", (2, 5))
    with_rack(game, "coat")
    score = game.check(word_tiles("coat", (3, 2)))
    # COAT 5, doubled for using the whole rack: 10; the cross word AT (2) counts once
    assert score.bingo and [(w.text, w.points) for w in score.words] == [("coat", 10), ("at", 2)]
    assert score.points == 12
    five = new_game(lexicon, PLAIN, rack_size=5)
    place(five, "a", (2, 5))
    with_rack(five, "coatx")
    assert five.check(word_tiles("coat", (3, 2))).points == 7  # a tile left: no bingo


def test_a_bingo_with_a_full_rack_of_eight(lexicon: Lexicon) -> None:
    game = with_rack(new_game(lexicon), "outcasts")
    turn = game.play(word_tiles("outcasts", (7, 0)))
    # O U T C A S T S = 1+2+1+(2x2)+1+1+1+1 = 12; triple and double word squares: x3 = 36; x2 = 72
    assert turn.bingo and turn.words == (("outcasts", 72),)


# --- passing and the end -----------------------------------------------------------------------------


def test_two_first_passes_redraw_both_racks(lexicon: Lexicon) -> None:
    game = new_game(lexicon, seed=5)
    tiles_before = Counter(game.bag) + Counter(game.racks[0]) + Counter(game.racks[1])
    racks_before = [list(r) for r in game.racks]
    assert not game.pass_turn().redraw
    turn = game.pass_turn()
    assert turn.redraw and game.redrawn and game.passes == 0
    assert game.racks != racks_before and [len(r) for r in game.racks] == [8, 8]
    assert Counter(game.bag) + Counter(game.racks[0]) + Counter(game.racks[1]) == tiles_before
    game.pass_turn()
    game.pass_turn()
    assert not game.is_over
    game.pass_turn()
    assert game.is_over and game.passes == 3  # three passes in a row
    assert game.final_scores == [-game.rack_value(0), -game.rack_value(1)]
    with pytest.raises(IllegalMove, match="game_over"):
        game.pass_turn()


def test_no_redraw_when_only_one_player_passed_first(lexicon: Lexicon) -> None:
    game = new_game(lexicon)
    game.pass_turn()
    with_rack(game, "coatsgxe")
    game.play(word_tiles("coats", (7, 3)))
    racks = [list(r) for r in game.racks]
    assert not game.pass_turn().redraw and game.racks == racks and not game.redrawn


def test_a_move_resets_the_pass_count(lexicon: Lexicon) -> None:
    game = new_game(lexicon)
    with_rack(game, "coatsgxe")
    game.play(word_tiles("coats", (7, 3)))
    game.pass_turn()
    game.pass_turn()
    with_rack(game, "ooooo")
    game.play([Tile((8, 6), "o")])
    assert game.passes == 0
    game.pass_turn()
    game.pass_turn()
    assert not game.is_over


def test_playing_out_with_an_empty_bag_ends_the_game(lexicon: Lexicon) -> None:
    game = new_game(lexicon)
    game.bag.clear()
    with_rack(game, "coats", player=0)
    with_rack(game, "qz", player=1)
    game.play(word_tiles("coats", (7, 3)))
    assert game.is_over and game.racks[0] == []
    assert game.scores == [16, 0] and game.final_scores == [16, -14] and game.winners == [0]
    with pytest.raises(IllegalMove, match="game_over"):
        game.check([Tile((8, 6), "o")])


def test_a_tie_is_shared(lexicon: Lexicon) -> None:
    game = new_game(lexicon)
    game.pass_turn()
    game.pass_turn()  # the racks are drawn again: now set them
    for player in (0, 1):
        with_rack(game, "ea", player=player)
    for _ in range(3):
        game.pass_turn()
    assert game.final_scores == [-2, -2] and game.winners == [0, 1]


# --- JSON --------------------------------------------------------------------------------------------


def test_the_state_round_trips_through_json(lexicon: Lexicon, tmp_path: Path) -> None:
    game = dealt(lexicon, "coa?s")  # a saved game's racks are the ones its seed deals
    game.play(word_tiles("coats", (7, 3), blanks="3"))
    game.pass_turn()
    text = game.to_json()
    restored = Wordgame.from_json(text, lexicon)
    assert restored.to_dict() == game.to_dict() and restored.blanks == {(7, 6)}
    with_rack(game, "ooo")
    with_rack(restored, "ooo")
    assert game.play([Tile((8, 6), "o")]) == restored.play([Tile((8, 6), "o")])
    assert restored.to_dict() == game.to_dict()
    with pytest.raises(WordlistError, match="not a wordgame game state"):
        Wordgame.from_json('{"format": "balda"}', lexicon)
    with pytest.raises(WordlistError, match="not a wordgame game state"):
        Wordgame.from_json("{", lexicon)


# --- German ------------------------------------------------------------------------------------------


def test_the_german_tile_set_and_list(tmp_path: Path) -> None:
    """The standard German distribution (102 tiles, Ä Ö Ü as tiles, no ß); nouns kept although
    capitalized; ß spelled ss, as German players write it in capitals."""
    german = written_list(
        tmp_path,
        "wordgame",
        dict.fromkeys(["Straße", "Bär", "Häuser", "Öl", "Paris", "fließen"], "noun"),
        "de",
    )
    assert sorted(german) == ["bär", "fliessen", "häuser", "paris", "strasse", "öl"]
    assert german.letters == "abcdefghijklmnopqrstuvwxyzäöü" and german.alphabet_spec.replace == {"ß": "ss"}
    tiles = TileSet.of(german)
    assert (
        tiles.total == 102 and tiles.counts["?"] == 2 and tiles.counts["e"] == 15 and "ß" not in tiles.counts
    )
    assert (tiles.points["ä"], tiles.points["ö"], tiles.points["ü"], tiles.points["q"]) == (6, 8, 6, 10)
    assert sum(tiles.points[c] * tiles.counts[c] for c in tiles.counts) == 202
    game = Wordgame.new(german, seed=1)
    assert game.settings == WordgameSettings.of(german) and len(game.bag) == 102 - 16
    english = written_list(tmp_path / "en", "wordgame", dict.fromkeys(["Straße", "bear", "Bear"], "noun"))
    assert sorted(english) == ["bear"]  # English keeps its policy: capitals and ß leave a word out


def test_a_german_game_needs_no_code_of_its_own(tmp_path: Path) -> None:
    german = written_list(
        tmp_path, "wordgame", dict.fromkeys(["Straße", "Bär", "Häuser", "Bären", "Rasse"], "noun"), "de"
    )
    game = dealt(german, "strasse")
    moves = {m.word: m.points for m in game.legal_moves()}
    assert moves.keys() == {"strasse", "rasse"}  # from S T R A S S E and one more tile
    turn = game.play(parse_move("d8 across STRAẞE", game))  # typed with ß: the tiles S, S
    assert turn.words[0][0] == "strasse" and game.board[7][3:10] == list("strasse")
    assert german.display("strasse") == "STRASSE"
    restored = Wordgame.from_json(game.to_json(), german)
    assert restored.to_dict() == game.to_dict()


def all_tiles(game: Wordgame) -> Counter:
    on_board = Counter(
        "?" if (r, c) in game.blanks else x
        for r, row in enumerate(game.board)
        for c, x in enumerate(row)
        if x
    )
    return on_board + Counter(game.bag) + Counter(game.racks[0]) + Counter(game.racks[1])


def test_an_exchange_swaps_tiles_with_the_bag_for_no_points(lexicon: Lexicon) -> None:
    game = deal(new_game(lexicon, seed=3), "qjk?aeit")
    before, bag, other = all_tiles(game), len(game.bag), list(game.racks[1])
    assert game.can_exchange() and game.view(0)["can_exchange"]
    turn = game.exchange("QJ?")  # a string, any case, ? for the blank
    assert (turn.action, turn.exchanged, turn.points, turn.tiles) == ("exchange", 3, 0, ())
    assert sorted(game.racks[0][:5]) == sorted("kaeit") and len(game.racks[0]) == 8
    assert len(game.bag) == bag and all_tiles(game) == before and game.racks[1] == other
    assert (game.turn, game.passes, game.scores, game.version) == (1, 1, [0, 0], 1)
    assert game.notation(turn) == "exchange"
    # the opponent sees how many tiles, never which went back or came out
    seen = game.view(1)
    assert seen["history"][-1]["exchanged"] == 3 and seen["history"][-1]["tiles"] == []
    assert "q" not in json.dumps(seen["history"]) and seen["opponent_tiles"] == 8
    game.act({"action": "exchange", "tiles": [game.racks[1][0]]})
    assert game.history[-1].exchanged == 1 and game.turn == 0


def test_an_exchange_replays_identically_from_a_saved_state(lexicon: Lexicon) -> None:
    game = new_game(lexicon, seed=4)
    saved = game.to_json()
    game.exchange(game.rack[:4])
    again = Wordgame.from_json(saved, lexicon)
    again.exchange(again.rack[:4])
    assert again.to_dict() == game.to_dict()
    loaded = Wordgame.from_json(game.to_json(), lexicon)
    game.exchange(game.rack[2:5])
    loaded.exchange(loaded.rack[2:5])
    assert loaded.to_dict() == game.to_dict() and loaded.history[0].exchanged == 4
    other_seed = new_game(lexicon, seed=5)
    deal(other_seed, "".join(Wordgame.from_json(saved, lexicon).rack))
    assert other_seed.bag != Wordgame.from_json(saved, lexicon).bag  # the seed decides, not a constant


def test_exchange_errors_name_the_rule_and_change_nothing(lexicon: Lexicon) -> None:
    game = deal(new_game(lexicon, seed=3), "qjk?aeit")
    state = game.to_dict()
    for tiles, rule, detail in [
        ("", "empty_exchange", "choose at least one tile"),
        ([], "empty_exchange", "choose at least one tile"),
        ("zz", "not_on_rack", r"Z, Z \(the rack holds"),
        ("qq", "not_on_rack", r"not on your rack: Q \(the rack holds"),
        ("??", "not_on_rack", "a blank"),
        ("qjk?aeitq", "not_on_rack", "9 tiles, but the rack holds 8"),
        ("1", "not_a_letter", "'1'"),
        (["qu"], "not_a_letter", "'qu'"),
        (5, "malformed", "a string or a list"),
        ([1], "malformed", "each tile to exchange is a letter"),
    ]:
        with pytest.raises(IllegalMove, match=detail) as error:
            game.exchange(tiles)
        assert error.value.rule == rule
        assert game.to_dict() == state
    del game.bag[7:]  # one tile fewer than a rack of 8
    with pytest.raises(
        IllegalMove, match=r"too few tiles to exchange: it holds 7, .* at least 8 \[bag_too_small\]"
    ):
        game.exchange("q")
    assert not game.can_exchange() and not game.view(0)["can_exchange"]
    game.bag.append("e")
    assert game.exchange("q").exchanged == 1


def test_scoreless_turns_end_the_game_exchanges_included(lexicon: Lexicon) -> None:
    game = new_game(lexicon, seed=6)
    game.exchange(game.rack[:1])
    game.pass_turn()
    assert not game.is_over and game.passes == 2 and not game.redrawn  # not two first passes
    game.exchange(game.rack[:2])
    assert game.is_over and game.passes == 3 and not game.can_exchange()
    with pytest.raises(IllegalMove, match="game_over"):
        game.exchange(game.rack[:1])
