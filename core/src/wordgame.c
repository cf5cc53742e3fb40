/* Wordgame's moves: Appel & Jacobson along each line (wordlist/games/wordgame/movegen.py is the
   reference; the same moves in the same order with the same points). Cross-sets are bit masks
   over the alphabet; blanks try every letter the graph offers. A node is entered (its guide
   checked) wherever the reference lists its children, so a damaged guide fails both alike. */
#include <string.h>

#include "internal.h"

#define ANY UINT64_MAX /* the cross-set of a square with no tile across the line */

typedef struct {
    const wl_graph *g;
    search_out *out;
    int size;
    const uint8_t *board;           /* size x size letter indexes, row-major */
    const int32_t *worth;           /* the points of the tile on each square (0: empty or a blank) */
    const uint8_t *lm_all, *wm_all; /* premiums, row-major */
    const int32_t *points;          /* a tile's points, by letter */
    int nrack;                      /* distinct letters on the rack, in the order they are tried */
    uint8_t rack_letter[WL_MAX_LETTERS];
    int count[WL_MAX_LETTERS];
    int blanks, rack_tiles, bingo_tiles, min_letters;
    int empty_board;
    /* the line being searched */
    int flag, line;
    uint8_t row[WL_MAX_LINE];
    int32_t row_worth[WL_MAX_LINE];
    uint8_t lm[WL_MAX_LINE], wm[WL_MAX_LINE];
    uint64_t mask[WL_MAX_LINE]; /* cross-sets */
    int32_t cross[WL_MAX_LINE]; /* the cross word's tiles' points; -1: no cross word */
    /* the word being built */
    uint8_t word_letter[WL_MAX_LINE], word_kind[WL_MAX_LINE];
    int ntiles, word_start;
    int32_t values[WL_MAX_LINE]; /* the points of the left part's tiles */
} search;

static inline uint8_t at(const search *w, int flag, int line, int pos) {
    return flag == 0 ? w->board[line * w->size + pos] : w->board[pos * w->size + line];
}

static inline int32_t worth_at(const search *w, int flag, int line, int pos) {
    return flag == 0 ? w->worth[line * w->size + pos] : w->worth[pos * w->size + line];
}

static void record(search *w, int64_t main, int multiplier, int64_t cross, int placed) {
    if (w->ntiles < w->min_letters) return;
    if (placed == 1 && w->flag == 1) { /* a lone tile with a word sideways was found across */
        int offset = 0;
        while (w->word_kind[offset] == WL_ON_BOARD) offset++;
        if (w->cross[w->word_start + offset] >= 0) return;
    }
    int64_t bingo = placed == w->bingo_tiles ? 2 : 1;
    uint8_t *m = wl_move_room(w->out, 4 + 2 * (size_t)w->ntiles, main * multiplier * bingo + cross);
    if (m == NULL) return;
    m[0] = (uint8_t)w->flag;
    m[1] = (uint8_t)w->line;
    m[2] = (uint8_t)w->word_start;
    m[3] = (uint8_t)w->ntiles;
    for (int k = 0; k < w->ntiles; k++) {
        m[4 + 2 * k] = w->word_letter[k];
        m[5 + 2 * k] = w->word_kind[k];
    }
}

#define CHECKED 1
#define NAMED(name) name##_checked
#include "wordgame_search.h"
#undef CHECKED
#undef NAMED
#define CHECKED 0
#define NAMED(name) name##_regular
#include "wordgame_search.h"
#undef CHECKED
#undef NAMED

wl_status wl_wordgame_moves(const wl_graph *graph, const wl_wordgame *p, wl_moves *moves, wl_error *error) {
    memset(moves, 0, sizeof *moves);
    error->status = WL_OK;
    if (graph->nletters < 1) return wl_bad_argument(error, "the graph has no alphabet");
    if (p->size < 1 || p->size > WL_MAX_LINE) return wl_bad_argument(error, "a board of 1 to 26 squares a side");
    int cells = p->size * p->size;
    if (p->rack_distinct < 0 || p->rack_distinct > WL_MAX_LETTERS || p->rack_tiles < 0 || p->rack_tiles > 255 ||
        p->blank_tiles < 0 || p->blank_tiles > p->rack_tiles || p->bingo_tiles < 0 || p->first_word < 0 ||
        p->start_row < 0 || p->start_row >= p->size || p->start_col < 0 || p->start_col >= p->size)
        return wl_bad_argument(error, "rack, bingo, first word or start square out of range");
    search w;
    memset(&w, 0, sizeof w);
    int total = 0;
    for (int k = 0; k < p->rack_distinct; k++) {
        if (p->rack_letters[k] >= graph->nletters || p->rack_counts[k] == 0)
            return wl_bad_argument(error, "the rack's letters, counts or the premiums are out of range");
        w.rack_letter[k] = p->rack_letters[k];
        w.count[k] = p->rack_counts[k];
        total += p->rack_counts[k];
    }
    if (total + p->blank_tiles > p->rack_tiles)
        return wl_bad_argument(error, "the rack's letters, counts or the premiums are out of range");
    for (int k = 0; k < graph->nletters; k++)
        if (p->points[k] < 0 || p->points[k] > WL_MAX_POINTS)
            return wl_bad_argument(error, "points: each letter's are between 0 and 1000");
    int empty = 1;
    int32_t worth[WL_MAX_LINE * WL_MAX_LINE];
    for (int cell = 0; cell < cells; cell++) {
        uint8_t letter = p->board[cell];
        if (letter < WL_FOREIGN && letter >= graph->nletters) return wl_bad_argument(error, "a square's letter is not one");
        if (p->letter_premiums[cell] < 1 || p->word_premiums[cell] < 1)
            return wl_bad_argument(error, "the rack's letters, counts or the premiums are out of range");
        if (letter != WL_EMPTY) empty = 0;
        worth[cell] = letter < graph->nletters && !p->blanks[cell] ? p->points[letter] : 0;
    }
    search_out out = {moves, error, 0, wl_graph_regular(graph)};
    moves->max_steps = p->max_steps && p->max_steps < WL_MAX_STEPS ? p->max_steps : WL_MAX_STEPS;
    w.g = graph;
    w.out = &out;
    w.size = p->size;
    w.board = p->board;
    w.worth = worth;
    w.lm_all = p->letter_premiums;
    w.wm_all = p->word_premiums;
    w.points = p->points;
    w.nrack = p->rack_distinct;
    w.blanks = p->blank_tiles;
    w.rack_tiles = p->rack_tiles;
    w.bingo_tiles = p->bingo_tiles;
    w.empty_board = empty;
    w.min_letters = empty ? p->first_word : 2;
    for (int flag = 0; flag < 2 && !out.failed; flag++) {
        w.flag = flag;
        for (int line = 0; line < w.size && !out.failed; line++) {
            w.line = line;
            int start_line = flag == 0 ? p->start_row : p->start_col, start_pos = flag == 0 ? p->start_col : p->start_row;
            if (out.regular) search_line_regular(&w, start_line, start_pos);
            else search_line_checked(&w, start_line, start_pos);
        }
    }
    if (out.failed) {
        uint64_t steps = moves->steps;
        wl_moves_free(moves);
        moves->steps = steps;
    }
    return error->status;
}
