/* The core's property and fuzz driver, built with AddressSanitizer and UBSan by `make core-test`:

       fuzz WORDS.DAWG ...

   On each list as written: every key listed below the root is found again with its value; every
   Wordgame move of random openings and every Balda move of random boards spells a key (of the
   parts of speech asked for). Then on the same file with a few bytes changed (units and guide,
   not the headers), a few hundred times: the searches and walks end, with moves of the
   alphabet's letters or with an error, never reading outside the file (the sanitizers would stop
   the run). Deterministic: the same seed each run. Prints one line a file; exit 1 on a failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wordlist.h"

static uint64_t seed = 27;
static uint32_t next_random(uint32_t below) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(seed >> 33) % below;
}

static int failures;
#define CHECK(condition, ...)                                  \
    do {                                                       \
        if (!(condition)) {                                    \
            fprintf(stderr, "fuzz: " __VA_ARGS__);             \
            fputc('\n', stderr);                               \
            failures++;                                        \
        }                                                      \
    } while (0)

typedef struct {
    const wl_graph *graph;
    uint32_t letters[WL_MAX_LETTERS];
    int nletters, keys, bad_letters;
} survey;

/* One UTF-8 code point of s[*at..n), or 0 for bad bytes. */
static uint32_t decode(const uint8_t *s, size_t n, size_t *at) {
    uint32_t c = s[*at];
    int extra = c < 0x80 ? 0 : c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
    if (extra) c &= 0x3Fu >> extra;
    for (int k = 1; k <= extra; k++) {
        if (*at + (size_t)k >= n) return 0;
        c = c << 6 | (s[*at + (size_t)k] & 0x3F);
    }
    *at += (size_t)extra + 1;
    return c;
}

/* Each key: found again by its bytes with a value; its letters join the alphabet. */
static int key_found(void *context, const uint8_t *key, size_t length) {
    survey *s = context;
    int64_t node = wl_key_node(s->graph, key, length);
    CHECK(node >= 0 && wl_node_value(s->graph, (uint32_t)node) >= 0, "a listed key is not found again");
    for (size_t at = 0; at < length;) {
        uint32_t c = decode(key, length, &at);
        int k = 0;
        while (k < s->nletters && s->letters[k] != c) k++;
        if (k == s->nletters) {
            if (s->nletters == WL_MAX_LETTERS) s->bad_letters++;
            else s->letters[s->nletters++] = c;
        }
    }
    s->keys++;
    return 0;
}

static size_t encode(uint32_t c, uint8_t *out) {
    if (c < 0x80) return out[0] = (uint8_t)c, 1;
    if (c < 0x800) return out[0] = (uint8_t)(0xC0 | c >> 6), out[1] = (uint8_t)(0x80 | (c & 0x3F)), 2;
    out[0] = (uint8_t)(0xE0 | c >> 12), out[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F)), out[2] = (uint8_t)(0x80 | (c & 0x3F));
    return 3;
}

/* The value of the word spelled by these letters, or -1. */
static int64_t word_value(const wl_graph *graph, const survey *s, const uint8_t *letters, int n) {
    uint8_t key[4 * WL_MAX_CELLS];
    size_t length = 0;
    for (int k = 0; k < n; k++) length += encode(s->letters[letters[k]], key + length);
    int64_t node = wl_key_node(graph, key, length);
    return node >= 0 ? wl_node_value(graph, (uint32_t)node) : -1;
}

/* Wordgame's equity on the moves of `opening`, with random leave values: each equity is the
   points and the leave of the tiles left; the best exchange returns one tile or more of the rack
   and keeps tiles worth at least what keeping nothing or a random part is worth; the simulation
   values no move above its equity (on a damaged graph it may meet the damage); bad tables and
   racks are refused. */
static void equity_checks(const wl_graph *graph, const survey *s, const wl_wordgame *opening, const wl_moves *moves,
                          int sound) {
    int32_t values[WL_MAX_LETTERS + 1], duplicates[WL_MAX_LETTERS + 1];
    int n = s->nletters, spread = 1 + (int)next_random(3000);
    for (int t = 0; t <= n; t++) {
        values[t] = (int32_t)next_random(2u * (uint32_t)spread + 1) - spread;
        duplicates[t] = -(int32_t)next_random((uint32_t)spread + 1);
    }
    uint64_t vowels = 0;
    for (int k = 0; k < 5; k++) vowels |= 1ull << next_random((uint32_t)n);
    wl_leaves leaves = {n, s->letters, values, duplicates, vowels, -(int32_t)next_random(200)};
    uint8_t rack[WL_MAX_LETTERS + 1] = {0}, left[WL_MAX_LETTERS + 1];
    for (int k = 0; k < opening->rack_distinct; k++) rack[opening->rack_letters[k]] += opening->rack_counts[k];
    rack[n] = (uint8_t)opening->blank_tiles;
    int bag = (int)next_random(90);
    int64_t *equities = malloc((moves->count + 1) * sizeof *equities);
    wl_error error;
    CHECK(equities != NULL && wl_wordgame_equities(&leaves, opening, moves, bag, equities, &error) == WL_OK,
          "equities failed");
    for (size_t i = 0; equities != NULL && i < moves->count; i++) {
        const uint8_t *m = moves->data + moves->start[i];
        memcpy(left, rack, sizeof left);
        for (int k = 0; k < m[3]; k++)
            if (m[5 + 2 * k] != WL_ON_BOARD) left[m[5 + 2 * k] == WL_BLANK_TILE ? n : m[4 + 2 * k]]--;
        CHECK(equities[i] == moves->points[i] * WL_LEAVE_UNIT + wl_leave(&leaves, left, bag), "a wrong equity");
    }
    wl_exchange best;
    CHECK(wl_wordgame_exchange(&leaves, opening, bag, &best, &error) == WL_OK && best.found, "no exchange");
    int returned = 0;
    for (int t = 0; t <= n; t++) {
        CHECK(best.returned[t] <= rack[t], "an exchange returns a tile not on the rack");
        returned += best.returned[t];
        left[t] = (uint8_t)(rack[t] - best.returned[t]);
    }
    CHECK(returned >= 1 && best.value == wl_leave(&leaves, left, bag), "a wrong exchange");
    memset(left, 0, sizeof left);
    CHECK(best.value >= wl_leave(&leaves, left, bag), "keeping nothing beats the best exchange");
    for (int t = 0; t <= n; t++) left[t] = (uint8_t)next_random(rack[t] + 1u);
    if (memcmp(left, rack, sizeof left)) CHECK(best.value >= wl_leave(&leaves, left, bag), "a keep beats the best");
    int instead = wl_wordgame_exchange_instead(&best, equities, moves->count);
    for (size_t i = 0; equities != NULL && i < moves->count; i++) CHECK(!instead || equities[i] < best.value, "instead");
    /* the simulation: two random opponent racks; no value above its equity (replies score 0 or more) */
    uint8_t racks[2 * (WL_MAX_LETTERS + 1)] = {0};
    for (int r = 0; r < 2; r++)
        for (int k = 0; k < 7; k++) racks[r * (n + 1) + (int)next_random((uint32_t)n + 1)]++;
    int64_t *simulated = malloc((moves->count + 1) * sizeof *simulated);
    if (equities != NULL && simulated != NULL) {
        wl_status status = wl_wordgame_simulate(graph, &leaves, opening, moves, equities, 3, racks, 2, bag, simulated, &error);
        CHECK(status == WL_OK || status == WL_OUT_OF_STEPS || (!sound && status == WL_BAD_GUIDE),
              "the simulation failed: %d", status);
        size_t above = 0; /* only a simulated move can gain: its replies' equity may be below 0 */
        for (size_t i = 0; status == WL_OK && i < moves->count; i++) above += simulated[i] > equities[i];
        CHECK(above <= 3, "%zu moves valued above their equity, of 3 simulated", above);
        racks[0] = WL_MAX_RACK + 1;
        CHECK(wl_wordgame_simulate(graph, &leaves, opening, moves, equities, 3, racks, 2, bag, simulated, &error) ==
                  WL_BAD_ARGUMENT, "an opponent's rack too long");
    }
    free(simulated);
    free(equities);
    values[next_random((uint32_t)n + 1)] = WL_MAX_LEAVE_WEIGHT + 1;
    CHECK(wl_wordgame_exchange(&leaves, opening, bag, &best, &error) == WL_BAD_ARGUMENT, "a weight past the limit");
    leaves.nletters = 0;
    CHECK(wl_wordgame_exchange(&leaves, opening, bag, &best, &error) == WL_BAD_ARGUMENT, "no alphabet");
}

/* A random Wordgame opening on a 15x15 board and a random Balda board; on a sound graph
   (`sound`) every move must spell a word. Returns the number of moves. */
static size_t search(const wl_graph *graph, const survey *s, int sound, uint64_t max_steps) {
    uint8_t board[15 * 15], blanks[15 * 15] = {0}, premiums[15 * 15], rack[8], counts[8];
    int32_t points[WL_MAX_LETTERS];
    memset(board, WL_EMPTY, sizeof board);
    memset(premiums, 1, sizeof premiums);
    for (int k = 0; k < s->nletters; k++) points[k] = (int32_t)next_random(11);
    int distinct = 0, blank_tiles = (int)next_random(3);
    for (int k = 0; k < 7 - blank_tiles; k++) {
        uint8_t letter = (uint8_t)next_random((uint32_t)s->nletters);
        int slot = 0;
        while (slot < distinct && rack[slot] != letter) slot++;
        if (slot == distinct) rack[distinct] = letter, counts[distinct++] = 0;
        counts[slot]++;
    }
    wl_wordgame opening = {15, board, blanks, premiums, premiums, points, rack, counts, distinct,
                           blank_tiles, 7, 7, 2, 7, 7, max_steps};
    wl_moves moves;
    wl_error error;
    size_t found = 0;
    if (wl_wordgame_moves(graph, &opening, &moves, &error) == WL_OK) {
        for (size_t i = 0; i < moves.count; i++) {
            const uint8_t *m = moves.data + moves.start[i];
            uint8_t word[WL_MAX_LINE];
            for (int k = 0; k < m[3]; k++) {
                CHECK(m[4 + 2 * k] < s->nletters && m[5 + 2 * k] <= WL_BLANK_TILE, "a move of no letter");
                word[k] = m[4 + 2 * k];
            }
            if (sound) CHECK(word_value(graph, s, word, m[3]) >= 0, "a Wordgame move spells no word");
        }
        if (s->nletters) equity_checks(graph, s, &opening, &moves, sound);
        found += moves.count;
        wl_moves_free(&moves);
    } else {
        CHECK(!sound || error.status == WL_OUT_OF_STEPS, "a sound graph failed a search: %d", error.status);
    }
    int size = 5 + 2 * (int)next_random(3);
    uint8_t cells[WL_MAX_CELLS];
    memset(cells, WL_EMPTY, sizeof cells);
    for (int c = 0; c < size; c++) cells[(size / 2) * size + c] = (uint8_t)next_random((uint32_t)s->nletters);
    uint8_t scored_letters[2] = {cells[(size / 2) * size], cells[(size / 2) * size + 1]}, length = 2;
    uint64_t scored_cells[2] = {~0ull, ~0ull};
    wl_balda balda = {size, (int)next_random(2), cells, WL_VALUE_MASK, 1, &length, scored_letters, scored_cells, max_steps};
    if (wl_balda_moves(graph, &balda, &moves, &error) == WL_OK) {
        for (size_t i = 0; i < moves.count; i++) {
            const uint8_t *m = moves.data + moves.start[i];
            uint8_t word[WL_MAX_CELLS];
            CHECK(m[1] < s->nletters && m[2] >= 2 && m[2] <= size * size, "a Balda move out of range");
            for (int k = 0; k < m[2]; k++) word[k] = m[3 + k] == m[0] ? m[1] : cells[m[3 + k]];
            if (sound) CHECK(word_value(graph, s, word, m[2]) > 0, "a Balda move spells no word");
        }
        found += moves.count;
        wl_moves_free(&moves);
    } else {
        CHECK(!sound || error.status == WL_OUT_OF_STEPS, "a sound graph failed a search: %d", error.status);
    }
    return found;
}

static int count_key(void *context, const uint8_t *key, size_t length) {
    (void)key, (void)length;
    ++*(unsigned long long *)context;
    return 0;
}

static void fuzz_file(const char *name) {
    FILE *f = fopen(name, "rb");
    if (f == NULL) {
        CHECK(0, "%s: cannot be read", name);
        return;
    }
    fseek(f, 0, SEEK_END);
    size_t size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = malloc(size), *damaged = malloc(size);
    CHECK(data && damaged && fread(data, 1, size, f) == size, "%s: cannot be read", name);
    fclose(f);
    wl_error error;
    wl_graph *bytes_only = wl_graph_open(data, size, NULL, 0, &error);
    CHECK(bytes_only != NULL, "%s: not opened", name);
    if (bytes_only == NULL) return;
    survey s = {bytes_only, {0}, 0, 0, 0};
    CHECK(wl_words(bytes_only, WL_ROOT, 0, -1, -1, -1, 1 << 30, key_found, &s, &error) == WL_OK, "%s: keys not listed", name);
    CHECK(s.keys > 0 && s.nletters > 0 && !s.bad_letters, "%s: %d keys of %d letters", name, s.keys, s.nletters);
    unsigned long long counted = 0;
    CHECK(wl_graph_check(bytes_only, (unsigned long long)s.keys, &counted, &error) == WL_OK && counted == (unsigned long long)s.keys,
          "%s: the check counts %llu keys, the listing %d", name, counted, s.keys);
    CHECK(wl_graph_check(bytes_only, (unsigned long long)s.keys - 1, &counted, &error) == WL_TOO_MANY,
          "%s: one key more than allowed not found", name);
    wl_graph *graph = wl_graph_open(data, size, s.letters, s.nletters, &error);
    size_t moves = 0;
    for (int round = 0; round < 20; round++) moves += search(graph, &s, 1, 0);
    CHECK(moves > 0, "%s: no move in 20 positions", name);
    wl_graph_free(graph);
    uint32_t n = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 | (uint32_t)data[3] << 24;
    int failed = 0, check_failed_count = 0, rounds = 300;
    for (int round = 0; round < rounds; round++) {
        memcpy(damaged, data, size);
        for (int k = 1 + (int)next_random(10); k > 0; k--) {
            size_t at = 4 + next_random((uint32_t)(size - 8)); /* past the units' count */
            if (at >= 4 + 4 * (size_t)n && at < 8 + 4 * (size_t)n) at -= 4; /* not the guide's count */
            damaged[at] = (uint8_t)next_random(256);
        }
        wl_graph *hurt = wl_graph_open(damaged, size, s.letters, s.nletters, &error);
        CHECK(hurt != NULL, "%s: a damaged file's header refused", name);
        if (hurt == NULL) continue;
        search(hurt, &s, 0, 200000);
        uint8_t letters[WL_MAX_LETTERS];
        uint32_t nodes[WL_MAX_LETTERS];
        int count = wl_children(hurt, WL_ROOT, letters, nodes, &error);
        for (int k = 0; k < count; k++) CHECK(letters[k] < s.nletters && nodes[k] < n, "a child out of range");
        unsigned long long listed = 0;
        wl_status walked = wl_words(hurt, WL_ROOT, 0, -1, -1, -1, s.keys, count_key, &listed, &error);
        failed += walked != WL_OK;
        wl_status checked = wl_graph_check(hurt, (unsigned long long)s.keys, &counted, &error);
        CHECK(checked == WL_OK || checked == WL_BAD_GUIDE || checked == WL_CYCLE || checked == WL_TOO_LONG ||
                  checked == WL_TOO_MANY,
              "%s: the check of a damaged copy ended with status %d", name, (int)checked);
        check_failed_count += checked != WL_OK;
        /* a listing meets the keys the check counted: no more, no fewer (the check reads no UTF-8) */
        CHECK(checked != WL_OK || (walked == WL_OK && listed == counted) || walked == WL_NOT_UTF8,
              "%s: a damaged copy the check counts %llu keys in lists %llu (status %d)", name, counted, listed,
              (int)walked);
        wl_graph_free(hurt);
    }
    printf("%s: %d keys of %d letters, %zu moves on 40 sound positions; %d damaged copies searched (%d walks "
           "and %d checks found the damage)\n",
           name, s.keys, s.nletters, moves, rounds, failed, check_failed_count);
    wl_graph_free(bytes_only);
    free(data);
    free(damaged);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: fuzz WORDS.DAWG ...\n");
        return 2;
    }
    for (int k = 1; k < argc; k++) fuzz_file(argv[k]);
    return failures ? 1 : 0;
}
