/* zbuild.h: the Z story builder's state, shared by its files (internal to
 * the Z back end).
 *
 * zbd_build() encodes the Program (codegen/program.h) for the Z-machine:
 * it goes through the program's steps in source order, as inform6 meets
 * the directives (so the text encoding changes at each Abbreviate and
 * Zcharacter, as in inform6), then the grammar, and feeds the table
 * writers (objects, dictionary, actions, grammar, identifiers) with the
 * program's values made ZOperands; it collects what the layout needs besides them
 * (globals, arrays, low strings, header fields) and leaves everything in
 * a ZBuild for the linker (zlink.c).  It decides nothing about the game.
 *
 * Numbering: the program's numbers (codegen/ir.h ids) are kept wherever
 * the table writers allow it, so one resolver serves code and tables:
 * routine, string, array and global ids, object numbers, action ids (the
 * program's grammar's, program_grammar.h).  Dictionary words are the
 * exception: ZR_DICT in tables holds the ZDict id (the layout resolves
 * those), and code holds IR ids, mapped by zbd_dict_word(). */
#ifndef VINFORM_ZM_ZBUILD_H
#define VINFORM_ZM_ZBUILD_H

#include <stdbool.h>
#include <stdint.h>

#include "../../compiler/compiler.h"
#include "../ir.h"
#include "../program.h"
#include "../value.h"
#include "actions.h"
#include "dictionary.h"
#include "grammar.h"
#include "identifiers.h"
#include "objects.h"
#include "zblock.h"
#include "zglobals.h"
#include "ztext.h"

/* ZR_SYMBOL targets the Z linker resolves (IRR_SYMBOL from lowering, and
 * instruction selection): word addresses of strings in the low-strings
 * pool. */
enum {
    ZLINK_LOWSTRING = IR_SYM_LOWSTRING, /* + k: the k-th Lowstring
                                      directive (source order): the value
                                      of its name */
    ZLINK_LOW_COPY = 0x02000000,   /* + IR string id: its copy in the pool
                                      (the literal of `string N "..."`) */
    ZLINK_SYMBOL_MASK = 0x00FFFFFF,
};


typedef struct ZBuild {
    Compiler *c;
    const Program *prog;
    IrPools *pools;
    IrProgram *ir;
    int version;
    int grammar_version;
    ZText zt;
    ZObjects *objs;
    ZDict *dict;
    ZActions *acts;
    ZGrammar *gram;
    ZIdents *ids;
    int errors;                 /* reported by the builder */

    /* IR dictionary id -> ZDict id, -1 until the word is added. */
    int *dict_map;
    int dict_map_len;

    /* header */
    uint16_t release;
    char serial[6];
    bool serial_set;
    uint8_t flags1;

    /* Low strings pool after the three spaces at $40: abbreviations (-e
     * only), Lowstrings, `string N "..."` literals. */
    ZBuf low;
    int32_t abbrevs[96];        /* entry -> offset in `low`, -1: "   " */
    int32_t *abbrev_off;        /* by declaration number */
    bool abbrevs_full;          /* reported */
    int nabbrev_off, abbrev_off_cap;
    int32_t *lowstring_off;     /* by Lowstring number */
    int nlowstrings, lowstrings_cap;
    int32_t *low_copy;          /* by IR string id: offset, or -1 */
    int low_copy_len;

    ZBuf terminating;           /* Zcharacter terminating */

    /* Globals (zgm_table_words(&gm) words: 240, or fewer with
     * $ZCODE_COMPACT_GLOBALS) and arrays: dynamic ones in `arrays`, static
     * ones in `static_arrays`; array_at[id] is the offset in its block. */
    ZGlobalMap gm;              /* each global's variable */
    ZBlock globals, arrays, static_arrays;
    uint32_t *array_at;
    bool *array_static;
    int narrays;
    uint32_t *table_at;         /* IrProgram.tables, after the dynamic
                                   arrays: offset in `arrays`; an `apart`
                                   one's in `static_arrays` */

    bool globals_full;          /* reported */

    /* Identifier-name strings (zi_write): ZR_STRING targets from
     * ir->nstrings up, kept here as UTF-8 until the strings are placed. */
    char **id_strings;
    int nid_strings, id_strings_cap;
    uint32_t id_strings_base;   /* ir->nstrings when zi_write ran */
} ZBuild;

/* zbuild.c: the steps and the small directives. */
bool zbd_init(ZBuild *b, Compiler *c, const Program *prog, int version);
void zbd_free(ZBuild *b);
/* Encodes the program, step by step; false after errors (reported). */
bool zbd_build(ZBuild *b);
/* After instruction selection: the dictionary words code uses, the
 * `string N "..."` literals, the abbreviations table. */
void zbd_finish(ZBuild *b);
/* Writes the identifier tables after the code is selected (names the
 * strings last, as inform6 does). */
void zbd_identifiers(ZBuild *b, ZIdentTables *out);

/* A constant of a table: the IR value as a ZOperand (dictionary words
 * mapped to ZDict ids, fake actions and objects made numbers). */
ZOperand zbd_operand(ZBuild *b, IrValue v);
/* The value as a number known now (objects, fake actions, plain
 * numbers); false for addresses known only at link time. */
bool zbd_number(ZBuild *b, IrValue v, int32_t *out);
/* The ZDict id of IR dictionary word `ir_id`, added (noun) on first use. */
int zbd_dict_word(ZBuild *b, int ir_id);
/* Adds a word written in the source to the dictionary with these data
 * bits, without the noun flag; -1 on error (reported). */
int zbd_word(ZBuild *b, const ProgWord *word, unsigned par1, unsigned par3);
/* String `id` of the pool, or NULL. */
const IrString *zbd_string(ZBuild *b, int id);
/* ZSCII code of a string unit, or -1. */
int zbd_zscii(ZBuild *b, uint32_t unit);
/* Reports a table writer's complaint at `loc` (warning or error). */
void zbd_report(ZBuild *b, const SrcLoc *loc, const char *msg, bool warning);

/* zbuild_objects.c: a property default, an object (metaclasses at
 * zbd_init) */
void zbd_property(ZBuild *b, int prop);
void zbd_object(ZBuild *b, int number);
void zbd_metaclasses(ZBuild *b);

/* zbuild_data.c */
void zbd_global(ZBuild *b, int id);
/* The initial values a Global directive gave the compiler's own globals
 * (`Global sender = 123;`, 6.45). */
void zbd_system_globals(ZBuild *b);
void zbd_array(ZBuild *b, int id);

/* zbuild_grammar.c: the grammar's words into the dictionary, its lines
 * encoded (b->gram). */
void zbd_grammar(ZBuild *b);

#endif
