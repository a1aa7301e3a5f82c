/* check.h: the pieces of the check pass (check.c: names, actions, unused
 * warnings; check_code.c: walking directives, routines and expressions;
 * check_types.c: type warnings). */
#ifndef VINFORM_CHECK_H
#define VINFORM_CHECK_H

#include <stdbool.h>
#include "compiler.h"
#include "locals.h"

/* An error about the symbol (undefined, a loop of constants) given. */
enum { SYMF_REPORTED = 1 << 12 };

#define CHECK_MAX_LABELS 256
#define CHECK_MAX_JUMPS 512

/* The routine being checked. */
typedef struct Scope {
    Locals locals;              /* its local variables: fold reads them */
    bool used[LOCALS_MAX];
    int loops, switches;        /* enclosing loops and switch blocks */
    const Node *labels[CHECK_MAX_LABELS];   /* the routine's .Label names */
    int nlabels;
    const Node *jumps[CHECK_MAX_JUMPS];     /* jumps seen, checked at the end */
    int njumps;
    const Node *typed;          /* the `o.p` of an `o.p++` whose types
                                 * were checked as that (check_types.c) */
    const Node *expr;           /* the whole expression being walked, NULL
                                 * between expressions (check_slips.c) */
} Scope;

/* locals_find on the scope's locals; -1 outside a routine (sc NULL). */
int check_find_local(const Scope *sc, const char *name);
/* The index of the local the NAME `n` is in routine sc, or -1 (also
 * outside a routine): looked up once a name, then read from the node
 * (a local found is recorded there as check_name records it; a name
 * resolved to a symbol is no local). */
int check_local_of(const Scope *sc, const Node *n);
/* The symbol of the NAME `n`, known to be no local (NULL: the name was
 * never seen), looked up once a name and noted in the node. */
Symbol *check_name_symbol(Compiler *c, const Node *n);
void check_name(Compiler *c, Scope *sc, const Node *n);
/* The error for the undefined name `n` (check_name resolved it to its
 * symbol), unless its symbol has had one. */
void check_report_undefined(Compiler *c, const Node *n);
void check_sysconst(Compiler *c, const Node *n);
void check_action_ref(Compiler *c, const Node *n);
void check_routine_body(Compiler *c, const Node *locals, const Node *body);

/* check_types.c: inform6's type warnings on one node of a routine
 * (names of the wrong kind, property names not after an object). */
void check_types(Compiler *c, Scope *sc, const Node *n);

/* check_slips.c: inform6's "'=' used as condition", given in check_tree's
 * walk of a routine.  An expression node has operands: a statement's
 * expression is whole from its first such node (Scope.expr).  At a
 * statement, check_slips_statement (its condition); before walking each
 * operand of an expression that check_slips_conditions says are
 * conditions ('&&', '||', '~~'), check_slips_operand; for an expression
 * the walk does not enter (a constant that overflowed),
 * check_slips_unwalked. */
bool check_slips_compound(const Node *n);
bool check_slips_conditions(const Node *e);
void check_slips_statement(const Node *n);
void check_slips_operand(const Scope *sc, const Node *kid);
void check_slips_unwalked(const Scope *sc, const Node *e);

/* check_unused.c: the routines nothing reaches ($OMIT_UNUSED_ROUTINES,
 * $WARN_UNUSED_ROUTINES).  check_unused_begin before the directives are
 * checked; check_unused_directive once directive i is (it reads what the
 * directive names); check_unused_defer takes an undefined name met in a
 * routine (true: taken, reported later if the routine stays);
 * check_unused once they all are. */
void check_unused_begin(Compiler *c);
void check_unused_directive(Compiler *c, int i);
bool check_unused_defer(Compiler *c, const Node *name);
void check_unused(Compiler *c);

/* check_unreached.c: inform6's "This statement can never be reached" in
 * the ROUTINE directive `routine`, which $OMIT_UNUSED_ROUTINES=1 left out
 * (never lowered): called once it is known to stay out. */
void check_unreached_omitted(const Compiler *c, const Node *routine);

/* check_code.c */
/* Checks directive n; true for a constant whose check waits for the end
 * (check_constant_waits), which check_waiting_constants then takes, in
 * source order, with the others that wait. */
bool check_directive(Compiler *c, const Node *n);
bool check_constant_waits(Compiler *c, const Node *n);
void check_waiting_constants(Compiler *c, const Node *const *waiting, int n);
void check_tree(Compiler *c, Scope *sc, const Node *n);
void check_labels(Compiler *c, Scope *sc);

#endif
