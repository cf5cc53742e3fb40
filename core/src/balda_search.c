/* Balda's lookahead: alpha-beta over both players' moves within a budget of positions.
   wordlist/games/balda/search.py is the reference (its docstring gives the rules): the same
   positions visited in the same order, the same values. A position is the caller's board and
   scored words plus a stack of the moves played on it (each one's letter on the board, its word
   pushed on the scored words), so nothing is copied per position. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define INF (1 << 30) /* beyond any score difference */

typedef struct {
    const wl_graph *g;
    wl_error *error;
    wl_balda pos; /* its board and scored words point into the buffers below */
    uint8_t board[WL_MAX_CELLS];
    uint8_t *lengths;
    uint8_t *letters;
    uint64_t *cells;
    size_t n_scored, n_letters;
    int empty;
    uint64_t nodes, budget;
    int cut, exhausted, failed;
} searcher;

/* The moves of the current position; nonzero if the generator failed (the error is kept). */
static int generate(searcher *s, wl_moves *moves) {
    s->pos.n_scored = s->n_scored;
    if (wl_balda_moves(s->g, &s->pos, moves, s->error) != WL_OK) {
        wl_moves_free(moves);
        s->failed = 1;
        return 1;
    }
    return 0;
}

static void play(searcher *s, const uint8_t *move) {
    int cell = move[0], plen = move[2];
    const uint8_t *path = move + 3;
    s->board[cell] = move[1];
    s->empty--;
    uint64_t *cells = s->cells + 2 * s->n_scored;
    cells[0] = cells[1] = 0;
    for (int k = 0; k < plen; k++) {
        s->letters[s->n_letters + (size_t)k] = s->board[path[k]];
        cells[path[k] >> 6] |= 1ull << (path[k] & 63);
    }
    s->lengths[s->n_scored++] = (uint8_t)plen;
    s->n_letters += (size_t)plen;
}

static void unplay(searcher *s, const uint8_t *move) {
    s->board[move[0]] = WL_EMPTY;
    s->empty++;
    s->n_scored--;
    s->n_letters -= move[2];
}

/* The moves' indexes, most points first, the generator's order among equals (a stable counting
   sort: points are path lengths, at most WL_MAX_CELLS); NULL without memory. */
static size_t *by_points(const wl_moves *moves) {
    size_t *order = malloc((moves->count + 1) * sizeof *order);
    if (order == NULL) return NULL;
    size_t at = 0;
    for (int points = WL_MAX_CELLS; points >= 1; points--)
        for (size_t i = 0; i < moves->count; i++)
            if (moves->points[i] == points) order[at++] = i;
    return order;
}

static const uint8_t *move_at(const wl_moves *moves, size_t i) { return moves->data + moves->start[i]; }

static int negamax(searcher *s, int diff, int depth, int alpha, int beta) {
    s->nodes++;
    if (s->empty == 0) return diff;
    wl_moves moves;
    if (generate(s, &moves)) return 0;
    if (moves.count == 0) { /* single letters only: the line ends here */
        wl_moves_free(&moves);
        return diff + 1;
    }
    if (depth == 0) {
        s->cut = 1;
        int most = (int)moves.points[wl_moves_best(&moves)];
        wl_moves_free(&moves);
        return diff + most;
    }
    size_t *order = by_points(&moves);
    int best = -INF;
    if (order == NULL) {
        s->failed = 1;
        s->error->status = WL_NO_MEMORY;
    }
    for (size_t k = 0; order != NULL && k < moves.count; k++) {
        if (s->nodes >= s->budget) {
            s->exhausted = 1;
            break;
        }
        const uint8_t *move = move_at(&moves, order[k]);
        int points = move[2];
        play(s, move);
        int value = -negamax(s, -(diff + points), depth - 1, -beta, -(alpha > best ? alpha : best));
        unplay(s, move);
        if (s->exhausted || s->failed) break;
        if (value > best) {
            best = value;
            if (best >= beta) break;
        }
    }
    free(order);
    wl_moves_free(&moves);
    return best;
}

void wl_balda_searched_free(wl_balda_searched *searched) {
    free(searched->values);
    memset(searched, 0, sizeof *searched);
}

wl_status wl_balda_search(const wl_graph *graph, const wl_balda *position, int32_t difference, uint64_t budget,
                          wl_balda_searched *searched, wl_error *error) {
    memset(searched, 0, sizeof *searched);
    error->status = WL_OK;
    if (position->size < 1 || position->size * position->size > WL_MAX_CELLS)
        return wl_bad_argument(error, "a Balda board of at most 128 cells");
    if (difference <= -INF / 2 || difference >= INF / 2) return wl_bad_argument(error, "a score difference too large");
    int ncells = position->size * position->size;
    searcher s;
    memset(&s, 0, sizeof s);
    s.g = graph;
    s.error = error;
    s.pos = *position;
    s.budget = budget;
    memcpy(s.board, position->board, (size_t)ncells);
    s.pos.board = s.board;
    size_t total = 0;
    for (size_t i = 0; i < position->n_scored; i++) total += position->scored_lengths[i];
    s.lengths = malloc(position->n_scored + WL_MAX_CELLS + 1);
    s.letters = malloc(total + (size_t)WL_MAX_CELLS * WL_MAX_CELLS + 1);
    s.cells = malloc((position->n_scored + WL_MAX_CELLS + 1) * 2 * sizeof *s.cells);
    wl_moves root;
    memset(&root, 0, sizeof root);
    size_t *order = NULL;
    int32_t *deeper = NULL;
    if (s.lengths == NULL || s.letters == NULL || s.cells == NULL) goto no_memory;
    memcpy(s.lengths, position->scored_lengths, position->n_scored);
    memcpy(s.letters, position->scored_letters, total);
    memcpy(s.cells, position->scored_cells, position->n_scored * 2 * sizeof *s.cells);
    s.pos.scored_lengths = s.lengths;
    s.pos.scored_letters = s.letters;
    s.pos.scored_cells = s.cells;
    s.n_scored = position->n_scored;
    s.n_letters = total;
    for (int i = 0; i < ncells; i++) s.empty += s.board[i] == WL_EMPTY;
    if (generate(&s, &root)) goto done;
    searched->values = malloc((root.count + 1) * sizeof *searched->values);
    deeper = malloc((root.count + 1) * sizeof *deeper);
    order = by_points(&root);
    if (searched->values == NULL || deeper == NULL || order == NULL) goto no_memory;
    searched->count = root.count;
    for (size_t i = 0; i < root.count; i++) searched->values[i] = difference + (int32_t)root.points[i];
    s.nodes = 1; /* the root */
    for (int depth = 1; depth <= s.empty; depth++) {
        s.cut = 0;
        memcpy(deeper, searched->values, root.count * sizeof *deeper);
        int best = -INF;
        for (size_t k = 0; k < root.count; k++) {
            if (s.nodes >= s.budget) {
                s.exhausted = 1;
                break;
            }
            const uint8_t *move = move_at(&root, order[k]);
            int points = move[2];
            int window = best > -INF ? best - 1 : -INF;
            play(&s, move);
            int value = -negamax(&s, -(difference + points), depth - 1, -INF, -window);
            unplay(&s, move);
            if (s.exhausted || s.failed) break;
            deeper[order[k]] = value;
            if (value > best) best = value;
        }
        if (s.failed) goto done;
        if (s.exhausted) break;
        memcpy(searched->values, deeper, root.count * sizeof *deeper);
        searched->depth = depth;
        if (!s.cut) {
            searched->exact = 1;
            break;
        }
    }
    searched->nodes = s.nodes;
    goto done;
no_memory:
    error->status = WL_NO_MEMORY;
done:
    if (error->status != WL_OK) wl_balda_searched_free(searched);
    free(order);
    free(deeper);
    wl_moves_free(&root);
    free(s.lengths);
    free(s.letters);
    free(s.cells);
    return error->status;
}
