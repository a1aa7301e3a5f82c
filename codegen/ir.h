/* ir.h: the target-neutral intermediate form between lowering and the
 * back ends.
 *
 * An IrProgram holds:
 *  - the numbering of the things the back end places: routines, strings,
 *    dictionary words, arrays, objects, actions, globals (decided by the
 *    program builder, codegen/program.c, before anything is lowered);
 *  - the pools that code and tables refer to by number: strings (packed
 *    text), dictionary words (codegen/value.c, which the program builder
 *    and lowering both add to);
 *  - every routine that goes into the story, as a flat list of IR
 *    statements whose operands are expression trees (IrNode), made by
 *    lowering (codegen/lower*.c) one at a time.
 * The back end selects instructions for each statement (maximal munch over
 * the trees), encodes the Program's tables (codegen/program.h: values
 * are IrValues), lays the story out and resolves the references (IrRef)
 * once every address is known.
 *
 * Nothing here names a Z-machine or Glulx opcode.  Values are machine
 * words: 16 bits on the Z-machine, 32 on Glulx; constant folding already
 * wrapped them to the target's word size. */
#ifndef VINFORM_IR_H
#define VINFORM_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "srcloc.h"

struct Node;
struct Symbol;

/* ---- references: values only the linker knows ---- */

/* `target` numbers the thing in the program's own numbering (below).  The
 * value is address-of(kind, target) + addend.  A back end maps each kind
 * (and the numbering of # constants) to its own relocations by name, never
 * by this order (the Z back end: codegen/zmachine/zref.c). */
typedef enum IrRefKind {
    IRR_NONE = -1,
    IRR_ROUTINE = 0, /* routine id: its packed address (Z) / address (Glulx) */
    IRR_STRING,      /* string id: packed address / address */
    IRR_DICT,        /* dictionary word id: its address */
    IRR_ARRAY,       /* array id (declaration order, static ones too) */
    IRR_OBJECT,      /* object number as Inform counts: 1-4 the metaclasses
                      * Class, Object, Routine, String; then objects and
                      * classes in definition order (Class C(n) followed by
                      * its n+1 duplicates) */
    IRR_SYSCONST,    /* a `#` constant known at layout (IrSysConst) */
    IRR_SYMBOL,      /* target IR_SYM_LOWSTRING + k: the word address of
                      * the k-th Lowstring (Z-machine only) */
    IRR_ACTION,      /* action id (program_grammar.h): order of first
                      * mention (SYM_ACTION symbols in creation order);
                      * fake actions are IR_FAKE_ACTION_BASE + k in
                      * declaration order */
    IRR_GLOBAL_ADDR, /* address of global variable `target` (IrGlobal id) */
    IRR_TABLE,       /* address of IrProgram.tables[target], a word table
                      * lowering made (box lines, random(a, b, c) choices) */
    IRR_CHAR,        /* the character code of Unicode `target` in the
                      * story's character set (ZSCII on the Z-machine) */
    IRR_GLOBAL_NUM,  /* #g$name: global `target`'s place in the globals table */
} IrRefKind;

enum { IR_FAKE_ACTION_BASE = 0x100000, IR_SYM_LOWSTRING = 0x01000000 };

/* The `#` system constants, in compiler/sysconst.def's order: the target
 * of IRR_SYSCONST. */
typedef enum IrSysConst {
#define X(name, where) IRSC_##name,
#include "../compiler/sysconst.def"
#undef X
    IRSC_COUNT
} IrSysConst;

/* The constant named `name` (without the '#'), or -1. */
int ir_sysconst_lookup(const char *name);
/* Its name, without the '#'; NULL for a number that is none. */
const char *ir_sysconst_name(uint32_t sc);

/* A constant word: `num` when ref == IRR_NONE, else the reference with
 * `num` as its addend. */
typedef struct IrValue {
    int8_t ref;          /* IrRefKind */
    uint32_t target;
    int32_t num;
} IrValue;

static inline IrValue ir_num(int32_t v)
{
    return (IrValue){ .ref = IRR_NONE, .num = v };
}
static inline IrValue ir_ref(IrRefKind k, uint32_t target, int32_t addend)
{
    return (IrValue){ .ref = (int8_t)k, .target = target, .num = addend };
}

/* ---- globals ----
 * User globals are numbered 0, 1, ... in declaration order (IrProgram
 * .globals); the compiler's own have fixed ids from IRG_SYSTEM up, which
 * each back end places where its format wants them. */
enum {
    IRG_SYSTEM = 0x10000,
    IRG_TEMP1 = IRG_SYSTEM,   /* temp_global */
    IRG_TEMP2, IRG_TEMP3, IRG_TEMP4,
    IRG_SELF, IRG_SENDER, IRG_SW_VAR,
    IRG_SYS0, IRG_SYS1, IRG_SYS2,   /* sys__glob0..2: user globals 0..2 on Z */
    IRG_END
};

/* ---- expression and statement trees ----
 * IR_X(kind, nkids, doc): nkids -1 means "any number". */
#define IR_KINDS(X) \
    /* leaves */ \
    X(CONST, 0, "value: number or reference") \
    X(LOCAL, 0, "num = local variable 1..n (the routine's own numbering)") \
    X(GLOBAL, 0, "num = IrGlobal id") \
    X(POP, 0, "the value on top of the stack (inline assembly `sp`)") \
    /* arithmetic: wrap to the word size; DIV/MOD truncate toward 0 */ \
    X(ADD, 2, "") X(SUB, 2, "") X(MUL, 2, "") X(DIV, 2, "") X(MOD, 2, "") \
    X(AND, 2, "bitwise") X(OR, 2, "bitwise") X(NOT, 1, "bitwise ~") \
    X(NEG, 1, "0 - x") \
    /* memory: kids[0] = base address, kids[1] = index in units */ \
    X(LOADW, 2, "word at base + 2*index (Z) / 4*index (Glulx)") \
    X(LOADB, 2, "byte at base + index") \
    /* object model */ \
    X(PARENT, 1, "") X(CHILD, 1, "first child") X(SIBLING, 1, "") \
    X(PROP, 2, "common property value: kids obj, prop") \
    X(PROP_ADDR, 2, "common property data address or 0") \
    X(PROP_LEN, 1, "length in bytes of the property data at this address") \
    X(RANDOM, 1, "random(n): 1..n, or reseed for n <= 0 (returns 0)") \
    X(SYSCALL, -1, "num = IR_SYS_*: a built-in with its own code "\
                   "(children, elder, youngest...)") \
    /* calls: kids[0] = routine value, kids[1..] = arguments */ \
    X(CALL, -1, "call a routine value; result is its return value") \
    /* assignment as an expression (its value is the value stored) */ \
    X(SET, 2, "kids[0] = LOCAL or GLOBAL, kids[1] = value") \
    X(SETW, 3, "base-->index = value; kids base, index, value") \
    X(SETB, 3, "base->index = value") \
    X(INC, 1, "++var, value after; kids[0] = LOCAL or GLOBAL") \
    X(DEC, 1, "--var, value after") \
    X(POSTINC, 1, "var++, value before") \
    X(POSTDEC, 1, "var--, value before") \
    /* conditions: value 1 or 0, or branched on by BRANCH */ \
    X(EQ, -1, "kids[0] == any of kids[1..] (1 to 3 alternatives)") \
    X(LT, 2, "signed") X(GT, 2, "signed") \
    X(HAS, 2, "object kids[0] has attribute kids[1]") \
    X(IN, 2, "parent of kids[0] == kids[1]") \
    X(TEST, 2, "kids[0] has every bit of kids[1] set") \
    X(NONZERO, 1, "kids[0] != 0") \
    X(LNOT, 1, "logical not of a condition") \
    X(LAND, 2, "short-circuit and of conditions") \
    X(LOR, 2, "short-circuit or of conditions") \
    X(SEQ, 2, "evaluate kids[0] for effect, value of kids[1] (`,`)") \
    X(ARG_GIVEN, 0, "the routine was called with num arguments or more "\
                    "(only where Target.arg_count says the machine can "\
                    "tell: Z v5+'s check_arg_count)") \
    /* strict mode's run-time checks (lower_strict.c): see below */ \
    X(CHECKED, -1, "kids[0] an operation done only when checks hold, "\
                   "kids[1] its value otherwise, then (condition, error) "\
                   "pairs") \
    X(SUBJECT, 0, "inside CHECKED: operand num of the checked operation") \
    /* ---- statements (only at the top of IrRoutine.code) ---- */ \
    X(EVAL, 1, "evaluate for effect, value discarded") \
    X(LABEL, 0, "num = label id (per routine)") \
    X(JUMP, 0, "num = label id") \
    X(BRANCH, 1, "if kids[0] (a condition) is num2 != 0 go to label num") \
    X(RETURN, 1, "return kids[0]; num2 = 1: an rtrue / rfalse written as "\
                 "the whole body of an if (`if (c) rtrue;` branches to the "\
                 "return on Glulx, as inform6)") \
    X(PRINT_TEXT, 0, "print string id num (inline text where the target can)") \
    X(PRINT_RET_TEXT, 0, "print string id num, new line, return true") \
    X(PRINT_CHAR, 1, "print character code (ZSCII on Z, Unicode on Glulx)") \
    X(PRINT_NUM, 1, "print signed number") \
    X(PRINT_ADDR, 1, "print string at byte address (Z) / string object (Glulx)") \
    X(PRINT_PADDR, 1, "print the string value (packed address on Z)") \
    X(PRINT_OBJ, 1, "print the object's short name") \
    X(NEW_LINE, 0, "") \
    X(INVERSION, 0, "print the compiler's version as the story's header "\
                    "holds it, reading its four characters there (as "\
                    "inform6 does)") \
    X(SET_ATTR, 2, "give obj attr") \
    X(CLEAR_ATTR, 2, "give obj ~attr") \
    X(MOVE, 2, "move kids[0] to kids[1] (it becomes the first child)") \
    X(REMOVE, 1, "remove object from its parent") \
    X(PUT_PROP, 3, "common property obj.prop = value, no checks") \
    X(QUIT, 0, "") \
    X(SPACES, 1, "print that many spaces") \
    X(STYLE, 0, "num = IR_STYLE_*") \
    X(FONT, 0, "num = 1 on (proportional), 0 off (fixed)") \
    X(READ, 3, "read line into kids[0], parse into kids[1] (NULL kid on "\
               "Glulx-only forms), kids[2] = routine to call first or CONST 0") \
    X(SAVE, 0, "save; num = label id to go to on success") \
    X(RESTORE, 0, "restore; num = label id to go to on success") \
    X(SET_DYNSTR, 2, "dynamic string kids[0] = string value kids[1]") \
    X(ASM, 0, "inline assembly: `asm_node` is the checked AST node for "\
              "the target's own selector; kids = operands then the store "\
              "variable (or NULL); num = branch label id, -1 none, -2 "\
              "rfalse, -3 rtrue; num2 = branch on true")

typedef enum IrKind {
#define IR_ENUM(k, n, d) IR_##k,
    IR_KINDS(IR_ENUM)
#undef IR_ENUM
    IR_KIND_COUNT
} IrKind;

enum { IR_SYS_CHILDREN, IR_SYS_ELDER, IR_SYS_YOUNGEST };

/* CHECKED: an operation with run-time checks (strict mode).
 *   kids[0]  the operation: LOADW, LOADB, SETW, SETB, DIV, MOD, HAS, IN,
 *            PARENT, CHILD, SIBLING, SYSCALL or PROP_ADDR, with its
 *            operands;
 *   kids[1]  the value when a check fails: a CONST or a SUBJECT;
 *   kids[2k+2], kids[2k+3]  a condition that must hold, and the error to
 *            evaluate (a CALL) when it does not, for each check in turn.
 * The operation's operands are evaluated once, in their usual order; the
 * conditions, errors and the failure value refer to them as SUBJECT leaves
 * (num = operand index) and hold nothing else but constants, so they
 * evaluate nothing twice.  When every condition holds the operation is
 * done as if unchecked; when one fails its error is evaluated, the
 * operation is not done and the node's value is kids[1] (a condition
 * operation is then false for CONST 0).  num2 = 1: a failed check leaves
 * a variable that was being set to the node's value as it was (inform6's
 * array reads), the value going elsewhere being kids[1].  num says where
 * the operation goes: IR_CHECKED_OP_FIRST after the checks, the errors
 * after it; IR_CHECKED_OP_LAST (one check only: inform6's array checks)
 * after the error, the check's condition branching over the error to it
 * when it holds. */
enum { IR_CHECKED_OP_FIRST, IR_CHECKED_OP_LAST };

enum { IR_STYLE_ROMAN, IR_STYLE_BOLD, IR_STYLE_UNDERLINE, IR_STYLE_REVERSE,
       IR_STYLE_FIXED };

typedef struct IrNode IrNode;
struct IrNode {
    uint8_t kind;          /* IrKind */
    uint8_t nkids;
    int32_t num;           /* LOCAL/GLOBAL number, label ids, string id... */
    int32_t num2;          /* BRANCH: the sense (1 branch if true);
                              PRINT_TEXT, PRINT_RET_TEXT: the literal's
                              length as written (text_unit_written),
                              0 for a text the compiler made */
    IrValue value;         /* CONST */
    SrcLoc loc;            /* for run-time checks' messages and listings */
    union {
        const struct Node *asm_node;   /* ASM */
        /* CONST with a number: the property, attribute or Constant the
         * source named it by, or NULL (for the dumps' names only) */
        const struct Symbol *sym;
    };
    IrNode **kids;
};

/* ---- sequence points (-k) ----
 * Where a debugger stops: the debugging information file lists, for
 * each routine, the address of the first instruction after each place
 * where inform6 6.45 begins a sequence point (a statement's start and a
 * few more: codegen/lower_points.c), with that place.  Lowering marks
 * the places on the routine's statements; a back end hands each mark
 * to its assembler before the statement it stands before, and the
 * first instruction the assembler makes after it takes it (labels and
 * raw data do not; nor does code left out as unreached); a later mark
 * replaces one still waiting. */
typedef struct IrSeqMark {
    int32_t at;            /* before IrRoutine.code[at] (at == ncode: the
                            * end, where no instruction takes it) */
    SrcLoc loc;            /* the place; line 0: none waits from here */
} IrSeqMark;

/* ---- routines ---- */
typedef struct IrRoutine {
    const char *name;      /* "Main", "obj.before" ... (listings, names) */
    SrcLoc loc;
    int nlocals;           /* arguments first; at most 15 on the Z-machine */
    const char **local_names;
    IrNode **code;         /* statements in order: valid from
                            * lower_routine() until the next call */
    int ncode, code_cap;
    int nlabels;           /* label ids 0..nlabels-1 */
    IrSeqMark *marks;      /* -k: in increasing `at`, one per `at`; valid
                            * as `code` is (none without -k) */
    int nmarks, marks_cap;
    bool is_veneer;        /* came from stdlib/veneer*.h */
    bool is_embedded;      /* `[; ...]` property value or array entry */
    bool traced;           /* `[ R * ...` */
    bool omitted;          /* left out by $OMIT_UNUSED_ROUTINES=1: never
                            * lowered nor written (the program builder's
                            * decision; kept after all when kept code
                            * names it: ir_keep_named) */
    const char *trace_name;    /* inform6's name for an embedded routine
                            * where it is not `name`: "C::prop" for a
                            * class's, "nameless_obj__N.prop" for a
                            * nameless object's (the tracing prologue
                            * prints it); NULL: `name` */
    bool is_symbol_table;  /* -X's Symb__Tab: no source, lowering makes
                            * it from IrProgram.infix_tables
                            * (lower_infix.c) */
    bool names_omitted;    /* lowering made a CONST naming a routine that
                            * was left out then (`omitted`, which is never
                            * set again once lowering starts): only then
                            * has ir_keep_named anything to find */
} IrRoutine;

/* ---- text ----
 * A string is its units: Unicode code points, IR_TEXT_RAW(z) for `@@z`
 * (ZSCII on Z, Unicode on Glulx), IR_TEXT_DYNAMIC(n) for `@nn`.  The bit
 * patterns are the Z text encoder's (ztext.h: ZT_ZSCII, ZT_DYNAMIC). */
#define IR_TEXT_RAW(z)     (0x80000000u | (uint32_t)(z))
#define IR_TEXT_DYNAMIC(n) (0x40000000u | (uint32_t)(n))

typedef struct IrString {
    uint32_t *units;
    int32_t len;
    bool used_as_value;    /* needs an address (not only printed inline) */
    bool kept;             /* in the story though nothing may refer to it
                              (a Constant's: pools_keep_constants) */
    bool wide;             /* a unit beyond Latin-1 that is not a dynamic
                              string's (found as the pools made it) */
} IrString;

typedef struct IrDictWord {
    uint32_t *units;       /* the word, `^` already an apostrophe */
    int32_t len;
    int flags_set, flags_clear;    /* TEXT_DICT_* (//p //s //n //~n) */
    bool from_grammar;     /* hint: a verb word */
} IrDictWord;

/* A table of words the compiler makes (inform6's "internal arrays").
 * `writable`: compiled code changes it (a varying string's state), so the
 * back end must put it where the game's own variables are, which restart
 * resets and save, restore and undo keep (dynamic memory on the
 * Z-machine, RAM on Glulx); the others are only read.  `apart`: a table
 * inform6 has no array for (-X's Symb__Tab tables, ir.h IrInfix), which
 * the back end keeps out of the program's dynamic memory (the Z-machine:
 * after the static arrays), so that the arrays and the dictionary stay
 * where inform6 puts them. */
typedef struct IrTable {
    IrValue *words;
    int nwords;
    bool writable;
    bool apart;
} IrTable;

/* ---- -X (Infix) ----
 * What the Infix debugger (the library's infix.h) looks up in a story
 * compiled with -X, as inform6 6.45 gives it: the routines that are not
 * embedded, numbered in the order they are lowered (inform6's "named
 * routines": #routine_names_array, #routine_flags_array, the tracing
 * prologue's bit); the constants, objects and classes in the order their
 * symbols were made (#constant_names_array); and the word tables
 * Symb__Tab(kind, n) reads its answers from (IRR_TABLE ids): for array n
 * its highest index, its kind (0 ->, 1 -->, 2 string, 3 table,
 * 4 buffer) and its address; for routine n its value; for constant n
 * its value and its kind (0 constant, 1 class, 2 object); a kind + 16
 * when the library or the compiler defined it.  The program builder
 * fills the array and constant tables (program_infix.c), lowering the
 * routine ones as it goes. */
typedef struct IrInfix {
    int *routines;         /* routine ids, by routine number */
    int nroutines, routines_cap;
    struct Symbol **constants;
    int nconstants;
    int array_size, array_kind, array_addr;    /* IRR_TABLE ids */
    int routine_value, routine_kind;
    int constant_value, constant_kind;
} IrInfix;

/* ---- the program ---- */
typedef struct IrProgram {
    IrRoutine **routines;  /* by routine id */
    int nroutines, routines_cap;
    IrString *strings;     /* by string id */
    int nstrings, strings_cap;
    int32_t ndynamic;      /* the highest dynamic string number (@NN,
                            * IR_TEXT_DYNAMIC) any string uses, plus one;
                            * 0: none (counted as strings are added) */
    IrDictWord *dict;      /* by dictionary word id */
    int ndict, dict_cap;
    struct Symbol **globals;   /* user globals by id */
    int nglobals;
    struct Symbol **arrays;    /* by array id */
    int narrays;
    int nobjects;          /* highest object number (metaclasses included) */
    struct Symbol **objects;   /* by object number: the object's or class's
                                * symbol; NULL for the metaclasses, class
                                * duplicates and objects with no name (for
                                * the dumps' names) */
    /* The action symbols by action id, and the fake ones by id -
     * IR_FAKE_ACTION_BASE, as the program's grammar numbered them
     * (program_grammar.h; for the dumps' names). */
    struct Symbol **actions;
    int nactions;
    struct Symbol **fake_actions;
    int nfake_actions;
    int main_routine;      /* routine id of Main, -1 when none */
    int32_t *dynstr_literals;  /* string ids of the literals of `string N
                                * "..."` statements, as lowered */
    int ndynstr_literals, dynstr_cap;
    SrcLoc *dynstr_locs;
    IrTable *tables;       /* word tables lowering made, by IRR_TABLE id */
    int ntables, tables_cap;
    int nvarying;          /* varying substrings compiled, and how many of */
    int nvarying_state;    /* them keep a state word (statistics, -s) */
    /* The story has a routine that tells a string from a text value (an
     * array) by its number (the text library's Text__IsText, regex.h's
     * Regex__IsText): a back end on which the numbers of strings and the
     * addresses of arrays can coincide places every string where no
     * array's address can name it (the Z-machine: above the arrays). */
    bool strings_apart_from_arrays;
    bool infix;            /* -X: infix_tables holds the Infix tables */
    IrInfix infix_tables;
} IrProgram;

/* Names for --dump-ir and listings. */
const char *ir_kind_name(IrKind k);
int ir_kind_arity(IrKind k);    /* -1: any */

/* random(a, b, ...) as lowering gives it (LOADW of a TABLE constant at
 * RANDOM(k) - 1, k a number): true with *k and the TABLE leaf, which
 * selectors encode as inform6 does; false for any other tree. */
bool ir_random_choice(const IrNode *n, int32_t *k, const IrNode **table);

/* Writes a routine as S-expressions (--dump-ir), one statement a line
 * (a tree too wide for one line is broken, one operand a line), with
 * names where the program has them:
 *
 * (a number the source wrote as a property, attribute or Constant by
 * that name, IrNode.sym):
 *
 *     [ Main x;
 *       (EVAL (SET x (CALL Foo lamp "a string..." 'word' ##Take weight)))
 *       (BRANCH L0 if false (EQ x 3 4))
 *     ]
 */
void ir_dump_routine(FILE *out, const IrProgram *p, const IrRoutine *r);
/* Keeps every routine that r's code names (IrRoutine.omitted cleared):
 * a program's routine standing in for the veneer's, or one the check
 * found nothing reaches but lowering meets after all.  True when one
 * was left out.  (Its code is walked only when IrRoutine.names_omitted
 * says that it may name one.) */
bool ir_keep_named(IrProgram *p, const IrRoutine *r);
/* How many routines are left out (IrRoutine.omitted), for -s. */
int ir_omitted_count(const IrProgram *p);

/* How the dumps name things (--dump-ir, and the back ends' listings, so
 * that both read alike): a number as itself; a reference as the name of
 * what it refers to (routines, objects, arrays, globals by name; strings
 * quoted and cut short, "Hello..."; dictionary words 'w'; actions ##Name;
 * system constants #name), then any addend (+2); a global by its name,
 * the compiler's own by inform6's names (temp_global, self, sw__var...). */
void ir_print_value(FILE *out, const IrProgram *p, IrValue v);
/* A number the source wrote as the name of a property, attribute or
 * Constant (IrNode.sym), as the dumps print it: the name. */
const char *ir_const_name(const IrNode *n);
/* A dump's sp is the stack: a local or global called sp is printed as
 * local:sp or global:sp. */
void ir_print_global(FILE *out, const IrProgram *p, int32_t id);
/* inform6's name of the compiler's own global `id` (IRG_SYSTEM ..
 * IRG_END - 1: "temp_global" ...; IRG_END: Glulx's "sys_statusline_flag"),
 * NULL for any other id. */
const char *ir_system_global_name(int32_t id);
void ir_print_local(FILE *out, const IrRoutine *r, int32_t n);

#endif
