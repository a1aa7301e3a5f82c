/* gselect_strict.c: the Glulx selector's IR_CHECKED, strict mode's
 * run-time checks (ir.h).
 *
 * Takes a CHECKED node; gives: the operation's operands computed once
 * into places that stay put (constants and variables as they are, the
 * rest in temporary globals), a branch to its error for each check that
 * fails, the operation itself over those places, and the failure value.
 * The same plan as the Z selector's (codegen/zmachine/select_strict.c,
 * which says why these temporaries): every operand is computed (onto
 * the stack, then pulled) before any temporary is given its value, so
 * checks nested inside the operands cannot overwrite them. */
#include "gselect_int.h"

enum { MAX_OPERANDS = 3, MAX_CHECKS = 4 };

typedef struct Checked {
    IrNode op;                        /* the operation over fixed places */
    IrNode *kids[MAX_OPERANDS];
    IrNode temps[MAX_OPERANDS];
    const IrNode *saved[MAX_OPERANDS];
} Checked;

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

static GOperand temp_of(int i)
{
    return gasm_global(gl_global_number(operand_temp[i]));
}

/* Computes the operands; points the SUBJECT leaves at their places. */
static void begin(GlSel *s, const IrNode *n, Checked *c)
{
    const IrNode *op = n->kids[0];
    int nops = op->nkids < MAX_OPERANDS ? op->nkids : MAX_OPERANDS;
    int moving = 0;
    c->op = *op;
    c->op.kids = c->kids;
    for (int i = 0; i < nops; i++) moving += !stays_put(op->kids[i]);
    for (int i = nops - 1; i >= 0; i--) {
        if (stays_put(op->kids[i])) continue;
        gs_value(s, op->kids[i], moving == 1 ? temp_of(i) : gasm_stack());
    }
    for (int i = 0; i < nops; i++) {
        c->kids[i] = op->kids[i];
        if (stays_put(op->kids[i])) continue;
        c->temps[i] = (IrNode){ .kind = IR_GLOBAL, .num = operand_temp[i] };
        c->kids[i] = &c->temps[i];
        if (moving > 1) gasm_emit2(s->a, GOP_COPY, gasm_stack(), temp_of(i));
    }
    for (int i = 0; i < MAX_OPERANDS; i++) {
        c->saved[i] = s->subject[i];
        s->subject[i] = i < nops ? c->kids[i] : NULL;
    }
}

static void end(GlSel *s, Checked *c)
{
    for (int i = 0; i < MAX_OPERANDS; i++) s->subject[i] = c->saved[i];
}

static int nchecks(const IrNode *n)
{
    int k = (n->nkids - 2) / 2;
    return k < MAX_CHECKS ? k : MAX_CHECKS;
}

/* A branch to errs[k] for each condition that fails. */
static void checks(GlSel *s, const IrNode *n, GLabel *errs)
{
    for (int k = 0; k < nchecks(n); k++) {
        errs[k] = gasm_new_label(s->a);
        gs_branch(s, n->kids[2 + 2 * k], errs[k], false);
    }
}

/* The errors, each going on to `failed`, which is placed last. */
static void errors(GlSel *s, const IrNode *n, const GLabel *errs, GLabel failed)
{
    int k = nchecks(n);
    for (int i = 0; i < k; i++) {
        gasm_place_label(s->a, errs[i]);
        gs_effect(s, n->kids[3 + 2 * i]);
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

void gs_checked_value(GlSel *s, const IrNode *n, GOperand dest)
{
    if (is_condition(n->kids[0])) {
        GLabel yes = gasm_new_label(s->a), done = gasm_new_label(s->a);
        gs_checked_branch(s, n, yes, true);
        gasm_emit2(s->a, GOP_COPY, gasm_const(0), dest);
        gasm_jump(s->a, done);
        gasm_place_label(s->a, yes);
        gasm_emit2(s->a, GOP_COPY, gasm_const(1), dest);
        gasm_place_label(s->a, done);
        return;
    }
    Checked c;
    GLabel errs[MAX_CHECKS], failed = gasm_new_label(s->a),
           done = gasm_new_label(s->a);
    begin(s, n, &c);
    checks(s, n, errs);
    gs_value(s, &c.op, dest);
    gasm_jump(s->a, done);
    errors(s, n, errs, failed);
    if (!(n->num2 && program_variable(dest))) gs_value(s, n->kids[1], dest);
    gasm_place_label(s->a, done);
    end(s, &c);
}

void gs_checked_effect(GlSel *s, const IrNode *n)
{
    Checked c;
    GLabel errs[MAX_CHECKS], failed = gasm_new_label(s->a),
           done = gasm_new_label(s->a);
    begin(s, n, &c);
    checks(s, n, errs);
    gs_effect(s, &c.op);
    gasm_jump(s->a, done);
    errors(s, n, errs, failed);
    gasm_place_label(s->a, done);
    end(s, &c);
}

void gs_checked_branch(GlSel *s, const IrNode *n, GLabel target, bool sense)
{
    if (!is_condition(n->kids[0])) {
        gs_checked_value(s, n, gasm_stack());
        GOperand sp = gasm_stack();
        gasm_emit(s->a, sense ? GOP_JNZ : GOP_JZ, 1, &sp, target);
        return;
    }
    Checked c;
    GLabel errs[MAX_CHECKS], failed = gasm_new_label(s->a),
           done = gasm_new_label(s->a);
    begin(s, n, &c);
    checks(s, n, errs);
    gs_branch(s, &c.op, target, sense);
    gasm_jump(s->a, done);
    errors(s, n, errs, failed);
    gs_branch(s, n->kids[1], target, sense);
    gasm_place_label(s->a, done);
    end(s, &c);
}
