/* select_strict.c: the Z selector's IR_CHECKED, strict mode's run-time
 * checks (ir.h).
 *
 * Takes a CHECKED node; gives its code in Z-machine instructions.  The
 * plan and the order of the code (operands computed once into places
 * that stay put, a branch to its error for each check that fails, the
 * operation, the failure value) are codegen/checked.c's, shared with the
 * Glulx selector: this file supplies the instructions (a CheckedEmit).
 * A destination is a Z variable number (ZV_STACK: the stack). */
#include "select_int.h"

#include "../checked.h"

static const int on_stack = ZV_STACK;

static int new_label(void *sel) { return zm_new_label(((ZSel *)sel)->a); }

static void place(void *sel, int l) { zm_place_label(((ZSel *)sel)->a, l); }

static void jump(void *sel, int l) { zm_jump(((ZSel *)sel)->a, l); }

static void branch(void *sel, const IrNode *cond, int l, bool sense)
{
    zs_branch(sel, cond, l, sense);
}

static void effect(void *sel, const IrNode *n) { zs_effect(sel, n); }

static void value(void *sel, const IrNode *n, const void *dest)
{
    zs_value(sel, n, *(const int *)dest);
}

static void into_temp(void *sel, const IrNode *n, int32_t temp)
{
    ZSel *s = sel;
    zs_value(s, n, zgm_var(&s->gm, temp));
}

static void pull(void *sel, int32_t temp)
{
    ZSel *s = sel;
    zs_pull(s, zgm_var(&s->gm, temp));
}

static void branch_on_stack(void *sel, int l, bool sense)
{
    ZOperand sp = zm_sp();
    zm_emit(((ZSel *)sel)->a, ZOP_JZ, 1, &sp, ZM_NO_STORE,
            (ZBranch){ l, !sense });
}

static bool program_variable(void *sel, const void *dest)
{
    const ZSel *s = sel;
    int d = *(const int *)dest;
    return d != ZV_STACK && d != s->temp1 && d != s->temp2 &&
           d != s->temp3 && d != s->temp4;
}

static CheckedEmit emitter(ZSel *s)
{
    return (CheckedEmit){
        .sel = s, .subject = s->subject, .stack = &on_stack,
        .new_label = new_label, .place = place, .jump = jump,
        .branch = branch, .effect = effect, .value = value,
        .into_temp = into_temp, .pull = pull,
        .branch_on_stack = branch_on_stack,
        .program_variable = program_variable,
    };
}

void zs_checked_value(ZSel *s, const IrNode *n, int dest)
{
    CheckedEmit e = emitter(s);
    checked_value(&e, n, &dest);
}

void zs_checked_effect(ZSel *s, const IrNode *n)
{
    CheckedEmit e = emitter(s);
    checked_effect(&e, n);
}

void zs_checked_branch(ZSel *s, const IrNode *n, ZLabel target, bool sense)
{
    CheckedEmit e = emitter(s);
    checked_branch(&e, n, target, sense);
}
