/* relax.c: laying out a routine: each branch gets its 1-byte form when
 * the target is 2-63 bytes ahead, else the 2-byte form, iterated to the
 * least fixed point (start all short, lengthen only what must be); jumps
 * to the next instruction vanish and jumps to a one-byte return become
 * it (as inform6 does).
 *
 * Takes the raw code of asm_internal.h (every branch and jump with 2
 * reserved bytes); gives the final bytes, relocations and label offsets. */
#include "asm_internal.h"

#include <stdlib.h>

enum { OP_RTRUE = 0xB0, OP_RFALSE = 0xB1, OP_RET_POPPED = 0xB8,
       OP_JUMP = 0x8C };

/* Bytes a fixup removes from its 2 reserved (and, deleted, the opcode),
 * by kind * 4 + form: long 0; short 1; return 1 (branch) or 2 (jump);
 * deleted 3. */
static const uint8_t removed_bytes[8] = { 0, 1, 1, 3, 0, 1, 2, 3 };

static unsigned removed(const Fixup *f)
{
    return removed_bytes[f->kind * 4 + f->form];
}

/* Bytes it writes at its position. */
static unsigned payload(const Fixup *f)
{
    return 2 + (f->form == FORM_DELETED ? 1 : 0) - removed(f);
}

/* Index of the first fixup whose `at` is >= pos. */
static size_t first_at_or_after(const ZAsm *a, uint32_t pos)
{
    size_t lo = 0, hi = a->nfix;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (a->fix[mid].at < pos) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Final offset of placed label l: everything removed before it is gone
 * (zm_place_label noted how many fixups precede it). */
static uint32_t label_final_of(const ZAsm *a, const uint32_t *prefix, ZLabel l)
{
    return (uint32_t)a->label_pos[l] - prefix[a->label_fix[l]];
}

/* The raw offset of the instruction that really runs at `pos`, skipping
 * jumps that vanished. */
static uint32_t effective_start(const ZAsm *a, uint32_t pos)
{
    for (;;) {
        size_t i = first_at_or_after(a, pos + 1);
        if (i < a->nfix && a->fix[i].at == pos + 1 &&
            a->fix[i].kind == FIX_JUMP && a->fix[i].form == FORM_DELETED)
            pos += 3;
        else
            return pos;
    }
}

static int return_opcode_at(const ZAsm *a, uint32_t pos)
{
    /* A vanished jump still has its opcode byte: only then search. */
    if (pos < a->code.len && a->code.data[pos] == OP_JUMP)
        pos = effective_start(a, pos);
    if (pos >= a->code.len) return -1;
    int op = a->code.data[pos];
    return (op == OP_RTRUE || op == OP_RFALSE || op == OP_RET_POPPED) ? op : -1;
}

/* Jumps first (their forms do not depend on distances), then branches
 * that can return directly. */
static void choose_fixed_forms(ZAsm *a)
{
    for (size_t i = 0; i < a->nfix; i++) {
        Fixup *f = &a->fix[i];
        if (f->kind == FIX_JUMP)
            f->form = (uint32_t)a->label_pos[f->label] == f->at + 2
                          ? FORM_DELETED : FORM_LONG;
    }
    for (size_t i = 0; i < a->nfix; i++) {
        Fixup *f = &a->fix[i];
        if (f->kind != FIX_JUMP || f->form == FORM_DELETED) continue;
        int op = return_opcode_at(a, (uint32_t)a->label_pos[f->label]);
        if (op >= 0) {
            f->form = FORM_RETURN;
            a->code.data[f->at - 1] = (uint8_t)op;
        }
    }
    for (size_t i = 0; i < a->nfix; i++) {
        Fixup *f = &a->fix[i];
        if (f->kind != FIX_BRANCH) continue;
        f->form = FORM_SHORT;
        if (!a->branch_to_return) continue;
        int op = return_opcode_at(a, (uint32_t)a->label_pos[f->label]);
        if (op == OP_RTRUE || op == OP_RFALSE) {
            f->form = FORM_RETURN;
            f->ret_value = op == OP_RTRUE;
        }
    }
}

static void make_prefix(const ZAsm *a, uint32_t *prefix)
{
    prefix[0] = 0;
    for (size_t i = 0; i < a->nfix; i++)
        prefix[i + 1] = prefix[i] + removed(&a->fix[i]);
}

/* Branch offset (Z-spec 4.7.2): target - address after the branch + 2. */
static int32_t branch_offset(const ZAsm *a, const uint32_t *prefix, size_t i)
{
    const Fixup *f = &a->fix[i];
    int32_t after = (int32_t)(f->at - prefix[i] + payload(f));
    int32_t target = (int32_t)label_final_of(a, prefix, f->label);
    return target - after + 2;
}

/* Lengthens short branches that cannot reach until none changes. */
static void relax_branches(ZAsm *a, uint32_t *prefix)
{
    bool changed = true;
    while (changed) {
        changed = false;
        make_prefix(a, prefix);
        for (size_t i = 0; i < a->nfix; i++) {
            Fixup *f = &a->fix[i];
            if (f->kind != FIX_BRANCH || f->form != FORM_SHORT) continue;
            /* branch_offset with the short form's 1-byte payload */
            int32_t off = (int32_t)label_final_of(a, prefix, f->label)
                          - (int32_t)(f->at - prefix[i] + 1) + 2;
            if (off < 2 || off > 63) {
                f->form = FORM_LONG;
                changed = true;
            }
        }
    }
}

/* Writes the payload of fixup i to a->out. */
static void write_fixup(ZAsm *a, const uint32_t *prefix, size_t i)
{
    const Fixup *f = &a->fix[i];
    unsigned sense = f->on_true ? 0x80u : 0;
    int32_t off;
    switch (f->form) {
    case FORM_SHORT:
        zb_put8(&a->out, sense | 0x40u | (unsigned)branch_offset(a, prefix, i));
        return;
    case FORM_RETURN:
        if (f->kind == FIX_BRANCH) zb_put8(&a->out, sense | 0x40u | f->ret_value);
        return;
    case FORM_DELETED:
        return;
    }
    if (f->kind == FIX_BRANCH) {
        off = branch_offset(a, prefix, i);
        if (off < -8192 || off > 8191)
            zasm_fail(a, "a branch reaches too far: the routine is too large");
        zb_put8(&a->out, sense | (((unsigned)off >> 8) & 0x3F));
        zb_put8(&a->out, (unsigned)off & 0xFF);
    } else {
        off = (int32_t)label_final_of(a, prefix, f->label)
              - (int32_t)(f->at - prefix[i]);
        if (off < -32768 || off > 32767)
            zasm_fail(a, "a jump reaches too far: the routine is too large");
        zb_put16(&a->out, (unsigned)off & 0xFFFF);
    }
}

static void emit(ZAsm *a, const uint32_t *prefix)
{
    a->out.len = 0;
    zb_reserve(&a->out, a->code.len);
    uint32_t from = 0;
    for (size_t i = 0; i < a->nfix; i++) {
        const Fixup *f = &a->fix[i];
        uint32_t upto = f->at - (f->form == FORM_DELETED ? 1 : 0);
        zb_append(&a->out, a->code.data + from, upto - from);
        write_fixup(a, prefix, i);
        from = f->at + 2;
    }
    zb_append(&a->out, a->code.data + from, a->code.len - from);

    /* (rewritten whole: none of the old contents is kept) */
    VEC_RESERVE(NULL, a->out_relocs, 0, a->out_reloccap, a->nrelocs + 1);
    /* Relocations are in increasing offset order, as the fixups. */
    size_t j = 0;
    for (size_t i = 0; i < a->nrelocs; i++) {
        uint32_t pos = a->relocs[i].offset;
        while (j < a->nfix && a->fix[j].at < pos) j++;
        a->out_relocs[i] = a->relocs[i];
        a->out_relocs[i].offset = pos - prefix[j];
    }
    /* A point is where a label there would be. */
    for (size_t i = 0; i < a->npoints; i++)
        a->points[i].offset -= prefix[a->point_fix[i]];
}

bool zasm_layout(ZAsm *a)
{
    for (size_t i = 0; i < a->nfix; i++)
        if (a->label_pos[a->fix[i].label] < 0) {
            zasm_fail(a, "label %d is used but never placed",
                      (int)a->fix[i].label);
            return false;
        }
    VEC_RESERVE(NULL, a->prefix, 0, a->prefixcap, a->nfix + 1);
    choose_fixed_forms(a);
    relax_branches(a, a->prefix);
    emit(a, a->prefix);
    a->laid_out = true;
    return a->error[0] == 0;
}

bool zm_end_routine(ZAsm *a, ZRoutineCode *out)
{
    bool ok = !a->error[0] && zasm_layout(a);
    out->bytes = a->out.data;
    out->len = ok ? a->out.len : 0;
    out->relocs = a->out_relocs;
    out->nrelocs = ok ? a->nrelocs : 0;
    return ok;
}

/* (From the prefix sums the layout left, when asked: nothing in the
 * compiler asks, and working out every label of every routine was a
 * tenth of the layout's time.) */
int32_t zm_label_offset(const ZAsm *a, ZLabel l)
{
    if (!a->laid_out || l < 0 || (size_t)l >= a->nlabels ||
        a->label_pos[l] < 0)
        return -1;
    return (int32_t)label_final_of(a, a->prefix, l);
}
