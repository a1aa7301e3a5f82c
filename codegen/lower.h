/* lower.h: the checked AST to the target-neutral IR (ir.h), one routine
 * at a time.
 *
 * The program builder (program.h) has numbered everything code refers
 * to first: routines (named and embedded) in the pools (value.h),
 * objects, arrays, globals and actions in Symbol.ir_id.  Lowering reads
 * those numbers; it adds to the pools the strings and dictionary words
 * its code uses and the veneer routines it calls (lower_veneer_routine),
 * which join the end of the routine list. */
#ifndef VINFORM_LOWER_H
#define VINFORM_LOWER_H

#include <stdbool.h>
#include "../compiler/compiler.h"
#include "ir.h"
#include "value.h"

typedef struct Lower Lower;

/* The lowering of the program the pools number (program_build first);
 * lives until lower_free.  Routines are lowered one at a time by
 * lower_routine, so that only one routine's IR is in memory at once. */
Lower *lower_program(Compiler *c, IrPools *pools);

/* Lowers routine `id` (0 <= id < lower_ir(l)->nroutines, which grows as
 * routines ask for veneer routines) and gives it, its code valid until
 * the next call.  Each id is lowered once, in increasing order; a bundled
 * routine's node must have been given first (the driver does it:
 * pools_bundled_wanted, pools_set_bundled). */
const IrRoutine *lower_routine(Lower *l, int id);
void lower_free(Lower *l);
IrProgram *lower_ir(Lower *l);

/* The routine id of a veneer routine by its inform6 name ("RV__Pr"),
 * making sure it (and what it calls) is compiled: the program's own
 * routine of that name when it has one. */
int lower_veneer_routine(Lower *l, const char *name);

#endif
