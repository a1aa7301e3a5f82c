/* lower.h: the checked AST to the target-neutral IrProgram (ir.h).
 *
 * lower_program() numbers everything code and tables refer to (routines,
 * arrays, objects, globals, actions; Symbol.ir_id), then lowers every
 * routine in source order, embedded routines (`[; ...]` property values
 * and array entries) at the point of their directive.  Veneer routines
 * are lowered only when something refers to them (lower_veneer_routine).
 *
 * The back end then walks c->program's directives itself to build its
 * tables, asking lowering for the value of each constant expression
 * (lower_value): property values, array entries, global initial values,
 * property defaults.  Strings and dictionary words met that way are
 * added to the program's pools. */
#ifndef VINFORM_LOWER_H
#define VINFORM_LOWER_H

#include <stdbool.h>
#include "../compiler/compiler.h"
#include "ir.h"

typedef struct Lower Lower;

/* Numbers the whole program (routines, objects, arrays, globals,
 * actions) and finds Main; the Lower lives until lower_free.  Routines
 * are lowered one at a time by lower_routine, so that only one routine's
 * IR is in memory at once. */
Lower *lower_program(Compiler *c);

/* Lowers routine `id` (0 <= id < lower_ir(l)->nroutines, which grows as
 * routines ask for veneer routines) and gives it, its code valid until
 * the next call.  Each id is lowered once, in increasing order. */
const IrRoutine *lower_routine(Lower *l, int id);
void lower_free(Lower *l);
IrProgram *lower_ir(Lower *l);
/* The program's grammar and actions (program_grammar.h), built by
 * lower_program once routines are numbered. */
const struct ProgGrammar *lower_grammar(Lower *l);

/* The constant value of an expression in a directive (array entry,
 * property value, global initialiser, property default, Constant):
 * numbers, folded constants, names of routines, objects, classes, arrays,
 * attributes, properties, actions (##A), strings (interned), dictionary
 * words (interned, with //flags), `#` system constants, EMBEDDED_ROUTINE
 * nodes (the routine lowering made for that node), and + - * of those
 * where one side is a number.  Reports at the node and returns false for
 * anything else. */
bool lower_value(Lower *l, const struct Node *expr, IrValue *out);

/* A string literal's id in the pool (units decoded from the raw text). */
int lower_string(Lower *l, const struct Node *string_node);
/* The same for text that is not a literal in the source (object short
 * names made up as "(Name)", identifier names...). */
int lower_string_text(Lower *l, const char *utf8);
/* A dictionary word's id (`'w'`, `'w//p'`, a grammar or `name` word);
 * a STRING node in a `name` property is read as a word too. */
int lower_dict_word(Lower *l, const struct Node *word_node);

/* The routine id of a veneer routine by its inform6 name ("RV__Pr"),
 * making sure it (and what it calls) is compiled: the program's own
 * routine of that name when it has one. */
int lower_veneer_routine(Lower *l, const char *name);

/* The object number of an OBJECT or CLASS directive node. */
int lower_object_number(Lower *l, const struct Node *directive);

#endif
