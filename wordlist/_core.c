/* The CPython binding of the C core (core/include/wordlist.h): Python objects in, the core's
   plain inputs out, its results and errors back as Python objects. No search or layout here.

   Graph(units, guide, letters): the core's graph over a word list's units (a buffer of 4-byte
   little-endian units, as wordlist.graph.Graph holds them), its guide (2 bytes a unit, or None)
   and its alphabet; `wordgame(...)` and `balda(...)` run a search with the GIL released and
   return a Moves (a read-only sequence of the Python generators' tuples, built when read, and
   `points`); `children`, `node`, `value`, `words` are Graph's reads. A damaged graph is a
   CorruptGraph (a ValueError) with the Python reference's words.

   IsWord(dawg_bytes, normal_letters, max_length, fallback): Lexicon.is_word with its fast path in C:
   a string of at most max_length normal letters is looked up as it is; anything else goes to the
   Python fallback (the reference). A Python function call costs about as much as a lookup, so only
   a callable in C gets is_word near the raw lookup's speed. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wordlist.h"

static PyObject *CorruptGraph; /* the graph is damaged: ValueError's subclass */

/* The core's error as a Python exception; NULL. */
static PyObject *raise_error(const wl_error *error) {
    char message[200];
    wl_error_message(error, message, sizeof message);
    switch (error->status) {
    case WL_NO_MEMORY: return PyErr_NoMemory();
    case WL_OUT_OF_STEPS: PyErr_SetString(PyExc_RuntimeError, message); return NULL;
    case WL_BAD_GUIDE:
    case WL_TOO_LONG:
    case WL_TOO_MANY:
    case WL_NOT_UTF8: PyErr_SetString(CorruptGraph, message); return NULL;
    default: PyErr_SetString(PyExc_ValueError, message); return NULL;
    }
}

/* --- Graph ----------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Py_buffer units_view, guide_view;
    int has_units, has_guide;
    wl_graph *graph;
    PyObject *letters; /* tuple of one-letter str, for the results */
    PyObject *pairs;   /* ((letter, kind) for each kind) for each letter: Wordgame's items */
} Graph;

static int Graph_init(Graph *self, PyObject *args, PyObject *kwds) {
    PyObject *units, *guide, *letters;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "OOU:Graph", &units, &guide, &letters)) return -1;
    if (self->has_units || self->graph != NULL) {
        PyErr_SetString(PyExc_TypeError, "a Graph is made once");
        return -1;
    }
    Py_ssize_t nletters = PyUnicode_GET_LENGTH(letters);
    if (nletters < 1 || nletters > WL_MAX_LETTERS) {
        PyErr_Format(PyExc_ValueError, "an alphabet of %zd letters: the compiled core takes 1 to %d", nletters,
                     WL_MAX_LETTERS);
        return -1;
    }
    if (PyObject_GetBuffer(units, &self->units_view, PyBUF_SIMPLE) < 0) return -1;
    self->has_units = 1;
    Py_ssize_t len = self->units_view.len;
    if (len < 4 || len % 4 || len / 4 > UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "the units are a buffer of uint32, at least one");
        return -1;
    }
    const uint8_t *guide_bytes = NULL;
    if (guide != Py_None) {
        if (PyObject_GetBuffer(guide, &self->guide_view, PyBUF_SIMPLE) < 0) return -1;
        self->has_guide = 1;
        if (self->guide_view.len != 2 * (len / 4)) {
            PyErr_SetString(PyExc_ValueError, "the guide has 2 bytes a unit");
            return -1;
        }
        guide_bytes = self->guide_view.buf;
    }
    uint32_t codes[WL_MAX_LETTERS];
    PyObject *tuple = PyTuple_New(nletters), *pairs = PyTuple_New(nletters);
    if (tuple == NULL || pairs == NULL) goto failed;
    for (Py_ssize_t k = 0; k < nletters; k++) {
        codes[k] = PyUnicode_READ_CHAR(letters, k);
        PyObject *one = PyUnicode_Substring(letters, k, k + 1);
        if (one == NULL) goto failed;
        PyTuple_SET_ITEM(tuple, k, one);
        PyObject *kinds = Py_BuildValue("((Oi)(Oi)(Oi))", one, WL_ON_BOARD, one, WL_TILE, one, WL_BLANK_TILE);
        if (kinds == NULL) goto failed;
        PyTuple_SET_ITEM(pairs, k, kinds);
    }
    wl_error error;
    wl_graph *graph = wl_graph_new(self->units_view.buf, (uint32_t)(len / 4), guide_bytes, codes, (int)nletters, &error);
    if (graph == NULL) {
        raise_error(&error);
        goto failed;
    }
    self->letters = tuple;
    self->pairs = pairs;
    self->graph = graph; /* last: a Graph with a graph is complete */
    return 0;
failed:
    Py_XDECREF(tuple);
    Py_XDECREF(pairs);
    return -1;
}

static void Graph_dealloc(Graph *self) {
    wl_graph_free(self->graph);
    if (self->has_units) PyBuffer_Release(&self->units_view);
    if (self->has_guide) PyBuffer_Release(&self->guide_view);
    Py_XDECREF(self->letters);
    Py_XDECREF(self->pairs);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int ready(Graph *self) {
    if (self->graph != NULL) return 1;
    PyErr_SetString(PyExc_TypeError, "the Graph is not initialized");
    return 0;
}

/* A square given as a str: its letter index, WL_FOREIGN for any other string, WL_EMPTY for None;
   -1 (an error set) for anything else. */
static int letter_index(Graph *self, PyObject *item) {
    if (item == Py_None) return WL_EMPTY;
    if (!PyUnicode_Check(item)) {
        PyErr_Format(PyExc_TypeError, "a square holds None or a letter, not %.50s", Py_TYPE(item)->tp_name);
        return -1;
    }
    if (PyUnicode_GET_LENGTH(item) != 1) return WL_FOREIGN;
    Py_UCS4 c = PyUnicode_READ_CHAR(item, 0);
    Py_ssize_t n = PyTuple_GET_SIZE(self->letters);
    for (Py_ssize_t k = 0; k < n; k++)
        if (PyUnicode_READ_CHAR(PyTuple_GET_ITEM(self->letters, k), 0) == c) return (int)k;
    return WL_FOREIGN;
}

/* --- Moves ------------------------------------------------------------------------------------------ */

enum { WORDGAME, BALDA };

typedef struct {
    PyObject_HEAD
    int kind;
    wl_moves moves;
    PyObject *letters, *pairs; /* the graph's */
    PyObject *points;          /* list, made when first asked for */
} Moves;

static PyTypeObject MovesType;

static void Moves_dealloc(Moves *self) {
    wl_moves_free(&self->moves);
    Py_XDECREF(self->letters);
    Py_XDECREF(self->pairs);
    Py_XDECREF(self->points);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Moves_length(Moves *self) { return (Py_ssize_t)self->moves.count; }

/* Move i as the Python generator gives it: Wordgame (direction, line, first position, ((letter,
   kind), ...), points); Balda (new cell, letter, (cell, ...)). */
static PyObject *Moves_item(Moves *self, Py_ssize_t i) {
    if (i < 0 || (size_t)i >= self->moves.count) {
        PyErr_SetString(PyExc_IndexError, "move index out of range");
        return NULL;
    }
    const uint8_t *m = self->moves.data + self->moves.start[i];
    if (self->kind == WORDGAME) {
        int n = m[3];
        PyObject *word = PyTuple_New(n);
        if (word == NULL) return NULL;
        for (int k = 0; k < n; k++) {
            PyObject *pair = PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->pairs, m[4 + 2 * k]), m[5 + 2 * k]);
            Py_INCREF(pair);
            PyTuple_SET_ITEM(word, k, pair);
        }
        PyObject *points = PyLong_FromLongLong(self->moves.points[i]);
        if (points == NULL) {
            Py_DECREF(word);
            return NULL;
        }
        return Py_BuildValue("(iiiNN)", m[0], m[1], m[2], word, points);
    }
    int n = m[2];
    PyObject *path = PyTuple_New(n);
    if (path == NULL) return NULL;
    for (int k = 0; k < n; k++) PyTuple_SET_ITEM(path, k, PyLong_FromLong(m[3 + k])); /* small ints: cached */
    return Py_BuildValue("(iON)", m[0], PyTuple_GET_ITEM(self->letters, m[1]), path);
}

static PyObject *Moves_points(Moves *self, void *closure) {
    (void)closure;
    if (self->points == NULL) {
        PyObject *list = PyList_New((Py_ssize_t)self->moves.count);
        if (list == NULL) return NULL;
        for (size_t i = 0; i < self->moves.count; i++) {
            PyObject *p = PyLong_FromLongLong(self->moves.points[i]);
            if (p == NULL) {
                Py_DECREF(list);
                return NULL;
            }
            PyList_SET_ITEM(list, (Py_ssize_t)i, p);
        }
        self->points = list; /* (the GIL is held: no other thread raced us) */
    }
    Py_INCREF(self->points);
    return self->points;
}

static PyObject *Moves_steps(Moves *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->moves.steps);
}

static PyObject *Moves_best(Moves *self, PyObject *unused) {
    (void)unused;
    return PyLong_FromLongLong(wl_moves_best(&self->moves));
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

static PyMethodDef Moves_methods[] = {
    {"best", (PyCFunction)Moves_best, METH_NOARGS, "best() -> the index of the first move of the most points, or -1"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MovesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wordlist._core.Moves",
    .tp_basicsize = sizeof(Moves),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The moves a search found: a read-only sequence of the Python generator's tuples, and `points`.",
    .tp_dealloc = (destructor)Moves_dealloc,
    .tp_as_sequence = &Moves_as_sequence,
    .tp_getset = Moves_getset,
    .tp_methods = Moves_methods,
};

/* The moves of a finished search, or its error (the buffers are freed either way). */
static PyObject *moves_of(Graph *g, int kind, wl_status status, wl_moves *found, const wl_error *error) {
    if (status != WL_OK) {
        wl_moves_free(found);
        return raise_error(error);
    }
    Moves *moves = PyObject_New(Moves, &MovesType);
    if (moves == NULL) {
        wl_moves_free(found);
        return NULL;
    }
    moves->kind = kind;
    moves->moves = *found;
    Py_INCREF(g->letters);
    moves->letters = g->letters;
    Py_INCREF(g->pairs);
    moves->pairs = g->pairs;
    moves->points = NULL;
    return (PyObject *)moves;
}

/* The bytes of `object`, exactly `size` of them, in `view` (released by the caller); 0 or -1. */
static int exact_bytes(PyObject *object, Py_ssize_t size, const char *what, Py_buffer *view) {
    if (PyObject_GetBuffer(object, view, PyBUF_SIMPLE) < 0) return -1;
    if (size >= 0 && view->len != size) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zd", what, view->len, size);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* wordgame(board, blanks, letter_premiums, word_premiums, points, rack, counts, blank_tiles,
            rack_tiles, bingo_tiles, first_word, start_row, start_col[, max_steps]) -> Moves
   board: rows of letters (None: empty); blanks, letter_premiums, word_premiums: size*size bytes;
   points: each letter's tile points; rack: the rack's distinct letters as indexes in the order
   they are tried, counts: how many of each (see wl_wordgame). */
static PyObject *Graph_wordgame(Graph *self, PyObject *args) {
    PyObject *board, *blanks_obj, *lm_obj, *wm_obj, *points_obj, *rack_obj, *counts_obj;
    wl_wordgame p;
    memset(&p, 0, sizeof p);
    unsigned long long max_steps = WL_MAX_STEPS;
    if (!ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOOiiiiii|K:wordgame", &board, &blanks_obj, &lm_obj, &wm_obj, &points_obj,
                          &rack_obj, &counts_obj, &p.blank_tiles, &p.rack_tiles, &p.bingo_tiles, &p.first_word,
                          &p.start_row, &p.start_col, &max_steps))
        return NULL;
    PyObject *rows = PySequence_Fast(board, "the board is a sequence of rows");
    if (rows == NULL) return NULL;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(rows);
    if (size < 1 || size > WL_MAX_LINE) {
        Py_DECREF(rows);
        return PyErr_Format(PyExc_ValueError, "a board of %zd rows: 1 to %d", size, WL_MAX_LINE);
    }
    uint8_t letters[WL_MAX_LINE * WL_MAX_LINE];
    for (Py_ssize_t r = 0; r < size; r++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, r), "a row is a sequence of squares");
        if (row == NULL) {
            Py_DECREF(rows);
            return NULL;
        }
        if (PySequence_Fast_GET_SIZE(row) != size) {
            PyErr_Format(PyExc_ValueError, "row %zd has %zd squares, not %zd", r, PySequence_Fast_GET_SIZE(row), size);
            Py_DECREF(row);
            Py_DECREF(rows);
            return NULL;
        }
        for (Py_ssize_t c = 0; c < size; c++) {
            int letter = letter_index(self, PySequence_Fast_GET_ITEM(row, c));
            if (letter < 0) {
                Py_DECREF(row);
                Py_DECREF(rows);
                return NULL;
            }
            letters[r * size + c] = (uint8_t)letter;
        }
        Py_DECREF(row);
    }
    Py_DECREF(rows);
    int nletters = (int)PyTuple_GET_SIZE(self->letters);
    int32_t points[WL_MAX_LETTERS];
    PyObject *point_list = PySequence_Fast(points_obj, "points is a sequence of numbers");
    if (point_list == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(point_list) != nletters) {
        Py_DECREF(point_list);
        return PyErr_Format(PyExc_ValueError, "points: one number a letter (%d)", nletters);
    }
    for (int k = 0; k < nletters; k++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(point_list, k));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(point_list);
            return NULL;
        }
        if (value < 0 || value > WL_MAX_POINTS) {
            Py_DECREF(point_list);
            return PyErr_Format(PyExc_ValueError, "points: %ld is not between 0 and %d", value, WL_MAX_POINTS);
        }
        points[k] = (int32_t)value;
    }
    Py_DECREF(point_list);
    Py_ssize_t cells = size * size;
    Py_buffer views[5];
    PyObject *objects[5] = {blanks_obj, lm_obj, wm_obj, rack_obj, counts_obj};
    const char *what[5] = {"blanks", "letter premiums", "word premiums", "rack", "counts"};
    int held = 0;
    PyObject *result = NULL;
    for (; held < 5; held++) {
        Py_ssize_t expected = held < 3 ? cells : held == 4 ? views[3].len : -1;
        if (exact_bytes(objects[held], expected, what[held], &views[held]) < 0) goto done;
    }
    if (views[3].len > WL_MAX_LETTERS) {
        PyErr_SetString(PyExc_ValueError, "the rack's letters, counts or the premiums are out of range");
        goto done;
    }
    p.size = (int)size;
    p.board = letters;
    p.blanks = views[0].buf;
    p.letter_premiums = views[1].buf;
    p.word_premiums = views[2].buf;
    p.points = points;
    p.rack_letters = views[3].buf;
    p.rack_counts = views[4].buf;
    p.rack_distinct = (int)views[3].len;
    p.max_steps = max_steps;
    wl_moves found;
    wl_error error;
    wl_status status;
    Py_BEGIN_ALLOW_THREADS
    status = wl_wordgame_moves(self->graph, &p, &found, &error);
    Py_END_ALLOW_THREADS
    result = moves_of(self, WORDGAME, status, &found, &error);
done:
    for (int k = 0; k < held; k++) PyBuffer_Release(&views[k]);
    return result;
}

/* balda(board, size, diagonal, mask, scored[, max_steps]) -> Moves
   board: size*size letters, row-major (None: empty); mask: the parts of speech that count;
   scored: (word, low 64 cells, high 64 cells) for each word scored before and the cells it used. */
static PyObject *Graph_balda(Graph *self, PyObject *args) {
    PyObject *board, *scored_obj;
    wl_balda p;
    memset(&p, 0, sizeof p);
    unsigned long mask;
    unsigned long long max_steps = WL_MAX_STEPS;
    if (!ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "OipkO|K:balda", &board, &p.size, &p.diagonal, &mask, &scored_obj, &max_steps))
        return NULL;
    if (p.size < 1 || p.size * p.size > WL_MAX_CELLS)
        return PyErr_Format(PyExc_ValueError, "a Balda board of %dx%d: at most %d cells", p.size, p.size, WL_MAX_CELLS);
    int ncells = p.size * p.size;
    uint8_t cells[WL_MAX_CELLS];
    PyObject *squares = PySequence_Fast(board, "the board is a sequence of squares");
    if (squares == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(squares) != ncells) {
        PyErr_Format(PyExc_ValueError, "the board has %zd squares, not %d", PySequence_Fast_GET_SIZE(squares), ncells);
        Py_DECREF(squares);
        return NULL;
    }
    for (int i = 0; i < ncells; i++) {
        int letter = letter_index(self, PySequence_Fast_GET_ITEM(squares, i));
        if (letter < 0) {
            Py_DECREF(squares);
            return NULL;
        }
        cells[i] = (uint8_t)letter;
    }
    Py_DECREF(squares);
    PyObject *scored = PySequence_Fast(scored_obj, "scored is a sequence of (word, low cells, high cells)");
    if (scored == NULL) return NULL;
    Py_ssize_t nscored = PySequence_Fast_GET_SIZE(scored), total = 0;
    uint8_t *lengths = PyMem_Calloc((size_t)nscored + 1, 1);
    uint64_t *scored_cells = PyMem_Calloc(2 * (size_t)nscored + 1, sizeof *scored_cells);
    uint8_t *word_letters = NULL;
    PyObject *result = NULL;
    if (lengths == NULL || scored_cells == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t s = 0; s < nscored; s++) {
        PyObject *word, *low, *high;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(scored, s), "UOO:scored", &word, &low, &high)) goto done;
        Py_ssize_t length = PyUnicode_GET_LENGTH(word);
        if (length <= WL_MAX_CELLS) total += length; /* (a longer word is spelled by no path: left out) */
    }
    word_letters = PyMem_Malloc((size_t)total + 1);
    if (word_letters == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t s = 0; s < nscored; s++) {
        PyObject *word, *low, *high;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(scored, s), "UOO:scored", &word, &low, &high)) goto done;
        Py_ssize_t length = PyUnicode_GET_LENGTH(word);
        if (length > WL_MAX_CELLS) length = 0; /* (no path: a length of 0 is never compared) */
        lengths[s] = (uint8_t)length;
        for (Py_ssize_t k = 0; k < length; k++) {
            PyObject *one = PyUnicode_Substring(word, k, k + 1);
            if (one == NULL) goto done;
            int letter = letter_index(self, one);
            Py_DECREF(one);
            word_letters[at++] = (uint8_t)letter;
        }
        scored_cells[2 * s] = PyLong_AsUnsignedLongLongMask(low);
        scored_cells[2 * s + 1] = PyLong_AsUnsignedLongLongMask(high);
        if (PyErr_Occurred()) goto done;
    }
    p.board = cells;
    p.mask = (uint32_t)(mask & WL_VALUE_MASK);
    p.n_scored = (size_t)nscored;
    p.scored_lengths = lengths;
    p.scored_letters = word_letters;
    p.scored_cells = scored_cells;
    p.max_steps = max_steps;
    wl_moves found;
    wl_error error;
    wl_status status;
    Py_BEGIN_ALLOW_THREADS
    status = wl_balda_moves(self->graph, &p, &found, &error);
    Py_END_ALLOW_THREADS
    result = moves_of(self, BALDA, status, &found, &error);
done:
    Py_DECREF(scored);
    PyMem_Free(lengths);
    PyMem_Free(scored_cells);
    PyMem_Free(word_letters);
    return result;
}

/* children(node) -> [(letter, child)]: Graph.children's items, in its order. */
static PyObject *Graph_children(Graph *self, PyObject *arg) {
    if (!ready(self)) return NULL;
    unsigned long long node = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    if (node >= wl_graph_units(self->graph))
        return PyErr_Format(PyExc_IndexError, "node %llu: the graph has %u units", node, wl_graph_units(self->graph));
    uint8_t letters[WL_MAX_LETTERS];
    uint32_t nodes[WL_MAX_LETTERS];
    wl_error error;
    int n = wl_children(self->graph, (uint32_t)node, letters, nodes, &error);
    if (n < 0) return raise_error(&error);
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *pair = Py_BuildValue("(OI)", PyTuple_GET_ITEM(self->letters, letters[k]), (unsigned int)nodes[k]);
        if (pair == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, pair);
    }
    return list;
}

/* The node a str key's UTF-8 bytes lead to, or -1 (no UTF-8 form: a lone surrogate). */
static int64_t key_node(wl_graph *graph, PyObject *key) {
    Py_ssize_t length;
    const char *bytes = PyUnicode_AsUTF8AndSize(key, &length);
    if (bytes == NULL) {
        PyErr_Clear();
        return -1;
    }
    return wl_key_node(graph, (const uint8_t *)bytes, (size_t)length);
}

static PyObject *Graph_node(Graph *self, PyObject *key) {
    if (!ready(self)) return NULL;
    if (!PyUnicode_Check(key)) return PyErr_Format(PyExc_TypeError, "a key must be a str");
    return PyLong_FromLongLong(key_node(self->graph, key));
}

static PyObject *Graph_value(Graph *self, PyObject *key) {
    if (!ready(self)) return NULL;
    if (!PyUnicode_Check(key)) return PyErr_Format(PyExc_TypeError, "a key must be a str");
    int64_t node = key_node(self->graph, key);
    int64_t value = node >= 0 ? wl_node_value(self->graph, (uint32_t)node) : -1;
    if (value < 0) Py_RETURN_NONE;
    return PyLong_FromLongLong(value);
}

typedef struct {
    PyObject *prefix, *out;
    int failed;
} collected;

static int collect(void *context, const uint8_t *rest, size_t length) {
    collected *c = context;
    PyObject *tail = PyUnicode_DecodeUTF8((const char *)rest, (Py_ssize_t)length, "strict");
    PyObject *key = tail != NULL ? PyUnicode_Concat(c->prefix, tail) : NULL;
    Py_XDECREF(tail);
    if (key == NULL || PyList_Append(c->out, key) < 0) {
        Py_XDECREF(key);
        c->failed = 1;
        return 1;
    }
    Py_DECREF(key);
    return 0;
}

/* words(node, prefix, wanted, length, limit, most): the keys below `node` (reached by `prefix`),
   each the prefix and the rest decoded, in byte order (see wl_words; -1: no filter). */
static PyObject *Graph_words(Graph *self, PyObject *args) {
    unsigned long long node;
    long long wanted, length, limit, most;
    collected c = {NULL, NULL, 0};
    if (!ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "KULLLL:words", &node, &c.prefix, &wanted, &length, &limit, &most)) return NULL;
    if (node >= wl_graph_units(self->graph))
        return PyErr_Format(PyExc_IndexError, "node %llu: the graph has %u units", node, wl_graph_units(self->graph));
    if ((c.out = PyList_New(0)) == NULL) return NULL;
    Py_ssize_t letters = PyUnicode_GET_LENGTH(c.prefix);
    if (letters > WL_MAX_WORD_LETTERS) return c.out;
    wl_error error;
    wl_status status = wl_words(self->graph, (uint32_t)node, (uint32_t)letters, wanted, length, limit, most, collect,
                                &c, &error);
    if (c.failed) {
        Py_DECREF(c.out);
        return NULL;
    }
    if (status != WL_OK) {
        Py_DECREF(c.out);
        return raise_error(&error);
    }
    return c.out;
}

static PyMethodDef Graph_methods[] = {
    {"wordgame", (PyCFunction)Graph_wordgame, METH_VARARGS, "Every Wordgame move of a position (see the module)."},
    {"balda", (PyCFunction)Graph_balda, METH_VARARGS, "Every Balda word move of a position (see the module)."},
    {"children", (PyCFunction)Graph_children, METH_O, "[(letter, child node)] in Graph.children's order."},
    {"node", (PyCFunction)Graph_node, METH_O, "node(key): the node the key's UTF-8 bytes lead to, or -1."},
    {"value", (PyCFunction)Graph_value, METH_O, "value(key): the value of the key, or None."},
    {"words", (PyCFunction)Graph_words, METH_VARARGS, "words(node, prefix, wanted, length, limit, most): the keys below."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GraphType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wordlist._core.Graph",
    .tp_basicsize = sizeof(Graph),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Graph(units, guide, letters): the C core over a word list's DAWG units.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Graph_init,
    .tp_dealloc = (destructor)Graph_dealloc,
    .tp_methods = Graph_methods,
};

/* --- IsWord ----------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *data;           /* the file's bytes, kept alive */
    wl_graph *graph;          /* over them, without letters: key lookups */
    unsigned char latin1[32]; /* bit c: code point c < 256 is a normal letter */
    Py_UCS4 *others;          /* the normal letters from 256 up, sorted */
    Py_ssize_t n_others;
    Py_ssize_t max_length;    /* longer text is never looked up as it is */
    PyObject *fallback;       /* is_word(word, pos=None) in Python: everything but the fast path */
    vectorcallfunc vectorcall;
} IsWord;

static int compare_code_points(const void *a, const void *b) {
    Py_UCS4 x = *(const Py_UCS4 *)a, y = *(const Py_UCS4 *)b;
    return (x > y) - (x < y);
}

static int IsWord_init(IsWord *self, PyObject *args, PyObject *kwds) {
    PyObject *data, *letters, *fallback;
    Py_ssize_t max_length;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "SUnO:IsWord", &data, &letters, &max_length, &fallback)) return -1;
    if (self->data != NULL) { /* a second __init__ would free what another thread may be reading */
        PyErr_SetString(PyExc_TypeError, "IsWord is already initialized");
        return -1;
    }
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "the fallback must be callable");
        return -1;
    }
    if (max_length < 0) {
        PyErr_SetString(PyExc_ValueError, "max_length must not be negative");
        return -1;
    }
    wl_error error;
    wl_graph *graph = wl_graph_open((const uint8_t *)PyBytes_AS_STRING(data), (size_t)PyBytes_GET_SIZE(data), NULL, 0,
                                    &error);
    if (graph == NULL) {
        raise_error(&error);
        return -1;
    }
    int kind = PyUnicode_KIND(letters);
    const void *text = PyUnicode_DATA(letters);
    Py_ssize_t count = PyUnicode_GET_LENGTH(letters);
    Py_UCS4 *others = PyMem_New(Py_UCS4, count > 0 ? count : 1);
    if (others == NULL) {
        wl_graph_free(graph);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t n_others = 0;
    memset(self->latin1, 0, sizeof self->latin1);
    for (Py_ssize_t k = 0; k < count; k++) {
        Py_UCS4 c = PyUnicode_READ(kind, text, k);
        if (c < 256) self->latin1[c >> 3] |= (unsigned char)(1u << (c & 7));
        else others[n_others++] = c;
    }
    qsort(others, (size_t)n_others, sizeof *others, compare_code_points);
    self->others = others;
    self->n_others = n_others;
    self->max_length = max_length;
    Py_INCREF(fallback);
    self->fallback = fallback;
    self->graph = graph;
    Py_INCREF(data);
    self->data = data; /* last: an IsWord with data is complete */
    return 0;
}

static int IsWord_traverse(IsWord *self, visitproc visit, void *arg) {
    Py_VISIT(self->fallback);
    return 0;
}

static int IsWord_clear(IsWord *self) {
    Py_CLEAR(self->fallback);
    return 0;
}

static void IsWord_dealloc(IsWord *self) {
    PyObject_GC_UnTrack(self);
    wl_graph_free(self->graph);
    Py_CLEAR(self->data);
    Py_CLEAR(self->fallback);
    PyMem_Free(self->others);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int is_normal_letter(const IsWord *self, Py_UCS4 c) {
    if (c < 256) return (self->latin1[c >> 3] >> (c & 7)) & 1;
    return bsearch(&c, self->others, (size_t)self->n_others, sizeof c, compare_code_points) != NULL;
}

/* Is `word` made of normal letters only (and not too long)? Then normalizing it changes nothing,
   and it holds no NUL or surrogate (letters are printable). */
static int is_normal(const IsWord *self, PyObject *word) {
    Py_ssize_t length = PyUnicode_GET_LENGTH(word);
    if (length > self->max_length) return 0;
    int kind = PyUnicode_KIND(word);
    const void *data = PyUnicode_DATA(word);
    for (Py_ssize_t k = 0; k < length; k++)
        if (!is_normal_letter(self, PyUnicode_READ(kind, data, k))) return 0;
    return 1;
}

/* True or False if `word` is normal (a key as it is or not at all); None otherwise: the caller
   normalizes. NULL with an exception if memory runs out. */
static PyObject *lookup(IsWord *self, PyObject *word) {
    if (!PyUnicode_CheckExact(word) || !is_normal(self, word)) Py_RETURN_NONE;
    Py_ssize_t length;
    const char *key = PyUnicode_AsUTF8AndSize(word, &length);
    if (key == NULL) return NULL;
    if (length == 0) Py_RETURN_FALSE; /* the empty word is never a word */
    int64_t node = wl_key_node(self->graph, (const uint8_t *)key, (size_t)length);
    return PyBool_FromLong(node >= 0 && wl_node_value(self->graph, (uint32_t)node) >= 0);
}

static PyObject *IsWord_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    IsWord *self = (IsWord *)callable;
    if (PyVectorcall_NARGS(nargsf) == 1 && kwnames == NULL && self->data != NULL) {
        PyObject *found = lookup(self, args[0]);
        if (found != Py_None) return found; /* True, False, or NULL with an exception */
        Py_DECREF(found);
    }
    if (self->fallback == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "IsWord is not initialized");
        return NULL;
    }
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static PyObject *IsWord_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    IsWord *self = (IsWord *)PyType_GenericNew(type, args, kwds);
    if (self != NULL) self->vectorcall = IsWord_vectorcall;
    return (PyObject *)self;
}

static PyTypeObject IsWordType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wordlist._core.IsWord",
    .tp_basicsize = sizeof(IsWord),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "IsWord(dawg_bytes, normal_letters, max_length, fallback): Lexicon.is_word with its fast path in C.",
    .tp_new = IsWord_new,
    .tp_init = (initproc)IsWord_init,
    .tp_dealloc = (destructor)IsWord_dealloc,
    .tp_traverse = (traverseproc)IsWord_traverse,
    .tp_clear = (inquiry)IsWord_clear,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(IsWord, vectorcall),
};

/* --- the module ------------------------------------------------------------------------------------- */

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "The C core (core/include/wordlist.h) bound to Python.", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&GraphType) < 0 || PyType_Ready(&MovesType) < 0 || PyType_Ready(&IsWordType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    CorruptGraph = PyErr_NewException("wordlist._core.CorruptGraph", PyExc_ValueError, NULL);
    if (CorruptGraph == NULL || PyModule_AddObjectRef(m, "CorruptGraph", CorruptGraph) < 0 ||
        PyModule_AddObjectRef(m, "Graph", (PyObject *)&GraphType) < 0 ||
        PyModule_AddObjectRef(m, "Moves", (PyObject *)&MovesType) < 0 ||
        PyModule_AddObjectRef(m, "IsWord", (PyObject *)&IsWordType) < 0 ||
        PyModule_AddObjectRef(m, "MAX_STEPS", PyLong_FromUnsignedLongLong(WL_MAX_STEPS)) < 0 ||
        /* the limits compiled in (from wordlist_limits.h), which the tests hold to wordlist/format/limits.py */
        PyModule_AddIntConstant(m, "MAX_LINE", WL_MAX_LINE) < 0 || PyModule_AddIntConstant(m, "MAX_LETTERS", WL_MAX_LETTERS) < 0 ||
        PyModule_AddIntConstant(m, "MAX_CELLS", WL_MAX_CELLS) < 0 || PyModule_AddIntConstant(m, "MAX_POINTS", WL_MAX_POINTS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
