/* gselect_expr.c: values and branches of the Glulx instruction selector.
 *
 * Takes IR trees; gives instructions through the assembler.  A tree is
 * munched top-down: leaves (constants, variables) become operands in
 * place, anything else is computed onto the stack first, last operand
 * first, so that the instruction pops its operands in order (inform6's
 * order of evaluation, which programs can observe through side effects).
 * What inform6 6.45 compiles each operation to on Glulx (expressc.c) is
 * followed: object fields by @aload at the GOBJFIELD_ word offsets,
 * attributes by @aloadbit at bit attr + 8, random(n) as @random n then
 * +1. */
#include "gselect_int.h"

#include "../../compiler/diag.h"

GOperand gs_var_of(const IrNode *n)
{
    switch (n->kind) {
    case IR_LOCAL: return gasm_local((int)n->num);
    case IR_GLOBAL: return gasm_global(gl_global_number(n->num));
    default: return gasm_stack();
    }
}

bool gs_is_leaf(const IrNode *n)
{
    return n->kind == IR_CONST || n->kind == IR_LOCAL || n->kind == IR_GLOBAL ||
           n->kind == IR_POP || n->kind == IR_SUBJECT;
}

GOperand gs_value_operand(GlSel *s, IrValue v)
{
    switch ((IrRefKind)v.ref) {
    case IRR_NONE: return gasm_const(v.num);
    case IRR_ROUTINE: return gasm_reloc(GR_ROUTINE, v.target, v.num);
    case IRR_STRING: return gasm_reloc(GR_STRING, v.target, v.num);
    case IRR_DICT: return gasm_reloc(GR_DICT, v.target, v.num);
    case IRR_ARRAY: return gasm_reloc(GR_ARRAY, v.target, v.num);
    case IRR_OBJECT: return gasm_reloc(GR_OBJECT, v.target, v.num);
    case IRR_SYSCONST: return gasm_reloc(GR_SYSCONST, v.target, v.num);
    case IRR_ACTION: return gasm_reloc(GR_ACTION, v.target, v.num);
    case IRR_GLOBAL_ADDR: return gasm_reloc(GR_GLOBAL_ADDR, v.target, v.num);
    case IRR_TABLE: return gasm_reloc(GR_TABLE, v.target, v.num);
    case IRR_CHAR: return gasm_const((int32_t)v.target + v.num);
    case IRR_GLOBAL_NUM:
        return gasm_const((int32_t)gl_global_number((int32_t)v.target) + v.num);
    case IRR_SYMBOL:
    default:
        diag_error(&s->r->loc, "internal error: a reference of kind %d has "
                   "no Glulx value", v.ref);
        return gasm_const(0);
    }
}

GOperand gs_leaf(GlSel *s, const IrNode *n)
{
    if (n->kind == IR_SUBJECT) return gs_leaf(s, s->subject[n->num]);
    if (n->kind != IR_CONST) return gs_var_of(n);
    return gs_value_operand(s, n->value);
}

void gs_operands(GlSel *s, IrNode *const *kids, int n, GOperand *out)
{
    for (int i = n - 1; i >= 0; i--)
        if (!gs_is_leaf(kids[i])) gs_value(s, kids[i], gasm_stack());
    for (int i = 0; i < n; i++)
        out[i] = gs_is_leaf(kids[i]) ? gs_leaf(s, kids[i]) : gasm_stack();
}

static bool same_var(GOperand x, GOperand y)
{
    return x.kind == y.kind && (x.kind == GO_LOCAL || x.kind == GO_GLOBAL) &&
           x.value == y.value;
}

void gs_store(GlSel *s, GOperand from, GOperand dest)
{
    if (same_var(from, dest)) return;
    if (gasm_is_stack(dest) && gasm_is_stack(from)) return;   /* there */
    if (dest.kind == GO_DISCARD && !gasm_is_stack(from)) return;
    gasm_emit2(s->a, GOP_COPY, from, dest);
}

static GlOpcode arith_op(IrKind k)
{
    switch (k) {
    case IR_ADD: return GOP_ADD;
    case IR_SUB: return GOP_SUB;
    case IR_MUL: return GOP_MUL;
    case IR_DIV: return GOP_DIV;
    case IR_MOD: return GOP_MOD;
    case IR_AND: return GOP_BITAND;
    case IR_OR: return GOP_BITOR;
    case IR_LOADW: return GOP_ALOAD;
    case IR_LOADB: return GOP_ALOADB;
    default: return GOP__NONE;
    }
}

/* @callf, @callfi, @callfii, @callfiii for up to three arguments; else
 * the arguments pushed last to first and @call f n. */
static void call_op(GlSel *s, const IrNode *n, GOperand dest)
{
    int nargs = n->nkids - 1;
    GOperand ops[5];
    if (nargs <= 3) {
        static const GlOpcode calls[] = { GOP_CALLF, GOP_CALLFI, GOP_CALLFII,
                                          GOP_CALLFIII };
        gs_operands(s, n->kids, nargs + 1, ops);
        ops[nargs + 1] = dest;
        gasm_emit(s->a, calls[nargs], nargs + 2, ops, GBR_NONE);
        return;
    }
    for (int i = nargs; i >= 1; i--) {
        if (gs_is_leaf(n->kids[i]))
            gs_store(s, gs_leaf(s, n->kids[i]), gasm_stack());
        else
            gs_value(s, n->kids[i], gasm_stack());
    }
    gs_operands(s, n->kids, 1, ops);
    gasm_emit3(s->a, GOP_CALL, ops[0], gasm_const(nargs), dest);
}

static void field(GlSel *s, const IrNode *n, int word, GOperand dest)
{
    GOperand o;
    gs_operands(s, n->kids, 1, &o);
    gasm_emit3(s->a, GOP_ALOAD, o, gasm_const(word), dest);
}

/* A condition's value, 1 or 0, pushed and then stored, as inform6 does:
 * an `&&` branches when false (so 1 is pushed first), anything else when
 * true. */
static void cond_value(GlSel *s, const IrNode *n, GOperand dest)
{
    bool sense = n->kind != IR_LAND;
    GLabel other = gasm_new_label(s->a), end = gasm_new_label(s->a);
    gs_branch(s, n, other, sense);
    gasm_emit2(s->a, GOP_COPY, gasm_const(!sense), gasm_stack());
    gasm_jump(s->a, end);
    gasm_place_label(s->a, other);
    gasm_emit2(s->a, GOP_COPY, gasm_const(sense), gasm_stack());
    gasm_place_forward_label(s->a, end);
    gs_store(s, gasm_stack(), dest);
}

static void incdec(GlSel *s, const IrNode *n, GOperand dest, bool want)
{
    GOperand v = gs_var_of(n->kids[0]);
    bool inc = n->kind == IR_INC || n->kind == IR_POSTINC;
    bool post = n->kind == IR_POSTINC || n->kind == IR_POSTDEC;
    if (want && post) gs_store(s, v, dest);
    gasm_emit3(s->a, inc ? GOP_ADD : GOP_SUB, v, gasm_const(1), v);
    if (want && !post) gs_store(s, v, dest);
}

/* base-->index = v, base->index = v: @astore / @astoreb, whose value,
 * when wanted, is v, copied on the stack under base and index. */
static void store3(GlSel *s, const IrNode *n, GOperand dest, bool want)
{
    GlOpcode op = n->kind == IR_SETW ? GOP_ASTORE : GOP_ASTOREB;
    GOperand ops[3];
    if (!want) {
        gs_operands(s, n->kids, 3, ops);
        gasm_emit(s->a, op, 3, ops, GBR_NONE);
        return;
    }
    gs_value(s, n->kids[2], gasm_stack());
    gasm_emit1(s->a, GOP_STKCOPY, gasm_const(1));
    gs_operands(s, n->kids, 2, ops);
    ops[2] = gasm_stack();
    gasm_emit(s->a, op, 3, ops, GBR_NONE);
    gs_store(s, gasm_stack(), dest);
}

/* random(n): 1..n by @random n then +1; a constant n <= 0 reseeds
 * (@setrandom -n) and gives 0; so does a variable one, tested first. */
static void random_op(GlSel *s, const IrNode *n, GOperand dest)
{
    GAsm *a = s->a;
    const IrNode *k = n->kids[0];
    if (k->kind == IR_CONST && k->value.ref == IRR_NONE) {
        if (k->value.num > 0) {
            gasm_emit2(a, GOP_RANDOM, gasm_const(k->value.num), gasm_stack());
            gasm_emit3(a, GOP_ADD, gasm_stack(), gasm_const(1), dest);
        } else {
            gasm_emit1(a, GOP_SETRANDOM, gasm_const(-k->value.num));
            gasm_emit2(a, GOP_COPY, gasm_const(0), dest);
        }
        return;
    }
    GOperand t = gs_temp(1);
    GLabel seed = gasm_new_label(a), done = gasm_new_label(a);
    gs_value(s, k, t);
    GOperand le[2] = { t, gasm_const(0) };
    gasm_emit(a, GOP_JLE, 2, le, seed);
    gasm_emit2(a, GOP_RANDOM, t, gasm_stack());
    gasm_emit3(a, GOP_ADD, gasm_stack(), gasm_const(1), dest);
    gasm_jump(a, done);
    gasm_place_label(a, seed);
    gasm_emit2(a, GOP_NEG, t, gasm_stack());
    gasm_emit1(a, GOP_SETRANDOM, gasm_stack());
    gasm_emit2(a, GOP_COPY, gasm_const(0), dest);
    gasm_place_label(a, done);
}

/* children(x), elder(x), youngest(x): short loops over the tree, in
 * temp_global .. as inform6 writes them. */
static void syscall(GlSel *s, const IrNode *n, GOperand dest)
{
    GAsm *a = s->a;
    GOperand x, t1 = gs_temp(1), t2 = gs_temp(2), t3 = gs_temp(3);
    GOperand child = gasm_const(s->gobj_child), sib = gasm_const(s->gobj_sibling);
    gs_operands(s, n->kids, 1, &x);
    GLabel loop = gasm_new_label(a), done = gasm_new_label(a);
    if (n->num == IR_SYS_CHILDREN) {
        gasm_emit2(a, GOP_COPY, gasm_const(0), t1);
        gasm_emit3(a, GOP_ALOAD, x, child, t2);
        gasm_place_label(a, loop);
        gasm_emit(a, GOP_JZ, 1, &t2, done);
        gasm_emit3(a, GOP_ADD, t1, gasm_const(1), t1);
        gasm_emit3(a, GOP_ALOAD, t2, sib, t2);
        gasm_jump(a, loop);
    } else if (n->num == IR_SYS_YOUNGEST) {
        gasm_emit3(a, GOP_ALOAD, x, child, t1);
        gasm_emit(a, GOP_JZ, 1, &t1, done);
        gasm_place_label(a, loop);
        gasm_emit3(a, GOP_ALOAD, t1, sib, t2);
        gasm_emit(a, GOP_JZ, 1, &t2, done);
        gasm_emit2(a, GOP_COPY, t2, t1);
        gasm_jump(a, loop);
    } else {                                    /* elder */
        GLabel none = gasm_new_label(a);
        gasm_emit2(a, GOP_COPY, x, t3);
        gasm_emit3(a, GOP_ALOAD, t3, gasm_const(s->gobj_parent), t1);
        gasm_emit(a, GOP_JZ, 1, &t1, done);
        gasm_emit3(a, GOP_ALOAD, t1, child, t1);
        gasm_emit(a, GOP_JZ, 1, &t1, done);
        GOperand eq[2] = { t3, t1 };
        gasm_emit(a, GOP_JEQ, 2, eq, none);
        gasm_place_label(a, loop);
        gasm_emit3(a, GOP_ALOAD, t1, sib, t2);
        GOperand eq2[2] = { t3, t2 };
        gasm_emit(a, GOP_JEQ, 2, eq2, done);
        gasm_emit2(a, GOP_COPY, t2, t1);
        gasm_jump(a, loop);
        gasm_place_label(a, none);
        gasm_emit2(a, GOP_COPY, gasm_const(0), t1);
    }
    gasm_place_label(a, done);
    gs_store(s, t1, dest);
}

static void no_value(GlSel *s, const IrNode *n)
{
    diag_error(&n->loc, "internal error: IR %s has no Glulx value (lowering "
               "should have called the veneer)", ir_kind_name((IrKind)n->kind));
    (void)s;
}

/* random(a, b, c) as lowering gives it, table-->(random(k) - 1): inform6
 * indexes the table with @random k's 0..k-1 itself. */
static bool random_choice(GlSel *s, const IrNode *n, GOperand dest)
{
    int32_t k;
    const IrNode *table;
    if (!ir_random_choice(n, &k, &table)) return false;
    gasm_emit2(s->a, GOP_RANDOM, gasm_const(k), gasm_stack());
    gasm_emit3(s->a, GOP_ALOAD, gs_leaf(s, table), gasm_stack(), dest);
    return true;
}

void gs_value(GlSel *s, const IrNode *n, GOperand dest)
{
    GOperand ops[3];
    if (random_choice(s, n, dest)) return;
    GlOpcode op = arith_op((IrKind)n->kind);
    if (op != GOP__NONE) {
        gs_operands(s, n->kids, 2, ops);
        gasm_emit3(s->a, op, ops[0], ops[1], dest);
        return;
    }
    switch (n->kind) {
    case IR_CONST: case IR_LOCAL: case IR_GLOBAL: case IR_POP: case IR_SUBJECT:
        gs_store(s, gs_leaf(s, n), dest);
        return;
    case IR_CHECKED: gs_checked_value(s, n, dest); return;
    case IR_NOT: case IR_NEG:
        gs_operands(s, n->kids, 1, ops);
        gasm_emit2(s->a, n->kind == IR_NOT ? GOP_BITNOT : GOP_NEG, ops[0], dest);
        return;
    case IR_PARENT: field(s, n, s->gobj_parent, dest); return;
    case IR_CHILD: field(s, n, s->gobj_child, dest); return;
    case IR_SIBLING: field(s, n, s->gobj_sibling, dest); return;
    case IR_RANDOM: random_op(s, n, dest); return;
    case IR_CALL: call_op(s, n, dest); return;
    case IR_SET: {
        GOperand v = gs_var_of(n->kids[0]);
        gs_value(s, n->kids[1], v);
        gs_store(s, v, dest);
        return;
    }
    case IR_SETW: case IR_SETB:
        store3(s, n, dest, dest.kind != GO_DISCARD);
        return;
    case IR_INC: case IR_DEC: case IR_POSTINC: case IR_POSTDEC:
        incdec(s, n, dest, dest.kind != GO_DISCARD);
        return;
    case IR_SEQ:
        gs_effect(s, n->kids[0]);
        gs_value(s, n->kids[1], dest);
        return;
    case IR_SYSCALL: syscall(s, n, dest); return;
    case IR_EQ: case IR_LT: case IR_GT: case IR_HAS: case IR_IN: case IR_TEST:
    case IR_NONZERO: case IR_LNOT: case IR_LAND: case IR_LOR:
        cond_value(s, n, dest);
        return;
    default:
        no_value(s, n);
        return;
    }
}

void gs_effect(GlSel *s, const IrNode *n)
{
    switch (n->kind) {
    case IR_CONST: case IR_LOCAL: case IR_GLOBAL:
        return;
    case IR_CHECKED: gs_checked_effect(s, n); return;
    case IR_SET: gs_value(s, n->kids[1], gs_var_of(n->kids[0])); return;
    case IR_SEQ:
        gs_effect(s, n->kids[0]);
        gs_effect(s, n->kids[1]);
        return;
    default:
        gs_value(s, n, gasm_discard());
        return;
    }
}

/* @jeq for each alternative: x == a or b or c. */
static void branch_eq(GlSel *s, const IrNode *n, GLabel target, bool sense)
{
    GAsm *a = s->a;
    int nalts = n->nkids - 1;
    GOperand ops[2];
    if (nalts == 1) {
        gs_operands(s, n->kids, 2, ops);
        gasm_emit(a, sense ? GOP_JEQ : GOP_JNE, 2, ops, target);
        return;
    }
    /* the alternatives last to first onto the stack, then the value
     * compared (into a temporary when not a leaf) */
    for (int i = nalts; i >= 1; i--)
        if (!gs_is_leaf(n->kids[i])) gs_value(s, n->kids[i], gasm_stack());
    GOperand x;
    if (gs_is_leaf(n->kids[0])) x = gs_leaf(s, n->kids[0]);
    else {
        x = gs_temp(4);
        gs_value(s, n->kids[0], x);
    }
    GLabel skip = sense ? target : gasm_new_label(a);
    for (int i = 1; i <= nalts; i++) {
        const IrNode *alt = n->kids[i];
        ops[0] = x;
        ops[1] = gs_is_leaf(alt) ? gs_leaf(s, alt) : gasm_stack();
        if (!sense && i == nalts) gasm_emit(a, GOP_JNE, 2, ops, target);
        else gasm_emit(a, GOP_JEQ, 2, ops, skip);
    }
    if (!sense) gasm_place_label(a, skip);
}

/* o has a: bit a + 8 of the object (the type byte comes first). */
static void branch_has(GlSel *s, const IrNode *n, GLabel target, bool sense)
{
    GAsm *a = s->a;
    GOperand o[2];
    const IrNode *at = n->kids[1];
    if (at->kind == IR_CONST && at->value.ref == IRR_NONE) {
        gs_operands(s, n->kids, 1, o);
        o[1] = gasm_const(at->value.num + 8);
    } else {
        gs_operands(s, n->kids, 2, o);
        if (gasm_is_stack(o[0]) && gasm_is_stack(o[1]))
            gasm_emit0(a, GOP_STKSWAP);
        gasm_emit3(a, GOP_ADD, o[1], gasm_const(8), gasm_stack());
        if (gasm_is_stack(o[0])) gasm_emit0(a, GOP_STKSWAP);
        o[1] = gasm_stack();
    }
    gasm_emit3(a, GOP_ALOADBIT, o[0], o[1], gasm_stack());
    GOperand sp = gasm_stack();
    gasm_emit(a, sense ? GOP_JNZ : GOP_JZ, 1, &sp, target);
}

/* x & y == y: each bit of y set in x (y read twice: a leaf or a temp). */
static void branch_test(GlSel *s, const IrNode *n, GLabel target, bool sense)
{
    GOperand y;
    if (gs_is_leaf(n->kids[1])) y = gs_leaf(s, n->kids[1]);
    else {
        y = gs_temp(4);
        gs_value(s, n->kids[1], y);
    }
    GOperand x;
    gs_operands(s, n->kids, 1, &x);
    gasm_emit3(s->a, GOP_BITAND, x, y, gasm_stack());
    GOperand ops[2] = { gasm_stack(), y };
    gasm_emit(s->a, sense ? GOP_JEQ : GOP_JNE, 2, ops, target);
}

void gs_branch(GlSel *s, const IrNode *n, GLabel target, bool sense)
{
    GAsm *a = s->a;
    GOperand ops[2];
    switch (n->kind) {
    case IR_EQ: branch_eq(s, n, target, sense); return;
    case IR_CHECKED: gs_checked_branch(s, n, target, sense); return;
    case IR_LT: case IR_GT:
        gs_operands(s, n->kids, 2, ops);
        gasm_emit(a, n->kind == IR_LT ? (sense ? GOP_JLT : GOP_JGE)
                                      : (sense ? GOP_JGT : GOP_JLE),
                  2, ops, target);
        return;
    case IR_HAS: branch_has(s, n, target, sense); return;
    case IR_IN:
        gs_operands(s, n->kids, 2, ops);
        gasm_emit3(a, GOP_ALOAD, ops[0], gasm_const(s->gobj_parent),
                   gasm_stack());
        ops[0] = gasm_stack();
        gasm_emit(a, sense ? GOP_JEQ : GOP_JNE, 2, ops, target);
        return;
    case IR_TEST: branch_test(s, n, target, sense); return;
    case IR_LNOT: gs_branch(s, n->kids[0], target, !sense); return;
    case IR_LAND: case IR_LOR: {
        bool and_ = n->kind == IR_LAND;
        if (and_ != sense) {        /* and/false, or/true: either suffices */
            gs_branch(s, n->kids[0], target, sense);
            gs_branch(s, n->kids[1], target, sense);
        } else {                    /* both needed */
            GLabel skip = gasm_new_label(a);
            gs_branch(s, n->kids[0], skip, !sense);
            gs_branch(s, n->kids[1], target, sense);
            gasm_place_label(a, skip);
        }
        return;
    }
    case IR_NONZERO:
        n = n->kids[0];
        /* fall through */
    default:
        if (n->kind == IR_CONST && n->value.ref == IRR_NONE) {
            if ((n->value.num != 0) == sense) gs_goto(s, target);
            return;
        }
        gs_operands(s, (IrNode *const *)&n, 1, ops);
        gasm_emit(a, sense ? GOP_JNZ : GOP_JZ, 1, ops, target);
        return;
    }
}
