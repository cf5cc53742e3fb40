/* Wordgame's equity in the core: each move's points plus the leave value of the tiles it keeps,
   and the best exchange. wordlist/games/wordgame/equity.py is the reference (and
   wordlist/format/leaves.py owns the leave's formula and leaves.json): the same integers, in
   hundredths of a point, so the server's and the browser's bots rank moves the same. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_TILES (WL_MAX_LETTERS + 1) /* the letters, then the blank */

static int refuse(wl_error *error, const char *what) {
    if (error != NULL) {
        error->status = WL_BAD_ARGUMENT;
        error->detail = 0;
        error->what = what;
    }
    return -1;
}

static int check_leaves(const wl_leaves *leaves, wl_error *error) {
    if (leaves == NULL || leaves->nletters < 1 || leaves->nletters > WL_MAX_LETTERS || leaves->values == NULL ||
        leaves->duplicates == NULL || leaves->letters == NULL)
        return refuse(error, "the leave values: an alphabet of 1 to 64 letters, values and duplicates for each tile");
    for (int t = 0; t <= leaves->nletters; t++)
        if (leaves->values[t] < -WL_MAX_LEAVE_WEIGHT || leaves->values[t] > WL_MAX_LEAVE_WEIGHT ||
            leaves->duplicates[t] < -WL_MAX_LEAVE_WEIGHT || leaves->duplicates[t] > WL_MAX_LEAVE_WEIGHT)
            return refuse(error, "a leave weight beyond the limit (wordlist/format/leaves.py)");
    if (leaves->balance < -WL_MAX_LEAVE_WEIGHT || leaves->balance > WL_MAX_LEAVE_WEIGHT)
        return refuse(error, "the leave balance beyond the limit (wordlist/format/leaves.py)");
    return 0;
}

/* The one formula (LeaveValues.leave in Python; the browser runs this one): edit the two together.
   `bag` (tiles in the bag) is an input for a weighting by the stage of the game; none today. */
int64_t wl_leave(const wl_leaves *leaves, const uint8_t *counts, int bag) {
    (void)bag;
    int64_t total = 0;
    int64_t vowels = 0, consonants = 0;
    for (int t = 0; t <= leaves->nletters; t++) {
        int64_t n = counts[t];
        if (!n) continue;
        total += n * leaves->values[t] + (n - 1) * leaves->duplicates[t];
        if (t == leaves->nletters) continue; /* a blank is neither */
        if (leaves->vowels >> t & 1) vowels += n;
        else consonants += n;
    }
    return total + (int64_t)leaves->balance * (vowels - consonants) * (vowels - consonants);
}

/* The rack as counts by tile (the blank last); -1 if it holds more than MAX_RACK tiles or a letter
   outside the alphabet. */
static int rack_counts(const wl_leaves *leaves, const wl_wordgame *rack, uint8_t counts[MAX_TILES], wl_error *error) {
    memset(counts, 0, MAX_TILES);
    int total = rack->blank_tiles;
    if (rack->blank_tiles < 0 || rack->rack_distinct < 0 || rack->rack_distinct > WL_MAX_LETTERS ||
        (rack->rack_distinct && (rack->rack_letters == NULL || rack->rack_counts == NULL)))
        return refuse(error, "the rack");
    for (int k = 0; k < rack->rack_distinct; k++) {
        if (rack->rack_letters[k] >= leaves->nletters) return refuse(error, "the rack: a letter outside the alphabet");
        total += rack->rack_counts[k];
        if (total > WL_MAX_RACK) break;
        counts[rack->rack_letters[k]] += rack->rack_counts[k];
    }
    if (total > WL_MAX_RACK) return refuse(error, "the rack: more tiles than the longest rack");
    counts[leaves->nletters] = (uint8_t)rack->blank_tiles;
    return 0;
}

wl_status wl_wordgame_equities(const wl_leaves *leaves, const wl_wordgame *rack, const wl_moves *moves, int bag,
                               int64_t *equities, wl_error *error) {
    uint8_t counts[MAX_TILES], left[MAX_TILES];
    if (check_leaves(leaves, error) || rack_counts(leaves, rack, counts, error)) return WL_BAD_ARGUMENT;
    for (size_t i = 0; i < moves->count; i++) {
        const uint8_t *m = moves->data + moves->start[i];
        memcpy(left, counts, sizeof left);
        for (int k = 0; k < m[3]; k++) {
            int letter = m[4 + 2 * k], kind = m[5 + 2 * k];
            if (kind == WL_ON_BOARD) continue;
            int tile = kind == WL_BLANK_TILE ? leaves->nletters : letter;
            if (tile > leaves->nletters || !left[tile]) {
                refuse(error, "a move places a tile that is not on the rack");
                return WL_BAD_ARGUMENT;
            }
            left[tile]--;
        }
        equities[i] = moves->points[i] * WL_LEAVE_UNIT + wl_leave(leaves, left, bag);
    }
    return WL_OK;
}

/* The tiles in Python's sorted order (by code point; the blank is "?"). */
static void sorted_tiles(const wl_leaves *leaves, int order[MAX_TILES]) {
    int n = leaves->nletters + 1;
    for (int t = 0; t < n; t++) order[t] = t;
    for (int i = 1; i < n; i++) /* insertion sort: at most 65 tiles */
        for (int j = i; j > 0; j--) {
            uint32_t a = order[j] == leaves->nletters ? '?' : leaves->letters[order[j]];
            uint32_t b = order[j - 1] == leaves->nletters ? '?' : leaves->letters[order[j - 1]];
            if (a >= b) break;
            int swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
        }
}

/* Is `a` before `b` as Python compares the sorted tuples of the tiles kept? */
static int kept_before(const int order[MAX_TILES], int n, const uint8_t *a, const uint8_t *b) {
    int ta = 0, tb = 0, ra = 0, rb = 0; /* the tile each is at in `order`, and its copies left */
    for (;;) {
        while (ta < n && !(ra = ra ? ra : a[order[ta]])) ta++;
        while (tb < n && !(rb = rb ? rb : b[order[tb]])) tb++;
        if (ta == n || tb == n) return ta == n && tb != n; /* a shorter prefix comes first */
        if (ta != tb) return ta < tb;
        if (--ra == 0) ta++;
        if (--rb == 0) tb++;
    }
}

wl_status wl_wordgame_exchange(const wl_leaves *leaves, const wl_wordgame *rack, int bag, wl_exchange *best,
                               wl_error *error) {
    uint8_t counts[MAX_TILES], keep[MAX_TILES], best_keep[MAX_TILES];
    memset(best, 0, sizeof *best);
    if (check_leaves(leaves, error) || rack_counts(leaves, rack, counts, error)) return WL_BAD_ARGUMENT;
    int order[MAX_TILES], n = leaves->nletters + 1;
    sorted_tiles(leaves, order);
    memset(keep, 0, sizeof keep);
    /* every count of each tile up to the rack's, as a mixed-radix counter; all but "keep all" */
    for (;;) {
        if (memcmp(keep, counts, (size_t)n)) {
            int64_t value = wl_leave(leaves, keep, bag);
            if (!best->found || value > best->value ||
                (value == best->value && kept_before(order, n, keep, best_keep))) {
                best->found = 1;
                best->value = value;
                memcpy(best_keep, keep, sizeof best_keep);
            }
        }
        int t = 0;
        while (t < n && keep[t] == counts[t]) keep[t++] = 0;
        if (t == n) break;
        keep[t]++;
    }
    for (int t = 0; t < n && best->found; t++) best->returned[t] = (uint8_t)(counts[t] - best_keep[t]);
    return WL_OK;
}

int wl_wordgame_exchange_instead(const wl_exchange *best, const int64_t *equities, size_t count) {
    if (!best->found) return 0;
    for (size_t i = 0; i < count; i++)
        if (equities[i] >= best->value) return 0;
    return 1;
}

/* The rack of `counts` (by tile) as wl_wordgame_moves takes it: the distinct letters in code-point
   order (the order Python tries them, which fixes the moves' order and so the first best reply). */
static void rack_of_counts(const wl_leaves *leaves, const uint8_t *counts, const int order[MAX_TILES], wl_wordgame *p,
                           uint8_t letters[MAX_TILES], uint8_t tallies[MAX_TILES]) {
    int distinct = 0, tiles = counts[leaves->nletters];
    for (int j = 0; j <= leaves->nletters; j++) {
        int t = order[j];
        if (t == leaves->nletters || !counts[t]) continue;
        letters[distinct] = (uint8_t)t;
        tallies[distinct++] = counts[t];
        tiles += counts[t];
    }
    p->rack_letters = letters;
    p->rack_counts = tallies;
    p->rack_distinct = distinct;
    p->blank_tiles = counts[leaves->nletters];
    p->rack_tiles = tiles;
}

wl_status wl_wordgame_simulate(const wl_graph *graph, const wl_leaves *leaves, const wl_wordgame *position,
                               const wl_moves *moves, const int64_t *equities, size_t candidates, const uint8_t *racks,
                               size_t nracks, int bag, int64_t *values, wl_error *error) {
    if (check_leaves(leaves, error)) return WL_BAD_ARGUMENT;
    int n = leaves->nletters, size = position->size;
    for (size_t r = 0; r < nracks; r++) {
        int tiles = 0;
        for (int t = 0; t <= n; t++) tiles += racks[r * (size_t)(n + 1) + t];
        if (tiles > WL_MAX_RACK) {
            refuse(error, "an opponent's rack: more tiles than the longest rack");
            return WL_BAD_ARGUMENT;
        }
    }
    for (size_t i = 0; i < moves->count; i++) values[i] = equities[i];
    if (!nracks || !moves->count) return WL_OK;
    if (candidates > moves->count) candidates = moves->count;
    /* the candidates: the best equities, the first among equals (a stable selection) */
    size_t *chosen = malloc((candidates + 1) * sizeof *chosen);
    uint8_t *picked = calloc(moves->count, 1);
    uint8_t *board = malloc((size_t)size * (size_t)size), *blanks = malloc((size_t)size * (size_t)size);
    int64_t *sums = calloc(candidates + 1, sizeof *sums);
    wl_status status = WL_OK;
    if (chosen == NULL || picked == NULL || board == NULL || blanks == NULL || sums == NULL) {
        status = WL_NO_MEMORY;
        if (error != NULL) error->status = WL_NO_MEMORY;
        goto done;
    }
    for (size_t c = 0; c < candidates; c++) {
        size_t best = moves->count;
        for (size_t i = 0; i < moves->count; i++)
            if (!picked[i] && (best == moves->count || equities[i] > equities[best])) best = i;
        picked[best] = 1;
        chosen[c] = best;
    }
    int order[MAX_TILES];
    sorted_tiles(leaves, order);
    int64_t worst = 0;
    for (size_t c = 0; c < candidates && status == WL_OK; c++) {
        const uint8_t *m = moves->data + moves->start[chosen[c]];
        memcpy(board, position->board, (size_t)size * (size_t)size);
        memcpy(blanks, position->blanks, (size_t)size * (size_t)size);
        for (int k = 0; k < m[3]; k++) {
            int kind = m[5 + 2 * k];
            if (kind == WL_ON_BOARD) continue;
            int cell = m[0] == 0 ? m[1] * size + m[2] + k : (m[2] + k) * size + m[1];
            board[cell] = m[4 + 2 * k];
            if (kind == WL_BLANK_TILE) blanks[cell] = 1;
        }
        for (size_t r = 0; r < nracks && status == WL_OK; r++) {
            wl_wordgame reply = *position;
            uint8_t letters[MAX_TILES], tallies[MAX_TILES];
            reply.board = board;
            reply.blanks = blanks;
            rack_of_counts(leaves, racks + r * (size_t)(n + 1), order, &reply, letters, tallies);
            wl_moves found;
            status = wl_wordgame_moves(graph, &reply, &found, error);
            if (status != WL_OK) break;
            int64_t *reply_equities = malloc((found.count + 1) * sizeof *reply_equities);
            if (reply_equities == NULL) {
                wl_moves_free(&found);
                status = WL_NO_MEMORY;
                if (error != NULL) error->status = WL_NO_MEMORY;
                break;
            }
            status = wl_wordgame_equities(leaves, &reply, &found, bag, reply_equities, error);
            int64_t reply_value = 0; /* the best reply's equity; 0 with none (a pass) */
            for (size_t i = 0, best = found.count; status == WL_OK && i < found.count; i++)
                if (best == found.count || reply_equities[i] > reply_equities[best]) best = i, reply_value = reply_equities[i];
            free(reply_equities);
            wl_moves_free(&found);
            sums[c] += reply_value;
            if (reply_value > worst) worst = reply_value;
        }
    }
    if (status == WL_OK) {
        for (size_t i = 0; i < moves->count; i++)
            if (!picked[i]) values[i] -= worst;
        for (size_t c = 0; c < candidates; c++) values[chosen[c]] -= sums[c] / (int64_t)nracks;
    }
done:
    free(chosen);
    free(picked);
    free(board);
    free(blanks);
    free(sums);
    return status;
}
