/* gselect.c: the Glulx instruction selector's statements and routines
 * (gcode.h: gsel_new, gsel_routine, gsel_glulx_version, gsel_free).
 *
 * Takes one IrRoutine at a time; gives its Glulx function through the
 * assembler (gasm.h), which settles branch sizes and lists relocations.
 * Statements are encoded as inform6 6.45 encodes them for Glulx
 * (states.c): text through @streamstr, characters through @streamchar
 * (@streamunichar beyond Latin-1), numbers through @streamnum, a new line
 * as @streamchar 10.  (`print "^"` stays a string, as in inform6 6.41 and
 * the Z back end; 6.42 made it a new line.) */
#include "gselect_int.h"

#include <stdlib.h>
#include <string.h>

#include "../../compiler/diag.h"
#include "../../compiler/locals.h"
#include "../../compiler/target.h"

static int target_constant(const Compiler *c, const char *name, int dflt)
{
    const Target *t = c->target;
    for (int i = 0; i < t->nconstants; i++)
        if (!strcmp(t->constants[i].name, name))
            return (int)t->constants[i].value;
    return dflt;
}

GlSel *gsel_new(Compiler *c, const IrProgram *ir)
{
    GlSel *s = xcalloc(1, sizeof *s);
    s->c = c;
    s->ir = ir;
    s->a = gasm_new();
    s->gobj_parent = target_constant(c, "GOBJFIELD_PARENT", 5);
    s->gobj_child = target_constant(c, "GOBJFIELD_CHILD", 7);
    s->gobj_sibling = target_constant(c, "GOBJFIELD_SIBLING", 6);
    s->gobj_name = target_constant(c, "GOBJFIELD_NAME", 3);
    return s;
}

void gsel_free(GlSel *s)
{
    if (!s) return;
    gasm_free(s->a);
    free(s);
}

uint32_t gsel_glulx_version(const GlSel *s)
{
    return s->version > 0x00020000 ? s->version : 0x00020000;
}

static GLabel label(GlSel *s, int32_t id)
{
    if (id == -2) return GBR_RFALSE;
    if (id == -3) return GBR_RTRUE;
    return s->labels[id];
}

static void op1(GlSel *s, GlOpcode op, const IrNode *n)
{
    GOperand o;
    gs_operands(s, n->kids, 1, &o);
    gasm_emit1(s->a, op, o);
}

void gs_goto(GlSel *s, GLabel target)
{
    if (target == GBR_RTRUE) gasm_emit1(s->a, GOP_RETURN, gasm_const(1));
    else if (target == GBR_RFALSE) gasm_emit1(s->a, GOP_RETURN, gasm_const(0));
    else gasm_jump(s->a, target);
}

static void print_text(GlSel *s, const IrNode *n, bool ret)
{
    gasm_emit1(s->a, GOP_STREAMSTR, gasm_reloc(GR_STRING, (uint32_t)n->num, 0));
    if (ret) {
        gasm_emit1(s->a, GOP_STREAMCHAR, gasm_const(10));
        gasm_emit1(s->a, GOP_RETURN, gasm_const(1));
    }
}

/* print (char) c: @streamchar for a constant Latin-1 character, else
 * @streamunichar. */
static void print_char(GlSel *s, const IrNode *n)
{
    const IrNode *k = n->kids[0];
    GOperand o;
    gs_operands(s, n->kids, 1, &o);
    bool latin1 = k->kind == IR_CONST && o.kind == GO_CONST &&
                  o.value >= 0 && o.value < 0x100;
    gasm_emit1(s->a, latin1 ? GOP_STREAMCHAR : GOP_STREAMUNICHAR, o);
}

static void ret(GlSel *s, const IrNode *v)
{
    GOperand o;
    gs_operands(s, (IrNode *const *)&v, 1, &o);
    gasm_emit1(s->a, GOP_RETURN, o);
}

/* spaces n: the count in temp_global, as inform6 writes it: none when
 * below 1, else print ' ' and count down to 0. */
static void spaces(GlSel *s, const IrNode *n)
{
    GAsm *a = s->a;
    GLabel loop = gasm_new_label(a), done = gasm_new_label(a);
    GOperand t = gs_temp(1);
    gs_value(s, n->kids[0], t);
    GOperand lt[2] = { t, gasm_const(1) };
    gasm_emit(a, GOP_JLT, 2, lt, done);
    gasm_place_label(a, loop);
    gasm_emit1(a, GOP_STREAMCHAR, gasm_const(' '));
    gasm_emit3(a, GOP_SUB, t, gasm_const(1), t);
    gasm_emit(a, GOP_JNZ, 1, &t, loop);
    gasm_place_label(a, done);
}

/* print (object) o: the string in the object's name field. */
static void print_obj(GlSel *s, const IrNode *n)
{
    GOperand o;
    gs_operands(s, n->kids, 1, &o);
    gasm_emit3(s->a, GOP_ALOAD, o, gasm_const(s->gobj_name), gasm_stack());
    gasm_emit1(s->a, GOP_STREAMSTR, gasm_stack());
}

/* give o a / give o ~a: bit a of the attribute bytes, which follow the
 * object's type byte. */
static void attr(GlSel *s, const IrNode *n, bool set)
{
    GOperand o[2];
    const IrNode *at = n->kids[1];
    if (at->kind == IR_CONST && at->value.ref == IRR_NONE) {
        gs_operands(s, n->kids, 1, o);
        o[1] = gasm_const(at->value.num + 8);
    } else {
        gs_operands(s, n->kids, 2, o);
        if (gasm_is_stack(o[1])) {
            if (gasm_is_stack(o[0])) gasm_emit0(s->a, GOP_STKSWAP);
            gasm_emit3(s->a, GOP_ADD, o[1], gasm_const(8), gasm_stack());
            if (gasm_is_stack(o[0])) gasm_emit0(s->a, GOP_STKSWAP);
        } else {
            gasm_emit3(s->a, GOP_ADD, o[1], gasm_const(8), gasm_stack());
            if (gasm_is_stack(o[0])) gasm_emit0(s->a, GOP_STKSWAP);
        }
        o[1] = gasm_stack();
    }
    gasm_emit3(s->a, GOP_ASTOREBIT, o[0], o[1], gasm_const(set ? 1 : 0));
}

static void unsupported(GlSel *s, const IrNode *n)
{
    diag_error(&n->loc, "internal error: the Glulx back end has no "
               "instruction for IR %s (lowering should have called the "
               "veneer)", ir_kind_name((IrKind)n->kind));
    (void)s;
}

/* inversion: the version characters of the header's Info block (bytes
 * 44-47), each copied onto the stack and printed, as inform6 compiles
 * it. */
static void inversion(GlSel *s)
{
    for (int i = 0; i < 4; i++) {
        GOperand at = { .kind = GO_ADDR4, .value = 44 + i };
        gasm_emit2(s->a, GOP_COPYB, at, gasm_stack());
        gasm_emit1(s->a, GOP_STREAMCHAR, gasm_stack());
    }
}

static void statement(GlSel *s, const IrNode *n)
{
    switch (n->kind) {
    case IR_EVAL: gs_effect(s, n->kids[0]); break;
    case IR_LABEL:
        if (s->forward[n->num]) gasm_place_forward_label(s->a, label(s, n->num));
        else gasm_place_label(s->a, label(s, n->num));
        break;
    case IR_JUMP: gs_goto(s, label(s, n->num)); break;
    case IR_BRANCH: gs_branch(s, n->kids[0], label(s, n->num), n->num2 != 0); break;
    case IR_RETURN: ret(s, n->kids[0]); break;
    case IR_PRINT_TEXT: print_text(s, n, false); break;
    case IR_PRINT_RET_TEXT: print_text(s, n, true); break;
    case IR_PRINT_CHAR: print_char(s, n); break;
    case IR_PRINT_NUM: op1(s, GOP_STREAMNUM, n); break;
    case IR_PRINT_PADDR: op1(s, GOP_STREAMSTR, n); break;
    case IR_PRINT_OBJ: print_obj(s, n); break;
    case IR_NEW_LINE: gasm_emit1(s->a, GOP_STREAMCHAR, gasm_const(10)); break;
    case IR_INVERSION: inversion(s); break;
    case IR_SET_ATTR: attr(s, n, true); break;
    case IR_CLEAR_ATTR: attr(s, n, false); break;
    case IR_QUIT: gasm_emit0(s->a, GOP_QUIT); break;
    case IR_SPACES: spaces(s, n); break;
    case IR_ASM: gs_asm(s, n); break;
    default: unsupported(s, n); break;
    }
}

/* The label a statement goes to, or -1. */
static int32_t target_of(const IrNode *n)
{
    switch (n->kind) {
    case IR_JUMP: case IR_BRANCH: case IR_ASM: case IR_SAVE: case IR_RESTORE:
        return n->num;
    default:
        return -1;
    }
}

/* forward[id]: no statement after label id's goes to it. */
static void find_forward_labels(const IrRoutine *r, bool *forward)
{
    bool *placed = forward + r->nlabels;
    for (int i = 0; i < r->nlabels; i++) forward[i] = true, placed[i] = false;
    for (int i = 0; i < r->ncode; i++) {
        const IrNode *n = r->code[i];
        int32_t t = target_of(n);
        if (n->kind == IR_LABEL && n->num >= 0 && n->num < r->nlabels)
            placed[n->num] = true;
        else if (t >= 0 && t < r->nlabels && placed[t])
            forward[t] = false;
    }
}

static bool is_written_return(const IrNode *n)
{
    const IrNode *v = n->kind == IR_RETURN ? n->kids[0] : NULL;
    return v && n->num2 == 1 && v->kind == IR_CONST && v->value.ref == IRR_NONE;
}

/* `if (c) rtrue;` (and rfalse) as inform6 compiles it: a branch on c to
 * the return, when the statements from i are BRANCH L if false, the
 * written rtrue / rfalse, perhaps a jump over an else, and L.  Gives the
 * statements used, 0 when they are not that. */
static int branch_to_return(GlSel *s, const IrRoutine *r, int i)
{
    const IrNode *b = r->code[i];
    if (b->kind != IR_BRANCH || b->num2 != 0 || b->num < 0 || i + 2 >= r->ncode ||
        !is_written_return(r->code[i + 1]))
        return 0;
    int k = i + 2;
    if (r->code[k]->kind == IR_JUMP && k + 1 < r->ncode) k++;
    const IrNode *l = r->code[k];
    if (l->kind != IR_LABEL || l->num != b->num) return 0;
    bool t = r->code[i + 1]->kids[0]->value.num != 0;
    gs_branch(s, b->kids[0], t ? GBR_RTRUE : GBR_RFALSE, true);
    return k - i;       /* the label itself is placed as usual */
}

/* -k: the sequence-point marks (ir.h) up to statement i, from mark m on,
 * handed to the assembler (branch_to_return may pass over a few
 * statements); gives the next mark. */
static int hand_marks(GlSel *s, const IrRoutine *r, int m, int i)
{
    for (; m < r->nmarks && r->marks[m].at <= i; m++)
        gasm_seq_point(s->a, r->marks[m].loc.line ? m : -1);
    return m;
}

const GSeqPoint *gsel_seq_points(const GlSel *s, size_t *n)
{
    return gasm_seq_points(s->a, n);
}

bool gsel_routine(GlSel *s, const IrRoutine *r, GRoutineCode *out)
{
    s->r = r;
    bool stack_args = r->nlocals >= 1 && r->local_names &&
                      r->local_names[0] &&
                      locals_same_name(r->local_names[0], "_vararg_count");
    gasm_begin(s->a, r->nlocals, stack_args);
    GLabel stack[128];        /* most routines: no allocation */
    bool fstack[256];
    s->labels = r->nlabels < 128 ? stack
              : xmalloc(((size_t)r->nlabels + 1) * sizeof *s->labels);
    s->forward = r->nlabels < 128 ? fstack
               : xmalloc(2 * ((size_t)r->nlabels + 1) * sizeof *s->forward);
    for (int i = 0; i < r->nlabels; i++) s->labels[i] = gasm_new_label(s->a);
    find_forward_labels(r, s->forward);
    for (int i = 0, m = 0; i < r->ncode; i++) {
        m = hand_marks(s, r, m, i);
        i += branch_to_return(s, r, i);
        m = hand_marks(s, r, m, i);
        statement(s, r->code[i]);
    }
    if (s->labels != stack) free(s->labels);
    if (s->forward != fstack) free(s->forward);
    s->labels = NULL;
    s->forward = NULL;
    uint32_t v = gasm_version_needed(s->a);
    if (v > s->version) s->version = v;
    if (!gasm_end(s->a, out)) {
        diag_error(&r->loc, "routine '%s' cannot be assembled: %s",
                   r->name ? r->name : "(embedded)", gasm_error(s->a));
        return false;
    }
    return true;
}
