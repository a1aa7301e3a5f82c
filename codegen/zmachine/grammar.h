/* grammar.h: the program's grammar (codegen/program_grammar.h) encoded
 * in the tables of grammar version 1, 2 or 3 (zmachine-layout.md section
 * 10): the grammar table (one address per Inform verb), the line tables,
 * the parsing-routine ("preactions") table and the adjectives
 * (prepositions) table, with the dictionary bits the parser reads (verb,
 * meta, preposition, verb number in #dict_par2, GV1 preposition number
 * in #dict_par3).
 *
 * Takes a finished ProgGrammar, its actions as the story numbers them
 * (actions.h), the dictionary and the dictionary id of every grammar
 * word (the caller encodes the words); gives ZBlocks in which line-table
 * addresses are ZR_SYSCONST ZSC_grammar_table relocations, dictionary
 * addresses ZR_DICT and routines ZR_ROUTINE (targets: the routine ids of
 * the tokens' IrValues).
 *
 *     ZActions *acts = za_new(pg);
 *     ZGrammar *g = zg_new(pg, acts, dict, dict_ids, report, ctx);
 *     zg_write(g, &tables);
 *
 * Adjective and parsing-routine numbers are handed out in the order the
 * lines were read, as inform6 does (so a line later dropped by `Extend
 * replace` has still numbered its prepositions). */
#ifndef VINFORM_ZM_GRAMMAR_H
#define VINFORM_ZM_GRAMMAR_H

#include <stdbool.h>
#include <stdint.h>
#include "../program_grammar.h"
#include "actions.h"
#include "dictionary.h"
#include "zblock.h"

typedef struct ZGrammar ZGrammar;

/* What the tables of the grammar version cannot hold, at the line or
 * verb it is about (a warning: a line cut short). */
typedef void ZGReport(void *ctx, const SrcLoc *loc, const char *msg,
                      bool warning);

/* Encodes every line and sets the dictionary bits of the grammar words
 * (dict_ids[w]: the ZDict id of ProgGrammar word w; copied).  pg, acts
 * and dict must outlive the ZGrammar. */
ZGrammar *zg_new(const ProgGrammar *pg, const ZActions *acts, ZDict *dict,
                 const int *dict_ids, ZGReport *report, void *ctx);
void zg_free(ZGrammar *g);

int zg_verb_count(const ZGrammar *g);
int zg_version(const ZGrammar *g);

typedef struct ZGrammarTables {
    ZBlock grammar;          /* #grammar_table: static memory starts here */
    ZBlock actions;          /* #actions_table */
    ZBlock preactions;       /* #preactions_table: GV1/GV3 parsing routines */
    ZBlock adjectives;       /* count word, then entries (#adjectives_table
                                is its address + 2) */
} ZGrammarTables;

void zg_write(const ZGrammar *g, ZGrammarTables *out);
void zg_tables_free(ZGrammarTables *t);

struct Target;
/* The target's dict_key hook (compiler/target.h): a word's encoded bytes
 * in the default alphabets (6 or 9 Z-characters, lower case), or, for a
 * word a player cannot type, its units.  *state is the default character
 * set, made at the first word. */
size_t zm_dict_key(const struct Target *t, void **state, struct Arena *arena,
                   const uint32_t *units, int len, uint8_t *key, size_t cap);

#endif
