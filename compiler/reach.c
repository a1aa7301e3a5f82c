/* reach.c: the walk reach.h describes.  Takes a routine's checked tree
 * and the rules; gives, through the walk's hooks, the expressions
 * execution reaches and the statements it never does.  Reads constants
 * as check left them (symbols, ast_folded, fold_result); changes
 * nothing. */
#include "reach.h"

#include <string.h>
#include <strings.h>

#include "fold.h"

/* Where execution stands before a statement: reached; never reached
 * and not yet told of; never reached and quiet. */
typedef enum State { LIVE, DEAD, QUIET } State;

static State stmt(const ReachWalk *w, const Node *s);

static void reached(const ReachWalk *w, const Node *n)
{
    if (n && w->reached) w->reached(w->ctx, n);
}

/* ---- labels ---- */

/* A jump (or an assembly branch, save, restore) to `label` in `n`. */
static bool jumps_to(const Node *n, const char *label)
{
    if (!n) return false;
    if ((n->kind == NODE_JUMP || n->kind == NODE_ASM_BRANCH ||
         n->kind == NODE_SAVE || n->kind == NODE_RESTORE) &&
        n->text && !strcasecmp(n->text, label))
        return true;
    for (unsigned i = 0; i < n->nkids; i++)
        if (jumps_to(n->kids[i], label)) return true;
    return false;
}

/* A label in `n` that a jump in the routine goes to. */
static bool holds_target(const ReachWalk *w, const Node *n)
{
    if (!n) return false;
    if (n->kind == NODE_LABEL) return n->text && jumps_to(w->body, n->text);
    for (unsigned i = 0; i < n->nkids; i++)
        if (holds_target(w, n->kids[i])) return true;
    return false;
}

/* Whether execution may come back to statement `s` of a list, where it
 * stands never reached: a label in it a jump goes to, or, under
 * REACH_PLAIN, `s` a label (inform6 places a label between statements
 * whether or not anything jumps there, and execution may reach it; one
 * inside a statement begun unreached, only when a jump went there). */
static bool revives(const ReachWalk *w, const Node *s)
{
    return (s->kind == NODE_LABEL && w->rules == REACH_PLAIN) ||
           holds_target(w, s);
}

/* ---- constant conditions ---- */

Symbol *reach_name_symbol(const Compiler *c, const Node *n)
{
    if (ast_name_local(n)) return NULL;
    Symbol *s = ast_name_symbol(n);
    if (s || ast_name_byname(n, &s)) return s;
    return n->text ? sym_lookup(c->symbols, n->text) : NULL;
}

/* 1 when the condition `n` is always true, 0 always false, -1 unknown. */
static int truth(const Compiler *c, const Node *n)
{
    int64_t v;
    if (!n) return -1;
    switch (n->kind) {
    case NODE_NUMBER: return n->num != 0;
    case NODE_NAME: {
        const Symbol *s = reach_name_symbol(c, n);
        return s && s->kind == SYM_CONSTANT && (s->flags & SYMF_VALUE_KNOWN)
               ? s->value != 0 : -1;
    }
    case NODE_BINOP: case NODE_UNARY:
        if (ast_folded(n, &v)) return v != 0;
        break;
    default:
        return -1;
    }
    if (n->kind == NODE_UNARY)
        return !strcmp(n->text, "~~") && truth(c, n->kids[0]) >= 0
               ? !truth(c, n->kids[0]) : -1;
    bool and = !strcmp(n->text, "&&");
    if (!and && strcmp(n->text, "||")) return -1;
    int a = truth(c, n->kids[0]), b = truth(c, n->kids[1]);
    if (a == !and || b == !and) return !and;     /* a 0 in &&, a 1 in || */
    return a == and && b == and ? and : -1;
}

/* A condition with a constant in it: REACH_PLAIN leaves it alone. */
static bool constant_in(const Compiler *c, const Node *n)
{
    int64_t v;
    if (!n) return false;
    if (fold_result(c, n, &v)) return true;
    if (n->kind == NODE_BINOP && (!strcmp(n->text, "&&") ||
                                  !strcmp(n->text, "||")))
        return constant_in(c, n->kids[0]) || constant_in(c, n->kids[1]);
    if (n->kind == NODE_UNARY && !strcmp(n->text, "~~"))
        return constant_in(c, n->kids[0]);
    return false;
}

/* ---- statements ---- */

/* Statements kids[first..] of `list`, execution standing at `st` before
 * the first; where it stands after the last. */
static State stmts(const ReachWalk *w, const Node *list, unsigned first,
                   State st)
{
    for (unsigned i = first; i < list->nkids; i++) {
        const Node *s = list->kids[i];
        if (!s) continue;
        if (st != LIVE && !revives(w, s)) {
            if (st == DEAD && w->unreached && w->unreached(w->ctx, s))
                st = QUIET;
            continue;
        }
        st = stmt(w, s);
        if (st != LIVE && s->kind != NODE_LABEL && holds_target(w, s))
            st = LIVE;      /* the label's code may leave `s` some way */
    }
    return st;
}

/* Execution after an if/else whose branches end at `then` and `other`
 * (inform6: past the else's label, where the else starts afresh). */
static State join(State then, State other)
{
    return then == LIVE ? LIVE : other;
}

static State if_stmt(const ReachWalk *w, const Node *s)
{
    const Node *cond = s->kids[0], *e = s->nkids > 2 ? s->kids[2] : NULL;
    reached(w, cond);
    if (w->rules == REACH_PLAIN && constant_in(w->c, cond)) return LIVE;
    int t = w->rules == REACH_FOLD ? truth(w->c, cond) : -1;
    State then = t != 0 || holds_target(w, s->kids[1]) ? stmt(w, s->kids[1]) : DEAD;
    State other = LIVE;
    if (e && (t != 1 || holds_target(w, e))) other = stmt(w, e);
    if (t == 0) return other;
    if (t == 1) return e && holds_target(w, e) ? LIVE : then;
    return e ? join(then, other) : LIVE;
}

/* A break out of the loop whose body is `n` (not one of an inner loop
 * or switch). */
static bool breaks(const Node *n)
{
    if (!n) return false;
    switch (n->kind) {
    case NODE_BREAK: return true;
    case NODE_WHILE: case NODE_DO: case NODE_FOR: case NODE_OBJECTLOOP:
    case NODE_SWITCH: case NODE_EMBEDDED_ROUTINE:
        return false;
    default:
        break;
    }
    for (unsigned i = 0; i < n->nkids; i++)
        if (breaks(n->kids[i])) return true;
    return false;
}

/* A while, do or for loop (`until`: a do): whether execution leaves it.
 * REACH_PLAIN walks only a while's or do's body, and only under a
 * condition with no constant: inform6 warns in a for's body by rules of
 * its own (none after a first return in `for (;;)`, some after it in
 * `for (::)`). */
static State loop(const ReachWalk *w, const Node *s, const Node *cond,
                  const Node *body, bool until)
{
    reached(w, cond);
    if (w->rules == REACH_PLAIN) {
        if (s->kind != NODE_FOR && !constant_in(w->c, cond)) stmt(w, body);
        return LIVE;
    }
    int t = cond ? truth(w->c, cond) : 1;
    if (until && t >= 0) t = !t;             /* do ... until: ends when true */
    if (t == 0 && !until && !holds_target(w, body)) return LIVE;
    stmt(w, body);
    return t != 1 || breaks(body) ? LIVE : DEAD;
}

static State clauses(const ReachWalk *w, const Node *s, unsigned first)
{
    for (unsigned i = first; i < s->nkids; i++) {
        const Node *c = s->kids[i];
        if (!c) continue;
        if (c->kind == NODE_CASE) {
            reached(w, c->kids[0]);
            stmts(w, c, 1, LIVE);
        } else {
            stmts(w, c, 0, LIVE);
        }
    }
    return LIVE;
}

/* Statement `s`, reached: where execution stands after it. */
static State stmt(const ReachWalk *w, const Node *s)
{
    if (!s) return LIVE;
    switch (s->kind) {
    case NODE_BLOCK: return stmts(w, s, 0, LIVE);
    case NODE_RTRUE: case NODE_RFALSE: case NODE_QUIT: case NODE_JUMP:
        return DEAD;
    case NODE_RETURN:
        reached(w, s);
        return DEAD;
    case NODE_PRINT: case NODE_ACTION_STMT:
        reached(w, s);
        return s->num == 1 ? DEAD : LIVE;     /* print_ret, <<...>> */
    case NODE_IF: return if_stmt(w, s);
    case NODE_WHILE: return loop(w, s, s->kids[0], s->kids[1], false);
    case NODE_DO: return loop(w, s, s->kids[1], s->kids[0], true);
    case NODE_FOR:
        reached(w, s->kids[0]);
        reached(w, s->kids[2]);
        return loop(w, s, s->kids[1], s->kids[3], false);
    case NODE_SWITCH:
        reached(w, s->kids[0]);
        return clauses(w, s, 1);
    case NODE_ACTION_SWITCH: return clauses(w, s, 0);
    default:
        reached(w, s);
        return LIVE;
    }
}

void reach_routine(const ReachWalk *w)
{
    stmt(w, w->body);
}
