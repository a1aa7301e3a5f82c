/* gasm.c: Glulx instruction encoding (see gasm.h).
 *
 * Takes instructions one at a time and writes them at once, each branch
 * offset in its 4-byte form with a fix-up noted; gasm_end (gasm_relax.c)
 * then settles the branches and closes the function up in place. */
#include "gasm_int.h"
#include "../bytes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gasm_fail(GAsm *a, const char *fmt, ...)
{
    if (a->error[0]) return;          /* keep the first */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->error, sizeof a->error, fmt, ap);
    va_end(ap);
}

const char *gasm_error(const GAsm *a) { return a->error; }

GAsm *gasm_new(void)
{
    return xcalloc(1, sizeof(GAsm));
}

void gasm_free(GAsm *a)
{
    if (!a) return;
    free(a->code);
    free(a->fix);
    free(a->labels);
    free(a->label_fix);
    free(a->before);
    free(a->used);
    free(a->relocs);
    free(a->points);
    free(a);
}

void gasm_put8(GAsm *a, unsigned v)
{
    VEC_RESERVE(NULL, a->code, a->len, a->cap, a->len + 1);
    a->code[a->len++] = (uint8_t)v;
}

void gasm_begin(GAsm *a, int nlocals, bool stack_args)
{
    a->len = 0;
    a->nfix = a->nlabels = a->nrelocs = 0;
    a->error[0] = 0;
    a->highest = 0;
    a->unreachable = false;
    a->npoints = 0;
    a->point_waiting = -1;
    gasm_put8(a, stack_args ? 0xC0 : 0xC1);
    /* every local is 4 bytes: pairs of (4, up to 255), then (0, 0) */
    for (int left = nlocals; left > 0; left -= 255) {
        gasm_put8(a, 4);
        gasm_put8(a, (unsigned)(left > 255 ? 255 : left));
    }
    gasm_put8(a, 0);
    gasm_put8(a, 0);
    if (stack_args)     /* @copy sp _vararg_count */
        gasm_emit2(a, GOP_COPY, gasm_stack(), gasm_local(1));
}

GLabel gasm_new_label(GAsm *a)
{
    VEC_RESERVE(NULL, a->labels, a->nlabels, a->labelcap, a->nlabels + 1);
    VEC_RESERVE(NULL, a->used, a->nlabels, a->usedcap, a->nlabels + 1);
    VEC_RESERVE(NULL, a->label_fix, a->nlabels, a->label_fixcap,
                a->nlabels + 1);
    a->labels[a->nlabels] = GASM_UNPLACED;
    a->used[a->nlabels] = false;
    return a->nlabels++;
}

void gasm_place_label(GAsm *a, GLabel l)
{
    if (l < 0 || l >= a->nlabels) {
        gasm_fail(a, "label %d does not exist", l);
        return;
    }
    a->labels[l] = a->len;
    a->label_fix[l] = a->nfix;
    a->unreachable = false;
}

void gasm_place_forward_label(GAsm *a, GLabel l)
{
    if (a->unreachable && l >= 0 && l < a->nlabels && !a->used[l]) return;
    gasm_place_label(a, l);
}

static void add_reloc(GAsm *a, GRelocKind k, uint32_t target, int32_t addend,
                      int width, size_t at)
{
    VEC_RESERVE(NULL, a->relocs, a->nrelocs, a->reloccap, a->nrelocs + 1);
    a->relocs[a->nrelocs++] = (GReloc){ .offset = (uint32_t)at,
        .kind = (uint8_t)k, .width = (uint8_t)width, .target = target,
        .addend = addend };
}

/* v's low `width` bytes (1, 2 or 4) at p, most significant first; gives
 * the byte after them.  (The instruction's room is reserved before its
 * first byte: no byte is checked for room of its own.) */
static inline uint8_t *set_be(uint8_t *p, uint32_t v, int width)
{
    if (width == 4) { be_set32(p, v); return p + 4; }
    if (width == 2) { be_set16(p, v); return p + 2; }
    *p = (uint8_t)v;
    return p + 1;
}

/* The width of an unsigned offset or address in 1, 2 or 4 bytes; its
 * mode is base, base + 1 or base + 2 (modes 5-7 and D-F). */
static inline int unsigned_width(uint32_t v)
{
    return v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : 4;
}

static inline unsigned width_mode(int width)
{
    return width == 1 ? 0 : width == 2 ? 1 : 2;
}

/* Writes operand o's bytes at p (room reserved), setting *mode to its
 * addressing mode (section 1.4.1); gives the byte after them. */
static uint8_t *put_operand(GAsm *a, uint8_t *p, GOperand o, unsigned *mode)
{
    int w;
    switch (o.kind) {
    case GO_CONST:
        if (o.value == 0) { *mode = 0; return p; }
        if (o.value >= -0x80 && o.value < 0x80) { *mode = 1; return set_be(p, (uint32_t)o.value, 1); }
        if (o.value >= -0x8000 && o.value < 0x8000) { *mode = 2; return set_be(p, (uint32_t)o.value, 2); }
        *mode = 3;
        return set_be(p, (uint32_t)o.value, 4);
    case GO_CONST4:
        *mode = 3;
        return set_be(p, (uint32_t)o.value, 4);
    case GO_RELOC:
        add_reloc(a, (GRelocKind)o.reloc, o.target, o.value, 4,
                  (size_t)(p - a->code));
        *mode = 3;
        return set_be(p, 0, 4);
    case GO_LOCAL:
        if (o.value < 1) {
            gasm_fail(a, "local variable %d does not exist", o.value);
            *mode = 0;
            return p;
        }
        w = o.value - 1 < 64 ? 1 : 2;
        *mode = w == 1 ? 9 : 10;
        return set_be(p, 4u * (uint32_t)(o.value - 1), w);
    case GO_GLOBAL:
        w = unsigned_width(4u * (uint32_t)o.value);
        *mode = 13 + width_mode(w);
        return set_be(p, 4u * (uint32_t)o.value, w);
    case GO_STACK: *mode = 8; return p;
    case GO_DISCARD: *mode = 0; return p;
    case GO_ADDR:
        w = unsigned_width((uint32_t)o.value);
        *mode = 5 + width_mode(w);
        return set_be(p, (uint32_t)o.value, w);
    case GO_ADDR4:
        *mode = 7;
        return set_be(p, (uint32_t)o.value, 4);
    case GO_RAM:
        w = unsigned_width((uint32_t)o.value);
        *mode = 13 + width_mode(w);
        return set_be(p, (uint32_t)o.value, w);
    default:
        gasm_fail(a, "operand kind %d", o.kind);
        *mode = 0;
        return p;
    }
}

/* The version an opcode needs (inform6's uses_..._features, files.c). */
static uint32_t version_of(uint32_t n)
{
    /* (most instructions: below the first opcode of a later version but
     * for streamunichar, in one test) */
    if (n < 0x128) return n == 0x73 ? 0x00030000 : 0;        /* Unicode */
    if (n >= 0x170 && n <= 0x179) return 0x00030100;         /* heap */
    if (n == 0x180 || n == 0x181) return 0x00030101;         /* accel */
    if (n >= 0x190 && n <= 0x1CF) return 0x00030102;         /* float */
    if ((n >= 0x200 && n <= 0x23F) || n == 0x128 || n == 0x129)
        return 0x00030103;                                   /* double, undo */
    return 0;
}

uint32_t gasm_version_needed(const GAsm *a) { return a->highest; }

void gasm_set_unreachable(GAsm *a) { a->unreachable = true; }

void gasm_seq_point(GAsm *a, int32_t id)
{
    a->point_waiting = id < 0 ? -1 : id;
}

const GSeqPoint *gasm_seq_points(const GAsm *a, size_t *n)
{
    *n = a->npoints;
    return a->points;
}

/* Operand i's mode m: the first 16 gathered in *bits, written last (not
 * read back from the code while its operands are written), any more in
 * place. */
static inline void set_mode(uint8_t *modes, uint64_t *bits, int i, unsigned m)
{
    if (i < 16) *bits |= (uint64_t)m << (4 * i);
    else modes[i / 2] |= (uint8_t)(i & 1 ? m << 4 : m);
}

/* The first mode bytes (of `nbytes`, up to 8) from the nibbles set_mode
 * gathered: byte i is bits >> 8i.  (Unrolled: a loop over one or two
 * bytes cost more than its stores.) */
static inline void put_modes(uint8_t *modes, uint64_t bits, int nbytes)
{
    switch (nbytes < 8 ? nbytes : 8) {
    case 8: modes[7] = (uint8_t)(bits >> 56); /* fall through */
    case 7: modes[6] = (uint8_t)(bits >> 48); /* fall through */
    case 6: modes[5] = (uint8_t)(bits >> 40); /* fall through */
    case 5: modes[4] = (uint8_t)(bits >> 32); /* fall through */
    case 4: modes[3] = (uint8_t)(bits >> 24); /* fall through */
    case 3: modes[2] = (uint8_t)(bits >> 16); /* fall through */
    case 2: modes[1] = (uint8_t)(bits >> 8);  /* fall through */
    case 1: modes[0] = (uint8_t)bits;         /* fall through */
    default: break;
    }
}

void gasm_emit_num(GAsm *a, uint32_t n, int nops, const GOperand *ops,
                   GLabel branch)
{
    /* code nothing reaches is left out, as inform6 leaves it out */
    if (a->unreachable) return;
    if (a->point_waiting >= 0) {
        VEC_PUSH(NULL, a->points, a->npoints, a->pointcap,
                 ((GSeqPoint){ a->point_waiting, (uint32_t)a->len }));
        a->point_waiting = -1;
    }
    uint32_t v = version_of(n);
    if (v > a->highest) a->highest = v;
    int total = nops + (branch != GBR_NONE);
    /* room for the longest form: the opcode's 4 bytes, the mode bytes,
     * 4 bytes an operand (the branch's too) */
    VEC_RESERVE(NULL, a->code, a->len, a->cap,
                a->len + 4 + (size_t)(total + 1) / 2 + 4 * (size_t)total);
    size_t start = a->len;
    uint8_t *p = a->code + start;
    if (n < 0x80) p = set_be(p, n, 1);
    else if (n < 0x4000) p = set_be(p, n | 0x8000, 2);
    else p = set_be(p, n | 0xC0000000u, 4);
    /* the modes, a nibble an operand (set_mode) */
    uint8_t *modes = p;
    p += (total + 1) / 2;
    for (int i = 16; i < total; i += 2) modes[i / 2] = 0;
    uint64_t mode_bits = 0;
    for (int i = 0; i < nops; i++) {
        const GOperand *o = &ops[i];
        unsigned m;
        /* (the stack, a small constant, one of the first 64 locals or
         * globals and a reference are most operands: written here, the
         * rest by put_operand) */
        if (o->kind == GO_STACK) {
            m = 8;
        } else if (o->kind == GO_CONST && o->value >= -0x80 && o->value < 0x80) {
            m = o->value != 0;
            if (m) *p++ = (uint8_t)o->value;
        } else if (o->kind == GO_LOCAL && o->value >= 1 && o->value <= 64) {
            m = 9;
            *p++ = (uint8_t)(4 * (o->value - 1));
        } else if (o->kind == GO_GLOBAL && o->value >= 0 && o->value < 64) {
            m = 13;
            *p++ = (uint8_t)(4 * o->value);
        } else if (o->kind == GO_RELOC) {
            m = 3;
            add_reloc(a, (GRelocKind)o->reloc, o->target, o->value, 4,
                      (size_t)(p - a->code));
            p = set_be(p, 0, 4);
        } else {
            p = put_operand(a, p, *o, &m);
        }
        set_mode(modes, &mode_bits, i, m);
    }
    unsigned m = 0;
    if (branch == GBR_RTRUE) p = put_operand(a, p, gasm_const(1), &m);
    else if (branch >= 0 && branch < a->nlabels) {
        a->used[branch] = true;
        VEC_RESERVE(NULL, a->fix, a->nfix, a->fixcap, a->nfix + 1);
        a->fix[a->nfix++] = (GFix){ .start = start,
            .mode = (size_t)(modes - a->code) + (size_t)nops / 2,
            .high = (nops & 1) != 0, .at = (size_t)(p - a->code),
            .label = branch, .size = 4,
            .is_jump = n == 0x20 && nops == 0 };
        p = set_be(p, 0, 4);
        m = 3;
    } else if (branch != GBR_NONE && branch != GBR_RFALSE) {
        a->len = (size_t)(p - a->code);
        gasm_fail(a, "branch to label %d, which does not exist", branch);
        return;
    }
    if (branch != GBR_NONE) set_mode(modes, &mode_bits, nops, m);
    put_modes(modes, mode_bits, (total + 1) / 2);
    a->len = (size_t)(p - a->code);
}

/* Inform's macros (push, pull, dload, dstore), each as the instructions
 * it stands for.  (Apart from gasm_emit, nearly all of whose calls are
 * a real opcode's, so that it keeps no registers for these few.) */
static __attribute__((noinline)) void
emit_macro(GAsm *a, GlOpcode op, const GlOpInfo *g, const GOperand *ops)
{
    GOperand t3 = gasm_global(gl_global_number(IRG_TEMP3));
    GOperand base = ops[0];
    switch (op) {
    case GOP_PUSH: gasm_emit2(a, GOP_COPY, ops[0], gasm_stack()); break;
    case GOP_PULL: gasm_emit2(a, GOP_COPY, gasm_stack(), ops[0]); break;
    case GOP_DLOAD: case GOP_DSTORE:
        /* two words at an address: a value on the stack is read once */
        if (gasm_is_stack(base)) {
            gasm_emit2(a, GOP_COPY, base, t3);
            base = t3;
        }
        if (op == GOP_DLOAD) {
            gasm_emit3(a, GOP_ALOAD, base, gasm_const(1), ops[1]);
            gasm_emit3(a, GOP_ALOAD, base, gasm_const(0), ops[2]);
        } else {
            gasm_emit3(a, GOP_ASTORE, base, gasm_const(0), ops[1]);
            gasm_emit3(a, GOP_ASTORE, base, gasm_const(1), ops[2]);
        }
        break;
    default:
        gasm_fail(a, "'%s' is not an instruction", g->name);
        break;
    }
}

void gasm_emit(GAsm *a, GlOpcode op, int nops, const GOperand *ops,
               GLabel branch)
{
    const GlOpInfo *g = gl_opinfo(op);
    if (g->number < 0) {
        emit_macro(a, op, g, ops);
        return;
    }
    gasm_emit_num(a, (uint32_t)g->number, nops, ops, branch);
    if (gl_op_never_returns((uint32_t)g->number)) a->unreachable = true;
}

void gasm_emit0(GAsm *a, GlOpcode op) { gasm_emit(a, op, 0, NULL, GBR_NONE); }

void gasm_emit1(GAsm *a, GlOpcode op, GOperand x)
{
    gasm_emit(a, op, 1, &x, GBR_NONE);
}

void gasm_emit2(GAsm *a, GlOpcode op, GOperand x, GOperand y)
{
    GOperand o[2] = { x, y };
    gasm_emit(a, op, 2, o, GBR_NONE);
}

void gasm_emit3(GAsm *a, GlOpcode op, GOperand x, GOperand y, GOperand z)
{
    GOperand o[3] = { x, y, z };
    gasm_emit(a, op, 3, o, GBR_NONE);
}

void gasm_bytes(GAsm *a, const uint8_t *bytes, size_t n)
{
    if (!n) return;
    VEC_RESERVE(NULL, a->code, a->len, a->cap, a->len + n);
    memcpy(a->code + a->len, bytes, n);
    a->len += n;
}

void gasm_raw_reloc(GAsm *a, GRelocKind k, uint32_t target, int32_t addend,
                    int width)
{
    VEC_RESERVE(NULL, a->code, a->len, a->cap, a->len + 4);
    add_reloc(a, k, target, addend, width, a->len);
    a->len = (size_t)(set_be(a->code + a->len, 0, width) - a->code);
}

size_t gasm_code_size(const GAsm *a) { return a->len; }
