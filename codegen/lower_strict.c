/* lower_strict.c: strict mode's run-time checks (-S, on by default).
 *
 * Takes an operation lowering is about to make (an entry of a declared
 * array, a division, `has` / `in`, a tree function, `.&` / `.#`) and
 * gives it wrapped in an IR_CHECKED node (ir.h): the conditions its
 * operands must meet and the RT__Err call for each, with the value the
 * operation has when one fails.  Also the checks at the end of each turn
 * of objectloop (x in o).
 * The checks, error numbers and values after an error are inform6's:
 *  - an entry of a declared array: index in range, else RT__Err(28..31,
 *    index, last entry, kind, array number) and 0 read / nothing written
 *    (a string's or table's entry 0 may be read but not written);
 *  - x / y and x % y: y == 0 gives RT__Err(20) and a division by 1;
 *  - o has a, o in p: o an object or class (else RT__Err(3 or 2, o) and
 *    the condition false), a an attribute 0..47 (RT__Err(19, o, a));
 *    where objects are records (Glulx: target.h's object_chain_word), "an
 *    object" is a non-zero address whose first byte is $70;
 *  - parent(o) ... youngest(o): o an object, not a class (RT__Err(4..11,
 *    o), giving 0);
 *  - o.&p, o.#p for a common property p: o an object or class
 *    (RT__Err(21 or 22, o), giving 0).
 * As with inform6, a constant object is not checked (known_object).  An
 * array index that is a constant is checked when the program runs, as any
 * other, where the target says so (Target.const_index_run_check: inform6's
 * Z-code); elsewhere it is checked here, out of range being an error
 * (inform6's Glulx).  An array check is laid out as inform6 lays it out:
 * its error before the access (IR_CHECKED_OP_LAST).  Without strict mode
 * (l->strict false) every function here gives the operation unchecked. */
#include <string.h>
#include "lower_int.h"
#include "../compiler/diag.h"
#include "../compiler/fold.h"
#include "../compiler/text.h"

static IrNode *subject(Lower *l, int k, SrcLoc loc)
{
    IrNode *n = ir_new(l, IR_SUBJECT, 0, loc);
    n->num = k;
    return n;
}

/* A fresh copy of a leaf (a tree node is used in one place only). */
static IrNode *again(Lower *l, const IrNode *leaf)
{
    IrNode *n = ir_new(l, (IrKind)leaf->kind, 0, leaf->loc);
    n->num = leaf->num;
    n->num2 = leaf->num2;
    n->value = leaf->value;
    if (leaf->kind == IR_CONST) n->sym = leaf->sym;
    return n;
}

static bool is_leaf(const IrNode *n)
{
    return n->kind == IR_CONST || n->kind == IR_LOCAL || n->kind == IR_GLOBAL;
}

static bool const_number(const IrNode *n, int32_t *v)
{
    if (n->kind != IR_CONST || n->value.ref != IRR_NONE) return false;
    *v = n->value.num;
    return true;
}

static IrNode *num(Lower *l, int32_t v, SrcLoc loc)
{
    return ir_num_node(l, v, loc);
}

static IrNode *rt_err(Lower *l, SrcLoc loc, int nargs, IrNode *a, IrNode *b,
                      IrNode *c, IrNode *d, IrNode *e)
{
    return ir_veneer_call(l, "RT__Err", loc, nargs, a, b, c, d, e);
}

/* lo <= v < hi (signed); v a leaf */
static IrNode *in_range(Lower *l, const IrNode *v, int32_t lo, int32_t hi)
{
    SrcLoc loc = v->loc;
    IrNode *low = ir_binary(l, IR_LT, again(l, v), num(l, lo, loc), loc);
    return ir_binary(l, IR_LAND, ir_unary(l, IR_LNOT, low, loc),
                     ir_binary(l, IR_LT, again(l, v), num(l, hi, loc), loc), loc);
}

/* Where objects are the addresses of their records (Glulx): v is not 0
 * and its first byte is $70, as inform6 tests it. */
static IrNode *object_record(Lower *l, const IrNode *v)
{
    SrcLoc loc = v->loc;
    IrNode *type = ir_binary(l, IR_LOADB, again(l, v), num(l, 0, loc), loc);
    IrNode *is70 = ir_new(l, IR_EQ, 2, loc);
    is70->kids[0] = type;
    is70->kids[1] = num(l, 0x70, loc);
    return ir_binary(l, IR_LAND, ir_unary(l, IR_NONZERO, again(l, v), loc),
                     is70, loc);
}

static bool records(const Lower *l)
{
    return l->c->target->object_chain_word >= 0;
}

/* v is an object or a class: 1 <= v <= the highest object number. */
static IrNode *any_object(Lower *l, const IrNode *v)
{
    if (records(l)) return object_record(l, v);
    return in_range(l, v, 1, l->p->nobjects + 1);
}

/* v is an object the tree holds: 5..highest, and not a class (a child
 * of Class, object 1). */
static IrNode *tree_object(Lower *l, const IrNode *v)
{
    SrcLoc loc = v->loc;
    IrNode *cls = ir_const(l, ir_ref(IRR_OBJECT, 1, 0), loc);
    IrNode *is_class = ir_binary(l, IR_IN, again(l, v), cls, loc);
    IrNode *object = records(l) ? object_record(l, v)
                                : in_range(l, v, 5, l->p->nobjects + 1);
    return ir_binary(l, IR_LAND, object, ir_unary(l, IR_LNOT, is_class, loc),
                     loc);
}

/* CHECKED(op, fail, checks...) with room for `npairs` checks. */
static IrNode *checked(Lower *l, IrNode *op, IrNode *fail, int npairs,
                       SrcLoc loc)
{
    IrNode *c = ir_new(l, IR_CHECKED, 2 + 2 * npairs, loc);
    c->kids[0] = op;
    c->kids[1] = fail;
    return c;
}

/* ---- arrays ---- */

typedef struct ArrayShape {
    int kind;        /* 0 byte, 1 word, 2 string, 3 table, 4 buffer */
    int entry;       /* bytes per entry of its own */
    int prefix;      /* bytes before entry 1 (string, table) or 2 (buffer) */
    int32_t bytes;   /* in all */
} ArrayShape;

static int32_t text_length(const Node *s)
{
    const char *raw = s && s->text ? s->text : "";
    size_t len = strlen(raw);
    int32_t n = 0;
    for (size_t pos = 0; pos < len;) {
        TextUnit u;
        size_t next = text_next(raw, len, pos, TEXT_CHAR, &u);
        if (u.kind == TU_END || next <= pos) break;
        if (u.kind == TU_CHAR) n++;
        pos = next;
    }
    return n;
}

static bool entry_count(Lower *l, const Node *body, int32_t *count)
{
    int64_t v;
    switch (body->kind) {
    case NODE_ARRAY_SIZE:       /* the story builder reports a bad size */
        if (!body->nkids || !body->kids[0] ||
            !fold_result(l->c, body->kids[0], &v) || v < 0)
            return false;
        *count = (int32_t)v;
        return true;
    case NODE_ARRAY_TEXT:
        *count = body->nkids ? text_length(body->kids[0]) : 0;
        return true;
    default:
        *count = 0;
        for (int i = 0; i < body->nkids; i++) *count += body->kids[i] != NULL;
        return true;
    }
}

/* The shape of a declared array, from its directive. */
static bool array_shape(Lower *l, const Symbol *s, ArrayShape *out)
{
    const Node *d = s->decl;
    if (!d || d->kind != NODE_ARRAY || !d->nkids || !d->kids[0]) return false;
    int32_t count;
    if (!entry_count(l, d->kids[0], &count)) return false;
    int w = l->word;
    switch (d->num & ARRAY_KIND_MASK) {
    case ARRAY_BYTE: *out = (ArrayShape){ 0, 1, 0, 0 }; break;
    case ARRAY_WORD: *out = (ArrayShape){ 1, w, 0, 0 }; break;
    case ARRAY_STRING: *out = (ArrayShape){ 2, 1, 1, 0 }; break;
    case ARRAY_TABLE: *out = (ArrayShape){ 3, w, w, 0 }; break;
    case ARRAY_BUFFER: *out = (ArrayShape){ 4, 1, w, 0 }; break;
    default: return false;
    }
    out->bytes = out->prefix + count * out->entry;
    return true;
}

/* The array a name denotes, when it is one declared with Array. */
static const Symbol *declared(Lower *l, const Node *base)
{
    Symbol *s;
    if (!base || base->kind != NODE_NAME || lx_name(l, base, &s)) return NULL;
    return s && s->kind == SYM_ARRAY ? s : NULL;
}

/* Wraps `op` (LOADW/LOADB/SETW/SETB on a declared array; kids[1] the
 * index) in its bounds check, or gives it as it is. */
static IrNode *array_check(Lower *l, const Node *base, IrNode *op, bool write)
{
    const Symbol *s = declared(l, base);
    ArrayShape sh;
    if (!l->strict || !s || !array_shape(l, s, &sh)) return op;
    bool word = op->kind == IR_LOADW || op->kind == IR_SETW;
    int access = word ? l->word : 1;
    int32_t hi = sh.bytes / access;
    int32_t lo = write && (sh.kind == 2 || sh.kind == 3)
                 ? (sh.prefix + access - 1) / access : 0;
    int32_t idx, last = sh.bytes / sh.entry - 1;
    if (!l->c->target->const_index_run_check &&
        const_number(op->kids[1], &idx)) {
        if (idx < lo || idx >= hi)
            diag_error(&op->loc, "Array reference is out-of-bounds: "
                       "%s '%s%s%ld', but the entries %s can %s are %ld up "
                       "to %ld (strict mode checks a constant index when "
                       "compiling for %s)", write ? "writing" : "reading",
                       s->name, word ? "-->" : "->", (long)idx,
                       word ? "-->" : "->", write ? "write" : "read",
                       (long)lo, (long)hi - 1, l->c->target->machine);
        return op;
    }
    int kind = sh.kind + (sh.entry == 1 && word ? 16 : 0)
               + (sh.entry > 1 && !word ? 8 : 0);
    int crime = (write ? 30 : 28) + (word ? 1 : 0);
    SrcLoc loc = op->loc;
    IrNode *c = checked(l, op, write ? subject(l, 2, loc) : num(l, 0, loc), 1, loc);
    c->num = IR_CHECKED_OP_LAST;
    c->num2 = !write;
    c->kids[2] = in_range(l, subject(l, 1, loc), lo, hi);
    c->kids[3] = rt_err(l, loc, 5, num(l, crime, loc), subject(l, 1, loc),
                        num(l, last, loc), num(l, kind, loc),
                        num(l, s->ir_id, loc));
    return c;
}

IrNode *lchk_array_read(Lower *l, const Node *base, IrNode *op)
{
    return array_check(l, base, op, false);
}

IrNode *lchk_array_write(Lower *l, const Node *base, IrNode *op)
{
    return array_check(l, base, op, true);
}

/* ---- arithmetic ---- */

IrNode *lchk_divide(Lower *l, IrNode *op)
{
    int32_t d;
    if (!l->strict || (op->kind != IR_DIV && op->kind != IR_MOD) ||
        (const_number(op->kids[1], &d) && d != 0))
        return op;
    SrcLoc loc = op->loc;
    IrNode *fail = op->kind == IR_DIV ? subject(l, 0, loc) : num(l, 0, loc);
    IrNode *c = checked(l, op, fail, 1, loc);
    c->kids[2] = ir_unary(l, IR_NONZERO, subject(l, 1, loc), loc);
    c->kids[3] = rt_err(l, loc, 1, num(l, 20, loc), NULL, NULL, NULL, NULL);
    return c;
}

/* ---- the object tree ---- */

/* inform6 leaves a constant operand unchecked when it is 1 up to the
 * highest object number less one (the last object and 0 are checked). */
static bool known_object(Lower *l, const IrNode *n)
{
    if (n->kind != IR_CONST) return false;
    if (records(l))         /* (a number is never a record's address) */
        return n->value.ref == IRR_OBJECT && n->value.num == 0 &&
               n->value.target >= 1 && (int)n->value.target <= l->p->nobjects;
    if (n->value.ref != IRR_NONE && n->value.ref != IRR_OBJECT) return false;
    int64_t v = n->value.num;
    if (n->value.ref == IRR_OBJECT) v += n->value.target;
    return v >= 1 && v < l->p->nobjects;
}

/* `o has a` (HAS) and `o in p` (IN). */
IrNode *lchk_condition(Lower *l, IrNode *op)
{
    if (!l->strict) return op;
    bool has = op->kind == IR_HAS;
    bool obj_ok = known_object(l, op->kids[0]);
    int32_t a = 0;
    bool attr_ok = !has || (const_number(op->kids[1], &a) && a >= 0 &&
                            a < l->c->target->lim.attributes);
    if (obj_ok && attr_ok) return op;
    SrcLoc loc = op->loc;
    IrNode *c = checked(l, op, num(l, 0, loc), !obj_ok + !attr_ok, loc);
    int k = 2;
    if (!obj_ok) {
        c->kids[k++] = any_object(l, subject(l, 0, loc));
        c->kids[k++] = rt_err(l, loc, 2, num(l, has ? 3 : 2, loc),
                              subject(l, 0, loc), NULL, NULL, NULL);
    }
    if (!attr_ok) {
        c->kids[k++] = in_range(l, subject(l, 1, loc), 0,
                                l->c->target->lim.attributes);
        c->kids[k++] = rt_err(l, loc, 3, num(l, 19, loc), subject(l, 0, loc),
                              subject(l, 1, loc), NULL, NULL);
    }
    return c;
}

IrNode *lchk_tree(Lower *l, IrNode *op, int crime)
{
    if (!l->strict || known_object(l, op->kids[0])) return op;
    SrcLoc loc = op->loc;
    IrNode *c = checked(l, op, num(l, 0, loc), 1, loc);
    c->kids[2] = tree_object(l, subject(l, 0, loc));
    c->kids[3] = rt_err(l, loc, 2, num(l, crime, loc), subject(l, 0, loc),
                        NULL, NULL, NULL);
    return c;
}

IrNode *lchk_prop_addr(Lower *l, IrNode *op, bool length)
{
    if (!l->strict || known_object(l, op->kids[0])) return op;
    SrcLoc loc = op->loc;
    IrNode *c = checked(l, op, num(l, 0, loc), 1, loc);
    c->kids[2] = any_object(l, subject(l, 0, loc));
    c->kids[3] = rt_err(l, loc, 2, num(l, length ? 22 : 21, loc),
                        subject(l, 0, loc), NULL, NULL, NULL);
    return c;
}

int lchk_tree_crime(const char *function)
{
    static const char *const names[] = {
        "parent", "eldest", "child", "younger", "sibling", "children",
        "youngest", "elder",
    };
    for (int i = 0; i < 8; i++)
        if (!strcmp(function, names[i])) return 4 + i;
    return 0;
}

/* ---- objectloop ---- */

/* Before x moves on to its sibling: x must still be an object (else
 * RT__Err(13, x)) and, for objectloop (x in o), still in o (else
 * RT__Err(32, x)); after an error the loop ends (goes to `brk`). */
void lchk_objectloop_step(Lower *l, const IrNode *x, IrNode *o, int brk,
                          SrcLoc loc)
{
    if (!l->strict) return;
    int ok = new_label(l);
    lx_branch(l, tree_object(l, x), ok, true, loc);
    IrNode *e = rt_err(l, loc, 2, num(l, 13, loc), again(l, x), NULL, NULL, NULL);
    emit(l, ir_unary(l, IR_EVAL, e, loc));
    emit_jump(l, brk, loc);
    emit_label(l, ok);
    if (!o) return;
    int still = new_label(l);
    lx_branch(l, ir_binary(l, IR_IN, again(l, x), o, loc), still, true, loc);
    e = rt_err(l, loc, 2, num(l, 32, loc), again(l, x), NULL, NULL, NULL);
    emit(l, ir_unary(l, IR_EVAL, e, loc));
    emit_jump(l, brk, loc);
    emit_label(l, still);
}

bool lchk_is_leaf(const IrNode *n)
{
    return is_leaf(n);
}
