/* lower_varying.c: print statements with varying text (compiler/varying.h)
 * to IR.
 *
 * Takes a PRINT node whose strings hold `{a|b|c}`; emits its fixed text as
 * PRINT_TEXT, its other items as any print statement does
 * (ls_print_item), and for each varying substring of two or more
 * alternatives one call of Vary__Print (stdlib/varying.h) with a word
 * table made here (IRR_TABLE, writable):
 *
 *   word 0     method * 4096 + number of alternatives (VaryMethod order)
 *   word 1     the state: the alternative printed last, 0 at first; not
 *              there for `%`, which keeps none
 *   then       alternative k: its string, 0 when it is empty, 1 when it
 *              is more than text (print items, nested substrings)
 *
 * Vary__Print chooses, updates the state word, prints a text alternative
 * itself and returns 0, or returns k for an alternative of code, which is
 * compiled after the call:  t = Vary__Print(tbl); if (t == k) ... ; so a
 * substring whose alternatives are all text costs one call and its table,
 * and an alternative not chosen runs nothing (its nested substrings keep
 * their state).  A substring with one alternative is printed as it
 * stands. */
#include "lower_int.h"
#include "../compiler/varying.h"

static bool lv_seq(Lower *l, const VarySeq *s, bool ret);

static void emit1(Lower *l, IrKind k, IrNode *a, SrcLoc loc)
{
    IrNode *n = ir_new(l, k, 1, loc);
    n->kids[0] = a;
    emit(l, n);
}

/* The variable that holds Vary__Print's answer while several code
 * alternatives are tested: nothing runs between the call and the tests,
 * so a temporary global serves, even when an alternative prints varying
 * text of its own. */
static IrNode *answer(Lower *l, SrcLoc loc)
{
    IrNode *t = ir_new(l, IR_GLOBAL, 0, loc);
    t->num = IRG_TEMP4;
    return t;
}

static bool is_text(const VarySeq *alt)
{
    return alt->nparts == 1 && alt->parts[0].kind == VARY_TEXT;
}

/* The table of group `g` (writable: its state word changes); *ncode
 * counts its code alternatives. */
static int group_table(Lower *l, const VaryGroup *g, int *ncode)
{
    IrValue *w = arena_alloc(l->a, (size_t)(g->nalts + 2) * sizeof *w);
    int n = 0;
    w[n++] = ir_num((int32_t)g->method * 4096 + g->nalts);
    if (g->method != VARY_RANDOM) {
        w[n++] = ir_num(0);                     /* nothing printed yet */
        l->p->nvarying_state++;
    }
    *ncode = 0;
    for (int k = 0; k < g->nalts; k++) {
        const VarySeq *alt = &g->alts[k];
        if (alt->nparts == 0) {
            w[n++] = ir_num(0);
        } else if (is_text(alt)) {
            int id = pools_string_units(l->pools, alt->parts[0].units,
                                        alt->parts[0].nunits);
            l->p->strings[id].used_as_value = true;
            w[n++] = ir_ref(IRR_STRING, (uint32_t)id, 0);
        } else {
            w[n++] = ir_num(1);
            (*ncode)++;
        }
    }
    l->p->nvarying++;
    int t = add_table(l, w, n);
    l->p->tables[t].writable = true;
    return t;
}

static IrNode *vary_call(Lower *l, int table, SrcLoc loc)
{
    IrNode *t = ir_const(l, ir_ref(IRR_TABLE, (uint32_t)table, 0), loc);
    return ir_veneer_call(l, "Vary__Print", loc, 1, t);
}

/* The code alternatives after the call: each tested in turn; the last
 * needs only "not zero", as every other answer has been ruled out. */
static void code_alternatives(Lower *l, const VaryGroup *g, IrNode *call,
                              int ncode)
{
    SrcLoc loc = g->loc;
    int end = new_label(l), seen = 0;
    if (ncode > 1) emit1(l, IR_EVAL, ir_binary(l, IR_SET, answer(l, loc),
                                              call, loc), loc);
    for (int k = 0; k < g->nalts; k++) {
        const VarySeq *alt = &g->alts[k];
        if (alt->nparts == 0 || is_text(alt)) continue;
        bool last = ++seen == ncode;
        int next = last ? end : new_label(l);
        IrNode *cond = ncode == 1 ? ir_unary(l, IR_NONZERO, call, loc)
            : last ? ir_unary(l, IR_NONZERO, answer(l, loc), loc)
            : ir_binary(l, IR_EQ, answer(l, loc), ir_num_node(l, k + 1, loc),
                        loc);
        lx_branch(l, cond, next, false, loc);
        lv_seq(l, alt, false);
        if (last) break;
        emit_jump(l, end, loc);
        emit_label(l, next);
    }
    emit_label(l, end);
}

static void lv_group(Lower *l, const VaryGroup *g)
{
    if (g->nalts == 1) {
        lv_seq(l, &g->alts[0], false);
        return;
    }
    int ncode;
    int table = group_table(l, g, &ncode);
    IrNode *call = vary_call(l, table, g->loc);
    if (ncode == 0) emit1(l, IR_EVAL, call, g->loc);
    else code_alternatives(l, g, call, ncode);
}

/* A sequence.  `ret` (print_ret's): its last part, when text, is printed
 * with PRINT_RET_TEXT; true when that was done. */
static bool lv_seq(Lower *l, const VarySeq *s, bool ret)
{
    for (int i = 0; i < s->nparts; i++) {
        const VaryPart *p = &s->parts[i];
        bool last = ret && i == s->nparts - 1;
        switch (p->kind) {
        case VARY_TEXT: {
            IrNode *n = ir_new(l, last ? IR_PRINT_RET_TEXT : IR_PRINT_TEXT, 0,
                               p->item->loc);
            n->num = pools_string_units(l->pools, p->units, p->nunits);
            emit(l, n);
            if (last) return true;
            break;
        }
        case VARY_ITEM:
            ls_print_item(l, p->item);
            break;
        case VARY_GROUP:
            lv_group(l, p->group);
            break;
        }
    }
    return false;
}

bool lv_print(Lower *l, const Node *print)
{
    const VarySeq *s = varying_tree(l->c, print);
    if (!s) return false;
    bool ret = print->num == 1;
    if (lv_seq(l, s, ret) || !ret) return true;
    emit(l, ir_new(l, IR_NEW_LINE, 0, print->loc));
    emit1(l, IR_RETURN, ir_num_node(l, 1, print->loc), print->loc);
    return true;
}
