/* ir.c: names of the IR kinds and --dump-ir, the IR's one debugging view. */
#include <stdio.h>
#include "ir.h"

static const char *const kind_names[] = {
#define IR_NAME(k, n, d) #k,
    IR_KINDS(IR_NAME)
#undef IR_NAME
};

static const int kind_arity[] = {
#define IR_ARITY(k, n, d) n,
    IR_KINDS(IR_ARITY)
#undef IR_ARITY
};

const char *ir_kind_name(IrKind k)
{
    return k < IR_KIND_COUNT ? kind_names[k] : "?";
}

int ir_kind_arity(IrKind k)
{
    return k < IR_KIND_COUNT ? kind_arity[k] : -1;
}

static const char *const ref_names[] = {
    "routine", "string", "dict", "array", "object", "sysconst", "symbol",
    "action", "global-addr", "table", "char", "global-num",
};

static void dump_value(FILE *out, IrValue v)
{
    if (v.ref == IRR_NONE) {
        fprintf(out, " %d", (int)v.num);
        return;
    }
    fprintf(out, " %s#%u", ref_names[v.ref], (unsigned)v.target);
    if (v.num) fprintf(out, "%+d", (int)v.num);
}

static void dump_node(FILE *out, const IrNode *n, int indent)
{
    fprintf(out, "%*s(%s", indent, "", ir_kind_name((IrKind)n->kind));
    switch (n->kind) {
    case IR_CONST: dump_value(out, n->value); break;
    case IR_LOCAL: case IR_GLOBAL: case IR_LABEL: case IR_JUMP:
    case IR_PRINT_TEXT: case IR_PRINT_RET_TEXT: case IR_STYLE: case IR_FONT:
    case IR_SAVE: case IR_RESTORE: case IR_SYSCALL: case IR_SUBJECT:
        fprintf(out, " %d", (int)n->num);
        break;
    case IR_BRANCH:
        fprintf(out, " L%d if %s", (int)n->num, n->num2 ? "true" : "false");
        break;
    default:
        break;
    }
    if (n->nkids == 0) {
        fputs(")\n", out);
        return;
    }
    fputc('\n', out);
    for (int i = 0; i < n->nkids; i++) {
        if (n->kids[i]) dump_node(out, n->kids[i], indent + 2);
        else fprintf(out, "%*s()\n", indent + 2, "");
    }
    fprintf(out, "%*s)\n", indent, "");
}

void ir_dump_routine(FILE *out, const IrProgram *p, const IrRoutine *r)
{
    (void)p;
    fprintf(out, "[ %s", r->name ? r->name : "(anonymous)");
    for (int i = 0; i < r->nlocals; i++)
        fprintf(out, " %s", r->local_names[i]);
    fputs(";\n", out);
    for (int i = 0; i < r->ncode; i++) dump_node(out, r->code[i], 2);
    fputs("]\n", out);
}
