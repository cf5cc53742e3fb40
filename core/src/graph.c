/* The graph: made over a word list's units, walked key by key and letter by letter, every index
   checked before it is read. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static uint32_t read_u32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

wl_status wl_bad_argument(wl_error *error, const char *what) {
    error->status = WL_BAD_ARGUMENT;
    error->detail = 0;
    error->what = what;
    return WL_BAD_ARGUMENT;
}

static wl_graph *refuse(wl_error *error, wl_status status, const char *what) {
    error->status = status;
    error->detail = 0;
    error->what = what;
    return NULL;
}

wl_graph *wl_graph_new(const uint8_t *units, uint32_t n, const uint8_t *guide, const uint32_t *letters,
                       int nletters, wl_error *error) {
    error->status = WL_OK;
    if (units == NULL || n == 0) return refuse(error, WL_BAD_ARGUMENT, "the units are at least one uint32");
    if (nletters < 0 || nletters > WL_MAX_LETTERS)
        return refuse(error, WL_BAD_ARGUMENT, "an alphabet of 1 to 64 letters");
    wl_graph *g = calloc(1, sizeof *g);
    if (g == NULL) return refuse(error, WL_NO_MEMORY, "the graph");
    g->units = units;
    g->n = n;
    g->guide = guide;
    g->nletters = nletters;
    int per_byte[256] = {0};
    for (int k = 0; k < nletters; k++) {
        uint32_t c = letters[k];
        for (int j = 0; j < k; j++)
            if (g->code[j] == c) {
                free(g);
                return refuse(error, WL_BAD_ARGUMENT, "a letter appears twice in the alphabet");
            }
        if ((c >= 0xD800 && c < 0xE000) || c == 0 || c > 0x10FFFF) {
            free(g);
            return refuse(error, WL_BAD_ARGUMENT, "a surrogate, NUL or a number past Unicode is not a letter");
        }
        g->code[k] = c;
        uint8_t *b = g->bytes[k];
        if (c < 0x80) {
            b[0] = (uint8_t)c;
            g->length[k] = 1;
        } else if (c < 0x800) {
            b[0] = (uint8_t)(0xC0 | (c >> 6));
            b[1] = (uint8_t)(0x80 | (c & 0x3F));
            g->length[k] = 2;
        } else if (c < 0x10000) {
            b[0] = (uint8_t)(0xE0 | (c >> 12));
            b[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
            b[2] = (uint8_t)(0x80 | (c & 0x3F));
            g->length[k] = 3;
        } else {
            b[0] = (uint8_t)(0xF0 | (c >> 18));
            b[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3F));
            b[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
            b[3] = (uint8_t)(0x80 | (c & 0x3F));
            g->length[k] = 4;
        }
        per_byte[b[0]]++;
    }
    int at = 0;
    for (int byte = 0; byte < 256; byte++) {
        g->group_start[byte] = (uint8_t)at;
        at += per_byte[byte];
    }
    g->group_start[256] = (uint8_t)at;
    uint8_t filled[256] = {0};
    for (int k = 0; k < nletters; k++) {
        int first = g->bytes[k][0];
        g->by_first[g->group_start[first] + filled[first]++] = (uint8_t)k;
    }
    if (nletters > 0 && (g->state = calloc((size_t)n / 4 + 1, 1)) == NULL) {
        free(g);
        return refuse(error, WL_NO_MEMORY, "the graph");
    }
    return g;
}

wl_graph *wl_graph_open(const uint8_t *file, size_t size, const uint32_t *letters, int nletters, wl_error *error) {
    /* the layout wordlist.format.dawg.dawg_layout checks: 4 + 4n (+ 4 + 2n) bytes */
    if (file == NULL || size < 8) return refuse(error, WL_BAD_FILE, "too short to be a DAWG");
    uint32_t n = read_u32(file);
    uint64_t end = 4 + 4 * (uint64_t)n;
    if (n == 0 || end > size) return refuse(error, WL_BAD_FILE, "the header announces more units than the file holds");
    const uint8_t *guide = NULL;
    if (end != size) {
        if (end + 4 > size || read_u32(file + end) != n || end + 4 + 2 * (uint64_t)n != size)
            return refuse(error, WL_BAD_FILE, "the guide's header and the file's size disagree");
        guide = file + end + 4;
    }
    return wl_graph_new(file + 4, n, guide, letters, nletters, error);
}

void wl_graph_free(wl_graph *graph) {
    if (graph == NULL) return;
    free(graph->state);
    free(graph);
}

uint32_t wl_graph_units(const wl_graph *graph) { return graph->n; }
int wl_graph_has_guide(const wl_graph *graph) { return graph->guide != NULL; }
int wl_graph_letters(const wl_graph *graph) { return graph->nletters; }

int64_t wl_follow_byte(const wl_graph *graph, uint32_t node, uint32_t byte) {
    return node < graph->n ? follow_byte(graph, node, byte) : -1;
}

int64_t wl_key_node(const wl_graph *graph, const uint8_t *key, size_t length) {
    int64_t node = WL_ROOT;
    for (size_t k = 0; k < length && node >= 0; k++) node = key[k] ? follow_byte(graph, (uint32_t)node, key[k]) : -1;
    return node;
}

int64_t wl_node_value(const wl_graph *graph, uint32_t node) { return node < graph->n ? value_of(graph, node) : -1; }

/* The guide's labels below `node` as a set of 256 bits; 0 if they do not increase or name no
   child (Graph._labels raises there). */
static int guide_labels(const wl_graph *g, uint32_t node, uint64_t listed[4]) {
    memset(listed, 0, 4 * sizeof *listed);
    uint32_t label = g->guide[2 * (size_t)node], previous = 0;
    while (label) {
        int64_t child = label > previous ? follow_byte(g, node, label) : -1;
        if (child < 0) return 0;
        listed[label >> 6] |= 1ull << (label & 63);
        previous = label;
        label = g->guide[2 * (size_t)child + 1];
    }
    return 1;
}

static int64_t follow_rest(const wl_graph *g, int64_t at, int letter) {
    for (int b = 1; b < g->length[letter] && at >= 0; b++) at = follow_byte(g, (uint32_t)at, g->bytes[letter][b]);
    return at;
}

uint8_t wl_node_state_slow(const wl_graph *g, uint32_t node) {
    uint8_t state = NODE_KNOWN;
    if (g->guide == NULL) {
        for (int letter = 0; letter < g->nletters && !(state & NODE_HAS_CHILDREN); letter++)
            if (follow_rest(g, follow_byte(g, node, g->bytes[letter][0]), letter) >= 0) state |= NODE_HAS_CHILDREN;
    } else {
        uint64_t listed[4];
        if (!guide_labels(g, node, listed)) {
            state |= NODE_BAD;
        } else {
            for (int letter = 0; letter < g->nletters; letter++) {
                uint32_t first = g->bytes[letter][0];
                int64_t child = follow_byte(g, node, first);
                if (child < 0) continue;
                if (!(listed[first >> 6] >> (first & 63) & 1)) state |= NODE_PARTIAL;
                else if (follow_rest(g, child, letter) >= 0) state |= NODE_HAS_CHILDREN;
            }
        }
    }
    /* remembered in 2 bits (a quarter of a byte a node, so that the memo stays in cache): a sound
       node with or without children; an irregular one (BAD, PARTIAL) is checked again each time */
    uint8_t memo = state & (NODE_BAD | NODE_PARTIAL) ? MEMO_IRREGULAR : state & NODE_HAS_CHILDREN ? MEMO_PARENT : MEMO_LEAF;
    __atomic_fetch_or(&g->state[node >> 2], (uint8_t)(memo << 2 * (node & 3)), __ATOMIC_RELAXED);
    return state;
}

/* Every node reached from the root letter by letter: none BAD or PARTIAL? (Their memo is filled
   on the way.) A depth-first walk with a bit set of the nodes seen; out of memory: no. */
static int check_regular(const wl_graph *g) {
    if (g->guide == NULL) return 1; /* (the children are tried: no node is BAD or PARTIAL) */
    uint64_t *seen = calloc((size_t)g->n / 64 + 1, sizeof *seen);
    uint32_t *stack = malloc((size_t)g->n * sizeof *stack);
    int regular = seen != NULL && stack != NULL;
    size_t depth = 0;
    if (regular) {
        stack[depth++] = WL_ROOT;
        seen[0] = 1;
    }
    while (regular && depth > 0) {
        uint32_t node = stack[--depth];
        if (node_state(g, node) & (NODE_BAD | NODE_PARTIAL)) {
            regular = 0;
            break;
        }
        for (int letter = 0; letter < g->nletters; letter++) {
            int64_t end = follow_rest(g, follow_byte(g, node, g->bytes[letter][0]), letter);
            if (end < 0 || seen[end >> 6] >> (end & 63) & 1) continue;
            seen[end >> 6] |= 1ull << (end & 63);
            stack[depth++] = (uint32_t)end; /* (each node once: the stack never holds more than n) */
        }
    }
    free(seen);
    free(stack);
    return regular;
}

int wl_graph_regular(const wl_graph *g) {
    int known = __atomic_load_n(&g->regular, __ATOMIC_RELAXED);
    if (known == 0) {
        known = check_regular(g) ? 1 : 2;
        __atomic_store_n((int *)&g->regular, known, __ATOMIC_RELAXED);
    }
    return known == 1;
}

int64_t wl_follow_listed(const wl_graph *g, uint32_t node, uint8_t state, int letter) {
    (void)state;
    uint64_t listed[4];
    uint32_t first = g->bytes[letter][0];
    guide_labels(g, node, listed); /* (the node was entered: its guide is consistent) */
    if (!(listed[first >> 6] >> (first & 63) & 1)) return -1;
    return follow_rest(g, follow_byte(g, node, first), letter);
}

int wl_list_children(const wl_graph *g, uint32_t node, uint8_t *letters, uint32_t *nodes) {
    int count = 0;
    if (g->guide == NULL) {
        for (int letter = 0; letter < g->nletters; letter++) {
            int64_t end = follow_rest(g, follow_byte(g, node, g->bytes[letter][0]), letter);
            if (end >= 0) {
                letters[count] = (uint8_t)letter;
                nodes[count++] = (uint32_t)end;
            }
        }
        return count;
    }
    uint32_t label = g->guide[2 * (size_t)node];
    while (label) { /* labels increase (the node was entered): at most 255 */
        int64_t child = follow_byte(g, node, label);
        if (child < 0) break;
        for (int j = g->group_start[label]; j < g->group_start[label + 1]; j++) {
            int letter = g->by_first[j];
            int64_t end = follow_rest(g, child, letter);
            if (end >= 0) {
                letters[count] = (uint8_t)letter;
                nodes[count++] = (uint32_t)end;
            }
        }
        uint32_t next = g->guide[2 * (size_t)child + 1];
        if (next <= label) break;
        label = next;
    }
    return count;
}

int wl_children(const wl_graph *graph, uint32_t node, uint8_t letters[WL_MAX_LETTERS],
                uint32_t nodes[WL_MAX_LETTERS], wl_error *error) {
    if (node >= graph->n || graph->state == NULL) {
        wl_bad_argument(error, "a node of the graph, which has letters");
        return -1;
    }
    if (node_state(graph, node) & NODE_BAD) {
        wl_set_error(error, WL_BAD_GUIDE, node);
        return -1;
    }
    return wl_list_children(graph, node, letters, nodes);
}

/* --- the keys below a node ----------------------------------------------------------------------- */

/* The nodes below which no key was met (with the letters they were reached at): an open-addressed
   set of node << 9 | letters + 1 (0: a free slot). */
typedef struct {
    uint64_t *slots;
    size_t cap, used;
} dead_set;

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return x;
}

static int dead_has(const dead_set *set, uint64_t key) {
    if (set->cap == 0) return 0;
    for (size_t i = mix(key) & (set->cap - 1);; i = (i + 1) & (set->cap - 1)) {
        if (set->slots[i] == key) return 1;
        if (set->slots[i] == 0) return 0;
    }
}

static int dead_add(dead_set *set, uint64_t key) {
    if (2 * (set->used + 1) > set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 256;
        uint64_t *slots = calloc(cap, sizeof *slots);
        if (slots == NULL) return -1;
        for (size_t k = 0; k < set->cap; k++) {
            uint64_t old = set->slots[k];
            if (!old) continue;
            size_t i = mix(old) & (cap - 1);
            while (slots[i]) i = (i + 1) & (cap - 1);
            slots[i] = old;
        }
        free(set->slots);
        set->slots = slots;
        set->cap = cap;
    }
    size_t i = mix(key) & (set->cap - 1);
    while (set->slots[i] && set->slots[i] != key) i = (i + 1) & (set->cap - 1);
    if (!set->slots[i]) set->used++;
    set->slots[i] = key;
    return 0;
}

typedef struct {
    uint32_t node, label, previous, letters; /* label: the next child's (0: none left) */
    long long met;                           /* keys met before the node was entered */
} frame;

typedef struct {
    const wl_graph *g;
    long long wanted, length, limit, most, met, kept;
    wl_key_found found;
    void *context;
    const uint8_t *path;
    wl_error *error;
} walk;

enum { GOES_ON = 0, STOPS = 1, FAILS = -1 };

static int walk_error(walk *w, wl_status status, unsigned long long detail) {
    wl_set_error(w->error, status, detail);
    return FAILS;
}

static int utf8_valid(const uint8_t *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        uint8_t c = s[i];
        size_t extra;
        uint32_t min, cp;
        if (c < 0x80) { i++; continue; }
        if ((c & 0xE0) == 0xC0) { extra = 1; min = 0x80; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { extra = 2; min = 0x800; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { extra = 3; min = 0x10000; cp = c & 0x07; }
        else return 0;
        for (size_t k = 1; k <= extra; k++) {
            if (i + k >= n || (s[i + k] & 0xC0) != 0x80) return 0;
            cp = cp << 6 | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) return 0;
        i += extra + 1;
    }
    return 1;
}

/* Meet the key ending at `node` (the prefix, then path[0:depth]): count it, keep it if it passes. */
static int meet(walk *w, uint32_t node, int depth, uint32_t letters) {
    int64_t value = value_of(w->g, node);
    if (value < 0 || letters == 0) return GOES_ON; /* no key here (the empty key is never a word) */
    if (++w->met > w->most) return walk_error(w, WL_TOO_MANY, (unsigned long long)w->most);
    if (w->wanted >= 0 && !(value & w->wanted)) return GOES_ON;
    if (w->length >= 0 && (long long)letters != w->length) return GOES_ON;
    if (!utf8_valid(w->path, (size_t)depth)) return walk_error(w, WL_NOT_UTF8, 0);
    if (w->found(w->context, w->path, (size_t)depth)) return STOPS;
    ++w->kept;
    return w->limit >= 0 && w->kept >= w->limit ? STOPS : GOES_ON;
}

static int walk_below(walk *w, uint32_t start, uint32_t start_letters, frame *stack, uint8_t *path,
                      dead_set *dead) {
    const wl_graph *g = w->g;
    int depth = 0, stop;
    stack[0] = (frame){start, g->guide[2 * (size_t)start], 0, start_letters, 0};
    if ((stop = meet(w, start, 0, start_letters)) != GOES_ON) return stop;
    while (depth >= 0) {
        frame *f = &stack[depth];
        uint32_t label = f->label;
        if (label == 0) { /* every child walked */
            if (depth > 0 && w->met == f->met && dead_add(dead, (uint64_t)f->node << 9 | (f->letters + 1)))
                return walk_error(w, WL_NO_MEMORY, 0);
            depth--;
            continue;
        }
        int64_t child = label > f->previous ? follow_byte(g, f->node, label) : -1;
        if (child < 0) return walk_error(w, WL_BAD_GUIDE, f->node);
        f->previous = label;
        f->label = g->guide[2 * (size_t)child + 1];
        uint32_t letters = f->letters + ((label & 0xC0) != 0x80); /* a continuation byte adds none */
        if (w->length >= 0 && (long long)letters > w->length) continue;
        if (letters > WL_MAX_WORD_LETTERS || depth >= WL_MAX_KEY_BYTES) return walk_error(w, WL_TOO_LONG, 0);
        if (dead_has(dead, (uint64_t)child << 9 | (letters + 1))) continue;
        path[depth++] = (uint8_t)label;
        stack[depth] = (frame){(uint32_t)child, g->guide[2 * (size_t)child], 0, letters, w->met};
        if ((stop = meet(w, (uint32_t)child, depth, letters)) != GOES_ON) return stop;
    }
    return GOES_ON;
}

wl_status wl_words(const wl_graph *graph, uint32_t node, uint32_t prefix_letters, long long wanted,
                   long long length, long long limit, long long most, wl_key_found found, void *context,
                   wl_error *error) {
    error->status = WL_OK;
    if (node >= graph->n) return wl_bad_argument(error, "the node is not one of the graph's");
    if (graph->guide == NULL) return wl_bad_argument(error, "a DAWG without a completion guide cannot list its words");
    if (limit == 0 || prefix_letters > WL_MAX_WORD_LETTERS || (length >= 0 && (long long)prefix_letters > length))
        return WL_OK;
    frame *stack = malloc(sizeof(frame) * (WL_MAX_KEY_BYTES + 1));
    uint8_t *path = malloc(WL_MAX_KEY_BYTES);
    dead_set dead = {NULL, 0, 0};
    if (stack == NULL || path == NULL) {
        free(stack);
        free(path);
        error->status = WL_NO_MEMORY;
        return WL_NO_MEMORY;
    }
    walk w = {graph, wanted, length, limit, most, 0, 0, found, context, path, error};
    walk_below(&w, node, prefix_letters, stack, path, &dead);
    free(stack);
    free(path);
    free(dead.slots);
    return error->status;
}

/* --- errors ------------------------------------------------------------------------------------------ */

typedef struct {
    char *at;
    size_t left, length;
} text;

static void put(text *t, const char *s) {
    for (; *s; s++, t->length++)
        if (t->left > 1) {
            *t->at++ = *s;
            t->left--;
        }
}

static void put_number(text *t, unsigned long long v) {
    char digits[24];
    int k = 0;
    do digits[k++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    char out[24];
    for (int j = 0; j < k; j++) out[j] = digits[k - 1 - j];
    out[k] = 0;
    put(t, out);
}

/* A node on wl_graph_check's stack: its children's base, the next guide label and the one
   walked last, and what its finished children add up to (keys, longest path in letters, in bytes). */
typedef struct {
    uint32_t node, base, next, last;
    unsigned long long keys;
    uint32_t letters, bytes;
} check_frame;

/* A finished child, reached by `label`, adds its keys (saturated at `full`: both at most full,
   never wrapped) and its longest path below, in letters and in bytes, to its parent's frame. */
static void add_child(check_frame *parent, uint32_t label, unsigned long long keys, uint32_t letters, uint32_t bytes,
                      unsigned long long full) {
    parent->keys = parent->keys >= full - keys ? full : parent->keys + keys;
    letters += (label & 0xC0) != 0x80; /* a continuation byte is no letter */
    if (letters > parent->letters) parent->letters = letters;
    if (bytes >= parent->bytes) parent->bytes = bytes + 1;
}

wl_status wl_graph_check(const wl_graph *g, unsigned long long most, unsigned long long *count, wl_error *error) {
    error->status = WL_OK;
    if (g->guide == NULL) return wl_bad_argument(error, "a DAWG without a completion guide cannot list its words");
    if (most > (1ull << 62)) most = 1ull << 62;
    const unsigned long long full = most + 1; /* a node's keys saturate here: more is damage however many */
    const uint32_t n = g->n;
    uint8_t *state = calloc(n, 1); /* 0 not met, 1 on the stack, 2 finished */
    unsigned long long *keys = calloc(n, sizeof *keys); /* (calloc: n x size checked for overflow) */
    uint16_t *letters = calloc(n, sizeof *letters), *depth = calloc(n, sizeof *depth);
    check_frame *stack = malloc((WL_MAX_KEY_BYTES + 2) * sizeof *stack);
    wl_status status = WL_OK;
    if (state == NULL || keys == NULL || letters == NULL || depth == NULL || stack == NULL) {
        status = wl_set_error(error, WL_NO_MEMORY, 0);
        goto done;
    }
    size_t top = 0;
    stack[top++] = (check_frame){WL_ROOT, WL_ROOT ^ offset_of(unit_at(g, WL_ROOT)), g->guide[0], 0, 0, 0, 0};
    state[WL_ROOT] = 1;
    while (top > 0) {
        check_frame *frame = &stack[top - 1];
        uint32_t label = frame->next;
        if (label) {
            uint32_t child = frame->base ^ label;
            if (label <= frame->last || child >= n || (unit_at(g, child) & WL_LABEL_MASK) != label) {
                status = wl_set_error(error, WL_BAD_GUIDE, frame->node);
                goto done;
            }
            frame->next = g->guide[2 * (size_t)child + 1];
            frame->last = label;
            if (state[child] == 2) { /* finished before, by another path: counted again from here */
                add_child(frame, label, keys[child], letters[child], depth[child], full);
                continue;
            }
            if (state[child]) {
                status = wl_set_error(error, WL_CYCLE, 0);
                goto done;
            }
            if (top > WL_MAX_KEY_BYTES) { /* the path to the child has more bytes than the longest word */
                status = wl_set_error(error, WL_TOO_LONG, 0);
                goto done;
            }
            state[child] = 1;
            stack[top++] = (check_frame){child, child ^ offset_of(unit_at(g, child)), g->guide[2 * (size_t)child], 0, 0, 0, 0};
            continue;
        }
        check_frame done_frame = stack[--top]; /* every child walked: the node is finished */
        unsigned long long found = done_frame.keys;
        uint32_t node = done_frame.node;
        if (node != WL_ROOT && unit_at(g, node) & WL_HAS_LEAF && done_frame.base < n) found += 1; /* a key ends here */
        if (found > full) found = full;
        uint32_t longest = done_frame.letters < 0xFFFF ? done_frame.letters : 0xFFFF;
        uint32_t deepest = done_frame.bytes < 0xFFFF ? done_frame.bytes : 0xFFFF;
        state[node] = 2;
        keys[node] = found;
        letters[node] = (uint16_t)longest;
        depth[node] = (uint16_t)deepest;
        if (top > 0) add_child(&stack[top - 1], stack[top - 1].last, found, longest, deepest, full);
    }
    if (letters[WL_ROOT] > WL_MAX_WORD_LETTERS || depth[WL_ROOT] > WL_MAX_KEY_BYTES) {
        status = wl_set_error(error, WL_TOO_LONG, 0);
    } else if (keys[WL_ROOT] > most) {
        status = wl_set_error(error, WL_TOO_MANY, most);
    } else {
        *count = keys[WL_ROOT];
    }
done:
    free(state);
    free(keys);
    free(letters);
    free(depth);
    free(stack);
    return status;
}

size_t wl_error_message(const wl_error *error, char *buffer, size_t size) {
    text t = {buffer, size, 0};
    switch (error->status) {
    case WL_OK: put(&t, "no error"); break;
    case WL_NO_MEMORY: put(&t, "out of memory"); break;
    case WL_OUT_OF_STEPS:
        put(&t, "the move search gave up after ");
        put_number(&t, error->detail);
        put(&t, " steps (a damaged word list, or a rack of many blanks)");
        break;
    case WL_BAD_GUIDE:
        put(&t, "the completion guide of unit ");
        put_number(&t, error->detail);
        put(&t, " is inconsistent");
        break;
    case WL_TOO_LONG:
        put(&t, "a key is longer than the longest word (");
        put_number(&t, WL_MAX_WORD_LETTERS);
        put(&t, " letters)");
        break;
    case WL_TOO_MANY:
        put(&t, "it holds more words than the manifest says (");
        put_number(&t, error->detail);
        put(&t, ")");
        break;
    case WL_NOT_UTF8: put(&t, "a key is not UTF-8"); break;
    case WL_CYCLE: put(&t, "the graph has a cycle"); break;
    case WL_BAD_FILE:
    case WL_BAD_ARGUMENT: put(&t, error->what ? error->what : "a bad argument"); break;
    }
    if (size) *t.at = 0;
    return t.length;
}
