/* lower_obj.c: the object model and memory in expressions: property reads
 * and writes, message calls, array entries and the built-in functions.
 *
 * What has no instruction of its own becomes a call of the veneer routine
 * inform6 uses for it (docs/veneer.md), so a program that replaces one
 * sees it called exactly as with inform6; `obj..&id` (which PunyInform's
 * own veneer routines use) is always a call of RA__Pr, as inform6
 * compiles it.  In strict mode (the default)
 * the checked forms are used: RT__ChPR for a common property read,
 * RT__ChPS for a write, RT__ChLDW/RT__ChSTW... for entries of something
 * that is not a declared array. */
#include <string.h>
#include "lower_int.h"
#include "../compiler/diag.h"

bool lo_is_common_property(Lower *l, const Node *n, int32_t *prop)
{
    Symbol *s;
    if (!n || n->kind != NODE_NAME || lx_name(l, n, &s)) return false;
    if (!s || s->kind != SYM_PROPERTY) return false;
    *prop = (int32_t)s->value;
    return true;
}

/* A common property the machine reads and writes with instructions of
 * its own; without them (Glulx) every property goes through the veneer,
 * as inform6 compiles it there. */
static bool common_by_opcode(Lower *l, const Node *prop)
{
    int32_t p;
    return l->c->target->object_opcodes && lo_is_common_property(l, prop, &p);
}

IrNode *lo_property(Lower *l, const Node *n)
{
    IrNode *obj = lx_expr(l, n->kids[0]);
    IrNode *prop = lx_expr(l, n->kids[1]);
    bool common = common_by_opcode(l, n->kids[1]);
    if (!strcmp(n->text, "..&"))    /* always the veneer's, even for common */
        return ir_veneer_call(l, "RA__Pr", n->loc, 2, obj, prop);
    if (!strcmp(n->text, ".&")) {
        if (common)
            return lchk_prop_addr(l, ir_binary(l, IR_PROP_ADDR, obj, prop, n->loc),
                                  false);
        return ir_veneer_call(l, "RA__Pr", n->loc, 2, obj, prop);
    }
    if (!strcmp(n->text, ".#")) {
        if (common)
            return ir_unary(l, IR_PROP_LEN,
                            lchk_prop_addr(l, ir_binary(l, IR_PROP_ADDR, obj, prop,
                                                        n->loc), true), n->loc);
        return ir_veneer_call(l, "RL__Pr", n->loc, 2, obj, prop);
    }
    if (common && l->strict)
        return ir_veneer_call(l, "RT__ChPR", n->loc, 2, obj, prop);
    if (common) return ir_binary(l, IR_PROP, obj, prop, n->loc);
    return ir_veneer_call(l, "RV__Pr", n->loc, 2, obj, prop);
}

IrNode *lo_assign_property(Lower *l, const Node *t, IrNode *value, SrcLoc loc)
{
    IrNode *obj = lx_expr(l, t->kids[0]);
    IrNode *prop = lx_expr(l, t->kids[1]);
    int32_t p;
    /* strict: RT__ChPS for a common property (on Glulx, inform6 uses it
     * for every property) */
    if (l->strict && (lo_is_common_property(l, t->kids[1], &p) ||
                      !l->c->target->object_opcodes))
        return ir_veneer_call(l, "RT__ChPS", loc, 3, obj, prop, value);
    if (common_by_opcode(l, t->kids[1])) {
        /* unchecked: put_prop, as inform6 (no veneer, no -D trace) */
        IrNode *put = ir_new(l, IR_PUT_PROP, 3, loc);
        put->kids[0] = obj;
        put->kids[1] = prop;
        put->kids[2] = value;
        return put;
    }
    return ir_veneer_call(l, "WV__Pr", loc, 3, obj, prop, value);
}

static IrNode *incdec_common(Lower *l, const Node *t, bool inc, bool pre,
                             SrcLoc loc);

IrNode *lo_incdec_property(Lower *l, const Node *t, NodeKind op, SrcLoc loc)
{
    if (common_by_opcode(l, t->kids[1]))
        return incdec_common(l, t, op == NODE_PREINC || op == NODE_POSTINC,
                             op == NODE_PREINC || op == NODE_PREDEC, loc);
    const char *name = op == NODE_PREINC ? "IB__Pr" : op == NODE_POSTINC
                       ? "IA__Pr" : op == NODE_PREDEC ? "DB__Pr" : "DA__Pr";
    return ir_veneer_call(l, name, loc, 2, lx_expr(l, t->kids[0]),
                          lx_expr(l, t->kids[1]));
}

IrNode *lo_message(Lower *l, const Node *n)
{
    if (strcmp(n->text, ".")) {
        diag_error(&n->loc, "'%s' message calls are for the veneer only",
                   n->text);
        return ir_num_node(l, 0, n->loc);
    }
    int nargs = n->nkids - 2;
    const Target *t = l->c->target;
    if (!t->message_veneer) {
        /* (v3, v4: inform6's CA__Pr uses @check_arg_count, and makes
         * calls v3 cannot, and fails there; a program may send with a
         * CA__Pr of its own) */
        Symbol *ca = sym_lookup(l->c->symbols, "CA__Pr");
        if (!ca || !ca->decl || ca->decl->kind != NODE_ROUTINE) {
            diag_error(&n->loc, "a message cannot be sent on %s: the "
                       "veneer's CA__Pr, which sends it, needs "
                       "@check_arg_count%s (compile with -v5, or define a "
                       "CA__Pr of your own)", t->machine,
                       t->lim.max_call_args < 7
                       ? " and calls with more than 3 arguments" : "");
            return ir_num_node(l, 0, n->loc);
        }
    }
    if (nargs > t->lim.max_message_args) {
        diag_error(&n->loc, "a message can be sent with at most %d arguments "
                   "on %s, not %d", t->lim.max_message_args, t->machine,
                   nargs);
        nargs = t->lim.max_message_args;
    }
    IrNode *room[8];          /* (most sends: no allocation) */
    IrNode **args = nargs + 2 <= 8 ? room
                  : arena_alloc(l->a, (size_t)(nargs + 2) * sizeof *args);
    args[0] = lx_expr(l, n->kids[0]);
    args[1] = lx_expr(l, n->kids[1]);
    for (int i = 0; i < nargs; i++) args[i + 2] = lx_expr(l, n->kids[i + 2]);
    int id = lower_veneer_routine(l, "CA__Pr");
    IrNode *fn = ir_const(l, ir_ref(IRR_ROUTINE, (uint32_t)id, 0), n->loc);
    return ir_call(l, fn, args, nargs + 2, n->loc);
}

/* The array a declared name denotes, when the entry operator matches its
 * entries (-> on a byte array, --> on a word array). */
static bool declared_array(Lower *l, const Node *base)
{
    Symbol *s;
    if (!base || base->kind != NODE_NAME || lx_name(l, base, &s)) return false;
    return s && s->kind == SYM_ARRAY;
}

IrNode *lo_array_read(Lower *l, const Node *n)
{
    bool word = !strcmp(n->text, "-->");
    IrNode *base = lx_expr(l, n->kids[0]);
    IrNode *idx = lx_expr(l, n->kids[1]);
    if (l->strict && !declared_array(l, n->kids[0]))
        return ir_veneer_call(l, word ? "RT__ChLDW" : "RT__ChLDB", n->loc, 2,
                              base, idx);
    return lchk_array_read(l, n->kids[0], ir_binary(l, word ? IR_LOADW : IR_LOADB,
                                                    base, idx, n->loc));
}

IrNode *lo_array_write(Lower *l, const Node *t, IrNode *value, SrcLoc loc)
{
    bool word = !strcmp(t->text, "-->");
    IrNode *base = lx_expr(l, t->kids[0]);
    IrNode *idx = lx_expr(l, t->kids[1]);
    if (l->strict && !declared_array(l, t->kids[0]))
        return ir_veneer_call(l, word ? "RT__ChSTW" : "RT__ChSTB", loc, 3,
                              base, idx, value);
    IrNode *s = ir_new(l, word ? IR_SETW : IR_SETB, 3, loc);
    s->kids[0] = base;
    s->kids[1] = idx;
    s->kids[2] = value;
    return lchk_array_write(l, t->kids[0], s);
}

static IrNode *temp(Lower *l, int32_t g, SrcLoc loc)
{
    IrNode *v = ir_new(l, IR_GLOBAL, 0, loc);
    v->num = g;
    return v;
}

static IrNode *seq(Lower *l, IrNode *a, IrNode *b)
{
    return ir_binary(l, IR_SEQ, a, b, a->loc);
}

/* ++ or -- as inform6 does it, once `where` has put what is to change in
 * the temporary globals 1 and 2: temporary global 3 gets the value `old`
 * reads (already changed for ++x), `put(nv)` writes the changed value;
 * the value of the whole is temporary global 3. */
static IrNode *read_modify_write(Lower *l, IrNode *where, IrNode *old,
                                 bool inc, bool pre, bool word,
                                 IrNode *(*put)(Lower *, bool, IrNode *, SrcLoc),
                                 SrcLoc loc)
{
    IrKind k = inc ? IR_ADD : IR_SUB;
    if (pre) old = ir_binary(l, k, old, ir_num_node(l, 1, loc), loc);
    IrNode *get = ir_binary(l, IR_SET, temp(l, IRG_TEMP3, loc), old, loc);
    IrNode *nv = temp(l, IRG_TEMP3, loc);
    if (!pre) nv = ir_binary(l, k, nv, ir_num_node(l, 1, loc), loc);
    return seq(l, where, seq(l, get, seq(l, put(l, word, nv, loc),
                                         temp(l, IRG_TEMP3, loc))));
}

static IrNode *put_entry(Lower *l, bool word, IrNode *nv, SrcLoc loc)
{
    if (l->strict)
        return ir_veneer_call(l, word ? "RT__ChSTW" : "RT__ChSTB", loc, 3,
                              temp(l, IRG_TEMP1, loc), temp(l, IRG_TEMP2, loc), nv);
    IrNode *put = ir_new(l, word ? IR_SETW : IR_SETB, 3, loc);
    put->kids[0] = temp(l, IRG_TEMP1, loc);
    put->kids[1] = temp(l, IRG_TEMP2, loc);
    put->kids[2] = nv;
    return put;
}

static IrNode *put_property(Lower *l, bool word, IrNode *nv, SrcLoc loc)
{
    (void)word;
    if (l->strict)
        return ir_veneer_call(l, "RT__ChPS", loc, 3, temp(l, IRG_TEMP1, loc),
                              temp(l, IRG_TEMP2, loc), nv);
    IrNode *put = ir_new(l, IR_PUT_PROP, 3, loc);
    put->kids[0] = temp(l, IRG_TEMP1, loc);
    put->kids[1] = temp(l, IRG_TEMP2, loc);
    put->kids[2] = nv;
    return put;
}

/* ++ and -- of an entry, as inform6: the index and then the base are
 * computed once into the temporary globals 2 and 1; strict mode reads and
 * writes it with RT__ChLDW / RT__ChSTW (memory checks, not the array's
 * bounds, even for a declared array). */
IrNode *lo_incdec_entry(Lower *l, const Node *t, bool inc, bool pre, SrcLoc loc)
{
    bool word = !strcmp(t->text, "-->");
    IrNode *where = seq(l, ir_binary(l, IR_SET, temp(l, IRG_TEMP2, loc),
                                     lx_expr(l, t->kids[1]), loc),
                        ir_binary(l, IR_SET, temp(l, IRG_TEMP1, loc),
                                  lx_expr(l, t->kids[0]), loc));
    IrNode *old = l->strict
        ? ir_veneer_call(l, word ? "RT__ChLDW" : "RT__ChLDB", loc, 2,
                         temp(l, IRG_TEMP1, loc), temp(l, IRG_TEMP2, loc))
        : ir_binary(l, word ? IR_LOADW : IR_LOADB, temp(l, IRG_TEMP1, loc),
                    temp(l, IRG_TEMP2, loc), loc);
    return read_modify_write(l, where, old, inc, pre, word, put_entry, loc);
}

/* ++ and -- of a common property, as inform6: object and property in the
 * temporary globals 1 and 2, the value read unchecked, written with
 * RT__ChPS in strict mode, put_prop otherwise. */
static IrNode *incdec_common(Lower *l, const Node *t, bool inc, bool pre,
                             SrcLoc loc)
{
    IrNode *where = seq(l, ir_binary(l, IR_SET, temp(l, IRG_TEMP1, loc),
                                     lx_expr(l, t->kids[0]), loc),
                        ir_binary(l, IR_SET, temp(l, IRG_TEMP2, loc),
                                  lx_expr(l, t->kids[1]), loc));
    IrNode *old = ir_binary(l, IR_PROP, temp(l, IRG_TEMP1, loc),
                            temp(l, IRG_TEMP2, loc), loc);
    return read_modify_write(l, where, old, inc, pre, true, put_property, loc);
}

/* random(a, b, c): one of the constants, through a table as inform6 does;
 * the selectors find this tree (ir_random_choice) and encode it as
 * inform6 does (on Glulx it indexes the table with @random's 0..k-1
 * itself, folding the tree's + 1 - 1 away). */
static IrNode *random_choice(Lower *l, const Node *n)
{
    int k = n->nkids - 1;
    IrValue *words = arena_alloc(l->a, (size_t)k * sizeof *words);
    for (int i = 0; i < k; i++) value_of(l->pools, n->kids[i + 1], &words[i]);
    int t = add_table(l, words, k);
    IrNode *r = ir_unary(l, IR_RANDOM, ir_num_node(l, k, n->loc), n->loc);
    IrNode *i = ir_binary(l, IR_SUB, r, ir_num_node(l, 1, n->loc), n->loc);
    return ir_binary(l, IR_LOADW, ir_const(l, ir_ref(IRR_TABLE, (uint32_t)t, 0),
                                           n->loc), i, n->loc);
}

IrNode *lo_sysfunc(Lower *l, Symbol *f, const Node *n)
{
    static const char *const names[] = {
        "child", "children", "elder", "eldest", "indirect", "parent",
        "random", "sibling", "younger", "youngest", "metaclass", "glk",
    };
    const char *name = f->value >= 0 && f->value < 12 ? names[f->value] : "";
    int nargs = n->nkids - 1;
    if (!strcmp(name, "glk")) {         /* (Glulx only: target.h's glk) */
        IrNode **args = scratch_alloc(l, (size_t)(nargs + 1) * sizeof *args);
        for (int i = 0; i < nargs; i++) args[i] = lx_expr(l, n->kids[i + 1]);
        int id = pools_veneer_routine(l->pools, "Glk__Wrap");
        return ir_call(l, ir_const(l, ir_ref(IRR_ROUTINE, (uint32_t)(id < 0 ? 0 : id),
                                             0), n->loc), args, nargs, n->loc);
    }
    IrNode *a = nargs ? lx_expr(l, n->kids[1]) : ir_num_node(l, 0, n->loc);
    if (!strcmp(name, "indirect")) {
        IrNode *c = ir_new(l, IR_CALL, nargs ? nargs : 1, n->loc);
        c->kids[0] = a;
        for (int i = 2; i <= nargs; i++) c->kids[i - 1] = lx_expr(l, n->kids[i]);
        return c;
    }
    if (!strcmp(name, "random")) {
        if (nargs > 1) return random_choice(l, n);
        return ir_unary(l, IR_RANDOM, a, n->loc);
    }
    if (nargs != 1) {
        diag_error(&n->loc, "%s() takes one argument, not %d", name, nargs);
        return ir_num_node(l, 0, n->loc);
    }
    if (!strcmp(name, "metaclass"))
        return ir_veneer_call(l, "Meta__class", n->loc, 1, a);
    IrNode *s;
    if (!strcmp(name, "parent")) s = ir_unary(l, IR_PARENT, a, n->loc);
    else if (!strcmp(name, "child") || !strcmp(name, "eldest"))
        s = ir_unary(l, IR_CHILD, a, n->loc);
    else if (!strcmp(name, "sibling") || !strcmp(name, "younger"))
        s = ir_unary(l, IR_SIBLING, a, n->loc);
    else {
        s = ir_new(l, IR_SYSCALL, 1, n->loc);
        s->kids[0] = a;
        s->num = !strcmp(name, "children") ? IR_SYS_CHILDREN
                 : !strcmp(name, "elder") ? IR_SYS_ELDER : IR_SYS_YOUNGEST;
    }
    return lchk_tree(l, s, lchk_tree_crime(name));
}
