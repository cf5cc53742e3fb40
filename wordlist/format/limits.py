"""Every limit of the data and the games, in one place: what a file may hold and what a game can play.

The format's readers (wordlist.format), the games (wordlist.games), the C core (core/, through the
generated core/include/wordlist_limits.h) and the JavaScript reader (through
the generated js/src/limits.js) take their numbers from here; the JSON Schemas and docs/FORMAT.md
state them, and tests/test_limits.py fails when any of them says otherwise. After editing a number:

    python -m wordlist.format.limits_files    # rewrites core/include/wordlist_limits.h, js/src/limits.js

The format's ranges are the games' ranges: a game.json the format accepts is one Wordgame plays
(tests/test_limits.py plays the largest one to the end). The HTTP server's request limits are its
own (wordlist/server/limits.py).
"""

from __future__ import annotations

# --- game.json: the board, the rack, the tiles --------------------------------------------------------

# Wordgame's first word has this many letters, all from one rack, in one row or column: a smaller
# board or rack could never start a game.
FIRST_WORD_LETTERS = 4
MIN_BOARD = FIRST_WORD_LETTERS  # squares a side
MAX_BOARD = 26  # squares a side: columns are named a to z ("h8")
MIN_RACK = FIRST_WORD_LETTERS  # tiles
MAX_RACK = 15  # tiles
MAX_POINTS = 1000  # of one tile
MAX_TILE_COUNT = 1000  # tiles of one kind in the bag
MAX_TILES = 10_000  # tiles in the bag, blanks included

# --- alphabet.json and words ---------------------------------------------------------------------------

MAX_LETTERS = 1024  # letters of an alphabet; also the most characters `remove` holds (a pass each)
MAX_REPLACEMENTS = 256  # entries of `replace`: each is a pass over the text
MAX_SPELLING = 8  # characters of a `replace` key or value: a character becomes at most 8 letters
MAX_WORD_LENGTH = 255  # letters of a word, as MediaWiki titles (255 bytes): searches recurse once a letter
MAX_KEY_BYTES = 4 * MAX_WORD_LENGTH  # UTF-8 bytes of the longest word: no path of words.dawg is longer
# Words of a list (manifest.json counts.words), and so the most keys a walk of words.dawg may meet:
# every walk is bounded by it. English Wiktionary's titles in all its languages are some 8 million;
# twice that leaves room, and a list of as many keys is still one array for the JavaScript reader.
MAX_WORDS = 1 << 24  # 16,777,216
# Readers normalize no longer text: a longer one is not a word, and a longer pattern or rack an error
MAX_TEXT_LENGTH = 4 * MAX_WORD_LENGTH

# The Unicode version of the format: what lower-casing, composing and "printable" mean for both
# readers (docs/FORMAT.md). It is the one Python 3.11's unicodedata has; the JavaScript reader takes
# the code points it assigns, and Python's capitals, from the generated js/src/unicode.js.
UNICODE_VERSION = "14.0.0"

# --- saved games -----------------------------------------------------------------------------------------

MAX_NAME = 40  # characters of a player's name
# combining marks on one character of a name: Burmese (ကြွေး) and Tibetan (སྒྲོལ) stack 3 or 4; more is
# text drawn over the lines around it
MAX_MARKS_IN_A_ROW = 4
MIN_SEED, MAX_SEED = -(1 << 63), (1 << 63) - 1  # a game's seed, which its saved state keeps: 64 bits
MAX_STATE_BYTES = 4 << 20  # of a saved game's JSON (a finished 15x15 game is about 60 KB)
# A turn of either game's log keeps at most so many definitions of its word, each of at most so
# many characters (a longer one is cut): what a game writes, a saved game may hold.
MAX_TURN_DEFINITIONS = 50
MAX_DEFINITION_LENGTH = 5000

# --- the compiled move generator (the Python one has no such limits and takes over beyond them) ---------

COMPILED_LETTERS = 64  # letters of an alphabet: a set of letters is one uint64
COMPILED_CELLS = 128  # cells of a Balda board: a set of cells is two uint64 (a 9x9 board has 81)

# --- the bots' budgets: counted in positions searched, never in time, so a seed and a position give
# the same move in Python, in the core and in the browser (the bench reports the time they take) ---

BALDA_STRONG_NODES = 300  # positions Balda's "strong" lookahead visits per move, at most (a move
# generation each: about 0.1 ms on the 400,000-word list, so strong fits today's p99 server move)
BALDA_EXPERT_NODES = 4_000  # ... and "expert"'s (deeper; exact once the lines reach the end)
WORDGAME_EXPERT_RACKS = 12  # Wordgame "expert": opponent racks simulated per candidate
WORDGAME_EXPERT_CANDIDATES = 6  # ... for the best 6 moves by equity
WORDGAME_ENDGAME_NODES = 1_000  # ... and positions its exact endgame (bag empty) searches per move
PASSES_TO_END = 3  # Wordgame: scoreless turns in a row (passes, exchanges) that end the game
WORDGAME_ENDGAME_MOVES = 20  # ... deeper than one ply for its best 20 moves (Python and JavaScript)

# --- leaves.json: Wordgame's leave values (wordlist/format/leaves.py), in whole hundredths ---
LEAVE_UNIT = 100  # a leave value counts hundredths of a point (equity = points * 100 + leave)
MAX_LEAVE_WEIGHT = 100_000  # a weight's bound: 1,000 points, far beyond any learned value

# The numbers the generated files carry, by the name they have there (C: WORDLIST_ + the name).
SHARED = {
    "FIRST_WORD_LETTERS": FIRST_WORD_LETTERS,
    "MIN_BOARD": MIN_BOARD,
    "MAX_BOARD": MAX_BOARD,
    "MIN_RACK": MIN_RACK,
    "MAX_RACK": MAX_RACK,
    "MAX_POINTS": MAX_POINTS,
    "MAX_TILE_COUNT": MAX_TILE_COUNT,
    "MAX_TILES": MAX_TILES,
    "MAX_LETTERS": MAX_LETTERS,
    "MAX_REPLACEMENTS": MAX_REPLACEMENTS,
    "MAX_SPELLING": MAX_SPELLING,
    "MAX_WORD_LENGTH": MAX_WORD_LENGTH,
    "MAX_KEY_BYTES": MAX_KEY_BYTES,
    "MAX_WORDS": MAX_WORDS,
    "MAX_TEXT_LENGTH": MAX_TEXT_LENGTH,
    "MAX_NAME": MAX_NAME,
    "COMPILED_LETTERS": COMPILED_LETTERS,
    "COMPILED_CELLS": COMPILED_CELLS,
    "BALDA_STRONG_NODES": BALDA_STRONG_NODES,
    "BALDA_EXPERT_NODES": BALDA_EXPERT_NODES,
    "WORDGAME_EXPERT_RACKS": WORDGAME_EXPERT_RACKS,
    "WORDGAME_EXPERT_CANDIDATES": WORDGAME_EXPERT_CANDIDATES,
    "WORDGAME_ENDGAME_NODES": WORDGAME_ENDGAME_NODES,
    "WORDGAME_ENDGAME_MOVES": WORDGAME_ENDGAME_MOVES,
    "PASSES_TO_END": PASSES_TO_END,
    "LEAVE_UNIT": LEAVE_UNIT,
    "MAX_LEAVE_WEIGHT": MAX_LEAVE_WEIGHT,
}
