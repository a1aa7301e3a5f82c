/* lower_points.c: -k's sequence points, where inform6 6.45 begins them,
 * as marks on the routine's IR statements (IrSeqMark, ir.h), once for
 * both back ends.
 *
 * Takes the places lowering hands over as it lowers each statement
 * (lower_stmt.c); gives IrRoutine.marks, which the back ends pass to
 * their assemblers.  inform6's rule (syntax.c, states.c: its
 * sequence_point_follows and statement_debug_location): at the start of
 * each statement a point waits, with the place of the statement's first
 * token; the first instruction assembled after that takes it.  A
 * statement that makes no code leaves it waiting, and the next
 * statement's replaces it; code left out as unreached takes none.
 * Besides each statement's start (a label's aside: the statement after
 * it takes the place):
 *  - the `}` closing a braced block or a switch, and the `]` closing a
 *    routine, make one wait too (so the test of `do { ... } until` takes
 *    the `}`, and the return at a routine's end the `]`);
 *  - a `for` loop's initialisation, condition and update each begin one
 *    at their own first token;
 *  - objectloop's test of each object begins one at the statement's
 *    place again;
 *  - the code the compiler adds between the blocks of a statement takes
 *    none: the jump over an else, a loop's jump back, a switch's case
 *    tests and the jump (or, in an action switch, the return) ending a
 *    clause, objectloop's step to the next object (lower_stmt.c calls
 *    lp_none before each).
 * An `if (c) rtrue;` (or rfalse) is one statement: the return written as
 * its body begins none.  Each directive begins one too, at its first
 * token: a Stub's rfalse takes it, and so does the tracing prologue (-g,
 * -X, `[ R *`) of a routine (its `[`).  Veneer routines and -X's
 * Symb__Tab have none, as inform6's veneer has none. */
#include "lower_int.h"

#include <string.h>
#include <strings.h>

#include "../compiler/options.h"
#include "../compiler/source.h"

void lp_begin(Lower *l)
{
    IrRoutine *r = l->r;
    r->marks = NULL;
    r->nmarks = r->marks_cap = 0;
    l->points = l->c->opts->debug_file && !r->is_veneer &&
                !r->is_symbol_table;
}

/* A mark before the next statement kept: one already there is replaced
 * (nothing between them could take it). */
static void mark(Lower *l, SrcLoc loc)
{
    IrRoutine *r = l->r;
    if (r->nmarks && r->marks[r->nmarks - 1].at == r->ncode) {
        r->marks[r->nmarks - 1].loc = loc;
        return;
    }
    if (r->nmarks == r->marks_cap) {
        int cap = r->marks_cap ? r->marks_cap * 2 : 32;
        IrSeqMark *m = scratch_alloc(l, (size_t)cap * sizeof *m);
        if (r->nmarks) memcpy(m, r->marks, (size_t)r->nmarks * sizeof *m);
        r->marks = m;
        r->marks_cap = cap;
    }
    r->marks[r->nmarks++] = (IrSeqMark){ r->ncode, loc };
}

void lp_at(Lower *l, SrcLoc loc)
{
    if (l->points && loc.line) mark(l, loc);
}

void lp_none(Lower *l)
{
    if (l->points) mark(l, (SrcLoc){ 0 });
}

void lp_end(Lower *l, const Node *n)
{
    if (l->points) lp_at(l, ast_end(n));
}

/* The earliest place in the tree, in `file`, at or before `best`. */
static SrcLoc earliest(const Node *n, uint32_t file, SrcLoc best)
{
    if (!n) return best;
    SrcLoc at = n->loc;
    if (at.file == file && at.line &&
        (at.line < best.line || (at.line == best.line && at.col < best.col)))
        best = at;
    for (unsigned i = 0; i < n->nkids; i++)
        best = earliest(n->kids[i], file, best);
    return best;
}

/* Where the parser noted the part begins; else, as every node of an
 * expression stands at one of its tokens (an operator at the operator),
 * the earliest place in it: its first token, but for an opening
 * parenthesis, which no node keeps. */
void lp_at_for_part(Lower *l, const Node *loop, int part)
{
    const Node *expr = loop->kids[part];
    if (!l->points || !expr) return;
    SrcLoc at = ast_for_start(loop, part);
    lp_at(l, at.line ? at : earliest(expr, expr->loc.file, expr->loc));
}

/* The place of the token before `name` on its line, when it is `word`
 * (a directive's keyword, "" for none) preceded by `mark` (0 for none;
 * '#' may come before a keyword): only spaces and tabs between. */
static SrcLoc token_before(Lower *l, SrcLoc name, const char *word, char mark)
{
    int len;
    const char *t = src_line(l->c->sources, name.file, name.line, &len);
    if (!t) return (SrcLoc){ 0 };
    int at = 0;         /* byte of the name: past col - 1 characters */
    for (uint32_t ch = 1; ch < name.col && at < len; ch++)
        for (at++; at < len && ((unsigned char)t[at] & 0xC0) == 0x80; at++) {}
    while (at > 0 && (t[at - 1] == ' ' || t[at - 1] == '\t')) at--;
    size_t n = strlen(word);
    if ((size_t)at < n || strncasecmp(t + at - n, word, n)) return (SrcLoc){ 0 };
    at -= (int)n;
    if (mark == '#' && at > 0 && t[at - 1] == '#') at--;
    else if (mark && mark != '#' && !(at > 0 && t[--at] == mark))
        return (SrcLoc){ 0 };
    SrcLoc loc = name;
    loc.col = 1;
    for (int i = 0; i < at; i++)
        if (((unsigned char)t[i] & 0xC0) != 0x80) loc.col++;
    return loc;
}

void lp_directive(Lower *l, const Node *d)
{
    if (!l->points) return;
    if (d->kind == NODE_STUB) lp_at(l, token_before(l, d->loc, "Stub", '#'));
    else if (d->kind == NODE_ROUTINE) lp_at(l, token_before(l, d->loc, "", '['));
}
