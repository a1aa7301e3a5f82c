/* target.h: the machine a compilation writes for, chosen once.
 *
 * target_select() reads the options (after the source's `!%` lines) and
 * fills c->target: the limits table and the facts every pass before the
 * back end reads instead of asking which machine it is (word size, locals,
 * attributes, properties, dictionary words, which statements and literals
 * exist, the builtin constants ...), and the back end's hooks.  A
 * `Version N;` directive settles the version through target_set_version()
 * before any code is compiled; after that the target does not change.
 *
 *     target_select(c);                          once, in the driver
 *     if (n > c->target->lim.max_locals) ...     anywhere above the back end
 *
 * Outside the options files, target.c and the back ends themselves, no
 * code tests opts->glulx or opts->zversion: it reads c->target. */
#ifndef VINFORM_TARGET_H
#define VINFORM_TARGET_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "srcloc.h"

struct Arena;
struct Compiler;
struct DebugStory;
struct Target;

/* What the passes above the back end may know about the machine: numbers,
 * never the machine's name.  Filled by target_select(). */
typedef struct TargetLimits {
    int word_size;              /* bytes in a word: 2 (Z) or 4 (Glulx) */
    int max_locals;             /* a routine's local variables: 15 / 118 */
    int attributes;             /* attributes an object can have: 32 (v3),
                                 * 48, 8 * $NUM_ATTR_BYTES (Glulx) */
    int max_common_property;    /* highest common property number: 31 (v3),
                                 * 63, $INDIV_PROP_START - 1 (Glulx) */
    int first_individual_property;  /* 64, $INDIV_PROP_START (Glulx) */
    int dict_word_chars;        /* characters a dictionary word keeps: 6
                                 * (v3), 9, $DICT_WORD_SIZE (Glulx) */
    int max_globals;            /* the program's global variables */
    int max_call_args;          /* arguments of a call: 7; 3 (v3) */
    int max_message_args;       /* arguments of obj.msg(...) beyond the two
                                 * the veneer's CA__Pr takes itself */
    int max_verbs;              /* Verb directives (distinct verbs) */
    int max_actions;            /* actions in grammar version 2 or 3
                                 * (version 1's one byte allows 256) */
    int max_prepositions;       /* grammar version 1's adjectives */
    int32_t max_signed;         /* a word's largest signed value (also
                                 * the most entries an array can have) */
    int max_prop_values;        /* values one property list may give: 32;
                                 * 32768 (Glulx) */
    int max_inherited_values;   /* values an additive property may hold
                                 * with what it inherits: 32, 4 (v3);
                                 * 65535 (Glulx: a 16-bit length) */
} TargetLimits;

/* One named constant the machine defines before the source is read
 * (TARGET_ZCODE, WORDSIZE, DICT_ENTRY_BYTES ...). */
typedef struct TargetConstant {
    const char *name;
    int64_t value;
} TargetConstant;

/* ---- inline assembly, as the target's check_asm hook sees it ---- */

typedef enum AsmOperandKind {
    ASMO_VALUE,                 /* any other expression */
    ASMO_NAME,                  /* a plain name: a variable, or a label */
    ASMO_SP,                    /* `sp`, the stack */
    ASMO_TEXT,                  /* a string in double quotes */
} AsmOperandKind;

typedef struct AsmOperand {
    AsmOperandKind kind;
    SrcLoc loc;
} AsmOperand;

/* An assembly statement with its operands in order, the `-> store` and
 * `?branch` set apart.  The parser fills the first part, check_asm the
 * answers. */
typedef struct AsmStatement {
    SrcLoc loc;                 /* of the statement */
    const char *opcode;         /* `@name`: the name; NULL for @"custom" */
    const char *custom;         /* @"VAR:38S": the text; else NULL */
    const AsmOperand *ops;
    int nops;
    const AsmOperand *store;    /* the `-> v` target, or NULL */
    const AsmOperand *branch;   /* the `?label`, or NULL */
    bool branch_last;           /* the branch was written last */
    bool shape;                 /* check the operands' shape too (false:
                                 * the parser reported the store already,
                                 * only the opcode is looked up) */
    /* answers */
    bool label_operand;         /* the one operand is a label: the tree
                                 * gets it as a branch (Z's @jump L) */
    bool last_is_store;         /* the last operand is the store, '->'
                                 * having been left out (Z) */
    bool stops;                 /* execution never goes on to the next
                                 * statement: inform6's Rf opcodes (@jump,
                                 * @rtrue, @quit, @return...) */
} AsmStatement;

struct IrProgram;
struct IrRoutine;
struct Program;

/* A back end's state while it writes one story (its own type: the Z back
 * end's is in codegen/zmachine/zlink.c). */
typedef struct TargetEmit TargetEmit;

/* The hooks a back end provides.  The driver (compiler/main.c) calls
 * them in this order, and a back end calls no pass itself:
 *
 *     if (!ops->supports(c)) stop;            before anything is lowered
 *     TargetEmit *e = ops->begin(c, prog, ir); NULL: reported, stop
 *     for each routine id: ops->emit_routine(e, id, lower_routine(l, id));
 *     ops->finish(e, path)  or, for --dump-asm, ops->dump_asm(e, stdout);
 *     ops->debug_story(e, &story, arena)      -k, after finish
 *     ops->end(e);
 *
 * Every hook reports its own problems (diag_error) and returns false (or
 * NULL) after one; the driver then writes nothing. */
typedef struct TargetOps {
    const char *name;           /* "Z-machine", "Glulx" */
    /* Checks an inline assembly statement while it is parsed, against the
     * machine's opcodes in the target's version: the opcode or the custom
     * opcode's text, and the operands', store's and branch's shape as
     * inform6 checks them.  Reports each mistake (diag_error at its place)
     * and sets the answers; reads no AST. */
    void (*check_asm)(const struct Target *t, AsmStatement *a);
    /* True when this back end can write the story the options and the
     * program ask for (the Z back end: versions 3 to 8); reports why
     * not.  Called once, before the veneer is read or anything lowered. */
    bool (*supports)(struct Compiler *c);
    /* Starts a story from the program (codegen/program.h: objects,
     * arrays, globals, names ... decided once) and the IR it refers to
     * (ir.h: routine, string, word and table numbers; lowering adds to it
     * as it goes, so the back end reads it again at finish): its tables
     * are encoded and the code area opened. */
    TargetEmit *(*begin)(struct Compiler *c, const struct Program *prog,
                         struct IrProgram *ir);
    /* Encodes routine `id` (lowered: ir.h), in increasing id order, each
     * once. */
    bool (*emit_routine)(TargetEmit *e, int id, const struct IrRoutine *r);
    /* Lays the story out, resolves every reference and writes the story
     * file `path` (nothing at `path` changes after an error). */
    bool (*finish)(TargetEmit *e, const char *path);
    /* --dump-asm: prints every routine emitted, as assembly, instead of
     * finish (no story is written).  NULL while a back end has none. */
    bool (*dump_asm)(TargetEmit *e, FILE *out);
    /* -k: after finish wrote the story, describes it for the debugging
     * information file (compiler/debugfile.h: routines' addresses, sizes
     * and sequence points, globals, arrays, sections, first bytes),
     * arrays from `arena`.  False: reported, no file.  NULL while a back
     * end has none (-k is then refused). */
    bool (*debug_story)(TargetEmit *e, struct DebugStory *out,
                        struct Arena *arena);
    /* Frees e (after finish or dump_asm, or instead of them). */
    void (*end)(TargetEmit *e);
    /* The key under which the story's dictionary keeps a word (its units
     * as ir.h has them, case kept): words with the same key are one entry,
     * and one verb (inform6 6.43 finds verb words in the dictionary).
     * Writes at most `cap` bytes and returns how many.  `state` is the
     * caller's, NULL before the first word and kept for the words of one
     * program: the hook keeps there, taken from `arena` and needing no
     * freeing, what it would otherwise make again for every word (Z: the
     * default character set).  NULL: the first lim.dict_word_chars
     * characters, lower-cased. */
    size_t (*dict_key)(const struct Target *t, void **state,
                       struct Arena *arena, const uint32_t *units, int len,
                       uint8_t *key, size_t cap);
} TargetOps;

typedef struct Target {
    const TargetOps *ops;
    int version;                /* Z-machine version 3..8; Glulx: 0 */
    bool version_switch;        /* -vN was given (command line, `!%`, or
                                 * Switches): a Version directive is
                                 * overridden, as inform6 does */
    TargetLimits lim;

    /* facts neutral code needs that are not numbers */
    const char *machine;        /* "the Z-machine", "Glulx": as a sentence
                                 * names it (ops->name: "Z-machine") */
    const char *veneer;         /* the bundled veneer file (bundled.c) */
    int grammar_version;        /* Grammar__Version unless defined */
    bool glk;                   /* the glk() system function exists */
    bool floats;                /* floating-point literals exist */
    bool lowstrings;            /* the Lowstring directive exists */
    bool alphabet_tables;       /* Zcharacter has tables to change */
    bool read_statement;        /* the `read` statement exists */
    bool actor_actions;         /* <Action noun second, actor> exists */
    bool box;                   /* the box statement draws a box (not v3) */
    bool message_veneer;        /* the veneer sends messages (CA__Pr); v3
                                 * and v4: only a program's own CA__Pr can */
    bool ifv3;                  /* #Ifv3 holds (#Ifv5 does not) */
    bool arg_count;             /* a routine can tell how many arguments
                                 * it was given (IR_ARG_GIVEN: v5+) */
    bool infix;                 /* -X's tables and tracing exist (inform6
                                 * makes them for the Z-machine only) */
    bool statusline_global;     /* sys_statusline_flag is global 10 */
    bool object_opcodes;        /* instructions for common properties,
                                 * move, remove, print (address), text
                                 * styles and dynamic strings; without
                                 * them lowering calls the veneer routines
                                 * inform6 calls (RV__Pr, OB__Move,
                                 * Print__Addr, Glk__Wrap, Dynam__String) */
    bool typed_object_constants; /* a constant whose value is an object
                                 * counts as that object in type warnings
                                 * (inform6's Glulx back end marks object
                                 * values; its Z-code one does not) */
    int object_chain_word;      /* -1: objects are numbered 1..n; else
                                 * an object is the address of its record,
                                 * whose first byte is $70 and whose word
                                 * at this index leads to the next object
                                 * (an objectloop over all objects follows
                                 * it from Class; strict mode's checks
                                 * test the byte) */
    bool const_index_run_check; /* strict mode checks an entry of a
                                 * declared array at a constant index when
                                 * the program runs, as at any other
                                 * (inform6's Z-code); false: when it
                                 * compiles, an index out of range being an
                                 * error and one in range left unchecked
                                 * (inform6's Glulx) */
    int dict_par[3];            /* #dict_par1..3 */
    int lowest_global_number;   /* #lowest_global_number */
    TargetConstant constants[32];   /* the machine's builtin constants */
    int nconstants;
} Target;

/* The back ends' hooks. */
extern const TargetOps zm_target_ops;      /* codegen/zmachine/zlink.c */
extern const TargetOps gl_target_ops;      /* codegen/glulx/gtarget.c */

/* Chooses the target from c->opts (read them all first, `!%` lines
 * included) into c->target, in c->arena. */
void target_select(struct Compiler *c);

/* What a `Version N;` directive did. */
typedef enum TargetVersion {
    TARGET_VERSION_SET,         /* the target is version N now */
    TARGET_VERSION_OVERRIDDEN,  /* a -vN switch chose it already */
    TARGET_VERSION_NONE,        /* the machine has no such versions (Glulx) */
} TargetVersion;

/* `Version N;` (N from 3 to 8, checked by the caller): makes the target
 * version N, with the limits and constants that follow from it, unless
 * the machine or a switch says otherwise. */
TargetVersion target_set_version(struct Compiler *c, int version);

/* Re-reads the version after a `Switches` directive, which may give -vN
 * (and so fix the version as the command line does). */
void target_follow_switches(struct Compiler *c);

/* Whether the `#name` system constant exists on this machine
 * (compiler/sysconst.def's where column). */
bool target_has_sysconst(const struct Compiler *c, char where);

/* #lowest_fake_action_number: where fake actions start, in grammar
 * version `gv`. */
int target_fake_action_base(const struct Compiler *c, int64_t gv);

/* The value of the `#name` system constant (no `#`) when the machine
 * fixes it before code is generated (#version_number, #dict_par1,
 * #lowest_..._number); false, reporting nothing, for the others, which
 * only the back end knows (#identifiers_table ...), and unknown names.
 * A query of the target's facts (and Grammar__Version), for any pass. */
bool target_sysconst(const struct Compiler *c, const char *name,
                     int64_t *value);

#endif
