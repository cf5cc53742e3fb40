"""Balda rules on a hand-made word list: every rule, one-letter moves, diagonals, the end, JSON.

The board starts with TABLE in the middle row (row 3 in the terminal's notation):

        a b c d e
    1   . . . . .
    2   . . . . .
    3   t a b l e
    4   . . . . .
    5   . . . . .
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.balda_helpers import WORDS, make_lexicon
from wordlist import Lexicon
from wordlist.errors import WordlistError
from wordlist.games.balda import BaldaGame, BaldaSettings, IllegalMove, Move, cell_name, parse_cell


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    return make_lexicon(tmp_path_factory.mktemp("hand-made"), WORDS)


def game(lexicon: Lexicon, **settings) -> BaldaGame:
    return BaldaGame.new(lexicon, BaldaSettings(**settings), start_word="table", seed=1)


def move(cell: str, letter: str, *path: str) -> Move:
    return Move(parse_cell(cell), letter, tuple(parse_cell(c) for c in path) or (parse_cell(cell),))


def refused(g: BaldaGame, m: Move, rule: str) -> IllegalMove:
    before = g.to_dict()
    with pytest.raises(IllegalMove) as raised:
        g.play(m)
    assert raised.value.rule == rule, raised.value
    assert g.to_dict() == before  # the state is unchanged
    return raised.value


# --- setup -----------------------------------------------------------------------------------------


def test_new_game_puts_a_seeded_noun_in_the_middle_row(lexicon: Lexicon) -> None:
    first = BaldaGame.new(lexicon, BaldaSettings(size=5), seed=4)
    again = BaldaGame.new(lexicon, BaldaSettings(size=5), seed=4)
    assert first.start_word == again.start_word and first.start_word in ("table", "cable")
    assert "".join(first.board[2]) == first.start_word
    assert all(letter is None for r in (0, 1, 3, 4) for letter in first.board[r])
    middle_row = frozenset((2, c) for c in range(5))
    assert first.scores == [0, 0] and first.turn == 0 and first.scored == [(first.start_word, middle_row)]
    assert {BaldaGame.new(lexicon, seed=s).start_word for s in range(20)} == {"table", "cable"}  # nouns only


def test_settings_are_checked(lexicon: Lexicon) -> None:
    with pytest.raises(WordlistError, match="board size 6"):
        BaldaSettings(size=6)
    with pytest.raises(WordlistError, match="besides nouns, Balda allows verb, adjective, adverb"):
        BaldaSettings(extra_parts_of_speech=("pronoun",))
    with pytest.raises(WordlistError, match="no word of 7 letters"):
        BaldaGame.new(lexicon, BaldaSettings(size=7))


def test_placeable_cells_orthogonal_and_diagonal(lexicon: Lexicon) -> None:
    orthogonal = game(lexicon)
    assert sorted(orthogonal.placeable_cells()) == [(1, c) for c in range(5)] + [(3, c) for c in range(5)]
    orthogonal.play(move("a2", "x"))  # one letter above t
    assert (0, 1) not in orthogonal.placeable_cells() and (0, 0) in orthogonal.placeable_cells()
    diagonal = game(lexicon, diagonal=True)
    diagonal.play(move("a2", "x"))
    assert (0, 1) in diagonal.placeable_cells()  # touches a2 corner to corner


# --- scoring and the rules -------------------------------------------------------------------------


def test_a_word_scores_its_length_and_turns_alternate(lexicon: Lexicon) -> None:
    g = game(lexicon)
    turn = g.play(move("b2", "b", "b2", "b3", "a3"))  # B-A-T
    assert (turn.word, turn.points, turn.player) == ("bat", 3, 0)
    assert turn.definitions == ("meaning of bat",)
    assert g.scores == [3, 0] and g.turn == 1 and g.letter_at((1, 1)) == "b"
    turn = g.play(move("b4", "t", "b4", "b3", "c3"))  # T-A-B
    assert (turn.word, g.scores, g.turn) == ("tab", [3, 3], 0)


def test_rule_a_the_new_letter_must_be_used(lexicon: Lexicon) -> None:
    refused(game(lexicon), move("b2", "x", "a3", "b3", "c3"), "new_letter_unused")


def test_rule_b_each_cell_once(lexicon: Lexicon) -> None:
    refused(game(lexicon), move("b2", "e", "b3", "b2", "b3"), "cell_reused")


def test_path_must_be_connected_and_on_letters(lexicon: Lexicon) -> None:
    refused(game(lexicon), move("b2", "b", "b2", "c3"), "path_gap")  # a diagonal step
    refused(game(lexicon), move("b2", "b", "b2", "c2", "c3"), "path_empty_cell")
    refused(game(lexicon), move("b2", "b", "b2", "b9"), "off_board")


def test_diagonal_paths_when_allowed(lexicon: Lexicon) -> None:
    g = game(lexicon, diagonal=True)
    turn = g.play(move("c2", "t", "c2", "b3", "c3"))  # T-A-B with a diagonal first step
    assert turn.word == "tab"
    refused(game(lexicon), move("c2", "t", "c2", "b3", "c3"), "path_gap")


def test_rule_c_a_word_scored_again_only_on_other_cells(lexicon: Lexicon) -> None:
    g = game(lexicon)
    g.play(move("b2", "b", "b2", "b3", "a3"))  # BAT on b2, b3, a3
    error = refused(g, move("b4", "b", "b4", "b3", "a3"), "already_scored")  # shares b3 and a3
    assert "BAT" in str(error)
    g.play(move("c4", "a"))  # a single letter
    g.play(move("d4", "t", "c3", "c4", "d4"))  # BAT on c3, c4, d4: no cell in common
    assert g.scored_words[-1] == "bat" and g.scores == [6, 1]


def test_rule_c_covers_the_starting_word(lexicon: Lexicon) -> None:
    refused(game(lexicon), move("b2", "t", "b2", "b3", "c3", "d3", "e3"), "already_scored")  # TABLE again


def test_rule_d_word_list_and_parts_of_speech(lexicon: Lexicon) -> None:
    refused(game(lexicon), move("b2", "z", "b2", "b3"), "not_a_word")
    refused(game(lexicon), move("b2", "e", "b2", "b3", "a3"), "not_a_word")  # EAT is a verb
    with_verbs = game(lexicon, extra_parts_of_speech=("verb",))
    assert with_verbs.play(move("b2", "e", "b2", "b3", "a3")).word == "eat"
    refused(
        game(lexicon, extra_parts_of_speech=("verb",)), move("c2", "a", "c2", "c3", "d3", "e3"), "not_a_word"
    )
    with_adjectives = game(lexicon, extra_parts_of_speech=("adjective",))
    assert with_adjectives.play(move("c2", "a", "c2", "c3", "d3", "e3")).word == "able"  # A-B-L-E


def test_placement_rules(lexicon: Lexicon) -> None:
    refused(game(lexicon), move("c3", "x"), "cell_taken")
    refused(game(lexicon), move("a1", "x"), "not_adjacent")
    refused(game(lexicon), move("a6", "x"), "off_board")
    refused(game(lexicon), move("b2", "ä"), "not_a_letter")
    refused(game(lexicon), move("b2", "ab"), "not_a_letter")
    refused(game(lexicon), Move((1, 1), "b", ()), "empty_path")


def test_a_single_new_letter_always_scores_one(lexicon: Lexicon) -> None:
    g = game(lexicon)
    turn = g.play(move("b2", "q"))
    assert (turn.word, turn.points, g.scores) == ("q", 1, [1, 0])
    assert g.play(move("c2", "Q")).letter == "q"  # letters are case-insensitive


# --- the end ----------------------------------------------------------------------------------------


def fill_with_single_letters(g: BaldaGame) -> None:
    while not g.is_over:
        g.play(Move(g.placeable_cells()[0], "x", (g.placeable_cells()[0],)))


def test_the_game_ends_when_the_board_is_full_and_a_tie_is_shared(lexicon: Lexicon) -> None:
    g = game(lexicon)
    fill_with_single_letters(g)
    assert len(g.history) == 20 and g.scores == [10, 10] and g.winners == [0, 1]
    refused(g, move("a1", "x"), "game_over")


def test_most_points_wins(lexicon: Lexicon) -> None:
    g = game(lexicon)
    g.play(move("b2", "b", "b2", "b3", "a3"))
    fill_with_single_letters(g)
    assert g.scores == [12, 10] and g.winners == [0]  # BAT + 9 single letters against 10


def test_resigning(lexicon: Lexicon) -> None:
    g = game(lexicon)
    g.play(move("b2", "q"))
    turn = g.resign()
    assert g.is_over and g.winners == [0] and g.resigned == 1
    assert turn.action == "resign" and g.version == 2 and g.history[-1] == turn
    refused(g, move("a1", "x"), "game_over")


# --- JSON -------------------------------------------------------------------------------------------


def test_json_round_trip_and_play_on(lexicon: Lexicon) -> None:
    g = game(lexicon, diagonal=True, extra_parts_of_speech=("verb", "adverb"))
    g.play(move("b2", "b", "b2", "b3", "a3"))
    g.play(move("c4", "a"))
    text = g.to_json()
    json.loads(text)
    restored = BaldaGame.from_json(text, lexicon)
    assert restored.to_dict() == g.to_dict()
    assert restored.settings == g.settings and restored.scored == g.scored and restored.history == g.history
    refused(restored, move("b4", "b", "b4", "b3", "a3"), "already_scored")  # rule C survives the trip
    assert restored.play(move("d4", "t", "c3", "c4", "d4")).word == "bat"


def test_json_errors(lexicon: Lexicon) -> None:
    with pytest.raises(WordlistError, match="not a balda game state"):
        BaldaGame.from_json('{"format": "chess/1"}', lexicon)
    with pytest.raises(WordlistError, match="not a balda game state"):
        BaldaGame.from_json("{", lexicon)


def test_cell_names() -> None:
    assert cell_name((2, 1)) == "b3" and parse_cell("B3") == (2, 1) and parse_cell("i9") == (8, 8)
    # a log's cells are looked up in a table of names: the same names as a list's, checked
    for row, col in [(0, 0), (11, 1), (98, 25), (99, 3), (1, 26), (-1, 0)]:
        assert cell_name((row, col)) == cell_name([row, col])
    assert cell_name((98, 25)) == "z99" and cell_name((99, 3)) == "d100" and cell_name((1, 26)) == "(1,26)"
    assert cell_name((True, 1)) == "b2"
    for not_a_cell in [(1.0, 2), (2, 1.0), (1,), (1, 2, 3), ("b", "3")]:
        with pytest.raises(ValueError, match="a cell is a"):
            cell_name(not_a_cell)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a cell"):
        parse_cell("3b")


def test_german_letters(tmp_path: Path) -> None:
    lexicon = make_lexicon(tmp_path, {"bären": "noun", "bär": "noun", "straße": "noun", "ähre": "noun"}, "de")
    g = BaldaGame.new(lexicon, BaldaSettings(), start_word="BÄREN")
    assert "".join(g.board[2]) == "bären"
    turn = g.play(move("b4", "Ä"))
    assert turn.letter == "ä"
    assert lexicon.display("straße") == "STRAẞE"
