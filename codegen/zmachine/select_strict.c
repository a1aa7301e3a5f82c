/* select_strict.c: the Z selector's IR_CHECKED, strict mode's run-time
 * checks (ir.h).
 *
 * Takes a CHECKED node; gives: the operation's operands computed once
 * into places that stay put (constants and variables as they are, the
 * rest in temporary globals), a branch to its error for each check that
 * fails, the operation itself over those places, and the failure value
 * (for IR_CHECKED_OP_LAST, inform6's array checks, the one check
 * branching over its error to the operation, placed last).
 * The plan (which operands move, into which temporaries, and why those)
 * is codegen/checked.h's, shared with the Glulx selector.  Every operand
 * is computed (onto the stack, then pulled) before any temporary is given
 * its value, so checks nested inside the operands cannot overwrite them;
 * after that only branches and the error calls run, which leave them
 * alone. */
#include "select_int.h"

#include "../checked.h"

static ZBranch br(ZLabel l, bool sense) { return (ZBranch){ l, sense }; }

/* Computes the operands; points the SUBJECT leaves at their places. */
static void begin(ZSel *s, const IrNode *n, CheckedPlan *c)
{
    const IrNode *op = n->kids[0];
    checked_plan(n, c);
    for (int i = c->nops - 1; i >= 0; i--) {
        if (checked_stays_put(op->kids[i])) continue;
        int temp = zgm_var(&s->gm, checked_temp(i));
        zs_value(s, op->kids[i], c->moving == 1 ? temp : ZV_STACK);
    }
    for (int i = 0; c->moving > 1 && i < c->nops; i++)
        if (!checked_stays_put(op->kids[i]))
            zs_pull(s, zgm_var(&s->gm, checked_temp(i)));
    checked_enter(c, s->subject);
}

/* A branch to errs[k] for each condition that fails. */
static void checks(ZSel *s, const IrNode *n, ZLabel *errs)
{
    for (int k = 0; k < checked_nchecks(n); k++) {
        errs[k] = zm_new_label(s->a);
        zs_branch(s, checked_condition(n, k), errs[k], false);
    }
}

/* The errors, each going on to `failed`, which is placed last. */
static void errors(ZSel *s, const IrNode *n, const ZLabel *errs, ZLabel failed)
{
    int k = checked_nchecks(n);
    for (int i = 0; i < k; i++) {
        zm_place_label(s->a, errs[i]);
        zs_effect(s, checked_error(n, i));
        if (i < k - 1) zm_jump(s->a, failed);
    }
    zm_place_label(s->a, failed);
}

/* A variable of the program (not the stack, not a selector temporary). */
static bool program_variable(const ZSel *s, int dest)
{
    return dest != ZV_STACK && dest != s->temp1 && dest != s->temp2 &&
           dest != s->temp3 && dest != s->temp4;
}

/* The value after a failed check, unless the destination keeps its own
 * (num2: a variable of the program). */
static void fail_value(ZSel *s, const IrNode *n, int dest)
{
    if (!(n->num2 && program_variable(s, dest))) zs_value(s, n->kids[1], dest);
}

/* IR_CHECKED_OP_LAST: the check branches over its error when it holds;
 * else the error runs, then (for a value) the failure value goes to
 * `dest`, and a jump to `done`.  The caller's operation follows. */
static void error_first(ZSel *s, const IrNode *n, bool value, int dest,
                        ZLabel done)
{
    ZLabel pass = zm_new_label(s->a);
    zs_branch(s, checked_condition(n, 0), pass, true);
    zs_effect(s, checked_error(n, 0));
    if (value) fail_value(s, n, dest);
    zm_jump(s->a, done);
    zm_place_label(s->a, pass);
}

void zs_checked_value(ZSel *s, const IrNode *n, int dest)
{
    if (checked_is_condition(n->kids[0])) {
        ZLabel yes = zm_new_label(s->a), done = zm_new_label(s->a);
        zs_checked_branch(s, n, yes, true);
        zs_value(s, &(IrNode){ .kind = IR_CONST, .value = ir_num(0) }, dest);
        zm_jump(s->a, done);
        zm_place_label(s->a, yes);
        zs_value(s, &(IrNode){ .kind = IR_CONST, .value = ir_num(1) }, dest);
        zm_place_label(s->a, done);
        return;
    }
    CheckedPlan c;
    ZLabel errs[CHECKED_MAX_CHECKS], failed = zm_new_label(s->a),
           done = zm_new_label(s->a);
    begin(s, n, &c);
    if (checked_op_last(n)) {
        error_first(s, n, true, dest, done);
        zs_value(s, &c.op, dest);
    } else {
        checks(s, n, errs);
        zs_value(s, &c.op, dest);
        zm_jump(s->a, done);
        errors(s, n, errs, failed);
        fail_value(s, n, dest);
    }
    zm_place_label(s->a, done);
    checked_leave(&c, s->subject);
}

void zs_checked_effect(ZSel *s, const IrNode *n)
{
    CheckedPlan c;
    ZLabel errs[CHECKED_MAX_CHECKS], failed = zm_new_label(s->a),
           done = zm_new_label(s->a);
    begin(s, n, &c);
    if (checked_op_last(n)) {
        error_first(s, n, false, ZV_STACK, done);
        zs_effect(s, &c.op);
    } else {
        checks(s, n, errs);
        zs_effect(s, &c.op);
        zm_jump(s->a, done);
        errors(s, n, errs, failed);
    }
    zm_place_label(s->a, done);
    checked_leave(&c, s->subject);
}

void zs_checked_branch(ZSel *s, const IrNode *n, ZLabel target, bool sense)
{
    if (!checked_is_condition(n->kids[0])) {
        zs_checked_value(s, n, ZV_STACK);
        ZOperand sp = zm_sp();
        zm_emit(s->a, ZOP_JZ, 1, &sp, ZM_NO_STORE, br(target, !sense));
        return;
    }
    CheckedPlan c;
    ZLabel errs[CHECKED_MAX_CHECKS], failed = zm_new_label(s->a),
           done = zm_new_label(s->a);
    begin(s, n, &c);
    checks(s, n, errs);
    zs_branch(s, &c.op, target, sense);
    zm_jump(s->a, done);
    errors(s, n, errs, failed);
    zs_branch(s, n->kids[1], target, sense);
    zm_place_label(s->a, done);
    checked_leave(&c, s->subject);
}
