/* select.c: the Z instruction selector's statements and routines
 * (select.h).  Takes one IrRoutine; gives its Z-code through the
 * assembler, which chooses branch sizes and records relocations. */
#include <stdlib.h>
#include "select_int.h"
#include "zbuild.h"
#include "../../compiler/diag.h"

static ZBranch br(ZLabel l, bool sense) { return (ZBranch){ l, sense }; }

static ZLabel label(ZSel *s, int32_t id)
{
    if (id == -2) return ZBR_RFALSE;
    if (id == -3) return ZBR_RTRUE;
    return s->labels[id];
}

static void op1(ZSel *s, ZOpcode op, const IrNode *n)
{
    ZOperand o;
    zs_operands(s, n->kids, 1, &o);
    zm_emit(s->a, op, 1, &o, ZM_NO_STORE, ZM_NO_BRANCH);
}

static void op2(ZSel *s, ZOpcode op, const IrNode *n)
{
    ZOperand o[2];
    zs_operands(s, n->kids, 2, o);
    zm_emit(s->a, op, 2, o, ZM_NO_STORE, ZM_NO_BRANCH);
}

void zs_text_error(ZSel *s, const IrNode *n, const ZTextErr *err)
{
    if (err->kind == ZTE_NO_ZSCII)
        diag_error(&n->loc, "this text holds a character that the story's "
                   "character set does not have (U+%04X); declare it with "
                   "'Zcharacter table'", (unsigned)err->unit);
    else if (err->kind == ZTE_BAD_DYNAMIC)
        diag_error(&n->loc, "this text prints dynamic string @%02u, but "
                   "$MAX_DYNAMIC_STRINGS is %d: raise it (a '!%% "
                   "$MAX_DYNAMIC_STRINGS=N' line, or the switch)",
                   (unsigned)ZT_VALUE(err->unit), s->zt->first_abbrev_entry);
}

/* A literal longer than $ZCODE_MAX_INLINE_STRING (as written) is printed
 * from high memory, as inform6 6.45 does: print_paddr of the stored
 * string, and for print_ret new_line and rtrue after it. */
static void print_text(ZSel *s, const IrNode *n, ZOpcode op)
{
    const IrString *str = &s->ir->strings[n->num];
    ZTextErr err = { 0 };
    if (n->num2 > s->max_inline) {
        zt_check(s->zt, str->units, (size_t)str->len, &err);
        zs_text_error(s, n, &err);     /* reported here, at the print */
        zm_emit1(s->a, ZOP_PRINT_PADDR, zm_reloc(ZR_STRING, (uint32_t)n->num, 0));
        if (op == ZOP_PRINT_RET) {
            zm_emit0(s->a, ZOP_NEW_LINE);
            zm_emit0(s->a, ZOP_RTRUE);
        }
        return;
    }
    ZBuf *buf = zm_text_buffer(s->a);
    zt_encode(s->zt, str->units, (size_t)str->len, 0, buf, &err);
    zs_text_error(s, n, &err);
    zm_note_text(s->a, n->num);
    zm_print(s->a, op, buf->data, buf->len);
}

static void ret(ZSel *s, const IrNode *v)
{
    if (v->kind == IR_CONST && v->value.ref == IRR_NONE && v->value.num == 1) {
        zm_emit0(s->a, ZOP_RTRUE);
    } else if (v->kind == IR_CONST && v->value.ref == IRR_NONE && v->value.num == 0) {
        zm_emit0(s->a, ZOP_RFALSE);
    } else if (zs_is_leaf(v)) {
        zm_emit1(s->a, ZOP_RET, zs_leaf(s, v));
    } else {
        zs_value(s, v, ZV_STACK);
        zm_emit0(s->a, ZOP_RET_POPPED);
    }
}

static void spaces(ZSel *s, const IrNode *n)
{
    ZLabel loop = zm_new_label(s->a), done = zm_new_label(s->a);
    zs_value(s, n->kids[0], s->temp1);
    ZOperand t = zm_var(s->temp1);
    ZOperand lt[2] = { t, zm_const(1) };
    zm_emit(s->a, ZOP_JL, 2, lt, ZM_NO_STORE, br(done, true));
    zm_place_label(s->a, loop);
    zm_emit1(s->a, ZOP_PRINT_CHAR, zm_const(' '));
    zm_emit1(s->a, ZOP_DEC, zm_const(s->temp1));
    zm_emit(s->a, ZOP_JZ, 1, &t, ZM_NO_STORE, br(loop, false));
    zm_place_label(s->a, done);
}

/* font on/off: bit 1 of Flags 2 (header word $10) asks for fixed pitch. */
/* font on/off as inform6 compiles it: from version 5 @set_font 1 / 4
 * (proportional / fixed pitch), which the interpreter draws as a style;
 * before, the fixed-pitch bit of Flags 2 (bit 1 of the word at $10). */
static void font(ZSel *s, bool on)
{
    if (s->version >= 5) {
        zm_emit(s->a, ZOP_SET_FONT, 1, (ZOperand[]){ zm_const(on ? 1 : 4) },
                s->temp1, ZM_NO_BRANCH);
        return;
    }
    ZOperand ld[2] = { zm_const(0), zm_const(8) };
    zm_emit(s->a, ZOP_LOADW, 2, ld, s->temp1, ZM_NO_BRANCH);
    ZOperand m[2] = { zm_const(on ? 0xfffd : 2), zm_var(s->temp1) };
    zm_emit(s->a, on ? ZOP_AND : ZOP_OR, 2, m, s->temp1, ZM_NO_BRANCH);
    ZOperand st[3] = { zm_const(0), zm_const(8), zm_var(s->temp1) };
    zm_emit(s->a, ZOP_STOREW, 3, st, ZM_NO_STORE, ZM_NO_BRANCH);
}

static void style(ZSel *s, const IrNode *n, int which)
{
    if (s->version == 3) {
        diag_error(&n->loc, "the 'style' statement cannot be used in "
                   "version 3 of the Z-machine, which has no text styles");
        return;
    }
    static const int bits[] = { 0, 2, 4, 1, 8 };
    zm_emit1(s->a, ZOP_SET_TEXT_STYLE, zm_const(bits[which]));
}

/* string N value: abbreviation entry N holds the string's word address. */
static void dynstr(ZSel *s, const IrNode *n)
{
    ZOperand ops[2];
    const IrNode *v = n->kids[1];
    if (v->kind == IR_CONST && v->value.ref == IRR_STRING) {
        /* a literal: its copy in the low strings pool, by word address */
        zs_operands(s, n->kids, 1, ops);
        ZOperand st[3] = { zm_const(0), zm_const(0),
                           zm_reloc(ZR_SYMBOL, ZLINK_LOW_COPY + v->value.target, 0) };
        ZOperand ld[2] = { zm_const(0), zm_const(12) };
        zm_emit(s->a, ZOP_LOADW, 2, ld, s->temp1, ZM_NO_BRANCH);
        st[0] = zm_var(s->temp1);
        st[1] = ops[0];
        zm_emit(s->a, ZOP_STOREW, 3, st, ZM_NO_STORE, ZM_NO_BRANCH);
        return;
    }
    /* any other value is a word address already (a Lowstring's) */
    ZOperand ld[2] = { zm_const(0), zm_const(12) };
    zm_emit(s->a, ZOP_LOADW, 2, ld, s->temp1, ZM_NO_BRANCH);
    zs_operands(s, n->kids, 2, ops);
    ZOperand st[3] = { zm_var(s->temp1), ops[0], ops[1] };
    zm_emit(s->a, ZOP_STOREW, 3, st, ZM_NO_STORE, ZM_NO_BRANCH);
}

/* read buffer parse [routine]: v3's sread (which draws the status line
 * itself, so no routine can be given), v4's sread after the routine, v5+
 * aread with the buffer's second byte (characters already there) 0. */
static void read_line(ZSel *s, const IrNode *n)
{
    const IrNode *r = n->kids[2];
    if (!(r->kind == IR_CONST && r->value.ref == IRR_NONE && r->value.num == 0)) {
        if (s->version == 3)
            diag_error(&n->loc, "in version 3 'read' cannot be given a "
                       "routine to draw the status line: the interpreter "
                       "draws it");
        ZOperand fn;
        zs_operands(s, (IrNode *const *)&r, 1, &fn);
        zs_call(s, 1, &fn, ZM_NO_STORE);
    }
    zs_value(s, n->kids[0], s->temp4);
    if (s->version > 3) {
        ZOperand clear[3] = { zm_var(s->temp4), zm_const(1), zm_const(0) };
        zm_emit(s->a, ZOP_STOREB, 3, clear, ZM_NO_STORE, ZM_NO_BRANCH);
    }
    ZOperand ops[2] = { zm_var(s->temp4), zm_const(0) };
    zs_operands(s, n->kids + 1, 1, ops + 1);
    if (s->version < 5)
        zm_emit(s->a, ZOP_SREAD, 2, ops, ZM_NO_STORE, ZM_NO_BRANCH);
    else
        zm_emit(s->a, ZOP_AREAD, 2, ops, s->temp1, ZM_NO_BRANCH);
}

/* save/restore L: v3's branch when it succeeds; later, a result that is
 * not 0. */
static void save_restore(ZSel *s, const IrNode *n)
{
    bool save = n->kind == IR_SAVE;
    if (s->version == 3) {
        zm_emit(s->a, save ? ZOP_SAVE_V1 : ZOP_RESTORE_V1, 0, NULL,
                ZM_NO_STORE, br(label(s, n->num), true));
        return;
    }
    zm_emit(s->a, save ? ZOP_SAVE : ZOP_RESTORE, 0, NULL, s->temp1,
            ZM_NO_BRANCH);
    ZOperand t = zm_var(s->temp1);
    zm_emit(s->a, ZOP_JZ, 1, &t, ZM_NO_STORE, br(label(s, n->num), false));
}

/* inversion: the header's version characters (bytes 60-63), each read
 * into temp_global and printed, as inform6 compiles it. */
static void inversion(ZSel *s)
{
    for (int i = 0; i < 4; i++) {
        ZOperand at[2] = { zm_const(0), zm_const(60 + i) };
        zm_emit(s->a, ZOP_LOADB, 2, at, s->temp1, ZM_NO_BRANCH);
        ZOperand t = zm_var(s->temp1);
        zm_emit(s->a, ZOP_PRINT_CHAR, 1, &t, ZM_NO_STORE, ZM_NO_BRANCH);
    }
}

static void statement(ZSel *s, const IrNode *n)
{
    switch (n->kind) {
    case IR_EVAL: zs_effect(s, n->kids[0]); break;
    case IR_LABEL: zm_place_label(s->a, label(s, n->num)); break;
    case IR_JUMP: zm_jump(s->a, label(s, n->num)); break;
    case IR_BRANCH: zs_branch(s, n->kids[0], label(s, n->num), n->num2 != 0); break;
    case IR_RETURN: ret(s, n->kids[0]); break;
    case IR_PRINT_TEXT: print_text(s, n, ZOP_PRINT); break;
    case IR_PRINT_RET_TEXT: print_text(s, n, ZOP_PRINT_RET); break;
    case IR_PRINT_CHAR: op1(s, ZOP_PRINT_CHAR, n); break;
    case IR_PRINT_NUM: op1(s, ZOP_PRINT_NUM, n); break;
    case IR_PRINT_ADDR: op1(s, ZOP_PRINT_ADDR, n); break;
    case IR_PRINT_PADDR: op1(s, ZOP_PRINT_PADDR, n); break;
    case IR_PRINT_OBJ: op1(s, ZOP_PRINT_OBJ, n); break;
    case IR_NEW_LINE: zm_emit0(s->a, ZOP_NEW_LINE); break;
    case IR_INVERSION: inversion(s); break;
    case IR_SET_ATTR: op2(s, ZOP_SET_ATTR, n); break;
    case IR_CLEAR_ATTR: op2(s, ZOP_CLEAR_ATTR, n); break;
    case IR_MOVE: op2(s, ZOP_INSERT_OBJ, n); break;
    case IR_REMOVE: op1(s, ZOP_REMOVE_OBJ, n); break;
    case IR_PUT_PROP: zs_effect(s, n); break;
    case IR_QUIT: zm_emit0(s->a, ZOP_QUIT); break;
    case IR_SPACES: spaces(s, n); break;
    case IR_STYLE: style(s, n, n->num); break;
    case IR_FONT: font(s, n->num != 0); break;
    case IR_READ: read_line(s, n); break;
    case IR_SAVE: case IR_RESTORE: save_restore(s, n); break;
    case IR_SET_DYNSTR: dynstr(s, n); break;
    case IR_ASM: zs_asm(s, n); break;
    default:
        diag_error(&n->loc, "internal error: IR %s is not a statement",
                   ir_kind_name((IrKind)n->kind));
        break;
    }
}

bool zsel_routine(Compiler *c, const IrProgram *ir, ZText *zt,
                  const ZGlobalMap *gm, const IrRoutine *r, ZAsm *a,
                  ZRoutineCode *out)
{
    ZSel s = { .c = c, .ir = ir, .zt = zt, .r = r, .a = a,
               .version = c->target->version, .gm = *gm,
               .max_inline = opt_setting_value(c->opts,
                                               "ZCODE_MAX_INLINE_STRING"),
               .temp1 = zgm_var(gm, IRG_TEMP1), .temp2 = zgm_var(gm, IRG_TEMP2),
               .temp3 = zgm_var(gm, IRG_TEMP3), .temp4 = zgm_var(gm, IRG_TEMP4) };
    int nlocals = r->nlocals > 15 ? 15 : r->nlocals;
    zm_begin_routine(a, nlocals, NULL);
    ZLabel stack[128];        /* most routines: no allocation */
    s.labels = r->nlabels < 128 ? stack
             : xmalloc(((size_t)r->nlabels + 1) * sizeof *s.labels);
    for (int i = 0; i < r->nlabels; i++) s.labels[i] = zm_new_label(a);
    s.labels[r->nlabels] = 0;
    for (int i = 0, m = 0; i < r->ncode; i++) {
        if (m < r->nmarks && r->marks[m].at == i) {     /* -k (ir.h) */
            zm_seq_point(a, r->marks[m].loc.line ? m : -1);
            m++;
        }
        statement(&s, r->code[i]);
    }
    if (s.labels != stack) free(s.labels);
    if (!zm_end_routine(a, out)) {
        diag_error(&r->loc, "routine '%s' cannot be assembled: %s",
                   r->name ? r->name : "(embedded)", zm_asm_error(a));
        return false;
    }
    return true;
}
