/* select_int.h: what the parts of the Z instruction selector share
 * (select.c: statements and routines; select_expr.c: values and
 * branches; select_asm.c: inline assembly). */
#ifndef VINFORM_ZM_SELECT_INT_H
#define VINFORM_ZM_SELECT_INT_H

#include "select.h"
#include "ztext.h"
#include "zglobals.h"
#include "../../compiler/compiler.h"

enum { ZV_STACK = 0 };

typedef struct ZSel {
    Compiler *c;
    const IrProgram *ir;
    ZText *zt;
    const IrRoutine *r;
    ZAsm *a;
    int version;
    int max_inline;          /* $ZCODE_MAX_INLINE_STRING */
    ZGlobalMap gm;
    /* Variables the selector itself uses between two instructions (never
     * across a call that could use them for the same thing):
     * temp_global .. temp__global4, wherever the map puts them. */
    int temp1, temp2, temp3, temp4;
    ZLabel *labels;          /* IR label id -> assembler label */
    ZLabel scratch[4];
    const IrNode *subject[3];    /* IR_SUBJECT k inside an IR_CHECKED */
} ZSel;

/* select_expr.c */
bool zs_is_leaf(const IrNode *n);
ZOperand zs_leaf(ZSel *s, const IrNode *n);
/* Operands for an instruction: the non-leaf ones computed last to first
 * onto the stack, so the instruction pops them first to last. */
void zs_operands(ZSel *s, IrNode *const *kids, int n, ZOperand *out);
/* Computes n into variable `dest` (ZV_STACK: pushed). */
void zs_value(ZSel *s, const IrNode *n, int dest);
/* Evaluates n for its effect only. */
void zs_effect(ZSel *s, const IrNode *n);
/* Branches to `target` (assembler label or ZBR_RTRUE/ZBR_RFALSE) when
 * condition n is `sense`. */
void zs_branch(ZSel *s, const IrNode *n, ZLabel target, bool sense);
/* A LOCAL, GLOBAL or POP node's Z variable. */
int zs_var_of(const ZSel *s, const IrNode *n);
/* A call of ops[0] with the other nops - 1 operands as arguments, in the
 * version's form: its result stored in `dest`, or thrown away
 * (ZM_NO_STORE: call_*n, or before v5 stored in TEMP1 as inform6 does). */
void zs_call(ZSel *s, int nops, const ZOperand *ops, int dest);
/* The stack's top into variable `var` (v6's pull stores it). */
void zs_pull(ZSel *s, int var);

/* select_strict.c: IR_CHECKED (strict mode's run-time checks) */
void zs_checked_value(ZSel *s, const IrNode *n, int dest);
void zs_checked_effect(ZSel *s, const IrNode *n);
void zs_checked_branch(ZSel *s, const IrNode *n, ZLabel target, bool sense);

/* select_asm.c */
void zs_asm(ZSel *s, const IrNode *n);

/* Reports what zt_encode could not encode in the text printed at n. */
void zs_text_error(ZSel *s, const IrNode *n, const ZTextErr *err);

#endif
