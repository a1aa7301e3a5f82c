/* fold.h: evaluating constant expressions while the source is read
 * (array sizes, Iftrue, constant definitions) and after (check). */
#ifndef VINFORM_FOLD_H
#define VINFORM_FOLD_H

#include <stdbool.h>
#include "compiler.h"

/* Evaluates `n` if it is a compile-time constant made of numbers,
 * characters, constants whose values are known so far, and operators.
 * The result wraps to the target's word size (16 bits signed on the
 * Z-machine, 32 on Glulx).  Returns false, reporting nothing, when the
 * value is not known (a forward reference, a string, a routine...) or
 * cannot be computed (overflow, division by zero). */
bool fold_const(Compiler *c, const Node *n, int64_t *out);

typedef enum FoldResult {
    FOLD_VALUE,          /* *out holds the value */
    FOLD_NOT_CONSTANT,   /* not known at compile time; nothing reported */
    FOLD_REPORTED,       /* constant, but overflowed or divided by zero:
                          * reported */
} FoldResult;

/* As fold_const, reporting overflow and division by zero (check).  In a
 * routine `sc` is its scope: a name that is one of its locals is not the
 * constant of the same name (NULL outside routines). */
struct Scope;
FoldResult fold_check(Compiler *c, const struct Scope *sc, const Node *n,
                      int64_t *out);

/* Wraps a value to the target's signed word. */
int64_t fold_wrap(const Compiler *c, int64_t v);

#endif
