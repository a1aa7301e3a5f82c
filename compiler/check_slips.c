/* check_slips.c: inform6 6.45's "'=' used as condition: '==' intended?",
 * given as check walks a routine (check_slips, called for each node of
 * its statements).
 *
 * Takes a node of a routine that is no expression; looks at each of its
 * expressions and warns of an assignment where a condition is wanted,
 * where inform6 does: the whole condition of an if, while, do-until, for
 * or general objectloop, and each operand of '&&', '||' and '~~' in any
 * expression (parentheses leave no node, so `if ((x = 2))` is one).
 * Under a comparison, as an argument or inside another assignment a
 * value is wanted, and an assignment there is meant.  The warning points
 * at the '=', but comes where inform6 gives it: after the expression's
 * other warnings, once the whole expression is read. */
#include "check.h"

#include <string.h>

/* An expression with operands, where a slip can be. */
static bool compound(const Node *n)
{
    if (!n) return false;
    switch (n->kind) {
    case NODE_BINOP: case NODE_OR: case NODE_UNARY:
    case NODE_PREINC: case NODE_PREDEC: case NODE_POSTINC: case NODE_POSTDEC:
    case NODE_ASSIGN: case NODE_CALL: case NODE_MESSAGE_CALL:
        return true;
    default:
        return false;
    }
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

/* Do e's operands stand where a condition is wanted ('&&', '||', '~~')? */
static bool kids_are_conditions(const Node *e)
{
    return (e->kind == NODE_BINOP && e->nkids == 2 && e->text &&
            (!strcmp(e->text, "&&") || !strcmp(e->text, "||"))) ||
           (e->kind == NODE_UNARY && e->text && !strcmp(e->text, "~~"));
}

/* Warns of each assignment in e that stands where a condition is wanted
 * (cond: e itself is such a place); with warn false, only says whether
 * there is one.  Walks e's compound nodes only. */
static bool slips(const Node *e, bool cond, bool warn)
{
    if (!e) return false;
    bool found = cond && e->kind == NODE_ASSIGN;
    if (found && !warn) return true;
    if (found) diag_warning(&e->loc, "'=' used as condition: '==' intended?");
    bool kids_cond = kids_are_conditions(e);
    for (int i = 0; i < e->nkids; i++)
        if (compound(e->kids[i]) && slips(e->kids[i], kids_cond, warn)) {
            found = true;
            if (!warn) return true;
        }
    return found;
}

/* Is kid i of statement n its condition? */
static bool condition_of(const Node *n, int i)
{
    switch (n->kind) {
    case NODE_IF: case NODE_WHILE:
        return i == 0;
    case NODE_DO: case NODE_FOR:
        return i == 1;
    case NODE_OBJECTLOOP:               /* the general form's condition */
        return i == 1 && !n->text;
    default:
        return false;
    }
}

void check_slips(const Node *n)
{
    if (compound(n)) return;            /* met from its statement */
    for (int i = 0; i < n->nkids; i++) {
        const Node *e = n->kids[i];
        /* Almost never is there a slip: look for one before walking every
         * node of e for the place. */
        if (!compound(e) || !slips(e, condition_of(n, i), false)) continue;
        /* Just after the start of its last token: after the warnings of
         * every node of it, before those of what follows. */
        SrcLoc at = last_place(e, e->loc);
        at.col++;
        diag_hold_at(&at);
        slips(e, condition_of(n, i), true);
        diag_hold_at(NULL);
    }
}
