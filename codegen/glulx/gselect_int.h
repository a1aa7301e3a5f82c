/* gselect_int.h: what the parts of the Glulx instruction selector share
 * (gselect.c: statements and routines; gselect_expr.c: values and
 * branches; gselect_asm.c: inline assembly; gselect_strict.c: strict
 * mode's checked operations). */
#ifndef VINFORM_GL_GSELECT_INT_H
#define VINFORM_GL_GSELECT_INT_H

#include "gasm.h"
#include "gcode.h"
#include "../../compiler/compiler.h"

struct GlSel {
    Compiler *c;
    const IrProgram *ir;
    GAsm *a;
    const IrRoutine *r;
    GLabel *labels;              /* IR label id -> assembler label */
    bool *forward;               /* IR label id: nothing after it goes
                                  * there (gasm_place_forward_label) */
    const IrNode *subject[3];    /* IR_SUBJECT k inside an IR_CHECKED */
    uint32_t version;            /* the highest any routine needed */
    int gobj_parent, gobj_child, gobj_sibling, gobj_name;  /* word fields */
};

/* The compiler's own variables, as globals (gcode.h's numbering). */
static inline GOperand gs_temp(int k)   /* 1..4: temp_global .. */
{
    return gasm_global(gl_global_number(IRG_TEMP1 + k - 1));
}

/* gselect_expr.c */
bool gs_is_leaf(const IrNode *n);
GOperand gs_leaf(GlSel *s, const IrNode *n);
GOperand gs_value_operand(GlSel *s, IrValue v);
/* Operands for an instruction: the non-leaf ones computed last to first
 * onto the stack, so the instruction pops them first to last. */
void gs_operands(GlSel *s, IrNode *const *kids, int n, GOperand *out);
/* Computes n into `dest` (a store operand: stack, local, global or
 * discard). */
void gs_value(GlSel *s, const IrNode *n, GOperand dest);
/* Evaluates n for its effect only. */
void gs_effect(GlSel *s, const IrNode *n);
/* Branches to `target` (label, GBR_RTRUE or GBR_RFALSE) when condition n
 * is `sense`. */
void gs_branch(GlSel *s, const IrNode *n, GLabel target, bool sense);
/* The store operand of a LOCAL, GLOBAL or POP node. */
GOperand gs_var_of(const IrNode *n);
/* `@copy from dest`, unless it would do nothing. */
void gs_store(GlSel *s, GOperand from, GOperand dest);
/* Goes to target: @jump, or a return for GBR_RTRUE / GBR_RFALSE. */
void gs_goto(GlSel *s, GLabel target);

/* gselect_strict.c: IR_CHECKED */
void gs_checked_value(GlSel *s, const IrNode *n, GOperand dest);
void gs_checked_effect(GlSel *s, const IrNode *n);
void gs_checked_branch(GlSel *s, const IrNode *n, GLabel target, bool sense);

/* gselect_asm.c */
void gs_asm(GlSel *s, const IrNode *n);

#endif
