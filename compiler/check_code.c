/* check_code.c: walks every directive's expressions and every routine's
 * statements for check.c, knowing which children are names in use and
 * which are not (a property being defined, a label, a print rule word). */
#include "check.h"

#include <string.h>
#include <strings.h>

#include "fold.h"
#include "regex_check.h"
#include "regex_compile.h"
#include "text_arrays.h"
#include "text.h"
#include "varying.h"

static void check_string_names(Compiler *c, Scope *sc, const Node *n);

static void check_values(Compiler *c, const Node *n, int from)
{
    for (int i = from; i < n->nkids; i++) check_tree(c, NULL, n->kids[i]);
}

/* A string value with varying text becomes a routine that prints it
 * (varying_property), checked as any other; the other strings were
 * judged there too. */
static void check_prop_values(Compiler *c, const Node *seg)
{
    for (int i = 0; i < seg->nkids; i++) {
        const Node *p = seg->kids[i];
        if (p && p->kind == NODE_PROP_DEF) varying_property(c, (Node *)p);
        for (int j = 0; p && j < p->nkids; j++) {
            const Node *v = p->kids[j];
            if (!v) continue;
            if (v->kind == NODE_EMBEDDED_ROUTINE)
                check_routine_body(c, v->nkids > 0 ? v->kids[0] : NULL,
                                   v->nkids > 1 ? v->kids[1] : NULL);
            else if (v->kind == NODE_STRING)
                check_string_names(c, NULL, v);
            else
                check_tree(c, NULL, v);
        }
    }
}

static void check_object(Compiler *c, const Node *n)
{
    if (n->kind == NODE_CLASS && n->nkids && n->kids[0])
        check_tree(c, NULL, n->kids[0]);
    if (n->kind == NODE_OBJECT && n->nkids > 1 && n->kids[1])
        varying_value(c, n->kids[1], true);
    /* A parent named by a NAME was checked by declare, in source order. */
    if (n->nkids > 2 && n->kids[2] && n->kids[2]->kind != NODE_NAME)
        check_tree(c, NULL, n->kids[2]);
    for (int i = 3; i < n->nkids; i++) {
        const Node *seg = n->kids[i];
        if (seg && (seg->kind == NODE_WITH || seg->kind == NODE_PRIVATE))
            check_prop_values(c, seg);
    }
}

/* A grammar token naming an attribute (an object filter) or a routine. */
static void check_grammar_name(Compiler *c, const Node *t, bool routine_only)
{
    Symbol *s = sym_lookup(c->symbols, t->text);
    if (s && (s->kind == SYM_ROUTINE ||
              (!routine_only && s->kind == SYM_ATTRIBUTE))) {
        s->flags |= SYMF_USED;
        return;
    }
    diag_error(&t->loc, routine_only
               ? "'%s' is not a routine, so it cannot be used here"
               : "'%s' is neither an attribute nor a routine, so it cannot "
                 "be a grammar token", t->text);
}

static void check_grammar(Compiler *c, const Node *n)
{
    for (int i = 1; i < n->nkids; i++) {
        const Node *line = n->kids[i];
        if (!line || line->kind != NODE_GRAMMAR_LINE) continue;
        for (int j = 0; j < line->nkids; j++) {
            const Node *t = line->kids[j];
            if (!t) continue;
            if (t->kind == NODE_GT_ATTRIBUTE_OR_ROUTINE)
                check_grammar_name(c, t, false);
            else if (t->kind == NODE_GT_NOUN_ROUTINE || t->kind == NODE_GT_SCOPE)
                check_grammar_name(c, t, true);
        }
    }
}

/* A byte can hold no routine address. */
static void check_byte_array(Compiler *c, const Node *n)
{
    int kind = (int)(n->num & ARRAY_KIND_MASK);
    const Node *init = n->nkids ? n->kids[0] : NULL;
    if ((kind != ARRAY_BYTE && kind != ARRAY_STRING) || !init) return;
    for (int i = 0; i < init->nkids; i++)
        if (init->kids[i] && init->kids[i]->kind == NODE_EMBEDDED_ROUTINE)
            diag_error(&init->kids[i]->loc, "a byte array ('%s') cannot hold "
                       "a routine; use a word array ('-->' or 'table')",
                       kind == ARRAY_BYTE ? "->" : "string");
}

/* Values declare required to be constants and the story's tables read
 * (Dictionary's flags, Zcharacter's characters): folded here too, so that
 * their values are recorded (ast_folded); their names need nothing more. */
static void fold_values(Compiler *c, const Node *n, int from)
{
    for (int i = from; i < n->nkids; i++) {
        const Node *k = n->kids[i];
        int64_t v;
        if (k && (k->kind == NODE_BINOP || k->kind == NODE_UNARY))
            fold_check(c, NULL, k, &v);
    }
}

/* Where a constant's value leads through bare names (Constant A = B;
 * Constant B = male;): the name defined nowhere it ends at, or NULL;
 * *loop set when the chain comes back to `n` itself. */
static const Node *follow_names(Compiler *c, const Node *n, bool *loop)
{
    const Node *from = n;
    *loop = false;
    for (int depth = 0; depth < 256; depth++) {
        const Node *v = n->nkids ? n->kids[0] : NULL;
        if (!v || v->kind != NODE_NAME) return NULL;
        Symbol *s = sym_lookup(c->symbols, v->text);
        if (!s || s->kind == SYM_UNDEFINED) return v;
        if (s->kind != SYM_CONSTANT || !s->decl ||
            s->decl->kind != NODE_CONSTANT)
            return NULL;
        n = s->decl;
        if (n == from) {
            *loop = true;
            return NULL;
        }
    }
    return NULL;                /* into a loop of other constants */
}

/* Constant A = B; Constant B = A; has no value (inform6 6.45 takes
 * one silently): an error at the first of them checked (n, whose names
 * follow_names found to come back to it). */
static void constant_loop(Compiler *c, const Node *n)
{
    Symbol *first = sym_lookup(c->symbols, n->kids[0]->text);
    if (first->flags & SYMF_REPORTED) return;
    for (const Node *d = n;;) {
        Symbol *s = sym_lookup(c->symbols, d->kids[0]->text);
        s->flags |= SYMF_REPORTED | SYMF_USED;
        if ((d = s->decl) == n) break;
    }
    diag_error(&n->kids[0]->loc, "the constant '%s' is defined by a loop of "
               "names that comes back to it ('%s' leads to '%s'); give one "
               "of them a value", n->text, n->kids[0]->text, n->text);
}

/* inform6 6.45 looks up the name a constant is set to (Constant A =
 * male;) only when A's value goes into the story: with 'male' defined
 * nowhere, A is an error if used (in code, in data, or through a
 * constant that is), and only a constant never used otherwise, as
 * English.h's LanguageAnimateGender is without the library's 'male'.
 * Such a constant is checked at the end (check_waiting_constants). */
bool check_constant_waits(Compiler *c, const Node *n)
{
    bool loop;
    const Node *end = follow_names(c, n, &loop);     /* once a constant */
    if (loop) constant_loop(c, n);
    return loop || end;
}

void check_waiting_constants(Compiler *c, const Node *const *waiting, int n)
{
    /* Checking the other directives can only define names (a regex
     * library's routine), never undefine one: so a constant whose names
     * led nowhere undefined when it was checked still does, and only the
     * ones that waited need looking at again. */
    for (int i = 0; i < n; i++) {
        const Node *k = waiting[i];
        if (!k->text) continue;
        Symbol *s = sym_lookup(c->symbols, k->text);
        bool loop;
        const Node *name = follow_names(c, k, &loop);
        if (name && s && s->decl == k && (s->flags & SYMF_USED))
            check_name(c, NULL, name);
    }
    /* The constants named on the way are used (no warning), though their
     * use alone puts nothing in the story. */
    for (int i = 0; i < n; i++) {
        const Node *k = waiting[i];
        bool loop;
        if (!follow_names(c, k, &loop)) continue;
        Symbol *s = sym_lookup(c->symbols, k->kids[0]->text);
        if (s && s->kind == SYM_CONSTANT) s->flags |= SYMF_USED;
    }
}

bool check_directive(Compiler *c, const Node *n)
{
    if (!n) return false;
    switch (n->kind) {
    case NODE_ROUTINE:
        if (n->num & ROUTINE_SKIPPED) return false;
        check_routine_body(c, n->nkids > 0 ? n->kids[0] : NULL,
                           n->nkids > 1 ? n->kids[1] : NULL);
        return false;
    case NODE_OBJECT:
    case NODE_CLASS:
        check_object(c, n);
        return false;
    case NODE_ARRAY:
        check_byte_array(c, n);
        check_values(c, n, 0);
        return false;
    case NODE_CONSTANT:
        if (check_constant_waits(c, n)) return true;
        check_values(c, n, 0);
        return false;
    case NODE_DEFAULT:
    case NODE_GLOBAL:
    case NODE_RELEASE:
    case NODE_VERSION:
        check_values(c, n, 0);
        return false;
    case NODE_PROPERTY:
        if (n->nkids && n->kids[0]) check_tree(c, NULL, n->kids[0]);
        return false;
    case NODE_LOWSTRING:
        if (n->nkids && n->kids[0]) varying_value(c, n->kids[0], false);
        return false;
    case NODE_VERB:
    case NODE_EXTEND:
        check_grammar(c, n);
        return false;
    case NODE_DICTIONARY:
        fold_values(c, n, 1);
        return false;
    case NODE_ZCHARACTER:
        fold_values(c, n, 0);
        return false;
    default:
        return false;
    }
}

/* `@(NAME)` must name a constant whose value is known where the string
 * is (inform6 compiles the string there): not a routine, an object, a
 * variable, nor a constant defined further down the same file. */
static void check_string_constant(Compiler *c, const Node *name)
{
    Symbol *s = sym_lookup(c->symbols, name->text);
    if (!s || s->kind == SYM_UNDEFINED) return;
    bool later = s->loc.file == name->loc.file &&
        (s->loc.line > name->loc.line ||
         (s->loc.line == name->loc.line && s->loc.col > name->loc.col));
    if (s->kind == SYM_CONSTANT && !later) return;
    diag_error(&name->loc, "'@(...)' abbreviation expected a known constant "
               "value, but contained '%s', %s; use a number, or a "
               "constant defined above", name->text,
               s->kind == SYM_CONSTANT ? "a constant defined further down"
                                       : "which is not a constant");
}

/* `@(NAME)` in a string names a constant: a use. */
static void check_string_names(Compiler *c, Scope *sc, const Node *n)
{
    if (!strchr(n->text, '@')) return;      /* no escapes at all */
    size_t len = strlen(n->text);
    for (size_t pos = 0; pos < len;) {
        TextUnit u;
        pos = text_next(n->text, len, pos, TEXT_STRING, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_DYNAMIC_NAME) continue;
        Node name = *n;
        name.kind = NODE_NAME;
        name.text = arena_strndup(&c->arena, u.name, u.name_len);
        name.loc = text_loc(n->text, u.start, n->loc);
        name.nkids = 0;
        name.name_ref = 0;              /* resolved by nobody yet */
        check_name(c, sc, &name);
        check_string_constant(c, &name);
    }
}

/* A print statement: its strings are printed, so they may vary (read as
 * one sequence by varying_print); its other items are expressions. */
static void check_print(Compiler *c, Scope *sc, const Node *n)
{
    varying_print(c, n);
    for (int i = 0; i < n->nkids; i++) {
        const Node *it = n->kids[i];
        if (it && it->kind == NODE_STRING) check_string_names(c, sc, it);
        else check_tree(c, sc, it);
    }
}

/* #g$name: the global's index. */
static void check_global_index(Compiler *c, const Node *n)
{
    Symbol *s = sym_lookup(c->symbols, n->text);
    if (s) s->flags |= SYMF_USED;
    if (!s || s->kind != SYM_GLOBAL)
        diag_error(&n->loc, "'#g$%s' needs the name of a global variable",
                   n->text);
}

/* == ~= < > <= >= && ||: the operators whose folding makes a constant
 * test. */
static bool cond_op(const char *op)
{
    static const char *const ops[] = {
        "==", "~=", "<", ">", "<=", ">=", "&&", "||",
    };
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (!strcmp(op, ops[i])) return true;
    return false;
}

/* Whether the name `n` (a NODE_NAME) is defined before the directive
 * being checked. */
static bool name_before(Compiler *c, const Node *n)
{
    Symbol *s = ast_name_symbol(n);
    if (!s && !ast_name_byname(n, &s))
        s = sym_lookup(c->symbols, n->text);
    return s && s->defined_in <= c->checking;
}

/* Whether every name in `n` is defined before the directive being
 * checked. */
static bool names_before(Compiler *c, const Node *n)
{
    if (!n) return true;
    if (n->kind == NODE_NAME) return name_before(c, n);
    for (unsigned i = 0; i < n->nkids; i++)
        if (!names_before(c, n->kids[i])) return false;
    return true;
}

/* `x == a` or `x ~= a` not folded: notes (ast_set_alt_before) that a's
 * names are all defined before the directive. */
static void note_alt_before(Compiler *c, const Node *n)
{
    if ((strcmp(n->text, "==") && strcmp(n->text, "~=")) || n->nkids != 2 ||
        !n->kids[1] || n->kids[1]->kind == NODE_OR)
        return;
    if (names_before(c, n->kids[1])) ast_set_alt_before((Node *)n);
}

/* Notes (ast_set_cond_const) each comparison and `&&`/`||` in the
 * folded expression `n` whose names are all defined before the directive
 * being checked: the tests inform6 folds (fold.h).  Whether all the
 * names in `n` are. */
static bool note_cond_const(Compiler *c, const Node *n)
{
    if (!n) return true;
    if (n->kind == NODE_NAME) return name_before(c, n);
    bool before = true;
    for (unsigned i = 0; i < n->nkids; i++)
        before = note_cond_const(c, n->kids[i]) && before;
    if (before && n->kind == NODE_BINOP && cond_op(n->text))
        ast_set_cond_const((Node *)n);
    return before;
}

/* `x >= a or b` is compiled as ~~(x < a or x < b), so it means x >= a
 * and x >= b; inform6 (6.36+) warns, and so do we. */
static void warn_negated_or(const Node *n)
{
    if (n->nkids != 2 || !n->kids[1] || n->kids[1]->kind != NODE_OR) return;
    bool ge = !strcmp(n->text, ">=");
    if (!ge && strcmp(n->text, "<=")) return;
    diag_warning(&n->loc, "'%s' with 'or' may not do what it seems: 'x %s a "
                 "or b' is true only when x %s every one of them; write the "
                 "comparisons out with '||' or '&&'", n->text, n->text,
                 ge ? "is at least" : "is at most");
}

/* Children that are not uses of names. */
static bool is_leaf(const Node *n)
{
    switch (n->kind) {
    case NODE_DICT_WORD:
    case NODE_CHAR_LIT:
    case NODE_NUMBER:
    case NODE_ASM_SP:
        return true;
    default:
        return false;
    }
}

/* A variable: a local of this routine or a global. */
static bool is_variable(Compiler *c, Scope *sc, const Node *n)
{
    if (n->kind == NODE_ASM_SP) return true;
    if (n->kind != NODE_NAME) return false;
    if (check_local_of(sc, n) >= 0) return true;
    Symbol *s = check_name_symbol(c, n);
    return !s || s->kind == SYM_GLOBAL || s->kind == SYM_UNDEFINED;
}

static bool is_assignable(Compiler *c, Scope *sc, const Node *n)
{
    if (!n) return false;
    if (n->kind == NODE_BINOP && n->text)
        return !strcmp(n->text, "->") || !strcmp(n->text, "-->") ||
               !strcmp(n->text, ".") || !strcmp(n->text, "..");
    return is_variable(c, sc, n);
}

static void check_target(Compiler *c, Scope *sc, const Node *t, const char *op)
{
    if (!t || is_assignable(c, sc, t)) return;
    if (t->kind == NODE_NAME) {
        Symbol *s = sym_lookup(c->symbols, t->text);
        diag_error(&t->loc, "'%s' is a %s, not a variable, so '%s' cannot "
                   "change it", t->text, s ? sym_kind_name(s->kind) : "name",
                   op);
    } else {
        diag_error(&t->loc, "'%s' needs a variable, an array entry (a-->i, "
                   "a->i) or a property (o.p) on its left", op);
    }
}

/* An expression statement must do something (inform6's "Expected
 * expression with side-effects"). */
static bool has_effect(const Node *e)
{
    if (!e) return true;
    switch (e->kind) {
    case NODE_ASSIGN: case NODE_CALL: case NODE_MESSAGE_CALL:
    case NODE_PREINC: case NODE_PREDEC: case NODE_POSTINC: case NODE_POSTDEC:
    case NODE_ERROR:
        return true;
    case NODE_BINOP:
        if (e->text && !strcmp(e->text, ","))
            return has_effect(e->kids[0]) && has_effect(e->kids[1]);
        return false;
    default:
        return false;
    }
}

/* Case values must be constants: no variables, calls or assignments. */
static const Node *variable_in(Compiler *c, Scope *sc, const Node *n)
{
    if (!n) return NULL;
    if (n->kind == NODE_NAME) {
        if (!is_variable(c, sc, n)) return NULL;
        if (check_local_of(sc, n) >= 0) return n;
        const Symbol *s = check_name_symbol(c, n);
        return s && s->kind == SYM_GLOBAL ? n : NULL;
    }
    for (int i = 0; i < n->nkids; i++) {
        const Node *v = variable_in(c, sc, n->kids[i]);
        if (v) return v;
    }
    return NULL;
}

/* A call in a case value: its node, or NULL. */
static const Node *call_in(const Node *n)
{
    if (!n) return NULL;
    if (n->kind == NODE_CALL || n->kind == NODE_MESSAGE_CALL) return n;
    for (int i = 0; i < n->nkids; i++) {
        const Node *v = call_in(n->kids[i]);
        if (v) return v;
    }
    return NULL;
}

/* inform6 keeps the values of one case on a stack of 32 entries (a range
 * takes two) and refuses more; so does vinform, with its words. */
#define MAX_CASE_ENTRIES 32

static void check_case_values(Compiler *c, Scope *sc, const Node *values)
{
    int entries = 0;
    for (int i = 0; values && i < values->nkids; i++) {
        const Node *k = values->kids[i];
        entries += k && k->kind == NODE_CASE_RANGE ? 2 : 1;
        if (entries > MAX_CASE_ENTRIES) {
            diag_error(&k->loc, "At most %d values can be given in a single "
                       "'switch' case: split this case in two (a range "
                       "counts as two values)", MAX_CASE_ENTRIES);
            return;
        }
        const Node *v = variable_in(c, sc, k);
        if (v)
            diag_error(&v->loc, "a switch case must be a constant; '%s' is "
                       "a %s", v->text, check_local_of(sc, v) >= 0
                       ? "local variable" : "global variable");
        else if ((v = call_in(k)))
            diag_error(&v->loc, "a switch case must be a constant, not a "
                       "call");
    }
}

static void check_string_stmt(Compiler *c, const Node *n)
{
    int64_t v;
    if (!n->nkids || !n->kids[0] || !fold_const(c, n->kids[0], &v)) return;
    int32_t max = opt_setting_value(c->opts, "MAX_DYNAMIC_STRINGS");
    if (max == 0)
        diag_error(&n->kids[0]->loc, "Dynamic strings may not be used, "
                   "because $MAX_DYNAMIC_STRINGS has been set to 0 (raise "
                   "it)");
    else if (v < 0 || v >= max)
        diag_error(&n->kids[0]->loc, "Only dynamic strings @(00) to @(%02d) "
                   "may be used: string %lld does not exist "
                   "($MAX_DYNAMIC_STRINGS is %d; raise it for more)",
                   max - 1, (long long)v, max);
}

/* `tbl-->i++;` reads an entry and throws it away: ++ binds to i.  Say so,
 * since the writer almost certainly meant (tbl-->i)++. */
static void report_no_effect(const Node *stmt)
{
    const Node *e = stmt->kids[0];
    const Node *r = e && e->kind == NODE_BINOP && e->nkids == 2 ? e->kids[1] : NULL;
    bool array = r && (!strcmp(e->text, "-->") || !strcmp(e->text, "->"));
    bool inc = r && (r->kind == NODE_POSTINC || r->kind == NODE_POSTDEC);
    const Node *a = array ? e->kids[0] : NULL, *i = inc && r->nkids ? r->kids[0] : NULL;
    if (a && i && a->kind == NODE_NAME && i->kind == NODE_NAME) {
        const char *op = r->kind == NODE_POSTINC ? "++" : "--";
        diag_error(&stmt->loc, "this statement has no effect: the value read "
                   "by '%s' is thrown away ('%s%s%s%s' means '%s%s(%s%s)'; to "
                   "%s the entry write '(%s%s%s)%s')", e->text, a->text,
                   e->text, i->text, op, a->text, e->text, i->text, op,
                   op[0] == '+' ? "increment" : "decrement", a->text, e->text,
                   i->text, op);
        return;
    }
    diag_error(&stmt->loc, "this statement has no effect: an expression "
               "statement must assign, call or increment something");
}

static void check_switch(Compiler *c, Scope *sc, const Node *n, int first)
{
    for (int i = first; i < n->nkids; i++) {
        const Node *k = n->kids[i];
        if (k && k->kind == NODE_DEFAULT_CASE && i != n->nkids - 1)
            diag_error(&k->loc, "'default' must be the last case of a switch");
    }
    sc->switches++;
    for (int i = 0; i < n->nkids; i++) check_tree(c, sc, n->kids[i]);
    sc->switches--;
}

static void check_loop(Compiler *c, Scope *sc, const Node *n)
{
    sc->loops++;
    for (int i = 0; i < n->nkids; i++) check_tree(c, sc, n->kids[i]);
    sc->loops--;
}

static void check_objectloop(Compiler *c, Scope *sc, const Node *n)
{
    const Node *v = n->nkids ? n->kids[0] : NULL;
    if (v && !is_variable(c, sc, v))
        diag_error(&v->loc, "'%s' is not a variable; objectloop needs a "
                   "local or global variable to hold each object",
                   v->text ? v->text : "this");
    check_loop(c, sc, n);
}

static bool has_label(const Scope *sc, const char *name)
{
    for (int i = 0; i < sc->nlabels; i++)
        if (!strcasecmp(sc->labels[i]->text, name)) return true;
    return false;
}

/* A jump may go forward, so its label is looked for when the routine has
 * been walked (check_labels). */
static void note_jump(Scope *sc, const Node *n)
{
    if (!sc || !n->text) return;
    if (!strcmp(n->text, "rtrue") || !strcmp(n->text, "rfalse")) return;
    if (sc->njumps < CHECK_MAX_JUMPS) sc->jumps[sc->njumps++] = n;
}

static void note_label(Scope *sc, const Node *n)
{
    if (!n->text) return;
    if (has_label(sc, n->text))
        diag_error(&n->loc, "the label '%s' is defined twice in this "
                   "routine", n->text);
    else if (sc->nlabels < CHECK_MAX_LABELS)
        sc->labels[sc->nlabels++] = n;
}

/* Operands of inline assembly: variables and constants only (inform6:
 * "Expected variable or constant but found expression"); raw `@ ->` and
 * `@ -->` data must be constants. */
static void check_asm_operands(Compiler *c, Scope *sc, const Node *n)
{
    bool raw = n->num == 2 || n->num == 3;
    for (int i = 0; i < n->nkids; i++) {
        const Node *o = n->kids[i];
        int64_t v;
        if (!o) continue;
        if ((o->kind == NODE_BINOP || o->kind == NODE_UNARY) &&
            !fold_const(c, o, &v)) {
            diag_error(&o->loc, "an assembly operand must be a variable or a "
                       "constant, not an expression; compute it into a "
                       "variable first");
        } else if (raw && (o->kind == NODE_NAME || o->kind == NODE_ASM_SP) &&
                   is_variable(c, sc, o) &&
                   (o->kind == NODE_ASM_SP || check_local_of(sc, o) >= 0 ||
                    sym_lookup(c->symbols, o->text))) {
            diag_error(&o->loc, "raw data in '@ %s' must be constants, not "
                       "variables", n->num == 2 ? "->" : "-->");
        }
    }
}

static bool check_statement(Compiler *c, Scope *sc, const Node *n)
{
    switch (n->kind) {
    case NODE_EXPR_STMT:
        if (n->nkids && !has_effect(n->kids[0])) report_no_effect(n);
        return false;
    case NODE_ASSIGN:
        check_target(c, sc, n->nkids ? n->kids[0] : NULL, "=");
        return false;
    case NODE_PREINC: case NODE_POSTINC:
        check_target(c, sc, n->nkids ? n->kids[0] : NULL, "++");
        return false;
    case NODE_PREDEC: case NODE_POSTDEC:
        check_target(c, sc, n->nkids ? n->kids[0] : NULL, "--");
        return false;
    case NODE_WHILE: case NODE_DO: case NODE_FOR:
        check_loop(c, sc, n);
        return true;
    case NODE_OBJECTLOOP:
        check_objectloop(c, sc, n);
        return true;
    case NODE_SWITCH:
        check_switch(c, sc, n, 1);
        return true;
    case NODE_ACTION_SWITCH:
        check_switch(c, sc, n, 0);
        return true;
    case NODE_BREAK:
        if (!sc->loops && !sc->switches)
            diag_error(&n->loc, "'break' can only be used inside a loop or "
                       "a switch");
        return true;
    case NODE_CONTINUE:
        if (!sc->loops)
            diag_error(&n->loc, "'continue' can only be used inside a loop");
        return true;
    case NODE_JUMP: case NODE_SAVE: case NODE_RESTORE: case NODE_ASM_BRANCH:
        note_jump(sc, n);
        return true;
    case NODE_LABEL:
        note_label(sc, n);
        return true;
    case NODE_CASE_VALUES:
        check_case_values(c, sc, n);
        return false;
    case NODE_STRING_STMT:
        check_string_stmt(c, n);
        return false;
    case NODE_ASM:
        check_asm_operands(c, sc, n);
        return false;
    case NODE_ASM_STORE:
        if (n->nkids && n->kids[0] && !is_variable(c, sc, n->kids[0]))
            diag_error(&n->kids[0]->loc, "the result of an opcode can only "
                       "be stored in a variable or 'sp'");
        return false;
    default:
        return false;
    }
}

/* A call that may give a regex library routine a constant pattern: a
 * routine's, with a string second argument (asked first, so that the
 * regex files look for the routine's name in their lists only then). */
static bool pattern_call(const Symbol *s, const Node *call)
{
    return s && s->kind == SYM_ROUTINE && call->nkids > 2 && call->kids[2] &&
           call->kids[2]->kind == NODE_STRING;
}

/* check_tree's work on a node that is no leaf. */
static void check_node(Compiler *c, Scope *sc, const Node *n)
{
    if (sc && n->nkids) {               /* (nothing to say of a name) */
        check_types(c, sc, n);
        if (!sc->expr) check_slips_statement(n);
    }
    switch (n->kind) {
    case NODE_NAME:
        check_name(c, sc, n);
        return;
    case NODE_SYSCONST:
        check_sysconst(c, n);
        return;
    case NODE_ACTION_REF:
        check_action_ref(c, n);
        return;
    case NODE_EMBEDDED_ROUTINE:
        check_routine_body(c, n->nkids > 0 ? n->kids[0] : NULL,
                           n->nkids > 1 ? n->kids[1] : NULL);
        return;
    case NODE_STRING:                   /* a value: it may not vary */
        check_string_names(c, sc, n);
        varying_value(c, n, false);
        return;
    case NODE_PRINT:
        check_print(c, sc, n);
        return;
    case NODE_GLOBAL_INDEX:
        check_global_index(c, n);
        return;
    case NODE_CALL:                     /* a regex library's constant pattern */
        if (n->nkids && n->kids[0] && n->kids[0]->kind == NODE_NAME) {
            /* (The name first: a routine's name is reported for nothing,
             * so the messages come in the same order.) */
            check_name(c, sc, n->kids[0]);
            const Symbol *s = ast_name_symbol(n->kids[0]);
            if (pattern_call(s, n)) rxc_check_call(c, s, n);
            for (int i = 1; i < n->nkids; i++) check_tree(c, sc, n->kids[i]);
            text_arrays_note_call(c, s, n);
            /* (The AST's nodes are the compilation's to rewrite.) */
            if (pattern_call(s, n)) rxcomp_call(c, s, (Node *)n);
            return;
        }
        break;
    case NODE_BINOP:
        warn_negated_or(n);
        /* fall through */
    case NODE_UNARY: {
        /* A constant expression is checked (overflow, division by zero)
         * once, as a whole; its parts need no more. */
        int64_t v;
        FoldResult r = fold_check(c, sc ? &sc->locals : NULL, n, &v);
        if (r == FOLD_VALUE && sc) note_cond_const(c, n);
        if (r == FOLD_REPORTED && sc) check_slips_unwalked(sc, n);
        if (r != FOLD_NOT_CONSTANT) return;
        if (sc && n->kind == NODE_BINOP) note_alt_before(c, n);
        break;
    }
    default:
        break;
    }
    if (sc && check_statement(c, sc, n)) return;
    bool conds = sc && check_slips_conditions(n);
    for (int i = 0; i < n->nkids; i++) {
        if (conds) check_slips_operand(sc, n->kids[i]);
        check_tree(c, sc, n->kids[i]);
    }
}

/* In a routine (sc), the first expression node met below a statement is
 * its whole expression for check_slips. */
void check_tree(Compiler *c, Scope *sc, const Node *n)
{
    if (!n || is_leaf(n)) return;
    if (!sc || sc->expr || !check_slips_compound(n)) {
        check_node(c, sc, n);
        return;
    }
    sc->expr = n;
    check_node(c, sc, n);
    sc->expr = NULL;
}

/* After the walk of a routine: every jump's label must exist (labels are
 * collected during the walk, in the same pass as everything else). */
void check_labels(Compiler *c, Scope *sc)
{
    (void)c;
    for (int i = 0; i < sc->njumps; i++)
        if (!has_label(sc, sc->jumps[i]->text))
            diag_error(&sc->jumps[i]->loc, "there is no label '.%s;' in "
                       "this routine", sc->jumps[i]->text);
}
