/* asm_listing.c: the items the assembler keeps for --dump-asm (see
 * "the listing" in assemble.h), apart from the encoding in assemble.c so
 * that encoding an instruction carries nothing of them but a flag test.
 *
 * Takes each instruction, label, jump and text as assemble.c encodes it
 * (while listing is on) and, once relax.c has laid the routine out, the
 * forms it chose, and the names of the constants the selector named
 * (zm_const_named); gives the routine's items (zm_listing) and those
 * names, which asmlist.c prints. */
#include "asm_internal.h"

#include <string.h>

void zm_asm_set_listing(ZAsm *a, bool on)
{
    a->listing = on;
}

void zm_note_text(ZAsm *a, int32_t id)
{
    a->text_note = id;
}

ZOperand zm_const_named(ZAsm *a, const char *name, int32_t v)
{
    ZOperand o = zm_const(v);
    if (!a->listing) return o;
    VEC_PUSH(NULL, a->names, a->nnames, a->namecap, name);
    o.reloc = ZM_NAMED;
    o.target = (uint32_t)(a->nnames - 1);
    return o;
}

const char *zm_operand_name(const ZAsm *a, const ZOperand *o)
{
    if (o->kind != ZO_CONST || o->reloc != ZM_NAMED || o->target >= a->nnames)
        return NULL;
    return a->names[o->target];
}

ZListItem *zasm_list_item(ZAsm *a, ZListKind kind)
{
    VEC_RESERVE(NULL, a->list, a->nlist, a->listcap, a->nlist + 1);
    ZListItem *it = &a->list[a->nlist++];
    memset(it, 0, sizeof *it);
    it->kind = (uint8_t)kind;
    it->fix = -1;
    it->text = -1;
    return it;
}

void zasm_list_insn(ZAsm *a, const ZOpInfo *info, int nops,
                    const ZOperand *ops, int store, ZBranch br)
{
    ZListItem *it = zasm_list_item(a, ZL_INSN);
    it->name = info->name;
    it->flags = info->flags;
    it->nops = (uint8_t)(nops < 8 ? nops : 8);
    if (it->nops) memcpy(it->ops, ops, it->nops * sizeof *ops);
    it->store = (int16_t)store;
    it->br = br;
    if (br.label >= 0) it->fix = (int32_t)a->nfix;
}

/* The forms the layout chose (relax.c), put into the items. */
static void list_forms(ZAsm *a)
{
    for (size_t i = 0; i < a->nlist; i++) {
        ZListItem *it = &a->list[i];
        if (it->fix < 0 || (size_t)it->fix >= a->nfix) continue;
        const Fixup *f = &a->fix[it->fix];
        if (f->form == FORM_DELETED) {
            it->kind = ZL_GONE;
        } else if (f->form == FORM_RETURN && it->kind == ZL_INSN) {
            it->br.label = f->ret_value ? ZBR_RTRUE : ZBR_RFALSE;
        } else if (f->form == FORM_RETURN && it->kind == ZL_JUMP) {
            /* the return instruction relax.c wrote over the jump */
            unsigned op = a->code.data[f->at - 1];
            it->kind = ZL_INSN;
            it->name = zm_opinfo(op == 0xB0 ? ZOP_RTRUE : op == 0xB1
                                 ? ZOP_RFALSE : ZOP_RET_POPPED)->name;
            it->flags = ZOF_SP;
            it->store = ZM_NO_STORE;
            it->br = ZM_NO_BRANCH;
        }
        it->fix = -1;
    }
}

const ZListItem *zm_listing(ZAsm *a, size_t *n)
{
    list_forms(a);
    *n = a->nlist;
    return a->list;
}
