/* assemble.c: encoding Z-machine instructions (Z-spec section 4) into a
 * routine's raw code, with placeholders for branches and jumps.
 *
 * Takes opcodes, operands, store variables, branches, labels and text;
 * keeps them in the ZAsm until zm_end_routine (relax.c) lays them out. */
#include "asm_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Operand types, Z-spec 4.2. */
enum { T_LARGE = 0, T_SMALL = 1, T_VAR = 2, T_OMIT = 3 };

void zasm_fail(ZAsm *a, const char *fmt, ...)
{
    if (a->error[0]) return;          /* keep the first */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->error, sizeof a->error, fmt, ap);
    va_end(ap);
}

ZAsm *zm_asm_new(int version)
{
    ZAsm *a = xcalloc(1, sizeof *a);
    a->version = version;
    a->branch_to_return = true;
    return a;
}

void zm_asm_free(ZAsm *a)
{
    if (!a) return;
    zb_free(&a->code);
    zb_free(&a->out);
    zb_free(&a->text);
    free(a->fix);
    free(a->label_pos);
    free(a->label_fix);
    free(a->relocs);
    free(a->prefix);
    free(a->out_relocs);
    free(a->list);
    free(a->names);
    free(a->points);
    free(a->point_fix);
    free(a);
}

void zm_asm_set_branch_to_return(ZAsm *a, bool on)
{
    a->branch_to_return = on;
}

void zm_begin_routine(ZAsm *a, int nlocals, const uint16_t *initial)
{
    a->code.len = 0;
    a->laid_out = false;
    a->nfix = a->nlabels = a->nrelocs = a->nlist = a->nnames = 0;
    a->npoints = 0;
    a->point_waiting = -1;
    a->text_note = -1;
    a->error[0] = 0;
    if (nlocals < 0 || nlocals > 15) {
        zasm_fail(a, "a routine has %d locals; the Z-machine allows 15",
                  nlocals);
        nlocals = nlocals < 0 ? 0 : 15;
    }
    zb_put8(&a->code, (unsigned)nlocals);
    if (a->version <= 4)
        for (int i = 0; i < nlocals; i++)
            zb_put16(&a->code, initial ? initial[i] : 0);
}

ZLabel zm_new_label(ZAsm *a)
{
    if (a->nlabels == a->labelcap) {        /* (two arrays, one room) */
        size_t pos_cap = a->labelcap;
        VEC_RESERVE(NULL, a->label_pos, a->nlabels, pos_cap, a->nlabels + 1);
        VEC_RESERVE(NULL, a->label_fix, a->nlabels, a->labelcap,
                    a->nlabels + 1);
    }
    a->label_pos[a->nlabels] = -1;
    return (ZLabel)a->nlabels++;
}

void zm_place_label(ZAsm *a, ZLabel l)
{
    if (l < 0 || (size_t)l >= a->nlabels) {
        zasm_fail(a, "label %d does not exist", (int)l);
        return;
    }
    if (a->label_pos[l] >= 0) {
        zasm_fail(a, "label %d is placed twice", (int)l);
        return;
    }
    a->label_pos[l] = (int32_t)a->code.len;
    if (a->listing) zasm_list_item(a, ZL_LABEL)->label = l;
    /* Every fixup so far lies before the label, every later one after
     * it: relax.c finds the label's final offset without a search. */
    a->label_fix[l] = (uint32_t)a->nfix;
}

void zm_seq_point(ZAsm *a, int32_t id)
{
    a->point_waiting = id < 0 ? -1 : id;
}

/* The instruction about to be written takes the point waiting. */
static void take_point(ZAsm *a)
{
    if (a->point_waiting < 0) return;
    if (a->npoints == a->pointcap) {        /* (two arrays, one room) */
        size_t cap = a->pointcap;
        VEC_RESERVE(NULL, a->points, a->npoints, cap, a->npoints + 1);
        VEC_RESERVE(NULL, a->point_fix, a->npoints, a->pointcap,
                    a->npoints + 1);
    }
    a->points[a->npoints] = (ZSeqPoint){ a->point_waiting,
                                         (uint32_t)a->code.len };
    a->point_fix[a->npoints++] = (uint32_t)a->nfix;
    a->point_waiting = -1;
}

const ZSeqPoint *zm_seq_points(const ZAsm *a, size_t *n)
{
    *n = a->npoints;
    return a->points;
}

size_t zm_asm_size(const ZAsm *a)
{
    return a->code.len;
}

uint16_t zm_asm_flags2(const ZAsm *a)
{
    return a->flags2;
}

const char *zm_asm_error(const ZAsm *a)
{
    return a->error[0] ? a->error : NULL;
}

/* ---- operands ---- */

static int operand_type(const ZOperand *o)
{
    switch (o->kind) {
    case ZO_CONST: return o->value <= 255 ? T_SMALL : T_LARGE;
    case ZO_VAR: return T_VAR;
    default: return T_LARGE;
    }
}

static void add_reloc(ZAsm *a, const ZOperand *o)
{
    VEC_PUSH(NULL, a->relocs, a->nrelocs, a->reloccap,
             (ZReloc){ (uint32_t)a->code.len, o->reloc, o->target,
                       o->addend });
}

/* Unchecked byte writes: zm_emit_info reserved room for the longest
 * instruction first. */
static inline void raw8(ZAsm *a, unsigned v)
{
    a->code.data[a->code.len++] = (uint8_t)v;
}

static void put_operand(ZAsm *a, const ZOperand *o, int type)
{
    if (type != T_LARGE) {
        if (o->kind == ZO_VAR && o->value > 255)
            zasm_fail(a, "variable %u does not exist", o->value);
        raw8(a, o->value & 0xFF);
        return;
    }
    unsigned v = o->value;
    if (o->kind == ZO_RELOC) {
        add_reloc(a, o);
        v = 0;
    }
    raw8(a, v >> 8);
    raw8(a, v);
}

/* The operand-type byte for operands first..first+3 (omitted = 11). */
static unsigned types_byte(const uint8_t *types, int nops, int first)
{
    unsigned b = 0;
    for (int i = first; i < first + 4; i++)
        b = (b << 2) | (unsigned)(i < nops ? types[i] : T_OMIT);
    return b;
}

/* ---- the opcode byte(s) and operands, by form (Z-spec 4.3) ---- */

static void put_opcode_and_operands(ZAsm *a, const ZOpInfo *info, int nops,
                                    const ZOperand *ops)
{
    int max = info->cls == Z0OP ? 0 : info->cls == Z1OP ? 1
            : (info->flags & ZOF_W2) ? 8 : 4;
    if (nops > max || (info->cls == Z1OP && nops != 1)) {
        zasm_fail(a, "'%s' given %d operands", info->name, nops);
        return;
    }
    uint8_t t[8];
    for (int i = 0; i < nops; i++) t[i] = (uint8_t)operand_type(&ops[i]);
    switch (info->cls) {
    case Z0OP:
        raw8(a, 0xB0u + info->number);
        return;
    case Z1OP:
        raw8(a, 0x80u + ((unsigned)t[0] << 4) + info->number);
        break;
    case Z2OP:
        if (nops == 2 && t[0] != T_LARGE && t[1] != T_LARGE) {
            /* Long form: one bit per operand, 1 = variable. */
            raw8(a, (t[0] == T_VAR ? 0x40u : 0) | (t[1] == T_VAR ? 0x20u : 0)
                    | info->number);
            break;
        }
        raw8(a, 0xC0u + info->number);
        raw8(a, types_byte(t, nops, 0));
        break;
    case ZVAR:
        raw8(a, 0xE0u + info->number);
        raw8(a, types_byte(t, nops, 0));
        if (info->flags & ZOF_W2) raw8(a, types_byte(t, nops, 4));
        break;
    case ZEXT:
        raw8(a, 0xBE);
        raw8(a, info->number);
        raw8(a, types_byte(t, nops, 0));
        break;
    }
    for (int i = 0; i < nops; i++) put_operand(a, &ops[i], t[i]);
}

static void add_fixup(ZAsm *a, FixupKind kind, ZLabel l, bool on_true)
{
    if (l < 0 || (size_t)l >= a->nlabels) {
        zasm_fail(a, "label %d does not exist", (int)l);
        return;
    }
    VEC_PUSH(NULL, a->fix, a->nfix, a->fixcap,
             (Fixup){ (uint32_t)a->code.len, l, (uint8_t)kind, FORM_SHORT,
                      on_true, 0 });
    zb_put16(&a->code, 0);
}

/* Branch bytes (Z-spec 4.7): bit 7 = branch on true, bit 6 = one byte;
 * offsets 0 and 1 mean return false / true. */
static void put_branch(ZAsm *a, ZBranch br)
{
    unsigned sense = br.on_true ? 0x80u : 0;
    if (br.label == ZBR_RTRUE) zb_put8(&a->code, sense | 0x40u | 1);
    else if (br.label == ZBR_RFALSE) zb_put8(&a->code, sense | 0x40u);
    else add_fixup(a, FIX_BRANCH, br.label, br.on_true);
}

static bool check_shape(ZAsm *a, const ZOpInfo *info, int nops, int store,
                        ZBranch br)
{
    if (nops < info->min_ops || nops > info->max_ops) {
        zasm_fail(a, "'%s' takes %d to %d operands, not %d", info->name,
                  info->min_ops, info->max_ops, nops);
        return false;
    }
    if ((store != ZM_NO_STORE) != ((info->flags & ZOF_ST) != 0)) {
        zasm_fail(a, store == ZM_NO_STORE ? "'%s' needs a store variable"
                                          : "'%s' does not store a result",
                  info->name);
        return false;
    }
    if (store != ZM_NO_STORE && (store < 0 || store > 255)) {
        zasm_fail(a, "'%s' stores to variable %d", info->name, store);
        return false;
    }
    if ((br.label != ZBR_NONE) != ((info->flags & ZOF_BR) != 0)) {
        zasm_fail(a, br.label == ZBR_NONE ? "'%s' needs a branch"
                                          : "'%s' does not branch",
                  info->name);
        return false;
    }
    return true;
}

void zm_emit_info(ZAsm *a, const ZOpInfo *info, int nops,
                  const ZOperand *ops, int store, ZBranch br)
{
    if (!check_shape(a, info, nops, store, br)) return;
    take_point(a);
    if (a->listing) zasm_list_insn(a, info, nops, ops, store, br);
    if (info->flags2_bit) a->flags2 |= (uint16_t)(1u << info->flags2_bit);
    /* The longest: 3 opcode and type bytes, 8 large operands, a store
     * byte (the branch reserves its own room). */
    zb_reserve(&a->code, 3 + 8 * 2 + 1);
    put_opcode_and_operands(a, info, nops, ops);
    if (store != ZM_NO_STORE) raw8(a, (unsigned)store);
    if (br.label != ZBR_NONE) put_branch(a, br);
}

ZOpcode zm_op_for_version(ZOpcode op, int version)
{
    /* Only forms whose operands, store and branch are the same: the
     * encoding differs (not) or only the name does (call). */
    if (version <= 3 && op == ZOP_CALL_VS) return ZOP_CALL;
    if (version <= 4 && op == ZOP_NOT) return ZOP_NOT_V1;
    if (version >= 5 && op == ZOP_NOT_V1) return ZOP_NOT;
    if (version == 4 && op == ZOP_SAVE) return ZOP_SAVE_V4;
    if (version == 4 && op == ZOP_RESTORE) return ZOP_RESTORE_V4;
    return op;
}

void zm_emit(ZAsm *a, ZOpcode op, int nops, const ZOperand *ops, int store,
             ZBranch br)
{
    if (op < 0 || op >= ZOP__COUNT) {
        zasm_fail(a, "opcode %d does not exist", (int)op);
        return;
    }
    op = zm_op_for_version(op, a->version);
    if (!zm_op_in_version(op, a->version)) {
        zasm_fail(a, "'%s' (this form) is not in version %d",
                  zm_opinfo(op)->name, a->version);
        return;
    }
    zm_emit_info(a, zm_opinfo(op), nops, ops, store, br);
}

void zm_jump(ZAsm *a, ZLabel l)
{
    /* 1OP:12 with a large constant: the offset, filled in by relax.c. */
    take_point(a);
    zb_put8(&a->code, 0x8C);
    add_fixup(a, FIX_JUMP, l, false);
    if (a->listing) {
        ZListItem *it = zasm_list_item(a, ZL_JUMP);
        it->label = l;
        it->fix = (int32_t)a->nfix - 1;
    }
}

void zm_print(ZAsm *a, ZOpcode op, const uint8_t *ztext, size_t nbytes)
{
    if (op != ZOP_PRINT && op != ZOP_PRINT_RET) {
        zasm_fail(a, "zm_print needs print or print_ret");
        return;
    }
    if (nbytes < 2 || nbytes % 2 || !(ztext[nbytes - 2] & 0x80)) {
        zasm_fail(a, "inline text must be whole words ending with the end bit");
        return;
    }
    take_point(a);
    zb_put8(&a->code, 0xB0u + zm_opinfo(op)->number);
    zb_append(&a->code, ztext, nbytes);
    if (a->listing) {
        ZListItem *it = zasm_list_item(a, ZL_TEXT);
        it->name = zm_opinfo(op)->name;
        it->text = a->text_note;
    }
    a->text_note = -1;
}

void zm_data(ZAsm *a, const ZOperand *o, int width)
{
    if (a->listing) {
        ZListItem *it = zasm_list_item(a, ZL_INSN);
        it->name = width == 1 ? "->" : "-->";
        it->nops = 1;
        it->ops[0] = *o;
        it->store = ZM_NO_STORE;
        it->br = ZM_NO_BRANCH;
    }
    zb_reserve(&a->code, 2);
    if (width == 1) raw8(a, o->value & 0xFF);
    else put_operand(a, o, T_LARGE);
}

ZBuf *zm_text_buffer(ZAsm *a)
{
    a->text.len = 0;
    return &a->text;
}
