/* grammar.c: Inform verbs, English verb words, grammar lines and Extend.
 *
 * Takes Verb/Extend directives and their lines; keeps each line once (an
 * `Extend only` verb shares its lines with the old one) with its tokens
 * already numbered; gramwrite.c writes the tables. */
#include "grammar_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { MAX_VERBS = 255, MAX_LINES = 255, GV1_TOKENS = 6, GV3_TOKENS = 31,
       MAX_ADJECTIVES = 255 };

static void fail(ZGrammar *g, bool warning, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(ZGrammar *g, bool warning, const char *fmt, ...)
{
    if (g->err[0] && !g->err_warning && warning) return;  /* keep the error */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
    g->err_warning = warning;
}

ZGrammar *zg_new(int grammar_version, ZDict *dict, ZActions *actions)
{
    ZGrammar *g = xcalloc(1, sizeof *g);
    g->gv = grammar_version;
    g->dict = dict;
    g->actions = actions;
    g->cur_verb = -1;
    return g;
}

void zg_free(ZGrammar *g)
{
    if (!g) return;
    for (int i = 0; i < g->nverbs; i++) free(g->verbs[i].lines);
    for (int i = 0; i < g->nlines; i++) free(g->lines[i].tokens);
    free(g->verbs);
    free(g->lines);
    free(g->words);
    free(g->adjectives);
    free(g->routines);
    free(g);
}

int zg_verb_count(const ZGrammar *g) { return g->nverbs; }
int zg_version(const ZGrammar *g) { return g->gv; }
const char *zg_error(const ZGrammar *g) { return g->err[0] ? g->err : NULL; }
bool zg_error_is_warning(const ZGrammar *g) { return g->err_warning; }

static ZGWordVerb *find_word(const ZGrammar *g, int word)
{
    for (int i = 0; i < g->nwords; i++)
        if (g->words[i].word == word) return &g->words[i];
    return NULL;
}

int zg_verb_of_word(const ZGrammar *g, int word)
{
    const ZGWordVerb *w = find_word(g, word);
    return w ? w->verb : -1;
}

bool zg_verb_used(const ZGrammar *g, int verb)
{
    for (int i = 0; i < g->nwords; i++)
        if (g->words[i].verb == verb) return true;
    return false;
}

/* Points a word at a verb: #dict_par2 = 255 - verb. */
static void set_word_verb(ZGrammar *g, int word, int verb)
{
    ZGWordVerb *w = find_word(g, word);
    if (!w) {
        if (g->nwords == g->words_cap) {
            g->words_cap = g->words_cap ? 2 * g->words_cap : 64;
            g->words = xrealloc(g->words,
                                (size_t)g->words_cap * sizeof *g->words);
        }
        w = &g->words[g->nwords++];
        w->word = word;
    }
    w->verb = verb;
    zd_set_par(g->dict, word, 2, (unsigned)(0xFF - verb));
}

/* The bits every verb word gets; bit 6 too unless $DICT_TRUNCATE_FLAG
 * gave it its own meaning. */
static void mark_verb_word(ZGrammar *g, int word, bool meta)
{
    unsigned bits = ZD_VERB | (meta ? ZD_META : 0);
    if (!zd_options(g->dict)->truncate_flag) bits |= ZD_TRUNC;
    zd_or_par(g->dict, word, 1, bits);
}

static int new_verb(ZGrammar *g, bool meta)
{
    if (g->nverbs >= MAX_VERBS) {
        fail(g, false, "Z-code is limited to %d verbs", MAX_VERBS);
        return -1;
    }
    if (g->nverbs == g->verbs_cap) {
        g->verbs_cap = g->verbs_cap ? 2 * g->verbs_cap : 32;
        g->verbs = xrealloc(g->verbs, (size_t)g->verbs_cap * sizeof *g->verbs);
    }
    g->verbs[g->nverbs] = (ZGVerb){ .meta = meta };
    return g->nverbs++;
}

/* Points the words of a Verb directive at verb v; a word that already
 * has a verb keeps it (an error, as in inform6). */
static void take_words(ZGrammar *g, const int *words, int n, int v)
{
    for (int i = 0; i < n; i++) {
        if (find_word(g, words[i])) {
            fail(g, false, "two different verb definitions refer to the "
                 "same word");
            continue;
        }
        set_word_verb(g, words[i], v);
    }
}

int zg_verb(ZGrammar *g, const int *words, int n, bool meta)
{
    g->err[0] = 0;
    for (int i = 0; i < n; i++) mark_verb_word(g, words[i], meta);
    int v = new_verb(g, meta);
    if (v >= 0) take_words(g, words, n, v);
    return v;
}

bool zg_verb_alias(ZGrammar *g, const int *words, int n, bool meta,
                   int existing)
{
    g->err[0] = 0;
    for (int i = 0; i < n; i++) mark_verb_word(g, words[i], meta);
    int v = zg_verb_of_word(g, existing);
    if (v < 0) {
        fail(g, false, "there is no previous grammar for the verb");
        return false;
    }
    take_words(g, words, n, v);
    return !g->err[0];
}

int zg_extend_only(ZGrammar *g, const int *words, int n)
{
    g->err[0] = 0;
    int old = -1;
    for (int i = 0; i < n; i++) {
        int v = zg_verb_of_word(g, words[i]);
        if (v < 0) {
            fail(g, false, "there is no previous grammar for the verb");
            return -1;
        }
        if (old >= 0 && v != old)
            fail(g, true, "verb disagrees with previous verbs");
        old = v;
    }
    if (old < 0) return -1;
    int nv = new_verb(g, false);
    if (nv < 0) return -1;
    for (int i = 0; i < n; i++) set_word_verb(g, words[i], nv);
    ZGVerb *src = &g->verbs[old], *dst = &g->verbs[nv];
    dst->nlines = dst->lines_cap = src->nlines;
    dst->lines = xmalloc((size_t)(src->nlines ? src->nlines : 1) *
                         sizeof *dst->lines);
    if (src->nlines)
        memcpy(dst->lines, src->lines,
               (size_t)src->nlines * sizeof *src->lines);
    return nv;
}

void zg_begin_lines(ZGrammar *g, int verb, ZGMode mode)
{
    if (verb < 0 || verb >= g->nverbs) verb = -1;
    g->cur_verb = verb;
    g->cur_mode = mode;
    g->cur_allmeta = mode == ZG_NEW && verb >= 0 && g->verbs[verb].meta;
    g->cur_first_at = 0;
    if (verb >= 0 && mode == ZG_REPLACE) g->verbs[verb].nlines = 0;
}

void zg_end_lines(ZGrammar *g) { g->cur_verb = -1; }

/* GV1 preposition number (255 down, in order of first use); the word
 * gets the preposition bit and the number in #dict_par3. */
static int adjective_v1(ZGrammar *g, int word)
{
    for (int i = 0; i < g->nadjectives; i++)
        if (g->adjectives[i] == word) return 0xFF - i;
    if (g->nadjectives >= MAX_ADJECTIVES) {
        fail(g, false, "grammar version 1 cannot support more than %d "
             "prepositions", MAX_ADJECTIVES);
        return 0;
    }
    if (zd_options(g->dict)->less_data) {
        fail(g, false, "grammar version 1 cannot be used with "
             "$ZCODE_LESS_DICT_DATA");
        return 0;
    }
    zd_or_par(g->dict, word, 1, ZD_PREP);
    zd_or_par(g->dict, word, 3, (unsigned)(0xFF - g->nadjectives));
    return 0xFF - zg_push_int(&g->adjectives, &g->nadjectives,
                           &g->adjectives_cap, word);
}

/* GV3 preposition index (0 up); GV2 needs only the bit. */
static int adjective_v3(ZGrammar *g, int word)
{
    zd_or_par(g->dict, word, 1, ZD_PREP);
    for (int i = 0; i < g->nadjectives; i++)
        if (g->adjectives[i] == word) return i;
    if (g->nadjectives >= MAX_ADJECTIVES) {
        fail(g, false, "grammar version 3 cannot support more than %d "
             "prepositions", MAX_ADJECTIVES);
        return 0;
    }
    return zg_push_int(&g->adjectives, &g->nadjectives, &g->adjectives_cap,
                    word);
}

/* Index of a routine in the parsing-routine table (GV1, GV3). */
static int parsing_routine(ZGrammar *g, uint32_t routine)
{
    for (int i = 0; i < g->nroutines; i++)
        if ((uint32_t)g->routines[i] == routine) return i;
    return zg_push_int(&g->routines, &g->nroutines, &g->routines_cap,
                    (int)routine);
}

int zg_push_int(int **items, int *n, int *cap, int value)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 32;
        *items = xrealloc(*items, (size_t)*cap * sizeof **items);
    }
    (*items)[*n] = value;
    return (*n)++;
}

/* A token as grammar version 1 stores it: one byte. */
static ZGTok token_v1(ZGrammar *g, const ZGToken *t)
{
    ZGTok k = { .kind = t->kind, .data = t->data };
    switch ((ZGTokenKind)t->kind) {
    case ZGT_ELEMENTARY:
        if (t->data == ZGE_TOPIC)
            fail(g, false, "the 'topic' token is only available if you are "
                 "using grammar version 2 or later");
        k.code = (uint8_t)t->data;
        break;
    case ZGT_PREP:
        k.code = (uint8_t)adjective_v1(g, (int)t->data);
        break;
    case ZGT_NOUN_ROUTINE:
        k.code = (uint8_t)(16 + parsing_routine(g, t->data));
        break;
    case ZGT_ATTR:
        k.code = (uint8_t)(128 + t->data);
        break;
    case ZGT_SCOPE_ROUTINE:
        k.code = (uint8_t)(80 + parsing_routine(g, t->data));
        break;
    case ZGT_ROUTINE:
        k.code = (uint8_t)(48 + parsing_routine(g, t->data));
        break;
    }
    return k;
}

/* A token as grammar versions 2 and 3 store it: a type byte (kind, what
 * the data is) and the data (GV3: prepositions and routines by index). */
static ZGTok token_v23(ZGrammar *g, const ZGToken *t)
{
    static const uint8_t type[7] = { 0, 0x01, 0x42, 0x83, 0x04, 0x85, 0x86 };
    ZGTok k = { .kind = t->kind, .code = type[t->kind], .data = t->data };
    bool routine = t->kind == ZGT_NOUN_ROUTINE || t->kind == ZGT_SCOPE_ROUTINE
                   || t->kind == ZGT_ROUTINE;
    if (t->kind == ZGT_PREP) {
        if (g->gv == 3) k.data = (uint32_t)adjective_v3(g, (int)t->data);
        else zd_or_par(g->dict, (int)t->data, 1, ZD_PREP);
    } else if (routine && g->gv == 3) {
        k.data = (uint32_t)parsing_routine(g, t->data);
    }
    return k;
}

static bool valid_kind(const ZGToken *t)
{
    return t->kind >= ZGT_ELEMENTARY && t->kind <= ZGT_ROUTINE;
}

/* Reads the tokens into `out` in stored form, applying '/'; returns how
 * many are kept. */
static int read_tokens(ZGrammar *g, const ZGLine *line, ZGTok *out)
{
    int max = g->gv == 1 ? GV1_TOKENS : g->gv == 3 ? GV3_TOKENS : 1 << 30;
    int kept = 0;
    bool after_slash = false;
    for (int i = 0; i < line->ntokens; i++) {
        const ZGToken *t = &line->tokens[i];
        if (!valid_kind(t)) {
            fail(g, false, "no such grammar token");
            continue;
        }
        ZGTok k = g->gv == 1 ? token_v1(g, t) : token_v23(g, t);
        bool slash = after_slash || t->slash_after;
        if (slash && (g->gv == 1 || t->kind != ZGT_PREP))
            fail(g, false, g->gv == 1 ? "'/' can only be used with grammar "
                 "version 2 or later" : "'/' can only be applied to "
                 "prepositions");
        if (g->gv != 1 && t->kind == ZGT_PREP) {
            if (t->slash_after) k.code |= 0x20;
            if (after_slash) k.code |= 0x10;
        }
        after_slash = t->slash_after;
        if (kept == max) {
            fail(g, true, "grammar line cut short: you can only have up to "
                 "%d tokens in any line (for grammar version %d)", max, g->gv);
            continue;
        }
        out[kept++] = k;
    }
    return kept;
}

/* Puts line index `li` into the current verb at the place the mode says. */
static void place_line(ZGrammar *g, int li)
{
    ZGVerb *v = &g->verbs[g->cur_verb];
    int at = g->cur_mode == ZG_FIRST ? g->cur_first_at++ : v->nlines;
    zg_push_int(&v->lines, &v->nlines, &v->lines_cap, li);
    memmove(&v->lines[at + 1], &v->lines[at],
            (size_t)(v->nlines - 1 - at) * sizeof *v->lines);
    v->lines[at] = li;
}

bool zg_line(ZGrammar *g, const ZGLine *line)
{
    g->err[0] = 0;
    if (g->cur_verb < 0 || g->cur_verb >= g->nverbs) {
        fail(g, false, "a grammar line outside Verb or Extend");
        return false;
    }
    if (g->verbs[g->cur_verb].nlines >= MAX_LINES) {
        fail(g, false, "a verb can have at most %d grammar lines (its "
             "line table counts them in one byte)", MAX_LINES);
        return false;
    }
    ZGTok *toks = xmalloc((size_t)(line->ntokens ? line->ntokens : 1) *
                          sizeof *toks);
    int n = read_tokens(g, line, toks);
    if (line->reverse && g->gv == 1)
        fail(g, false, "'reverse' actions can only be used with grammar "
             "version 2 or later");
    if (line->meta || g->cur_allmeta) za_set_meta(g->actions, line->action);
    if (g->nlines == g->lines_cap) {
        g->lines_cap = g->lines_cap ? 2 * g->lines_cap : 64;
        g->lines = xrealloc(g->lines, (size_t)g->lines_cap * sizeof *g->lines);
    }
    g->lines[g->nlines] = (ZGStoredLine){ .tokens = toks, .ntokens = n,
        .action = line->action, .reverse = line->reverse && g->gv != 1 };
    place_line(g, g->nlines++);
    return !g->err[0];
}
