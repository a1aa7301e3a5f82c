/* regex_compile.c: which calls of the regex library get a compiled
 * pattern, and the call rewritten to pass it (see regex_compile.h).
 *
 * `Regex_Matches(t, "a.*l")` becomes `Regex_Matches(t, 0, 0, Regex__C1)`:
 * the library's routines take the compiled pattern as a last argument
 * and, given one, run it instead of reading the pattern (stdlib/regex.h,
 * Regex__Ready).  The routine's source is handed to compiler/bundled.c,
 * which compiles it only if lowering reaches the call.  One routine
 * serves every call with the same pattern, case switch and kind of
 * match (exact or not). */
#include "regex_compile.h"

#include <string.h>
#include <strings.h>

#include "bundled.h"
#include "fold.h"
#include "regex_check.h"
#include "text.h"

/* A pattern compiled already. */
typedef struct RxDone {
    const uint32_t *p;
    int n;
    bool ci, exact;
    const char *name;
} RxDone;

typedef struct RxCompiled {
    RxDone *done;
    int ndone, capdone;
} RxCompiled;

/* The library's routines that take a pattern: their argument for the
 * pattern (kids[2] for all), for the case switch, how many they take,
 * and whether the whole text must match. */
typedef struct RxRoutine {
    const char *name;
    int ci_kid, params;
    bool exact;
} RxRoutine;

static const RxRoutine routines[] = {
    { "Regex_Matches", 3, 3, false },
    { "Regex_ExactlyMatches", 3, 3, true },
    { "Regex_Count", 3, 3, false },
    { "Regex_Replace", 4, 4, false },
};

/* A constant of the library's (Regex_PROG_SIZE ...), or -1. */
static int constant(Compiler *c, const char *name)
{
    const Symbol *s = sym_lookup(c->symbols, name);
    if (!s || s->kind != SYM_CONSTANT || !(s->flags & SYMF_VALUE_KNOWN))
        return -1;
    return s->value < 0 || s->value > 1000000 ? -1 : (int)s->value;
}

/* The pattern's characters, when every one is printable ASCII (the
 * characters the story's and the compiler's readings agree on, whatever
 * the machine and its case tables); else NULL. */
static uint32_t *pattern_chars(Compiler *c, const Node *str, int *n)
{
    size_t len = strlen(str->text);
    uint32_t *chars = arena_alloc(&c->arena, (len + 1) * sizeof *chars);
    *n = 0;
    for (size_t at = 0; at < len;) {
        TextUnit u;
        at = text_next(str->text, len, at, TEXT_STRING, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_CHAR || u.value < 32 || u.value > 126) return NULL;
        /* @{5E} and @{7E} print as ^ and ~ do: a line break, a quote. */
        if (u.escaped && !u.raw_code && (u.value == '^' || u.value == '~'))
            return NULL;
        chars[(*n)++] = u.value;
    }
    return chars;
}

/* The routine for the pattern, written the first time it is met; NULL
 * when the story's sizes leave it to the interpreter. */
static const char *routine_for(Compiler *c, const uint32_t *p, int n,
                               bool ci, bool exact)
{
    if (!c->regex_compiled)
        c->regex_compiled = arena_alloc(&c->arena, sizeof *c->regex_compiled);
    RxCompiled *rc = c->regex_compiled;
    for (int i = 0; i < rc->ndone; i++) {
        const RxDone *d = &rc->done[i];
        if (d->n == n && d->ci == ci && d->exact == exact &&
            !memcmp(d->p, p, (size_t)n * sizeof *p))
            return d->name;
    }
    RxLimits lim = { constant(c, "Regex_PROG_SIZE"),
                     constant(c, "Regex_MAX_DEPTH"),
                     constant(c, "Regex_MAX_LOOPS") };
    if (lim.prog_size < 0 || lim.max_depth < 0 || lim.max_loops < 0) return NULL;
    RxProgram prog;
    if (rxprog_build(&c->arena, p, n, ci, exact, lim, &prog)) return NULL;
    const char *name = arena_printf(&c->arena, "Regex__C%d", rc->ndone + 1);
    bundled_add_routine(c, name, rxgen_routine(&c->arena, &prog, name,
                                                 c->target->lim.word_size));
    VEC_PUSH(&c->arena, rc->done, rc->ndone, rc->capdone,
             (RxDone){ p, n, ci, exact, name });
    return name;
}

static const RxRoutine *which(const Symbol *s)
{
    for (size_t i = 0; i < sizeof routines / sizeof *routines; i++)
        if (!strcasecmp(s->name, routines[i].name)) return &routines[i];
    return NULL;
}

/* `Constant Regex_INTERPRET;` (or $#Regex_INTERPRET=1): every pattern
 * left to the interpreter, as inform6 leaves them (to compare the two). */
static bool interpret_all(Compiler *c)
{
    const Symbol *s = sym_lookup(c->symbols, "Regex_INTERPRET");
    return s && s->kind != SYM_UNDEFINED;
}

void rxcomp_call(Compiler *c, const Symbol *s, Node *call)
{
    const RxRoutine *r = which(s);
    if (!r || interpret_all(c)) return;
    int given = (int)call->nkids - 1;
    if (given < 2 || given > r->params || !call->kids[2] ||
        call->kids[2]->kind != NODE_STRING || !rxc_library_routine(c, s) ||
        r->params + 1 > c->target->lim.max_call_args)
        return;
    int64_t ci = 0;
    if (given >= r->ci_kid && (!call->kids[r->ci_kid] ||
                               !fold_const(c, call->kids[r->ci_kid], &ci)))
        return;
    int n;
    const uint32_t *p = pattern_chars(c, call->kids[2], &n);
    if (!p || rxc_check_pattern(p, n, &(int){ 0 })) return;
    const char *name = routine_for(c, p, n, ci != 0, r->exact);
    if (!name) return;
    SrcLoc loc = call->kids[2]->loc;
    call->kids[2] = ast_new_num(&c->arena, NODE_NUMBER, loc, 0);
    while ((int)call->nkids - 1 < r->params)
        ast_add(&c->arena, call, ast_new_num(&c->arena, NODE_NUMBER, loc, 0));
    Node *routine = ast_new_text(&c->arena, NODE_NAME, loc, name);
    ast_name_set_symbol(routine, sym_lookup(c->symbols, name));
    ast_add(&c->arena, call, routine);
}
