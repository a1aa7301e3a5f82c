/* lower_reach.c: which statements execution can reach, by inform6 6.45's
 * rules (its execution_never_reaches_here), once for both back ends.
 *
 * Takes each statement lowering emits (emit(), lower.c), the labels it
 * places and the statements it begins and ends (lower_stmt.c); gives
 * whether each is kept.  Code that execution can never reach is left out
 * of the IR, as inform6 leaves it out of the story, with one warning
 * "This statement can never be reached" at the first such statement that
 * would make code; then none until execution is reachable again.
 *
 * The state (Lower.reach, the REACH_ flags of lower_int.h):
 * - after a jump, a return, `quit` or an assembly opcode that stops
 *   (ASMF_STOPS), REACH_NEVER, until a label is placed;
 * - a statement begun where nothing reaches is REACH_ENTIRE throughout:
 *   a label in it that no earlier jump goes to is left out too (under
 *   $STRIP_UNREACHABLE_LABELS=1, the default), and execution stays
 *   unreached, so a later jump back to it is an error;
 * - a "forward" label (the end of an if, a loop's exit) is placed only
 *   when an earlier jump goes to it;
 * - REACH_NOWARN: the warning was given, or inform6's conventions keep
 *   it quiet (after `if (0)`, `if (1) return;`, in `x && 0 && y`).
 * Jumps counted are only the ones kept, as inform6 counts only code it
 * assembles. */
#include <string.h>
#include "lower_int.h"
#include "../compiler/diag.h"

/* How a branch leaves execution: whether it goes on to the next
 * statement, whether it can go to its label, whether it makes code at
 * all, and whether inform6 quietens the warning (an `&&` or `||` whose
 * first operand never lets execution reach the second). */
typedef struct Flow {
    bool falls, jumps, code, quiet;
    bool refs;      /* the selector's code names the label, reached or not
                     * (a constant first operand of && does not stop it
                     * testing the second): the label must then be placed */
} Flow;

/* The flow of a branch to its label when condition c is `sense`, as the
 * selectors make it (codegen/zmachine/select_expr.c: zs_branch): a
 * constant condition is a jump or nothing; `a && b` to the label when
 * false (or `a || b` when true) is two branches; the other way round, a
 * branch over the second test to a label of its own, which inform6
 * always places. */
static Flow flow(const IrNode *c, bool sense)
{
    if (c->kind == IR_LNOT) return flow(c->kids[0], !sense);
    if (c->kind == IR_LAND || c->kind == IR_LOR) {
        bool either = (c->kind == IR_LAND) != sense;
        Flow a = flow(c->kids[0], either ? sense : !sense);
        Flow b = flow(c->kids[1], sense);
        bool refs = either ? a.refs || b.refs : b.refs;
        if (!a.falls) {
            if (!either) a = (Flow){ .falls = true, .code = a.code };
            a.quiet = true;
            a.refs = refs;
            return a;
        }
        if (either)
            return (Flow){ b.falls, a.jumps || b.jumps, a.code || b.code,
                           b.quiet, refs };
        return (Flow){ true, b.jumps, a.code || b.code, false, refs };
    }
    if (c->kind == IR_NONZERO) c = c->kids[0];
    if (c->kind == IR_CONST && c->value.ref == IRR_NONE) {
        bool jumps = (c->value.num != 0) == sense;
        return (Flow){ .falls = !jumps, .jumps = jumps, .code = jumps,
                       .refs = jumps };
    }
    return (Flow){ true, true, true, false, true };
}

/* The label a kept statement may go to (or names in its code), or -1;
 * `f`: a branch's flow. */
static int target_of(const IrNode *s, const Flow *f)
{
    switch (s->kind) {
    case IR_JUMP: case IR_SAVE: case IR_RESTORE: return s->num;
    case IR_BRANCH: return f->refs ? s->num : -1;
    case IR_ASM: return s->num >= 0 ? s->num : -1;
    default: return -1;
    }
}

/* Whether execution never goes on after a kept statement (`f`: a
 * branch's flow). */
static bool stops(const IrNode *s, const Flow *f)
{
    switch (s->kind) {
    case IR_JUMP: case IR_RETURN: case IR_PRINT_RET_TEXT: case IR_QUIT:
        return true;
    case IR_BRANCH: return !f->falls;
    case IR_ASM: return (s->asm_node->num & ASMF_STOPS) != 0;
    default: return false;
    }
}

/* Whether the statement would make any code (a lone value evaluated for
 * nothing, or a test of a constant that never branches, makes none), or
 * an instruction at least: inform6 drops the bytes of `@ -> ...` and
 * `@ --> ...` where nothing reaches them without a word. */
static bool makes_code(const IrNode *s)
{
    if (s->kind == IR_EVAL) return !lchk_is_leaf(s->kids[0]);
    if (s->kind == IR_ASM) {
        int form = (int)(s->asm_node->num & ASMF_FORM);
        return form != ASMF_BYTES && form != ASMF_WORDS;
    }
    if (s->kind == IR_BRANCH) return flow(s->kids[0], s->num2 != 0).code;
    return true;
}

static void grow(Lower *l, int label)
{
    if (label < l->reach_cap) return;
    int cap = l->reach_cap ? l->reach_cap : 32;
    while (cap <= label) cap *= 2;
    int32_t *uses = scratch_alloc(l, (size_t)cap * sizeof *uses);
    bool *gone = scratch_alloc(l, (size_t)cap * sizeof *gone);
    if (l->reach_cap) {
        memcpy(uses, l->label_uses, (size_t)l->reach_cap * sizeof *uses);
        memcpy(gone, l->label_gone, (size_t)l->reach_cap * sizeof *gone);
    }
    l->label_uses = uses;
    l->label_gone = gone;
    l->reach_cap = cap;
}

/* The source's name of a label, for a message. */
static const char *label_name(const Lower *l, int label)
{
    for (int i = 0; i < l->nlabs; i++)
        if (l->lab_ids[i] == label) return l->lab_names[i];
    return "(anon)";
}

void lr_begin_routine(Lower *l)
{
    l->reach = 0;
    l->stmt_loc = l->r->loc;
    l->reach_cap = 0;
    l->label_uses = NULL;
    l->label_gone = NULL;
}

bool lr_statement(Lower *l, const IrNode *s)
{
    if (l->reach) {
        if (!(l->reach & REACH_NOWARN) && makes_code(s)) {
            if (!l->r->is_veneer)
                diag_warning(&l->stmt_loc, "This statement can never be "
                             "reached");
            l->reach |= REACH_NOWARN;
        }
        return false;
    }
    bool keep = true;
    /* (a branch's flow worked out once for all three questions) */
    Flow f = { 0 };
    if (s->kind == IR_BRANCH) f = flow(s->kids[0], s->num2 != 0);
    int t = target_of(s, &f);
    if (t >= 0) {
        grow(l, t);
        if (l->label_gone[t]) {
            diag_error(&l->stmt_loc, "Attempt to jump to an unreachable "
                       "label \"%s\": the code around it can never run, so "
                       "it was left out (set $STRIP_UNREACHABLE_LABELS=0 to "
                       "keep such labels)", label_name(l, t));
            keep = false;   /* (no story is written) */
        }
        l->label_uses[t]++;
    }
    if (stops(s, &f)) {
        l->reach = REACH_NEVER;
        if (s->kind == IR_BRANCH && f.quiet)
            l->reach |= REACH_NOWARN;
    } else {
        l->reach = 0;
    }
    return keep;
}

bool lr_label(Lower *l, int label, bool forward)
{
    grow(l, label);
    bool used = l->label_uses[label] > 0;
    if (!used && (forward || ((l->reach & REACH_ENTIRE) && l->strip_labels))) {
        l->label_gone[label] = true;
        return false;
    }
    l->reach = 0;
    return true;
}

int lr_enter(Lower *l)
{
    int saved = l->reach & REACH_ENTIRE;
    if (l->reach) l->reach |= REACH_ENTIRE;
    return saved;
}

void lr_leave(Lower *l, int saved)
{
    l->reach = (l->reach & ~REACH_ENTIRE) | saved;
}
