/* check_unreached.c: "This statement can never be reached" in a routine
 * $OMIT_UNUSED_ROUTINES=1 leaves out.  inform6 compiles such a routine
 * before it drops it, so it warns there as anywhere; vinform never lowers
 * it (codegen/lower_reach.c, which gives the warning in code that is
 * lowered, never sees it).
 *
 * Takes the routine's AST once everything else is lowered (main.c, for
 * each routine still left out); gives the warnings, where reach.c's
 * REACH_PLAIN walk finds a run of statements execution never reaches:
 * at the first of them that makes code, once a run.  Where the tree
 * cannot tell as lowering would (a constant condition, a loop, whose
 * quiet cases inform6 keeps), the walk says nothing: a warning missed,
 * never one inform6 does not give. */
#include "check.h"
#include "diag.h"
#include "reach.h"

/* The statement in `s` where its code starts, or NULL when it makes none
 * (an empty block, a lone value, a label). */
static const Node *first_code(const Node *s)
{
    if (!s || s->kind == NODE_LABEL) return NULL;
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

/* The walk's hook: a statement never reached; warned of when it makes
 * code (the rest of its run is then quiet). */
static bool warn_at(void *ctx, const Node *s)
{
    (void)ctx;
    const Node *at = first_code(s);
    if (at) diag_warning(&at->loc, "This statement can never be reached");
    return at != NULL;
}

void check_unreached_omitted(const Compiler *c, const Node *routine)
{
    if (routine && routine->kind == NODE_ROUTINE && routine->nkids > 1 &&
        routine->kids[1])
        reach_routine(&(ReachWalk){ .c = c, .body = routine->kids[1],
                                    .rules = REACH_PLAIN,
                                    .unreached = warn_at });
}
