/* Reading words.dawg in C: Lexicon.is_word's fast path, and the walks of wordlist.graph.Graph.

   Walker(units, guide) reads a word list's units (the native uint32 array Graph holds) and its
   completion guide: the node and the value a key leads to, and the keys below a node in order
   (Graph.words, whose Python method is the reference and runs where this is not compiled; the
   tests compare them). Every unit index is checked against the unit count before it is read,
   and a walk is bounded whatever the file says: a key of more than MAX_WORD_LETTERS letters (a
   cycle), more keys than the caller allows (the manifest's count), or a guide whose labels do not
   increase stops it with a ValueError; a part of the graph below which no key was met is
   remembered and not walked again, so dead branches cost once.

   Lexicon.is_word's fast path, the call a game or a server makes most:

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

#include "_limits.h" /* wordlist/format/limits.py's numbers (`python -m wordlist.format.limits_files`) */

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
    if (length == 0) Py_RETURN_FALSE; /* the empty word is never a word */
    uint32_t i = 0;
    for (Py_ssize_t k = 0; k < length; k++) {
        uint32_t label = (unsigned char)key[k];
        uint32_t j = i ^ offset_of(unit_at(self, i)) ^ label;
        if (j >= self->n || (unit_at(self, j) & 0x800000FFu) != label) Py_RETURN_FALSE;
        i = j;
    }
    uint32_t u = unit_at(self, i);
    return PyBool_FromLong((u & (1u << 8)) && (i ^ offset_of(u)) < self->n); /* a leaf, inside the units */
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


/* --- Walker: Graph's reads in C ---------------------------------------------------------------- */

#define MAX_WORD_LETTERS WORDLIST_MAX_WORD_LENGTH /* the longest word */
#define MAX_KEY_BYTES (4 * MAX_WORD_LETTERS) /* the most UTF-8 bytes such a word has */

typedef struct {
    PyObject_HEAD
    Py_buffer units_view, guide_view;
    int has_units, has_guide;
    const uint32_t *units; /* native order, as Graph's array holds them */
    const uint8_t *guide;
    uint32_t n;
} Walker;

static int Walker_init(Walker *self, PyObject *args, PyObject *kwds) {
    PyObject *units, *guide;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "OO:Walker", &units, &guide)) return -1;
    if (self->has_units) {
        PyErr_SetString(PyExc_TypeError, "a Walker is made once");
        return -1;
    }
    if (PyObject_GetBuffer(units, &self->units_view, PyBUF_SIMPLE) < 0) return -1;
    self->has_units = 1;
    Py_ssize_t len = self->units_view.len;
    if (len < 4 || len % 4 || len / 4 > UINT32_MAX || (uintptr_t)self->units_view.buf % 4) {
        PyErr_SetString(PyExc_ValueError, "the units are an aligned buffer of uint32, at least one");
        return -1;
    }
    self->units = self->units_view.buf;
    self->n = (uint32_t)(len / 4);
    if (PyObject_GetBuffer(guide, &self->guide_view, PyBUF_SIMPLE) < 0) return -1;
    self->has_guide = 1;
    if (self->guide_view.len != 2 * (Py_ssize_t)self->n) {
        PyErr_SetString(PyExc_ValueError, "the guide has 2 bytes a unit");
        return -1;
    }
    self->guide = self->guide_view.buf;
    return 0;
}

static void Walker_dealloc(Walker *self) {
    if (self->has_units) PyBuffer_Release(&self->units_view);
    if (self->has_guide) PyBuffer_Release(&self->guide_view);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int walker_ready(Walker *self) {
    if (self->has_units && self->has_guide && self->guide != NULL) return 1;
    PyErr_SetString(PyExc_RuntimeError, "the Walker is not initialized");
    return 0;
}

/* The child of `node` by `byte`, or -1. */
static inline int64_t walker_follow(const Walker *w, uint32_t node, uint32_t byte) {
    uint32_t child = node ^ offset_of(w->units[node]) ^ byte;
    return child < w->n && (w->units[child] & 0x800000FFu) == byte ? (int64_t)child : -1;
}

/* The value of the key ending at `node`, or -1 (no leaf, or a leaf outside the units). */
static inline int64_t walker_value(const Walker *w, uint32_t node) {
    uint32_t u = w->units[node];
    if (!(u & (1u << 8))) return -1;
    uint32_t leaf = node ^ offset_of(u);
    return leaf < w->n ? (int64_t)(w->units[leaf] & 0x7FFFFFFFu) : -1;
}

/* The node the UTF-8 bytes of `key` lead to from the root; -1 for none, or for a key that has no
   UTF-8 form (a lone surrogate) or holds NUL (byte 0 would match filler). */
static int64_t walker_node(const Walker *w, PyObject *key) {
    Py_ssize_t length;
    const char *bytes = PyUnicode_AsUTF8AndSize(key, &length);
    if (bytes == NULL) {
        PyErr_Clear();
        return -1;
    }
    int64_t node = 0;
    for (Py_ssize_t k = 0; k < length && node >= 0; k++) {
        uint32_t byte = (unsigned char)bytes[k];
        node = byte ? walker_follow(w, (uint32_t)node, byte) : -1;
    }
    return node;
}

static PyObject *Walker_node(Walker *self, PyObject *key) {
    if (!walker_ready(self)) return NULL;
    if (!PyUnicode_Check(key)) return PyErr_Format(PyExc_TypeError, "a key must be a str");
    return PyLong_FromLongLong(walker_node(self, key));
}

static PyObject *Walker_value(Walker *self, PyObject *key) {
    if (!walker_ready(self)) return NULL;
    if (!PyUnicode_Check(key)) return PyErr_Format(PyExc_TypeError, "a key must be a str");
    int64_t node = walker_node(self, key);
    int64_t value = node >= 0 ? walker_value(self, (uint32_t)node) : -1;
    if (value < 0) Py_RETURN_NONE;
    return PyLong_FromLongLong(value);
}

typedef struct {
    uint32_t node, label, previous, letters; /* label: the next child's (0: none left) */
    long long met;                           /* keys met before the node was entered */
} Frame;

/* A walk's stop: an error (the exception is set) or the limit reached. */
#define WALK_ERROR (-1)
#define WALK_FULL 1

typedef struct {
    const Walker *w;
    PyObject *prefix, *out, *dead;
    long long wanted, length, limit, most, met;
    const unsigned char *path;
} Walk;

static int corrupt(const char *what) {
    PyErr_SetString(PyExc_ValueError, what);
    return WALK_ERROR;
}

/* Meet the key ending at `node` (spelled by the prefix, then `path[0:depth]`): count it, keep it if
   it passes the filters. */
static int meet(Walk *walk, uint32_t node, int depth, uint32_t letters) {
    int64_t value = walker_value(walk->w, node);
    if (value < 0 || letters == 0) return 0; /* no key here (the empty key is never a word) */
    if (++walk->met > walk->most) {
        PyErr_Format(PyExc_ValueError, "it holds more words than the manifest says (%lld)", walk->most);
        return WALK_ERROR;
    }
    if (walk->wanted >= 0 && !(value & walk->wanted)) return 0;
    if (walk->length >= 0 && (long long)letters != walk->length) return 0;
    PyObject *rest = PyUnicode_DecodeUTF8((const char *)walk->path, depth, "strict");
    if (rest == NULL) {
        PyErr_Clear();
        return corrupt("a key is not UTF-8");
    }
    PyObject *key = PyUnicode_Concat(walk->prefix, rest);
    Py_DECREF(rest);
    if (key == NULL) return WALK_ERROR;
    int failed = PyList_Append(walk->out, key);
    Py_DECREF(key);
    if (failed) return WALK_ERROR;
    return walk->limit >= 0 && PyList_GET_SIZE(walk->out) >= walk->limit ? WALK_FULL : 0;
}

/* Has the walk found no key below (node, letters) before? (a damaged file's dead branch) */
static int is_dead(Walk *walk, uint32_t node, uint32_t letters) {
    if (walk->dead == NULL) return 0;
    PyObject *key = PyLong_FromUnsignedLongLong((unsigned long long)node << 9 | letters);
    if (key == NULL) return WALK_ERROR;
    int found = PySet_Contains(walk->dead, key);
    Py_DECREF(key);
    return found;
}

static int mark_dead(Walk *walk, uint32_t node, uint32_t letters) {
    if (walk->dead == NULL && (walk->dead = PySet_New(NULL)) == NULL) return WALK_ERROR;
    PyObject *key = PyLong_FromUnsignedLongLong((unsigned long long)node << 9 | letters);
    if (key == NULL) return WALK_ERROR;
    int failed = PySet_Add(walk->dead, key);
    Py_DECREF(key);
    return failed ? WALK_ERROR : 0;
}

static int walk_below(Walk *walk, uint32_t start, uint32_t start_letters, Frame *stack, unsigned char *path) {
    const Walker *w = walk->w;
    int depth = 0, stop;
    stack[0] = (Frame){start, w->guide[2 * (size_t)start], 0, start_letters, 0};
    if ((stop = meet(walk, start, 0, start_letters)) != 0) return stop;
    while (depth >= 0) {
        Frame *f = &stack[depth];
        uint32_t label = f->label;
        if (label == 0) { /* every child walked */
            if (depth > 0 && walk->met == f->met && mark_dead(walk, f->node, f->letters)) return WALK_ERROR;
            depth--;
            continue;
        }
        int64_t child = label > f->previous ? walker_follow(w, f->node, label) : -1;
        if (child < 0) {
            PyErr_Format(PyExc_ValueError, "the completion guide of unit %u is inconsistent", f->node);
            return WALK_ERROR;
        }
        f->previous = label;
        f->label = w->guide[2 * (size_t)child + 1];
        uint32_t letters = f->letters + ((label & 0xC0) != 0x80); /* a continuation byte adds none */
        if (walk->length >= 0 && (long long)letters > walk->length) continue;
        if (letters > MAX_WORD_LETTERS || depth >= MAX_KEY_BYTES) {
            return corrupt("a key is longer than the longest word (255 letters)");
        }
        if ((stop = is_dead(walk, (uint32_t)child, letters)) != 0) {
            if (stop < 0) return WALK_ERROR;
            continue;
        }
        path[depth++] = (unsigned char)label;
        stack[depth] = (Frame){(uint32_t)child, w->guide[2 * (size_t)child], 0, letters, walk->met};
        if ((stop = meet(walk, (uint32_t)child, depth, letters)) != 0) return stop;
    }
    return 0;
}

/* words(node, prefix, wanted, length, limit, most): the keys below `node` (reached by `prefix`),
   each the prefix and the rest decoded, in byte order; only those whose value has a bit of
   `wanted` (-1: any) and `length` letters (-1: any), at most `limit` (-1: all). ValueError (what
   is wrong) for a damaged file, or when more than `most` keys are met. */
static PyObject *Walker_words(Walker *self, PyObject *args) {
    unsigned long long node;
    PyObject *prefix;
    Walk walk = {self, NULL, NULL, NULL, 0, 0, 0, 0, 0, NULL};
    if (!walker_ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "KULLLL:words", &node, &prefix, &walk.wanted, &walk.length, &walk.limit, &walk.most)) {
        return NULL;
    }
    if (node >= self->n) return PyErr_Format(PyExc_IndexError, "node %llu: the graph has %u units", node, self->n);
    Py_ssize_t letters = PyUnicode_GET_LENGTH(prefix);
    walk.prefix = prefix;
    if ((walk.out = PyList_New(0)) == NULL) return NULL;
    if (walk.limit == 0 || letters > MAX_WORD_LETTERS || (walk.length >= 0 && letters > walk.length)) return walk.out;
    Frame *stack = PyMem_Malloc(sizeof(Frame) * (MAX_KEY_BYTES + 1));
    unsigned char *path = PyMem_Malloc(MAX_KEY_BYTES);
    if (stack == NULL || path == NULL) {
        PyMem_Free(stack);
        PyMem_Free(path);
        Py_DECREF(walk.out);
        return PyErr_NoMemory();
    }
    walk.path = path;
    int stop = walk_below(&walk, (uint32_t)node, (uint32_t)letters, stack, path);
    PyMem_Free(stack);
    PyMem_Free(path);
    Py_XDECREF(walk.dead);
    if (stop == WALK_ERROR) Py_CLEAR(walk.out);
    return walk.out;
}

static PyMethodDef Walker_methods[] = {
    {"node", (PyCFunction)Walker_node, METH_O, "node(key): the node the key's UTF-8 bytes lead to, or -1."},
    {"value", (PyCFunction)Walker_value, METH_O, "value(key): the value of the key, or None."},
    {"words", (PyCFunction)Walker_words, METH_VARARGS,
     "words(node, prefix, wanted, length, limit, most): the keys below node, in order."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject WalkerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wordlist._dawg.Walker",
    .tp_basicsize = sizeof(Walker),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Walker(units, guide): bounded reads of a word list's DAWG (wordlist.graph.Graph's, in C).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Walker_init,
    .tp_dealloc = (destructor)Walker_dealloc,
    .tp_methods = Walker_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_dawg", "Bounded reads of words.dawg in C.", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dawg(void) {
    if (PyType_Ready(&DictionaryType) < 0 || PyType_Ready(&WalkerType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "IsWord", (PyObject *)&DictionaryType) < 0 ||
        PyModule_AddObjectRef(m, "Walker", (PyObject *)&WalkerType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
