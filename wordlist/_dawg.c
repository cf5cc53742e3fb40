/* Lexicon.is_word's fast path in C: the call a game or a server makes most.

   IsWord(dawg_bytes, lower_words_are_normal, fallback) is a callable that looks a string up in
   the dictionary units of words.dawg (the layout of docs/FORMAT.md, read in place, bounds
   checked) when it can be looked up as it is, and calls `fallback` (the Python method, which is
   the reference) for everything else: a part of speech given, a word to normalize, not a str.
   A Python function call costs about as much as a DAWG lookup, so only a callable in C gets
   is_word near dawg2's raw lookup speed. Where this cannot be compiled the Python method is used. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    PyObject *data;            /* the file's bytes, kept alive */
    const unsigned char *units; /* n little-endian uint32 units */
    uint32_t n;
    int lower_words_are_normal; /* a word of lower-case letters only needs no normalization */
    PyObject *fallback;         /* is_word(word, pos=None) in Python: everything but the fast path */
    vectorcallfunc vectorcall;
} Dictionary;

static inline uint32_t unit_at(const Dictionary *d, uint32_t i) {
    const unsigned char *p = d->units + 4 * (size_t)i;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t offset_of(uint32_t u) { return (u >> 10) << ((u & (1u << 9)) >> 6); }

static int Dictionary_init(Dictionary *self, PyObject *args, PyObject *kwds) {
    PyObject *data, *fallback;
    int normal = 0;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "SpO:IsWord", &data, &normal, &fallback)) return -1;
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "the fallback must be callable");
        return -1;
    }
    Py_ssize_t size = PyBytes_GET_SIZE(data);
    const unsigned char *bytes = (const unsigned char *)PyBytes_AS_STRING(data);
    if (size < 8) { PyErr_SetString(PyExc_ValueError, "too short to be a DAWG"); return -1; }
    uint32_t n = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
    if (n == 0 || 4 + 4 * (uint64_t)n > (uint64_t)size) {
        PyErr_SetString(PyExc_ValueError, "the header announces more units than the file holds");
        return -1;
    }
    Py_INCREF(data);
    Py_XSETREF(self->data, data);
    Py_INCREF(fallback);
    Py_XSETREF(self->fallback, fallback);
    self->units = bytes + 4;
    self->n = n;
    self->lower_words_are_normal = normal;
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
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Is every character of `word` a lower-case letter? Then normalizing it changes nothing. */
static int all_lower_letters(PyObject *word) {
    int kind = PyUnicode_KIND(word);
    const void *data = PyUnicode_DATA(word);
    Py_ssize_t length = PyUnicode_GET_LENGTH(word);
    for (Py_ssize_t k = 0; k < length; k++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, k);
        if (!Py_UNICODE_ISLOWER(c) || !Py_UNICODE_ISALPHA(c)) return 0;
    }
    return length > 0;
}

/* contains(word): True if `word` is a key as it is; False if it is not and needs no
   normalization (lower-case letters only, when the dictionary was told that suffices); None
   otherwise: the caller normalizes (not exactly a str, NUL, a lone surrogate, capitals ...). */
static PyObject *lookup(Dictionary *self, PyObject *word) {
    if (!PyUnicode_CheckExact(word)) Py_RETURN_NONE;
    Py_ssize_t length;
    const char *key = PyUnicode_AsUTF8AndSize(word, &length);
    if (key == NULL) { PyErr_Clear(); Py_RETURN_NONE; }
    if (memchr(key, 0, (size_t)length) != NULL) Py_RETURN_NONE;
    uint32_t i = 0;
    for (Py_ssize_t k = 0; k < length; k++) {
        uint32_t label = (unsigned char)key[k];
        uint32_t j = i ^ offset_of(unit_at(self, i)) ^ label;
        if (j >= self->n || (unit_at(self, j) & 0x800000FFu) != label) goto missing;
        i = j;
    }
    if (unit_at(self, i) & (1u << 8)) Py_RETURN_TRUE;
missing:
    if (self->lower_words_are_normal && all_lower_letters(word)) Py_RETURN_FALSE;
    Py_RETURN_NONE;
}

/* is_word(word): the fast path in C, anything else (pos given, input to normalize) in Python. */
static PyObject *IsWord_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Dictionary *self = (Dictionary *)callable;
    if (PyVectorcall_NARGS(nargsf) == 1 && kwnames == NULL && self->data != NULL) {
        PyObject *found = lookup(self, args[0]);
        if (found != Py_None) return found;
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
    .tp_doc = "IsWord(dawg_bytes, lower_words_are_normal, fallback): Lexicon.is_word with its fast path in C.",
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
