/* check_unreached.c: "This statement can never be reached" in a routine
 * $OMIT_UNUSED_ROUTINES=1 leaves out.  inform6 compiles such a routine
 * before it drops it, so it warns there as anywhere; vinform never lowers
 * it (codegen/lower_reach.c, which gives the warning in code that is
 * lowered, never sees it).
 *
 * Takes the routine's AST once everything else is lowered (main.c, for
 * each routine still left out); gives the warnings.  The rule read from
 * the tree is the plain case of lower_reach's: in a statement list, after
 * a return, rtrue, rfalse, print_ret, <<...>>, quit or jump (or an if
 * each of whose branches ends so), the first
 * statement that makes code is warned of, once, until a label.  Where
 * the tree cannot tell as lowering would (a label inside the statement,
 * a constant condition, whose quiet cases inform6 keeps), it says
 * nothing: a warning missed, never one inform6 does not give. */
#include "check.h"
#include "diag.h"
#include "fold.h"

#include <string.h>

/* Whether execution never goes on after statement `s`. */
static bool stops(const Node *s)
{
    switch (s->kind) {
    case NODE_RETURN: case NODE_RTRUE: case NODE_RFALSE: case NODE_QUIT:
    case NODE_JUMP:
        return true;
    case NODE_PRINT: case NODE_ACTION_STMT:
        return s->num == 1;
    default:
        return false;
    }
}

static bool holds_label(const Node *n);
static bool constant_in(const Compiler *c, const Node *n);

/* Whether execution never goes on after `s`: it stops, or it is a block
 * that ends so (and holds no label), or an if whose condition is no
 * constant and both of whose branches end so. */
static bool ends(const Compiler *c, const Node *s)
{
    if (!s) return false;
    if (stops(s)) return true;
    if (s->kind == NODE_BLOCK)
        return s->nkids && !holds_label(s) &&
               ends(c, s->kids[s->nkids - 1]);
    if (s->kind == NODE_IF)
        return s->nkids > 2 && !constant_in(c, s->kids[0]) &&
               ends(c, s->kids[1]) && ends(c, s->kids[2]);
    return false;
}

static bool holds_label(const Node *n)
{
    if (!n) return false;
    if (n->kind == NODE_LABEL) return true;
    for (unsigned i = 0; i < n->nkids; i++)
        if (holds_label(n->kids[i])) return true;
    return false;
}

/* The statement in `s` where its code starts, or NULL when it makes none
 * (an empty block, a lone value). */
static const Node *first_code(const Node *s)
{
    if (!s) return NULL;
    if (s->kind == NODE_BLOCK) {
        for (unsigned i = 0; i < s->nkids; i++) {
            const Node *at = first_code(s->kids[i]);
            if (at) return at;
        }
        return NULL;
    }
    if (s->kind == NODE_EXPR_STMT) {
        const Node *e = s->nkids ? s->kids[0] : NULL;
        if (!e || e->kind == NODE_NUMBER || e->kind == NODE_NAME ||
            e->kind == NODE_CHAR_LIT)
            return NULL;
    }
    return s;
}

/* A condition with a constant in it: inform6's quiet cases may apply. */
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

static void list(const Compiler *c, const Node *l, unsigned first);

/* The statement lists inside `s`, reached. */
static void inside(const Compiler *c, const Node *s)
{
    switch (s->kind) {
    case NODE_BLOCK: list(c, s, 0); return;
    case NODE_IF:
        if (constant_in(c, s->kids[0])) return;
        for (unsigned i = 1; i < s->nkids; i++)
            if (s->kids[i]) inside(c, s->kids[i]);
        return;
    case NODE_SWITCH: case NODE_ACTION_SWITCH:
        for (unsigned i = s->kind == NODE_SWITCH; i < s->nkids; i++) {
            const Node *k = s->kids[i];
            if (k) list(c, k, k->kind == NODE_CASE);
        }
        return;
    default:
        return;      /* (loops: their conditions' quiet cases are lowering's) */
    }
}

/* Statements kids[first..] of `l`, the first of them reached. */
static void list(const Compiler *c, const Node *l, unsigned first)
{
    bool dead = false, warned = false;
    for (unsigned i = first; i < l->nkids; i++) {
        const Node *s = l->kids[i];
        if (!s) continue;
        if (s->kind == NODE_LABEL) {
            dead = warned = false;
            continue;
        }
        if (!dead) {
            inside(c, s);
            dead = ends(c, s);
            continue;
        }
        if (holds_label(s)) return;
        const Node *at = first_code(s);
        if (at && !warned) {
            diag_warning(&at->loc, "This statement can never be reached");
            warned = true;
        }
    }
}

void check_unreached_omitted(const Compiler *c, const Node *routine)
{
    if (routine && routine->kind == NODE_ROUTINE && routine->nkids > 1 &&
        routine->kids[1])
        list(c, routine->kids[1], 0);
}
