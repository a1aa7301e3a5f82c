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
