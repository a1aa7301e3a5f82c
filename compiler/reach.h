/* reach.h: which statements of a routine execution reaches, read from its
 * checked syntax tree (before, or instead of, lowering).  One walker for
 * the two passes that need the answer without lowered code:
 * check_unused.c (a name is a use only where execution reaches it) and
 * check_unreached.c ("This statement can never be reached" in a routine
 * $OMIT_UNUSED_ROUTINES leaves out, never lowered).
 *
 *     ReachWalk w = { .c = c, .body = body, .rules = REACH_PLAIN,
 *                     .unreached = warn_at, .ctx = &mine };
 *     reach_routine(&w);
 *
 * The model is inform6's: one state threaded through the routine's
 * statements in source order.  A return, rtrue, rfalse, quit, jump,
 * print_ret or <<...>> stops execution; what follows is never reached
 * until a label execution may come back to: one some jump in the
 * routine goes to, or, under REACH_PLAIN, any label between statements.
 * The first statement of such a run that makes code is told of
 * (`unreached`), and the rest of the run is quiet.  A statement never
 * reached that holds a label some jump goes to is walked as reached;
 * after any statement holding one, execution goes on.  An if/else goes
 * on when either branch does (with no else, always); a switch always
 * goes on.
 *
 * Where the tree cannot say what lowering will (a condition that is a
 * constant, and loops, whose ends depend on theirs), the rules differ:
 * - REACH_FOLD (names used, check_unused.c: over-reach is safe, a
 *   routine kept): a condition folded to a constant decides; the branch
 *   it never takes is not reached (unless it holds a label), a while or
 *   for never entered is not reached, and a loop whose condition always
 *   holds goes on only when it holds a break.
 * - REACH_PLAIN (warnings, check_unreached.c: under-reach is safe, a
 *   warning missed): an if, while or do whose condition holds a
 *   constant (fold_result), and every for, is left alone: not walked,
 *   taken to go on; every loop is taken to go on. */
#ifndef VINFORM_REACH_H
#define VINFORM_REACH_H

#include <stdbool.h>
#include "compiler.h"

typedef enum ReachRules { REACH_FOLD, REACH_PLAIN } ReachRules;

typedef struct ReachWalk {
    const Compiler *c;
    const Node *body;           /* the routine's body (its jumps) */
    ReachRules rules;
    /* Each expression execution reaches, once: conditions, a return's
     * value, a switch's and its cases' values, a for's first and third
     * parts, and every other reached statement whole (an if, loop or
     * switch never whole).  May be NULL. */
    void (*reached)(void *ctx, const Node *n);
    /* A statement never reached, in source order until one returns true
     * (it has told of the run); the run is quiet after that.  May be
     * NULL. */
    bool (*unreached)(void *ctx, const Node *stmt);
    void *ctx;
} ReachWalk;

/* Walks w->body from its start, calling w's hooks. */
void reach_routine(const ReachWalk *w);

/* The symbol a NODE_NAME names (bound by the parser, else looked up by
 * its text), or NULL for a local variable or a name not declared: what
 * both rule sets (and check_unused's uses) read a name as. */
Symbol *reach_name_symbol(const Compiler *c, const Node *n);

#endif
