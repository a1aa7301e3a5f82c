/* lower_stmt.c: statements and routines, AST to the flat IR statement
 * list of an IrRoutine: loops and switches become labels, jumps and
 * branches on condition trees; print rules become print statements or
 * calls of the veneer's printing routines. */
#include <string.h>
#include <strings.h>
#include "lower_int.h"
#include "../compiler/diag.h"
#include "../compiler/text.h"

static IrNode *stmt1(Lower *l, IrKind k, IrNode *a, SrcLoc loc)
{
    IrNode *n = ir_new(l, k, 1, loc);
    n->kids[0] = a;
    return n;
}

static void emit_eval(Lower *l, IrNode *e)
{
    emit(l, stmt1(l, IR_EVAL, e, e->loc));
}

static void emit_return(Lower *l, IrNode *v, SrcLoc loc)
{
    emit(l, stmt1(l, IR_RETURN, v, loc));
}

static int named_label(Lower *l, const char *name)
{
    for (int i = 0; i < l->nlabs; i++)
        if (!strcasecmp(l->lab_names[i], name)) return l->lab_ids[i];
    if (l->nlabs == l->labs_cap) {
        int cap = l->labs_cap ? l->labs_cap * 2 : 16;
        const char **nn = scratch_alloc(l, (size_t)cap * sizeof *nn);
        int32_t *ni = scratch_alloc(l, (size_t)cap * sizeof *ni);
        if (l->nlabs) {
            memcpy(nn, l->lab_names, (size_t)l->nlabs * sizeof *nn);
            memcpy(ni, l->lab_ids, (size_t)l->nlabs * sizeof *ni);
        }
        l->lab_names = nn;
        l->lab_ids = ni;
        l->labs_cap = cap;
    }
    l->lab_names[l->nlabs] = name;
    l->lab_ids[l->nlabs] = new_label(l);
    return l->lab_ids[l->nlabs++];
}

/* `string N "text"`: the literal needs a copy in low memory. */
static void note_dynstr_literal(Lower *l, int32_t id, SrcLoc loc)
{
    IrProgram *p = l->p;
    int cap = p->dynstr_cap;        /* (two arrays, one room) */
    VEC_RESERVE(l->a, p->dynstr_literals, p->ndynstr_literals, cap,
                p->ndynstr_literals + 1);
    VEC_RESERVE(l->a, p->dynstr_locs, p->ndynstr_literals, p->dynstr_cap,
                p->ndynstr_literals + 1);
    p->dynstr_locs[p->ndynstr_literals] = loc;
    p->dynstr_literals[p->ndynstr_literals++] = id;
}

/* ---- print ---- */

static IrNode *print_text(Lower *l, IrKind k, const Node *s)
{
    IrNode *n = ir_new(l, k, 0, s->loc);
    n->num = pools_string_written(l->pools, s, &n->num2);
    return n;
}

static void print_rule(Lower *l, const Node *r)
{
    IrNode *v = lx_expr(l, r->kids[0]);
    SrcLoc loc = r->loc;
    if (r->num == 1) {
        IrNode *fn = lx_expr(l, r->kids[1]);
        emit_eval(l, ir_call(l, fn, &v, 1, loc));
        return;
    }
    const char *w = r->text;
    const char *veneer = NULL;
    IrKind direct = IR_KIND_COUNT;
    if (!strcmp(w, "char")) { direct = IR_PRINT_CHAR; if (l->strict) veneer = "RT__ChPrintC"; }
    else if (!strcmp(w, "number")) veneer = "EnglishNumber";
    else if (!strcmp(w, "string")) { direct = IR_PRINT_PADDR; if (l->strict) veneer = "RT__ChPrintS"; }
    else if (!strcmp(w, "address")) {
        direct = IR_PRINT_ADDR;
        if (l->strict) veneer = "RT__ChPrintA";
        else if (!l->c->target->object_opcodes) veneer = "Print__Addr";
    }
    else if (!strcmp(w, "object")) { direct = IR_PRINT_OBJ; if (l->strict) veneer = "RT__ChPrintO"; }
    else if (!strcmp(w, "name")) veneer = "PrintShortName";
    else if (!strcmp(w, "the")) veneer = "DefArt";
    else if (!strcmp(w, "The")) veneer = "CDefArt";
    else if (!strcmp(w, "a") || !strcmp(w, "an")) veneer = "InDefArt";
    else if (!strcmp(w, "A")) veneer = "CInDefArt";
    else if (!strcmp(w, "property")) veneer = "Print__PName";
    if (veneer) emit_eval(l, ir_veneer_call(l, veneer, loc, 1, v));
    else if (direct != IR_KIND_COUNT) emit(l, stmt1(l, direct, v, loc));
    else diag_error(&loc, "'(%s)' is not a print rule", w);
}

void ls_print_item(Lower *l, const Node *it)
{
    if (it->kind == NODE_PRINT_RULE) print_rule(l, it);
    else emit(l, stmt1(l, IR_PRINT_NUM, lx_expr(l, it), it->loc));
}

/* The literal "^" as a print item: a new line, not a string (as inform6
 * 6.42 on compiles it, even as print_ret's last item). */
static bool newline_text(const Node *it)
{
    return it && it->kind == NODE_STRING && it->text && !strcmp(it->text, "^");
}

static void print_stmt(Lower *l, const Node *n)
{
    bool ret = n->num == 1;
    if (lv_print(l, n)) return;
    for (int i = 0; i < n->nkids; i++) {
        const Node *it = n->kids[i];
        if (!it) continue;
        if (newline_text(it)) {
            emit(l, ir_new(l, IR_NEW_LINE, 0, it->loc));
        } else if (it->kind == NODE_STRING) {
            bool last = ret && i == n->nkids - 1;
            emit(l, print_text(l, last ? IR_PRINT_RET_TEXT : IR_PRINT_TEXT, it));
            if (last) return;
        } else {
            ls_print_item(l, it);
        }
    }
    if (ret) {
        emit(l, ir_new(l, IR_NEW_LINE, 0, n->loc));
        emit_return(l, ir_num_node(l, 1, n->loc), n->loc);
    }
}

/* ---- control ---- */

static void with_loop(Lower *l, int brk, int cont, const Node *body)
{
    int ob = l->break_label, oc = l->continue_label;
    l->break_label = brk;
    l->continue_label = cont;
    ls_stmt(l, body);
    l->break_label = ob;
    l->continue_label = oc;
}

/* With inform6's quiet cases: a condition that never lets execution
 * into the block (`if (0)`), an `if (1) return;` with no else, and the
 * else of an `if (1)`, warn of nothing left out. */
static void if_stmt(Lower *l, const Node *n)
{
    int pre = l->reach;
    int els = new_label(l);
    lx_branch(l, lx_cond(l, n->kids[0]), els, false, n->loc);
    if (!pre && l->reach) l->reach |= REACH_NOWARN;
    l->if_return = n->kids[1];
    ls_stmt(l, n->kids[1]);
    if (!n->kids[2]) {
        emit_forward_label(l, els);
        if (!pre && l->reach) l->reach |= REACH_NOWARN;
        return;
    }
    int end = new_label(l);
    if (!l->reach) lp_none(l);
    emit_jump_live(l, end, n->loc);
    bool placed = emit_forward_label(l, els);
    int saved = 0;
    if (l->reach && !placed) {
        saved = l->reach;
        l->reach |= REACH_NOWARN;
    }
    ls_stmt(l, n->kids[2]);
    if (l->reach && !placed) {
        if (saved & REACH_NOWARN) l->reach |= REACH_NOWARN;
        else l->reach &= ~REACH_NOWARN;
    }
    emit_forward_label(l, end);
}

static void while_stmt(Lower *l, const Node *n)
{
    int top = new_label(l), brk = new_label(l);
    emit_label(l, top);
    lx_branch(l, lx_cond(l, n->kids[0]), brk, false, n->loc);
    with_loop(l, brk, top, n->kids[1]);
    lp_none(l);
    emit_jump_live(l, top, n->loc);
    emit_forward_label(l, brk);
}

static void do_stmt(Lower *l, const Node *n)
{
    int top = new_label(l), cont = new_label(l), brk = new_label(l);
    emit_label(l, top);
    with_loop(l, brk, cont, n->kids[0]);
    emit_forward_label(l, cont);
    lx_branch(l, lx_cond(l, n->kids[1]), top, false, n->loc);
    emit_forward_label(l, brk);
}

static void for_stmt(Lower *l, const Node *n)
{
    int top = new_label(l), cont = new_label(l), brk = new_label(l);
    if (n->kids[0]) {
        lp_at_for_part(l, n, 0);
        emit_eval(l, lx_expr(l, n->kids[0]));
    }
    emit_label(l, top);
    if (n->kids[1]) {
        lp_at_for_part(l, n, 1);
        lx_branch(l, lx_cond(l, n->kids[1]), brk, false, n->loc);
    }
    with_loop(l, brk, cont, n->kids[3]);
    /* inform6: with an update, `continue` goes to it and it is always
     * there; without, the loop ends in a jump back only if the body can
     * end */
    if (n->kids[2]) {
        emit_label(l, cont);
        lp_at_for_part(l, n, 2);
        emit_eval(l, lx_expr(l, n->kids[2]));
        emit_jump(l, top, n->loc);
    } else {
        emit_forward_label(l, cont);
        if (!l->reach) lp_none(l);
        emit_jump_live(l, top, n->loc);
    }
    emit_forward_label(l, brk);
}

static IrNode *set_var(Lower *l, IrNode *var, IrNode *v, SrcLoc loc)
{
    return ir_binary(l, IR_SET, var, v, loc);
}

static void objectloop_stmt(Lower *l, const Node *n)
{
    IrNode *x = lx_variable(l, n->kids[0]);
    SrcLoc loc = n->loc;
    if (!x) {
        diag_error(&loc, "an objectloop needs a variable");
        return;
    }
    int top = new_label(l), cont = new_label(l), brk = new_label(l);
    IrNode *o = n->text ? lx_expr(l, n->kids[1]) : NULL;
    bool in = n->text && !strcmp(n->text, "in");
    if (n->text && (!in || lchk_is_leaf(o))) {
        /* along the tree: x in o, x near o, x from o */
        IrNode *first = o;
        if (in)
            first = lchk_tree(l, ir_unary(l, IR_CHILD, o, loc), 6);
        else if (!strcmp(n->text, "near"))
            first = ir_unary(l, IR_CHILD,
                             lchk_tree(l, ir_unary(l, IR_PARENT, o, loc), 12), loc);
        emit_eval(l, set_var(l, x, first, loc));
        emit_label(l, top);
        lx_branch(l, ir_unary(l, IR_NONZERO, x, loc), brk, false, loc);
        with_loop(l, brk, cont, n->kids[2]);
        lp_none(l);
        emit_label(l, cont);
        /* (objectloop (d in d), the library's ScopeWithin_O: d is no
         * longer the container, so inform6 checks no "still in" there) */
        IrNode *still_in = in ? lx_expr(l, n->kids[1]) : NULL;
        if (still_in && still_in->kind == x->kind && still_in->num == x->num &&
            (x->kind == IR_LOCAL || x->kind == IR_GLOBAL))
            still_in = NULL;
        lchk_objectloop_step(l, x, still_in, brk, loc);
        emit_eval(l, set_var(l, x, ir_unary(l, IR_SIBLING, x, loc), loc));
        emit_jump(l, top, loc);
        emit_label(l, brk);
        return;
    }
    /* over every object: objectloop (x in f()) tests x in f() each time */
    IrNode *cond = in ? lchk_condition(l, ir_binary(l, IR_IN, x, o, loc))
                 : n->kids[1] ? lx_cond(l, n->kids[1]) : NULL;
    int chain = l->c->target->object_chain_word;
    IrNode *first = chain < 0 ? ir_num_node(l, 1, loc)
                              : ir_const(l, ir_ref(IRR_OBJECT, 1, 0), loc);
    emit_eval(l, set_var(l, x, first, loc));
    emit_label(l, top);
    if (cond) {
        lp_at(l, loc);
        lx_branch(l, cond, cont, false, loc);
    }
    with_loop(l, brk, cont, n->kids[2]);
    lp_none(l);
    emit_label(l, cont);
    if (chain < 0) {
        emit_eval(l, ir_unary(l, IR_INC, x, loc));
        lx_branch(l, ir_binary(l, IR_GT, x, ir_num_node(l, l->p->nobjects, loc),
                               loc), top, false, loc);
    } else {        /* from Class along the chain of every object */
        emit_eval(l, set_var(l, x, ir_binary(l, IR_LOADW, x,
                                             ir_num_node(l, chain, loc), loc), loc));
        lx_branch(l, ir_unary(l, IR_NONZERO, x, loc), top, true, loc);
    }
    emit_label(l, brk);
}

/* The condition "value v matches this case's values". */
static IrNode *case_match(Lower *l, IrNode *v, const Node *values)
{
    IrNode *eq = NULL, *ranges = NULL;
    int neq = 0;
    for (int i = 0; i < values->nkids; i++)
        if (values->kids[i] && values->kids[i]->kind != NODE_CASE_RANGE) neq++;
    if (neq) {
        eq = ir_new(l, IR_EQ, neq + 1, values->loc);
        eq->kids[0] = v;
        int k = 1;
        for (int i = 0; i < values->nkids; i++)
            if (values->kids[i] && values->kids[i]->kind != NODE_CASE_RANGE)
                eq->kids[k++] = lx_expr(l, values->kids[i]);
    }
    for (int i = 0; i < values->nkids; i++) {
        const Node *r = values->kids[i];
        if (!r || r->kind != NODE_CASE_RANGE) continue;
        IrNode *lo = ir_unary(l, IR_LNOT, ir_binary(l, IR_LT, v, lx_expr(l, r->kids[0]), r->loc), r->loc);
        IrNode *hi = ir_unary(l, IR_LNOT, ir_binary(l, IR_GT, v, lx_expr(l, r->kids[1]), r->loc), r->loc);
        IrNode *in = ir_binary(l, IR_LAND, lo, hi, r->loc);
        ranges = ranges ? ir_binary(l, IR_LOR, ranges, in, r->loc) : in;
    }
    if (eq && ranges) return ir_binary(l, IR_LOR, eq, ranges, values->loc);
    return eq ? eq : ranges;
}

/* Whether a clause follows clause i of switch n. */
static bool clause_after(const Node *n, int i)
{
    for (int k = i + 1; k < n->nkids; k++)
        if (n->kids[k]) return true;
    return false;
}

/* switch and action switch, as inform6 lays them out: each clause's test
 * then its body, so that branches stay short in long switches (a
 * library's LanguageLM).  The default clause, wherever it is written, is
 * reached once every test has failed. */
static void switch_body(Lower *l, IrNode *v, const Node *n, int first,
                        bool action_switch)
{
    int end = new_label(l), deflt = -1;
    int ob = l->break_label;
    if (!action_switch) l->break_label = end;
    for (int i = first; i < n->nkids; i++) {
        const Node *c = n->kids[i];
        if (!c) continue;
        int next = new_label(l);
        int from = 1;
        /* (a switch's first test is the statement's first code when
         * the value needs no copy: the statement's point waits for it) */
        bool later = i > first || action_switch;
        if (c->kind == NODE_DEFAULT_CASE) {
            if (!l->reach && later) lp_none(l);
            emit_jump_live(l, next, c->loc);
            deflt = new_label(l);
            emit_label(l, deflt);
            from = 0;
        } else {
            IrNode *m = case_match(l, v, c->kids[0]);
            if (later) lp_none(l);
            if (m) lx_branch(l, m, next, false, c->loc);
        }
        for (int k = from; k < c->nkids; k++) ls_stmt(l, c->kids[k]);
        /* (only where the clause can end, as inform6; the last
         * clause's return is inform6's at the routine's `]`) */
        if (!l->reach && action_switch && clause_after(n, i))
            lp_none(l);
        else if (!l->reach && action_switch) {
            lp_at(l, l->routine_end);
            l->end_marked = true;
        }
        else if (!l->reach)
            lp_none(l);
        if (action_switch && !l->reach)
            emit_return(l, ir_num_node(l, l->embedded ? 0 : 1, c->loc), c->loc);
        else if (!action_switch)
            emit_jump_live(l, end, c->loc);
        emit_label(l, next);
    }
    if (deflt >= 0 && !l->reach) lp_none(l);
    if (deflt >= 0) emit_jump_live(l, deflt, n->loc);
    l->break_label = ob;
    emit_forward_label(l, end);
}

static void switch_stmt(Lower *l, const Node *n)
{
    IrNode *v = lx_expr(l, n->kids[0]);
    if (v->kind != IR_LOCAL && v->kind != IR_GLOBAL && v->kind != IR_CONST) {
        IrNode *t = ir_new(l, IR_GLOBAL, 0, n->loc);
        t->num = IRG_TEMP2;
        emit_eval(l, set_var(l, t, v, n->loc));
        v = t;
    }
    switch_body(l, v, n, 1, false);
    lp_end(l, n);
}

/* ---- object statements ---- */

static void give_stmt(Lower *l, const Node *n)
{
    for (int i = 1; i < n->nkids; i++) {
        const Node *g = n->kids[i];
        if (!g) continue;
        IrNode *o = lx_expr(l, n->kids[0]);
        IrNode *a = lx_expr(l, g->kids[0]);
        if (l->strict)
            emit_eval(l, ir_veneer_call(l, g->num ? "RT__ChGt" : "RT__ChG",
                                        g->loc, 2, o, a));
        else
            emit(l, ir_binary(l, g->num ? IR_CLEAR_ATTR : IR_SET_ATTR, o, a, g->loc));
    }
}

static void move_stmt(Lower *l, const Node *n)
{
    IrNode *o = lx_expr(l, n->kids[0]);
    if (n->kind == NODE_REMOVE) {
        if (l->strict) emit_eval(l, ir_veneer_call(l, "RT__ChR", n->loc, 1, o));
        else if (!l->c->target->object_opcodes)
            emit_eval(l, ir_veneer_call(l, "OB__Remove", n->loc, 1, o));
        else emit(l, stmt1(l, IR_REMOVE, o, n->loc));
        return;
    }
    IrNode *p = lx_expr(l, n->kids[1]);
    if (l->strict) emit_eval(l, ir_veneer_call(l, "RT__ChT", n->loc, 2, o, p));
    else if (!l->c->target->object_opcodes)
        emit_eval(l, ir_veneer_call(l, "OB__Move", n->loc, 2, o, p));
    else emit(l, ir_binary(l, IR_MOVE, o, p, n->loc));
}

static void box_stmt(Lower *l, const Node *n)
{
    IrValue *words = arena_alloc(l->a, (size_t)(n->nkids + 1) * sizeof *words);
    int maxw = 0;
    words[0] = ir_num(n->nkids);
    for (int i = 0; i < n->nkids; i++) {
        value_of(l->pools, n->kids[i], &words[i + 1]);
        const IrString *s = &l->p->strings[words[i + 1].target];
        if (s->len > maxw) maxw = s->len;
    }
    int t = add_table(l, words, n->nkids + 1);
    if (!l->c->target->box) {
        diag_warning(&n->loc, "the 'box' statement has no effect in "
                     "version 3 of the Z-machine");
        return;
    }
    emit_eval(l, ir_veneer_call(l, "Box__Routine", n->loc, 2,
                                ir_num_node(l, maxw, n->loc),
                                ir_const(l, ir_ref(IRR_TABLE, (uint32_t)t, 0), n->loc)));
}

/* <Action noun second, actor>: R_Process gets as many arguments as are
 * written, as inform6 calls it (<Take> one, <Take x> two); with an actor
 * all four, a noun or second not written 0. */
static void action_stmt(Lower *l, const Node *n)
{
    IrNode *args[4];
    int nargs = n->kids[3] ? 4 : n->kids[2] ? 3 : n->kids[1] ? 2 : 1;
    for (int i = 0; i < nargs; i++) args[i] = lx_expr(l, n->kids[i]);
    int id = lower_veneer_routine(l, "R_Process");
    IrNode *fn = ir_const(l, ir_ref(IRR_ROUTINE, (uint32_t)id, 0), n->loc);
    emit_eval(l, ir_call(l, fn, args, nargs, n->loc));
    if (n->num == 1) emit_return(l, ir_num_node(l, 1, n->loc), n->loc);
}

/* Inline assembly: operands lowered to leaves; the selector of the
 * target reads the opcode from the AST node. */
static void asm_stmt(Lower *l, const Node *n)
{
    int nops = n->nkids;
    const Node *store = NULL, *branch = NULL;
    while (nops > 0 && n->kids[nops - 1] &&
           (n->kids[nops - 1]->kind == NODE_ASM_STORE ||
            n->kids[nops - 1]->kind == NODE_ASM_BRANCH)) {
        if (n->kids[nops - 1]->kind == NODE_ASM_STORE) store = n->kids[nops - 1];
        else branch = n->kids[nops - 1];
        nops--;
    }
    IrNode *a = ir_new(l, IR_ASM, nops + 1, n->loc);
    a->asm_node = n;
    for (int i = 0; i < nops; i++) {
        const Node *op = n->kids[i];
        if (!op || op->kind == NODE_ASM_SP) a->kids[i] = ir_new(l, IR_POP, 0, n->loc);
        else if (op->kind == NODE_STRING)      /* @print "text": inline */
            a->kids[i] = ir_const(l, ir_ref(IRR_STRING, (uint32_t)pools_string(l->pools, op), 0),
                                  op->loc);
        else if (op->kind == NODE_ASM_INDIRECT) {
            a->kids[i] = lx_expr(l, op->kids[0]);
            a->kids[i]->num2 = 1;       /* [x]: the variable numbered x */
        }
        else a->kids[i] = lx_expr(l, op);
    }
    a->kids[nops] = NULL;
    if (store) {
        const Node *v = store->kids[0];
        a->kids[nops] = !v || v->kind == NODE_ASM_SP ? ir_new(l, IR_POP, 0, n->loc)
                                                    : lx_variable(l, v);
        if (!a->kids[nops]) diag_error(&v->loc, "the result of an opcode must be "
                                       "stored in a variable or sp");
    }
    a->num = -1;
    a->num2 = 0;
    if (branch) {
        if (!strcasecmp(branch->text, "rtrue")) a->num = -3;
        else if (!strcasecmp(branch->text, "rfalse")) a->num = -2;
        else a->num = named_label(l, branch->text);
        a->num2 = branch->num ? 0 : 1;
    }
    emit(l, a);
}

static IrNode *style_node(Lower *l, const Node *n)
{
    static const char *const styles[] = { "roman", "bold", "underline",
                                          "reverse", "fixed" };
    IrNode *s = ir_new(l, IR_STYLE, 0, n->loc);
    for (int i = 0; i < 5; i++)
        if (!strcasecmp(n->text, styles[i])) s->num = i;
    return s;
}

/* style and font where the machine has no instructions for them (Glulx):
 * glk_set_style (selector $86) through Glk__Wrap, with inform6's styles
 * (normal 0, emphasized 1, preformatted 2, subheader 4, alert 5). */
static void glk_style(Lower *l, const Node *n)
{
    static const int32_t glk_styles[] = { 0, 4, 1, 5, 2 };  /* IR_STYLE_ */
    int32_t style;
    if (n->kind == NODE_FONT) style = n->num ? 0 : 2;
    else style = glk_styles[style_node(l, n)->num];
    emit_eval(l, ir_veneer_call(l, "Glk__Wrap", n->loc, 2,
                                ir_num_node(l, 0x86, n->loc),
                                ir_num_node(l, style, n->loc)));
}

static void simple_stmt(Lower *l, const Node *n, IrKind k)
{
    IrNode *s = ir_new(l, k, 0, n->loc);
    if (k == IR_FONT) s->num = (int32_t)n->num;
    if (k == IR_SAVE || k == IR_RESTORE) s->num = named_label(l, n->text);
    emit(l, s);
}

static void stmt(Lower *l, const Node *n);

/* A statement, and the body of a loop or an if: begun where nothing
 * reaches, it is unreached throughout (lower_reach.c).  A label is not a
 * statement of its own for this: it belongs with the one after it. */
void ls_stmt(Lower *l, const Node *n)
{
    if (!n) return;
    SrcLoc outer = l->stmt_loc;
    l->stmt_loc = n->loc;
    /* (a label's point is the next statement's; `if (c) rtrue;` is one
     * statement) */
    if (n->kind != NODE_LABEL &&
        !(n == l->if_return && (n->kind == NODE_RTRUE || n->kind == NODE_RFALSE)))
        lp_at(l, n->loc);
    if (n->kind == NODE_LABEL) {
        stmt(l, n);
    } else {
        int saved = lr_enter(l);
        stmt(l, n);
        lr_leave(l, saved);
    }
    l->stmt_loc = outer;
}

static void stmt(Lower *l, const Node *n)
{
    SrcLoc loc = n->loc;
    switch (n->kind) {
    case NODE_BLOCK: ls_block(l, n); lp_end(l, n); break;
    case NODE_EXPR_STMT: emit_eval(l, lx_expr(l, n->kids[0])); break;
    case NODE_PRINT: print_stmt(l, n); break;
    case NODE_IF: if_stmt(l, n); break;
    case NODE_WHILE: while_stmt(l, n); break;
    case NODE_DO: do_stmt(l, n); break;
    case NODE_FOR: for_stmt(l, n); break;
    case NODE_OBJECTLOOP: objectloop_stmt(l, n); break;
    case NODE_SWITCH: switch_stmt(l, n); break;
    case NODE_ACTION_SWITCH: {
        IrNode *sw = ir_new(l, IR_GLOBAL, 0, loc);
        sw->num = IRG_SW_VAR;
        switch_body(l, sw, n, 0, true);
        break;
    }
    case NODE_BREAK:
        if (l->break_label < 0) diag_error(&loc, "'break' outside a loop or switch");
        else emit_jump(l, l->break_label, loc);
        break;
    case NODE_CONTINUE:
        if (l->continue_label < 0) diag_error(&loc, "'continue' outside a loop");
        else emit_jump(l, l->continue_label, loc);
        break;
    case NODE_RETURN:
        emit_return(l, n->kids[0] ? lx_expr(l, n->kids[0]) : ir_num_node(l, 1, loc), loc);
        break;
    case NODE_RTRUE: case NODE_RFALSE: {
        IrNode *r = stmt1(l, IR_RETURN, ir_num_node(l, n->kind == NODE_RTRUE, loc), loc);
        r->num2 = n == l->if_return;    /* `if (c) rtrue;`: ir.h */
        emit(l, r);
        break;
    }
    case NODE_JUMP: emit_jump(l, named_label(l, n->text), loc); break;
    case NODE_LABEL: emit_label(l, named_label(l, n->text)); break;
    case NODE_GIVE: give_stmt(l, n); break;
    case NODE_MOVE: case NODE_REMOVE: move_stmt(l, n); break;
    case NODE_NEW_LINE: simple_stmt(l, n, IR_NEW_LINE); break;
    case NODE_QUIT: simple_stmt(l, n, IR_QUIT); break;
    case NODE_INVERSION: simple_stmt(l, n, IR_INVERSION); break;
    case NODE_SPACES: emit(l, stmt1(l, IR_SPACES, lx_expr(l, n->kids[0]), loc)); break;
    case NODE_BOX: box_stmt(l, n); break;
    case NODE_FONT: case NODE_STYLE:
        if (!l->c->target->object_opcodes) glk_style(l, n);
        else if (n->kind == NODE_FONT) simple_stmt(l, n, IR_FONT);
        else emit(l, style_node(l, n));
        break;
    case NODE_STRING_STMT: {
        IrNode *v = lx_expr(l, n->kids[1]);
        if (v->kind == IR_CONST && v->value.ref == IRR_STRING)
            note_dynstr_literal(l, (int32_t)v->value.target, loc);
        if (!l->c->target->object_opcodes)
            emit_eval(l, ir_veneer_call(l, "Dynam__String", loc, 2,
                                        lx_expr(l, n->kids[0]), v));
        else
            emit(l, ir_binary(l, IR_SET_DYNSTR, lx_expr(l, n->kids[0]), v, loc));
        break;
    }
    case NODE_READ: {
        IrNode *r = ir_new(l, IR_READ, 3, loc);
        r->kids[0] = lx_expr(l, n->kids[0]);
        r->kids[1] = lx_expr(l, n->kids[1]);
        r->kids[2] = n->kids[2] ? lx_expr(l, n->kids[2]) : ir_num_node(l, 0, loc);
        emit(l, r);
        break;
    }
    case NODE_SAVE: simple_stmt(l, n, IR_SAVE); break;
    case NODE_RESTORE: simple_stmt(l, n, IR_RESTORE); break;
    case NODE_ACTION_STMT: action_stmt(l, n); break;
    case NODE_ASM: asm_stmt(l, n); break;
    case NODE_ERROR: break;
    default:
        diag_error(&loc, "this statement cannot be compiled yet (%s)",
                   ast_kind_name(n->kind));
        break;
    }
}

void ls_block(Lower *l, const Node *block)
{
    for (int i = 0; i < block->nkids; i++) ls_stmt(l, block->kids[i]);
}

void ls_routine(Lower *l, int id)
{
    const Node *src = pools_routine_source(l->pools, id);
    IrRoutine *r = l->p->routines[id];
    l->r = r;
    l->nlabs = 0;
    l->break_label = l->continue_label = -1;
    l->embedded = r->is_embedded;
    l->locals = NULL;
    if (r->is_symbol_table) {
        linfix_symbol_table(l, id);
        return;
    }
    if (src->kind == NODE_STUB) {
        r->nlocals = (int)src->num;
        r->local_names = arena_alloc(l->a, (size_t)(r->nlocals + 1) * sizeof *r->local_names);
        for (int i = 0; i < r->nlocals; i++) r->local_names[i] = "x";
        lp_directive(l, src);
        linfix_prologue(l, id, src->loc);
        emit_return(l, ir_num_node(l, 0, src->loc), src->loc);
        return;
    }
    l->locals = src->kids[0];
    r->nlocals = l->locals ? l->locals->nkids : 0;
    r->local_names = arena_alloc(l->a, (size_t)(r->nlocals + 1) * sizeof *r->local_names);
    for (int i = 0; i < r->nlocals; i++) r->local_names[i] = l->locals->kids[i]->text;
    const Target *t = l->c->target;
    if (r->nlocals > t->lim.max_locals)
        diag_error(&src->loc, "routine '%s' has %d local variables; %s "
                   "allows at most %d", r->name ? r->name : "(embedded)",
                   r->nlocals, t->machine, t->lim.max_locals);
    lp_directive(l, src);
    linfix_prologue(l, id, src->loc);
    l->routine_end = src->kids[1] ? ast_end(src->kids[1]) : (SrcLoc){ 0 };
    l->end_marked = false;
    if (src->kids[1]) ls_block(l, src->kids[1]);
    if (!l->end_marked) lp_at(l, l->routine_end);
    /* The implicit return, where execution can reach the end.  inform6
     * leaves it out otherwise, and the routine's size shows in every
     * later address. */
    if (!l->reach)
        emit_return(l, ir_num_node(l, l->embedded ? 0 : 1, src->loc), src->loc);
}
