/* gselect_strict.c: the Glulx selector's IR_CHECKED, strict mode's
 * run-time checks (ir.h).
 *
 * Takes a CHECKED node; gives its code in Glulx instructions.  The plan
 * and the order of the code (operands computed once into places that
 * stay put, a branch to its error for each check that fails, the
 * operation, the failure value) are codegen/checked.c's, shared with the
 * Z selector: this file supplies the instructions (a CheckedEmit).  A
 * destination is a GOperand. */
#include "gselect_int.h"

#include "../checked.h"

static GOperand temp_of(int32_t temp)
{
    return gasm_global(gl_global_number(temp));
}

static int new_label(void *sel) { return gasm_new_label(((GlSel *)sel)->a); }

static void place(void *sel, int l) { gasm_place_label(((GlSel *)sel)->a, l); }

static void jump(void *sel, int l) { gasm_jump(((GlSel *)sel)->a, l); }

static void branch(void *sel, const IrNode *cond, int l, bool sense)
{
    gs_branch(sel, cond, l, sense);
}

static void effect(void *sel, const IrNode *n) { gs_effect(sel, n); }

static void value(void *sel, const IrNode *n, const void *dest)
{
    gs_value(sel, n, *(const GOperand *)dest);
}

static void into_temp(void *sel, const IrNode *n, int32_t temp)
{
    gs_value(sel, n, temp_of(temp));
}

static void pull(void *sel, int32_t temp)
{
    gasm_emit2(((GlSel *)sel)->a, GOP_COPY, gasm_stack(), temp_of(temp));
}

static void branch_on_stack(void *sel, int l, bool sense)
{
    GOperand sp = gasm_stack();
    gasm_emit(((GlSel *)sel)->a, sense ? GOP_JNZ : GOP_JZ, 1, &sp, l);
}

/* A variable of the program: a local, or a global past the selector's
 * temporaries. */
static bool program_variable(void *sel, const void *dest)
{
    (void)sel;
    const GOperand *d = dest;
    if (d->kind == GO_LOCAL) return true;
    return d->kind == GO_GLOBAL &&
           (uint32_t)d->value > gl_global_number(IRG_TEMP4);
}

static CheckedEmit emitter(GlSel *s, const GOperand *stack)
{
    return (CheckedEmit){
        .sel = s, .subject = s->subject, .stack = stack,
        .new_label = new_label, .place = place, .jump = jump,
        .branch = branch, .effect = effect, .value = value,
        .into_temp = into_temp, .pull = pull,
        .branch_on_stack = branch_on_stack,
        .program_variable = program_variable,
    };
}

void gs_checked_value(GlSel *s, const IrNode *n, GOperand dest)
{
    GOperand stack = gasm_stack();
    CheckedEmit e = emitter(s, &stack);
    checked_value(&e, n, &dest);
}

void gs_checked_effect(GlSel *s, const IrNode *n)
{
    GOperand stack = gasm_stack();
    CheckedEmit e = emitter(s, &stack);
    checked_effect(&e, n);
}

void gs_checked_branch(GlSel *s, const IrNode *n, GLabel target, bool sense)
{
    GOperand stack = gasm_stack();
    CheckedEmit e = emitter(s, &stack);
    checked_branch(&e, n, target, sense);
}
