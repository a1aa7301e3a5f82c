/* grammar.c: the program's grammar lines in the token format of grammar
 * version 1, 2 or 3, and the dictionary bits grammar gives its words.
 *
 * Takes a finished ProgGrammar; encodes every line it read, in reading
 * order (numbering prepositions and parsing routines as inform6 does),
 * and checks what the Z-machine's tables can hold: 255 lines a verb, 6
 * (GV1) or 31 (GV3) tokens a line, 255 prepositions.
 * gramwrite.c writes the tables. */
#include "grammar_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LINES = 255, GV1_TOKENS = 6, GV3_TOKENS = 31,
       MAX_ADJECTIVES = 255 };

static void fail(ZGrammar *g, bool warning, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Keeps one complaint a line: an error is not replaced by a warning. */
static void fail(ZGrammar *g, bool warning, const char *fmt, ...)
{
    if (g->err[0] && !g->err_warning && warning) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
    g->err_warning = warning;
}

int zg_verb_count(const ZGrammar *g) { return g->pg->nverbs; }
int zg_version(const ZGrammar *g) { return g->gv; }

int zg_push_int(int **items, int *n, int *cap, int value)
{
    VEC_PUSH(NULL, *items, *n, *cap, value);
    return *n - 1;
}

/* GV1 preposition number (255 down, in order of first use); the word
 * gets the number in #dict_par3. */
static int adjective_v1(ZGrammar *g, int word)
{
    for (int i = 0; i < g->nadjectives; i++)
        if (g->adjectives[i] == word) return 0xFF - i;
    if (g->nadjectives >= MAX_ADJECTIVES) {
        fail(g, false, "Grammar version 1 cannot support more than %d "
             "prepositions", MAX_ADJECTIVES);
        return 0;
    }
    if (zd_options(g->dict)->less_data) {
        fail(g, false, "grammar version 1 cannot be used with "
             "$ZCODE_LESS_DICT_DATA");
        return 0;
    }
    zd_or_par(g->dict, word, 3, (unsigned)(0xFF - g->nadjectives));
    return 0xFF - zg_push_int(&g->adjectives, &g->nadjectives,
                              &g->adjectives_cap, word);
}

/* GV3 preposition index (0 up). */
static int adjective_v3(ZGrammar *g, int word)
{
    for (int i = 0; i < g->nadjectives; i++)
        if (g->adjectives[i] == word) return i;
    if (g->nadjectives >= MAX_ADJECTIVES) {
        fail(g, false, "Grammar version 3 cannot support more than %d "
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

static bool is_routine(uint8_t kind)
{
    return kind == PGT_NOUN_ROUTINE || kind == PGT_SCOPE_ROUTINE ||
           kind == PGT_ROUTINE;
}

/* What a token's data is before numbering: dictionary id, routine id,
 * attribute or elementary token number. */
static uint32_t token_data(const ZGrammar *g, const PgToken *t)
{
    if (t->kind == PGT_PREP)
        return t->word >= 0 && t->word < g->pg->nwords
            ? (uint32_t)g->dict_ids[t->word] : 0;
    if (t->kind == PGT_ATTRIBUTE) return (uint32_t)t->value.num;
    if (is_routine(t->kind)) return t->value.target;
    return t->kind;
}

/* A token as grammar version 1 stores it: one byte. */
static ZGTok token_v1(ZGrammar *g, const PgToken *t)
{
    ZGTok k = { .kind = t->kind, .data = token_data(g, t) };
    switch ((PgTokenKind)t->kind) {
    case PGT_PREP: k.code = (uint8_t)adjective_v1(g, (int)k.data); break;
    case PGT_NOUN_ROUTINE: k.code = (uint8_t)(16 + parsing_routine(g, k.data)); break;
    case PGT_ATTRIBUTE: k.code = (uint8_t)(128 + k.data); break;
    case PGT_SCOPE_ROUTINE: k.code = (uint8_t)(80 + parsing_routine(g, k.data)); break;
    case PGT_ROUTINE: k.code = (uint8_t)(48 + parsing_routine(g, k.data)); break;
    default:
        if (t->kind == PGT_TOPIC)
            fail(g, false, "the 'topic' token is only available if you are "
                 "using grammar version 2 or later");
        k.code = t->kind;
        break;
    }
    return k;
}

/* A token as grammar versions 2 and 3 store it: a type byte (kind, what
 * the data is) and the data (GV3: prepositions and routines by index). */
static ZGTok token_v23(ZGrammar *g, const PgToken *t)
{
    ZGTok k = { .kind = t->kind, .data = token_data(g, t) };
    switch ((PgTokenKind)t->kind) {
    case PGT_PREP: k.code = 0x42; break;
    case PGT_NOUN_ROUTINE: k.code = 0x83; break;
    case PGT_ATTRIBUTE: k.code = 0x04; break;
    case PGT_SCOPE_ROUTINE: k.code = 0x85; break;
    case PGT_ROUTINE: k.code = 0x86; break;
    default: k.code = 0x01; break;
    }
    if (g->gv != 3) return k;
    if (t->kind == PGT_PREP) k.data = (uint32_t)adjective_v3(g, (int)k.data);
    else if (is_routine(t->kind)) k.data = (uint32_t)parsing_routine(g, k.data);
    return k;
}

/* Reads the tokens into `out` in stored form, applying '/'; returns how
 * many are kept. */
static int read_tokens(ZGrammar *g, const PgLine *line, ZGTok *out)
{
    int max = g->gv == 1 ? GV1_TOKENS : g->gv == 3 ? GV3_TOKENS : 1 << 30;
    int kept = 0;
    bool after_slash = false;
    for (int i = 0; i < line->ntokens; i++) {
        const PgToken *t = &line->tokens[i];
        if (t->kind > PGT_ROUTINE) {
            fail(g, false, "no such grammar token");
            continue;
        }
        ZGTok k = g->gv == 1 ? token_v1(g, t) : token_v23(g, t);
        bool slash = after_slash || t->slash_after;
        if (slash && (g->gv == 1 || t->kind != PGT_PREP))
            fail(g, false, g->gv == 1 ? "'/' can only be used with grammar "
                 "version 2 or later" : "'/' can only be applied to "
                 "prepositions");
        if (g->gv != 1 && t->kind == PGT_PREP) {
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

static void encode_line(ZGrammar *g, int i, ZGReport *report, void *ctx)
{
    const PgLine *line = &g->pg->lines[i];
    g->err[0] = 0;
    ZGTok *toks = xmalloc((size_t)(line->ntokens + 1) * sizeof *toks);
    int n = read_tokens(g, line, toks);
    if (line->reverse && g->gv == 1)
        fail(g, false, "'reverse' actions can only be used with grammar "
             "version 2 or later");
    g->lines[i] = (ZGStoredLine){ .tokens = toks, .ntokens = n,
        .action = line->action, .reverse = line->reverse && g->gv != 1 };
    if (g->err[0] && report) report(ctx, &line->loc, g->err, g->err_warning);
}

/* The bits every verb word gets (bit 6 too unless $DICT_TRUNCATE_FLAG
 * gave it its own meaning), the preposition bit, and each verb word's
 * verb number in #dict_par2. */
static void word_bits(ZGrammar *g)
{
    const ProgGrammar *pg = g->pg;
    unsigned trunc = zd_options(g->dict)->truncate_flag ? 0 : ZD_TRUNC;
    for (int w = 0; w < pg->nwords; w++) {
        unsigned b = pg->words[w].bits, par1 = 0;
        if (b & PGW_VERB) par1 |= ZD_VERB | trunc;
        if (b & PGW_META) par1 |= ZD_META;
        if (b & PGW_PREP) par1 |= ZD_PREP;
        if (par1) zd_or_par(g->dict, g->dict_ids[w], 1, par1);
    }
    for (int i = 0; i < pg->nverb_words; i++)
        zd_set_par(g->dict, g->dict_ids[pg->verb_words[i].word], 2,
                   (unsigned)(0xFF - pg->verb_words[i].verb));
}

/* A verb's line count is one byte (the verb count is the target's
 * limit: progg_build checked it).  inform6 6.45 writes the count's low
 * byte and says nothing; a warning here says what the story will hold. */
static void check_counts(const ProgGrammar *pg, ZGReport *report, void *ctx)
{
    char msg[240];
    for (int v = 0; v < pg->nverbs; v++) {
        int n = pg->verbs[v].nlines;
        if (n <= MAX_LINES) continue;
        snprintf(msg, sizeof msg, "this verb has %d grammar lines, but its "
                 "line table counts them in one byte: the parser sees %d",
                 n, n & 0xFF);
        report(ctx, &pg->lines[pg->verbs[v].lines[MAX_LINES]].loc, msg, true);
    }
}

ZGrammar *zg_new(const ProgGrammar *pg, const ZActions *acts, ZDict *dict,
                 const int *dict_ids, ZGReport *report, void *ctx)
{
    ZGrammar *g = xcalloc(1, sizeof *g);
    g->gv = pg->version;
    g->pg = pg;
    g->acts = acts;
    g->dict = dict;
    int *ids = xmalloc(((size_t)pg->nwords + 1) * sizeof *ids);
    if (pg->nwords) memcpy(ids, dict_ids, (size_t)pg->nwords * sizeof *ids);
    g->dict_ids = ids;
    g->lines = xcalloc((size_t)pg->nlines + 1, sizeof *g->lines);
    if (report) check_counts(pg, report, ctx);
    word_bits(g);
    for (int i = 0; i < pg->nlines; i++) encode_line(g, i, report, ctx);
    return g;
}

void zg_free(ZGrammar *g)
{
    if (!g) return;
    for (int i = 0; i < g->pg->nlines; i++) free(g->lines[i].tokens);
    free(g->lines);
    free(g->dict_ids);
    free(g->adjectives);
    free(g->routines);
    free(g);
}
