/* checked.c: strict mode's CHECKED node taken apart for a selector
 * (see checked.h). */
#include "checked.h"

static const int32_t operand_temp[CHECKED_MAX_OPERANDS] = {
    IRG_TEMP3, IRG_TEMP1, IRG_TEMP2
};

int32_t checked_temp(int i) { return operand_temp[i]; }

bool checked_stays_put(const IrNode *n)
{
    return n->kind == IR_CONST || n->kind == IR_LOCAL || n->kind == IR_GLOBAL;
}

bool checked_is_condition(const IrNode *op)
{
    return op->kind == IR_HAS || op->kind == IR_IN;
}

int checked_nchecks(const IrNode *n)
{
    int k = (n->nkids - 2) / 2;
    return k < CHECKED_MAX_CHECKS ? k : CHECKED_MAX_CHECKS;
}

bool checked_op_last(const IrNode *n)
{
    return n->num == IR_CHECKED_OP_LAST && checked_nchecks(n) == 1;
}

const IrNode *checked_condition(const IrNode *n, int k)
{
    return n->kids[2 + 2 * k];
}

const IrNode *checked_error(const IrNode *n, int k)
{
    return n->kids[3 + 2 * k];
}

void checked_plan(const IrNode *n, CheckedPlan *c)
{
    const IrNode *op = n->kids[0];
    c->nops = op->nkids < CHECKED_MAX_OPERANDS ? op->nkids
                                                : CHECKED_MAX_OPERANDS;
    c->moving = 0;
    c->op = *op;
    c->op.kids = c->kids;
    for (int i = 0; i < c->nops; i++) {
        c->kids[i] = op->kids[i];
        if (checked_stays_put(op->kids[i])) continue;
        c->moving++;
        c->temps[i] = (IrNode){ .kind = IR_GLOBAL, .num = operand_temp[i] };
        c->kids[i] = &c->temps[i];
    }
}

void checked_enter(CheckedPlan *c, const IrNode **subject)
{
    for (int i = 0; i < CHECKED_MAX_OPERANDS; i++) {
        c->saved[i] = subject[i];
        subject[i] = i < c->nops ? c->kids[i] : NULL;
    }
}

void checked_leave(const CheckedPlan *c, const IrNode **subject)
{
    for (int i = 0; i < CHECKED_MAX_OPERANDS; i++) subject[i] = c->saved[i];
}

/* ---- laying the code out ---- */

/* Computes the operands; points the SUBJECT leaves at their places.
 * Every operand is computed (onto the stack, then pulled) before any
 * temporary is given its value, so checks nested inside the operands
 * cannot overwrite them; after that only branches and the error calls
 * run, which leave them alone. */
static void begin(const CheckedEmit *e, const IrNode *n, CheckedPlan *c)
{
    const IrNode *op = n->kids[0];
    checked_plan(n, c);
    for (int i = c->nops - 1; i >= 0; i--) {
        if (checked_stays_put(op->kids[i])) continue;
        if (c->moving == 1) e->into_temp(e->sel, op->kids[i], checked_temp(i));
        else e->value(e->sel, op->kids[i], e->stack);
    }
    for (int i = 0; c->moving > 1 && i < c->nops; i++)
        if (!checked_stays_put(op->kids[i])) e->pull(e->sel, checked_temp(i));
    checked_enter(c, e->subject);
}

/* A branch to errs[k] for each condition that fails. */
static void checks(const CheckedEmit *e, const IrNode *n, int *errs)
{
    for (int k = 0; k < checked_nchecks(n); k++) {
        errs[k] = e->new_label(e->sel);
        e->branch(e->sel, checked_condition(n, k), errs[k], false);
    }
}

/* The errors, each going on to `failed`, which is placed last. */
static void errors(const CheckedEmit *e, const IrNode *n, const int *errs,
                   int failed)
{
    int k = checked_nchecks(n);
    for (int i = 0; i < k; i++) {
        e->place(e->sel, errs[i]);
        e->effect(e->sel, checked_error(n, i));
        if (i < k - 1) e->jump(e->sel, failed);
    }
    e->place(e->sel, failed);
}

/* The value after a failed check, unless the destination keeps its own
 * (num2: a variable of the program). */
static void fail_value(const CheckedEmit *e, const IrNode *n, const void *dest)
{
    if (!(n->num2 && e->program_variable(e->sel, dest)))
        e->value(e->sel, n->kids[1], dest);
}

/* checked_op_last: the check branches over its error when it holds; else
 * the error runs, then (for a value: dest) the failure value, and a jump
 * to `done`.  The caller's operation follows. */
static void error_first(const CheckedEmit *e, const IrNode *n,
                        const void *dest, int done)
{
    int pass = e->new_label(e->sel);
    e->branch(e->sel, checked_condition(n, 0), pass, true);
    e->effect(e->sel, checked_error(n, 0));
    if (dest) fail_value(e, n, dest);
    e->jump(e->sel, done);
    e->place(e->sel, pass);
}

void checked_value(const CheckedEmit *e, const IrNode *n, const void *dest)
{
    if (checked_is_condition(n->kids[0])) {
        int yes = e->new_label(e->sel), done = e->new_label(e->sel);
        checked_branch(e, n, yes, true);
        e->value(e->sel, &(IrNode){ .kind = IR_CONST, .value = ir_num(0) }, dest);
        e->jump(e->sel, done);
        e->place(e->sel, yes);
        e->value(e->sel, &(IrNode){ .kind = IR_CONST, .value = ir_num(1) }, dest);
        e->place(e->sel, done);
        return;
    }
    CheckedPlan c;
    int errs[CHECKED_MAX_CHECKS], failed = e->new_label(e->sel),
        done = e->new_label(e->sel);
    begin(e, n, &c);
    if (checked_op_last(n)) {
        error_first(e, n, dest, done);
        e->value(e->sel, &c.op, dest);
    } else {
        checks(e, n, errs);
        e->value(e->sel, &c.op, dest);
        e->jump(e->sel, done);
        errors(e, n, errs, failed);
        fail_value(e, n, dest);
    }
    e->place(e->sel, done);
    checked_leave(&c, e->subject);
}

void checked_effect(const CheckedEmit *e, const IrNode *n)
{
    CheckedPlan c;
    int errs[CHECKED_MAX_CHECKS], failed = e->new_label(e->sel),
        done = e->new_label(e->sel);
    begin(e, n, &c);
    if (checked_op_last(n)) {
        error_first(e, n, NULL, done);
        e->effect(e->sel, &c.op);
    } else {
        checks(e, n, errs);
        e->effect(e->sel, &c.op);
        e->jump(e->sel, done);
        errors(e, n, errs, failed);
    }
    e->place(e->sel, done);
    checked_leave(&c, e->subject);
}

void checked_branch(const CheckedEmit *e, const IrNode *n, int target,
                    bool sense)
{
    if (!checked_is_condition(n->kids[0])) {
        checked_value(e, n, e->stack);
        e->branch_on_stack(e->sel, target, sense);
        return;
    }
    CheckedPlan c;
    int errs[CHECKED_MAX_CHECKS], failed = e->new_label(e->sel),
        done = e->new_label(e->sel);
    begin(e, n, &c);
    checks(e, n, errs);
    e->branch(e->sel, &c.op, target, sense);
    e->jump(e->sel, done);
    errors(e, n, errs, failed);
    e->branch(e->sel, n->kids[1], target, sense);
    e->place(e->sel, done);
    checked_leave(&c, e->subject);
}
