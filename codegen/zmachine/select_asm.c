/* select_asm.c: inline assembly (`@opcode operands -> store ?label;`)
 * straight to the assembler.  The front end checked the opcode against
 * opcodes.def and its operand count against the opcode's class, as
 * inform6 does (asm_check.c); here the operands are placed, with
 * the rule of opcodes that name a variable (inc, store, pull...): a
 * variable written there is its number, `[x]` the variable whose number
 * is in x; raw data (`@ -> bytes;`, `@ --> words;`) is written as it
 * is. */
#include <stdlib.h>
#include <string.h>
#include "select_int.h"
#include "../../compiler/ast.h"
#include "../../compiler/diag.h"
#include "../raw_data.h"

/* @"VAR:25S" and the like: the opcode's facts from its description. */
static bool custom_info(const char *spec, ZOpInfo *info)
{
    static const struct { const char *form; ZOpClass cls; bool w2; } forms[] = {
        { "0OP", Z0OP, false }, { "1OP", Z1OP, false }, { "2OP", Z2OP, false },
        { "VAR", ZVAR, false }, { "VAR_LONG", ZVAR, true }, { "EXT", ZEXT, false },
        { "EXT_LONG", ZEXT, true },
    };
    const char *colon = strchr(spec, ':');
    if (!colon) return false;
    memset(info, 0, sizeof *info);
    info->name = spec;
    info->max_ops = 8;
    info->versions = 0x1FE;
    bool found = false;
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
        if ((size_t)(colon - spec) == strlen(forms[i].form) &&
            !strncmp(spec, forms[i].form, (size_t)(colon - spec))) {
            info->cls = forms[i].cls;
            if (forms[i].w2) info->flags |= ZOF_W2;
            found = true;
        }
    if (!found) return false;
    char *end;
    long num = strtol(colon + 1, &end, 10);
    info->number = (uint8_t)(info->cls == ZVAR && num >= 32 ? num - 32 : num);
    for (; *end; end++) {
        if (*end == 'S') info->flags |= ZOF_ST;
        else if (*end == 'B') info->flags |= ZOF_BR;
        else if (*end == 'T') info->flags |= ZOF_TX;
        else if (*end == 'I') info->flags |= ZOF_VR;
        else if (*end == 'F') {
            info->flags2_bit = (uint8_t)strtol(end + 1, &end, 10);
            end--;
        }
    }
    if (info->cls == Z0OP) info->max_ops = 0;
    if (info->cls == Z1OP) info->min_ops = info->max_ops = 1;
    if (info->cls == Z2OP) info->max_ops = 2;
    return true;
}

/* The opcode as inline assembly may write it: the front end checked the
 * operand count as inform6 does, by the opcode's class alone, so
 * `@read_char -> c;` and `@set_cursor;` compile as there; the table's
 * tighter counts hold for the code the compiler writes itself. */
static const ZOpInfo *as_written(const ZOpInfo *info, ZOpInfo *room)
{
    *room = *info;
    if (info->cls == ZVAR || info->cls == ZEXT) {
        room->min_ops = 0;
        room->max_ops = (info->flags & ZOF_W2) ? 8 : 4;
    }
    return room;
}

static ZOperand asm_operand(ZSel *s, const IrNode *k, bool names_variable)
{
    if (names_variable && (k->kind == IR_LOCAL || k->kind == IR_GLOBAL ||
                           k->kind == IR_POP)) {
        int v = zs_var_of(s, k);
        return k->num2 == 1 ? zm_var(v) : zm_const(v);
    }
    if (zs_is_leaf(k)) return zs_leaf(s, k);
    zs_value(s, k, ZV_STACK);
    return zm_sp();
}

/* @ -> 1 2 3; (bytes) and @ --> a b; (words) written as they are, as
 * many as given, by inform6's rules (codegen/raw_data.h); a word may be
 * an address the linker fills in. */
static void raw(ZSel *s, const IrNode *n, int width, int nops)
{
    for (int i = 0; i < nops; i++) {
        const IrNode *k = n->kids[i];
        if (!raw_entry_constant(k)) continue;
        ZOperand o = zs_leaf(s, k);
        if (raw_entry_fits(k, width, o.kind == ZO_RELOC, o.value,
                           "a dictionary word, string or routine"))
            zm_data(s->a, &o, width);
    }
}

void zs_asm(ZSel *s, const IrNode *n)
{
    const Node *an = n->asm_node;
    ZOpInfo custom;
    const ZOpInfo *info = NULL;
    ZOpcode op = ZOP__NONE;
    int form = (int)(an->num & ASMF_FORM);
    if (form == ASMF_BYTES || form == ASMF_WORDS) {
        raw(s, n, form == ASMF_BYTES ? 1 : 2, n->nkids - 1);
        return;
    }
    if (form == ASMF_OPCODE) {
        op = zm_op_lookup(an->text, strlen(an->text), s->version, NULL);
        if (op != ZOP__NONE) info = zm_opinfo(op);
    } else if (form == ASMF_CUSTOM && custom_info(an->text, &custom)) {
        info = &custom;
    }
    if (!info) {
        diag_error(&n->loc, "this form of inline assembly (%s) is not "
                   "supported by vinform yet", an->text);
        return;
    }
    int nops = n->nkids - 1;
    const IrNode *store = n->kids[nops];
    ZBranch branch = ZM_NO_BRANCH;
    if (n->num != -1) {
        ZLabel l = n->num == -2 ? ZBR_RFALSE : n->num == -3 ? ZBR_RTRUE
                                                           : s->labels[n->num];
        branch = (ZBranch){ l, n->num2 != 0 };
    }
    if (op == ZOP_JUMP) {
        if (branch.label >= 0) zm_jump(s->a, branch.label);
        else zm_emit0(s->a, branch.label == ZBR_RTRUE ? ZOP_RTRUE : ZOP_RFALSE);
        return;
    }
    if ((info->flags & ZOF_TX) && nops == 1 && n->kids[0]->kind == IR_CONST &&
        n->kids[0]->value.ref == IRR_STRING) {
        const IrString *str = &s->ir->strings[n->kids[0]->value.target];
        ZBuf *buf = zm_text_buffer(s->a);
        ZTextErr err = { 0 };
        zt_encode(s->zt, str->units, (size_t)str->len, 0, buf, &err);
        zs_text_error(s, n, &err);
        if (info == &custom) {
            diag_error(&n->loc, "custom opcodes with text are not supported");
        } else {
            zm_note_text(s->a, (int32_t)n->kids[0]->value.target);
            zm_print(s->a, op, buf->data, buf->len);
        }
        return;
    }
    ZOperand ops[8];
    for (int i = nops - 1; i >= 0; i--)
        if (!zs_is_leaf(n->kids[i]) && !(i == 0 && (info->flags & ZOF_VR)))
            zs_value(s, n->kids[i], ZV_STACK);
    for (int i = 0; i < nops && i < 8; i++) {
        bool vr = i == 0 && (info->flags & ZOF_VR);
        ops[i] = zs_is_leaf(n->kids[i]) || vr ? asm_operand(s, n->kids[i], vr)
                                               : zm_sp();
    }
    int dest = store ? zs_var_of(s, store) : ZM_NO_STORE;
    if (info != &custom) info = as_written(info, &custom);
    zm_emit_info(s->a, info, nops, ops, dest, branch);
}
