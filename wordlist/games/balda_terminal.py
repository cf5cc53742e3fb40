"""Balda in a terminal: a human against the bot, or the bot against itself.

A move is typed as the cell for the new letter, the letter, then the word's path of cells:

    b2 t b2 c2 c3 d3       put T on b2 and spell along b2, c2, c3, d3
    b2 t b2-c2-c3-d3       the same
    b2 t                   the letter alone (one point)

Other commands: hint, moves, resign, save FILE, help, quit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from wordlist.errors import WordlistError
from wordlist.games.balda import BaldaGame, IllegalMove, Move, Turn, cell_name, parse_cell
from wordlist.games.balda_bot import BaldaBot, legal_moves
from wordlist.games.common import commands, run_turns

HELP = __doc__.split("\n\n", 1)[1].strip()


def draw(game: BaldaGame) -> str:
    """The board with column letters and row numbers, scores and whose turn it is."""
    lexicon = game.lexicon
    header = "     " + "   ".join(chr(ord("a") + c) for c in range(game.size))
    rows = [header]
    for r, row in enumerate(game.board):
        cells = "   ".join(lexicon.display(letter) if letter else "·" for letter in row)
        rows.append(f"{r + 1:>3}  {cells}")
    scores = "   ".join(f"{name}: {score}" for name, score in zip(game.players, game.scores, strict=True))
    rows.append("")
    rows.append(scores)
    return "\n".join(rows)


def describe(game: BaldaGame, turn: Turn) -> str:
    """A log line as Balda sites show it: who, the new letter, the word and its path, points, meanings."""
    word = game.lexicon.display(turn.word)
    route = "-".join(cell_name(c) for c in turn.path)
    letter = game.lexicon.display(turn.letter)
    lines = [
        f"{game.players[turn.player]}: {letter} on {cell_name(turn.cell)}, {word} ({route}), +{turn.points}"
    ]
    lines += [f"    {i}. {d}" for i, d in enumerate(turn.definitions[:3], 1)]
    return "\n".join(lines)


def parse_move(text: str) -> Move:
    """'b2 t b2 c2 c3' (or with dashes) -> Move; raises ValueError with what is wrong."""
    tokens = [t for t in re.split(r"[\s,\-]+", text.strip()) if t]
    if len(tokens) < 2:
        raise ValueError("type the cell, the letter, then the path, like: b2 t b2 c2 c3")
    cell = parse_cell(tokens[0])
    path = tuple(parse_cell(t) for t in tokens[2:]) or (cell,)
    return Move(cell, tokens[1], path)


def play(
    game: BaldaGame,
    *,
    human: int | None = 0,
    bots: tuple[BaldaBot, BaldaBot] | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> BaldaGame:
    """Run `game` to the end. `human` is the human's player index (None: bots on both sides)."""
    bots = bots or (
        BaldaBot("strong", game.seed),
        BaldaBot("strong", None if game.seed is None else game.seed + 1),
    )
    kinds = ", ".join(game.settings.parts_of_speech)
    diagonal = ", diagonal connections" if game.settings.diagonal else ""
    write(
        f"Balda, {game.size}x{game.size}, {game.lexicon.language}, words: {kinds}{diagonal}. "
        f"Starting word: {game.lexicon.display(game.start_word)}"
    )
    run_turns(
        game,
        human=human,
        bots=bots,
        draw=lambda _: draw(game),
        describe=lambda turn: describe(game, turn),
        human_turn=lambda: _human_turn(game, read, write),
        result=lambda: result(game),
        write=write,
    )
    return game


def result(game: BaldaGame) -> str:
    if game.resigned is not None:
        return f"{game.players[game.resigned]} resigned. {game.players[1 - game.resigned]} wins."
    winners = game.winners
    if len(winners) == 2:
        return f"Game over: a tie, {game.scores[0]} to {game.scores[1]}."
    winner = winners[0]
    return f"Game over: {game.players[winner]} wins, {game.scores[winner]} to {game.scores[1 - winner]}."


def _human_turn(game: BaldaGame, read: Callable[[str], str], write: Callable[[str], None]) -> bool:
    """Read commands until the human has played; False if they quit."""
    for command, argument, text in commands(f"{game.players[game.turn]}> ", read):
        if command == "help":
            write(HELP)
        elif command == "resign":
            game.resign()
            return True
        elif command == "hint":
            moves = legal_moves(game, single_letters=False)
            best = max(moves, key=lambda c: c.points, default=None)
            write(f"Try a {best.points}-letter word." if best else "No word here: place a single letter.")
        elif command == "moves":
            moves = sorted(legal_moves(game, single_letters=False), key=lambda c: (-c.points, c.word))
            write(", ".join(game.lexicon.display(c.word) for c in moves[:20]) or "(only single letters)")
        elif command == "save":
            Path(argument or "balda.json").write_text(game.to_json(), encoding="utf-8")
            write(f"Saved to {argument or 'balda.json'}.")
        elif text:
            try:
                turn = game.play(parse_move(text))
            except (IllegalMove, ValueError, WordlistError) as error:
                write(f"Not allowed: {error}")
                continue
            write(describe(game, turn))
            return True
    return False
