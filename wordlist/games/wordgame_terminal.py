"""Wordgame in a terminal: a human against the bot, or the bot against itself.

A move is the square of the word's first letter, its direction, and the whole word (letters
already on the board included); a letter after ? is played with a blank:

    h8 across cats         C, A, T, S from h8 rightwards
    h8 a cats              the same (d or down: from the square downwards)
    e5 d s?tar             S on e5, a blank as T, then A and R down (letters on the board are skipped)

Other commands: pass, hint, moves, save FILE, help, quit.
On the board: # triple word, + double word, " triple letter, ' double letter, * start square;
a blank's letter is shown in lower case.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from wordlist.errors import WordlistError
from wordlist.games.common import commands, run_turns
from wordlist.games.wordgame import ACROSS, DOWN, IllegalMove, Tile, Turn, Wordgame, cell_name, parse_cell
from wordlist.games.wordgame_bot import WordgameBot, legal_moves

HELP = __doc__.split("\n\n", 1)[1].strip()
_SQUARES = {".": "·", "d": "'", "t": '"', "D": "+", "T": "#"}
_DIRECTIONS = {"a": ACROSS, "across": ACROSS, "d": DOWN, "down": DOWN}


def draw(game: Wordgame, player: int | None = None) -> str:
    """The board with column letters and row numbers, the scores, the bag, and `player`'s rack."""
    lexicon, layout = game.lexicon, game.layout
    rows = ["    " + " ".join(chr(ord("a") + c) for c in range(game.size))]
    for r in range(game.size):
        squares = []
        for c in range(game.size):
            letter = game.board[r][c]
            if letter is None:
                squares.append(
                    "*" if (r, c) == layout.start and game.is_empty else _SQUARES[layout.rows[r][c]]
                )
            else:
                squares.append(letter if (r, c) in game.blanks else lexicon.display(letter))
        rows.append(f"{r + 1:>3} {' '.join(squares)}")
    rows.append("")
    scores = "   ".join(f"{name}: {score}" for name, score in zip(game.players, game.scores, strict=True))
    rows.append(f"{scores}   bag: {len(game.bag)}")
    if player is not None:
        rack = " ".join(lexicon.display(t) if t != "?" else "?" for t in game.racks[player])
        rows.append(f"your rack: {rack}")
    return "\n".join(rows)


def describe(game: Wordgame, turn: Turn) -> str:
    """A log line: who, where, the words and their points, what the main word means."""
    name = game.players[turn.player]
    if turn.is_pass:
        return f"{name} passes." + (" Both racks are drawn again." if turn.redraw else "")
    lexicon = game.lexicon
    words = ", ".join(f"{lexicon.display(word)} {points}" for word, points in turn.words)
    bingo = ", all tiles: main word doubled" if turn.bingo else ""
    lines = [f"{name}: {cell_name(turn.tiles[0].cell)} {turn.direction}, {words}{bingo}, +{turn.points}"]
    lines += [f"    {i}. {d}" for i, d in enumerate(turn.definitions, 1)]
    return "\n".join(lines)


def parse_move(text: str, game: Wordgame) -> tuple[Tile, ...]:
    """'h8 a ca?ts' -> the tiles to place; raises ValueError saying what is wrong."""
    tokens = text.split()
    if len(tokens) != 3 or tokens[1].lower() not in _DIRECTIONS:
        raise ValueError("type the square, the direction and the word, like: h8 across cats")
    row, col = parse_cell(tokens[0])
    direction = _DIRECTIONS[tokens[1].lower()]
    step = (0, 1) if direction == ACROSS else (1, 0)
    tiles, blank = [], False
    for char in tokens[2]:
        if char == "?":
            blank = True
            continue
        letter = game.lexicon.normalize(char)
        if not game.on_board((row, col)):
            raise ValueError(f"the word runs off the board at {cell_name((row, col))}")
        on_board = game.letter_at((row, col))
        if on_board is None:
            tiles.append(Tile((row, col), letter, blank))
        elif on_board != letter or blank:
            shown = game.lexicon.display(on_board)
            raise ValueError(f"{cell_name((row, col))} already holds {shown}, not {char.upper()}")
        blank = False
        row, col = row + step[0], col + step[1]
    if blank:
        raise ValueError("a ? must be followed by the letter the blank stands for")
    if not tiles:
        raise ValueError("the word places no tile")
    return tuple(tiles)


def play(
    game: Wordgame,
    *,
    human: int | None = 0,
    bots: tuple[WordgameBot, WordgameBot] | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> Wordgame:
    """Run `game` to the end. `human` is the human's player index (None: bots on both sides)."""
    bots = bots or (
        WordgameBot("strong", game.seed),
        WordgameBot("strong", None if game.seed is None else game.seed + 1),
    )
    write(
        f"Wordgame, {game.size}x{game.size}, {game.lexicon.language}, "
        f"{game.settings.rack_size} tiles a rack. The first word covers {cell_name(game.layout.start)}."
    )
    run_turns(
        game,
        human=human,
        bots=bots,
        draw=lambda player: draw(game, player),
        describe=lambda turn: describe(game, turn),
        human_turn=lambda: _human_turn(game, read, write),
        result=lambda: result(game),
        write=write,
    )
    return game


def result(game: Wordgame) -> str:
    final = game.final_scores
    left = ", ".join(
        f"{game.players[p]} loses {game.rack_value(p)} for tiles left" for p in (0, 1) if game.rack_value(p)
    )
    ending = f" ({left})" if left else ""
    if len(game.winners) == 2:
        return f"Game over: a tie, {final[0]} to {final[1]}{ending}."
    winner = game.winners[0]
    return f"Game over: {game.players[winner]} wins, {final[winner]} to {final[1 - winner]}{ending}."


def _human_turn(game: Wordgame, read: Callable[[str], str], write: Callable[[str], None]) -> bool:
    """Read commands until the human has played or passed; False if they quit."""
    for command, argument, text in commands(f"{game.players[game.turn]}> ", read):
        if command == "help":
            write(HELP)
        elif command == "pass":
            write(describe(game, game.pass_turn()))
            return True
        elif command == "hint":
            moves = legal_moves(game)
            best = max(moves, key=lambda m: m.points, default=None)
            write(f"Try a {len(best.word)}-letter word for {best.points}." if best else "No move: pass.")
        elif command == "moves":
            moves = sorted(legal_moves(game), key=lambda m: (-m.points, m.word))
            shown = [f"{game.lexicon.display(m.word)} {m.points}" for m in moves[:20]]
            write(", ".join(shown) or "(no move: pass)")
        elif command == "save":
            Path(argument or "wordgame.json").write_text(game.to_json(), encoding="utf-8")
            write(f"Saved to {argument or 'wordgame.json'}.")
        elif text:
            try:
                turn = game.play(parse_move(text, game))
            except (IllegalMove, ValueError, WordlistError) as error:
                write(f"Not allowed: {error}")
                continue
            write(describe(game, turn))
            return True
    return False
