/* fold.h: evaluating constant expressions while the source is read
 * (declare: array sizes, Iftrue, constant definitions, in source order, as
 * inform6 evaluates them) and once the program is complete (check, which
 * records the values in the nodes).  A shared evaluator: it reads the AST,
 * the symbols and a routine's table of locals, nothing of check's state;
 * the passes after check do not call it (they read ast_folded). */
#ifndef VINFORM_FOLD_H
#define VINFORM_FOLD_H

#include <stdbool.h>
#include "compiler.h"
#include "locals.h"

/* Evaluates `n` if it is a compile-time constant made of numbers,
 * characters, constants whose values are known so far, and operators.
 * The result wraps to the target's word size (16 bits signed on the
 * Z-machine, 32 on Glulx); comparisons are inform6's, unsigned on the
 * Z-machine.  Returns false, reporting nothing, when the
 * value is not known (a forward reference, a string, a routine...) or
 * cannot be computed (overflow, division by zero). */
bool fold_const(Compiler *c, const Node *n, int64_t *out);

typedef enum FoldResult {
    FOLD_VALUE,          /* *out holds the value */
    FOLD_NOT_CONSTANT,   /* not known at compile time; nothing reported */
    FOLD_REPORTED,       /* constant, but overflowed or divided by zero:
                          * reported */
} FoldResult;

/* Check's folding: as fold_const, reporting overflow and division by
 * zero, and recording the value of every BINOP and UNARY it folds in the
 * node (ast_set_folded), where the passes after check read it.  In a
 * routine `locals` is the table of its local variables (check fills it):
 * a name that is one of them is not the constant of the same name (NULL
 * outside routines); there a constant defined after the directive
 * (Compiler.checking) folds nothing, as inform6 folds nothing with a
 * name it has not met yet: the code computes FOO + 1, and no overflow
 * or division by zero is reported. */
FoldResult fold_check(Compiler *c, const Locals *locals, const Node *n,
                      int64_t *out);

/* For the passes after check, which fold nothing themselves: the value
 * of `n` as the passes before found it, only read, never computed: a
 * number or character literal, the name of a constant whose value is
 * known (declare's), a `#` constant known before code generation, or a
 * BINOP or UNARY that check folded (ast_folded).  False otherwise. */
bool fold_result(const Compiler *c, const Node *n, int64_t *out);

/* Wraps a value to the target's signed word. */
int64_t fold_wrap(const Compiler *c, int64_t v);

#endif
