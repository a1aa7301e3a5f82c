/* program_grammar.c: building a ProgGrammar (program_grammar.h): words,
 * actions, verbs, lines and Extend, and the actions' final numbering.
 *
 * Takes the builder calls in source order; gives the ProgGrammar with
 * every line kept once (an `Extend only` verb shares its lines with the
 * old one).  Reports what breaks the language's own rules (a word of two
 * verbs, an Extend of no verb) with diag; the limits of a grammar
 * version's tables are the back end's to check. */
#include "program_grammar.h"

#include <string.h>
#include <strings.h>

#include "../compiler/diag.h"
#include "../compiler/text.h"

ProgGrammar *progg_new(Arena *arena, int grammar_version, bool meta_flag)
{
    ProgGrammar *g = arena_alloc(arena, sizeof *g);
    g->arena = arena;
    g->word_map.arena = arena;
    g->verb_map.arena = arena;
    g->version = grammar_version;
    g->meta_flag = meta_flag;
    g->lowest_fake = grammar_version == 1 ? 256 : 4096;
    g->cur_verb = -1;
    return g;
}

/* ---- words ---- */

static unsigned word_hash(const uint32_t *u, int len, int set, int clear)
{
    unsigned h = 2166136261u ^ (unsigned)(set * 31 + clear);
    for (int i = 0; i < len; i++) h = (h ^ u[i]) * 16777619u;
    return h;
}

static bool same_word(const PgWord *w, const uint32_t *u, int len, int set,
                      int clear)
{
    return w->len == len && w->flags_set == set && w->flags_clear == clear &&
           !memcmp(w->units, u, (size_t)len * sizeof *u);
}

/* The word's key: the target's, else its units lower-cased. */
static void word_key(ProgGrammar *g, PgWord *w)
{
    uint8_t buf[256];
    size_t n = 0;
    if (g->dict_key) {
        n = g->dict_key(g->dict_key_ctx, w->units, w->len, buf, sizeof buf);
    } else {
        for (int i = 0; i < w->len && n + 4 <= sizeof buf; i++, n += 4) {
            uint32_t u = w->units[i];
            if (u >= 'A' && u <= 'Z') u += 'a' - 'A';
            memcpy(buf + n, &u, 4);
        }
    }
    uint8_t *key = arena_alloc(g->arena, n + 1);
    memcpy(key, buf, n);
    w->key = key;
    w->keylen = (int)n;
}

int progg_word(ProgGrammar *g, const uint32_t *units, int len, int flags_set,
               int flags_clear, SrcLoc loc)
{
    uint32_t h = word_hash(units, len, flags_set, flags_clear);
    for (HmProbe p = hm_probe(h); hm_next(&g->word_map, &p);)
        if (same_word(&g->words[p.index], units, len, flags_set, flags_clear))
            return (int)p.index;
    uint32_t *copy = arena_alloc(g->arena, (size_t)(len + 1) * sizeof *copy);
    if (len) memcpy(copy, units, (size_t)len * sizeof *copy);
    PgWord w = { .units = copy, .len = len, .flags_set = flags_set,
                 .flags_clear = flags_clear, .loc = loc };
    word_key(g, &w);
    hm_add(&g->word_map, h, (uint32_t)g->nwords);
    VEC_PUSH(g->arena, g->words, g->nwords, g->words_cap, w);
    return g->nwords - 1;
}

int progg_word_text(ProgGrammar *g, const char *text, SrcLoc loc)
{
    const char *slash = strstr(text, "//");
    int n = slash ? (int)(slash - text) : (int)strlen(text);
    uint32_t *u = arena_alloc(g->arena, (size_t)(n + 1) * sizeof *u);
    for (int i = 0; i < n; i++)
        u[i] = text[i] == '^' ? '\'' : (unsigned char)text[i];
    int set = 0, clear = 0;
    if (slash) text_dict_flags(slash + 2, strlen(slash + 2), loc, &set, &clear);
    return progg_word(g, u, n, set, clear, loc);
}

/* Verb words are the same when the dictionary keeps them as one entry,
 * whatever their case and //flags, as inform6 6.43 finds them. */
static bool same_verb_word(const PgWord *a, const PgWord *b)
{
    return a->keylen == b->keylen && !memcmp(a->key, b->key, (size_t)a->keylen);
}

static uint32_t key_hash(const PgWord *w)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < w->keylen; i++) h = (h ^ w->key[i]) * 16777619u;
    return h ^ h >> 16;
}

static PgVerbWord *find_verb_word(const ProgGrammar *g, int word)
{
    if (word < 0 || word >= g->nwords) return NULL;
    const PgWord *w = &g->words[word];
    for (HmProbe p = hm_probe(key_hash(w)); hm_next(&g->verb_map, &p);)
        if (same_verb_word(&g->words[g->verb_words[p.index].word], w))
            return &g->verb_words[p.index];
    return NULL;
}

int progg_verb_of_word(const ProgGrammar *g, int word)
{
    const PgVerbWord *w = find_verb_word(g, word);
    return w ? w->verb : -1;
}

bool progg_verb_used(const ProgGrammar *g, int verb)
{
    return verb >= 0 && verb < g->nverbs && g->verbs[verb].nwords > 0;
}

/* The word leads to verb now. */
static void set_word_verb(ProgGrammar *g, int word, int verb)
{
    if (word < 0 || word >= g->nwords) return;
    g->verbs[verb].nwords++;
    PgVerbWord *w = find_verb_word(g, word);
    if (w) {
        g->verbs[w->verb].nwords--;
        w->verb = verb;
        return;
    }
    PgVerbWord nw = { word, verb };
    hm_add(&g->verb_map, key_hash(&g->words[word]),
           (uint32_t)g->nverb_words);
    VEC_PUSH(g->arena, g->verb_words, g->nverb_words, g->verb_words_cap, nw);
}

static void mark_verb_word(ProgGrammar *g, int word, bool meta)
{
    if (word >= 0 && word < g->nwords)
        g->words[word].bits |= PGW_VERB | (meta ? PGW_META : 0u);
}

/* ---- actions ---- */

int progg_add_action(ProgGrammar *g, const char *name, struct Symbol *sym,
                     SrcLoc loc)
{
    PgAction a = { .name = arena_strdup(g->arena, name), .sym = sym,
                   .routine = ir_num(0), .value = g->nactions, .loc = loc };
    a.routine.ref = IRR_NONE;
    VEC_PUSH(g->arena, g->actions, g->nactions, g->actions_cap, a);
    return g->nactions - 1;
}

int progg_action(ProgGrammar *g, const char *name, SrcLoc loc)
{
    for (int i = 0; i < g->nactions; i++)
        if (!strcasecmp(g->actions[i].name, name)) return i;
    return progg_add_action(g, name, NULL, loc);
}

int progg_fake_action(ProgGrammar *g, const char *name, struct Symbol *sym,
                      SrcLoc loc)
{
    PgAction a = { .name = arena_strdup(g->arena, name), .sym = sym,
                   .value = g->lowest_fake + g->nfakes, .loc = loc };
    a.routine.ref = IRR_NONE;
    VEC_PUSH(g->arena, g->fakes, g->nfakes, g->fakes_cap, a);
    return g->nfakes - 1;
}

void progg_finish(ProgGrammar *g)
{
    g->by_value = arena_alloc(g->arena, (size_t)(g->nactions + 1) *
                                        sizeof *g->by_value);
    int pos = 0;
    g->nmeta = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < g->nactions; i++) {
            bool first = !g->meta_flag || g->actions[i].meta;
            if (first != (pass == 0)) continue;
            if (pass == 0 && g->meta_flag) g->nmeta++;
            g->actions[i].value = pos;
            g->by_value[pos++] = i;
        }
}

int progg_action_value(const ProgGrammar *g, uint32_t id)
{
    if (id >= IR_FAKE_ACTION_BASE)
        return g->lowest_fake + (int)(id - IR_FAKE_ACTION_BASE);
    return (int)id < g->nactions ? g->actions[id].value : (int)id;
}

const char *progg_action_name(const ProgGrammar *g, uint32_t id)
{
    if (id >= IR_FAKE_ACTION_BASE) {
        uint32_t k = id - IR_FAKE_ACTION_BASE;
        return k < (uint32_t)g->nfakes ? g->fakes[k].name : NULL;
    }
    return id < (uint32_t)g->nactions ? g->actions[id].name : NULL;
}

/* ---- verbs ---- */

static int new_verb(ProgGrammar *g, bool meta, SrcLoc loc)
{
    PgVerb v = { .meta = meta, .loc = loc };
    VEC_PUSH(g->arena, g->verbs, g->nverbs, g->verbs_cap, v);
    return g->nverbs - 1;
}

/* Points the words of a Verb directive at verb v; a word that already
 * has a verb keeps it (an error, as in inform6). */
static bool take_words(ProgGrammar *g, const int *words, int n, int v,
                       SrcLoc loc)
{
    bool ok = true;
    for (int i = 0; i < n; i++) {
        if (find_verb_word(g, words[i])) {
            if (ok)
                diag_error(&loc, "two different verb definitions refer to "
                           "the same word");
            ok = false;
            continue;
        }
        set_word_verb(g, words[i], v);
    }
    return ok;
}

int progg_verb(ProgGrammar *g, const int *words, int n, bool meta, SrcLoc loc)
{
    for (int i = 0; i < n; i++) mark_verb_word(g, words[i], meta);
    int v = new_verb(g, meta, loc);
    take_words(g, words, n, v, loc);
    return v;
}

bool progg_verb_alias(ProgGrammar *g, const int *words, int n, bool meta,
                      int existing, SrcLoc loc)
{
    for (int i = 0; i < n; i++) mark_verb_word(g, words[i], meta);
    int v = progg_verb_of_word(g, existing);
    if (v < 0) {
        diag_error(&loc, "there is no previous grammar for the verb");
        return false;
    }
    return take_words(g, words, n, v, loc);
}

int progg_extend_only(ProgGrammar *g, const int *words, int n, SrcLoc loc)
{
    int old = -1;
    bool disagree = false;
    for (int i = 0; i < n; i++) {
        int v = progg_verb_of_word(g, words[i]);
        if (v < 0) {
            diag_error(&loc, "there is no previous grammar for the verb");
            return -1;
        }
        if (old >= 0 && v != old) disagree = true;
        old = v;
    }
    if (disagree) diag_warning(&loc, "verb disagrees with previous verbs");
    if (old < 0) return -1;
    int nv = new_verb(g, false, loc);
    for (int i = 0; i < n; i++) set_word_verb(g, words[i], nv);
    PgVerb *src = &g->verbs[old], *dst = &g->verbs[nv];
    dst->nlines = dst->lines_cap = src->nlines;
    dst->lines = arena_alloc(g->arena, (size_t)(src->nlines + 1) *
                                       sizeof *dst->lines);
    if (src->nlines)
        memcpy(dst->lines, src->lines, (size_t)src->nlines * sizeof *src->lines);
    return nv;
}

/* ---- lines ---- */

void progg_begin_lines(ProgGrammar *g, int verb, PgMode mode)
{
    if (verb < 0 || verb >= g->nverbs) verb = -1;
    g->cur_verb = verb;
    g->cur_mode = mode;
    g->cur_allmeta = mode == PGM_NEW && verb >= 0 && g->verbs[verb].meta;
    g->cur_first_at = 0;
    if (verb >= 0 && mode == PGM_REPLACE) g->verbs[verb].nlines = 0;
}

void progg_end_lines(ProgGrammar *g) { g->cur_verb = -1; }

/* Puts line `li` into the current verb where the mode says. */
static void place_line(ProgGrammar *g, int li)
{
    PgVerb *v = &g->verbs[g->cur_verb];
    int at = g->cur_mode == PGM_FIRST ? g->cur_first_at++ : v->nlines;
    VEC_PUSH(g->arena, v->lines, v->nlines, v->lines_cap, li);
    memmove(&v->lines[at + 1], &v->lines[at],
            (size_t)(v->nlines - 1 - at) * sizeof *v->lines);
    v->lines[at] = li;
}

void progg_line(ProgGrammar *g, const PgLine *line)
{
    if (g->cur_verb < 0) return;
    PgToken *toks = arena_alloc(g->arena, (size_t)(line->ntokens + 1) *
                                          sizeof *toks);
    for (int i = 0; i < line->ntokens; i++) {
        toks[i] = line->tokens[i];
        if (toks[i].kind == PGT_PREP && toks[i].word >= 0 &&
            toks[i].word < g->nwords)
            g->words[toks[i].word].bits |= PGW_PREP;
    }
    PgLine l = *line;
    l.tokens = toks;
    if (l.action >= 0 && l.action < g->nactions &&
        (l.meta || g->cur_allmeta))
        g->actions[l.action].meta = true;
    VEC_PUSH(g->arena, g->lines, g->nlines, g->lines_cap, l);
    place_line(g, g->nlines - 1);
}
