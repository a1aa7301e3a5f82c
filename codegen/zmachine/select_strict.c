/* select_strict.c: the Z selector's IR_CHECKED, strict mode's run-time
 * checks (ir.h).
 *
 * Takes a CHECKED node; gives: the operation's operands computed once
 * into places that stay put (constants and variables as they are, the
 * rest in temporary globals), a branch to its error for each check that
 * fails, the operation itself over those places, and the failure value.
 * Every operand is computed (onto the stack, then pulled) before any
 * temporary is given its value, so checks nested inside the operands
 * cannot overwrite them; after that only branches and the error calls
 * run, which leave them alone.  The temporaries are chosen not to clash
 * with the ones other code holds while a CHECKED node inside it runs:
 * temp 4 (`==` with more than three alternatives) is never used, temp 2
 * (lowering's ++ of an entry: the index) only for a third operand; and
 * the object of children() ... is not in temp 1, which they count in. */
#include "select_int.h"

enum { MAX_OPERANDS = 3, MAX_CHECKS = 4 };

typedef struct Checked {
    IrNode op;                        /* the operation over fixed places */
    IrNode *kids[MAX_OPERANDS];
    IrNode temps[MAX_OPERANDS];
    const IrNode *saved[MAX_OPERANDS];
} Checked;

static ZBranch br(ZLabel l, bool sense) { return (ZBranch){ l, sense }; }

static const int32_t operand_temp[MAX_OPERANDS] = { IRG_TEMP3, IRG_TEMP1,
                                                    IRG_TEMP2 };

static bool stays_put(const IrNode *n)
{
    return n->kind == IR_CONST || n->kind == IR_LOCAL || n->kind == IR_GLOBAL;
}

static bool is_condition(const IrNode *op)
{
    return op->kind == IR_HAS || op->kind == IR_IN;
}

/* Computes the operands; points the SUBJECT leaves at their places. */
static void begin(ZSel *s, const IrNode *n, Checked *c)
{
    const IrNode *op = n->kids[0];
    int nops = op->nkids < MAX_OPERANDS ? op->nkids : MAX_OPERANDS;
    int moving = 0;
    c->op = *op;
    c->op.kids = c->kids;
    for (int i = 0; i < nops; i++) moving += !stays_put(op->kids[i]);
    for (int i = nops - 1; i >= 0; i--) {
        if (stays_put(op->kids[i])) continue;
        int temp = zsel_global_var(operand_temp[i]);
        zs_value(s, op->kids[i], moving == 1 ? temp : ZV_STACK);
    }
    for (int i = 0; i < nops; i++) {
        c->kids[i] = op->kids[i];
        if (stays_put(op->kids[i])) continue;
        c->temps[i] = (IrNode){ .kind = IR_GLOBAL, .num = operand_temp[i] };
        c->kids[i] = &c->temps[i];
        if (moving > 1)
            zs_pull(s, zsel_global_var(operand_temp[i]));
    }
    for (int i = 0; i < MAX_OPERANDS; i++) {
        c->saved[i] = s->subject[i];
        s->subject[i] = i < nops ? c->kids[i] : NULL;
    }
}

static void end(ZSel *s, Checked *c)
{
    for (int i = 0; i < MAX_OPERANDS; i++) s->subject[i] = c->saved[i];
}

static int nchecks(const IrNode *n)
{
    int k = (n->nkids - 2) / 2;
    return k < MAX_CHECKS ? k : MAX_CHECKS;
}

/* A branch to errs[k] for each condition that fails. */
static void checks(ZSel *s, const IrNode *n, ZLabel *errs)
{
    for (int k = 0; k < nchecks(n); k++) {
        errs[k] = zm_new_label(s->a);
        zs_branch(s, n->kids[2 + 2 * k], errs[k], false);
    }
}

/* The errors, each going on to `failed`, which is placed last. */
static void errors(ZSel *s, const IrNode *n, const ZLabel *errs, ZLabel failed)
{
    int k = nchecks(n);
    for (int i = 0; i < k; i++) {
        zm_place_label(s->a, errs[i]);
        zs_effect(s, n->kids[3 + 2 * i]);
        if (i < k - 1) zm_jump(s->a, failed);
    }
    zm_place_label(s->a, failed);
}

/* A variable of the program (not the stack, not a selector temporary). */
static bool program_variable(int dest)
{
    return dest != ZV_STACK && dest < ZV_TEMP4;
}

void zs_checked_value(ZSel *s, const IrNode *n, int dest)
{
    if (is_condition(n->kids[0])) {
        ZLabel yes = zm_new_label(s->a), done = zm_new_label(s->a);
        zs_checked_branch(s, n, yes, true);
        zs_value(s, &(IrNode){ .kind = IR_CONST, .value = ir_num(0) }, dest);
        zm_jump(s->a, done);
        zm_place_label(s->a, yes);
        zs_value(s, &(IrNode){ .kind = IR_CONST, .value = ir_num(1) }, dest);
        zm_place_label(s->a, done);
        return;
    }
    Checked c;
    ZLabel errs[MAX_CHECKS], failed = zm_new_label(s->a), done = zm_new_label(s->a);
    begin(s, n, &c);
    checks(s, n, errs);
    zs_value(s, &c.op, dest);
    zm_jump(s->a, done);
    errors(s, n, errs, failed);
    if (!(n->num2 && program_variable(dest))) zs_value(s, n->kids[1], dest);
    zm_place_label(s->a, done);
    end(s, &c);
}

void zs_checked_effect(ZSel *s, const IrNode *n)
{
    Checked c;
    ZLabel errs[MAX_CHECKS], failed = zm_new_label(s->a), done = zm_new_label(s->a);
    begin(s, n, &c);
    checks(s, n, errs);
    zs_effect(s, &c.op);
    zm_jump(s->a, done);
    errors(s, n, errs, failed);
    zm_place_label(s->a, done);
    end(s, &c);
}

void zs_checked_branch(ZSel *s, const IrNode *n, ZLabel target, bool sense)
{
    if (!is_condition(n->kids[0])) {
        zs_checked_value(s, n, ZV_STACK);
        ZOperand sp = zm_sp();
        zm_emit(s->a, ZOP_JZ, 1, &sp, ZM_NO_STORE, br(target, !sense));
        return;
    }
    Checked c;
    ZLabel errs[MAX_CHECKS], failed = zm_new_label(s->a), done = zm_new_label(s->a);
    begin(s, n, &c);
    checks(s, n, errs);
    zs_branch(s, &c.op, target, sense);
    zm_jump(s->a, done);
    errors(s, n, errs, failed);
    zs_branch(s, n->kids[1], target, sense);
    zm_place_label(s->a, done);
    end(s, &c);
}
