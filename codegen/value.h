/* value.h: the IR's pools and routine numbers, and the constant value of
 * a directive's expression: shared by the program builder (program.c)
 * and lowering (lower*.c), so that neither calls the other.
 *
 * An IrPools holds the IrProgram (ir.h) that code and tables refer to by
 * number: the routines, each with the node it is lowered from; the
 * string pool; the dictionary-word pool.  The program builder makes it
 * and numbers the program's routines in source order (program_build);
 * lowering then adds the strings, words and veneer routines its code
 * needs.  Nothing here lowers code or decides a table.
 *
 *     IrPools *pools = pools_new(c);
 *     int id = pools_routine(pools, node, "Main");
 *     IrValue v;
 *     if (value_of(pools, expr, &v)) ...      // 'word', "text", Obj, 3+X
 */
#ifndef VINFORM_VALUE_H
#define VINFORM_VALUE_H

#include <stdbool.h>
#include "../compiler/compiler.h"
#include "../compiler/symbols.h"
#include "../compiler/text.h"
#include "ir.h"

typedef struct IrPools IrPools;

IrPools *pools_new(Compiler *c);
void pools_free(IrPools *p);
/* The program the pools fill (lives as long as the pools). */
IrProgram *pools_ir(IrPools *p);

/* ---- routines ---- */

/* The routine id of a ROUTINE, STUB or EMBEDDED_ROUTINE node, numbered
 * now (next id) the first time the node is met; `name` names it in
 * listings ("Main", "Owner.prop").  Asked for again while the program
 * is built, a routine the builder left out (IrRoutine.omitted) is kept
 * after all: its data names it.  A Stub's routine is numbered only when
 * something names it; first named by lowering, under
 * $OMIT_UNUSED_ROUTINES=1 it starts left out, until code execution
 * reaches names it (ir_keep_named). */
int pools_routine(IrPools *p, const struct Node *n, const char *name);
/* The routine id of a node numbered already, or -1 (never asked for: a
 * Stub's routine nothing named). */
int pools_routine_id(const IrPools *p, const struct Node *n);
/* The program is built: from now on, asking for a routine left out
 * leaves it out, since lowering asks for the routines a statement names
 * before it knows whether execution reaches the statement; the driver
 * keeps one that code it lowered names (ir_keep_named). */
void pools_fix_omitted(IrPools *p);
/* The node routine `id` is lowered from, or NULL. */
const struct Node *pools_routine_source(const IrPools *p, int id);
/* The routine a routine symbol names (a Stub's or Default's too); 0
 * after an error (reported at `loc`). */
int pools_routine_of_symbol(IrPools *p, Symbol *s, SrcLoc loc);
/* The routine id of a veneer routine by its inform6 name ("RV__Pr"):
 * the program's own routine of that name when it has one, else the
 * bundled one, numbered on first use and read later (below); 0 after an
 * error (reported). */
int pools_veneer_routine(IrPools *p, const char *name);
/* For the driver, before it lowers routine `id`: the name of the bundled
 * routine (veneer, library) `id` is, when its node has not been given
 * yet; else NULL.  The driver then reads and checks it (bundled_routine)
 * and gives it with pools_set_bundled, so that the pools, the program
 * builder and lowering call no earlier pass; false when `n` is NULL (the
 * bundled files have no such routine: reported). */
const char *pools_bundled_wanted(const IrPools *p, int id);
bool pools_set_bundled(IrPools *p, int id, const struct Node *n);

/* ---- strings and dictionary words ---- */

/* A string literal's id in the pool (units decoded from the raw text). */
int pools_string(IrPools *p, const struct Node *string_node);
/* The same, and *written the literal's length as written, as
 * text_unit_written counts it (compiler/text.h), from the same pass
 * over its text. */
int pools_string_written(IrPools *p, const struct Node *string_node,
                         int32_t *written);
/* The same for text that is not a literal in the source (UTF-8). */
int pools_string_text(IrPools *p, const char *utf8);
/* A string of decoded units (TU_CHAR, TU_DYNAMIC, TU_DYNAMIC_NAME; others
 * are skipped). */
int pools_string_units(IrPools *p, const TextUnit *units, int n);
/* A dictionary word's id (`'w'`, `'w//p'`, a grammar or `name` word);
 * a STRING node in a `name` property is read as a word too. */
int pools_dict_word(IrPools *p, const struct Node *word_node);

/* ---- constant values ---- */

/* The symbol a NAME node names, as check resolved it (else looked up);
 * NULL when none. */
Symbol *pools_name_symbol(IrPools *p, const struct Node *name);

/* The constant value of an expression in a directive (array entry,
 * property value, global initialiser, property default, Constant):
 * numbers, folded constants, names of routines, objects, classes, arrays,
 * attributes, properties, actions (##A), strings (interned), dictionary
 * words (interned, with //flags), `#` system constants, EMBEDDED_ROUTINE
 * nodes (their routine id), and + - of those where one side is a number.
 * Objects, arrays and actions must be numbered (Symbol.ir_id) first.
 * Reports at the node and returns false for anything else. */
bool value_of(IrPools *p, const struct Node *expr, IrValue *out);
/* The value a symbol's name stands for (the same rules). */
bool value_of_symbol(IrPools *p, Symbol *s, SrcLoc loc, IrValue *out);

/* The string or dictionary word of every `Constant X = "...";` (or
 * `'...'`) in the story, used or not, as inform6 compiles a string or
 * enters a word where it meets it (a program of unused text constants
 * can outgrow version 3).  Called once every routine is lowered, so that
 * the strings and words the code uses keep their numbers and order;
 * marks each such IrString.kept (every IR dictionary word is entered). */
void pools_keep_constants(IrPools *p, Symtab *t);

#endif
