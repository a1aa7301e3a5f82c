/* lower_expr.c: expressions and conditions, AST to IR trees.
 *
 * Values become trees the selector munches; conditions become EQ/LT/GT/
 * HAS/IN/TEST/NONZERO leaves joined by LAND/LOR/LNOT, which statements
 * branch on and which, used as values, give 1 or 0.  Constant
 * subexpressions are folded here (inform6's folding, compiler/fold.c);
 * a comparison or `&&`/`||` only where inform6 folds it, as check noted
 * (ast_cond_const): then it is a number, and a test of it a jump or
 * nothing (lower_reach.c). */
#include <string.h>
#include <strings.h>
#include "lower_int.h"
#include "../compiler/diag.h"

/* (Names are compared by length and first letter before strcasecmp: this
 * runs for every name in every routine.) */
int lx_local(Lower *l, const char *name)
{
    if (!l->locals) return 0;
    size_t len = strlen(name);
    int first = name[0] | 0x20;
    for (int i = 0; i < l->locals->nkids; i++) {
        const Node *k = l->locals->kids[i];
        if (k && (k->text[0] | 0x20) == first && strlen(k->text) == len &&
            !strcasecmp(k->text, name))
            return i + 1;
    }
    return 0;
}

int lx_name(Lower *l, const Node *n, Symbol **sym)
{
    const Node *local = ast_name_local(n);
    if (local && l->locals)
        for (int i = 0; i < l->locals->nkids; i++)
            if (l->locals->kids[i] == local) return i + 1;
    *sym = ast_name_symbol(n);
    if (*sym) return 0;
    int k = lx_local(l, n->text);
    if (!k) *sym = lookup(l, n->text);
    return k;
}

Symbol *lx_symbol(Lower *l, const Node *n)
{
    return pools_name_symbol(l->pools, n);
}

static IrNode *global_node(Lower *l, Symbol *s, SrcLoc loc)
{
    IrNode *g = ir_new(l, IR_GLOBAL, 0, loc);
    g->num = (s->flags & SYMF_BUILTIN) ? IRG_SYSTEM + (int32_t)s->value
                                       : s->ir_id;
    return g;
}

/* The variable a name resolved by lx_name denotes (local number k, else
 * the symbol s if it is a global), or NULL. */
static IrNode *variable_node(Lower *l, int k, Symbol *s, SrcLoc loc)
{
    if (k) {
        IrNode *v = ir_new(l, IR_LOCAL, 0, loc);
        v->num = k;
        return v;
    }
    if (s && s->kind == SYM_GLOBAL) return global_node(l, s, loc);
    return NULL;
}

IrNode *lx_variable(Lower *l, const Node *n)
{
    if (!n || n->kind != NODE_NAME) return NULL;
    Symbol *s;
    int k = lx_name(l, n, &s);
    return variable_node(l, k, s, n->loc);
}

static IrNode *name_value(Lower *l, const Node *n)
{
    Symbol *s;
    int k = lx_name(l, n, &s);
    IrNode *var = variable_node(l, k, s, n->loc);
    if (var) return var;
    IrValue val;
    if (!s) {
        diag_error(&n->loc, "'%s' is not defined", n->text);
        return ir_num_node(l, 0, n->loc);
    }
    if (s->kind == SYM_SYSFUNC) {
        diag_error(&n->loc, "'%s' is a built-in function: call it, as in "
                   "%s(x)", s->name, s->name);
        return ir_num_node(l, 0, n->loc);
    }
    if (!value_of_symbol(l->pools, s, n->loc, &val)) return ir_num_node(l, 0, n->loc);
    IrNode *c = ir_const(l, val, n->loc);
    if (val.ref == IRR_NONE && (s->kind == SYM_PROPERTY ||
                                s->kind == SYM_INDIV_PROPERTY ||
                                s->kind == SYM_ATTRIBUTE ||
                                s->kind == SYM_CONSTANT))
        c->sym = s;           /* the dumps print the name, not the number */
    return c;
}

static IrKind arith_kind(const char *op)
{
    switch (op[0]) {
    case '+': return IR_ADD;
    case '-': return op[1] ? IR_KIND_COUNT : IR_SUB;
    case '*': return IR_MUL;
    case '/': return IR_DIV;
    case '%': return IR_MOD;
    case '&': return op[1] ? IR_KIND_COUNT : IR_AND;
    case '|': return op[1] ? IR_KIND_COUNT : IR_OR;
    default: return IR_KIND_COUNT;
    }
}

/* Whether operator `op` is the two characters a, b.  (Operators are told
 * apart by their characters, not by strcmp: this runs for every one.) */
static bool op_is(const char *op, char a, char b)
{
    return op[0] == a && op[1] == b && !op[2];
}

/* && || == ~= < > <= >= has hasnt in notin ofclass provides (by the
 * first character: this runs for every operator). */
static bool is_condition_op(const char *op)
{
    switch (op[0]) {
    case '&': case '|': return op[1] == op[0] && !op[2];
    case '=': case '~': return op[1] == '=' && !op[2];
    case '<': case '>': return !op[1] || (op[1] == '=' && !op[2]);
    case 'h': return !strcmp(op, "has") || !strcmp(op, "hasnt");
    case 'i': return !strcmp(op, "in");
    case 'n': return !strcmp(op, "notin");
    case 'o': return !strcmp(op, "ofclass");
    case 'p': return !strcmp(op, "provides");
    default: return false;
    }
}

/* The alternatives of the right side: one node, or an OR's kids. A single
 * node is kept in the caller's *one: comparisons nest, as in
 * `(o has a) == 0`, so no static slot. */
static int alternatives(const Node *right, const Node ***alts, const Node **one)
{
    if (right && right->kind == NODE_OR) {
        *alts = (const Node **)right->kids;
        return right->nkids;
    }
    *one = right;
    *alts = one;
    return 1;
}

static IrNode *negate_if(Lower *l, bool neg, IrNode *c)
{
    return neg ? ir_unary(l, IR_LNOT, c, c->loc) : c;
}

/* One comparison `a OP b` for one alternative b; `op` is a condition
 * operator (is_condition_op) other than && and ||, told by its first
 * characters. */
static IrNode *compare_one(Lower *l, const char *op, IrNode *a, const Node *bn,
                           SrcLoc loc)
{
    IrNode *b = lx_expr(l, bn);
    switch (op[0]) {
    case '<':           /* < <= */
        return op[1] ? ir_unary(l, IR_LNOT, ir_binary(l, IR_GT, a, b, loc), loc)
                     : ir_binary(l, IR_LT, a, b, loc);
    case '>':           /* > >= */
        return op[1] ? ir_unary(l, IR_LNOT, ir_binary(l, IR_LT, a, b, loc), loc)
                     : ir_binary(l, IR_GT, a, b, loc);
    case 'h':           /* has hasnt */
        return negate_if(l, op[3] != 0,
                         lchk_condition(l, ir_binary(l, IR_HAS, a, b, loc)));
    case 'i': case 'n': /* in notin */
        return negate_if(l, op[0] == 'n',
                         lchk_condition(l, ir_binary(l, IR_IN, a, b, loc)));
    case 'o':           /* ofclass */
        return ir_unary(l, IR_NONZERO, ir_veneer_call(l, "OC__Cl", loc, 2, a, b), loc);
    case 'p':           /* provides */
        return ir_unary(l, IR_NONZERO, ir_veneer_call(l, "OP__Pr", loc, 2, a, b), loc);
    default:            /* == */
        return ir_binary(l, IR_EQ, a, b, loc);
    }
}

/* A 0 that `x == 0` tests as inform6 does, with jz: the number 0, and on
 * a machine whose object constants are not typed (Z) `nothing`, known
 * where the routine is (ast_alt_before: not a Constant defined after it,
 * which inform6 still compares with).  (When x
 * is a number too, as a Constant defined after the routine, the test
 * stays a comparison: a test of a number alone would be folded, and its
 * branch left out, where inform6 tests it when the story runs.) */
static bool is_number(const IrNode *n)
{
    return n->kind == IR_CONST && n->value.ref == IRR_NONE;
}

static bool is_zero(const Lower *l, const IrNode *b)
{
    if (b->kind != IR_CONST || b->value.num != 0) return false;
    if (b->value.ref == IRR_NONE) return true;
    return b->value.ref == IRR_OBJECT && b->value.target == 0 &&
           !l->c->target->typed_object_constants;
}

/* The positive form of a negative comparison operator (~= >= <= hasnt
 * notin), or NULL for the others. */
static const char *positive_of(const char *op)
{
    switch (op[0]) {
    case '~': return op_is(op, '~', '=') ? "==" : NULL;
    case '>': return op_is(op, '>', '=') ? "<" : NULL;
    case '<': return op_is(op, '<', '=') ? ">" : NULL;
    case 'h': return !strcmp(op, "hasnt") ? "has" : NULL;
    case 'n': return !strcmp(op, "notin") ? "in" : NULL;
    default: return NULL;
    }
}

/* `x OP a or b`: for ==, <, >, has, in, ofclass, provides "x OP a or
 * x OP b"; the negative forms ~=, >=, <=, hasnt, notin mean "neither":
 * not (x POS a or x POS b) (inform6 6.41, pinned by compare-or-ge-le). */
static IrNode *comparison(Lower *l, const Node *n)
{
    const char *op = n->text, *positive = positive_of(op);
    bool negate = positive != NULL;
    if (negate) op = positive;
    const Node **alts, *one;
    int nalts = alternatives(n->kids[1], &alts, &one);
    IrNode *result = NULL;
    bool eq = op_is(op, '=', '=');
    if (eq && nalts == 1) {
        IrNode *a = lx_expr(l, n->kids[0]), *b = lx_expr(l, alts[0]);
        result = ast_alt_before(n) && is_zero(l, b) && !is_number(a)
            ? ir_unary(l, IR_LNOT, ir_unary(l, IR_NONZERO, a, n->loc), n->loc)
            : ir_binary(l, IR_EQ, a, b, n->loc);
    } else if (eq) {
        result = ir_new(l, IR_EQ, nalts + 1, n->loc);
        result->kids[0] = lx_expr(l, n->kids[0]);
        for (int i = 0; i < nalts; i++) result->kids[i + 1] = lx_expr(l, alts[i]);
    } else {
        for (int i = 0; i < nalts; i++) {
            IrNode *one = compare_one(l, op, lx_expr(l, n->kids[0]), alts[i], n->loc);
            result = result ? ir_binary(l, IR_LOR, result, one, n->loc) : one;
        }
    }
    return negate ? ir_unary(l, IR_LNOT, result, n->loc) : result;
}

/* The number a condition tree is when it is a constant's test. */
static bool const_cond(const IrNode *c, int32_t *v)
{
    if (c->kind == IR_NONZERO) c = c->kids[0];
    if (c->kind != IR_CONST || c->value.ref != IRR_NONE) return false;
    *v = c->value.num;
    return true;
}

/* `a && b`, `a || b`: a constant `a` that decides it is the whole
 * condition, `b` never being tested (inform6 6.45 folds them so). */
static IrNode *logical(Lower *l, const Node *n, bool and_)
{
    IrNode *a = lx_cond(l, n->kids[0]);
    int32_t v;
    if (const_cond(a, &v) && (v != 0) != and_) return a;
    return ir_binary(l, and_ ? IR_LAND : IR_LOR, a, lx_cond(l, n->kids[1]),
                     n->loc);
}

IrNode *lx_cond(Lower *l, const Node *n)
{
    int64_t k;
    if (n && n->kind == NODE_BINOP && ast_cond_const(n) && ast_folded(n, &k))
        return ir_unary(l, IR_NONZERO, ir_num_node(l, (int32_t)k, n->loc),
                        n->loc);
    if (n && n->kind == NODE_BINOP) {
        if (op_is(n->text, '&', '&')) return logical(l, n, true);
        if (op_is(n->text, '|', '|')) return logical(l, n, false);
        if (is_condition_op(n->text)) return comparison(l, n);
    }
    if (n && n->kind == NODE_UNARY && op_is(n->text, '~', '~'))
        return ir_unary(l, IR_LNOT, lx_cond(l, n->kids[0]), n->loc);
    IrNode *v = lx_expr(l, n);
    if (v->kind >= IR_EQ && v->kind <= IR_LOR) return v;
    return ir_unary(l, IR_NONZERO, v, n ? n->loc : (SrcLoc){ 0 });
}

void lx_branch(Lower *l, IrNode *cond, int label, bool sense, SrcLoc loc)
{
    IrNode *b = ir_new(l, IR_BRANCH, 1, loc);
    b->kids[0] = cond;
    b->num = label;
    b->num2 = sense;
    emit(l, b);
}

/* ++x, x--, ... on a variable, an array entry or a property. */
static IrNode *incdec(Lower *l, const Node *n)
{
    const Node *t = n->kids[0];
    IrNode *v = lx_variable(l, t);
    bool pre = n->kind == NODE_PREINC || n->kind == NODE_PREDEC;
    bool inc = n->kind == NODE_PREINC || n->kind == NODE_POSTINC;
    if (v) {
        IrKind k = pre ? (inc ? IR_INC : IR_DEC) : (inc ? IR_POSTINC : IR_POSTDEC);
        return ir_unary(l, k, v, n->loc);
    }
    if (t && t->kind == NODE_BINOP && (!strcmp(t->text, "-->") || !strcmp(t->text, "->")))
        return lo_incdec_entry(l, t, inc, pre, n->loc);
    if (t && t->kind == NODE_BINOP && !strcmp(t->text, "."))
        return lo_incdec_property(l, t, n->kind, n->loc);
    diag_error(&n->loc, "'++' and '--' need a variable, an array entry or a "
               "property");
    return ir_num_node(l, 0, n->loc);
}

static IrNode *assign(Lower *l, const Node *n)
{
    const Node *t = n->kids[0];
    IrNode *value = lx_expr(l, n->kids[1]);
    IrNode *v = lx_variable(l, t);
    if (v) return ir_binary(l, IR_SET, v, value, n->loc);
    if (t && t->kind == NODE_BINOP && (!strcmp(t->text, "-->") || !strcmp(t->text, "->")))
        return lo_array_write(l, t, value, n->loc);
    if (t && t->kind == NODE_BINOP && !strcmp(t->text, "."))
        return lo_assign_property(l, t, value, n->loc);
    diag_error(&n->loc, "only a variable, an array entry or a property can be "
               "assigned to");
    return value;
}

static IrNode *call(Lower *l, const Node *n)
{
    const Node *f = n->kids[0];
    Symbol *s;
    if (f && f->kind == NODE_NAME && !lx_name(l, f, &s) && s &&
        s->kind == SYM_SYSFUNC)
        return lo_sysfunc(l, s, n);
    IrNode *fn = lx_expr(l, f);
    IrNode *c = ir_new(l, IR_CALL, n->nkids, n->loc);
    c->kids[0] = fn;
    for (int i = 1; i < n->nkids; i++) c->kids[i] = lx_expr(l, n->kids[i]);
    return c;
}

static IrNode *binop(Lower *l, const Node *n)
{
    const char *op = n->text;
    if (is_condition_op(op)) return lx_cond(l, n);
    IrKind k = arith_kind(op);          /* (none of the spellings below) */
    if (k != IR_KIND_COUNT)
        return lchk_divide(l, ir_binary(l, k, lx_expr(l, n->kids[0]),
                                        lx_expr(l, n->kids[1]), n->loc));
    if (!strcmp(op, "-->") || !strcmp(op, "->")) return lo_array_read(l, n);
    if (!strcmp(op, ".") || !strcmp(op, ".&") || !strcmp(op, ".#") ||
        !strcmp(op, "..&"))
        return lo_property(l, n);
    if (!strcmp(op, "::"))
        return ir_veneer_call(l, "RA__Sc", n->loc, 2, lx_expr(l, n->kids[0]),
                              lx_expr(l, n->kids[1]));
    if (!strcmp(op, ","))
        return ir_binary(l, IR_SEQ, lx_expr(l, n->kids[0]),
                         lx_expr(l, n->kids[1]), n->loc);
    diag_error(&n->loc, "the operator '%s' cannot be used in a program's "
               "own code", op);
    return ir_num_node(l, 0, n->loc);
}

IrNode *lx_expr(Lower *l, const Node *n)
{
    int64_t v;
    if (!n) return ir_num_node(l, 0, (SrcLoc){ 0 });
    switch (n->kind) {
    case NODE_NUMBER:
        return ir_num_node(l, (int32_t)n->num, n->loc);
    case NODE_CHAR_LIT:
        if (n->num < 128) return ir_num_node(l, (int32_t)n->num, n->loc);
        return ir_const(l, ir_ref(IRR_CHAR, (uint32_t)n->num, 0), n->loc);
    case NODE_NAME:
        return name_value(l, n);
    case NODE_GLOBAL_INDEX: {
        Symbol *s = lookup(l, n->text);
        if (!s || s->kind != SYM_GLOBAL) {
            diag_error(&n->loc, "'#g$%s': '%s' is not a global variable",
                       n->text, n->text);
            return ir_num_node(l, 0, n->loc);
        }
        IrNode *g = global_node(l, s, n->loc);
        return ir_const(l, ir_ref(IRR_GLOBAL_NUM, (uint32_t)g->num, 0), n->loc);
    }
    case NODE_STRING: case NODE_DICT_WORD: case NODE_SYSCONST:
    case NODE_ACTION_REF: case NODE_EMBEDDED_ROUTINE: {
        IrValue val;
        value_of(l->pools, n, &val);
        return ir_const(l, val, n->loc);
    }
    case NODE_BINOP:
        if ((arith_kind(n->text) != IR_KIND_COUNT || ast_cond_const(n)) &&
            ast_folded(n, &v))
            return ir_num_node(l, (int32_t)v, n->loc);
        return binop(l, n);
    case NODE_UNARY:
        if (ast_folded(n, &v)) return ir_num_node(l, (int32_t)v, n->loc);
        if (op_is(n->text, '~', '~')) return lx_cond(l, n);
        return ir_unary(l, n->text[0] == '-' ? IR_NEG : IR_NOT,
                        lx_expr(l, n->kids[0]), n->loc);
    case NODE_PREINC: case NODE_PREDEC: case NODE_POSTINC: case NODE_POSTDEC:
        return incdec(l, n);
    case NODE_ASSIGN:
        return assign(l, n);
    case NODE_CALL:
        return call(l, n);
    case NODE_MESSAGE_CALL:
        return lo_message(l, n);
    default:
        diag_error(&n->loc, "this cannot be used as a value here");
        return ir_num_node(l, 0, n->loc);
    }
}
