/* What the files of the CPython binding (wordlist/_core*.c) share: the Graph object, the error
   conversion and the searches' entry points. */
#ifndef WORDLIST_CORE_BINDING_H
#define WORDLIST_CORE_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wordlist.h"

extern PyObject *CorruptGraph; /* the graph is damaged: ValueError's subclass */
extern PyTypeObject MovesType, IsWordType;

typedef struct {
    PyObject_HEAD
    Py_buffer units_view, guide_view;
    int has_units, has_guide;
    wl_graph *graph;
    PyObject *letters; /* tuple of one-letter str, for the results */
    PyObject *pairs;   /* ((letter, kind) for each kind) for each letter: Wordgame's items */
    int nletters;
    Py_UCS4 codes[WL_MAX_LETTERS]; /* the letters' code points, to find a square's letter */
} Graph;

enum { WORDGAME, BALDA };

/* The moves a search found (MovesType). */
typedef struct {
    PyObject_HEAD
    int kind;
    wl_moves moves;
    PyObject *letters, *pairs; /* the graph's */
    PyObject *points;          /* list, made when first asked for */
} Moves;

/* The core's error as a Python exception; NULL. */
PyObject *raise_error(const wl_error *error);
/* Is the Graph made? (else TypeError) */
int ready(Graph *self);
/* A square given as a str: its letter index, WL_FOREIGN for any other string, WL_EMPTY for None;
   -1 (an error set) for anything else. */
int letter_index(Graph *self, PyObject *item);
PyObject *Graph_wordgame(Graph *self, PyObject *args);
/* A parsed Wordgame position handed on (its buffers live until `run` returns). */
typedef PyObject *(*position_run)(Graph *self, const wl_wordgame *position, void *context);
PyObject *wordgame_position_run(Graph *self, PyObject *args, position_run run, void *context);
PyObject *Graph_wordgame_simulate(Graph *self, PyObject *args);
PyObject *Graph_balda(Graph *self, PyObject *args);
PyObject *Graph_balda_search(Graph *self, PyObject *args);
PyObject *Graph_wordgame_equities(Graph *self, PyObject *args);
PyObject *Graph_wordgame_exchange(Graph *self, PyObject *args);

#endif
