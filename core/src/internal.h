/* What the core's files share: the graph's inside and its fast reads. */
#ifndef WORDLIST_INTERNAL_H
#define WORDLIST_INTERNAL_H

#include "wordlist.h"

/* A node's checked state (the memo: 0 until first asked). BAD: its guide is inconsistent (the
   Python Graph.children raises there). PARTIAL: some letter's first byte follows from it though the
   guide does not list it (a damaged guide): such a child is not one, as in Graph.children. */
enum { NODE_KNOWN = 1, NODE_BAD = 2, NODE_PARTIAL = 4, NODE_HAS_CHILDREN = 8 };
enum { MEMO_PARENT = 1, MEMO_LEAF = 2, MEMO_IRREGULAR = 3 };

struct wl_graph {
    const uint8_t *units; /* n little-endian uint32 */
    uint32_t n;
    const uint8_t *guide; /* 2n bytes, or NULL */
    uint8_t *state;       /* 2 bits a node: its MEMO_* (0: not yet checked), or NULL without letters */
    int regular;          /* 0: not yet known; 1: no node a search reaches is BAD or PARTIAL; 2: some is */
    int nletters;
    uint8_t length[WL_MAX_LETTERS]; /* UTF-8 bytes of each letter */
    uint8_t bytes[WL_MAX_LETTERS][4];
    uint8_t group_start[257];       /* letters whose first byte is b: by_first[group_start[b]..[b+1]) */
    uint8_t by_first[WL_MAX_LETTERS]; /* in alphabet order within a first byte */
    uint32_t code[WL_MAX_LETTERS];
};

static inline uint32_t unit_at(const wl_graph *g, uint32_t i) {
    const uint8_t *p = g->units + 4 * (size_t)i;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t offset_of(uint32_t u) { return (u >> 10) << ((u & WL_EXTENSION) >> 6); }

static inline int64_t follow_byte(const wl_graph *g, uint32_t node, uint32_t byte) {
    uint32_t child = node ^ offset_of(unit_at(g, node)) ^ byte;
    return child < g->n && (unit_at(g, child) & WL_LABEL_MASK) == byte ? (int64_t)child : -1;
}

static inline int64_t value_of(const wl_graph *g, uint32_t node) {
    uint32_t u = unit_at(g, node);
    if (!(u & WL_HAS_LEAF)) return -1;
    uint32_t leaf = node ^ offset_of(u);
    return leaf < g->n ? (int64_t)(unit_at(g, leaf) & WL_VALUE_MASK) : -1;
}

uint8_t wl_node_state_slow(const wl_graph *g, uint32_t node) __attribute__((cold, noinline));

/* The node's state, computed once for a sound node (a race computes and ORs in the same bits twice). */
static inline uint8_t node_state(const wl_graph *g, uint32_t node) {
    uint8_t memo = __atomic_load_n(&g->state[node >> 2], __ATOMIC_RELAXED) >> 2 * (node & 3) & 3;
    if (__builtin_expect(memo == MEMO_PARENT, 1)) return NODE_KNOWN | NODE_HAS_CHILDREN;
    if (memo == MEMO_LEAF) return NODE_KNOWN;
    return wl_node_state_slow(g, node);
}

/* The child of an entered (not BAD) node by `letter`, as Graph.children(node).get(letter). */
int64_t wl_follow_listed(const wl_graph *g, uint32_t node, uint8_t state, int letter);

static inline int64_t follow_letter(const wl_graph *g, uint32_t node, uint8_t state, int letter) {
    if (letter >= g->nletters) return -1; /* WL_EMPTY, WL_FOREIGN */
    if (state & NODE_PARTIAL) return wl_follow_listed(g, node, state, letter);
    if (g->length[letter] == 1) return follow_byte(g, node, g->bytes[letter][0]);
    int64_t at = node;
    for (int b = 0; b < g->length[letter] && at >= 0; b++) at = follow_byte(g, (uint32_t)at, g->bytes[letter][b]);
    return at;
}

/* The children of an entered node (not BAD), in Graph.children's order. */
int wl_list_children(const wl_graph *g, uint32_t node, uint8_t *letters, uint32_t *nodes);

/* Is the graph regular (no node a search reaches from the root, letter by letter, is BAD or
   PARTIAL)? Checked once, at the first search: then the searches skip the memo. */
int wl_graph_regular(const wl_graph *g);

/* A search's output and budget. */
typedef struct {
    wl_moves *moves;
    wl_error *error;
    int failed;  /* the search stops: error->status says why */
    int regular; /* wl_graph_regular: no node needs checking */
} search_out;

/* Count a step of the search; once it has failed (or runs out of steps) every level returns. */
#define STEP(out)                                                                              \
    do {                                                                                       \
        if (++(out)->moves->steps > (out)->moves->max_steps && !(out)->failed)                 \
            wl_fail((out), WL_OUT_OF_STEPS, (out)->moves->max_steps);                          \
        if ((out)->failed) return;                                                             \
    } while (0)

void wl_fail(search_out *out, wl_status status, unsigned long long detail);
/* Enter `node` where the Python reference lists its children: its state, or 0 (BAD: the search
   fails, naming the unit). NODE_HAS_CHILDREN only prunes (a node without letter children leads
   to no move either way): on a regular graph it is the guide's word, asked for with `prune`. */
static inline uint8_t enter(search_out *out, const wl_graph *g, uint32_t node, int prune) {
    if (out->regular)
        return NODE_KNOWN | (!prune || g->guide == NULL || g->guide[2 * (size_t)node] ? NODE_HAS_CHILDREN : 0);
    uint8_t s = node_state(g, node);
    if (s & NODE_BAD) {
        wl_fail(out, WL_BAD_GUIDE, node);
        return 0;
    }
    return s;
}

/* Room for one move of `size` bytes worth `points`; NULL once memory runs out. */
uint8_t *wl_move_room(search_out *out, size_t size, int64_t points);
wl_status wl_bad_argument(wl_error *error, const char *what);
/* `error` says `status` (with the unit, budget or count it names); returns the status. */
static inline wl_status wl_set_error(wl_error *error, wl_status status, unsigned long long detail) {
    error->status = status;
    error->detail = detail;
    error->what = NULL;
    return status;
}

#endif
