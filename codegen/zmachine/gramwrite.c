/* gramwrite.c: the grammar tables as they go into the story: grammar
 * table and line tables in the format of grammar version 1, 2 or 3, the
 * actions table, the parsing-routine table and the adjectives table.
 *
 * Takes the ZGrammar (the ProgGrammar's verbs, the encoded lines) and the
 * actions as the story numbers them; gives ZBlocks with ZR_SYSCONST
 * (grammar table), ZR_DICT and ZR_ROUTINE relocations. */
#include "grammar_int.h"
#include "sysconst.h"

#include <string.h>

enum { ENDIT = 15 };

/* GV1: parameter count, six token bytes, the action's low byte.  Tokens
 * from 180 up are prepositions and do not count (inform6's rule). */
static void line_v1(ZBlock *k, const ZGrammar *g, const ZGStoredLine *l)
{
    uint8_t b[8] = { 0 };
    for (int i = 0; i < l->ntokens && i < 6; i++) {
        b[1 + i] = l->tokens[i].code;
        if (l->tokens[i].code < 180) b[0]++;
    }
    b[7] = (uint8_t)za_final(g->acts, l->action);
    zb_append(&k->b, b, 8);
}

/* The action word of GV2/GV3: action, reverse bit (and GV3's count). */
static unsigned action_word(const ZGrammar *g, const ZGStoredLine *l)
{
    unsigned w = (unsigned)za_final(g->acts, l->action) & 0x3FF;
    if (l->reverse) w |= 0x400;
    if (g->gv == 3) w |= (unsigned)l->ntokens << 11;
    return w;
}

static void line_v2(ZBlock *k, const ZGrammar *g, const ZGStoredLine *l)
{
    zb_put16(&k->b, action_word(g, l));
    for (int i = 0; i < l->ntokens; i++) {
        const ZGTok *t = &l->tokens[i];
        zb_put8(&k->b, t->code);
        if (t->kind == PGT_PREP) zblk_reloc(k, ZR_DICT, t->data, 0);
        else if ((t->code & 0xC0) == 0x80)
            zblk_reloc(k, ZR_ROUTINE, t->data, 0);
        else zb_put16(&k->b, t->data);
    }
    zb_put8(&k->b, ENDIT);
}

static void line_v3(ZBlock *k, const ZGrammar *g, const ZGStoredLine *l)
{
    zb_put16(&k->b, action_word(g, l));
    for (int i = 0; i < l->ntokens; i++) {
        zb_put8(&k->b, l->tokens[i].code);
        zb_put8(&k->b, l->tokens[i].data);
    }
}

static void write_grammar(const ZGrammar *g, ZBlock *k)
{
    const ProgGrammar *pg = g->pg;
    if (pg->nverbs) zb_zeros(&k->b, 2 * (size_t)pg->nverbs);
    for (int v = 0; v < pg->nverbs; v++) {
        zblk_reloc_at(k, 2 * (size_t)v, ZR_SYSCONST, ZSC_grammar_table,
                      (int32_t)k->b.len);
        const PgVerb *verb = &pg->verbs[v];
        if (!progg_verb_used(pg, v)) {
            zb_put8(&k->b, 0);
            continue;
        }
        zb_put8(&k->b, (unsigned)verb->nlines);
        for (int i = 0; i < verb->nlines; i++) {
            const ZGStoredLine *l = &g->lines[verb->lines[i]];
            if (g->gv == 1) line_v1(k, g, l);
            else if (g->gv == 2) line_v2(k, g, l);
            else line_v3(k, g, l);
        }
    }
}

/* GV1: count, then lowest-numbered preposition first: dictionary
 * address, 0, number.  GV3: count, then addresses by index.  GV2: 0. */
static void write_adjectives(const ZGrammar *g, ZBlock *k)
{
    int n = g->gv == 2 ? 0 : g->nadjectives;
    zb_put16(&k->b, (unsigned)n);
    for (int i = 0; i < n; i++) {
        int ix = g->gv == 1 ? n - 1 - i : i;
        zblk_reloc(k, ZR_DICT, (uint32_t)g->adjectives[ix], 0);
        if (g->gv != 1) continue;
        zb_put8(&k->b, 0);
        zb_put8(&k->b, (unsigned)(256 - n + i));
    }
}

void zg_write(const ZGrammar *g, ZGrammarTables *out)
{
    memset(out, 0, sizeof *out);
    write_grammar(g, &out->grammar);
    za_write(g->acts, &out->actions);
    if (g->gv != 2)
        for (int i = 0; i < g->nroutines; i++)
            zblk_reloc(&out->preactions, ZR_ROUTINE,
                       (uint32_t)g->routines[i], 0);
    write_adjectives(g, &out->adjectives);
}

void zg_tables_free(ZGrammarTables *t)
{
    zblk_free(&t->grammar);
    zblk_free(&t->actions);
    zblk_free(&t->preactions);
    zblk_free(&t->adjectives);
}
