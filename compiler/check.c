/* check.c: once the whole program has been read, resolves every name in
 * routines, property values, initialisers and grammar; reports each
 * undefined name once; checks locals, labels and actions; and gives
 * inform6's "declared but not used" warnings.  Writes what it finds where
 * the passes after it read it: in the NAME nodes (ast.h: the local or the
 * symbol each denotes) and, through fold, in the constant expressions
 * (ast_folded); in the symbols, the names it finds undefined and the
 * uses (SYMF_USED).  Calls no earlier pass: declare's results are read
 * from the symbols. */
#include "check.h"

#include <string.h>
#include <strings.h>



static void warn_unused_locals(Compiler *c, Scope *sc)
{
    if (c->syntax_errors) return;
    diag_hold_last(true);          /* inform6 warns at the routine's end */
    for (int i = 0; i < sc->locals.n; i++)
        if (!sc->used[i])
            diag_warning(&sc->locals.node[i]->loc, "local variable '%s' is "
                         "declared but never used", sc->locals.node[i]->text);
    diag_hold_last(false);
}

static void declare_locals(Compiler *c, Scope *sc, const Node *locals)
{
    int limit = c->target->lim.max_locals;
    locals_clear(&sc->locals);
    for (int i = 0; locals && i < locals->nkids; i++) {
        const Node *l = locals->kids[i];
        if (!l || !l->text) continue;
        if (check_find_local(sc, l->text) >= 0) {
            diag_error(&l->loc, "local variable '%s' is declared twice in "
                       "this routine", l->text);
            continue;
        }
        if (sc->locals.n == limit)
            diag_error(&l->loc, "Too many local variables for a routine; max is "
                       "%d (a %s routine can have no more)", limit,
                       c->target->ops->name);
        /* Past the limit the names stay known, so their uses are not
         * reported as undefined as well. */
        if (sc->locals.n == LOCALS_MAX) break;
        sc->used[sc->locals.n] = false;
        locals_add(&sc->locals, l);
    }
}

int check_find_local(const Scope *sc, const char *name)
{
    return sc ? locals_find(&sc->locals, name) : -1;
}

/* (The check of one expression asks this of a name several times: the
 * type warnings of each operator over it, folding, check_name.) */
int check_local_of(const Scope *sc, const Node *n)
{
    if (!sc) return -1;
    switch (n->name_ref & AST_NAME_TAGS) {
    case AST_NAME_SYMBOL: case AST_NAME_BYNAME:
        return -1;                  /* a local hides the symbol: none */
    case AST_NAME_LOCAL:
        for (int i = 0; i < sc->locals.n; i++)
            if (sc->locals.node[i] == ast_name_local(n)) return i;
        return -1;
    default: {
        int i = locals_find(&sc->locals, n->text);
        if (i >= 0) ast_name_set_local((Node *)n, sc->locals.node[i]);
        return i;
    }
    }
}

/* A first local named _vararg_count is Glulx's sign that a routine takes
 * its arguments on the stack; the Z-machine has no such routines, and
 * there it is an ordinary local, with inform6's warning at the header. */
static void warn_stack_args(Compiler *c, const Node *locals)
{
    if (c->target->version <= 0 || !locals || !locals->nkids ||
        !locals->kids[0] || strcasecmp(locals->kids[0]->text, "_vararg_count"))
        return;
    diag_warning(&locals->kids[0]->loc, "Z-code does not support "
                 "stack-argument function definitions.  '%s' is an ordinary "
                 "local here; stack arguments need Glulx (-G)",
                 locals->kids[0]->text);
}

void check_routine_body(Compiler *c, const Node *locals, const Node *body)
{
    warn_stack_args(c, locals);
    Scope sc;           /* (the arrays are filled before they are read) */
    sc.loops = sc.switches = sc.nlabels = sc.njumps = 0;
    sc.typed = sc.expr = NULL;
    declare_locals(c, &sc, locals);
    check_tree(c, &sc, body);
    check_labels(c, &sc);
    warn_unused_locals(c, &sc);
}

_Static_assert(_Alignof(Symbol) > AST_NAME_TAGS, "tag bits free in a Symbol *");

/* Looked up once: as check resolved it, as folding noted it, or looked up
 * here and noted as folding notes it (fold.c), so that check_name, which
 * comes to the name after its operators' and statement's checks, takes
 * it from there. */
Symbol *check_name_symbol(Compiler *c, const Node *n)
{
    Symbol *s = ast_name_symbol(n);
    if (s || ast_name_byname(n, &s)) return s;
    s = sym_lookup(c->symbols, n->text);
    ast_name_set_byname((Node *)n, s);
    return s;
}

/* inform6 reads a routine as it comes: a global used in code before its
 * Global directive is an error there ("Variable must be defined before
 * use").  Seen here when both are in one file (reported once a global). */
static void global_before_definition(Symbol *s, const Node *n)
{
    if (s->flags & (SYMF_BUILTIN | SYMF_REPORTED)) return;
    if (n->loc.file != s->loc.file || n->loc.line > s->loc.line ||
        (n->loc.line == s->loc.line && n->loc.col >= s->loc.col))
        return;
    s->flags |= SYMF_REPORTED;
    diag_error(&n->loc, "Variable must be defined before use: the global "
               "variable '%s' is defined later, at line %u; move its Global "
               "directive above this routine", n->text, s->loc.line);
}

/* A name used in code: a local, or a symbol that must be defined somewhere
 * in the program.  Each undefined name is reported once.  What it denotes
 * is recorded in the node for the passes after check (ast_name_local,
 * ast_name_symbol): check owns those fields (ast.h), hence the cast. */
void check_name(Compiler *c, Scope *sc, const Node *n)
{
    int local = check_local_of(sc, n);
    Symbol *s;
    bool noted = ast_name_byname(n, &s);   /* by folding, just before (never
                                            * for a local: it hides names) */
    if (local >= 0) {
        sc->used[local] = true;
        ast_name_set_local((Node *)n, sc->locals.node[local]);
        return;
    }
    if (!noted || !s) s = sym_intern(c->symbols, n->text, n->loc);
    ast_name_set_symbol((Node *)n, s);
    s->flags |= SYMF_USED;
    if (s->kind == SYM_GLOBAL) {
        global_before_definition(s, n);
        return;
    }
    if (s->kind != SYM_UNDEFINED || (s->flags & SYMF_REPORTED)) return;
    if (check_unused_defer(c, n)) return;     /* its routine may be left out */
    check_report_undefined(c, n);
}

void check_report_undefined(Compiler *c, const Node *n)
{
    Symbol *s = ast_name_symbol(n);
    if (!s || s->kind != SYM_UNDEFINED || (s->flags & SYMF_REPORTED)) return;
    s->flags |= SYMF_REPORTED;
    if (src_missing_includes(c->sources)) return;
    if (!strcmp(n->text, "glk") && !c->target->glk) {
        diag_error(&n->loc, "the glk() function exists only in Glulx "
                   "(compile with -G)");
        return;
    }
    /* -D's code in the veneer reads the library's debug_flag: without
     * it the program was not written for -D (inform6 6.45 warns so, as
     * well as the error).  Said of the program, though found while the
     * veneer, whose warnings are muted, is read. */
    if (c->opts->debug && !strcasecmp(n->text, "debug_flag")) {
        bool muted = diag_mute_warnings(false);
        diag_warning(NULL, "DEBUG mode is on, but this story or library "
                     "does not appear to support it: -D's checks read the "
                     "global 'debug_flag', which the library defines");
        diag_mute_warnings(muted);
    }
    diag_error(&n->loc, "'%s' is not defined anywhere in the program; "
               "check the spelling, or define it (as a constant, global, "
               "routine, object...)", n->text);
}

static const struct { const char *name; char where; } sysconsts[] = {
#define X(name, where) {#name, #where[0]},
#include "sysconst.def"
#undef X
};

/* Meta actions are numbered apart only under the meta flag (its value
 * once the whole program is read). */
static void check_meta_sysconst(Compiler *c, const Node *n)
{
    const Symbol *m = sym_lookup(c->symbols, "Grammar_Meta__Value");
    if (m && m->value == 1) return;
    diag_error(&n->loc, "Must set $GRAMMAR_META_FLAG to use option: "
               "#%s counts the meta actions, which are numbered first only "
               "with $GRAMMAR_META_FLAG=1 (or 'Constant Grammar_Meta__Value "
               "= 1;')", n->text);
}

void check_sysconst(Compiler *c, const Node *n)
{
    for (size_t i = 0; i < sizeof sysconsts / sizeof *sysconsts; i++) {
        if (strcmp(sysconsts[i].name, n->text)) continue;
        if (!target_has_sysconst(c, sysconsts[i].where))
            diag_error(&n->loc, "the system constant '#%s' does not exist "
                       "in %s", n->text, c->target->machine);
        else if (!strcmp(n->text, "highest_meta_action_number"))
            check_meta_sysconst(c, n);
        else if (!strcmp(n->text, "dict_par3") && !c->opts->glulx &&
                 opt_setting_value(c->opts, "ZCODE_LESS_DICT_DATA"))
            diag_error(&n->loc, "'#dict_par3' does not exist when "
                       "$ZCODE_LESS_DICT_DATA is set: dictionary entries "
                       "then have no third data byte (leave the setting "
                       "out, or do without #dict_par3)");
        return;
    }
    diag_error(&n->loc, "'#%s' is not a system constant", n->text);
}

/* ##Name in code, or `-> Name` in grammar: the action Name__A, unless a
 * Fake_action declared it, needs a routine NameSub. */
void check_action_ref(Compiler *c, const Node *n)
{
    sym_action(c->symbols, n->text, n->loc)->flags |= SYMF_USED;
}

static void check_action_routines(Compiler *c)
{
    uint32_t n;
    Symbol *const *actions = sym_actions(c->symbols, &n);
    for (uint32_t i = 0; i < n; i++) {
        Symbol *s = actions[i];
        if (s->kind != SYM_ACTION) continue;
        size_t len = strlen(s->name) - 3;   /* without __A */
        const char *base = arena_strndup(&c->arena, s->name, len);
        const char *sub = arena_strcat(&c->arena, base, "Sub");
        Symbol *r = sym_lookup(c->symbols, sub);
        if (r && r->kind == SYM_ROUTINE) {
            r->flags |= SYMF_USED;
            continue;
        }
        diag_error(&s->loc, "the action '%s' has no action routine: define "
                   "'[ %s; ... ];' or declare it with 'Fake_action %s;'",
                   base, sub, base);
    }
}

static const char *unused_kind(SymKind k)
{
    switch (k) {
    case SYM_CONSTANT: return "constant";
    case SYM_GLOBAL: return "global variable";
    case SYM_ARRAY: return "array";
    case SYM_ATTRIBUTE: return "attribute";
    case SYM_PROPERTY: return "property";
    case SYM_INDIV_PROPERTY: return "property";
    case SYM_CLASS: return "class";
    case SYM_FAKE_ACTION: return "fake action";
    case SYM_ROUTINE: return "routine";
    default: return NULL;
    }
}

static void warn_unused_symbols(Compiler *c)
{
    if (c->syntax_errors) return;
    for (Symbol *s = sym_first(c->symbols); s; s = s->order_next) {
        if (s->flags & (SYMF_USED | SYMF_BUILTIN | SYMF_SYSTEM_FILE |
                        SYMF_COMMANDLINE))
            continue;
        const char *what = unused_kind(s->kind);
        if (!what || !s->loc.file) continue;
        if (s->kind == SYM_ROUTINE && !strcasecmp(s->name, "Main")) continue;
        if (s->kind == SYM_INDIV_PROPERTY && !s->decl) continue;
        diag_warning(&s->loc, "%s '%s' is declared but never used", what,
                     s->name);
    }
}

void check_program(Compiler *c)
{
    if (!c->program) return;
    check_unused_begin(c);
    const Node **waiting = NULL;    /* the constants that wait */
    int nwaiting = 0, waiting_cap = 0;
    /* held, so that lowering's warnings join each routine's (diag.h) */
    for (int i = 0; i < c->program->nkids; i++) {
        c->checking = i;
        diag_hold(i);
        if (check_directive(c, c->program->kids[i]))
            VEC_PUSH(&c->arena, waiting, nwaiting, waiting_cap,
                     c->program->kids[i]);
        check_unused_directive(c, i);
    }
    diag_hold(DIAG_HOLD_END);
    if (src_missing_includes(c->sources)) {
        /* The missing file may define what looks undefined or unused. */
        diag_note(NULL, "undefined and unused names were not checked, "
                  "because an included file is missing");
        c->unused = NULL;
        return;
    }
    check_waiting_constants(c, waiting, nwaiting);
    check_action_routines(c);
    warn_unused_symbols(c);
    check_unused(c);
}
