/* A game engine's use of the core: open a built word list and ask for the best Wordgame opening.

       cc -Icore/include core/examples/best_move.c core/src/{graph,moves,wordgame,balda}.c -o best_move
       (or link the shared library `make core-test` builds: outputs/core-test/libwordlist.so)
       ./best_move outputs/en/wordgame [RACK]

   RACK is the tiles to play from (letters of the list, ? for a blank; default: the first letters
   of the alphabet, as many as a rack holds). It prints the best move as
   "across 8 h: STARE 14" (direction, row or column, first square, the word with each blank's
   letter in lower case, points), or "no move". A bad list or rack: one line on stderr, exit 1;
   wrong arguments: exit 2.

   words.dawg is read whole and handed to the core as it is; alphabet.json gives the letters and
   game.json the board, the start square, the rack size and the tiles' points (read here with a
   few lines of scanning: the files are the pipeline's own JSON, one key a line). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wordlist.h"

#define MAX_FILE (64u << 20)

static int fail(const char *file, const char *what) {
    fprintf(stderr, "error: %s: %s\n", file, what);
    return 1;
}

/* The whole file (NUL-terminated), or NULL. */
static char *read_file(const char *folder, const char *name, size_t *size, char *path, size_t room) {
    snprintf(path, room, "%s/%s", folder, name);
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    char *data = malloc(MAX_FILE + 1);
    size_t n = data ? fread(data, 1, MAX_FILE + 1, f) : 0;
    fclose(f);
    if (data == NULL || n > MAX_FILE) {
        free(data);
        return NULL;
    }
    data[n] = 0;
    *size = n;
    return data;
}

/* One UTF-8 code point from *s (advanced past it), or 0 at the end or on bad bytes. */
static uint32_t next_code_point(const char **s) {
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t c = p[0];
    int n = c < 0x80 ? 0 : c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
    if (c == 0 || n < 0) return 0;
    if (n) c &= 0x3F >> n;
    for (int k = 1; k <= n; k++) {
        if ((p[k] & 0xC0) != 0x80) return 0;
        c = c << 6 | (p[k] & 0x3F);
    }
    *s += n + 1;
    return c;
}

/* The JSON string after `"key": "` (no escapes: letters and board rows have none), or NULL. */
static char *string_of(const char *json, const char *key, char *out, size_t room) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\": \"", key);
    const char *at = strstr(json, pattern);
    if (at == NULL) return NULL;
    at += strlen(pattern);
    const char *end = strchr(at, '"');
    if (end == NULL || (size_t)(end - at) >= room || memchr(at, '\\', (size_t)(end - at))) return NULL;
    memcpy(out, at, (size_t)(end - at));
    out[end - at] = 0;
    return out;
}

static int letter_of(const uint32_t *letters, int n, uint32_t c) {
    for (int k = 0; k < n; k++)
        if (letters[k] == c) return k;
    return -1;
}

static void put_utf8(uint32_t c) {
    char b[5] = {0};
    if (c < 0x80) b[0] = (char)c;
    else if (c < 0x800) { b[0] = (char)(0xC0 | c >> 6); b[1] = (char)(0x80 | (c & 0x3F)); }
    else if (c < 0x10000) { b[0] = (char)(0xE0 | c >> 12); b[1] = (char)(0x80 | ((c >> 6) & 0x3F)); b[2] = (char)(0x80 | (c & 0x3F)); }
    else { b[0] = (char)(0xF0 | c >> 18); b[1] = (char)(0x80 | ((c >> 12) & 0x3F)); b[2] = (char)(0x80 | ((c >> 6) & 0x3F)); b[3] = (char)(0x80 | (c & 0x3F)); }
    fputs(b, stdout);
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: best_move LIST_FOLDER [RACK]\n");
        return 2;
    }
    const char *folder = argv[1];
    char path[4096], text[4096];
    size_t size;
    char *alphabet = read_file(folder, "alphabet.json", &size, path, sizeof path);
    if (alphabet == NULL) return fail(path, "missing or unreadable");
    uint32_t letters[WL_MAX_LETTERS];
    int nletters = 0;
    if (string_of(alphabet, "letters", text, sizeof text) == NULL) return fail(path, "no \"letters\"");
    for (const char *s = text; *s;) {
        uint32_t c = next_code_point(&s);
        if (c == 0 || nletters == WL_MAX_LETTERS) return fail(path, "\"letters\": not UTF-8, or more than 64");
        letters[nletters++] = c;
    }
    free(alphabet);

    char *game = read_file(folder, "game.json", &size, path, sizeof path);
    if (game == NULL) return fail(path, "missing or unreadable (a list without a tile game)");
    const char *board = strstr(game, "\"board\": [");
    const char *start = strstr(game, "\"start\": [");
    const char *rack_size = strstr(game, "\"rack_size\": ");
    const char *tiles = strstr(game, "\"tiles\": {");
    if (!board || !start || !rack_size || !tiles) return fail(path, "no board, start, rack_size or tiles");
    uint8_t letter_premiums[WL_MAX_LINE * WL_MAX_LINE], word_premiums[WL_MAX_LINE * WL_MAX_LINE];
    int sides = 0, width = 0; /* the rows: "T..d", ... up to the closing ] */
    const char *rows_end = strchr(board, ']');
    for (const char *row = board + strlen("\"board\": ["); (row = strchr(row, '"')) != NULL && row < rows_end; sides++) {
        const char *end = strchr(++row, '"');
        if (end == NULL || sides >= WL_MAX_LINE || (width = (int)(end - row)) > WL_MAX_LINE)
            return fail(path, "\"board\": more than 26 squares a side");
        for (int c = 0; c < width; c++) {
            char code = row[c];
            letter_premiums[sides * width + c] = code == 'd' ? 2 : code == 't' ? 3 : 1;
            word_premiums[sides * width + c] = code == 'D' ? 2 : code == 'T' ? 3 : 1;
        }
        row = end + 1;
    }
    if (sides == 0 || width != sides) return fail(path, "\"board\": not a square of rows");
    int start_row = -1, start_col = -1, tiles_a_rack = 0;
    if (sscanf(start + 10, " %d , %d", &start_row, &start_col) != 2 || start_row < 0 || start_row >= sides ||
        start_col < 0 || start_col >= sides || sscanf(rack_size + 13, "%d", &tiles_a_rack) != 1 || tiles_a_rack < 1 ||
        tiles_a_rack > WORDLIST_MAX_RACK)
        return fail(path, "\"start\" or \"rack_size\" out of range");
    int32_t points[WL_MAX_LETTERS] = {0};
    for (int k = 0; k < nletters; k++) { /* each tile's entry: "<letter>": {"points": n, ...} */
        char key[16] = "\"";
        size_t at = 1;
        for (const char *s = text; *s && at < sizeof key - 3;) {
            const char *before = s;
            uint32_t c = next_code_point(&s);
            if (c == letters[k]) {
                memcpy(key + at, before, (size_t)(s - before));
                at += (size_t)(s - before);
                break;
            }
        }
        memcpy(key + at, "\": {", 5);
        const char *entry = strstr(tiles, key);
        const char *field = entry ? strstr(entry, "\"points\": ") : NULL;
        if (field != NULL && (sscanf(field + 10, "%d", &points[k]) != 1 || points[k] < 0 || points[k] > WL_MAX_POINTS))
            return fail(path, "a tile's \"points\" out of range");
    }
    free(game);

    /* the rack: the command line's, else the alphabet's first letters */
    uint8_t rack_letters[WL_MAX_LETTERS], rack_counts[WL_MAX_LETTERS];
    int distinct = 0, blanks = 0, tiles_on_rack = 0;
    const char *rack = argc == 3 ? argv[2] : NULL;
    for (int k = 0; rack == NULL && k < tiles_a_rack; k++) rack_letters[distinct] = (uint8_t)k, rack_counts[distinct++] = 1;
    tiles_on_rack = rack == NULL ? distinct : 0;
    for (const char *s = rack; s != NULL && *s;) {
        uint32_t c = next_code_point(&s);
        int letter = c == '?' ? -2 : letter_of(letters, nletters, c);
        if (c == 0 || letter == -1) return fail("RACK", "a tile that is no letter of the list (? is a blank)");
        if (++tiles_on_rack > WORDLIST_MAX_RACK) return fail("RACK", "more than 15 tiles");
        if (letter == -2) { blanks++; continue; }
        int slot = 0;
        while (slot < distinct && rack_letters[slot] != letter) slot++;
        if (slot == distinct) rack_letters[distinct] = (uint8_t)letter, rack_counts[distinct++] = 0;
        rack_counts[slot]++;
    }
    for (int i = 1; i < distinct; i++) /* tried in the order of the letters' code points, as Python sorts them */
        for (int j = i; j > 0 && letters[rack_letters[j]] < letters[rack_letters[j - 1]]; j--) {
            uint8_t l = rack_letters[j], n = rack_counts[j];
            rack_letters[j] = rack_letters[j - 1], rack_counts[j] = rack_counts[j - 1];
            rack_letters[j - 1] = l, rack_counts[j - 1] = n;
        }

    char *dawg = read_file(folder, "words.dawg", &size, path, sizeof path);
    if (dawg == NULL) return fail(path, "missing or unreadable");
    wl_error error;
    wl_graph *graph = wl_graph_open((const uint8_t *)dawg, size, letters, nletters, &error);
    if (graph == NULL) {
        wl_error_message(&error, text, sizeof text);
        return fail(path, text);
    }
    uint8_t squares[WL_MAX_LINE * WL_MAX_LINE], blank_squares[WL_MAX_LINE * WL_MAX_LINE] = {0};
    memset(squares, WL_EMPTY, sizeof squares);
    wl_wordgame position = {sides, squares, blank_squares, letter_premiums, word_premiums, points,
                            rack_letters, rack_counts, distinct, blanks, tiles_on_rack, tiles_a_rack,
                            WORDLIST_FIRST_WORD_LETTERS, start_row, start_col, 0};
    wl_moves moves;
    int status = 0;
    if (wl_wordgame_moves(graph, &position, &moves, &error) != WL_OK) {
        wl_error_message(&error, text, sizeof text);
        status = fail(path, text);
    } else {
        long long best = wl_moves_best(&moves);
        if (best < 0) {
            puts("no move");
        } else { /* [direction, line, first, n, (letter, kind) x n] */
            const uint8_t *m = moves.data + moves.start[best];
            printf("%s %d %c: ", m[0] ? "down" : "across", (m[0] ? m[2] : m[1]) + 1, 'a' + (m[0] ? m[1] : m[2]));
            for (int k = 0; k < m[3]; k++) {
                uint32_t c = letters[m[4 + 2 * k]];
                if (m[5 + 2 * k] != WL_BLANK_TILE && c < 0x80) c = (uint32_t)(c >= 'a' && c <= 'z' ? c - 32 : c);
                put_utf8(c);
            }
            printf(" %lld\n", (long long)moves.points[best]);
        }
        wl_moves_free(&moves);
    }
    wl_graph_free(graph);
    free(dawg);
    return status;
}
