/* check_unused.c: which of the program's routines nothing reaches, by
 * inform6 6.45's rule for $OMIT_UNUSED_ROUTINES and $WARN_UNUSED_ROUTINES;
 * what each directive names is read as soon as check is done with it,
 * the answer is the last step of check.
 *
 * Takes the checked AST (names resolved), the symbols, and from declare
 * the names Ifdef and Ifndef tested and the ROUTINE and Stub directives
 * (declare.h: Declare.ifdefs, Declare.routines).  Gives, under
 * $OMIT_UNUSED_ROUTINES=1, the flag ROUTINE_UNUSED (ast.h) on each
 * ROUTINE directive nothing reaches, which the program builder reads
 * (codegen/program.h: such a routine is numbered but never lowered nor
 * written, for every target); under $WARN_UNUSED_ROUTINES alone, a
 * warning for each such routine (in the game's own files; =2 also in
 * library files; with the omission the driver warns, main.c).
 *
 * inform6's rule: a routine is used when it is Main, an action's routine
 * (NameSub, for every action the program names anywhere), or named
 * outside any routine (property values, arrays, globals, constants,
 * grammar, an Ifdef between directives), or named by a routine that is
 * used, where execution reaches (see "code execution never reaches"
 * below); an embedded routine (`[; ... ]` as a value) is always used, so
 * what it names is used.  The name being defined (`[ Name`, Stub,
 * Replace) is no use of it; a Stub that makes its routine (the name
 * was not defined before it) is a routine here like any other.  inform6 also keeps a program's routine
 * that stands in for a veneer routine (DefArt, PrintShortName ...) when
 * the compiled code calls that veneer routine; which the code calls is
 * known only once it is lowered, so such a routine (and what only it
 * names) is left out here unless used otherwise, and kept when lowered
 * code calls it (codegen/ir.h: ir_keep_named); $WARN_UNUSED_ROUTINES
 * alone gives no warning for them, and their undefined names are
 * reported.
 *
 * inform6 compiles a routine it leaves out but writes none of its
 * references, so a name used only inside such routines and defined
 * nowhere is no error: with $OMIT_UNUSED_ROUTINES=1, check_name hands
 * each undefined name it meets in a routine here (check_unused_defer),
 * and check_unused reports those in routines that stay. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "declare.h"
#include "diag.h"
#include "reach.h"

typedef struct Deferred {
    const Node *name;
    int directive;              /* its routine's index in c->program */
} Deferred;

/* A routine directive of the program and the routines it names. */
typedef struct Rt {
    const Node *node;
    int *names;                 /* indexes in Reach.rt */
    int nnames, names_cap;
    bool used;
    bool veneer;                /* may be called by the veneer: reached
                                 * from a routine named like one */
    bool routine;               /* a ROUTINE directive (not a Stub) */
    bool veneer_name;           /* named like a veneer routine */
} Rt;

typedef struct ByNode {
    const Node *node;
    int index;
} ByNode;

typedef struct Reach {
    Compiler *c;
    Rt *rt;                     /* the ROUTINE directives, source order */
    int nrt, rt_cap;
    ByNode *by_node;            /* the same, sorted by node address */
    int *queue;                 /* used routines whose names are unread */
    int nqueue;
} Reach;

typedef struct CheckUnused CheckUnused;
struct CheckUnused {
    bool omit;                  /* $OMIT_UNUSED_ROUTINES, not only the
                                 * warnings */
    Deferred *deferred;
    int ndeferred, deferred_cap;
    Reach r;
};

static bool omitting(const Compiler *c)
{
    return opt_setting_value(c->opts, "OMIT_UNUSED_ROUTINES") != 0;
}

static void list_routines(Reach *r);

void check_unused_begin(Compiler *c)
{
    c->unused = NULL;
    bool omit = omitting(c);
    if (!omit && !opt_setting_value(c->opts, "WARN_UNUSED_ROUTINES")) return;
    CheckUnused *u = arena_alloc(&c->arena, sizeof *u);
    *u = (CheckUnused){ .omit = omit, .r = { .c = c } };
    list_routines(&u->r);
    c->unused = u;
}

bool check_unused_defer(Compiler *c, const Node *name)
{
    CheckUnused *u = c->unused;
    if (!u || !u->omit || !c->program || c->checking < 0 ||
        c->checking >= (int)c->program->nkids)
        return false;
    const Node *d = c->program->kids[c->checking];
    if (!d || d->kind != NODE_ROUTINE) return false;
    VEC_PUSH(&c->arena, u->deferred, u->ndeferred, u->deferred_cap,
             ((Deferred){ name, c->checking }));
    return true;
}

/* ---- the routines and what they name ---- */

static int by_address(const void *a, const void *b)
{
    const Node *x = ((const ByNode *)a)->node, *y = ((const ByNode *)b)->node;
    return x < y ? -1 : x > y;
}

/* The index of routine directive `n`, or -1. */
static int find(const Reach *r, const Node *n)
{
    int lo = 0, hi = r->nrt;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (r->by_node[mid].node == n) return r->by_node[mid].index;
        if (r->by_node[mid].node < n) lo = mid + 1;
        else hi = mid;
    }
    return -1;
}

/* The routine directive (or the Stub that made the routine) a symbol
 * names, or -1. */
static int routine_of(const Reach *r, const Symbol *s)
{
    if (!s || s->kind != SYM_ROUTINE || !s->decl ||
        (s->decl->kind != NODE_ROUTINE && s->decl->kind != NODE_STUB))
        return -1;
    return find(r, s->decl);
}

static void use(Reach *r, int i)
{
    if (i < 0 || r->rt[i].used) return;
    r->rt[i].used = true;
    r->queue[r->nqueue++] = i;
}

static void use_maybe(Reach *r, int i)
{
    if (i < 0 || r->rt[i].used || r->rt[i].veneer) return;
    r->rt[i].veneer = true;
    r->queue[r->nqueue++] = i;
}

/* Routine `from` (-1: the program outside routines) names `s`. */
static void named(Reach *r, int from, const Symbol *s)
{
    int to = routine_of(r, s);
    if (to < 0) return;
    if (from < 0) {
        use(r, to);
        return;
    }
    Rt *f = &r->rt[from];
    VEC_PUSH(&r->c->arena, f->names, f->nnames, f->names_cap, to);
}

static Symbol *lookup(Reach *r, const char *name)
{
    return name ? sym_lookup(r->c->symbols, name) : NULL;
}

typedef struct Code {
    Reach *r;
    int from;
} Code;

static void code(Reach *r, int from, const Node *body);

/* Every routine name under `n`: NAME nodes, and the grammar tokens that
 * hold a routine's name as their text; in an embedded routine's code,
 * only where execution reaches. */
static void walk(Reach *r, int from, const Node *n)
{
    if (!n) return;
    switch (n->kind) {
    case NODE_NAME:
        named(r, from, reach_name_symbol(r->c, n));
        return;
    case NODE_GT_ATTRIBUTE_OR_ROUTINE: case NODE_GT_NOUN_ROUTINE:
    case NODE_GT_SCOPE:
        named(r, from, lookup(r, n->text));
        return;
    case NODE_EMBEDDED_ROUTINE:
        if (n->nkids > 1) code(r, from, n->kids[1]);
        return;
    default:
        break;
    }
    for (unsigned i = 0; i < n->nkids; i++) walk(r, from, n->kids[i]);
}

/* What `n`, reached in routine `from`'s code, names (a hook of the walk). */
static void reached_names(void *ctx, const Node *n)
{
    const Code *k = ctx;
    walk(k->r, k->from, n);
}

/* A routine's body, as routine `from` (-1: an embedded one).  inform6
 * notes no use of a name in code it knows execution never reaches (its
 * execution_never_reaches_here): what reach.c's REACH_FOLD leaves out.
 * Where it cannot tell, the code is taken as reached (its names then
 * keep their routines). */
static void code(Reach *r, int from, const Node *body)
{
    Code k = { r, from };
    reach_routine(&(ReachWalk){ .c = r->c, .body = body, .rules = REACH_FOLD,
                                .reached = reached_names, .ctx = &k });
}

/* A Stub that made its routine (the name was not defined before it). */
static bool made_stub(Reach *r, const Node *n)
{
    if (n->kind != NODE_STUB || !n->text) return false;
    const Symbol *s = lookup(r, n->text);
    return s && s->decl == n;
}

/* The routine directives and the Stubs that made routines, numbered in
 * source order (from declare's list of the ROUTINE and Stub directives:
 * the program's other directives need not be read). */
static void list_routines(Reach *r)
{
    const Declare *d = r->c->declare;
    for (int i = 0; i < d->nroutines; i++) {
        const Node *n = d->routines[i];
        /* (What the end asks of each is noted now: by then the nodes
         * have long left the cache.) */
        if (n && ((n->kind == NODE_ROUTINE && !(n->num & ROUTINE_SKIPPED)) ||
                  made_stub(r, n)))
            VEC_PUSH(&r->c->arena, r->rt, r->nrt, r->rt_cap,
                     ((Rt){ .node = n, .routine = n->kind == NODE_ROUTINE,
                            .veneer_name = builtins_is_veneer_name(n->text) }));
    }
    r->by_node = arena_alloc(&r->c->arena,
                             ((size_t)r->nrt + 1) * sizeof *r->by_node);
    r->queue = arena_alloc(&r->c->arena,
                           ((size_t)r->nrt + 1) * sizeof *r->queue);
    for (int i = 0; i < r->nrt; i++)
        r->by_node[i] = (ByNode){ r->rt[i].node, i };
    qsort(r->by_node, (size_t)r->nrt, sizeof *r->by_node, by_address);
}

/* What directive i names: a routine's names are its own, any other
 * directive's (embedded routines included) are uses.  Read as soon as
 * check is done with the directive, while its nodes are still in the
 * cache: read at the end, every node of the program came from memory
 * again. */
void check_unused_directive(Compiler *c, int i)
{
    if (!c->unused) return;
    Reach *r = &c->unused->r;
    const Node *n = c->program->kids[i];
    if (!n) return;
    switch (n->kind) {
    case NODE_ROUTINE:
        if (!(n->num & ROUTINE_SKIPPED) && n->nkids > 1)
            code(r, find(r, n), n->kids[1]);
        break;
    case NODE_REPLACE: case NODE_STUB:     /* names defined */
        break;
    default:
        walk(r, -1, n);
        break;
    }
}

/* ---- the roots ---- */

/* NameSub of every action (inform6 looks each up once the program is
 * read, outside any routine). */
static void use_action_routines(Reach *r)
{
    Compiler *c = r->c;
    uint32_t n;
    Symbol *const *actions = sym_actions(c->symbols, &n);
    for (uint32_t i = 0; i < n; i++) {
        const Symbol *s = actions[i];
        if (s->kind != SYM_ACTION) continue;
        size_t len = strlen(s->name) - 3;   /* without __A */
        const char *sub = arena_strcat(&c->arena,
                                       arena_strndup(&c->arena, s->name, len),
                                       "Sub");
        named(r, -1, lookup(r, sub));
    }
}

/* An Ifdef names a routine (or a name a routine later takes) for
 * inform6 as any other use in its place does. */
static void use_ifdef_names(Reach *r)
{
    const Declare *d = r->c->declare;
    for (int i = 0; d && i < d->nifdefs; i++) {
        const Symbol *rs = lookup(r, d->ifdefs[i].routine);
        int from = d->ifdefs[i].routine ? routine_of(r, rs) : -1;
        if (d->ifdefs[i].routine && from < 0) continue;
        named(r, from, lookup(r, d->ifdefs[i].name));
    }
}

static void use_roots(Reach *r)
{
    named(r, -1, lookup(r, "Main"));
    use_action_routines(r);
    use_ifdef_names(r);
}

/* Everything the used routines name, breadth first. */
static void spread(Reach *r)
{
    for (int q = 0; q < r->nqueue; q++) {
        const Rt *f = &r->rt[r->queue[q]];
        for (int k = 0; k < f->nnames; k++) use(r, f->names[k]);
    }
}

/* The routines the veneer may call, and what they name, among those
 * not used otherwise. */
static void spread_veneer(Reach *r)
{
    r->nqueue = 0;
    for (int i = 0; i < r->nrt; i++)
        if (r->rt[i].veneer_name) use_maybe(r, i);
    for (int q = 0; q < r->nqueue; q++) {
        const Rt *f = &r->rt[r->queue[q]];
        for (int k = 0; k < f->nnames; k++) use_maybe(r, f->names[k]);
    }
}

/* ---- the outcome ---- */

/* $WARN_UNUSED_ROUTINES without the omission (with it, the driver warns
 * of the routines still left out once their code is lowered: main.c). */
static void warn_unused(Reach *r, int level)
{
    Compiler *c = r->c;
    for (int i = 0; i < r->nrt; i++) {
        const Node *n = r->rt[i].node;
        if (r->rt[i].used || r->rt[i].veneer) continue;
        if (level < 2 && decl_in_system_file(c, n->loc)) continue;
        diag_warning(&n->loc, "routine '%s' is unused (not omitted): "
                     "nothing the story runs calls it; "
                     "$OMIT_UNUSED_ROUTINES=1 leaves such routines out",
                     n->text);
    }
}

/* The undefined names check_name handed over, in routines that stay or
 * may (the veneer's). */
static void report_deferred(Reach *r)
{
    Compiler *c = r->c;
    CheckUnused *u = c->unused;
    for (int i = 0; u && i < u->ndeferred; i++) {
        int k = find(r, c->program->kids[u->deferred[i].directive]);
        if (k >= 0 && !r->rt[k].used && !r->rt[k].veneer) continue;
        check_report_undefined(c, u->deferred[i].name);
    }
    c->unused = NULL;
}

void check_unused(Compiler *c)
{
    if (!c->unused || !c->program) return;
    int warn = opt_setting_value(c->opts, "WARN_UNUSED_ROUTINES");
    bool omit = c->unused->omit;
    Reach *r = &c->unused->r;
    use_roots(r);
    spread(r);
    spread_veneer(r);
    if (omit)     /* a Stub's routine: lowering leaves it out (value.c) */
        for (int i = 0; i < r->nrt; i++)
            if (!r->rt[i].used && r->rt[i].routine)
                ((Node *)r->rt[i].node)->num |= ROUTINE_UNUSED;
    if (warn && !omit && !c->syntax_errors) warn_unused(r, warn);
    report_deferred(r);
}
