/* gselect_asm.c: inline assembly on Glulx: `@opcode operands;`, custom
 * opcodes `@"FLAGSn:NUMBER"`, and raw data `@ -> bytes;` / `@ --> words;`.
 *
 * Takes an IR_ASM node (ir.h) whose AST node names the opcode; the front
 * end checked it against opcodes.def (asm_check.c).  Glulx writes every
 * operand in place, stores included, so the node's kids are the operands
 * in order and the branch is the node's label: load operands that need
 * computing are computed last to first onto the stack (so the opcode
 * pops them first to last), store operands must be variables, `sp` (a
 * push) or 0 (thrown away), and a branch goes to a label, or returns
 * 0 / 1 for `?rfalse` / `?rtrue`. */
#include "gselect_int.h"

#include <stdlib.h>
#include <string.h>

#include "../../compiler/ast.h"
#include "../../compiler/diag.h"
#include "../raw_data.h"

enum { MAX_ASM_OPERANDS = 10 };

/* The facts of @"S3:123": which operands store, whether the last
 * branches, whether execution goes on; false when it is not that form
 * (the front end reported it). */
typedef struct Custom {
    uint32_t number;
    int count;              /* operands, the branch included */
    int stores;             /* 0, 1, 2: the last operands before a branch */
    bool branch, never_returns;
} Custom;

static bool custom_form(const char *text, Custom *c)
{
    memset(c, 0, sizeof *c);
    const char *p = text;
    for (; *p && *p != ':'; p++) {
        if (*p == 'S') c->stores++;
        else if (*p == 'B') c->branch = true;
        else if (*p == 'R') c->never_returns = true;
        else if (*p >= '0' && *p <= '9') c->count = *p - '0';
        else return false;
    }
    if (*p != ':' || c->stores > 2) return false;
    char *end;
    unsigned long n = strtoul(p + 1, &end, 10);
    if (end == p + 1 || *end) return false;
    c->number = (uint32_t)n;
    return true;
}

/* A store operand: a variable, `sp` (push), 0 (the result thrown away,
 * as inform6 allows), or a mistake. */
static GOperand store_operand(GlSel *s, const IrNode *k)
{
    (void)s;
    if (k->kind == IR_LOCAL || k->kind == IR_GLOBAL || k->kind == IR_POP)
        return gs_var_of(k);
    if (k->kind == IR_CONST && k->value.ref == IRR_NONE && k->value.num == 0)
        return gasm_discard();
    diag_error(&k->loc, "an opcode can only store its result in a variable "
               "or 'sp', not in a constant or an expression");
    return gasm_discard();
}

/* The operands, `is_store` saying which store. */
static void operands(GlSel *s, const IrNode *n, int nops, const bool *is_store,
                     GOperand *ops)
{
    for (int i = nops - 1; i >= 0; i--)
        if (!is_store[i] && !gs_is_leaf(n->kids[i]))
            gs_value(s, n->kids[i], gasm_stack());
    for (int i = 0; i < nops; i++) {
        const IrNode *k = n->kids[i];
        if (is_store[i]) ops[i] = store_operand(s, k);
        else ops[i] = gs_is_leaf(k) ? gs_leaf(s, k) : gasm_stack();
    }
}

/* @ -> 1 2 3; (bytes) and @ --> a b; (4-byte words) written as they are,
 * by inform6's rules (codegen/raw_data.h). */
static void raw(GlSel *s, const IrNode *n, int width, int nops)
{
    for (int i = 0; i < nops; i++) {
        const IrNode *k = n->kids[i];
        if (!raw_entry_constant(k)) continue;
        GOperand o = gs_value_operand(s, k->value);
        if (!raw_entry_fits(k, width, o.kind == GO_RELOC, o.value,
                            "a dictionary word, string, routine or object"))
            continue;
        if (o.kind == GO_RELOC) {
            gasm_raw_reloc(s->a, (GRelocKind)o.reloc, o.target, o.value, width);
        } else {
            uint8_t b[4];
            for (int j = 0; j < width; j++)
                b[j] = (uint8_t)((uint32_t)o.value >> (8 * (width - 1 - j)));
            gasm_bytes(s->a, b, (size_t)width);
        }
    }
}

static GLabel branch_of(GlSel *s, const IrNode *n)
{
    if (n->num == -1) return GBR_NONE;
    if (n->num == -2) return GBR_RFALSE;
    if (n->num == -3) return GBR_RTRUE;
    return s->labels[n->num];
}

void gs_asm(GlSel *s, const IrNode *n)
{
    const Node *an = n->asm_node;
    int nops = n->nkids - 1;        /* (the last kid: a `->` store, NULL) */
    int form = (int)(an->num & ASMF_FORM);
    if (form == ASMF_BYTES || form == ASMF_WORDS) {   /* (any number of them) */
        raw(s, n, form == ASMF_BYTES ? 1 : 4, nops);
        return;
    }
    if (nops > MAX_ASM_OPERANDS) {
        diag_error(&n->loc, "an assembly statement takes at most %d "
                   "operands", MAX_ASM_OPERANDS);
        return;
    }
    GLabel br = branch_of(s, n);
    bool is_store[MAX_ASM_OPERANDS] = { false };
    GOperand ops[MAX_ASM_OPERANDS];
    if (form == ASMF_CUSTOM) {
        Custom c;
        if (!custom_form(an->text, &c)) return;     /* reported */
        int loads = nops;
        if (c.branch != (br != GBR_NONE) || c.count != nops + c.branch) {
            diag_error(&n->loc, "custom opcode @\"%s\" takes %d operand%s%s",
                       an->text, c.count, c.count == 1 ? "" : "s",
                       c.branch ? ", the last a '?' branch" : "");
            return;
        }
        for (int i = 0; i < c.stores && loads > 0; i++) is_store[--loads] = true;
        operands(s, n, nops, is_store, ops);
        gasm_emit_num(s->a, c.number, nops, ops, br);
        if (c.never_returns) gasm_set_unreachable(s->a);
        return;
    }
    GlOpcode op = gl_op_lookup(an->text, strlen(an->text));
    if (op == GOP__NONE) return;                    /* reported */
    const GlOpInfo *g = gl_opinfo(op);
    size_t want = strlen(g->operands);
    bool branches = want && g->operands[want - 1] == 'B';
    if ((size_t)nops + (br != GBR_NONE) != want || branches != (br != GBR_NONE))
        return;                                     /* reported */
    for (int i = 0; i < nops; i++) is_store[i] = g->operands[i] == 'S';
    operands(s, n, nops, is_store, ops);
    gasm_emit(s->a, op, nops, ops, br);
}
