// Written by `python -m wordlist.format.limits_files` from wordlist/format/limits.py: do not edit.

export const FIRST_WORD_LETTERS = 4;
export const MIN_BOARD = 4;
export const MAX_BOARD = 26;
export const MIN_RACK = 4;
export const MAX_RACK = 15;
export const MAX_POINTS = 1000;
export const MAX_TILE_COUNT = 1000;
export const MAX_TILES = 10000;
export const MAX_LETTERS = 1024;
export const MAX_REPLACEMENTS = 256;
export const MAX_SPELLING = 8;
export const MAX_WORD_LENGTH = 255;
export const MAX_KEY_BYTES = 1020;
export const MAX_WORDS = 16777216;
export const MAX_TEXT_LENGTH = 1020;
export const MAX_NAME = 40;
export const COMPILED_LETTERS = 64;
export const COMPILED_CELLS = 128;
export const BALDA_STRONG_NODES = 300;
export const BALDA_EXPERT_NODES = 4000;
export const WORDGAME_EXPERT_RACKS = 12;
export const WORDGAME_EXPERT_CANDIDATES = 6;
export const WORDGAME_ENDGAME_NODES = 1000;
export const WORDGAME_ENDGAME_MOVES = 20;
export const LEAVE_UNIT = 100;
export const MAX_LEAVE_WEIGHT = 100000;
