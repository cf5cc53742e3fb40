/* The core's WebAssembly face: plain numbers and pointers into the module's memory, for
   js/src/core.js (built by `make build` with clang --target=wasm32-wasi; not part of the Python
   extension). The caller allocates its inputs with wl_alloc and frees them with wl_free; a
   search's moves stay in the module until wl_moves_release. The last error's message is
   wl_message(). */
#include <stdlib.h>

#include "wordlist.h"

#define EXPORT(name) __attribute__((export_name(#name)))

static wl_error last_error;
static char message[256];

EXPORT(wl_alloc) void *wasm_alloc(size_t size) { return malloc(size ? size : 1); }
EXPORT(wl_free) void wasm_free(void *pointer) { free(pointer); }

EXPORT(wl_message) const char *wasm_message(void) {
    wl_error_message(&last_error, message, sizeof message);
    return message;
}

EXPORT(wl_status) int wasm_status(void) { return (int)last_error.status; }

EXPORT(wl_open)
wl_graph *wasm_open(const uint8_t *file, size_t size, const uint32_t *letters, int nletters) {
    return wl_graph_open(file, size, letters, nletters, &last_error);
}

EXPORT(wl_close) void wasm_close(wl_graph *graph) { wl_graph_free(graph); }

/* The moves of a search in a block of their own, or NULL (the error is kept). */
static wl_moves *kept(wl_status status, wl_moves *found) {
    if (status != WL_OK) return NULL;
    wl_moves *moves = malloc(sizeof *moves);
    if (moves == NULL) {
        wl_moves_free(found);
        last_error.status = WL_NO_MEMORY;
        return NULL;
    }
    *moves = *found;
    return moves;
}

EXPORT(wl_wordgame)
wl_moves *wasm_wordgame(const wl_graph *graph, int size, const uint8_t *board, const uint8_t *blanks,
                        const uint8_t *letter_premiums, const uint8_t *word_premiums, const int32_t *points,
                        const uint8_t *rack_letters, const uint8_t *rack_counts, int rack_distinct, int blank_tiles,
                        int rack_tiles, int bingo_tiles, int first_word, int start_row, int start_col,
                        double max_steps) {
    wl_wordgame position = {size,        board,       blanks,       letter_premiums, word_premiums,
                            points,      rack_letters, rack_counts, rack_distinct,   blank_tiles,
                            rack_tiles,  bingo_tiles, first_word,   start_row,       start_col,
                            (uint64_t)max_steps};
    wl_moves found;
    return kept(wl_wordgame_moves(graph, &position, &found, &last_error), &found);
}

EXPORT(wl_balda)
wl_moves *wasm_balda(const wl_graph *graph, int size, int diagonal, const uint8_t *board, uint32_t mask,
                     size_t n_scored, const uint8_t *lengths, const uint8_t *letters, const uint64_t *cells,
                     double max_steps) {
    wl_balda position = {size, diagonal, board, mask, n_scored, lengths, letters, cells, (uint64_t)max_steps};
    wl_moves found;
    return kept(wl_balda_moves(graph, &position, &found, &last_error), &found);
}

/* Balda's lookahead (wordlist.h): the values in a block of their own, or NULL (the error is kept). */
EXPORT(wl_balda_search)
wl_balda_searched *wasm_balda_search(const wl_graph *graph, int size, int diagonal, const uint8_t *board, uint32_t mask,
                                     size_t n_scored, const uint8_t *lengths, const uint8_t *letters,
                                     const uint64_t *cells, int32_t difference, double budget) {
    wl_balda position = {size, diagonal, board, mask, n_scored, lengths, letters, cells, 0};
    wl_balda_searched found;
    if (wl_balda_search(graph, &position, difference, (uint64_t)budget, &found, &last_error) != WL_OK) return NULL;
    wl_balda_searched *searched = malloc(sizeof *searched);
    if (searched == NULL) {
        wl_balda_searched_free(&found);
        last_error.status = WL_NO_MEMORY;
        return NULL;
    }
    *searched = found;
    return searched;
}

EXPORT(wl_searched_count) double wasm_searched_count(const wl_balda_searched *s) { return (double)s->count; }
EXPORT(wl_searched_value) int32_t wasm_searched_value(const wl_balda_searched *s, size_t i) { return s->values[i]; }
EXPORT(wl_searched_nodes) double wasm_searched_nodes(const wl_balda_searched *s) { return (double)s->nodes; }
EXPORT(wl_searched_depth) int wasm_searched_depth(const wl_balda_searched *s) { return s->depth; }
EXPORT(wl_searched_exact) int wasm_searched_exact(const wl_balda_searched *s) { return s->exact; }

EXPORT(wl_searched_release) void wasm_searched_release(wl_balda_searched *searched) {
    if (searched == NULL) return;
    wl_balda_searched_free(searched);
    free(searched);
}

/* Wordgame's equity (wordlist.h): the leave values by tile (nletters + 1 each; the vowels' mask in
   two halves, as JavaScript numbers hold 53 bits), the rack's distinct letters, their counts and its
   blanks; `equities` gets one int64 a move of `moves`. 1, or 0 with the error kept. */
static wl_leaves leaves_of(const wl_graph *graph, const uint32_t *letters, const int32_t *values,
                           const int32_t *duplicates, uint32_t vowels_low, uint32_t vowels_high, int32_t balance) {
    wl_leaves leaves = {wl_graph_letters(graph), letters, values, duplicates, (uint64_t)vowels_high << 32 | vowels_low,
                        balance};
    return leaves;
}

/* A position holding only a rack (all the equity reads of it). */
static wl_wordgame rack_of(const uint8_t *rack_letters, const uint8_t *rack_counts, int rack_distinct, int blank_tiles) {
    wl_wordgame rack = {0};
    rack.rack_letters = rack_letters;
    rack.rack_counts = rack_counts;
    rack.rack_distinct = rack_distinct;
    rack.blank_tiles = blank_tiles;
    return rack;
}

EXPORT(wl_wordgame_equities)
int wasm_wordgame_equities(const wl_graph *graph, const wl_moves *moves, const uint32_t *letters, const int32_t *values,
                           const int32_t *duplicates, uint32_t vowels_low, uint32_t vowels_high, int32_t balance,
                           const uint8_t *rack_letters,
                           const uint8_t *rack_counts, int rack_distinct, int blank_tiles, int bag, int64_t *equities) {
    wl_leaves leaves = leaves_of(graph, letters, values, duplicates, vowels_low, vowels_high, balance);
    wl_wordgame rack = rack_of(rack_letters, rack_counts, rack_distinct, blank_tiles);
    return wl_wordgame_equities(&leaves, &rack, moves, bag, equities, &last_error) == WL_OK;
}

/* The best exchange into `returned` (nletters + 1 counts) and `value`; 1, 0 for none (an empty
   rack), -1 with the error kept. `instead`: whether it beats every one of `count` equities. */
EXPORT(wl_wordgame_exchange)
int wasm_wordgame_exchange(const wl_graph *graph, const uint32_t *letters, const int32_t *values,
                           const int32_t *duplicates, uint32_t vowels_low, uint32_t vowels_high, int32_t balance,
                           const uint8_t *rack_letters,
                           const uint8_t *rack_counts, int rack_distinct, int blank_tiles, int bag, uint8_t *returned,
                           int64_t *value, const int64_t *equities, double count, int32_t *instead) {
    wl_leaves leaves = leaves_of(graph, letters, values, duplicates, vowels_low, vowels_high, balance);
    wl_wordgame rack = rack_of(rack_letters, rack_counts, rack_distinct, blank_tiles);
    wl_exchange best;
    if (wl_wordgame_exchange(&leaves, &rack, bag, &best, &last_error) != WL_OK) return -1;
    for (int t = 0; t <= leaves.nletters; t++) returned[t] = best.returned[t];
    *value = best.value;
    *instead = wl_wordgame_exchange_instead(&best, equities, (size_t)count);
    return best.found;
}

/* The expert's simulation (wl_wordgame_simulate) of the position `moves` came from (the arguments
   of wl_wordgame), on `nracks` opponent racks (nletters + 1 counts each); `values` gets one int64 a
   move. 1, or 0 with the error kept. */
EXPORT(wl_wordgame_simulate)
int wasm_wordgame_simulate(const wl_graph *graph, int size, const uint8_t *board, const uint8_t *blanks,
                           const uint8_t *letter_premiums, const uint8_t *word_premiums, const int32_t *points,
                           const uint8_t *rack_letters, const uint8_t *rack_counts, int rack_distinct, int blank_tiles,
                           int rack_tiles, int bingo_tiles, int first_word, int start_row, int start_col,
                           const wl_moves *moves, const uint32_t *letters, const int32_t *values,
                           const int32_t *duplicates, uint32_t vowels_low, uint32_t vowels_high, int32_t balance,
                           const uint8_t *racks, double nracks, int candidates, int bag, int64_t *equities,
                           int64_t *out) {
    wl_wordgame position = {size,        board,       blanks,       letter_premiums, word_premiums,
                            points,      rack_letters, rack_counts, rack_distinct,   blank_tiles,
                            rack_tiles,  bingo_tiles, first_word,   start_row,       start_col,
                            0};
    wl_leaves leaves = leaves_of(graph, letters, values, duplicates, vowels_low, vowels_high, balance);
    if (candidates < 0 || wl_wordgame_equities(&leaves, &position, moves, bag, equities, &last_error) != WL_OK)
        return 0;
    return wl_wordgame_simulate(graph, &leaves, &position, moves, equities, (size_t)candidates, racks, (size_t)nracks,
                                bag, out, &last_error) == WL_OK;
}

EXPORT(wl_moves_count) double wasm_moves_count(const wl_moves *moves) { return (double)moves->count; }
/* Where move i's bytes begin (its layout: wordlist.h). */
EXPORT(wl_move) const uint8_t *wasm_move(const wl_moves *moves, size_t i) { return moves->data + moves->start[i]; }
EXPORT(wl_move_points) double wasm_move_points(const wl_moves *moves, size_t i) { return (double)moves->points[i]; }
EXPORT(wl_moves_best) double wasm_moves_best(const wl_moves *moves) { return (double)wl_moves_best(moves); }
EXPORT(wl_moves_steps) double wasm_moves_steps(const wl_moves *moves) { return (double)moves->steps; }

EXPORT(wl_moves_release) void wasm_moves_release(wl_moves *moves) {
    if (moves == NULL) return;
    wl_moves_free(moves);
    free(moves);
}
