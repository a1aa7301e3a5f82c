/* ggrammar.c: the program's grammar and actions as Glulx tables.
 *
 * Takes the ProgGrammar (program_grammar.h: verbs, lines, tokens, actions
 * numbered once); gives
 *   - its words in the dictionary with their bits (verb, meta,
 *     preposition; bit 6 on verb words unless $DICT_TRUNCATE_FLAG gives
 *     it its own meaning) and each verb word's number in #dict_par2
 *     ($FFFF less the verb number);
 *   - GA_GRAMMAR: the verb count, one line-table address per verb, and
 *     the line tables, in grammar version 2 (the only one Glulx has: the
 *     front end refuses the others): a line count byte;
 *     each line a short action (its ##value), a flags byte (1: reverse),
 *     five bytes per token (type byte as on the Z-machine, a word of
 *     data: dictionary entry, routine address, attribute or token
 *     number) and 15; an unused verb's table is one 0 byte;
 *   - GA_ACTIONS: the action count, then each action's routine, in
 *     ##value order. */
#include "../../compiler/diag.h"
#include "glink.h"

#include <stdlib.h>

enum { ENDIT = 15, MAX_LINES = 255 };
enum { GD_VERB = 0x01, GD_META = 0x02, GD_PREP = 0x08, GD_TRUNC = 0x40 };

void gl_grammar_words(GLink *k)
{
    const ProgGrammar *g = k->prog->grammar;
    const Options *o = k->c->opts;
    uint32_t trunc = opt_setting_value(o, "DICT_TRUNCATE_FLAG") ? 0 : GD_TRUNC;
    k->dict_of_grammar = xmalloc(((size_t)g->nwords + 1) * sizeof(int));
    for (int w = 0; w < g->nwords; w++) {
        const PgWord *pw = &g->words[w];
        uint32_t par1 = 0;
        if (pw->bits & PGW_VERB) par1 |= GD_VERB | trunc;
        if (pw->bits & PGW_META) par1 |= GD_META;
        if (pw->bits & PGW_PREP) par1 |= GD_PREP;
        gl_dict_check(k, pw->units, pw->len, &pw->loc);
        k->dict_of_grammar[w] = gd_add(&k->dict, pw->units, pw->len, par1,
                                       pw->flags_set, pw->flags_clear, o);
    }
    for (int i = 0; i < g->nverb_words; i++) {
        int id = k->dict_of_grammar[g->verb_words[i].word];
        k->dict.e[id].par2 = 0xFFFFu - (uint32_t)g->verb_words[i].verb;
    }
}

static uint8_t token_type(const PgToken *t)
{
    switch ((PgTokenKind)t->kind) {
    case PGT_PREP: return 0x42;
    case PGT_NOUN_ROUTINE: return 0x83;
    case PGT_ATTRIBUTE: return 0x04;
    case PGT_SCOPE_ROUTINE: return 0x85;
    case PGT_ROUTINE: return 0x86;
    default: return 0x01;
    }
}

static void token(GLink *k, GBlock *b, const PgToken *t, bool after_slash)
{
    uint8_t type = token_type(t);
    if (t->kind == PGT_PREP) {
        if (t->slash_after) type |= 0x20;
        if (after_slash) type |= 0x10;
    }
    gk_put8(b, type);
    if (t->kind == PGT_PREP)
        gk_ref(b, GL_DICTENT, 4, (uint32_t)k->dict_of_grammar[t->word], 0);
    else if (t->kind == PGT_NOUN_ROUTINE || t->kind == PGT_SCOPE_ROUTINE ||
             t->kind == PGT_ROUTINE)
        gl_value(k, b, t->value, 4, NULL);
    else if (t->kind == PGT_ATTRIBUTE)
        gk_put32(b, (uint32_t)t->value.num);
    else
        gk_put32(b, t->kind);
}

static void line(GLink *k, GBlock *b, const PgLine *l)
{
    const ProgGrammar *g = k->prog->grammar;
    gk_put16(b, (uint32_t)progg_action_value(g, (uint32_t)l->action));
    gk_put8(b, l->reverse ? 1 : 0);
    bool after_slash = false;
    for (int i = 0; i < l->ntokens; i++) {
        const PgToken *t = &l->tokens[i];
        if (t->kind > PGT_ROUTINE) continue;
        if ((after_slash || t->slash_after) && t->kind != PGT_PREP)
            gl_report(k, &l->loc, "'/' can only be applied to prepositions");
        token(k, b, t, after_slash);
        after_slash = t->slash_after;
    }
    gk_put8(b, ENDIT);
}

void gl_grammar(GLink *k)
{
    const ProgGrammar *g = k->prog->grammar;
    GBlock *b = &k->area[GA_GRAMMAR];
    gk_put32(b, (uint32_t)g->nverbs);
    gk_zeros(b, 4 * (size_t)g->nverbs);
    for (int v = 0; v < g->nverbs; v++) {
        gk_ref_at(b, 4 + 4 * (size_t)v, GL_AREA, 4, GA_GRAMMAR,
                  (int32_t)b->len);
        const PgVerb *verb = &g->verbs[v];
        if (!progg_verb_used(g, v)) {
            gk_put8(b, 0);
            continue;
        }
        /* (inform6 writes the count's low byte without a word: a
         * warning, so that what it compiles compiles) */
        if (verb->nlines > MAX_LINES)
            diag_warning(&g->lines[verb->lines[MAX_LINES]].loc, "this verb "
                         "has %d grammar lines, but its line table counts "
                         "them in one byte: the parser sees %d",
                         verb->nlines, verb->nlines & 0xFF);
        gk_put8(b, (uint32_t)verb->nlines & 0xFF);
        for (int i = 0; i < verb->nlines; i++)
            line(k, b, &g->lines[verb->lines[i]]);
    }
    GBlock *a = &k->area[GA_ACTIONS];
    gk_put32(a, (uint32_t)g->nactions);
    for (int v = 0; v < g->nactions; v++) {
        const PgAction *act = &g->actions[g->by_value ? g->by_value[v] : v];
        if (act->routine.ref == IRR_NONE) gk_put32(a, 0);
        else gl_value(k, a, act->routine, 4, &act->loc);
    }
}
