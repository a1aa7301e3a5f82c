/* program.h: the game's data, decided once for every target.
 *
 * program_build() takes the checked AST (c->program), the symbol table
 * and fresh pools (value.h), and gives a Program: every routine, object,
 * array, global and action numbered (Symbol.ir_id and the pools, which
 * lowering then reads); objects and classes with their parents, children,
 * attributes and property values (IrValues) with inheritance, additive
 * properties and class duplicates resolved; property defaults; arrays
 * and their entries; the grammar and actions (program_grammar.h); globals and their initial values; the identifier
 * names; the low strings, abbreviations and character-set directives;
 * the release, serial and status-line style.  A back end encodes it and
 * decides nothing about it.  --dump-program prints it (program_dump).
 *
 *     IrPools *pools = pools_new(c);
 *     Program *prog = program_build(c, pools);
 *     ... lower each routine, the target encodes prog ...
 *     program_free(prog);
 *
 * Numbering (as inform6): objects 1-4 are the metaclasses Class, Object,
 * Routine and String, then objects and classes in definition order, a
 * `Class C(n)` followed by its n+1 duplicates C_1 ...; routines in source
 * order, embedded ones (`[; ...]` values) where their directive is (one
 * check marked ROUTINE_UNUSED is numbered but IrRoutine.omitted under
 * $OMIT_UNUSED_ROUTINES=1: never lowered, its dictionary words kept);
 * arrays, globals and Lowstrings in declaration order; actions in order
 * of first mention, fake actions from IR_FAKE_ACTION_BASE in
 * declaration order.
 *
 * `steps` keeps the source order of the directives a back end meets
 * (objects, property defaults, arrays, globals, character-set and text
 * directives; the grammar comes after them all): a target whose text encoding changes as the
 * source goes on (the Z-machine's Abbreviate and Zcharacter) encodes
 * each table as inform6 would have when it met the directive. */
#ifndef VINFORM_PROGRAM_H
#define VINFORM_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "../compiler/compiler.h"
#include "ir.h"
#include "program_objects.h"
#include "value.h"

#include "program_grammar.h"

/* ---- arrays and globals ---- */

typedef enum ProgArrayKind {
    PA_BYTE,            /* ->     */
    PA_WORD,            /* -->    */
    PA_STRING,          /* string: a count byte, then bytes */
    PA_TABLE,           /* table:  a count word, then words */
    PA_BUFFER,          /* buffer: a count word, then bytes */
} ProgArrayKind;

typedef enum ProgArrayBody {
    PAB_NONE,           /* `Array a -->;` (nothing) */
    PAB_SIZE,           /* `Array a --> 10;`: `size` zero entries */
    PAB_TEXT,           /* `Array a -> "text";`: one entry per character */
    PAB_VALUES,         /* the entries listed */
} ProgArrayBody;

typedef struct ProgArray {
    const char *name;
    ProgArrayKind kind;
    bool is_static;
    ProgArrayBody body;
    int32_t size;       /* PAB_SIZE */
    uint32_t *text;     /* PAB_TEXT: string units (ir.h), ntext of them */
    int ntext;
    IrValue *values;    /* PAB_VALUES; `ok[i]` false: an entry whose value */
    bool *ok;           /* could not be given (reported), written as 0 */
    SrcLoc *locs;
    int nvalues;
    SrcLoc loc;
    SrcLoc text_loc;
} ProgArray;

enum { PROG_SYSTEM_GLOBALS = IRG_END - IRG_SYSTEM + 1 };

typedef struct ProgGlobal {
    const char *name;
    bool has_value;     /* an initial value was given and could be valued */
    IrValue value;
    SrcLoc loc;
} ProgGlobal;

/* ---- text and character-set directives ---- */

/* A dictionary word as written in the source (`Dictionary 'w//p'`, a
 * grammar word): string units (ir.h: IR_TEXT_RAW for @@n) and the text
 * after `//`. */
typedef struct ProgWord {
    uint32_t *units;
    int n;
    char flags[16];
    SrcLoc loc;
} ProgWord;

/* `Dictionary 'word' [v1 [v3]]`. */
typedef struct ProgDictEntry {
    ProgWord word;
    int32_t par1, par3;
    bool has_par3;              /* the third value written, at par3_loc */
    SrcLoc par3_loc;
} ProgDictEntry;

typedef enum ProgCharsetForm {
    PC_ALPHABETS,       /* Zcharacter "a0" "a1" "a2": strings[3] */
    PC_CHAR,            /* Zcharacter 'c' */
    PC_TABLE,           /* Zcharacter table c1 c2 ... */
    PC_TABLE_PLUS,      /* Zcharacter table + c1 c2 ... */
    PC_TERMINATING,     /* Zcharacter terminating k1 k2 ... */
} ProgCharsetForm;

/* A character-set directive (Zcharacter): characters as Unicode code
 * points or numbers (IrValues: a named constant may give one). */
typedef struct ProgCharset {
    ProgCharsetForm form;
    int strings[3];     /* PC_ALPHABETS: string ids, -1 when missing */
    IrValue *values;
    SrcLoc *locs;
    int nvalues;
    bool failed;        /* a value could not be given (reported): the
                           values stop before it */
    SrcLoc loc;
} ProgCharset;

/* A string that must live in low memory (Abbreviate, Lowstring). */
typedef struct ProgLowString {
    const char *name;   /* a Lowstring's constant; NULL for Abbreviate */
    int string;         /* string id, -1 when none */
    SrcLoc loc;
} ProgLowString;

/* ---- identifier names ---- */

typedef enum ProgNameKind {
    PN_PROPERTY,        /* common or individual: value = its number */
    PN_ATTRIBUTE,
    PN_ACTION,          /* value = action id */
    PN_FAKE_ACTION,     /* value = IR_FAKE_ACTION_BASE + k */
} ProgNameKind;

/* One name of inform6's identifier tables, in symbol-table order (the
 * order in which each name first appeared).  `aliased`: named in (or
 * made by) `Property/Attribute x alias y`; the tables name its number
 * after the first aliased name, `joined`: it and up to three later
 * names of the same kind and number, "light/lit" (inform6's). */
typedef struct ProgName {
    ProgNameKind kind;
    int value;
    const char *name;   /* an action's without its __A */
    bool aliased;
    const char *joined; /* `name`, or for an aliased one, as above */
} ProgName;

/* ---- the order of the source ---- */

typedef enum ProgStepKind {
    PS_PROPERTY,        /* index: a common property's number (default) */
    PS_OBJECT,          /* index: object number */
    PS_GLOBAL,          /* index: global id */
    PS_ARRAY,           /* index: array id */
    PS_ABBREVIATE,      /* index: in `abbreviations` */
    PS_LOWSTRING,       /* index: in `lowstrings` */
    PS_CHARSET,         /* index: in `charsets` */
    PS_DICTIONARY,      /* index: in `dictionary` */
} ProgStepKind;

typedef struct ProgStep {
    ProgStepKind kind;
    int index;
} ProgStep;

/* ---- the program ---- */

typedef struct Program {
    Compiler *c;
    IrPools *pools;     /* routines, strings and words the values name */
    IrProgram *ir;      /* pools_ir(pools) */

    ProgObjects objects;
    ProgArray *arrays;          /* by array id */
    int narrays;
    ProgGlobal *globals;        /* by global id */
    int nglobals;
    /* The compiler's own globals (IRG_SYSTEM + i; i = PROG_SYSTEM_GLOBALS
     * - 1 is Glulx's sys_statusline_flag) given a value by a Global
     * directive: `Global sender = 123;` (6.45). */
    ProgGlobal system_globals[PROG_SYSTEM_GLOBALS];

    ProgLowString *abbreviations;   /* Abbreviate texts, in order */
    int nabbreviations;
    ProgLowString *lowstrings;      /* by Lowstring number */
    int nlowstrings;
    ProgCharset *charsets;
    int ncharsets;
    ProgDictEntry *dictionary;      /* Dictionary directives */
    int ndictionary;

    ProgName *names;            /* identifier names, symbol order */
    int nnames;
    int nprops;                 /* individual property numbers handed out
                                   (the next one; 72 when none) */
    int nattributes;            /* attributes declared */

    bool has_release;
    IrValue release;
    bool has_serial;
    char serial[7];
    bool statusline_time;       /* `Statusline time` */
    /* The grammar: verbs, lines, tokens, actions numbered once
     * (program_grammar.h). */
    ProgGrammar *grammar;
    int grammar_lines;          /* in Verb and Extend directives, and */
    int grammar_tokens;         /* their tokens (statistics) */

    ProgStep *steps;            /* source order (see the top) */
    int nsteps;
} Program;

/* Builds the program from the checked AST; NULL never: errors are
 * reported (diag) and the program holds what could be given.  Numbers
 * every routine, object, array, global and action (writes Symbol.ir_id,
 * the only pass that does) and finds Main (IrProgram.main_routine). */
Program *program_build(Compiler *c, IrPools *pools);
void program_free(Program *p);

/* Writes the program readably (--dump-program): names, not numbers. */
void program_dump(FILE *out, const Program *p);

/* A number known now: a plain number, or an object (its number); false
 * for a value only a target or the linker knows. */
bool program_number(IrValue v, int32_t *out);

/* A dictionary word written in the source (DICT_WORD or STRING node) as
 * units and //flags. */
void program_word(const struct Node *word, ProgWord *out);
void program_word_free(ProgWord *w);

#endif
