/* The binding's searches: a position's Python objects to the core's plain inputs, with the GIL
   released for the search; its moves back as a Moves, a read-only sequence of the Python
   generators' tuples built when read. */
#include "_core.h"

/* --- Moves ------------------------------------------------------------------------------------------ */


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

PyTypeObject MovesType = {
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
PyObject *Graph_wordgame(Graph *self, PyObject *args) { return wordgame_position_run(self, args, NULL, NULL); }

/* Graph.wordgame's work: parse the position, then search it, or (with `run`) hand it to `run`. */
PyObject *wordgame_position_run(Graph *self, PyObject *args, position_run run, void *context) {
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
    if (run != NULL) {
        result = run(self, &p, context);
        goto done;
    }
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

/* What a Balda position holds while the core reads it. */
typedef struct {
    uint8_t cells[WL_MAX_CELLS];
    uint8_t *lengths;
    uint64_t *scored_cells;
    uint8_t *word_letters;
    PyObject *scored;
} balda_held;

static void balda_release(balda_held *held) {
    Py_XDECREF(held->scored);
    PyMem_Free(held->lengths);
    PyMem_Free(held->scored_cells);
    PyMem_Free(held->word_letters);
}

/* Fill `p` (its size and diagonal already set) from the board and the scored words; 0, or -1 with
   an exception. `held` is released by the caller either way. */
static int balda_position(Graph *self, PyObject *board, PyObject *scored_obj, unsigned long mask, wl_balda *p,
                          balda_held *held) {
    memset(held, 0, sizeof *held);
    if (p->size < 1 || p->size * p->size > WL_MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "a Balda board of %dx%d: at most %d cells", p->size, p->size, WL_MAX_CELLS);
        return -1;
    }
    int ncells = p->size * p->size;
    PyObject *squares = PySequence_Fast(board, "the board is a sequence of squares");
    if (squares == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(squares) != ncells) {
        PyErr_Format(PyExc_ValueError, "the board has %zd squares, not %d", PySequence_Fast_GET_SIZE(squares), ncells);
        Py_DECREF(squares);
        return -1;
    }
    for (int i = 0; i < ncells; i++) {
        int letter = letter_index(self, PySequence_Fast_GET_ITEM(squares, i));
        if (letter < 0) {
            Py_DECREF(squares);
            return -1;
        }
        held->cells[i] = (uint8_t)letter;
    }
    Py_DECREF(squares);
    held->scored = PySequence_Fast(scored_obj, "scored is a sequence of (word, low cells, high cells)");
    if (held->scored == NULL) return -1;
    Py_ssize_t nscored = PySequence_Fast_GET_SIZE(held->scored), total = 0;
    held->lengths = PyMem_Calloc((size_t)nscored + 1, 1);
    held->scored_cells = PyMem_Calloc(2 * (size_t)nscored + 1, sizeof *held->scored_cells);
    if (held->lengths == NULL || held->scored_cells == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t s = 0; s < nscored; s++) {
        PyObject *word, *low, *high, *item = PySequence_Fast_GET_ITEM(held->scored, s);
        if (!PyTuple_Check(item)) {
            PyErr_Format(PyExc_TypeError, "scored[%zd] is a (word, low cells, high cells) tuple", s);
            return -1;
        }
        if (!PyArg_ParseTuple(item, "UOO:scored", &word, &low, &high)) return -1;
        Py_ssize_t length = PyUnicode_GET_LENGTH(word);
        if (length <= WL_MAX_CELLS) total += length; /* (a longer word is spelled by no path: left out) */
    }
    held->word_letters = PyMem_Malloc((size_t)total + 1);
    if (held->word_letters == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t s = 0; s < nscored; s++) {
        PyObject *word, *low, *high;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(held->scored, s), "UOO:scored", &word, &low, &high)) return -1;
        Py_ssize_t length = PyUnicode_GET_LENGTH(word);
        if (length > WL_MAX_CELLS) length = 0; /* (no path: a length of 0 is never compared) */
        held->lengths[s] = (uint8_t)length;
        for (Py_ssize_t k = 0; k < length; k++) {
            PyObject *one = PyUnicode_Substring(word, k, k + 1);
            if (one == NULL) return -1;
            int letter = letter_index(self, one);
            Py_DECREF(one);
            held->word_letters[at++] = (uint8_t)letter;
        }
        held->scored_cells[2 * s] = PyLong_AsUnsignedLongLongMask(low);
        held->scored_cells[2 * s + 1] = PyLong_AsUnsignedLongLongMask(high);
        if (PyErr_Occurred()) return -1;
    }
    p->board = held->cells;
    p->mask = (uint32_t)(mask & WL_VALUE_MASK);
    p->n_scored = (size_t)nscored;
    p->scored_lengths = held->lengths;
    p->scored_letters = held->word_letters;
    p->scored_cells = held->scored_cells;
    return 0;
}

/* balda(board, size, diagonal, mask, scored[, max_steps]) -> Moves
   board: size*size letters, row-major (None: empty); mask: the parts of speech that count;
   scored: (word, low 64 cells, high 64 cells) for each word scored before and the cells it used. */
PyObject *Graph_balda(Graph *self, PyObject *args) {
    PyObject *board, *scored_obj;
    wl_balda p;
    memset(&p, 0, sizeof p);
    unsigned long mask;
    unsigned long long max_steps = WL_MAX_STEPS;
    if (!ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "OipkO|K:balda", &board, &p.size, &p.diagonal, &mask, &scored_obj, &max_steps))
        return NULL;
    balda_held held;
    PyObject *result = NULL;
    if (balda_position(self, board, scored_obj, mask, &p, &held) == 0) {
        p.max_steps = max_steps;
        wl_moves found;
        wl_error error;
        wl_status status;
        Py_BEGIN_ALLOW_THREADS
        status = wl_balda_moves(self->graph, &p, &found, &error);
        Py_END_ALLOW_THREADS
        result = moves_of(self, BALDA, status, &found, &error);
    }
    balda_release(&held);
    return result;
}

/* balda_search(board, size, diagonal, mask, scored, difference, budget) -> (values, nodes, depth, exact)
   The lookahead's value of each word move (in balda()'s order): core/src/balda_search.c. */
PyObject *Graph_balda_search(Graph *self, PyObject *args) {
    PyObject *board, *scored_obj;
    wl_balda p;
    memset(&p, 0, sizeof p);
    unsigned long mask;
    int difference;
    long long budget;
    if (!ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "OipkOiL:balda_search", &board, &p.size, &p.diagonal, &mask, &scored_obj, &difference,
                          &budget))
        return NULL;
    if (budget < 1) return PyErr_Format(PyExc_ValueError, "a search's budget is 1 position or more, not %lld", budget);
    balda_held held;
    PyObject *result = NULL;
    if (balda_position(self, board, scored_obj, mask, &p, &held) == 0) {
        wl_balda_searched searched;
        wl_error error;
        wl_status status;
        Py_BEGIN_ALLOW_THREADS
        status = wl_balda_search(self->graph, &p, difference, (uint64_t)budget, &searched, &error);
        Py_END_ALLOW_THREADS
        if (status != WL_OK) {
            raise_error(&error);
        } else {
            PyObject *values = PyTuple_New((Py_ssize_t)searched.count);
            for (size_t i = 0; values != NULL && i < searched.count; i++) {
                PyObject *value = PyLong_FromLong(searched.values[i]);
                if (value == NULL) Py_CLEAR(values);
                else PyTuple_SET_ITEM(values, (Py_ssize_t)i, value);
            }
            if (values != NULL)
                result = Py_BuildValue("(NKiO)", values, (unsigned long long)searched.nodes, searched.depth,
                                       searched.exact ? Py_True : Py_False);
            wl_balda_searched_free(&searched);
        }
    }
    balda_release(&held);
    return result;
}
