/* The games' move generators in C: the same searches as wordlist/games/{balda,wordgame}/movegen.py (the
   reference, and the fallback where this cannot be compiled), over the same dawgdic units that
   wordlist.graph.Graph reads, returning the same moves in the same order.

   Graph(units, guide, letters) wraps the units (a buffer of native uint32, as Graph holds them),
   the completion guide (2 bytes a unit, or None) and the alphabet (at most 64 letters: a letter
   set is one uint64). Its methods `wordgame(...)` and `balda(...)` run a whole search with the GIL
   released and return a `Moves`: a read-only sequence whose items are the tuples the Python
   generators return, built only when read, and whose `points` lists every move's points.

   Safety: every unit index is checked against the unit count before it is read (a damaged file
   whose checksums match must not make us read outside the buffer), every input is checked before
   the search starts, and nothing is global: a Graph never changes after it is made and a search
   keeps its state on the stack and in its own result, so any number of threads may search one
   Graph at once. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_limits.h" /* wordlist/format/limits.py's numbers (`python -m wordlist.format.limits_files`) */

#define MAX_LETTERS WORDLIST_COMPILED_LETTERS /* letter sets are uint64 bit masks */
#define MAX_LINE WORDLIST_MAX_BOARD           /* Wordgame: the longest board side */
#define MAX_CELLS WORDLIST_COMPILED_CELLS     /* Balda: cells of the board; sets are 2 x uint64 */
#if MAX_LETTERS > 64 || MAX_CELLS > 128
#error "a set of letters is one uint64 and a set of cells two: see wordlist/format/limits.py"
#endif
#define MAX_NEIGHBOURS 8
#define EMPTY 255        /* no tile on the square */
#define FOREIGN 254      /* a tile that is not a letter of the alphabet: never followed */
#define HAS_LEAF (1u << 8)
#define EXTENSION (1u << 9)
#define LABEL_MASK 0x800000FFu
#define VALUE_MASK 0x7FFFFFFFu
#define ON_BOARD 0
#define TILE 1
#define BLANK_TILE 2
#define ANY UINT64_MAX   /* the cross-set of a square with no tile across the line */
#define MAX_POINTS WORDLIST_MAX_POINTS /* of one tile */
/* A bound on the work of one search (a keyword argument lowers it). A word list's DAWG is acyclic,
   so its searches end: the heaviest seen (two blanks on a Wordgame board, a 9x9 Balda board with
   diagonals, on a list of 400,000 words) visit 1.4 million nodes at 60-100 ns each. A damaged one
   whose units make a cycle would have Balda try every path over the board; past this many steps
   the search stops with an error instead (after about 10 s). */
#define MAX_STEPS 100000000ull
#define OUT_OF_MEMORY 1
#define OUT_OF_STEPS 2
/* Count a step of the search; give up (and unwind) once memory or the step budget runs out. */
#define STEP(out)                                                              \
    do {                                                                       \
        if (++(out)->steps > (out)->max_steps) (out)->failed = OUT_OF_STEPS;    \
        if ((out)->failed) return;                                             \
    } while (0)

/* --- the graph -------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Py_buffer units_view;
    Py_buffer guide_view;
    int has_units, has_guide;
    const uint32_t *units;
    uint32_t n;
    const uint8_t *guide;
    int nletters;
    uint8_t length[MAX_LETTERS];       /* UTF-8 bytes of each letter */
    uint8_t bytes[MAX_LETTERS][4];
    uint8_t group_start[257];          /* letters whose first byte is b: by_first[group_start[b]..[b+1]) */
    uint8_t by_first[MAX_LETTERS];     /* in alphabet order within a first byte, as Graph lists them */
    Py_UCS4 code[MAX_LETTERS];
    PyObject *letters;                 /* tuple of one-letter str, for the results */
    PyObject *pairs;                   /* ((letter, kind) for each kind) for each letter: Wordgame's items */
} Core;

static inline uint32_t offset_of(uint32_t u) { return (u >> 10) << ((u & EXTENSION) >> 6); }

static inline int64_t follow_byte(const Core *g, uint32_t node, uint32_t byte) {
    uint32_t child = node ^ offset_of(g->units[node]) ^ byte;
    if (child >= g->n || (g->units[child] & LABEL_MASK) != byte) return -1;
    return child;
}

static inline int64_t follow_letter(const Core *g, uint32_t node, int letter) {
    if (letter >= g->nletters) return -1; /* EMPTY, FOREIGN */
    if (g->length[letter] == 1) return follow_byte(g, node, g->bytes[letter][0]);
    int64_t at = node;
    for (int b = 0; b < g->length[letter] && at >= 0; b++) at = follow_byte(g, (uint32_t)at, g->bytes[letter][b]);
    return at;
}

/* The value stored for a word ending at `node` (its part-of-speech mask), or -1. */
static inline int64_t value_of(const Core *g, uint32_t node) {
    uint32_t u = g->units[node];
    if (!(u & HAS_LEAF)) return -1;
    uint32_t leaf = node ^ offset_of(u);
    return leaf < g->n ? (int64_t)(g->units[leaf] & VALUE_MASK) : -1;
}

/* Can a word go on from `node`? The guide's first child label says it without a walk (0: none).
   (Balda's search saves 7% with it; Wordgame's, which tries few letters a node, loses 3%.) */
static inline int has_children(const Core *g, uint32_t node) {
    return !g->has_guide || g->guide[2 * (size_t)node] != 0;
}

/* The letters that continue some word from `node`, in Graph.children's order: the guide's
   labels in turn, within a label the alphabet's order (every letter tried, without a guide). */
static int children_of(const Core *g, uint32_t node, uint8_t *letters, uint32_t *nodes) {
    int count = 0;
    uint64_t seen = 0;
    if (g->has_guide) {
        uint32_t label = g->guide[2 * (size_t)node];
        for (int k = 0; k < 256 && label; k++) { /* a damaged guide cannot loop forever */
            int64_t child = follow_byte(g, node, label);
            if (child < 0) break;
            for (int j = g->group_start[label]; j < g->group_start[label + 1]; j++) {
                int letter = g->by_first[j];
                int64_t end = child;
                for (int b = 1; b < g->length[letter] && end >= 0; b++)
                    end = follow_byte(g, (uint32_t)end, g->bytes[letter][b]);
                if (end >= 0 && !(seen >> letter & 1)) {
                    seen |= 1ull << letter;
                    letters[count] = (uint8_t)letter;
                    nodes[count++] = (uint32_t)end;
                }
            }
            label = g->guide[2 * (size_t)child + 1];
        }
    } else {
        for (int letter = 0; letter < g->nletters; letter++) {
            int64_t end = follow_letter(g, node, letter);
            if (end >= 0) {
                letters[count] = (uint8_t)letter;
                nodes[count++] = (uint32_t)end;
            }
        }
    }
    return count;
}

/* A letter given as a str: its index, FOREIGN for any other string, -1 (an error set) for a
   value that is neither None nor a str; None is EMPTY. */
static int letter_index(const Core *g, PyObject *item) {
    if (item == Py_None) return EMPTY;
    if (!PyUnicode_Check(item)) {
        PyErr_Format(PyExc_TypeError, "a square holds None or a letter, not %.50s", Py_TYPE(item)->tp_name);
        return -1;
    }
    if (PyUnicode_GET_LENGTH(item) != 1) return FOREIGN;
    Py_UCS4 c = PyUnicode_READ_CHAR(item, 0);
    for (int k = 0; k < g->nletters; k++)
        if (g->code[k] == c) return k;
    return FOREIGN;
}

/* --- results ---------------------------------------------------------------------------------- */

typedef struct {
    uint8_t *data;      /* the moves one after another, each in its game's layout */
    size_t len, cap;
    int64_t *points;
    uint32_t *start;    /* where each move begins in data */
    size_t count, slots;
    int failed;         /* out of memory (or out of steps): the search stops */
    uint64_t steps;     /* nodes of the search visited */
    uint64_t max_steps; /* the budget: MAX_STEPS unless the caller gives less */
} Out;

/* Room for one move of `size` bytes worth `points`; NULL once memory runs out. */
static uint8_t *out_move(Out *o, size_t size, int64_t points) {
    if (o->failed) return NULL;
    if (o->count == o->slots) {
        size_t slots = o->slots ? 2 * o->slots : 1024;
        int64_t *p = realloc(o->points, slots * sizeof *p);
        if (p == NULL) { o->failed = OUT_OF_MEMORY; return NULL; }
        o->points = p;
        uint32_t *s = realloc(o->start, slots * sizeof *s);
        if (s == NULL) { o->failed = OUT_OF_MEMORY; return NULL; }
        o->start = s;
        o->slots = slots;
    }
    if (o->len + size > o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 16384;
        while (cap < o->len + size) cap *= 2;
        if (cap > UINT32_MAX) { o->failed = OUT_OF_MEMORY; return NULL; }
        uint8_t *d = realloc(o->data, cap);
        if (d == NULL) { o->failed = OUT_OF_MEMORY; return NULL; }
        o->data = d;
        o->cap = cap;
    }
    uint8_t *at = o->data + o->len;
    o->points[o->count] = points;
    o->start[o->count++] = (uint32_t)o->len;
    o->len += size;
    return at;
}

static void out_free(Out *o) {
    free(o->data);
    free(o->points);
    free(o->start);
    memset(o, 0, sizeof *o);
}

enum { WORDGAME, BALDA };

typedef struct {
    PyObject_HEAD
    int kind;
    Out out;
    PyObject *letters; /* the graph's tuple of letters */
    PyObject *pairs;   /* the graph's (letter, kind) tuples */
    PyObject *points;  /* list, made when first asked for */
} Moves;

static PyTypeObject MovesType;

static void Moves_dealloc(Moves *self) {
    out_free(&self->out);
    Py_XDECREF(self->letters);
    Py_XDECREF(self->pairs);
    Py_XDECREF(self->points);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Moves_length(Moves *self) { return (Py_ssize_t)self->out.count; }

/* Move i as the Python generator gives it:
   Wordgame (direction, line, first position, ((letter, kind), ...), points);
   Balda (new cell, letter, (cell, ...)). */
static PyObject *Moves_item(Moves *self, Py_ssize_t i) {
    if (i < 0 || (size_t)i >= self->out.count) {
        PyErr_SetString(PyExc_IndexError, "move index out of range");
        return NULL;
    }
    const uint8_t *m = self->out.data + self->out.start[i];
    if (self->kind == WORDGAME) {
        int n = m[3];
        PyObject *word = PyTuple_New(n);
        if (word == NULL) return NULL;
        for (int k = 0; k < n; k++) {
            PyObject *pair = PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->pairs, m[4 + 2 * k]), m[5 + 2 * k]);
            Py_INCREF(pair);
            PyTuple_SET_ITEM(word, k, pair);
        }
        PyObject *move = PyTuple_New(5);
        if (move == NULL) { Py_DECREF(word); return NULL; }
        for (int k = 0; k < 3; k++) PyTuple_SET_ITEM(move, k, PyLong_FromLong(m[k])); /* small ints: cached */
        PyTuple_SET_ITEM(move, 3, word);
        PyObject *points = PyLong_FromLongLong(self->out.points[i]);
        if (points == NULL) { Py_DECREF(move); return NULL; }
        PyTuple_SET_ITEM(move, 4, points);
        return move;
    }
    int n = m[2];
    PyObject *move = PyTuple_New(3), *path = PyTuple_New(n);
    if (move == NULL || path == NULL) { Py_XDECREF(move); Py_XDECREF(path); return NULL; }
    for (int k = 0; k < n; k++) PyTuple_SET_ITEM(path, k, PyLong_FromLong(m[3 + k])); /* small ints: cached */
    PyTuple_SET_ITEM(move, 0, PyLong_FromLong(m[0]));
    PyObject *letter = PyTuple_GET_ITEM(self->letters, m[1]);
    Py_INCREF(letter);
    PyTuple_SET_ITEM(move, 1, letter);
    PyTuple_SET_ITEM(move, 2, path);
    return move;
}

static PyObject *Moves_points(Moves *self, void *closure) {
    (void)closure;
    if (self->points == NULL) {
        PyObject *list = PyList_New((Py_ssize_t)self->out.count);
        if (list == NULL) return NULL;
        for (size_t i = 0; i < self->out.count; i++) {
            PyObject *p = PyLong_FromLongLong(self->out.points[i]);
            if (p == NULL) { Py_DECREF(list); return NULL; }
            PyList_SET_ITEM(list, (Py_ssize_t)i, p);
        }
        if (self->points == NULL) self->points = list; /* (the GIL is held: no other thread raced us) */
        else Py_DECREF(list);
    }
    Py_INCREF(self->points);
    return self->points;
}

static PyObject *Moves_steps(Moves *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->out.steps);
}

static PySequenceMethods Moves_as_sequence = {
    .sq_length = (lenfunc)Moves_length,
    .sq_item = (ssizeargfunc)Moves_item,
};

static PyGetSetDef Moves_getset[] = {
    {"points", (getter)Moves_points, NULL, "each move's points, in order", NULL},
    {"steps", (getter)Moves_steps, NULL, "how many nodes the search visited (its work)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject MovesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wordlist._movegen.Moves",
    .tp_basicsize = sizeof(Moves),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The moves a search found: a read-only sequence of the Python generator's tuples, and `points`.",
    .tp_dealloc = (destructor)Moves_dealloc,
    .tp_as_sequence = &Moves_as_sequence,
    .tp_getset = Moves_getset,
};

/* The moves of a finished search, or the error it ran into (the buffers are freed either way). */
static PyObject *moves_of(Core *g, int kind, Out *out) {
    if (out->failed) {
        int failed = out->failed;
        unsigned long long budget = out->max_steps;
        out_free(out);
        if (failed == OUT_OF_STEPS)
            return PyErr_Format(PyExc_RuntimeError,
                                "the move search gave up after %llu steps (a damaged word list, or a rack of many blanks)",
                                budget);
        return PyErr_NoMemory();
    }
    Moves *moves = PyObject_New(Moves, &MovesType);
    if (moves == NULL) {
        out_free(out);
        return NULL;
    }
    moves->kind = kind;
    moves->out = *out;
    Py_INCREF(g->letters);
    moves->letters = g->letters;
    Py_INCREF(g->pairs);
    moves->pairs = g->pairs;
    moves->points = NULL;
    return (PyObject *)moves;
}

/* --- Wordgame: Appel & Jacobson along each line ------------------------------------------------ */

typedef struct {
    const Core *g;
    Out *out;
    int size;
    const uint8_t *board;        /* size x size letter indexes, row-major */
    const int32_t *worth;        /* the points of the tile on each square (0: empty or a blank) */
    const uint8_t *lm_all, *wm_all; /* premiums, row-major */
    const int32_t *points;       /* a tile's points, by letter */
    int nrack;                   /* distinct letters on the rack, in the order they are tried */
    uint8_t rack_letter[MAX_LETTERS];
    int count[MAX_LETTERS];
    int blanks, rack_tiles, bingo_tiles, min_letters;
    int empty_board;
    /* the line being searched */
    int flag, line;
    uint8_t row[MAX_LINE];
    int32_t row_worth[MAX_LINE];
    uint8_t lm[MAX_LINE], wm[MAX_LINE];
    uint64_t mask[MAX_LINE];     /* cross-sets */
    int32_t cross[MAX_LINE];     /* the cross word's tiles' points; -1: no cross word */
    /* the word being built */
    uint8_t word_letter[MAX_LINE], word_kind[MAX_LINE];
    int ntiles, word_start;
    int32_t values[MAX_LINE];    /* the points of the left part's tiles */
} Wordgame;

static inline uint8_t wg_at(const Wordgame *w, int flag, int line, int pos) {
    return flag == 0 ? w->board[line * w->size + pos] : w->board[pos * w->size + line];
}

static inline int32_t wg_worth(const Wordgame *w, int flag, int line, int pos) {
    return flag == 0 ? w->worth[line * w->size + pos] : w->worth[pos * w->size + line];
}

static void wg_record(Wordgame *w, int64_t main, int multiplier, int64_t cross, int placed) {
    if (w->ntiles < w->min_letters) return;
    if (placed == 1 && w->flag == 1) { /* a lone tile with a word sideways was found across */
        int offset = 0;
        while (w->word_kind[offset] == ON_BOARD) offset++;
        if (w->cross[w->word_start + offset] >= 0) return;
    }
    int64_t bingo = placed == w->bingo_tiles ? 2 : 1;
    uint8_t *m = out_move(w->out, 4 + 2 * (size_t)w->ntiles, main * multiplier * bingo + cross);
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

/* The word so far ends at pos - 1 and leads to `node`; continue at `pos`. */
static void wg_extend(Wordgame *w, int pos, uint32_t node, int64_t main, int multiplier, int64_t cross, int placed) {
    const Core *g = w->g;
    STEP(w->out);
    int last = pos + 1 == w->size;
    int ends = last || w->row[pos + 1] == EMPTY;
    uint8_t here = w->row[pos];
    if (here != EMPTY) {
        int64_t child = follow_letter(g, node, here);
        if (child < 0) return;
        w->word_letter[w->ntiles] = here;
        w->word_kind[w->ntiles++] = ON_BOARD;
        int64_t grown = main + w->row_worth[pos];
        if (ends && value_of(g, (uint32_t)child) >= 0) wg_record(w, grown, multiplier, cross, placed);
        if (!last) wg_extend(w, pos + 1, (uint32_t)child, grown, multiplier, cross, placed);
        w->ntiles--;
        return;
    }
    if (placed == w->rack_tiles) return;
    int square_lm = w->lm[pos], square_wm = w->wm[pos];
    int32_t square_cross = w->cross[pos];
    uint64_t allowed = w->mask[pos];
    int grown_multiplier = multiplier >= square_wm ? multiplier : square_wm;
    for (int slot = 0; slot < w->nrack; slot++) {
        int letter = w->rack_letter[slot];
        int count = w->count[slot];
        if (!count || !(allowed >> letter & 1)) continue;
        int64_t child = follow_letter(g, node, letter);
        if (child < 0) continue;
        int64_t tile_points = (int64_t)w->points[letter] * square_lm;
        int64_t grown_cross = square_cross >= 0 ? cross + (square_cross + tile_points) * square_wm : cross;
        w->count[slot] = count - 1;
        w->word_letter[w->ntiles] = (uint8_t)letter;
        w->word_kind[w->ntiles++] = TILE;
        if (ends && value_of(g, (uint32_t)child) >= 0)
            wg_record(w, main + tile_points, grown_multiplier, grown_cross, placed + 1);
        if (!last) wg_extend(w, pos + 1, (uint32_t)child, main + tile_points, grown_multiplier, grown_cross, placed + 1);
        w->ntiles--;
        w->count[slot] = count;
    }
    if (w->blanks) {
        uint8_t letters[MAX_LETTERS];
        uint32_t nodes[MAX_LETTERS];
        int n = children_of(g, node, letters, nodes);
        int64_t grown_cross = square_cross >= 0 ? cross + (int64_t)square_cross * square_wm : cross;
        w->blanks--;
        for (int k = 0; k < n; k++) {
            if (!(allowed >> letters[k] & 1)) continue;
            w->word_letter[w->ntiles] = letters[k];
            w->word_kind[w->ntiles++] = BLANK_TILE;
            if (ends && value_of(g, nodes[k]) >= 0) wg_record(w, main, grown_multiplier, grown_cross, placed + 1);
            if (!last) wg_extend(w, pos + 1, nodes[k], main, grown_multiplier, grown_cross, placed + 1);
            w->ntiles--;
        }
        w->blanks++;
    }
}

/* The left part (the ntiles tiles before the anchor, their points in `values`) leads to `node`:
   extend from the anchor if the anchor square can take a letter after it, then grow the left
   part by one tile (from the rack, then a blank as every letter that continues it). */
static void wg_left(Wordgame *w, uint32_t node, int anchor, int room) {
    const Core *g = w->g;
    STEP(w->out);
    int k = w->ntiles;
    uint64_t allowed = w->mask[anchor];
    uint8_t letters[MAX_LETTERS];
    uint32_t nodes[MAX_LETTERS];
    int n = -1; /* the children, listed only if a blank needs them */
    int fits = 0;
    if (w->blanks) {
        n = children_of(g, node, letters, nodes);
        for (int j = 0; j < n && !fits; j++) fits = (int)(allowed >> letters[j] & 1);
    }
    for (int slot = 0; slot < w->nrack && !fits; slot++) {
        int letter = w->rack_letter[slot];
        fits = w->count[slot] && (allowed >> letter & 1) && follow_letter(g, node, letter) >= 0;
    }
    if (fits) {
        w->word_start = anchor - k;
        int64_t main = 0;
        int multiplier = 1;
        for (int j = 0; j < k; j++) {
            main += (int64_t)w->values[j] * w->lm[anchor - k + j];
            if (w->wm[anchor - k + j] > multiplier) multiplier = w->wm[anchor - k + j];
        }
        wg_extend(w, anchor, node, main, multiplier, 0, k);
    }
    if (k == room) return;
    for (int slot = 0; slot < w->nrack; slot++) {
        int count = w->count[slot];
        int letter = w->rack_letter[slot];
        int64_t child;
        if (!count || (child = follow_letter(g, node, letter)) < 0) continue;
        w->count[slot] = count - 1;
        w->word_letter[w->ntiles] = (uint8_t)letter;
        w->word_kind[w->ntiles++] = TILE;
        w->values[k] = w->points[letter];
        wg_left(w, (uint32_t)child, anchor, room);
        w->ntiles--;
        w->count[slot] = count;
    }
    if (w->blanks) {
        if (n < 0) n = children_of(g, node, letters, nodes);
        w->blanks--;
        w->values[k] = 0;
        for (int j = 0; j < n; j++) {
            w->word_letter[w->ntiles] = letters[j];
            w->word_kind[w->ntiles++] = BLANK_TILE;
            wg_left(w, nodes[j], anchor, room);
            w->ntiles--;
        }
        w->blanks++;
    }
}

/* The cross-set of each square of the line: the letters that make a word with the tiles across
   the line from it (ANY where there are none), and those tiles' points. */
static void wg_cross_sets(Wordgame *w) {
    const Core *g = w->g;
    int size = w->size, flag = w->flag, line = w->line;
    for (int pos = 0; pos < size; pos++) {
        w->mask[pos] = ANY;
        w->cross[pos] = -1;
        if (w->row[pos] != EMPTY) continue;
        int first = line, last = line;
        while (first > 0 && wg_at(w, flag, first - 1, pos) != EMPTY) first--;
        while (last + 1 < size && wg_at(w, flag, last + 1, pos) != EMPTY) last++;
        if (first == last) continue;
        int32_t points = 0;
        for (int k = first; k <= last; k++)
            if (k != line) points += wg_worth(w, flag, k, pos);
        w->cross[pos] = points;
        uint64_t mask = 0;
        int64_t above = 0;
        for (int k = first; k < line && above >= 0; k++) above = follow_letter(g, (uint32_t)above, wg_at(w, flag, k, pos));
        if (above >= 0) {
            uint8_t letters[MAX_LETTERS];
            uint32_t nodes[MAX_LETTERS];
            int n = children_of(g, (uint32_t)above, letters, nodes);
            for (int j = 0; j < n; j++) {
                int64_t end = nodes[j];
                for (int k = line + 1; k <= last && end >= 0; k++) end = follow_letter(g, (uint32_t)end, wg_at(w, flag, k, pos));
                if (end >= 0 && value_of(g, (uint32_t)end) >= 0) mask |= 1ull << letters[j];
            }
        }
        w->mask[pos] = mask;
    }
}

static void wg_line(Wordgame *w, int start_line, int start_pos) {
    int size = w->size, flag = w->flag, line = w->line;
    uint8_t anchors[MAX_LINE], is_anchor[MAX_LINE];
    int nanchors = 0;
    memset(is_anchor, 0, sizeof is_anchor);
    for (int pos = 0; pos < size; pos++) {
        w->row[pos] = wg_at(w, flag, line, pos);
        w->row_worth[pos] = wg_worth(w, flag, line, pos);
        int cell = flag == 0 ? line * size + pos : pos * size + line;
        w->lm[pos] = w->lm_all[cell];
        w->wm[pos] = w->wm_all[cell];
    }
    if (w->empty_board) {
        if (line == start_line) anchors[nanchors++] = (uint8_t)start_pos;
    } else {
        for (int pos = 0; pos < size; pos++) {
            if (w->row[pos] != EMPTY) continue;
            if ((pos > 0 && w->row[pos - 1] != EMPTY) || (pos + 1 < size && w->row[pos + 1] != EMPTY) ||
                (line > 0 && wg_at(w, flag, line - 1, pos) != EMPTY) ||
                (line + 1 < size && wg_at(w, flag, line + 1, pos) != EMPTY))
                anchors[nanchors++] = (uint8_t)pos;
        }
    }
    if (!nanchors) return;
    for (int k = 0; k < nanchors; k++) is_anchor[anchors[k]] = 1;
    wg_cross_sets(w);
    for (int k = 0; k < nanchors && !w->out->failed; k++) {
        int anchor = anchors[k];
        uint64_t allowed = w->mask[anchor];
        int rack_fits = 0;
        for (int slot = 0; slot < w->nrack && !rack_fits; slot++) rack_fits = (int)(allowed >> w->rack_letter[slot] & 1);
        if (!rack_fits && !(w->blanks && allowed)) continue; /* nothing on the rack fits the anchor square */
        if (anchor > 0 && w->row[anchor - 1] != EMPTY) { /* the tiles to the left are the left part */
            int start = anchor - 1;
            while (start > 0 && w->row[start - 1] != EMPTY) start--;
            int64_t node = 0;
            int64_t main = 0;
            for (int pos = start; pos < anchor && node >= 0; pos++) {
                node = follow_letter(w->g, (uint32_t)node, w->row[pos]);
                main += w->row_worth[pos];
            }
            if (node >= 0) {
                w->word_start = start;
                w->ntiles = 0;
                for (int pos = start; pos < anchor; pos++) {
                    w->word_letter[w->ntiles] = w->row[pos];
                    w->word_kind[w->ntiles++] = ON_BOARD;
                }
                wg_extend(w, anchor, (uint32_t)node, main, 1, 0, 0);
                w->ntiles = 0;
            }
            continue;
        }
        int room = 0;
        while (anchor - room > 0 && w->row[anchor - room - 1] == EMPTY && !is_anchor[anchor - room - 1]) room++;
        if (room > w->rack_tiles - 1) room = w->rack_tiles - 1;
        w->ntiles = 0;
        wg_left(w, 0, anchor, room);
    }
}

static PyObject *read_bytes(PyObject *object, Py_ssize_t size, const char *what, Py_buffer *view) {
    if (PyObject_GetBuffer(object, view, PyBUF_SIMPLE) < 0) return NULL;
    if (view->len != size) {
        PyBuffer_Release(view);
        return PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zd", what, view->len, size);
    }
    return Py_None;
}

/* wordgame(board, blanks, letter_premiums, word_premiums, points, rack, counts, blank_tiles,
            rack_tiles, bingo_tiles, first_word, start_row, start_col[, max_steps]) -> Moves

   board: rows of letters (None: empty); blanks, letter_premiums, word_premiums: size*size bytes
   (row-major: 1 where a blank lies; each square's multipliers); points: each letter's tile
   points, by index; rack: the rack's distinct letters as indexes, in the order they are tried,
   counts: how many of each; blank_tiles: blanks on the rack; rack_tiles: tiles on the rack;
   bingo_tiles: placing this many is a bingo; first_word: letters a first word needs; start_row,
   start_col: the start square; max_steps: a lower budget than MAX_STEPS. */
static PyObject *Core_wordgame(Core *self, PyObject *args) {
    PyObject *board, *blanks_obj, *lm_obj, *wm_obj, *points_obj, *rack_obj, *counts_obj;
    int blank_tiles, rack_tiles, bingo_tiles, first_word, start_row, start_col;
    unsigned long long max_steps = MAX_STEPS;
    if (!PyArg_ParseTuple(args, "OOOOOOOiiiiii|K:wordgame", &board, &blanks_obj, &lm_obj, &wm_obj, &points_obj,
                          &rack_obj, &counts_obj, &blank_tiles, &rack_tiles, &bingo_tiles, &first_word,
                          &start_row, &start_col, &max_steps))
        return NULL;
    Wordgame w;
    memset(&w, 0, sizeof w);
    w.g = self;
    PyObject *rows = PySequence_Fast(board, "the board is a sequence of rows");
    if (rows == NULL) return NULL;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(rows);
    if (size < 1 || size > MAX_LINE) {
        Py_DECREF(rows);
        return PyErr_Format(PyExc_ValueError, "a board of %zd rows: 1 to %d", size, MAX_LINE);
    }
    w.size = (int)size;
    int cells = w.size * w.size;
    uint8_t letters[MAX_LINE * MAX_LINE];
    int32_t worth[MAX_LINE * MAX_LINE], points[MAX_LETTERS];
    int empty = 1;
    for (int r = 0; r < w.size; r++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, r), "a row is a sequence of squares");
        if (row == NULL) { Py_DECREF(rows); return NULL; }
        if (PySequence_Fast_GET_SIZE(row) != size) {
            Py_DECREF(row);
            Py_DECREF(rows);
            return PyErr_Format(PyExc_ValueError, "row %d has %zd squares, not %zd", r, PySequence_Fast_GET_SIZE(row), size);
        }
        for (int c = 0; c < w.size; c++) {
            int letter = letter_index(self, PySequence_Fast_GET_ITEM(row, c));
            if (letter < 0) { Py_DECREF(row); Py_DECREF(rows); return NULL; }
            letters[r * w.size + c] = (uint8_t)letter;
            if (letter != EMPTY) empty = 0;
        }
        Py_DECREF(row);
    }
    Py_DECREF(rows);
    PyObject *point_list = PySequence_Fast(points_obj, "points is a sequence of numbers");
    if (point_list == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(point_list) != self->nletters) {
        Py_DECREF(point_list);
        return PyErr_Format(PyExc_ValueError, "points: one number a letter (%d)", self->nletters);
    }
    for (int k = 0; k < self->nletters; k++) {
        long p = PyLong_AsLong(PySequence_Fast_GET_ITEM(point_list, k));
        if (p == -1 && PyErr_Occurred()) { Py_DECREF(point_list); return NULL; }
        if (p < 0 || p > MAX_POINTS) {
            Py_DECREF(point_list);
            return PyErr_Format(PyExc_ValueError, "points: %ld is not between 0 and %d", p, MAX_POINTS);
        }
        points[k] = (int32_t)p;
    }
    Py_DECREF(point_list);
    if (rack_tiles < 0 || rack_tiles > 255 || blank_tiles < 0 || blank_tiles > rack_tiles || bingo_tiles < 0 ||
        first_word < 0 || start_row < 0 || start_row >= w.size || start_col < 0 || start_col >= w.size)
        return PyErr_Format(PyExc_ValueError, "rack, bingo, first word or start square out of range");
    Py_buffer blanks, lm, wm, rack, counts;
    if (read_bytes(blanks_obj, cells, "blanks", &blanks) == NULL) return NULL;
    if (read_bytes(lm_obj, cells, "letter premiums", &lm) == NULL) { PyBuffer_Release(&blanks); return NULL; }
    if (read_bytes(wm_obj, cells, "word premiums", &wm) == NULL) {
        PyBuffer_Release(&blanks);
        PyBuffer_Release(&lm);
        return NULL;
    }
    PyObject *result = NULL;
    if (PyObject_GetBuffer(rack_obj, &rack, PyBUF_SIMPLE) < 0) goto done;
    if (read_bytes(counts_obj, rack.len, "counts", &counts) == NULL) { PyBuffer_Release(&rack); goto done; }
    const uint8_t *blank_at = blanks.buf, *lm_at = lm.buf, *wm_at = wm.buf, *rack_at = rack.buf, *count_at = counts.buf;
    int bad = rack.len > MAX_LETTERS;
    int seen_total = 0;
    for (Py_ssize_t k = 0; k < rack.len && !bad; k++) {
        bad = rack_at[k] >= self->nletters || count_at[k] == 0;
        w.rack_letter[k] = rack_at[k];
        w.count[k] = count_at[k];
        seen_total += count_at[k];
    }
    for (int cell = 0; cell < cells && !bad; cell++) bad = lm_at[cell] < 1 || wm_at[cell] < 1;
    if (bad || seen_total + blank_tiles > rack_tiles) {
        PyErr_SetString(PyExc_ValueError, "the rack's letters, counts or the premiums are out of range");
    } else {
        for (int cell = 0; cell < cells; cell++) {
            int letter = letters[cell];
            worth[cell] = letter < self->nletters && !blank_at[cell] ? points[letter] : 0;
        }
        w.nrack = (int)rack.len;
        w.board = letters;
        w.worth = worth;
        w.lm_all = lm_at;
        w.wm_all = wm_at;
        w.points = points;
        w.blanks = blank_tiles;
        w.rack_tiles = rack_tiles;
        w.bingo_tiles = bingo_tiles;
        w.empty_board = empty;
        w.min_letters = empty ? first_word : 2;
        Out out;
        memset(&out, 0, sizeof out);
        out.max_steps = max_steps < MAX_STEPS ? max_steps : MAX_STEPS;
        w.out = &out;
        Py_BEGIN_ALLOW_THREADS
        for (int flag = 0; flag < 2; flag++) {
            w.flag = flag;
            for (int line = 0; line < w.size; line++) {
                w.line = line;
                if (flag == 0) wg_line(&w, start_row, start_col);
                else wg_line(&w, start_col, start_row);
            }
        }
        Py_END_ALLOW_THREADS
        result = moves_of(self, WORDGAME, &out);
    }
    PyBuffer_Release(&counts);
    PyBuffer_Release(&rack);
done:
    PyBuffer_Release(&blanks);
    PyBuffer_Release(&lm);
    PyBuffer_Release(&wm);
    return result;
}

/* --- Balda: paths over the board through one empty cell ----------------------------------------- */

typedef struct {
    uint8_t length;
    uint8_t letters[MAX_CELLS];
    uint64_t cells[2];
} Scored;

typedef struct {
    const Core *g;
    Out *out;
    int ncells;
    uint32_t mask;                       /* the parts of speech that count */
    uint8_t board[MAX_CELLS];
    uint8_t lettered[MAX_CELLS][MAX_NEIGHBOURS], nlettered[MAX_CELLS]; /* neighbours with a letter */
    uint8_t open[MAX_CELLS][MAX_NEIGHBOURS], nopen[MAX_CELLS];         /* where a letter may go */
    uint8_t can_place[MAX_CELLS];
    uint8_t used[MAX_CELLS];
    uint8_t path[MAX_CELLS];
    int plen;
    uint64_t on_path[2];                 /* the path's cells as a set */
    const Scored *scored;                /* the words scored before, by length */
    Py_ssize_t scored_from[MAX_CELLS + 2]; /* those of L letters: scored[scored_from[L]..[L + 1]) */
} Balda;

static inline void b_push(Balda *b, int cell) {
    b->path[b->plen++] = (uint8_t)cell;
    b->on_path[cell >> 6] |= 1ull << (cell & 63);
}

static inline void b_pop(Balda *b) {
    int cell = b->path[--b->plen];
    b->on_path[cell >> 6] &= ~(1ull << (cell & 63));
}

static void b_record(Balda *b, int new_cell, int letter) {
    int plen = b->plen;
    /* rule C: the same word scored before on a cell of this path */
    for (Py_ssize_t s = b->scored_from[plen]; s < b->scored_from[plen + 1]; s++) {
        const Scored *earlier = &b->scored[s];
        if (!((earlier->cells[0] & b->on_path[0]) | (earlier->cells[1] & b->on_path[1]))) continue;
        int k = 0;
        while (k < plen && earlier->letters[k] == (b->path[k] == new_cell ? letter : b->board[b->path[k]])) k++;
        if (k == plen) return;
    }
    uint8_t *m = out_move(b->out, 3 + (size_t)plen, plen);
    if (m == NULL) return;
    m[0] = (uint8_t)new_cell;
    m[1] = (uint8_t)letter;
    m[2] = (uint8_t)plen;
    memcpy(m + 3, b->path, (size_t)plen);
}

static inline int b_counts(const Balda *b, uint32_t node) {
    int64_t v = value_of(b->g, node);
    return v >= 0 && ((uint32_t)v & b->mask);
}

/* The path (ending at `cell`) holds the new letter and leads to `node`: only cells with letters follow. */
static void b_placed(Balda *b, int cell, uint32_t node, int new_cell, int letter) {
    STEP(b->out);
    for (int k = 0; k < b->nlettered[cell]; k++) {
        int step = b->lettered[cell][k];
        if (b->used[step]) continue;
        int64_t child = follow_letter(b->g, node, b->board[step]);
        if (child < 0) continue;
        b_push(b, step);
        if (b_counts(b, (uint32_t)child)) b_record(b, new_cell, letter);
        if (has_children(b->g, (uint32_t)child)) {
            b->used[step] = 1;
            b_placed(b, step, (uint32_t)child, new_cell, letter);
            b->used[step] = 0;
        }
        b_pop(b);
    }
}

/* The path ends at the empty cell `step`: try each letter the DAWG allows there. */
static void b_place_here(Balda *b, int step, uint32_t node) {
    STEP(b->out);
    uint8_t letters[MAX_LETTERS];
    uint32_t nodes[MAX_LETTERS];
    int n = children_of(b->g, node, letters, nodes);
    b_push(b, step);
    b->used[step] = 1;
    int word = b->plen > 1;
    for (int k = 0; k < n; k++) {
        if (word && b_counts(b, nodes[k])) b_record(b, step, letters[k]);
        if (has_children(b->g, nodes[k])) b_placed(b, step, nodes[k], step, letters[k]);
    }
    b->used[step] = 0;
    b_pop(b);
}

/* The path (ending at `cell`) runs over letters and leads to `node`; it may still cross an empty cell. */
static void b_unplaced(Balda *b, int cell, uint32_t node) {
    STEP(b->out);
    for (int k = 0; k < b->nlettered[cell]; k++) {
        int step = b->lettered[cell][k];
        if (b->used[step]) continue;
        int64_t child = follow_letter(b->g, node, b->board[step]);
        if (child < 0 || !has_children(b->g, (uint32_t)child)) continue;
        b->used[step] = 1;
        b_push(b, step);
        b_unplaced(b, step, (uint32_t)child);
        b_pop(b);
        b->used[step] = 0;
    }
    for (int k = 0; k < b->nopen[cell]; k++) {
        int step = b->open[cell][k];
        if (!b->used[step]) b_place_here(b, step, node);
    }
}

/* balda(board, size, diagonal, mask, scored[, max_steps]) -> Moves

   board: size*size letters, row-major (None: empty); mask: the parts of speech that count;
   scored: (word, low 64 cells, high 64 cells) for each word scored before and the cells it used. */
static PyObject *Core_balda(Core *self, PyObject *args) {
    PyObject *board, *scored_obj;
    int size, diagonal;
    unsigned long mask;
    unsigned long long max_steps = MAX_STEPS;
    if (!PyArg_ParseTuple(args, "OipkO|K:balda", &board, &size, &diagonal, &mask, &scored_obj, &max_steps))
        return NULL;
    if (size < 1 || size * size > MAX_CELLS)
        return PyErr_Format(PyExc_ValueError, "a Balda board of %dx%d: at most %d cells", size, size, MAX_CELLS);
    Balda *b = PyMem_Calloc(1, sizeof *b);
    if (b == NULL) return PyErr_NoMemory();
    b->g = self;
    b->ncells = size * size;
    b->mask = (uint32_t)(mask & VALUE_MASK);
    PyObject *cells = PySequence_Fast(board, "the board is a sequence of squares");
    PyObject *scored_list = NULL, *result = NULL;
    Scored *scored = NULL;
    if (cells == NULL) goto done;
    if (PySequence_Fast_GET_SIZE(cells) != b->ncells) {
        PyErr_Format(PyExc_ValueError, "the board has %zd squares, not %d", PySequence_Fast_GET_SIZE(cells), b->ncells);
        goto done;
    }
    for (int i = 0; i < b->ncells; i++) {
        int letter = letter_index(self, PySequence_Fast_GET_ITEM(cells, i));
        if (letter < 0) goto done;
        b->board[i] = (uint8_t)letter;
    }
    static const int steps[8][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
    for (int i = 0; i < b->ncells; i++) {
        int row = i / size, col = i % size, touches_letter = 0;
        for (int s = 0; s < (diagonal ? 8 : 4); s++) {
            int r = row + steps[s][0], c = col + steps[s][1];
            if (r >= 0 && r < size && c >= 0 && c < size && b->board[r * size + c] != EMPTY) touches_letter = 1;
        }
        b->can_place[i] = b->board[i] == EMPTY && touches_letter;
    }
    for (int i = 0; i < b->ncells; i++) {
        int row = i / size, col = i % size;
        for (int s = 0; s < (diagonal ? 8 : 4); s++) {
            int r = row + steps[s][0], c = col + steps[s][1];
            if (r < 0 || r >= size || c < 0 || c >= size) continue;
            int j = r * size + c;
            if (b->board[j] != EMPTY) b->lettered[i][b->nlettered[i]++] = (uint8_t)j;
            if (b->can_place[j]) b->open[i][b->nopen[i]++] = (uint8_t)j;
        }
    }
    scored_list = PySequence_Fast(scored_obj, "scored is a sequence of (word, low cells, high cells)");
    if (scored_list == NULL) goto done;
    Py_ssize_t nscored = PySequence_Fast_GET_SIZE(scored_list);
    Scored *read = PyMem_Calloc((size_t)nscored + 1, sizeof *read);
    scored = PyMem_Calloc((size_t)nscored + 1, sizeof *scored);
    if (read == NULL || scored == NULL) { PyMem_Free(read); PyErr_NoMemory(); goto done; }
    Py_ssize_t kept = 0;
    for (Py_ssize_t s = 0; s < nscored; s++) {
        PyObject *word, *low, *high;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(scored_list, s), "UOO:scored", &word, &low, &high)) {
            PyMem_Free(read);
            goto done;
        }
        Py_ssize_t length = PyUnicode_GET_LENGTH(word);
        if (length < 1 || length > MAX_CELLS) continue; /* no path has that many cells */
        Scored *entry = &read[kept];
        int foreign = 0;
        for (Py_ssize_t k = 0; k < length && !foreign; k++) {
            int letter = FOREIGN;
            Py_UCS4 c = PyUnicode_READ_CHAR(word, k);
            for (int j = 0; j < self->nletters; j++)
                if (self->code[j] == c) { letter = j; break; }
            foreign = letter == FOREIGN;
            entry->letters[k] = (uint8_t)letter;
        }
        if (foreign) continue; /* a word no path spells */
        entry->length = (uint8_t)length;
        entry->cells[0] = PyLong_AsUnsignedLongLongMask(low);
        entry->cells[1] = PyLong_AsUnsignedLongLongMask(high);
        if (PyErr_Occurred()) {
            PyMem_Free(read);
            goto done;
        }
        b->scored_from[length + 1]++;
        kept++;
    }
    for (int length = 1; length <= MAX_CELLS + 1; length++) b->scored_from[length] += b->scored_from[length - 1];
    Py_ssize_t filled[MAX_CELLS + 1] = {0};
    for (Py_ssize_t s = 0; s < kept; s++) { /* grouped by length, each group in the order given */
        int length = read[s].length;
        scored[b->scored_from[length] + filled[length]++] = read[s];
    }
    PyMem_Free(read);
    b->scored = scored;
    Out out;
    memset(&out, 0, sizeof out);
    out.max_steps = max_steps < MAX_STEPS ? max_steps : MAX_STEPS;
    b->out = &out;
    Py_BEGIN_ALLOW_THREADS
    for (int start = 0; start < b->ncells && !out.failed; start++) {
        if (b->board[start] != EMPTY) {
            int64_t child = follow_letter(self, 0, b->board[start]);
            if (child >= 0 && has_children(self, (uint32_t)child)) {
                b->used[start] = 1;
                b_push(b, start);
                b_unplaced(b, start, (uint32_t)child);
                b_pop(b);
                b->used[start] = 0;
            }
        } else if (b->can_place[start]) {
            b_place_here(b, start, 0);
        }
    }
    Py_END_ALLOW_THREADS
    result = moves_of(self, BALDA, &out);
done:
    Py_XDECREF(cells);
    Py_XDECREF(scored_list);
    PyMem_Free(scored);
    PyMem_Free(b);
    return result;
}

/* --- the Graph type ---------------------------------------------------------------------------- */

static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    PyObject *units, *guide, *letters;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "OOU:Graph", &units, &guide, &letters)) return -1;
    if (self->has_units || self->letters != NULL) {
        PyErr_SetString(PyExc_TypeError, "a Graph is made once");
        return -1;
    }
    Py_ssize_t nletters = PyUnicode_GET_LENGTH(letters);
    if (nletters < 1 || nletters > MAX_LETTERS) {
        PyErr_Format(PyExc_ValueError, "an alphabet of %zd letters: the compiled core takes 1 to %d", nletters, MAX_LETTERS);
        return -1;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(units, &view, PyBUF_SIMPLE) < 0) return -1;
    if (view.len < 4 || view.len % 4 || view.len / 4 > UINT32_MAX || (uintptr_t)view.buf % 4) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "the units are an aligned buffer of uint32, at least one");
        return -1;
    }
    self->units_view = view;
    self->has_units = 1;
    self->units = view.buf;
    self->n = (uint32_t)(view.len / 4);
    if (guide != Py_None) {
        if (PyObject_GetBuffer(guide, &self->guide_view, PyBUF_SIMPLE) < 0) return -1;
        self->has_guide = 1;
        if (self->guide_view.len != 2 * (Py_ssize_t)self->n) {
            PyErr_SetString(PyExc_ValueError, "the guide has 2 bytes a unit");
            return -1;
        }
        self->guide = self->guide_view.buf;
    }
    PyObject *tuple = PyTuple_New(nletters);
    if (tuple == NULL) return -1;
    self->nletters = (int)nletters;
    int per_byte[256] = {0};
    for (int k = 0; k < self->nletters; k++) {
        Py_UCS4 c = PyUnicode_READ_CHAR(letters, k);
        for (int j = 0; j < k; j++)
            if (self->code[j] == c) {
                PyErr_SetString(PyExc_ValueError, "a letter appears twice in the alphabet");
                Py_DECREF(tuple);
                return -1;
            }
        if (c >= 0xD800 && c < 0xE000) {
            PyErr_SetString(PyExc_ValueError, "a surrogate is not a letter");
            Py_DECREF(tuple);
            return -1;
        }
        self->code[k] = c;
        uint8_t *b = self->bytes[k];
        if (c < 0x80) { b[0] = (uint8_t)c; self->length[k] = 1; }
        else if (c < 0x800) { b[0] = 0xC0 | (c >> 6); b[1] = 0x80 | (c & 0x3F); self->length[k] = 2; }
        else if (c < 0x10000) {
            b[0] = 0xE0 | (c >> 12); b[1] = 0x80 | ((c >> 6) & 0x3F); b[2] = 0x80 | (c & 0x3F); self->length[k] = 3;
        } else {
            b[0] = 0xF0 | (c >> 18); b[1] = 0x80 | ((c >> 12) & 0x3F); b[2] = 0x80 | ((c >> 6) & 0x3F);
            b[3] = 0x80 | (c & 0x3F); self->length[k] = 4;
        }
        per_byte[b[0]]++;
        PyObject *one = PyUnicode_Substring(letters, k, k + 1);
        if (one == NULL) { Py_DECREF(tuple); return -1; }
        PyTuple_SET_ITEM(tuple, k, one);
    }
    int at = 0;
    for (int byte = 0; byte < 256; byte++) {
        self->group_start[byte] = (uint8_t)at;
        at += per_byte[byte];
    }
    self->group_start[256] = (uint8_t)at;
    uint8_t filled[256] = {0};
    for (int k = 0; k < self->nletters; k++) {
        int first = self->bytes[k][0];
        self->by_first[self->group_start[first] + filled[first]++] = (uint8_t)k;
    }
    PyObject *pairs = PyTuple_New(nletters);
    if (pairs == NULL) { Py_DECREF(tuple); return -1; }
    for (int k = 0; k < self->nletters; k++) {
        PyObject *kinds = Py_BuildValue("((Oi)(Oi)(Oi))", PyTuple_GET_ITEM(tuple, k), ON_BOARD,
                                        PyTuple_GET_ITEM(tuple, k), TILE, PyTuple_GET_ITEM(tuple, k), BLANK_TILE);
        if (kinds == NULL) { Py_DECREF(pairs); Py_DECREF(tuple); return -1; }
        PyTuple_SET_ITEM(pairs, k, kinds);
    }
    self->pairs = pairs;
    self->letters = tuple; /* last: a Graph with letters is a complete one */
    return 0;
}

static void Core_dealloc(Core *self) {
    if (self->has_units) PyBuffer_Release(&self->units_view);
    if (self->has_guide) PyBuffer_Release(&self->guide_view);
    Py_XDECREF(self->letters);
    Py_XDECREF(self->pairs);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* children(node) -> [(letter, child)]: Graph.children's items, in its order (for the tests). */
static PyObject *Core_children(Core *self, PyObject *arg) {
    if (self->letters == NULL) return PyErr_Format(PyExc_TypeError, "the Graph is not initialized");
    unsigned long long node = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    if (node >= self->n) return PyErr_Format(PyExc_IndexError, "node %llu: the graph has %u units", node, self->n);
    uint8_t letters[MAX_LETTERS];
    uint32_t nodes[MAX_LETTERS];
    int n = children_of(self, (uint32_t)node, letters, nodes);
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *pair = Py_BuildValue("(OI)", PyTuple_GET_ITEM(self->letters, letters[k]), (unsigned int)nodes[k]);
        if (pair == NULL) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, k, pair);
    }
    return list;
}

static PyObject *Core_wordgame_checked(Core *self, PyObject *args) {
    if (self->letters == NULL) return PyErr_Format(PyExc_TypeError, "the Graph is not initialized");
    return Core_wordgame(self, args);
}

static PyObject *Core_balda_checked(Core *self, PyObject *args) {
    if (self->letters == NULL) return PyErr_Format(PyExc_TypeError, "the Graph is not initialized");
    return Core_balda(self, args);
}

static PyMethodDef Core_methods[] = {
    {"wordgame", (PyCFunction)Core_wordgame_checked, METH_VARARGS, "Every Wordgame move of a position (see the module)."},
    {"balda", (PyCFunction)Core_balda_checked, METH_VARARGS, "Every Balda word move of a position (see the module)."},
    {"children", (PyCFunction)Core_children, METH_O, "[(letter, child node)] in Graph.children's order."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wordlist._movegen.Graph",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Graph(units, guide, letters): the games' move generators over a word list's DAWG units.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_movegen", "The games' move generators in C.", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__movegen(void) {
    if (PyType_Ready(&CoreType) < 0 || PyType_Ready(&MovesType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Graph", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&MovesType);
    if (PyModule_AddObject(m, "Moves", (PyObject *)&MovesType) < 0) {
        Py_DECREF(&MovesType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddObject(m, "MAX_STEPS", PyLong_FromUnsignedLongLong(MAX_STEPS)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    /* the limits compiled in (from _limits.h), which the tests hold to wordlist/format/limits.py */
    if (PyModule_AddIntConstant(m, "MAX_LINE", MAX_LINE) < 0 || PyModule_AddIntConstant(m, "MAX_LETTERS", MAX_LETTERS) < 0 ||
        PyModule_AddIntConstant(m, "MAX_CELLS", MAX_CELLS) < 0 || PyModule_AddIntConstant(m, "MAX_POINTS", MAX_POINTS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
