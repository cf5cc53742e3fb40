/* The binding of Wordgame's equity (core/src/wordgame_equity.c): leave values and a rack in, the
   moves' equities or the best exchange out.

   leaves: (values, duplicates, vowels, balance): values and duplicates one int a tile (the graph's
   letters, then the blank), vowels a mask of the letters (bit k: letter k), balance an int.
   rack, counts, blank_tiles: the rack's distinct letters as indexes, how many of each, its blanks. */
#include "_core.h"

typedef struct {
    wl_leaves leaves;
    int32_t values[WL_MAX_LETTERS + 1], duplicates[WL_MAX_LETTERS + 1];
    uint32_t letters[WL_MAX_LETTERS];
    wl_wordgame rack;
    Py_buffer rack_view, counts_view;
} equity_inputs;

static int weights(PyObject *object, int n, int32_t *out, const char *what) {
    PyObject *seq = PySequence_Fast(object, what);
    if (seq == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s: one number a tile (%d)", what, n);
        Py_DECREF(seq);
        return -1;
    }
    for (int k = 0; k < n; k++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (value < -WL_MAX_LEAVE_WEIGHT || value > WL_MAX_LEAVE_WEIGHT) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is beyond +-%d", what, value, WL_MAX_LEAVE_WEIGHT);
            Py_DECREF(seq);
            return -1;
        }
        out[k] = (int32_t)value;
    }
    Py_DECREF(seq);
    return 0;
}

/* Parse leaves and the rack (none for NULL) into `in` (its buffers released by release_inputs); 0 or -1. */
static int inputs(Graph *self, PyObject *leaves, PyObject *rack, PyObject *counts, int blank_tiles, equity_inputs *in) {
    PyObject *values, *duplicates, *vowel_mask;
    long balance;
    memset(in, 0, sizeof *in);
    if (!PyTuple_Check(leaves)) {
        PyErr_SetString(PyExc_TypeError, "leaves: (values, duplicates, vowels, balance)");
        return -1;
    }
    if (!PyArg_ParseTuple(leaves, "OOOl:leaves", &values, &duplicates, &vowel_mask, &balance)) return -1;
    int n = self->nletters;
    unsigned long long vowels = PyLong_AsUnsignedLongLong(vowel_mask);
    if (vowels == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (n < 64 && vowels >> n) {
        PyErr_Format(PyExc_ValueError, "leave vowels: a mask of the %d letters", n);
        return -1;
    }
    if (weights(values, n + 1, in->values, "leave values") < 0 ||
        weights(duplicates, n + 1, in->duplicates, "leave duplicates") < 0)
        return -1;
    if (balance < -WL_MAX_LEAVE_WEIGHT || balance > WL_MAX_LEAVE_WEIGHT) {
        PyErr_Format(PyExc_ValueError, "leave balance: %ld is beyond +-%d", balance, WL_MAX_LEAVE_WEIGHT);
        return -1;
    }
    for (int k = 0; k < n; k++) in->letters[k] = self->codes[k];
    in->leaves = (wl_leaves){n, in->letters, in->values, in->duplicates, (uint64_t)vowels, (int32_t)balance};
    if (rack == NULL) return 0; /* the leave values only */
    if (PyObject_GetBuffer(rack, &in->rack_view, PyBUF_SIMPLE) < 0) return -1;
    if (PyObject_GetBuffer(counts, &in->counts_view, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&in->rack_view);
        in->rack_view.obj = NULL;
        return -1;
    }
    if (in->rack_view.len != in->counts_view.len || in->rack_view.len > WL_MAX_LETTERS) {
        PyErr_SetString(PyExc_ValueError, "the rack: one count a distinct letter");
        return -1;
    }
    in->rack.rack_letters = in->rack_view.buf;
    in->rack.rack_counts = in->counts_view.buf;
    in->rack.rack_distinct = (int)in->rack_view.len;
    in->rack.blank_tiles = blank_tiles;
    return 0;
}

static void release_inputs(equity_inputs *in) {
    if (in->rack_view.obj != NULL) PyBuffer_Release(&in->rack_view);
    if (in->counts_view.obj != NULL) PyBuffer_Release(&in->counts_view);
}

/* wordgame_equities(moves, leaves, rack, counts, blank_tiles, bag) -> [equity, ...] (hundredths). */
PyObject *Graph_wordgame_equities(Graph *self, PyObject *args) {
    PyObject *moves_obj, *leaves, *rack, *counts;
    int blank_tiles, bag;
    if (!ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "O!OOOii:wordgame_equities", &MovesType, &moves_obj, &leaves, &rack, &counts,
                          &blank_tiles, &bag))
        return NULL;
    Moves *moves = (Moves *)moves_obj;
    if (moves->kind != WORDGAME) return PyErr_Format(PyExc_TypeError, "the moves are not Wordgame's");
    equity_inputs in;
    PyObject *result = NULL;
    if (inputs(self, leaves, rack, counts, blank_tiles, &in) == 0) {
        int64_t *equities = PyMem_Malloc((moves->moves.count + 1) * sizeof *equities);
        wl_error error;
        if (equities == NULL) {
            PyErr_NoMemory();
        } else if (wl_wordgame_equities(&in.leaves, &in.rack, &moves->moves, bag, equities, &error) != WL_OK) {
            raise_error(&error);
        } else if ((result = PyList_New((Py_ssize_t)moves->moves.count)) != NULL) {
            for (size_t i = 0; i < moves->moves.count; i++) {
                PyObject *value = PyLong_FromLongLong(equities[i]);
                if (value == NULL) {
                    Py_CLEAR(result);
                    break;
                }
                PyList_SET_ITEM(result, (Py_ssize_t)i, value);
            }
        }
        PyMem_Free(equities);
    }
    release_inputs(&in);
    return result;
}

/* wordgame_exchange(leaves, rack, counts, blank_tiles, bag) -> (returned, value): returned one count
   a tile (the letters, then the blank), value the kept tiles' leave; None for an empty rack. */
PyObject *Graph_wordgame_exchange(Graph *self, PyObject *args) {
    PyObject *leaves, *rack, *counts;
    int blank_tiles, bag;
    if (!ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "OOOii:wordgame_exchange", &leaves, &rack, &counts, &blank_tiles, &bag)) return NULL;
    equity_inputs in;
    PyObject *result = NULL;
    if (inputs(self, leaves, rack, counts, blank_tiles, &in) == 0) {
        wl_exchange best;
        wl_error error;
        if (wl_wordgame_exchange(&in.leaves, &in.rack, bag, &best, &error) != WL_OK) {
            raise_error(&error);
        } else if (!best.found) {
            result = Py_NewRef(Py_None);
        } else {
            result = Py_BuildValue("(y#L)", (const char *)best.returned, (Py_ssize_t)self->nletters + 1,
                                   (long long)best.value);
        }
    }
    release_inputs(&in);
    return result;
}

typedef struct {
    Moves *moves;
    equity_inputs in;
    Py_buffer racks;
    Py_ssize_t candidates;
    int bag;
} simulation;

static PyObject *simulate_position(Graph *self, const wl_wordgame *position, void *context) {
    simulation *sim = context;
    const wl_moves *moves = &sim->moves->moves;
    size_t nracks = (size_t)sim->racks.len / (size_t)(self->nletters + 1);
    int64_t *equities = PyMem_Malloc((moves->count + 1) * sizeof *equities);
    int64_t *values = PyMem_Malloc((moves->count + 1) * sizeof *values);
    PyObject *result = NULL;
    wl_error error;
    wl_status status = WL_NO_MEMORY;
    if (equities != NULL && values != NULL) {
        status = wl_wordgame_equities(&sim->in.leaves, position, moves, sim->bag, equities, &error);
        if (status == WL_OK) {
            Py_BEGIN_ALLOW_THREADS
            status = wl_wordgame_simulate(self->graph, &sim->in.leaves, position, moves, equities, (size_t)sim->candidates,
                                          sim->racks.buf, nracks, sim->bag, values, &error);
            Py_END_ALLOW_THREADS
        }
    } else {
        error.status = WL_NO_MEMORY;
    }
    if (status != WL_OK) {
        raise_error(&error);
    } else if ((result = PyList_New((Py_ssize_t)moves->count)) != NULL) {
        for (size_t i = 0; i < moves->count; i++) {
            PyObject *value = PyLong_FromLongLong(values[i]);
            if (value == NULL) {
                Py_CLEAR(result);
                break;
            }
            PyList_SET_ITEM(result, (Py_ssize_t)i, value);
        }
    }
    PyMem_Free(equities);
    PyMem_Free(values);
    return result;
}

/* wordgame_simulate(position, moves, leaves, racks, candidates, bag) -> [value, ...] (hundredths):
   position the arguments of wordgame() for the position `moves` came from (its rack the player's),
   racks the opponent's racks drawn by the caller, one count a tile each (the letters, the blank). */
PyObject *Graph_wordgame_simulate(Graph *self, PyObject *args) {
    PyObject *position, *moves_obj, *leaves, *racks;
    simulation sim;
    memset(&sim, 0, sizeof sim);
    if (!ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "O!O!OOni:wordgame_simulate", &PyTuple_Type, &position, &MovesType, &moves_obj, &leaves,
                          &racks, &sim.candidates, &sim.bag))
        return NULL;
    sim.moves = (Moves *)moves_obj;
    if (sim.moves->kind != WORDGAME) return PyErr_Format(PyExc_TypeError, "the moves are not Wordgame's");
    if (sim.candidates < 0) return PyErr_Format(PyExc_ValueError, "candidates: a count, not %zd", sim.candidates);
    if (PyObject_GetBuffer(racks, &sim.racks, PyBUF_SIMPLE) < 0) return NULL;
    PyObject *result = NULL;
    if (sim.racks.len % (self->nletters + 1)) {
        PyErr_Format(PyExc_ValueError, "racks: %d counts a rack", self->nletters + 1);
    } else if (inputs(self, leaves, NULL, NULL, 0, &sim.in) == 0) {
        result = wordgame_position_run(self, position, simulate_position, &sim);
    }
    release_inputs(&sim.in);
    PyBuffer_Release(&sim.racks);
    return result;
}
