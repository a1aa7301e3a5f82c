/* program_grammar_dump.c: the ProgGrammar as text (progg_dump), for
 * --dump-program and its golden tests: names, never numbers a reader
 * would have to look up.
 *
 * Takes a finished ProgGrammar; gives lines like
 *
 *     grammar version 2
 *     verb 'take' 'get'
 *       * 'up' multi -> Take
 *     action Take = 0 meta routine TakeSub
 *     fake action Ping = 4096 */
#include "program_grammar.h"

#include "../compiler/text.h"

static void put_word(FILE *out, const PgWord *w)
{
    fputc('\'', out);
    for (int i = 0; i < w->len; i++) {
        uint32_t u = w->units[i];
        if (u & 0x80000000u) fprintf(out, "@@%u", (unsigned)(u & 0xFFFF));
        else if (u == '\'') fputc('^', out);
        else if (u >= 0x20 && u < 0x7F) fputc((int)u, out);
        else fprintf(out, "@{%X}", (unsigned)u);
    }
    if (w->flags_set || w->flags_clear) {
        static const struct { int bit; char c; } f[] = {
            { TEXT_DICT_PLURAL, 'p' }, { TEXT_DICT_SINGULAR, 's' },
            { TEXT_DICT_NOUN, 'n' },
        };
        fputs("//", out);
        for (int i = 0; i < 3; i++) {
            if (w->flags_set & f[i].bit) fputc(f[i].c, out);
            if (w->flags_clear & f[i].bit) fprintf(out, "~%c", f[i].c);
        }
    }
    fputc('\'', out);
}

static void put_token(FILE *out, const ProgGrammar *g, const PgToken *t)
{
    static const char *const elementary[PGT_ELEMENTARY_COUNT] = { "noun",
        "held", "multi", "multiheld", "multiexcept", "multiinside",
        "creature", "special", "number", "topic" };
    const char *name = t->name ? t->name : "?";
    switch ((PgTokenKind)t->kind) {
    case PGT_PREP:
        if (t->word >= 0 && t->word < g->nwords) put_word(out, &g->words[t->word]);
        break;
    case PGT_ATTRIBUTE: fprintf(out, "%s", name); break;
    case PGT_NOUN_ROUTINE: fprintf(out, "noun=%s", name); break;
    case PGT_SCOPE_ROUTINE: fprintf(out, "scope=%s", name); break;
    case PGT_ROUTINE: fprintf(out, "%s", name); break;
    default:
        fputs(t->kind < PGT_ELEMENTARY_COUNT ? elementary[t->kind] : "?", out);
        break;
    }
    if (t->kind == PGT_ATTRIBUTE) fputs(" (attribute)", out);
    else if (t->kind == PGT_ROUTINE) fputs(" (routine)", out);
}

static void put_line(FILE *out, const ProgGrammar *g, const PgLine *l)
{
    fputs("  *", out);
    for (int i = 0; i < l->ntokens; i++) {
        fputc(i && l->tokens[i - 1].slash_after ? '/' : ' ', out);
        put_token(out, g, &l->tokens[i]);
    }
    const char *act = l->action >= 0 && l->action < g->nactions
        ? g->actions[l->action].name : "?";
    fprintf(out, " -> %s%s%s\n", act, l->reverse ? " reverse" : "",
            l->meta ? " meta" : "");
}

static void put_verb(FILE *out, const ProgGrammar *g, int v)
{
    const PgVerb *verb = &g->verbs[v];
    fprintf(out, "verb%s", verb->meta ? " meta" : "");
    bool any = false;
    for (int i = 0; i < g->nverb_words; i++) {
        if (g->verb_words[i].verb != v) continue;
        fputc(' ', out);
        put_word(out, &g->words[g->verb_words[i].word]);
        any = true;
    }
    fputs(any ? "\n" : " (no words lead to it)\n", out);
    for (int i = 0; i < verb->nlines; i++)
        put_line(out, g, &g->lines[verb->lines[i]]);
}

static void put_action(FILE *out, const PgAction *a, bool fake)
{
    fprintf(out, "%saction %s = %d%s", fake ? "fake " : "", a->name, a->value,
            a->meta ? " meta" : "");
    if (!fake && a->routine.ref == IRR_ROUTINE)
        fprintf(out, " routine %sSub", a->name);
    fputc('\n', out);
}

static void put_word_flags(FILE *out, const ProgGrammar *g)
{
    for (int i = 0; i < g->nwords; i++) {
        const PgWord *w = &g->words[i];
        fputs("word ", out);
        put_word(out, w);
        if (w->bits & PGW_VERB) fputs(" verb", out);
        if (w->bits & PGW_META) fputs(" meta", out);
        if (w->bits & PGW_PREP) fputs(" preposition", out);
        fputc('\n', out);
    }
}

void progg_dump(FILE *out, const ProgGrammar *g)
{
    fprintf(out, "grammar version %d%s\n", g->version,
            g->meta_flag ? ", meta actions first" : "");
    for (int v = 0; v < g->nverbs; v++) put_verb(out, g, v);
    for (int n = 0; n < g->nactions; n++)
        put_action(out, &g->actions[g->by_value ? g->by_value[n] : n], false);
    for (int k = 0; k < g->nfakes; k++) put_action(out, &g->fakes[k], true);
    put_word_flags(out, g);
}
