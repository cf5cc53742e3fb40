/* The moves a search finds: one growing buffer of bytes, and each move's start and points. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void wl_fail(search_out *out, wl_status status, unsigned long long detail) {
    if (out->failed) return; /* the first error is the one reported */
    out->failed = 1;
    wl_set_error(out->error, status, detail);
}

uint8_t *wl_move_room(search_out *out, size_t size, int64_t points) {
    wl_moves *o = out->moves;
    if (out->failed) return NULL;
    if (o->count == o->slots) {
        size_t slots = o->slots ? 2 * o->slots : 1024;
        int64_t *p = realloc(o->points, slots * sizeof *p);
        if (p == NULL) goto no_memory;
        o->points = p;
        uint32_t *s = realloc(o->start, slots * sizeof *s);
        if (s == NULL) goto no_memory;
        o->start = s;
        o->slots = slots;
    }
    if (o->len + size > o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 16384;
        while (cap < o->len + size) cap *= 2;
        if (cap > UINT32_MAX) goto no_memory;
        uint8_t *d = realloc(o->data, cap);
        if (d == NULL) goto no_memory;
        o->data = d;
        o->cap = cap;
    }
    uint8_t *at = o->data + o->len;
    o->points[o->count] = points;
    o->start[o->count++] = (uint32_t)o->len;
    o->len += size;
    return at;
no_memory:
    wl_fail(out, WL_NO_MEMORY, 0);
    return NULL;
}

void wl_moves_free(wl_moves *moves) {
    free(moves->data);
    free(moves->points);
    free(moves->start);
    memset(moves, 0, sizeof *moves);
}

long long wl_moves_best(const wl_moves *moves) {
    long long best = -1;
    for (size_t i = 0; i < moves->count; i++)
        if (best < 0 || moves->points[i] > moves->points[best]) best = (long long)i;
    return best;
}
