/* gselect_strict.c: the Glulx selector's IR_CHECKED, strict mode's
 * run-time checks (ir.h).
 *
 * Takes a CHECKED node; gives: the operation's operands computed once
 * into places that stay put (constants and variables as they are, the
 * rest in temporary globals), a branch to its error for each check that
 * fails, the operation itself over those places, and the failure value
 * (for IR_CHECKED_OP_LAST, inform6's array checks, the one check
 * branching over its error to the operation, placed last).
 * The plan is codegen/checked.h's, shared with the Z selector
 * (codegen/zmachine/select_strict.c says why it is laid out so): every
 * operand is computed (onto the stack, then pulled) before any
 * temporary is given its value, so checks nested inside the operands
 * cannot overwrite them. */
#include "gselect_int.h"

#include "../checked.h"

static GOperand temp_of(int i)
{
    return gasm_global(gl_global_number(checked_temp(i)));
}

/* Computes the operands; points the SUBJECT leaves at their places. */
static void begin(GlSel *s, const IrNode *n, CheckedPlan *c)
{
    const IrNode *op = n->kids[0];
    checked_plan(n, c);
    for (int i = c->nops - 1; i >= 0; i--) {
        if (checked_stays_put(op->kids[i])) continue;
        gs_value(s, op->kids[i], c->moving == 1 ? temp_of(i) : gasm_stack());
    }
    for (int i = 0; c->moving > 1 && i < c->nops; i++)
        if (!checked_stays_put(op->kids[i]))
            gasm_emit2(s->a, GOP_COPY, gasm_stack(), temp_of(i));
    checked_enter(c, s->subject);
}

/* A branch to errs[k] for each condition that fails. */
static void checks(GlSel *s, const IrNode *n, GLabel *errs)
{
    for (int k = 0; k < checked_nchecks(n); k++) {
        errs[k] = gasm_new_label(s->a);
        gs_branch(s, checked_condition(n, k), errs[k], false);
    }
}

/* The errors, each going on to `failed`, which is placed last. */
static void errors(GlSel *s, const IrNode *n, const GLabel *errs, GLabel failed)
{
    int k = checked_nchecks(n);
    for (int i = 0; i < k; i++) {
        gasm_place_label(s->a, errs[i]);
        gs_effect(s, checked_error(n, i));
        if (i < k - 1) gasm_jump(s->a, failed);
    }
    gasm_place_label(s->a, failed);
}

/* A variable of the program (not the stack, not a selector temporary). */
static bool program_variable(GOperand dest)
{
    if (dest.kind == GO_LOCAL) return true;
    return dest.kind == GO_GLOBAL &&
           (uint32_t)dest.value > gl_global_number(IRG_TEMP4);
}

/* The value after a failed check, unless the destination keeps its own
 * (num2: a variable of the program). */
static void fail_value(GlSel *s, const IrNode *n, GOperand dest)
{
    if (!(n->num2 && program_variable(dest))) gs_value(s, n->kids[1], dest);
}

/* IR_CHECKED_OP_LAST: the check branches over its error when it holds;
 * else the error runs, then (for a value) the failure value goes to
 * `dest`, and a jump to `done`.  The caller's operation follows. */
static void error_first(GlSel *s, const IrNode *n, bool value, GOperand dest,
                        GLabel done)
{
    GLabel pass = gasm_new_label(s->a);
    gs_branch(s, checked_condition(n, 0), pass, true);
    gs_effect(s, checked_error(n, 0));
    if (value) fail_value(s, n, dest);
    gasm_jump(s->a, done);
    gasm_place_label(s->a, pass);
}

void gs_checked_value(GlSel *s, const IrNode *n, GOperand dest)
{
    if (checked_is_condition(n->kids[0])) {
        GLabel yes = gasm_new_label(s->a), done = gasm_new_label(s->a);
        gs_checked_branch(s, n, yes, true);
        gasm_emit2(s->a, GOP_COPY, gasm_const(0), dest);
        gasm_jump(s->a, done);
        gasm_place_label(s->a, yes);
        gasm_emit2(s->a, GOP_COPY, gasm_const(1), dest);
        gasm_place_label(s->a, done);
        return;
    }
    CheckedPlan c;
    GLabel errs[CHECKED_MAX_CHECKS], failed = gasm_new_label(s->a),
           done = gasm_new_label(s->a);
    begin(s, n, &c);
    if (checked_op_last(n)) {
        error_first(s, n, true, dest, done);
        gs_value(s, &c.op, dest);
    } else {
        checks(s, n, errs);
        gs_value(s, &c.op, dest);
        gasm_jump(s->a, done);
        errors(s, n, errs, failed);
        fail_value(s, n, dest);
    }
    gasm_place_label(s->a, done);
    checked_leave(&c, s->subject);
}

void gs_checked_effect(GlSel *s, const IrNode *n)
{
    CheckedPlan c;
    GLabel errs[CHECKED_MAX_CHECKS], failed = gasm_new_label(s->a),
           done = gasm_new_label(s->a);
    begin(s, n, &c);
    if (checked_op_last(n)) {
        error_first(s, n, false, gasm_stack(), done);
        gs_effect(s, &c.op);
    } else {
        checks(s, n, errs);
        gs_effect(s, &c.op);
        gasm_jump(s->a, done);
        errors(s, n, errs, failed);
    }
    gasm_place_label(s->a, done);
    checked_leave(&c, s->subject);
}

void gs_checked_branch(GlSel *s, const IrNode *n, GLabel target, bool sense)
{
    if (!checked_is_condition(n->kids[0])) {
        gs_checked_value(s, n, gasm_stack());
        GOperand sp = gasm_stack();
        gasm_emit(s->a, sense ? GOP_JNZ : GOP_JZ, 1, &sp, target);
        return;
    }
    CheckedPlan c;
    GLabel errs[CHECKED_MAX_CHECKS], failed = gasm_new_label(s->a),
           done = gasm_new_label(s->a);
    begin(s, n, &c);
    checks(s, n, errs);
    gs_branch(s, &c.op, target, sense);
    gasm_jump(s->a, done);
    errors(s, n, errs, failed);
    gs_branch(s, n->kids[1], target, sense);
    gasm_place_label(s->a, done);
    checked_leave(&c, s->subject);
}
