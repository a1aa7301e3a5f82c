/* check_slips.c: inform6 6.45's "'=' used as condition: '==' intended?",
 * given as check walks a routine (check_tree calls these for the nodes
 * of its statements, in its one walk: a walk of its own over every
 * expression cost as much as the rest of the check of the expressions).
 *
 * Warns of an assignment where a condition is wanted, where inform6
 * does: the whole condition of an if, while, do-until, for or general
 * objectloop, and each operand of '&&', '||' and '~~' in any expression
 * (parentheses leave no node, so `if ((x = 2))` is one).  Under a
 * comparison, as an argument or inside another assignment a value is
 * wanted, and an assignment there is meant.  The warning points at the
 * '=', but comes where inform6 gives it: after the other warnings of the
 * whole expression the assignment is in (Scope.expr), once it is read;
 * slips of one expression in the order of its nodes. */
#include "check.h"

#include <string.h>

bool check_slips_compound(const Node *n)
{
    switch (n->kind) {
    case NODE_BINOP: case NODE_OR: case NODE_UNARY:
    case NODE_PREINC: case NODE_PREDEC: case NODE_POSTINC: case NODE_POSTDEC:
    case NODE_ASSIGN: case NODE_CALL: case NODE_MESSAGE_CALL:
        return true;
    default:
        return false;
    }
}

static bool compound(const Node *n)
{
    return n && check_slips_compound(n);
}

static bool before(SrcLoc a, SrcLoc b)
{
    return a.line != b.line ? a.line < b.line : a.col < b.col;
}

/* The place of e's last token (the latest of its nodes' places). */
static SrcLoc last_place(const Node *e, SrcLoc last)
{
    if (!e) return last;
    if (before(last, e->loc)) last = e->loc;
    for (int i = 0; i < e->nkids; i++) last = last_place(e->kids[i], last);
    return last;
}

/* The warning for the assignment `a` in the whole expression `whole`:
 * held just after the start of whole's last token, after the warnings
 * of every node of it, before those of what follows. */
static void slip(const Node *whole, const Node *a)
{
    SrcLoc at = last_place(whole, whole->loc);
    at.col++;
    diag_hold_at(&at);
    diag_warning(&a->loc, "'=' used as condition: '==' intended?");
    diag_hold_at(NULL);
}

bool check_slips_conditions(const Node *e)
{
    return (e->kind == NODE_BINOP && e->nkids == 2 && e->text &&
            (!strcmp(e->text, "&&") || !strcmp(e->text, "||"))) ||
           (e->kind == NODE_UNARY && e->text && !strcmp(e->text, "~~"));
}

/* The kid of statement n that is its condition, or NULL. */
static const Node *condition(const Node *n)
{
    int i;
    switch (n->kind) {
    case NODE_IF: case NODE_WHILE:
        i = 0;
        break;
    case NODE_DO: case NODE_FOR:
        i = 1;
        break;
    case NODE_OBJECTLOOP:               /* the general form's condition */
        if (n->text) return NULL;
        i = 1;
        break;
    default:
        return NULL;
    }
    return i < n->nkids ? n->kids[i] : NULL;
}

void check_slips_statement(const Node *n)
{
    const Node *e = condition(n);
    if (e && e->kind == NODE_ASSIGN) slip(e, e);
}

void check_slips_operand(const Scope *sc, const Node *kid)
{
    if (kid && kid->kind == NODE_ASSIGN && sc->expr) slip(sc->expr, kid);
}

/* Each assignment under e where a condition is wanted (cond: e itself is
 * such a place), in the order of e's nodes. */
static void slips(const Node *whole, const Node *e, bool cond)
{
    if (cond && e->kind == NODE_ASSIGN) slip(whole, e);
    bool kids_cond = check_slips_conditions(e);
    for (int i = 0; i < e->nkids; i++)
        if (compound(e->kids[i])) slips(whole, e->kids[i], kids_cond);
}

void check_slips_unwalked(const Scope *sc, const Node *e)
{
    if (sc->expr) slips(sc->expr, e, false);
}
