/* Balda's word moves: paths over the board through one empty cell (wordlist/games/balda/movegen.py
   is the reference: the same moves in the same order). A path goes on only while it spells the
   start of some word; a node is entered (its guide checked) wherever the reference lists its
   children.

   Speed: the search takes a step for each cell a path reaches and looks up each neighbour's
   letter below the path's node, so the cost is in those look-ups and in branches no processor
   predicts (is the neighbour on the path, does its letter follow). Where every letter on the
   board is one UTF-8 byte (the children of a node are then one unit each, at node ^ offset ^
   byte), the look-ups of a cell's neighbours are made together without a branch into a bit set,
   and the search walks its set bits in the neighbours' order: the same children, entered in the
   same order, so the same moves and the same steps. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NEIGHBOURS 8

typedef struct {
    const wl_graph *g;
    search_out *out;
    uint64_t steps, max_steps; /* the search's work and budget (moves->steps, max_steps) */
    int ncells;
    uint32_t mask; /* the parts of speech that count */
    uint8_t board[WL_MAX_CELLS];
    /* each cell's neighbours with a letter of the alphabet (a tile that is none never follows),
       then the cell itself up to `width` (it is on the path whenever its neighbours are looked
       at: a look-up of a fixed number is one the processor predicts); and their letters' bytes
       where `one_byte` */
    uint8_t lettered[WL_MAX_CELLS][NEIGHBOURS], nlettered[WL_MAX_CELLS];
    uint8_t lettered_byte[WL_MAX_CELLS][NEIGHBOURS];
    int width;    /* neighbours a cell can have: 8 with diagonals, 4 without */
    int one_byte; /* every letter on the board is one UTF-8 byte */
    uint8_t open[WL_MAX_CELLS][NEIGHBOURS], nopen[WL_MAX_CELLS]; /* where a letter may go */
    uint8_t can_place[WL_MAX_CELLS];
    uint8_t used[WL_MAX_CELLS]; /* on the path */
    uint8_t path[WL_MAX_CELLS];
    int plen;
    /* the words scored before, grouped by length: those of L letters are [scored_from[L], [L + 1]) */
    const uint8_t **scored_word;
    const uint64_t **scored_cells;
    size_t scored_from[WL_MAX_CELLS + 2];
} search;

static inline void push(search *b, int cell) {
    b->path[b->plen++] = (uint8_t)cell;
    b->used[cell] = 1;
}

static inline void pop(search *b) { b->used[b->path[--b->plen]] = 0; }

/* Count a step of the search (wl_moves.steps); nonzero when the search stops: out of steps, or
   failed before (then every level returns). */
static inline int stopped(search *b) {
    if (__builtin_expect(++b->steps <= b->max_steps && !b->out->failed, 1)) return 0;
    if (!b->out->failed) wl_fail(b->out, WL_OUT_OF_STEPS, b->max_steps);
    return 1;
}

static void record(search *b, int new_cell, int letter) {
    int plen = b->plen;
    /* rule C: the same word scored before on a cell of this path (the letters first: they differ
       most often, and the path's cells are gathered only for a word that matches) */
    uint64_t on_path[2] = {0, 0};
    int gathered = 0;
    for (size_t s = b->scored_from[plen]; s < b->scored_from[plen + 1]; s++) {
        const uint8_t *word = b->scored_word[s];
        int k = 0;
        while (k < plen && word[k] == (b->path[k] == new_cell ? letter : b->board[b->path[k]])) k++;
        if (k < plen) continue;
        if (!gathered) {
            for (k = 0; k < plen; k++) on_path[b->path[k] >> 6] |= 1ull << (b->path[k] & 63);
            gathered = 1;
        }
        const uint64_t *cells = b->scored_cells[s];
        if ((cells[0] & on_path[0]) | (cells[1] & on_path[1])) return;
    }
    uint8_t *m = wl_move_room(b->out, 3 + (size_t)plen, plen);
    if (m == NULL) return;
    m[0] = (uint8_t)new_cell;
    m[1] = (uint8_t)letter;
    m[2] = (uint8_t)plen;
    memcpy(m + 3, b->path, (size_t)plen);
}

static inline int counts(const search *b, uint32_t node) {
    int64_t v = value_of(b->g, node);
    return v >= 0 && ((uint32_t)v & b->mask);
}

/* The children of `node` (entered with `state`) by the letters of `cell`'s neighbours: bit k of
   the result is set where neighbour k is off the path and its letter follows, child[k] its node. */
static inline __attribute__((always_inline)) unsigned neighbour_children(const search *b, int cell, uint32_t node,
                                                                          uint8_t state, uint32_t child[NEIGHBOURS],
                                                                          int width) {
    const wl_graph *g = b->g;
    const uint8_t *around = b->lettered[cell];
    unsigned found = 0;
    uint32_t base = node ^ offset_of(unit_at(g, node));
    if (b->one_byte && !(state & NODE_PARTIAL) && (base | 0xFF) < g->n) {
        /* every child of the node is a unit of the graph: no index to check */
        const uint8_t *bytes = b->lettered_byte[cell];
        for (int k = 0; k < width; k++) {
            uint32_t byte = bytes[k], at = base ^ byte;
            unsigned follows = (unit_at(g, at) & WL_LABEL_MASK) == byte;
            child[k] = at;
            found |= (follows & !b->used[around[k]]) << k;
        }
        return found;
    }
    for (int k = 0; k < b->nlettered[cell]; k++) {
        int step = around[k];
        if (b->used[step]) continue;
        int64_t at = follow_letter(g, node, state, b->board[step]);
        if (at < 0) continue;
        child[k] = (uint32_t)at;
        found |= 1u << k;
    }
    return found;
}

/* The path (ending at `cell`) holds the new letter and leads to the entered `node`: only cells
   with letters follow. */
static inline __attribute__((always_inline)) void placed_over(search *b, int cell, uint32_t node, uint8_t state,
                                                              int new_cell, int letter, int width);

static void placed_4(search *b, int cell, uint32_t node, uint8_t state, int new_cell, int letter) {
    placed_over(b, cell, node, state, new_cell, letter, 4);
}

static void placed_8(search *b, int cell, uint32_t node, uint8_t state, int new_cell, int letter) {
    placed_over(b, cell, node, state, new_cell, letter, 8);
}

static inline __attribute__((always_inline)) void placed_over(search *b, int cell, uint32_t node, uint8_t state,
                                                              int new_cell, int letter, int width) {
    if (stopped(b)) return;
    uint32_t children[NEIGHBOURS];
    for (unsigned found = neighbour_children(b, cell, node, state, children, width); found; found &= found - 1) {
        int k = __builtin_ctz(found), step = b->lettered[cell][k];
        uint32_t child = children[k];
        push(b, step);
        if (counts(b, child)) record(b, new_cell, letter);
        uint8_t grand = enter(b->out, b->g, child, 1);
        if (grand & NODE_HAS_CHILDREN) (width == 8 ? placed_8 : placed_4)(b, step, child, grand, new_cell, letter);
        pop(b);
        if (b->out->failed) return;
    }
}

static void placed(search *b, int cell, uint32_t node, uint8_t state, int new_cell, int letter) {
    if (b->width == 8) placed_8(b, cell, node, state, new_cell, letter);
    else placed_4(b, cell, node, state, new_cell, letter);
}

/* The letters that follow a node and their nodes (wl_list_children), listed once for every empty
   neighbour of the path's end. */
typedef struct {
    int n;
    uint8_t letters[WL_MAX_LETTERS];
    uint32_t nodes[WL_MAX_LETTERS];
} letter_children;

/* The path ends at the empty cell `step`: try each of the letters `after` the path's node. */
static void place_here(search *b, int step, const letter_children *after) {
    if (stopped(b)) return;
    push(b, step);
    int word = b->plen > 1;
    for (int k = 0; k < after->n && !b->out->failed; k++) {
        if (word && counts(b, after->nodes[k])) record(b, step, after->letters[k]);
        uint8_t grand = enter(b->out, b->g, after->nodes[k], 1);
        if (grand & NODE_HAS_CHILDREN) placed(b, step, after->nodes[k], grand, step, after->letters[k]);
    }
    pop(b);
}

/* Every empty neighbour of `cell` off the path gets the letters that follow `node`. */
static void place_around(search *b, int cell, uint32_t node) {
    letter_children after;
    after.n = -1;
    for (int k = 0; k < b->nopen[cell] && !b->out->failed; k++) {
        int step = b->open[cell][k];
        if (b->used[step]) continue;
        if (after.n < 0) after.n = wl_list_children(b->g, node, after.letters, after.nodes);
        place_here(b, step, &after);
    }
}

/* The path (ending at `cell`) runs over letters and leads to the entered `node`; it may still
   cross an empty cell. */
static void unplaced(search *b, int cell, uint32_t node, uint8_t state) {
    if (stopped(b)) return;
    uint32_t children[NEIGHBOURS];
    for (unsigned found = neighbour_children(b, cell, node, state, children, b->width); found; found &= found - 1) {
        int k = __builtin_ctz(found), step = b->lettered[cell][k];
        uint32_t child = children[k];
        uint8_t grand = enter(b->out, b->g, child, 1);
        if (b->out->failed) return;
        if (!(grand & NODE_HAS_CHILDREN)) continue;
        push(b, step);
        unplaced(b, step, child, grand);
        pop(b);
    }
    place_around(b, cell, node);
}

static const int steps[8][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

/* The board's neighbours, and the scored words grouped by length (rule C); 0 or a status. */
static wl_status prepare(search *b, const wl_balda *p, wl_error *error) {
    const wl_graph *g = b->g;
    int size = p->size;
    b->width = p->diagonal ? 8 : 4;
    b->one_byte = 1;
    for (int i = 0; i < b->ncells; i++) {
        int row = i / size, col = i % size, touches_letter = 0;
        for (int s = 0; s < b->width; s++) {
            int r = row + steps[s][0], c = col + steps[s][1];
            if (r >= 0 && r < size && c >= 0 && c < size && b->board[r * size + c] != WL_EMPTY) touches_letter = 1;
        }
        b->can_place[i] = b->board[i] == WL_EMPTY && touches_letter;
        if (b->board[i] < g->nletters && g->length[b->board[i]] != 1) b->one_byte = 0;
    }
    for (int i = 0; i < b->ncells; i++) {
        int row = i / size, col = i % size;
        for (int s = 0; s < b->width; s++) {
            int r = row + steps[s][0], c = col + steps[s][1];
            if (r < 0 || r >= size || c < 0 || c >= size) continue;
            int j = r * size + c;
            if (b->board[j] < g->nletters) {
                b->lettered_byte[i][b->nlettered[i]] = g->bytes[b->board[j]][0];
                b->lettered[i][b->nlettered[i]++] = (uint8_t)j;
            }
            if (b->can_place[j]) b->open[i][b->nopen[i]++] = (uint8_t)j;
        }
        for (int k = b->nlettered[i]; k < NEIGHBOURS; k++) b->lettered[i][k] = (uint8_t)i;
    }
    size_t n = p->n_scored, offset = 0;
    b->scored_word = calloc(n + 1, sizeof *b->scored_word);
    b->scored_cells = calloc(n + 1, sizeof *b->scored_cells);
    size_t *from = calloc(n + 1, sizeof *from);
    if (b->scored_word == NULL || b->scored_cells == NULL || from == NULL) {
        free(from);
        error->status = WL_NO_MEMORY;
        return WL_NO_MEMORY;
    }
    size_t filled[WL_MAX_CELLS + 2] = {0};
    for (size_t s = 0; s < n; s++) { /* count those that a path could spell */
        int length = p->scored_lengths[s];
        from[s] = offset;
        offset += (size_t)length;
        int spelled = length >= 1 && length <= WL_MAX_CELLS;
        for (int k = 0; k < length && spelled; k++) spelled = p->scored_letters[from[s] + (size_t)k] < g->nletters;
        if (spelled) b->scored_from[length + 1]++;
    }
    for (int length = 1; length <= WL_MAX_CELLS + 1; length++) b->scored_from[length] += b->scored_from[length - 1];
    for (size_t s = 0; s < n; s++) { /* grouped by length, each group in the order given */
        int length = p->scored_lengths[s];
        int spelled = length >= 1 && length <= WL_MAX_CELLS;
        for (int k = 0; k < length && spelled; k++) spelled = p->scored_letters[from[s] + (size_t)k] < g->nletters;
        if (!spelled) continue;
        size_t slot = b->scored_from[length] + filled[length]++;
        b->scored_word[slot] = p->scored_letters + from[s];
        b->scored_cells[slot] = p->scored_cells + 2 * s;
    }
    free(from);
    return WL_OK;
}

wl_status wl_balda_moves(const wl_graph *graph, const wl_balda *p, wl_moves *moves, wl_error *error) {
    memset(moves, 0, sizeof *moves);
    error->status = WL_OK;
    if (graph->nletters < 1) return wl_bad_argument(error, "the graph has no alphabet");
    if (p->size < 1 || p->size * p->size > WL_MAX_CELLS) return wl_bad_argument(error, "a Balda board of at most 128 cells");
    search *b = calloc(1, sizeof *b);
    if (b == NULL) {
        error->status = WL_NO_MEMORY;
        return WL_NO_MEMORY;
    }
    b->g = graph;
    b->ncells = p->size * p->size;
    b->mask = p->mask & WL_VALUE_MASK;
    for (int i = 0; i < b->ncells; i++) {
        uint8_t letter = p->board[i];
        if (letter < WL_FOREIGN && letter >= graph->nletters) {
            free(b);
            return wl_bad_argument(error, "a square's letter is not one");
        }
        b->board[i] = letter;
    }
    if (prepare(b, p, error) == WL_OK) {
        search_out out = {moves, error, 0, wl_graph_regular(graph)};
        moves->max_steps = b->max_steps = p->max_steps && p->max_steps < WL_MAX_STEPS ? p->max_steps : WL_MAX_STEPS;
        b->out = &out;
        uint8_t roots = enter(&out, graph, WL_ROOT, 1);
        letter_children first;
        first.n = -1;
        for (int start = 0; start < b->ncells && roots; start++) {
            if (out.failed) break;
            if (b->board[start] != WL_EMPTY) {
                int64_t child = follow_letter(graph, WL_ROOT, roots, b->board[start]);
                if (child < 0) continue;
                uint8_t grand = enter(&out, graph, (uint32_t)child, 1);
                if (grand & NODE_HAS_CHILDREN) {
                    push(b, start);
                    unplaced(b, start, (uint32_t)child, grand);
                    pop(b);
                }
            } else if (b->can_place[start]) {
                if (first.n < 0) first.n = wl_list_children(graph, WL_ROOT, first.letters, first.nodes);
                place_here(b, start, &first);
            }
        }
        if (out.failed) wl_moves_free(moves);
        moves->steps = b->steps;
    }
    free(b->scored_word);
    free(b->scored_cells);
    free(b);
    return error->status;
}
