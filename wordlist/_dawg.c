/* Lexicon.is_word's fast path in C: the call a game or a server makes most.

   IsWord(dawg_bytes, normal_letters, max_length, fallback) is a callable that looks a string up
   in the dictionary units of words.dawg (the layout of docs/FORMAT.md, read in place, bounds
   checked) when it can be looked up as it is: at most max_length characters, each one of
   `normal_letters` (Alphabet.normal_letters: text of them only is what normalizing it gives). It
   calls `fallback` (the Python method, which is the reference) for everything else: a part of
   speech given, a word to normalize, not a str.
   A Python function call costs about as much as a DAWG lookup, so only a callable in C gets
   is_word near dawg2's raw lookup speed. Where this cannot be compiled the Python method is used. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    PyObject *data;            /* the file's bytes, kept alive */
    const unsigned char *units; /* n little-endian uint32 units */
    uint32_t n;
    unsigned char latin1[32];   /* bit c: code point c < 256 is a normal letter */
    Py_UCS4 *others;            /* the normal letters from 256 up, sorted */
    Py_ssize_t n_others;
    Py_ssize_t max_length;      /* longer text is never looked up as it is */
    PyObject *fallback;         /* is_word(word, pos=None) in Python: everything but the fast path */
    vectorcallfunc vectorcall;
} Dictionary;

static inline uint32_t unit_at(const Dictionary *d, uint32_t i) {
    const unsigned char *p = d->units + 4 * (size_t)i;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t offset_of(uint32_t u) { return (u >> 10) << ((u & (1u << 9)) >> 6); }

static int compare_code_points(const void *a, const void *b) {
    Py_UCS4 x = *(const Py_UCS4 *)a, y = *(const Py_UCS4 *)b;
    return (x > y) - (x < y);
}

static int Dictionary_init(Dictionary *self, PyObject *args, PyObject *kwds) {
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
    if (max_length < 0) { PyErr_SetString(PyExc_ValueError, "max_length must not be negative"); return -1; }
    Py_ssize_t size = PyBytes_GET_SIZE(data);
    const unsigned char *bytes = (const unsigned char *)PyBytes_AS_STRING(data);
    if (size < 8) { PyErr_SetString(PyExc_ValueError, "too short to be a DAWG"); return -1; }
    uint32_t n = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
    if (n == 0 || 4 + 4 * (uint64_t)n > (uint64_t)size) {
        PyErr_SetString(PyExc_ValueError, "the header announces more units than the file holds");
        return -1;
    }
    int kind = PyUnicode_KIND(letters);
    const void *text = PyUnicode_DATA(letters);
    Py_ssize_t count = PyUnicode_GET_LENGTH(letters);
    Py_UCS4 *others = PyMem_New(Py_UCS4, count > 0 ? count : 1);
    if (others == NULL) { PyErr_NoMemory(); return -1; }
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
    self->units = bytes + 4;
    self->n = n;
    Py_INCREF(data);
    self->data = data; /* last: a Dictionary with data is complete */
    return 0;
}

static int Dictionary_traverse(Dictionary *self, visitproc visit, void *arg) {
    Py_VISIT(self->fallback);
    return 0;
}

static int Dictionary_clear(Dictionary *self) {
    Py_CLEAR(self->fallback);
    return 0;
}

static void Dictionary_dealloc(Dictionary *self) {
    PyObject_GC_UnTrack(self);
    Py_CLEAR(self->data);
    Py_CLEAR(self->fallback);
    PyMem_Free(self->others);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int is_normal_letter(const Dictionary *self, Py_UCS4 c) {
    if (c < 256) return (self->latin1[c >> 3] >> (c & 7)) & 1;
    return bsearch(&c, self->others, (size_t)self->n_others, sizeof c, compare_code_points) != NULL;
}

/* Is `word` made of normal letters only (and not too long)? Then normalizing it changes nothing,
   and it holds no NUL or surrogate (letters are printable). */
static int is_normal(const Dictionary *self, PyObject *word) {
    Py_ssize_t length = PyUnicode_GET_LENGTH(word);
    if (length > self->max_length) return 0;
    int kind = PyUnicode_KIND(word);
    const void *data = PyUnicode_DATA(word);
    for (Py_ssize_t k = 0; k < length; k++) {
        if (!is_normal_letter(self, PyUnicode_READ(kind, data, k))) return 0;
    }
    return 1;
}

/* contains(word): True or False if `word` is normal (see is_normal) and so a key as it is or
   not at all; None otherwise: the caller normalizes (not exactly a str, capitals, ß in a list
   that spells it ss, NUL, a lone surrogate ...). NULL with an exception if memory runs out. */
static PyObject *lookup(Dictionary *self, PyObject *word) {
    if (!PyUnicode_CheckExact(word) || !is_normal(self, word)) Py_RETURN_NONE;
    Py_ssize_t length;
    const char *key = PyUnicode_AsUTF8AndSize(word, &length);
    if (key == NULL) return NULL;
    uint32_t i = 0;
    for (Py_ssize_t k = 0; k < length; k++) {
        uint32_t label = (unsigned char)key[k];
        uint32_t j = i ^ offset_of(unit_at(self, i)) ^ label;
        if (j >= self->n || (unit_at(self, j) & 0x800000FFu) != label) Py_RETURN_FALSE;
        i = j;
    }
    return PyBool_FromLong(unit_at(self, i) & (1u << 8));
}

/* is_word(word): the fast path in C, anything else (pos given, input to normalize) in Python. */
static PyObject *IsWord_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Dictionary *self = (Dictionary *)callable;
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
    Dictionary *self = (Dictionary *)PyType_GenericNew(type, args, kwds);
    if (self != NULL) self->vectorcall = IsWord_vectorcall;
    return (PyObject *)self;
}

static PyTypeObject DictionaryType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wordlist._dawg.IsWord",
    .tp_basicsize = sizeof(Dictionary),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "IsWord(dawg_bytes, normal_letters, max_length, fallback): Lexicon.is_word with its fast path in C.",
    .tp_new = IsWord_new,
    .tp_init = (initproc)Dictionary_init,
    .tp_dealloc = (destructor)Dictionary_dealloc,
    .tp_traverse = (traverseproc)Dictionary_traverse,
    .tp_clear = (inquiry)Dictionary_clear,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Dictionary, vectorcall),
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_dawg", "Fast lookups in words.dawg.", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dawg(void) {
    if (PyType_Ready(&DictionaryType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&DictionaryType);
    if (PyModule_AddObject(m, "IsWord", (PyObject *)&DictionaryType) < 0) {
        Py_DECREF(&DictionaryType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
