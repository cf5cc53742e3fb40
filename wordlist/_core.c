/* The CPython binding of the C core (core/include/wordlist.h): Python objects in, the core's
   plain inputs out, its results and errors back as Python objects. No search or layout here.

   Graph(units, guide, letters): the core's graph over a word list's units (a buffer of 4-byte
   little-endian units, as wordlist.graph.Graph holds them), its guide (2 bytes a unit, or None)
   and its alphabet; `wordgame(...)` and `balda(...)` run a search with the GIL released and
   return a Moves (a read-only sequence of the Python generators' tuples, built when read, and
   `points`); `children`, `node`, `value`, `words` are Graph's reads. A damaged graph is a
   _CorruptGraph (a ValueError; private: wordlist.graph turns it into ArtefactError) with the Python reference's words.

   IsWord(dawg_bytes, normal_letters, max_length, fallback): Lexicon.is_word with its fast path in C:
   a string of at most max_length normal letters is looked up as it is; anything else goes to the
   Python fallback (the reference). A Python function call costs about as much as a lookup, so only
   a callable in C gets is_word near the raw lookup's speed. */
#include "_core.h"

PyObject *CorruptGraph;

PyObject *raise_error(const wl_error *error) {
    char message[200];
    wl_error_message(error, message, sizeof message);
    switch (error->status) {
    case WL_NO_MEMORY: return PyErr_NoMemory();
    case WL_OUT_OF_STEPS: PyErr_SetString(PyExc_RuntimeError, message); return NULL;
    case WL_BAD_GUIDE:
    case WL_TOO_LONG:
    case WL_TOO_MANY:
    case WL_NOT_UTF8:
    case WL_CYCLE: PyErr_SetString(CorruptGraph, message); return NULL;
    default: PyErr_SetString(PyExc_ValueError, message); return NULL;
    }
}

/* --- Graph ----------------------------------------------------------------------------------------- */

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
    for (Py_ssize_t k = 0; k < nletters; k++) self->codes[k] = codes[k];
    self->nletters = (int)nletters;
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

int ready(Graph *self) {
    if (self->graph != NULL) return 1;
    PyErr_SetString(PyExc_TypeError, "the Graph is not initialized");
    return 0;
}

int letter_index(Graph *self, PyObject *item) {
    if (item == Py_None) return WL_EMPTY;
    if (!PyUnicode_Check(item)) {
        PyErr_Format(PyExc_TypeError, "a square holds None or a letter, not %.50s", Py_TYPE(item)->tp_name);
        return -1;
    }
    if (PyUnicode_GET_LENGTH(item) != 1) return WL_FOREIGN;
    Py_UCS4 c = PyUnicode_READ_CHAR(item, 0);
    for (int k = 0; k < self->nletters; k++)
        if (self->codes[k] == c) return k;
    return WL_FOREIGN;
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

/* check(most) -> the number of keys, or _CorruptGraph: Graph.check's pass (wl_graph_check), without
   the GIL (the units and the guide are buffers this object holds). */
static PyObject *Graph_check(Graph *self, PyObject *arg) {
    if (!ready(self)) return NULL;
    unsigned long long most = PyLong_AsUnsignedLongLong(arg);
    if (most == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    unsigned long long count = 0;
    wl_error error;
    wl_status status;
    Py_BEGIN_ALLOW_THREADS
    status = wl_graph_check(self->graph, most, &count, &error);
    Py_END_ALLOW_THREADS
    if (status != WL_OK) return raise_error(&error);
    return PyLong_FromUnsignedLongLong(count);
}

static PyMethodDef Graph_methods[] = {
    {"wordgame", (PyCFunction)Graph_wordgame, METH_VARARGS, "Every Wordgame move of a position (see the module)."},
    {"balda", (PyCFunction)Graph_balda, METH_VARARGS, "Every Balda word move of a position (see the module)."},
    {"balda_search", (PyCFunction)Graph_balda_search, METH_VARARGS, "Balda's lookahead: each word move's value."},
    {"wordgame_equities", (PyCFunction)Graph_wordgame_equities, METH_VARARGS, "Wordgame: each move's equity (see the module)."},
    {"wordgame_exchange", (PyCFunction)Graph_wordgame_exchange, METH_VARARGS, "Wordgame: the best exchange by leave."},
    {"wordgame_simulate", (PyCFunction)Graph_wordgame_simulate, METH_VARARGS, "Wordgame's expert simulation."},
    {"children", (PyCFunction)Graph_children, METH_O, "[(letter, child node)] in Graph.children's order."},
    {"node", (PyCFunction)Graph_node, METH_O, "node(key): the node the key's UTF-8 bytes lead to, or -1."},
    {"value", (PyCFunction)Graph_value, METH_O, "value(key): the value of the key, or None."},
    {"words", (PyCFunction)Graph_words, METH_VARARGS, "words(node, prefix, wanted, length, limit, most): the keys below."},
    {"check", (PyCFunction)Graph_check, METH_O, "check(most): the number of keys once the graph is found sound."},
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

/* --- the module ------------------------------------------------------------------------------------- */

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "The C core (core/include/wordlist.h) bound to Python.", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&GraphType) < 0 || PyType_Ready(&MovesType) < 0 || PyType_Ready(&IsWordType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    CorruptGraph = PyErr_NewException("wordlist._core._CorruptGraph", PyExc_ValueError, NULL);
    if (CorruptGraph == NULL || PyModule_AddObjectRef(m, "_CorruptGraph", CorruptGraph) < 0 ||
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
