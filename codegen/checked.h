/* checked.h: strict mode's CHECKED node (ir.h) taken apart for a
 * selector, the same for every target.
 *
 * Takes a CHECKED node; gives what a selector needs before it emits any
 * code: which operands must be computed into temporary globals (those
 * that do not stay put), the operation rewritten over those places, the
 * checks and their errors by number, and the SUBJECT leaves pointed at
 * the operands' places while the checks are selected; and the order of
 * the code that carries the plan out (checked_value, checked_effect,
 * checked_branch), which is the same on every machine: the selectors
 * (codegen/zmachine/select_strict.c, codegen/glulx/gselect_strict.c)
 * supply only the instructions, through a CheckedEmit. */
#ifndef VINFORM_CHECKED_H
#define VINFORM_CHECKED_H

#include <stdbool.h>

#include "ir.h"

enum { CHECKED_MAX_OPERANDS = 3, CHECKED_MAX_CHECKS = 4 };

typedef struct CheckedPlan {
    IrNode op;                  /* the operation over fixed places */
    IrNode *kids[CHECKED_MAX_OPERANDS];
    IrNode temps[CHECKED_MAX_OPERANDS];   /* GLOBAL leaves of temporaries */
    const IrNode *saved[CHECKED_MAX_OPERANDS];  /* subjects outside */
    int nops;                   /* operands (at most CHECKED_MAX_OPERANDS) */
    int moving;                 /* how many of them need a temporary */
} CheckedPlan;

/* The temporary global (IRG_TEMPn) operand i is kept in.  Chosen not to
 * clash with the ones other code holds while a CHECKED node inside it
 * runs: temp 4 (`==` with more than three alternatives) is never used,
 * temp 2 (lowering's ++ of an entry: the index) only for a third
 * operand; and the object of children() ... is not in temp 1, which
 * they count in. */
int32_t checked_temp(int i);

/* A constant or a variable: read where it is, no temporary needed. */
bool checked_stays_put(const IrNode *n);

/* The checked operation is a condition (HAS, IN), not a value. */
bool checked_is_condition(const IrNode *op);

/* How many checks the node has (at most CHECKED_MAX_CHECKS); check k's
 * condition and the error evaluated when it fails. */
int checked_nchecks(const IrNode *n);
const IrNode *checked_condition(const IrNode *n, int k);
const IrNode *checked_error(const IrNode *n, int k);

/* The operation goes after the error (IR_CHECKED_OP_LAST, ir.h): the
 * one check branches to it when it holds, else falls into its error. */
bool checked_op_last(const IrNode *n);

/* Fills `c` for CHECKED node `n`: nops, moving, and c->op, the operation
 * with each operand that does not stay put replaced by its temporary.
 * Emits nothing: the selector computes the moving operands itself (each
 * straight into its temporary when only one moves; otherwise all onto
 * the stack, last first, then pulled into their temporaries, so checks
 * nested inside the operands cannot overwrite them). */
void checked_plan(const IrNode *n, CheckedPlan *c);

/* While the checks are selected: the selector's SUBJECT leaves (its
 * `subject` array of CHECKED_MAX_OPERANDS) point at the operands'
 * places; checked_leave puts back the ones of any CHECKED node outside. */
void checked_enter(CheckedPlan *c, const IrNode **subject);
void checked_leave(const CheckedPlan *c, const IrNode **subject);

/* ---- laying the code out ----
 * A selector's emitters, for checked_value/effect/branch.  Labels are the
 * selector's label numbers; a destination is the selector's own kind of
 * place, handed through as a pointer and never looked into here. */
typedef struct CheckedEmit {
    void *sel;                  /* the selector, first argument of each */
    const IrNode **subject;     /* its SUBJECT leaves (checked_enter) */
    const void *stack;          /* the destination "onto the stack" */
    int (*new_label)(void *sel);
    void (*place)(void *sel, int label);
    void (*jump)(void *sel, int label);
    /* to `label` when `cond` is `sense` */
    void (*branch)(void *sel, const IrNode *cond, int label, bool sense);
    void (*effect)(void *sel, const IrNode *n);
    void (*value)(void *sel, const IrNode *n, const void *dest);
    /* n's value into temporary global `temp` (a checked_temp) */
    void (*into_temp)(void *sel, const IrNode *n, int32_t temp);
    /* the value on top of the stack into temporary global `temp` */
    void (*pull)(void *sel, int32_t temp);
    /* to `label` when the value on top of the stack (taken off) is
     * non-zero (`sense`) or zero (!sense) */
    void (*branch_on_stack)(void *sel, int label, bool sense);
    /* dest is a variable of the program (not the stack, not a selector's
     * temporary): it keeps its value when a check fails (num2) */
    bool (*program_variable)(void *sel, const void *dest);
} CheckedEmit;

/* CHECKED node n as a value into dest, as an effect, as a branch to
 * `target` when it is `sense`: the operands computed once (checked_plan),
 * a branch to its error for each check that fails, the operation over
 * the fixed places, and the failure value; for checked_op_last the one
 * check branching over its error to the operation, placed last. */
void checked_value(const CheckedEmit *e, const IrNode *n, const void *dest);
void checked_effect(const CheckedEmit *e, const IrNode *n);
void checked_branch(const CheckedEmit *e, const IrNode *n, int target,
                    bool sense);

#endif
