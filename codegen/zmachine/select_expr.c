/* select_expr.c: values and branches of the Z instruction selector.
 *
 * Takes IR trees; gives instructions through the assembler.  A tree is
 * munched top-down: leaves (constants, variables) become operands in
 * place, anything else is computed onto the stack first, last operand
 * first, so that the instruction pops its operands in order (inform6's
 * order of evaluation, which programs can observe through side
 * effects). */
#include "select_int.h"
#include "zref.h"
#include "../../compiler/diag.h"

static ZBranch br(ZLabel l, bool sense) { return (ZBranch){ l, sense }; }

int zs_var_of(const ZSel *s, const IrNode *n)
{
    switch (n->kind) {
    case IR_LOCAL: return (int)n->num;
    case IR_GLOBAL: return zgm_var(&s->gm, n->num);
    default: return ZV_STACK;
    }
}

bool zs_is_leaf(const IrNode *n)
{
    return n->kind == IR_CONST || n->kind == IR_LOCAL || n->kind == IR_GLOBAL ||
           n->kind == IR_POP || n->kind == IR_SUBJECT;
}

ZOperand zs_leaf(ZSel *s, const IrNode *n)
{
    if (n->kind == IR_SUBJECT) return zs_leaf(s, s->subject[n->num]);
    if (n->kind != IR_CONST) return zm_var(zs_var_of(s, n));
    IrValue v = n->value;
    /* (zm_const_named, zm_const_of: the listing names the number) */
    if (v.ref == IRR_NONE)
        return n->sym ? zm_const_named(s->a, ir_const_name(n), v.num)
                      : zm_const(v.num);
    if (v.ref == IRR_OBJECT)
        return zm_const_of(ZR_OBJECT, v.target, v.num,
                           (int32_t)v.target + v.num);
    if (v.ref == IRR_GLOBAL_NUM)    /* #g$name: its word in the table */
        return zm_const_of(ZR_GLOBAL_NUM, v.target, v.num,
                           zgm_var(&s->gm, (int32_t)v.target) - 16 + v.num);
    if (v.ref == IRR_CHAR) {
        int z = zt_unicode_to_zscii(s->zt, v.target);
        return zm_const_of(ZR_CHAR, v.target, v.num,
                           (z < 0 ? '?' : z) + v.num);
    }
    return zref_operand(v);
}

void zs_operands(ZSel *s, IrNode *const *kids, int n, ZOperand *out)
{
    for (int i = n - 1; i >= 0; i--)
        if (!zs_is_leaf(kids[i])) zs_value(s, kids[i], ZV_STACK);
    for (int i = 0; i < n; i++)
        out[i] = zs_is_leaf(kids[i]) ? zs_leaf(s, kids[i]) : zm_sp();
}

static void emit_store(ZSel *s, ZOperand from, int dest)
{
    if (dest == ZV_STACK) {
        if (from.kind == ZO_VAR && from.value == 0) return;   /* already there */
        zm_emit(s->a, ZOP_PUSH, 1, &from, ZM_NO_STORE, ZM_NO_BRANCH);
    } else {
        if (from.kind == ZO_VAR && from.value == dest) return;
        ZOperand ops[2] = { zm_const(dest), from };
        zm_emit(s->a, ZOP_STORE, 2, ops, ZM_NO_STORE, ZM_NO_BRANCH);
    }
}

static ZOpcode arith_op(IrKind k)
{
    switch (k) {
    case IR_ADD: return ZOP_ADD;
    case IR_SUB: return ZOP_SUB;
    case IR_MUL: return ZOP_MUL;
    case IR_DIV: return ZOP_DIV;
    case IR_MOD: return ZOP_MOD;
    case IR_AND: return ZOP_AND;
    case IR_OR: return ZOP_OR;
    case IR_LOADW: return ZOP_LOADW;
    case IR_LOADB: return ZOP_LOADB;
    case IR_PROP: return ZOP_GET_PROP;
    case IR_PROP_ADDR: return ZOP_GET_PROP_ADDR;
    default: return ZOP__NONE;
    }
}

static void call_op(ZSel *s, const IrNode *n, int dest, bool keep)
{
    int nargs = n->nkids - 1;
    int most = s->c->target->lim.max_call_args;
    ZOperand ops[8];
    if (nargs > most) {
        diag_error(&n->loc, "a call on %s takes at most %d arguments, not %d",
                   s->c->target->machine, most, nargs);
        nargs = most;
    }
    zs_operands(s, n->kids, nargs + 1, ops);
    zs_call(s, nargs + 1, ops, keep ? dest : ZM_NO_STORE);
}

void zs_call(ZSel *s, int nops, const ZOperand *ops, int dest)
{
    int nargs = nops - 1;
    if (dest == ZM_NO_STORE && s->version < 5)
        dest = s->temp1;        /* no call_*n: the result thrown away */
    ZOpcode op;
    if (dest != ZM_NO_STORE)
        op = s->version == 3 ? ZOP_CALL
           : nargs == 0 ? ZOP_CALL_1S : nargs == 1 ? ZOP_CALL_2S
           : nargs <= 3 ? ZOP_CALL_VS : ZOP_CALL_VS2;
    else
        op = nargs == 0 ? ZOP_CALL_1N : nargs == 1 ? ZOP_CALL_2N
           : nargs <= 3 ? ZOP_CALL_VN : ZOP_CALL_VN2;
    zm_emit(s->a, op, nops, ops, dest, ZM_NO_BRANCH);
}

void zs_pull(ZSel *s, int var)
{
    if (s->version == 6)        /* v6's pull stores its result */
        zm_emit(s->a, ZOP_PULL_V6, 0, NULL, var, ZM_NO_BRANCH);
    else
        zm_emit1(s->a, ZOP_PULL, zm_const(var));
}

/* get_child / get_sibling store and branch; the branch goes nowhere. */
static void tree_op(ZSel *s, ZOpcode op, const IrNode *x, int dest)
{
    ZOperand o;
    zs_operands(s, (IrNode *const *)&x, 1, &o);
    ZLabel next = zm_new_label(s->a);
    zm_emit(s->a, op, 1, &o, dest, br(next, true));
    zm_place_label(s->a, next);
}

static void cond_value(ZSel *s, const IrNode *n, int dest)
{
    ZLabel yes = zm_new_label(s->a), end = zm_new_label(s->a);
    zs_branch(s, n, yes, true);
    emit_store(s, zm_const(0), dest);
    zm_jump(s->a, end);
    zm_place_label(s->a, yes);
    emit_store(s, zm_const(1), dest);
    zm_place_label(s->a, end);
}

static void incdec(ZSel *s, const IrNode *n, int dest, bool want)
{
    int v = zs_var_of(s, n->kids[0]);
    bool inc = n->kind == IR_INC || n->kind == IR_POSTINC;
    bool post = n->kind == IR_POSTINC || n->kind == IR_POSTDEC;
    if (want && post) emit_store(s, zm_var(v), dest);
    ZOperand o = zm_const(v);
    zm_emit(s->a, inc ? ZOP_INC : ZOP_DEC, 1, &o, ZM_NO_STORE, ZM_NO_BRANCH);
    if (want && !post) emit_store(s, zm_var(v), dest);
}

/* base-->index = v, base->index = v, o.p = v (unchecked put_prop): one
 * instruction with three operands whose value, when wanted, is v, kept on
 * the stack (load [sp] reads without popping) under base and index. */
static void store3(ZSel *s, ZOpcode op, const IrNode *n, int dest, bool want)
{
    ZOperand ops[3];
    if (!want) {
        zs_operands(s, n->kids, 3, ops);
        zm_emit(s->a, op, 3, ops, ZM_NO_STORE, ZM_NO_BRANCH);
        return;
    }
    zs_value(s, n->kids[2], ZV_STACK);
    ZOperand zero = zm_const(0);
    zm_emit(s->a, ZOP_LOAD, 1, &zero, ZV_STACK, ZM_NO_BRANCH);
    zs_operands(s, n->kids, 2, ops);
    ops[2] = zm_sp();
    zm_emit(s->a, op, 3, ops, ZM_NO_STORE, ZM_NO_BRANCH);
    emit_store(s, zm_sp(), dest);
}

static ZOpcode store_op(const IrNode *n)
{
    return n->kind == IR_SETW ? ZOP_STOREW : n->kind == IR_SETB ? ZOP_STOREB
                                                               : ZOP_PUT_PROP;
}

/* children(x), elder(x), youngest(x): short loops over the tree. */
static void syscall(ZSel *s, const IrNode *n, int dest)
{
    ZAsm *a = s->a;
    ZOperand x;
    zs_operands(s, n->kids, 1, &x);
    ZLabel loop = zm_new_label(a), done = zm_new_label(a);
    if (n->num == IR_SYS_CHILDREN) {
        zm_emit2(a, ZOP_STORE, zm_const(s->temp1), zm_const(0));
        zm_emit(a, ZOP_GET_CHILD, 1, &x, ZV_STACK, br(done, false));
        zm_place_label(a, loop);
        zm_emit1(a, ZOP_INC, zm_const(s->temp1));
        ZOperand sp = zm_sp();
        zm_emit(a, ZOP_GET_SIBLING, 1, &sp, ZV_STACK, br(loop, true));
        zm_place_label(a, done);
        zs_pull(s, s->temp2);
        emit_store(s, zm_var(s->temp1), dest);
        return;
    }
    if (n->num == IR_SYS_YOUNGEST) {
        /* TEMP1 = child; while (sibling(TEMP1)) TEMP1 = sibling */
        zm_emit(a, ZOP_GET_CHILD, 1, &x, s->temp1, br(done, false));
        zm_place_label(a, loop);
        ZOperand t = zm_var(s->temp1);
        zm_emit(a, ZOP_GET_SIBLING, 1, &t, s->temp2, br(done, false));
        zm_emit2(a, ZOP_STORE, zm_const(s->temp1), zm_var(s->temp2));
        zm_jump(a, loop);
        zm_place_label(a, done);
        emit_store(s, zm_var(s->temp1), dest);
        return;
    }
    /* elder: TEMP3 = x; TEMP1 = child(parent(x)); answer 0 if it is x;
     * else walk until the sibling is x */
    ZLabel none = zm_new_label(a);
    zm_emit2(a, ZOP_STORE, zm_const(s->temp3), x);
    ZOperand t3 = zm_var(s->temp3);
    zm_emit(a, ZOP_GET_PARENT, 1, &t3, s->temp1, ZM_NO_BRANCH);
    ZOperand t1 = zm_var(s->temp1);
    zm_emit(a, ZOP_JZ, 1, &t1, ZM_NO_STORE, br(none, true));
    zm_emit(a, ZOP_GET_CHILD, 1, &t1, s->temp1, br(loop, true));
    zm_place_label(a, loop);
    ZOperand eq[2] = { zm_var(s->temp1), zm_var(s->temp3) };
    zm_emit(a, ZOP_JE, 2, eq, ZM_NO_STORE, br(none, true));
    zm_emit(a, ZOP_GET_SIBLING, 1, &t1, s->temp2, br(none, false));
    ZOperand eq2[2] = { zm_var(s->temp2), zm_var(s->temp3) };
    zm_emit(a, ZOP_JE, 2, eq2, ZM_NO_STORE, br(done, true));
    zm_emit2(a, ZOP_STORE, zm_const(s->temp1), zm_var(s->temp2));
    zm_jump(a, loop);
    zm_place_label(a, none);
    zm_emit2(a, ZOP_STORE, zm_const(s->temp1), zm_const(0));
    zm_place_label(a, done);
    emit_store(s, zm_var(s->temp1), dest);
}

/* random(a, b, ...) (ir_random_choice): @random k into temp_global,
 * decremented there to index the table, as inform6 does. */
static bool random_choice(ZSel *s, const IrNode *n, int dest)
{
    int32_t k;
    const IrNode *table;
    if (!ir_random_choice(n, &k, &table)) return false;
    ZOperand ops[2] = { zm_const(k) };
    zm_emit(s->a, ZOP_RANDOM, 1, ops, s->temp1, ZM_NO_BRANCH);
    ops[0] = zm_const(s->temp1);
    zm_emit(s->a, ZOP_DEC, 1, ops, ZM_NO_STORE, ZM_NO_BRANCH);
    ops[0] = zs_leaf(s, table);
    ops[1] = zm_var(s->temp1);
    zm_emit(s->a, ZOP_LOADW, 2, ops, dest, ZM_NO_BRANCH);
    return true;
}

void zs_value(ZSel *s, const IrNode *n, int dest)
{
    ZOperand ops[3];
    if (random_choice(s, n, dest)) return;
    ZOpcode op = arith_op((IrKind)n->kind);
    if (op != ZOP__NONE) {
        zs_operands(s, n->kids, 2, ops);
        zm_emit(s->a, op, 2, ops, dest, ZM_NO_BRANCH);
        return;
    }
    switch (n->kind) {
    case IR_CONST: case IR_LOCAL: case IR_GLOBAL: case IR_POP: case IR_SUBJECT:
        emit_store(s, zs_leaf(s, n), dest);
        return;
    case IR_CHECKED: zs_checked_value(s, n, dest); return;
    case IR_NOT:
        zs_operands(s, n->kids, 1, ops);
        zm_emit(s->a, ZOP_NOT, 1, ops, dest, ZM_NO_BRANCH);
        return;
    case IR_NEG:
        zs_operands(s, n->kids, 1, ops + 1);
        ops[0] = zm_const(0);
        zm_emit(s->a, ZOP_SUB, 2, ops, dest, ZM_NO_BRANCH);
        return;
    case IR_PARENT:
        zs_operands(s, n->kids, 1, ops);
        zm_emit(s->a, ZOP_GET_PARENT, 1, ops, dest, ZM_NO_BRANCH);
        return;
    case IR_CHILD: tree_op(s, ZOP_GET_CHILD, n->kids[0], dest); return;
    case IR_SIBLING: tree_op(s, ZOP_GET_SIBLING, n->kids[0], dest); return;
    case IR_PROP_LEN: {
        ZLabel zero = zm_new_label(s->a);
        zs_value(s, n->kids[0], s->temp1);
        ZOperand t = zm_var(s->temp1);
        zm_emit(s->a, ZOP_JZ, 1, &t, ZM_NO_STORE, br(zero, true));
        zm_emit(s->a, ZOP_GET_PROP_LEN, 1, &t, s->temp1, ZM_NO_BRANCH);
        zm_place_label(s->a, zero);
        emit_store(s, t, dest);
        return;
    }
    case IR_RANDOM:
        zs_operands(s, n->kids, 1, ops);
        zm_emit(s->a, ZOP_RANDOM, 1, ops, dest, ZM_NO_BRANCH);
        return;
    case IR_CALL: call_op(s, n, dest, true); return;
    case IR_SET: {
        int v = zs_var_of(s, n->kids[0]);
        zs_value(s, n->kids[1], v);
        emit_store(s, zm_var(v), dest);
        return;
    }
    case IR_SETW: case IR_SETB: case IR_PUT_PROP:
        store3(s, store_op(n), n, dest, true);
        return;
    case IR_INC: case IR_DEC: case IR_POSTINC: case IR_POSTDEC:
        incdec(s, n, dest, true);
        return;
    case IR_SEQ:
        zs_effect(s, n->kids[0]);
        zs_value(s, n->kids[1], dest);
        return;
    case IR_SYSCALL: syscall(s, n, dest); return;
    case IR_EQ: case IR_LT: case IR_GT: case IR_HAS: case IR_IN: case IR_TEST:
    case IR_NONZERO: case IR_LNOT: case IR_LAND: case IR_LOR: case IR_ARG_GIVEN:
        cond_value(s, n, dest);
        return;
    default:
        diag_error(&n->loc, "internal error: IR %s has no value",
                   ir_kind_name((IrKind)n->kind));
        return;
    }
}

void zs_effect(ZSel *s, const IrNode *n)
{
    switch (n->kind) {
    case IR_CONST: case IR_LOCAL: case IR_GLOBAL:
        return;
    case IR_CALL: call_op(s, n, ZM_NO_STORE, false); return;
    case IR_CHECKED: zs_checked_effect(s, n); return;
    case IR_SET: zs_value(s, n->kids[1], zs_var_of(s, n->kids[0])); return;
    case IR_SETW: case IR_SETB: case IR_PUT_PROP:
        store3(s, store_op(n), n, ZV_STACK, false);
        return;
    case IR_INC: case IR_DEC: case IR_POSTINC: case IR_POSTDEC:
        incdec(s, n, ZV_STACK, false);
        return;
    case IR_SEQ:
        zs_effect(s, n->kids[0]);
        zs_effect(s, n->kids[1]);
        return;
    default:
        zs_value(s, n, s->temp1);
        return;
    }
}

/* je with up to three alternatives per instruction. */
static void branch_eq(ZSel *s, const IrNode *n, ZLabel target, bool sense)
{
    int nalts = n->nkids - 1;
    ZOperand ops[4];
    if (nalts <= 3) {
        zs_operands(s, n->kids, n->nkids, ops);
        zm_emit(s->a, ZOP_JE, n->nkids, ops, ZM_NO_STORE, br(target, sense));
        return;
    }
    /* inform6's order: the alternatives last to first onto the stack,
     * then the value compared (into a temporary when not a leaf) */
    for (int i = nalts; i >= 1; i--)
        if (!zs_is_leaf(n->kids[i])) zs_value(s, n->kids[i], ZV_STACK);
    ZOperand a;
    if (zs_is_leaf(n->kids[0])) a = zs_leaf(s, n->kids[0]);
    else {
        zs_value(s, n->kids[0], s->temp4);
        a = zm_var(s->temp4);
    }
    ZLabel skip = zm_new_label(s->a);
    for (int i = 0; i < nalts; i += 3) {
        int k = nalts - i < 3 ? nalts - i : 3;
        ops[0] = a;
        for (int j = 0; j < k; j++) {
            const IrNode *alt = n->kids[1 + i + j];
            ops[1 + j] = zs_is_leaf(alt) ? zs_leaf(s, alt) : zm_sp();
        }
        zm_emit(s->a, ZOP_JE, k + 1, ops, ZM_NO_STORE,
                br(sense ? target : skip, true));
    }
    if (!sense) {
        if (target == ZBR_RTRUE) zm_emit0(s->a, ZOP_RTRUE);
        else if (target == ZBR_RFALSE) zm_emit0(s->a, ZOP_RFALSE);
        else zm_jump(s->a, target);
    }
    zm_place_label(s->a, skip);
}

void zs_branch(ZSel *s, const IrNode *n, ZLabel target, bool sense)
{
    ZOperand ops[2];
    ZOpcode op = ZOP__NONE;
    switch (n->kind) {
    case IR_EQ: branch_eq(s, n, target, sense); return;
    case IR_CHECKED: zs_checked_branch(s, n, target, sense); return;
    case IR_LT: op = ZOP_JL; break;
    case IR_GT: op = ZOP_JG; break;
    case IR_HAS: op = ZOP_TEST_ATTR; break;
    case IR_IN: op = ZOP_JIN; break;
    case IR_TEST: op = ZOP_TEST; break;
    case IR_ARG_GIVEN: {
        ZOperand k = zm_const(n->num);
        zm_emit(s->a, ZOP_CHECK_ARG_COUNT, 1, &k, ZM_NO_STORE,
                br(target, sense));
        return;
    }
    case IR_LNOT: zs_branch(s, n->kids[0], target, !sense); return;
    case IR_LAND: case IR_LOR: {
        bool and_ = n->kind == IR_LAND;
        if (and_ != sense) {        /* and/false, or/true: either suffices */
            zs_branch(s, n->kids[0], target, sense);
            zs_branch(s, n->kids[1], target, sense);
        } else {                    /* both needed */
            ZLabel skip = zm_new_label(s->a);
            zs_branch(s, n->kids[0], skip, !sense);
            zs_branch(s, n->kids[1], target, sense);
            zm_place_label(s->a, skip);
        }
        return;
    }
    case IR_NONZERO:
        n = n->kids[0];
        /* fall through */
    default:
        if (n->kind == IR_CONST && n->value.ref == IRR_NONE) {
            if ((n->value.num != 0) == sense) {
                if (target == ZBR_RTRUE) zm_emit0(s->a, ZOP_RTRUE);
                else if (target == ZBR_RFALSE) zm_emit0(s->a, ZOP_RFALSE);
                else zm_jump(s->a, target);
            }
            return;
        }
        zs_operands(s, (IrNode *const *)&n, 1, ops);
        zm_emit(s->a, ZOP_JZ, 1, ops, ZM_NO_STORE, br(target, !sense));
        return;
    }
    zs_operands(s, n->kids, 2, ops);
    zm_emit(s->a, op, 2, ops, ZM_NO_STORE, br(target, sense));
}
