/* Lexicon.is_word's fast path: a str of normal letters is looked up in the core as it is, anything
   else goes to the Python method (the reference). */
#include "_core.h"

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

PyTypeObject IsWordType = {
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
