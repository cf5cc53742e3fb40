/* wordlist core: a word list's words.dawg read in place, and the two games' move generators.

   The one owner of the graph's layout (docs/FORMAT.md) in C: the Python binding
   (wordlist/_core.c), the WebAssembly module (js/src/core.js wraps it) and native engines
   (core/examples/best_move.c) all go through these functions. The limits come from
   wordlist/format/limits.py through the generated wordlist_limits.h.

   words.dawg, every number little-endian:
       uint32 n; n x uint32 units; uint32 m (== n); m x (uint8 child, uint8 sibling) guide
   A unit: bits 0-7 label, bit 8 has-leaf, bit 9 extension, bits 10-31 offset; a leaf unit has
   bit 31 set and its value (the part-of-speech mask) in bits 0-30. Following byte b from unit i
   goes to i ^ offset(i) ^ b if that unit's label is b; a word ends at i if it has a leaf, whose
   value is at i ^ offset(i). The guide gives each unit's first child label and next sibling label.

   Safety: every unit index is checked before it is read (a damaged file whose checksums match
   must not make us read outside it); a guide whose labels do not increase or name no child is
   reported (WL_BAD_GUIDE with the unit), at the same points as the Python reference
   (wordlist/graph.py) meets it; a search is bounded by a step budget. A graph never changes once
   made (but for a memo of each node's checked state, written atomically with the same value by
   any thread), so any number of threads may search one graph at once. */
#ifndef WORDLIST_H
#define WORDLIST_H

#include <stddef.h>
#include <stdint.h>

#include "wordlist_limits.h" /* wordlist/format/limits.py's numbers (python -m wordlist.format.limits_files) */

#ifdef __cplusplus
extern "C" {
#endif

/* --- the layout ---------------------------------------------------------------------------------- */
#define WL_LABEL_MASK 0x800000FFu /* a unit's label, and the leaf bit (a leaf matches no label) */
#define WL_HAS_LEAF (1u << 8)
#define WL_EXTENSION (1u << 9)
#define WL_IS_LEAF (1u << 31)
#define WL_VALUE_MASK 0x7FFFFFFFu
#define WL_ROOT 0u

/* --- limits of the compiled core --------------------------------------------------------------------- */
#define WL_MAX_LETTERS WORDLIST_COMPILED_LETTERS /* a set of letters is one uint64 */
#define WL_MAX_LINE WORDLIST_MAX_BOARD           /* Wordgame: the longest board side */
#define WL_MAX_CELLS WORDLIST_COMPILED_CELLS     /* Balda: a set of cells is two uint64 */
#define WL_MAX_WORD_LETTERS WORDLIST_MAX_WORD_LENGTH
#define WL_MAX_KEY_BYTES (4 * WL_MAX_WORD_LETTERS)
#define WL_MAX_POINTS WORDLIST_MAX_POINTS
#define WL_MAX_RACK WORDLIST_MAX_RACK
#define WL_LEAVE_UNIT WORDLIST_LEAVE_UNIT             /* a leave value counts hundredths of a point */
#define WL_MAX_LEAVE_WEIGHT WORDLIST_MAX_LEAVE_WEIGHT /* leaves.json's weights lie within +- this */
#if WL_MAX_LETTERS > 64 || WL_MAX_CELLS > 128
#error "a set of letters is one uint64 and a set of cells two: see wordlist/format/limits.py"
#endif
/* The default bound on one search's work: the heaviest real searches visit 1.4 million nodes; a
   damaged graph with a cycle would have Balda try every path over the board. */
#define WL_MAX_STEPS 100000000ull

#define WL_EMPTY 255   /* a square without a tile */
#define WL_FOREIGN 254 /* a tile that is no letter of the alphabet: never followed */
enum { WL_ON_BOARD = 0, WL_TILE = 1, WL_BLANK_TILE = 2 }; /* a Wordgame move's letter kinds */

/* --- errors ---------------------------------------------------------------------------------------- */
typedef enum {
    WL_OK = 0,
    WL_NO_MEMORY,
    WL_OUT_OF_STEPS,   /* the search's step budget ran out (detail: the budget) */
    WL_BAD_GUIDE,      /* the completion guide of unit `detail` is inconsistent */
    WL_TOO_LONG,       /* a key is longer than the longest word */
    WL_TOO_MANY,       /* more keys than the caller allows (detail: that number) */
    WL_NOT_UTF8,       /* a key is not UTF-8 */
    WL_BAD_FILE,       /* not a words.dawg: too short, or its header and size disagree */
    WL_BAD_ARGUMENT,   /* an input out of range: the message names it */
    WL_CYCLE,          /* the graph has a cycle (wl_graph_check) */
} wl_status;

typedef struct {
    wl_status status;
    unsigned long long detail; /* the unit, the budget or the count the message names */
    const char *what;          /* WL_BAD_ARGUMENT, WL_BAD_FILE: the input that is wrong */
} wl_error;

/* The error's message (the Python reference's words), NUL-terminated in `buffer`; its length. */
size_t wl_error_message(const wl_error *error, char *buffer, size_t size);

/* --- the graph --------------------------------------------------------------------------------------- */
typedef struct wl_graph wl_graph;

/* A graph over `n` units (4n bytes, little-endian) and their guide (2n bytes, or NULL), with an
   alphabet of `nletters` code points (0 for key lookups only; at most WL_MAX_LETTERS, no
   surrogate, none twice). Neither buffer is copied: both must outlive the graph. NULL on error. */
wl_graph *wl_graph_new(const uint8_t *units, uint32_t n, const uint8_t *guide, const uint32_t *letters,
                       int nletters, wl_error *error);
/* The same from a whole words.dawg file (with or without its guide), its header checked. */
wl_graph *wl_graph_open(const uint8_t *file, size_t size, const uint32_t *letters, int nletters, wl_error *error);
void wl_graph_free(wl_graph *graph);
uint32_t wl_graph_units(const wl_graph *graph);
int wl_graph_has_guide(const wl_graph *graph);
int wl_graph_letters(const wl_graph *graph);

/* The node `key`'s bytes lead to from the root (the root for none), or -1 (a byte 0 leads nowhere). */
int64_t wl_key_node(const wl_graph *graph, const uint8_t *key, size_t length);
/* The value of the key ending at `node`, or -1. */
int64_t wl_node_value(const wl_graph *graph, uint32_t node);
/* The child of `node` by UTF-8 byte `byte`, or -1 (no guide check: a key's walk). */
int64_t wl_follow_byte(const wl_graph *graph, uint32_t node, uint32_t byte);

/* The letters (alphabet indexes) that continue a word from `node` and their nodes, in the Python
   Graph.children's order; their count, or -1 with WL_BAD_GUIDE. */
int wl_children(const wl_graph *graph, uint32_t node, uint8_t letters[WL_MAX_LETTERS],
                uint32_t nodes[WL_MAX_LETTERS], wl_error *error);

/* The keys below `node` (reached by a prefix of `prefix_letters` letters), in byte order; `found`
   gets each one's bytes after the prefix and returns nonzero to stop. Only keys whose value has a
   bit of `wanted` (-1: any) and of `length` letters (-1: any), at most `limit` (-1: all). Meeting
   more than `most` keys, a key longer than the longest word or not UTF-8, a bad guide: an error. */
typedef int (*wl_key_found)(void *context, const uint8_t *rest, size_t length);
wl_status wl_words(const wl_graph *graph, uint32_t node, uint32_t prefix_letters, long long wanted,
                   long long length, long long limit, long long most, wl_key_found found, void *context,
                   wl_error *error);

/* The number of keys (the empty key is none), once the whole graph the root reaches is found
   sound: wordlist/graph.py's Graph.check pass (and the JavaScript reader's Dawg.shape), in the
   same order, so that all three meet the same damage first: a guide whose labels do not increase
   or name no child (WL_BAD_GUIDE, its unit), a cycle (WL_CYCLE), a path of more than
   WL_MAX_WORD_LETTERS letters or WL_MAX_KEY_BYTES bytes (WL_TOO_LONG), more than `most` keys
   (WL_TOO_MANY; a `most` past 2^62 counts as 2^62). Needs the guide. Each unit is walked once;
   13 bytes a unit are held meanwhile. */
wl_status wl_graph_check(const wl_graph *graph, unsigned long long most, unsigned long long *count,
                         wl_error *error);

/* --- moves ----------------------------------------------------------------------------------------- */
/* The moves of a search, in a fixed order (the Python generators'), each with its points. */
typedef struct {
    uint8_t *data;      /* the moves one after another, in their game's layout (wl_*_move) */
    size_t len, cap;
    int64_t *points;
    uint32_t *start;    /* where each move begins in data */
    size_t count, slots;
    uint64_t steps;     /* nodes the search visited (its work) */
    uint64_t max_steps; /* its budget */
} wl_moves;

void wl_moves_free(wl_moves *moves);
/* The index of the first move with the most points, or -1 for none. */
long long wl_moves_best(const wl_moves *moves);

/* Wordgame: one move is [direction (0 across, 1 down), line, first position, n, then n x (letter,
   kind)] bytes; its points in moves->points. */
typedef struct {
    int size;                       /* squares a side, 1 to WL_MAX_LINE */
    const uint8_t *board;           /* size x size letter indexes, row-major (WL_EMPTY, WL_FOREIGN) */
    const uint8_t *blanks;          /* size x size: 1 where the tile is a blank (worth 0) */
    const uint8_t *letter_premiums; /* size x size multipliers, at least 1 */
    const uint8_t *word_premiums;
    const int32_t *points;          /* each letter's tile points, 0 to WL_MAX_POINTS */
    const uint8_t *rack_letters;    /* the rack's distinct letters, in the order they are tried */
    const uint8_t *rack_counts;     /* how many of each */
    int rack_distinct;
    int blank_tiles;                /* blanks on the rack */
    int rack_tiles;                 /* tiles on the rack */
    int bingo_tiles;                /* placing this many is a bingo (points twice) */
    int first_word;                 /* letters the first word needs */
    int start_row, start_col;       /* the start square */
    uint64_t max_steps;             /* 0: WL_MAX_STEPS */
} wl_wordgame;

wl_status wl_wordgame_moves(const wl_graph *graph, const wl_wordgame *position, wl_moves *moves, wl_error *error);

/* Balda: one move is [new cell, letter, n, then the path's n cells] bytes; its points its length. */
typedef struct {
    int size;                      /* cells a side: size x size at most WL_MAX_CELLS */
    int diagonal;                  /* paths may step diagonally */
    const uint8_t *board;          /* size x size letter indexes (WL_EMPTY, WL_FOREIGN) */
    uint32_t mask;                 /* the parts of speech that count */
    /* the words scored before and the cells each used (rule C): n_scored words, their lengths,
       their letter indexes one after another, and two uint64 of cells each (cells 0-63, 64-127) */
    size_t n_scored;
    const uint8_t *scored_lengths;
    const uint8_t *scored_letters;
    const uint64_t *scored_cells;
    uint64_t max_steps;            /* 0: WL_MAX_STEPS */
} wl_balda;

wl_status wl_balda_moves(const wl_graph *graph, const wl_balda *position, wl_moves *moves, wl_error *error);

/* Balda's lookahead (wordlist/games/balda/search.py is the reference: the same values): each word
   move of `position` (in wl_balda_moves' order) valued for the player to move, whose score minus
   the opponent's is `difference`, by alpha-beta over both players' moves with iterative deepening,
   visiting at most `budget` positions (each one a move generation). */
typedef struct {
    int32_t *values; /* one a move, in wl_balda_moves' order; free with wl_balda_searched_free */
    size_t count;
    uint64_t nodes;  /* positions visited, at most the budget */
    int depth;       /* the deepest complete depth (0: the greedy values) */
    int exact;       /* no line was cut at the depth's end */
} wl_balda_searched;

wl_status wl_balda_search(const wl_graph *graph, const wl_balda *position, int32_t difference, uint64_t budget,
                          wl_balda_searched *searched, wl_error *error);
void wl_balda_searched_free(wl_balda_searched *searched);

/* --- Wordgame's equity (wordlist/games/wordgame/equity.py is the reference: the same integers) --- */
/* A list's leave values (leaves.json, wordlist/format/leaves.py), by tile: tile k < nletters is
   letter k, tile nletters the blank. A leave, in hundredths of a point, is
       sum over tiles kept: n * values[t] + (n - 1) * duplicates[t]   (n copies of t, n >= 1)
       + balance * (vowels kept - consonants kept)^2                  (a blank is neither)
   A list without leaves.json: all zero (equity = points * 100). */
typedef struct {
    int nletters;              /* 1 to WL_MAX_LETTERS */
    const uint32_t *letters;   /* their code points: ties between exchanges go to the kept tiles first
                                  in code-point order ("?" for the blank), as Python sorts them */
    const int32_t *values;     /* nletters + 1, each within +- WL_MAX_LEAVE_WEIGHT */
    const int32_t *duplicates; /* nletters + 1 */
    uint64_t vowels;           /* bit k: letter k is a vowel */
    int32_t balance;
} wl_leaves;

/* The leave of keeping counts[t] of each tile (nletters + 1 counts) with `bag` tiles in the bag:
   the one formula in C (LeaveValues.leave in Python; the browser runs this one). */
int64_t wl_leave(const wl_leaves *leaves, const uint8_t *counts, int bag);

/* Each move's equity, points * WL_LEAVE_UNIT + the leave of the tiles it keeps from the rack of
   `rack` (its rack_letters, rack_counts, rack_distinct, blank_tiles; the rest unused), for the
   moves wl_wordgame_moves found for that rack: equities[i] for moves->points[i]. */
wl_status wl_wordgame_equities(const wl_leaves *leaves, const wl_wordgame *rack, const wl_moves *moves, int bag,
                               int64_t *equities, wl_error *error);

/* The best exchange: the tiles to put back (one or more) whose kept tiles have the best leave,
   ties to the kept tiles first in sorted order (found 0: an empty rack). */
typedef struct {
    int found;
    uint8_t returned[WL_MAX_LETTERS + 1]; /* by tile, as wl_leaves counts them */
    int64_t value;                        /* the leave of the tiles kept */
} wl_exchange;

wl_status wl_wordgame_exchange(const wl_leaves *leaves, const wl_wordgame *rack, int bag, wl_exchange *best,
                               wl_error *error);
/* Whether a bot that may exchange would rather: the kept tiles worth more than every move's equity. */
int wl_wordgame_exchange_instead(const wl_exchange *best, const int64_t *equities, size_t count);

/* The "expert" simulation (equity.simulated): for the `candidates` moves of the best `equities`
   (the first among equals), the opponent's best reply by equity (the first of the best) to each of
   `nracks` racks (racks: nracks x (nletters + 1) counts by tile, drawn by the caller) once the
   move is placed; values[i] = equities[i] - the replies' equities summed / nracks (C's division,
   toward zero), and the moves left out lose the best reply seen (if above 0). `position` is the
   one `moves` came from. */
wl_status wl_wordgame_simulate(const wl_graph *graph, const wl_leaves *leaves, const wl_wordgame *position,
                               const wl_moves *moves, const int64_t *equities, size_t candidates, const uint8_t *racks,
                               size_t nracks, int bag, int64_t *values, wl_error *error);

#ifdef __cplusplus
}
#endif
#endif
