/* Balda's word moves: paths over the board through one empty cell (wordlist/games/balda/movegen.py
   is the reference: the same moves in the same order). A path goes on only while it spells the
   start of some word; a node is entered (its guide checked) wherever the reference lists its
   children. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NEIGHBOURS 8

typedef struct {
    const wl_graph *g;
    search_out *out;
    int ncells;
    uint32_t mask; /* the parts of speech that count */
    uint8_t board[WL_MAX_CELLS];
    uint8_t lettered[WL_MAX_CELLS][NEIGHBOURS], nlettered[WL_MAX_CELLS]; /* neighbours with a letter */
    uint8_t open[WL_MAX_CELLS][NEIGHBOURS], nopen[WL_MAX_CELLS];         /* where a letter may go */
    uint8_t can_place[WL_MAX_CELLS];
    uint8_t used[WL_MAX_CELLS];
    uint8_t path[WL_MAX_CELLS];
    int plen;
    uint64_t on_path[2]; /* the path's cells as a set */
    /* the words scored before, grouped by length: those of L letters are [scored_from[L], [L + 1]) */
    const uint8_t **scored_word;
    const uint64_t **scored_cells;
    size_t scored_from[WL_MAX_CELLS + 2];
} search;

static inline void push(search *b, int cell) {
    b->path[b->plen++] = (uint8_t)cell;
    b->on_path[cell >> 6] |= 1ull << (cell & 63);
}

static inline void pop(search *b) {
    int cell = b->path[--b->plen];
    b->on_path[cell >> 6] &= ~(1ull << (cell & 63));
}

static void record(search *b, int new_cell, int letter) {
    int plen = b->plen;
    /* rule C: the same word scored before on a cell of this path */
    for (size_t s = b->scored_from[plen]; s < b->scored_from[plen + 1]; s++) {
        const uint64_t *cells = b->scored_cells[s];
        if (!((cells[0] & b->on_path[0]) | (cells[1] & b->on_path[1]))) continue;
        const uint8_t *word = b->scored_word[s];
        int k = 0;
        while (k < plen && word[k] == (b->path[k] == new_cell ? letter : b->board[b->path[k]])) k++;
        if (k == plen) return;
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

/* The path (ending at `cell`) holds the new letter and leads to the entered `node`: only cells
   with letters follow. */
static void placed(search *b, int cell, uint32_t node, uint8_t state, int new_cell, int letter) {
    STEP(b->out);
    for (int k = 0; k < b->nlettered[cell]; k++) {
        int step = b->lettered[cell][k];
        if (b->used[step]) continue;
        int64_t child = follow_letter(b->g, node, state, b->board[step]);
        if (child < 0) continue;
        push(b, step);
        if (counts(b, (uint32_t)child)) record(b, new_cell, letter);
        uint8_t grand = enter(b->out, b->g, (uint32_t)child, 1);
        if (grand & NODE_HAS_CHILDREN) {
            b->used[step] = 1;
            placed(b, step, (uint32_t)child, grand, new_cell, letter);
            b->used[step] = 0;
        }
        pop(b);
        if (b->out->failed) return;
    }
}

/* The path ends at the empty cell `step`: try each letter the graph allows after the entered `node`. */
static void place_here(search *b, int step, uint32_t node) {
    STEP(b->out);
    uint8_t letters[WL_MAX_LETTERS];
    uint32_t nodes[WL_MAX_LETTERS];
    int n = wl_list_children(b->g, node, letters, nodes);
    push(b, step);
    b->used[step] = 1;
    int word = b->plen > 1;
    for (int k = 0; k < n && !b->out->failed; k++) {
        if (word && counts(b, nodes[k])) record(b, step, letters[k]);
        uint8_t grand = enter(b->out, b->g, nodes[k], 1);
        if (grand & NODE_HAS_CHILDREN) placed(b, step, nodes[k], grand, step, letters[k]);
    }
    b->used[step] = 0;
    pop(b);
}

/* The path (ending at `cell`) runs over letters and leads to the entered `node`; it may still
   cross an empty cell. */
static void unplaced(search *b, int cell, uint32_t node, uint8_t state) {
    STEP(b->out);
    for (int k = 0; k < b->nlettered[cell]; k++) {
        int step = b->lettered[cell][k];
        if (b->used[step]) continue;
        int64_t child = follow_letter(b->g, node, state, b->board[step]);
        if (child < 0) continue;
        uint8_t grand = enter(b->out, b->g, (uint32_t)child, 1);
        if (b->out->failed) return;
        if (!(grand & NODE_HAS_CHILDREN)) continue;
        b->used[step] = 1;
        push(b, step);
        unplaced(b, step, (uint32_t)child, grand);
        pop(b);
        b->used[step] = 0;
    }
    for (int k = 0; k < b->nopen[cell] && !b->out->failed; k++) {
        int step = b->open[cell][k];
        if (!b->used[step]) place_here(b, step, node);
    }
}

static const int steps[8][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

/* The board's neighbours, and the scored words grouped by length (rule C); 0 or a status. */
static wl_status prepare(search *b, const wl_balda *p, wl_error *error) {
    int size = p->size;
    for (int i = 0; i < b->ncells; i++) {
        int row = i / size, col = i % size, touches_letter = 0;
        for (int s = 0; s < (p->diagonal ? 8 : 4); s++) {
            int r = row + steps[s][0], c = col + steps[s][1];
            if (r >= 0 && r < size && c >= 0 && c < size && b->board[r * size + c] != WL_EMPTY) touches_letter = 1;
        }
        b->can_place[i] = b->board[i] == WL_EMPTY && touches_letter;
    }
    for (int i = 0; i < b->ncells; i++) {
        int row = i / size, col = i % size;
        for (int s = 0; s < (p->diagonal ? 8 : 4); s++) {
            int r = row + steps[s][0], c = col + steps[s][1];
            if (r < 0 || r >= size || c < 0 || c >= size) continue;
            int j = r * size + c;
            if (b->board[j] != WL_EMPTY) b->lettered[i][b->nlettered[i]++] = (uint8_t)j;
            if (b->can_place[j]) b->open[i][b->nopen[i]++] = (uint8_t)j;
        }
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
        for (int k = 0; k < length && spelled; k++) spelled = p->scored_letters[from[s] + (size_t)k] < b->g->nletters;
        if (spelled) b->scored_from[length + 1]++;
    }
    for (int length = 1; length <= WL_MAX_CELLS + 1; length++) b->scored_from[length] += b->scored_from[length - 1];
    for (size_t s = 0; s < n; s++) { /* grouped by length, each group in the order given */
        int length = p->scored_lengths[s];
        int spelled = length >= 1 && length <= WL_MAX_CELLS;
        for (int k = 0; k < length && spelled; k++) spelled = p->scored_letters[from[s] + (size_t)k] < b->g->nletters;
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
        moves->max_steps = p->max_steps && p->max_steps < WL_MAX_STEPS ? p->max_steps : WL_MAX_STEPS;
        b->out = &out;
        uint8_t roots = enter(&out, graph, WL_ROOT, 1);
        for (int start = 0; start < b->ncells && roots; start++) {
            if (out.failed) break;
            if (b->board[start] != WL_EMPTY) {
                int64_t child = follow_letter(graph, WL_ROOT, roots, b->board[start]);
                if (child < 0) continue;
                uint8_t grand = enter(&out, graph, (uint32_t)child, 1);
                if (grand & NODE_HAS_CHILDREN) {
                    b->used[start] = 1;
                    push(b, start);
                    unplaced(b, start, (uint32_t)child, grand);
                    pop(b);
                    b->used[start] = 0;
                }
            } else if (b->can_place[start]) {
                place_here(b, start, WL_ROOT);
            }
        }
        if (out.failed) {
            uint64_t spent = moves->steps;
            wl_moves_free(moves);
            moves->steps = spent;
        }
    }
    free(b->scored_word);
    free(b->scored_cells);
    free(b);
    return error->status;
}
