/* Wordgame's search, included twice by wordgame.c: CHECKED 1 enters each node where the Python
   reference lists its children (the memo: a damaged guide fails at the same point); CHECKED 0 is
   the same search on a regular graph (wl_graph_regular), without a look at any memo. NAMED(f)
   names each copy's functions. */

#if CHECKED
#define ENTER(out, g, node) enter((out), (g), (node), 0)
#else
#define ENTER(out, g, node) ((void)(out), (uint8_t)(NODE_KNOWN | NODE_HAS_CHILDREN))
#endif

/* Graph.find: the node `letters` lead to from `node`, each node entered on the way; -1 for none
   (or a bad guide: the search has failed). */
static int64_t NAMED(find)(search *w, int64_t node, int flag, int pos, int from, int to) {
    for (int k = from; k < to && node >= 0; k++) {
        uint8_t state = ENTER(w->out, w->g, (uint32_t)node);
        if (!state) return -1;
        node = follow_letter(w->g, (uint32_t)node, state, at(w, flag, k, pos));
    }
    return node;
}

/* The word so far ends at pos - 1 and leads to `node`; continue at `pos`. */
static void NAMED(extend)(search *w, int pos, uint32_t node, int64_t main, int multiplier, int64_t cross, int placed) {
    const wl_graph *g = w->g;
    STEP(w->out);
    int last = pos + 1 == w->size;
    int ends = last || w->row[pos + 1] == WL_EMPTY;
    uint8_t here = w->row[pos];
    if (here != WL_EMPTY) {
        uint8_t state = ENTER(w->out, g, node);
        if (!state) return;
        int64_t child = follow_letter(g, node, state, here);
        if (child < 0) return;
        w->word_letter[w->ntiles] = here;
        w->word_kind[w->ntiles++] = WL_ON_BOARD;
        int64_t grown = main + w->row_worth[pos];
        if (ends && value_of(g, (uint32_t)child) >= 0) record(w, grown, multiplier, cross, placed);
        if (!last) NAMED(extend)(w, pos + 1, (uint32_t)child, grown, multiplier, cross, placed);
        w->ntiles--;
        return;
    }
    if (placed == w->rack_tiles) return;
    uint8_t state = ENTER(w->out, g, node);
    if (!(state & NODE_HAS_CHILDREN)) return;
    int square_lm = w->lm[pos], square_wm = w->wm[pos];
    int32_t square_cross = w->cross[pos];
    uint64_t allowed = w->mask[pos];
    int grown_multiplier = multiplier >= square_wm ? multiplier : square_wm;
    for (int slot = 0; slot < w->nrack; slot++) {
        int letter = w->rack_letter[slot];
        int count = w->count[slot];
        if (!count || !(allowed >> letter & 1)) continue;
        int64_t child = follow_letter(g, node, state, letter);
        if (child < 0) continue;
        int64_t tile_points = (int64_t)w->points[letter] * square_lm;
        int64_t grown_cross = square_cross >= 0 ? cross + (square_cross + tile_points) * square_wm : cross;
        w->count[slot] = count - 1;
        w->word_letter[w->ntiles] = (uint8_t)letter;
        w->word_kind[w->ntiles++] = WL_TILE;
        if (ends && value_of(g, (uint32_t)child) >= 0)
            record(w, main + tile_points, grown_multiplier, grown_cross, placed + 1);
        if (!last) NAMED(extend)(w, pos + 1, (uint32_t)child, main + tile_points, grown_multiplier, grown_cross, placed + 1);
        w->ntiles--;
        w->count[slot] = count;
    }
    if (w->blanks) {
        uint8_t letters[WL_MAX_LETTERS];
        uint32_t nodes[WL_MAX_LETTERS];
        int n = wl_list_children(g, node, letters, nodes);
        int64_t grown_cross = square_cross >= 0 ? cross + (int64_t)square_cross * square_wm : cross;
        w->blanks--;
        for (int k = 0; k < n; k++) {
            if (!(allowed >> letters[k] & 1)) continue;
            w->word_letter[w->ntiles] = letters[k];
            w->word_kind[w->ntiles++] = WL_BLANK_TILE;
            if (ends && value_of(g, nodes[k]) >= 0) record(w, main, grown_multiplier, grown_cross, placed + 1);
            if (!last) NAMED(extend)(w, pos + 1, nodes[k], main, grown_multiplier, grown_cross, placed + 1);
            w->ntiles--;
        }
        w->blanks++;
    }
}

/* The left part (the ntiles tiles before the anchor, their points in `values`) leads to `node`:
   extend from the anchor if the anchor square can take a letter after it, then grow the left
   part by one tile (from the rack, then a blank as every letter that continues it). */
static void NAMED(left)(search *w, uint32_t node, int anchor, int room) {
    const wl_graph *g = w->g;
    STEP(w->out);
    uint8_t state = ENTER(w->out, g, node);
    if (!(state & NODE_HAS_CHILDREN)) return;
    int k = w->ntiles;
    uint64_t allowed = w->mask[anchor];
    uint8_t letters[WL_MAX_LETTERS];
    uint32_t nodes[WL_MAX_LETTERS];
    int n = -1; /* the children, listed only if a blank needs them */
    int fits = 0;
    if (w->blanks) {
        n = wl_list_children(g, node, letters, nodes);
        for (int j = 0; j < n && !fits; j++) fits = (int)(allowed >> letters[j] & 1);
    }
    for (int slot = 0; slot < w->nrack && !fits; slot++) {
        int letter = w->rack_letter[slot];
        fits = w->count[slot] && (allowed >> letter & 1) && follow_letter(g, node, state, letter) >= 0;
    }
    if (fits) {
        w->word_start = anchor - k;
        int64_t main = 0;
        int multiplier = 1;
        for (int j = 0; j < k; j++) {
            main += (int64_t)w->values[j] * w->lm[anchor - k + j];
            if (w->wm[anchor - k + j] > multiplier) multiplier = w->wm[anchor - k + j];
        }
        NAMED(extend)(w, anchor, node, main, multiplier, 0, k);
    }
    if (k == room) return;
    for (int slot = 0; slot < w->nrack; slot++) {
        int count = w->count[slot];
        int letter = w->rack_letter[slot];
        int64_t child;
        if (!count || (child = follow_letter(g, node, state, letter)) < 0) continue;
        w->count[slot] = count - 1;
        w->word_letter[w->ntiles] = (uint8_t)letter;
        w->word_kind[w->ntiles++] = WL_TILE;
        w->values[k] = w->points[letter];
        NAMED(left)(w, (uint32_t)child, anchor, room);
        w->ntiles--;
        w->count[slot] = count;
    }
    if (w->blanks) {
        if (n < 0) n = wl_list_children(g, node, letters, nodes);
        w->blanks--;
        w->values[k] = 0;
        for (int j = 0; j < n; j++) {
            w->word_letter[w->ntiles] = letters[j];
            w->word_kind[w->ntiles++] = WL_BLANK_TILE;
            NAMED(left)(w, nodes[j], anchor, room);
            w->ntiles--;
        }
        w->blanks++;
    }
}

/* The cross-set of each square of the line: the letters that make a word with the tiles across
   the line from it (ANY where there are none), and those tiles' points. */
static void NAMED(cross_sets)(search *w) {
    const wl_graph *g = w->g;
    int size = w->size, flag = w->flag, line = w->line;
    for (int pos = 0; pos < size && !w->out->failed; pos++) {
        w->mask[pos] = ANY;
        w->cross[pos] = -1;
        if (w->row[pos] != WL_EMPTY) continue;
        int first = line, last = line;
        while (first > 0 && at(w, flag, first - 1, pos) != WL_EMPTY) first--;
        while (last + 1 < size && at(w, flag, last + 1, pos) != WL_EMPTY) last++;
        if (first == last) continue;
        int32_t points = 0;
        for (int k = first; k <= last; k++)
            if (k != line) points += worth_at(w, flag, k, pos);
        w->cross[pos] = points;
        uint64_t mask = 0;
        int64_t above = NAMED(find)(w, WL_ROOT, flag, pos, first, line);
        uint8_t state = above >= 0 ? ENTER(w->out, g, (uint32_t)above) : 0;
        if (state) {
            uint8_t letters[WL_MAX_LETTERS];
            uint32_t nodes[WL_MAX_LETTERS];
            int n = wl_list_children(g, (uint32_t)above, letters, nodes);
            for (int j = 0; j < n; j++) {
                int64_t end = NAMED(find)(w, nodes[j], flag, pos, line + 1, last + 1);
                if (end >= 0 && value_of(g, (uint32_t)end) >= 0) mask |= 1ull << letters[j];
            }
        }
        w->mask[pos] = mask;
    }
}

static void NAMED(search_line)(search *w, int start_line, int start_pos) {
    int size = w->size, flag = w->flag, line = w->line;
    uint8_t anchors[WL_MAX_LINE], is_anchor[WL_MAX_LINE];
    int nanchors = 0;
    memset(is_anchor, 0, sizeof is_anchor);
    for (int pos = 0; pos < size; pos++) {
        w->row[pos] = at(w, flag, line, pos);
        w->row_worth[pos] = worth_at(w, flag, line, pos);
        int cell = flag == 0 ? line * size + pos : pos * size + line;
        w->lm[pos] = w->lm_all[cell];
        w->wm[pos] = w->wm_all[cell];
    }
    if (w->empty_board) {
        if (line == start_line) anchors[nanchors++] = (uint8_t)start_pos;
    } else {
        for (int pos = 0; pos < size; pos++) {
            if (w->row[pos] != WL_EMPTY) continue;
            if ((pos > 0 && w->row[pos - 1] != WL_EMPTY) || (pos + 1 < size && w->row[pos + 1] != WL_EMPTY) ||
                (line > 0 && at(w, flag, line - 1, pos) != WL_EMPTY) ||
                (line + 1 < size && at(w, flag, line + 1, pos) != WL_EMPTY))
                anchors[nanchors++] = (uint8_t)pos;
        }
    }
    if (!nanchors) return;
    for (int k = 0; k < nanchors; k++) is_anchor[anchors[k]] = 1;
    NAMED(cross_sets)(w);
    for (int k = 0; k < nanchors && !w->out->failed; k++) {
        int anchor = anchors[k];
        uint64_t allowed = w->mask[anchor];
        int rack_fits = 0;
        for (int slot = 0; slot < w->nrack && !rack_fits; slot++) rack_fits = (int)(allowed >> w->rack_letter[slot] & 1);
        if (!rack_fits && !(w->blanks && allowed)) continue; /* nothing on the rack fits the anchor square */
        if (anchor > 0 && w->row[anchor - 1] != WL_EMPTY) { /* the tiles to the left are the left part */
            int start = anchor - 1;
            while (start > 0 && w->row[start - 1] != WL_EMPTY) start--;
            int64_t node = NAMED(find)(w, WL_ROOT, flag == 0 ? 1 : 0, line, start, anchor);
            if (node >= 0) {
                int64_t main = 0;
                for (int pos = start; pos < anchor; pos++) main += w->row_worth[pos];
                w->word_start = start;
                w->ntiles = 0;
                for (int pos = start; pos < anchor; pos++) {
                    w->word_letter[w->ntiles] = w->row[pos];
                    w->word_kind[w->ntiles++] = WL_ON_BOARD;
                }
                NAMED(extend)(w, anchor, (uint32_t)node, main, 1, 0, 0);
                w->ntiles = 0;
            }
            continue;
        }
        int room = 0;
        while (anchor - room > 0 && w->row[anchor - room - 1] == WL_EMPTY && !is_anchor[anchor - room - 1]) room++;
        if (room > w->rack_tiles - 1) room = w->rack_tiles - 1;
        w->ntiles = 0;
        NAMED(left)(w, WL_ROOT, anchor, room);
    }
}

#undef ENTER
