/* declare.c: defines the symbols of each directive as the parser hands it
 * over, in source order, so that Ifdef, Iftrue and array sizes see exactly
 * the names inform6 would see at that point; appends the directive to the
 * program.  Objects and classes are in declare_objects.c, grammar in
 * declare_verbs.c. */
#include "declare.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "builtins.h"
#include "bundled.h"
#include "fold.h"
#include "text.h"

void decl_begin(Compiler *c)
{
    c->program = ast_new(&c->arena, NODE_PROGRAM, (SrcLoc){0, 0, 0});
    Declare *d = arena_alloc(&c->arena, sizeof *d);
    /* 1 is `name`; 2 and 3 are the hidden class-list and individual-table
     * properties (inform6 reserves them on both targets). */
    d->next_common_property = 4;
    /* -X: attribute 0 is infix__watching (builtins.c) */
    d->next_attribute = c->opts->infix ? 1 : 0;
    /* after the eight class messages (create ... print_to_array) */
    d->next_individual_property = c->target->lim.first_individual_property + 8;
    d->verb_words = sym_new(&c->arena);
    d->track_ifdefs = opt_setting_value(c->opts, "OMIT_UNUSED_ROUTINES") ||
                      opt_setting_value(c->opts, "WARN_UNUSED_ROUTINES");
    c->declare = d;
    builtins_define(c);
    for (int i = 0; i < c->opts->n_defines; i++) {
        const Define *def = &c->opts->defines[i];
        /* The compiler's own constant with the same value may be given
         * again ($#WORDSIZE=4 with -G), as inform6 lets it pass. */
        Symbol *was = sym_lookup(c->symbols, def->name);
        if (was && (was->flags & SYMF_BUILTIN) &&
            was->kind == SYM_CONSTANT && (was->flags & SYMF_VALUE_KNOWN) &&
            was->value == def->value)
            continue;
        Symbol *s = decl_define(c, def->name, SYM_CONSTANT,
                                (SrcLoc){0, 0, 0}, NULL);
        if (!s) continue;
        s->value = def->value;
        s->flags |= SYMF_VALUE_KNOWN | SYMF_COMMANDLINE | SYMF_USED;
    }
}

void decl_free(Compiler *c)
{
    if (!c->declare) return;
    sym_free(c->declare->verb_words);
    hm_free(&c->declare->object_of);
}

bool decl_in_system_file(Compiler *c, SrcLoc loc)
{
    SourceFile *f = src_file(c->sources, loc.file);
    return f && f->system_file;
}

const char *decl_where(Compiler *c, const Symbol *s)
{
    if (s->flags & SYMF_COMMANDLINE) return "on the command line";
    if (s->flags & SYMF_BUILTIN) return "by the compiler";
    SourceFile *f = src_file(c->sources, s->loc.file);
    return arena_printf(&c->arena, "at %s:%u", f ? f->name : "?", s->loc.line);
}

/* Constants the compiler predefines for a switch may be redefined, and
 * veneer routines by a routine of the program. */
static bool redefinable(const Symbol *s, SymKind kind)
{
    return (s->flags & SYMF_DEFAULT) && (s->flags & SYMF_BUILTIN) &&
           kind == s->kind &&
           (kind == SYM_CONSTANT || kind == SYM_ROUTINE);
}

const char *decl_a_kind(SymKind k)
{
    const char *name = sym_kind_name(k);
    return strchr("aeiou", name[0]) ? "an" : "a";
}

Symbol *decl_define(Compiler *c, const char *name, SymKind kind, SrcLoc loc,
                    Node *decl)
{
    Symbol *s = sym_intern(c->symbols, name, loc);
    if (s->kind != SYM_UNDEFINED && !redefinable(s, kind)) {
        diag_error(&loc, "'%s' is already defined as %s %s %s; choose another "
                   "name", name, decl_a_kind(s->kind), sym_kind_name(s->kind),
                   decl_where(c, s));
        return NULL;
    }
    unsigned keep = s->flags & (SYMF_USED | SYMF_REPLACE);
    s->kind = kind;
    s->flags = keep;
    sym_rename(c->symbols, s, name);
    s->loc = loc;
    s->decl = decl;
    s->defined_in = c->program ? (int32_t)c->program->nkids : 0;
    if (loc.file && decl_in_system_file(c, loc)) s->flags |= SYMF_SYSTEM_FILE;
    return s;
}

bool decl_is_defined(Compiler *c, const char *name)
{
    Symbol *s = sym_lookup(c->symbols, name);
    if (s) s->flags |= SYMF_USED;   /* an Ifdef test is a use (inform6) */
    /* A veneer routine is the compiler's until the program defines it. */
    return s && s->kind != SYM_UNDEFINED && !bundled_is_default(s);
}

void decl_note_ifdef(Compiler *c, const char *name, const char *routine)
{
    Declare *d = c->declare;
    if (!d->track_ifdefs) return;
    VEC_PUSH(&c->arena, d->ifdefs, d->nifdefs, d->ifdefs_cap,
             ((DeclIfdef){ name, routine }));
}

const char *decl_describe(Compiler *c, const Node *n)
{
    if (n && n->kind == NODE_NAME) {
        Symbol *s = sym_lookup(c->symbols, n->text);
        if (s && s->kind != SYM_UNDEFINED)
            return arena_printf(&c->arena, "the %s '%s'",
                                sym_kind_name(s->kind), n->text);
        return arena_printf(&c->arena, "'%s', which is not defined before "
                            "this point", n->text);
    }
    return "an expression whose value is not known yet";
}

/* Values a directive can take that are fixed when the story is made:
 * numbers, characters, strings, dictionary words, and names that are not
 * variables (routines, objects, constants... even defined later). */
static bool fixed_value(Compiler *c, const Node *n)
{
    if (!n) return true;
    switch (n->kind) {
    case NODE_NUMBER: case NODE_CHAR_LIT: case NODE_STRING:
    case NODE_DICT_WORD: case NODE_ACTION_REF: case NODE_SYSCONST:
        return true;
    case NODE_NAME: {
        Symbol *s = sym_intern(c->symbols, n->text, n->loc);
        s->flags |= SYMF_USED;
        return s->kind != SYM_GLOBAL && s->kind != SYM_SYSFUNC;
    }
    case NODE_BINOP: case NODE_UNARY:
        for (int i = 0; i < n->nkids; i++)
            if (!fixed_value(c, n->kids[i])) return false;
        return true;
    default:
        return false;
    }
}

/* `what` is the start of the message ("the default value of ... must be a
 * constant"); reports and returns false when `n` is not a fixed value. */
static bool need_constant(Compiler *c, const Node *n, const char *what)
{
    if (fixed_value(c, n)) return true;
    diag_error(&n->loc, "%s, not %s", what, decl_describe(c, n));
    return false;
}

bool decl_const_value(Compiler *c, const char *name, SrcLoc loc,
                      int64_t *value)
{
    Symbol *s = sym_intern(c->symbols, name, loc);
    s->flags |= SYMF_USED;
    if (s->kind == SYM_UNDEFINED) {
        diag_error(&loc, "'%s' is not defined at this point; a condition "
                   "here can use only constants defined earlier", name);
        return false;
    }
    if (s->kind != SYM_CONSTANT || !(s->flags & SYMF_VALUE_KNOWN)) {
        diag_error(&loc, "'%s' is a %s whose value is not known yet; a "
                   "condition here needs a constant with a known value",
                   name, sym_kind_name(s->kind));
        return false;
    }
    s->flags |= SYMF_USED;
    *value = s->value;
    return true;
}

/* Arithmetic on a string literal has no compile-time value. */
static const Node *string_arithmetic(const Node *n)
{
    if (!n) return NULL;
    if (n->kind == NODE_BINOP && n->nkids == 2 && n->text &&
        strchr("+-*/%&|", n->text[0]) && !n->text[1] &&
        ((n->kids[0] && n->kids[0]->kind == NODE_STRING) ||
         (n->kids[1] && n->kids[1]->kind == NODE_STRING)))
        return n;
    for (int i = 0; i < n->nkids; i++) {
        const Node *bad = string_arithmetic(n->kids[i]);
        if (bad) return bad;
    }
    return NULL;
}

/* A constant's value is recorded when it can be folded now. */
static void declare_constant(Compiler *c, Node *n, bool is_default)
{
    if (is_default && decl_is_defined(c, n->text)) return;
    if (!strcasecmp(n->text, "Grammar__Version")) {
        decl_grammar_version(c, n);
        return;
    }
    if (!strcasecmp(n->text, "Grammar_Meta__Value")) {
        decl_grammar_meta(c, n);
        return;
    }
    const Node *bad = n->nkids ? string_arithmetic(n->kids[0]) : NULL;
    if (bad) {
        diag_error(&bad->loc, "the value of constant '%s' must be a "
                   "constant: arithmetic on a string has no value at compile "
                   "time", n->text);
        return;
    }
    Symbol *s = decl_define(c, n->text, SYM_CONSTANT, n->loc, n);
    if (!s) return;
    int64_t v = 0;
    if (!n->nkids || !n->kids[0] || fold_const(c, n->kids[0], &v)) {
        s->value = v;
        s->flags |= SYMF_VALUE_KNOWN;
    }
    c->declare->seen_code = true;
}

/* Two initial values of a global that inform6 takes for the same: equal
 * constants, or the same name (a routine, an object, a constant not yet
 * defined). */
static bool same_global_value(Compiler *c, const Node *a, const Node *b)
{
    int64_t x, y;
    if (fold_const(c, a, &x) && fold_const(c, b, &y)) return x == y;
    return a->kind == NODE_NAME && b->kind == NODE_NAME &&
           !strcasecmp(a->text, b->text);
}

/* 6.43-6.45: a global, the compiler's own too (self, sender...), may be
 * declared again: with no value (the old one stands), with the same
 * value, or with any value when the old one was zero. */
static void declare_global(Compiler *c, Node *n)
{
    Symbol *old = sym_lookup(c->symbols, n->text);
    if (!old || old->kind != SYM_GLOBAL) {
        decl_define(c, n->text, SYM_GLOBAL, n->loc, n);
        return;
    }
    const Node *oi = old->decl && old->decl->nkids ? old->decl->kids[0] : NULL;
    const Node *ni = n->nkids ? n->kids[0] : NULL;
    if (!ni) return;
    int64_t v;
    if (!oi || (fold_const(c, oi, &v) && v == 0)) {
        old->decl = n;          /* the value given replaces a zero */
        return;
    }
    if (same_global_value(c, oi, ni)) return;
    diag_error(&n->loc, "the global variable '%s' is declared again with a "
               "different initial value (it was first declared %s); a "
               "global may be declared again only with no value, the same "
               "value, or when its value was zero", n->text,
               decl_where(c, old));
}

static void declare_array(Compiler *c, Node *n)
{
    Symbol *s = decl_define(c, n->text, SYM_ARRAY, n->loc, n);
    if (s && (n->num & ARRAY_STATIC)) s->flags |= SYMF_STATIC;
    Node *init = n->nkids ? n->kids[0] : NULL;
    if (!init || init->kind != NODE_ARRAY_SIZE || !init->nkids) return;
    int64_t size;
    if (!fold_const(c, init->kids[0], &size)) {
        diag_error(&init->kids[0]->loc, "the size of array '%s' must be a "
                   "constant whose value is known here", n->text);
        return;
    }
    int64_t limit = c->target->lim.max_signed;
    /* fold wrapped the size to a word: a literal says what was written */
    const Node *written = init->kids[0];
    if (written->kind == NODE_NUMBER) size = written->num;
    if (size < 1 || size > limit)
        diag_error(&written->loc, "array '%s' would have %lld entries; "
                   "the size must be between 1 and %lld", n->text,
                   (long long)size, (long long)limit);
}

static void declare_attribute(Compiler *c, Node *n)
{
    Declare *d = c->declare;
    Node *alias = n->nkids ? n->kids[0] : NULL;
    Symbol *target = NULL;
    if (alias) {
        target = sym_lookup(c->symbols, alias->text);
        if (!target || target->kind != SYM_ATTRIBUTE) {
            diag_error(&alias->loc, "'%s' is not an attribute defined before "
                       "this point, so it cannot be aliased", alias->text);
            return;
        }
        target->flags |= SYMF_USED;
    }
    Symbol *s = decl_define(c, n->text, SYM_ATTRIBUTE, n->loc, n);
    if (!s) return;
    s->flags |= SYMF_VALUE_KNOWN;
    if (target) {
        s->value = target->value;
        return;
    }
    int limit = c->target->lim.attributes;
    if (d->next_attribute >= limit)
        diag_error(&n->loc, "All %d attributes already declared: %s has "
                   "room for no more", limit, c->target->machine);
    s->value = d->next_attribute++;
}

static void declare_property(Compiler *c, Node *n)
{
    Declare *d = c->declare;
    if (n->nkids && n->kids[0] && !fixed_value(c, n->kids[0])) {
        diag_error(&n->kids[0]->loc, "the default value of property '%s' "
                   "must be a constant, not %s", n->text,
                   decl_describe(c, n->kids[0]));
        return;
    }
    Node *alias = n->nkids > 1 ? n->kids[1] : NULL;
    if (alias) {
        Symbol *t = sym_lookup(c->symbols, alias->text);
        if (!t || t->kind != SYM_PROPERTY) {
            diag_error(&alias->loc, "'%s' is not a common property defined "
                       "before this point, so it cannot be aliased",
                       alias->text);
            return;
        }
        Symbol *s = decl_define(c, n->text, SYM_PROPERTY, n->loc, n);
        if (s) {
            s->value = t->value;
            s->flags |= SYMF_VALUE_KNOWN;
        }
        return;
    }
    if (n->num & PROPF_INDIVIDUAL) {
        Symbol *s = decl_define(c, n->text, SYM_INDIV_PROPERTY, n->loc, n);
        if (s) {
            s->value = d->next_individual_property++;
            s->flags |= SYMF_VALUE_KNOWN;
        }
        return;
    }
    Symbol *s = decl_define(c, n->text, SYM_PROPERTY, n->loc, n);
    if (!s) return;
    int limit = c->target->lim.max_common_property;
    if (d->next_common_property > limit)
        diag_error(&n->loc, "All %d properties already declared: the target "
                   "has room for no more common properties; declare this "
                   "one with 'Property individual'", limit);
    s->value = d->next_common_property++;
    s->flags |= SYMF_VALUE_KNOWN;
}

/* Replace X: System_file definitions of X are skipped, and of the others
 * the last one wins.  Replace X Y (6.33+), as inform6 reads it: every
 * definition of X counts, in a System_file too, the last one winning; the
 * first is also kept under the name Y, and is X's until another comes.  So
 * an extension included before the library (Replace Banner OldBanner;)
 * and again after it (its own [ Banner; ... OldBanner(); ];) replaces the
 * library's Banner, as the Vorple extension does. */
static void declare_routine(Compiler *c, Node *n)
{
    Declare *d = c->declare;
    Symbol *s = sym_lookup(c->symbols, n->text);
    bool sys = decl_in_system_file(c, n->loc);
    d->seen_code = d->seen_routine = true;
    if (s && (s->flags & SYMF_REPLACE) &&
        (s->kind == SYM_ROUTINE || s->kind == SYM_UNDEFINED)) {
        Symbol *kept = s->replacement_of
            ? sym_lookup(c->symbols, s->replacement_of) : NULL;
        if (s->replacement_of && (!kept || kept->kind == SYM_UNDEFINED)) {
            kept = decl_define(c, s->replacement_of, SYM_ROUTINE, n->loc, n);
            if (kept) {
                n->num |= ROUTINE_RENAMED;
                s->kind = SYM_ROUTINE;      /* X's too, for now */
                s->loc = n->loc;
                s->decl = n;
            }
            return;
        }
        if (sys && !s->replacement_of) {
            n->num |= ROUTINE_SKIPPED;
            return;
        }
        if (s->kind == SYM_ROUTINE && s->decl &&
            !(s->decl->num & ROUTINE_RENAMED))
            s->decl->num |= ROUTINE_SKIPPED;
        s->kind = SYM_UNDEFINED;
    }
    if (s && s->kind == SYM_ROUTINE && (s->flags & SYMF_STUB)) {
        diag_error(&n->loc, "routine '%s' was already given a default "
                   "definition by 'Stub' %s; define it before the Stub (in "
                   "a library game, before Include \"Grammar\")", n->text,
                   decl_where(c, s));
        return;
    }
    decl_define(c, n->text, SYM_ROUTINE, n->loc, n);
}

static void declare_replace(Compiler *c, Node *n)
{
    Symbol *s = sym_intern(c->symbols, n->text, n->loc);
    if (s->kind == SYM_SYSFUNC) s->kind = SYM_UNDEFINED;  /* now a plain name */
    else if (s->kind == SYM_ROUTINE && !(s->flags & SYMF_BUILTIN) &&
             !(s->flags & SYMF_REPLACE)) {
        diag_error(&n->loc, "'Replace %s' comes after %s is defined (%s); "
                   "'Replace' must come before the definition it replaces",
                   n->text, n->text, decl_where(c, s));
        return;
    } else if (s->kind != SYM_UNDEFINED && s->kind != SYM_ROUTINE) {
        diag_error(&n->loc, "'%s' is a %s %s, not a routine, so it cannot be "
                   "replaced", n->text, sym_kind_name(s->kind),
                   decl_where(c, s));
        return;
    }
    s->flags |= SYMF_REPLACE;
    Node *kept = n->nkids ? n->kids[0] : NULL;
    if (kept) {
        if (!strcasecmp(kept->text, n->text)) {
            diag_error(&kept->loc, "a routine cannot be replaced by itself");
            return;
        }
        s->replacement_of = kept->text;
    }
}

static void declare_stub(Compiler *c, Node *n)
{
    if (decl_is_defined(c, n->text)) return;
    Symbol *s = decl_define(c, n->text, SYM_ROUTINE, n->loc, n);
    if (s) s->flags |= SYMF_STUB;
    if (n->num < 0 || n->num > 4)
        diag_error(&n->loc, "a Stub routine has 0 to 4 local variables, not "
                   "%lld", (long long)n->num);
}

static void declare_undef(Compiler *c, Node *n)
{
    Symbol *s = sym_lookup(c->symbols, n->text);
    if (!s || s->kind == SYM_UNDEFINED) return;
    if (s->kind != SYM_CONSTANT) {
        diag_error(&n->loc, "'%s' is a %s, and only constants can be "
                   "undefined", n->text, sym_kind_name(s->kind));
        return;
    }
    /* gone, not unused: inform6 says nothing of it */
    s->flags |= SYMF_USED;
    sym_remove(c->symbols, s);
}

static void declare_fake_action(Compiler *c, Node *n)
{
    const char *name = arena_strcat(&c->arena, n->text, "__A");
    Symbol *s = sym_lookup(c->symbols, name);
    if (s && s->kind == SYM_ACTION) {
        diag_error(&n->loc, "'%s' is already an action (first mentioned %s): "
                   "declare 'Fake_action %s;' before any mention of it",
                   n->text, decl_where(c, s), n->text);
        return;
    }
    decl_define(c, name, SYM_FAKE_ACTION, n->loc, n);
}

static const char *string_text(const Node *n)
{
    return n && n->nkids && n->kids[0] && n->kids[0]->text ? n->kids[0]->text : "";
}

static void declare_message(Compiler *c, Node *n)
{
    const char *text = string_text(n);
    switch (n->num) {
    case MSG_WARNING: diag_warning(&n->loc, "%s", text); break;
    case MSG_ERROR: diag_error(&n->loc, "%s", text); break;
    case MSG_FATAL: diag_fatal(&n->loc, "%s", text);
    default: {
        /* Under --dump-* standard output holds the dump alone. */
        FILE *out = c->opts->dump_ast || c->opts->dump_tokens ? stderr : stdout;
        diag_flush();
        fprintf(out, "%s\n", text);
        fflush(out);
    }
    }
}

static void check_serial(const Node *n)
{
    const char *t = string_text(n);
    size_t len = strlen(t);
    bool digits = len == 6;
    for (size_t i = 0; digits && i < len; i++)
        digits = isdigit((unsigned char)t[i]);
    if (!digits)
        diag_error(n->nkids && n->kids[0] ? &n->kids[0]->loc : &n->loc,
                   "the serial number must be exactly six digits, such as "
                   "\"261121\", not \"%s\"", t);
}

static bool declare_header_value(Compiler *c, Node *n, const char *what,
                                 int64_t lo, int64_t hi, int64_t *value)
{
    int64_t v;
    if (!n->nkids || !fold_const(c, n->kids[0], &v)) {
        diag_error(n->nkids && n->kids[0] ? &n->kids[0]->loc : &n->loc,
                   "the %s must be a constant known at this point", what);
        return false;
    }
    if (v < lo || v > hi) {
        diag_error(&n->kids[0]->loc, "the %s must be between %lld and %lld, "
                   "not %lld", what, (long long)lo, (long long)hi,
                   (long long)v);
        return false;
    }
    *value = v;
    return true;
}

static void declare_zcharacter(Compiler *c, Node *n)
{
    if (!c->target->alphabet_tables) {
        diag_error(&n->loc, "'Zcharacter' cannot be used in Z-machine "
                   "version %d: versions 3 and 4 have no alphabet or Unicode "
                   "tables", c->target->version);
        return;
    }
    if (n->num != ZCHAR_ALPHABETS) return;
    const Node *first = c->declare->first_string_directive;
    if (first && !opt_setting_text(c->opts, "ZALPHABET")) {
        SourceFile *f = src_file(c->sources, first->loc.file);
        diag_error(&n->loc, "Once strings are compiled it is too late to "
                   "change the Z-code alphabet: text was compiled at %s:%u; "
                   "move this 'Zcharacter' directive above it, or set "
                   "$ZALPHABET in a '!%%' line", f ? f->name : "?",
                   first->loc.line);
    }
    static const size_t want[3] = {26, 26, 23};
    for (int i = 0; i < n->nkids && i < 3; i++) {
        const Node *s = n->kids[i];
        size_t len = 0;
        for (size_t pos = 0, end = strlen(s->text); pos < end;) {
            TextUnit u;
            pos = text_next(s->text, end, pos, TEXT_STRING, &u);
            if (u.kind == TU_END) break;
            len++;
        }
        if (len != want[i])
            diag_error(&s->loc, "Zcharacter alphabet %d must have %zu "
                       "characters, not %zu", i + 1, want[i], len);
    }
}

static void declare_dictionary(Compiler *c, Node *n)
{
    /* The flags go into the word's entry as it is made: inform6 needs
     * their values here, and refuses a constant defined later. */
    int64_t v;
    for (int i = 1; i < n->nkids && i < 3; i++)
        if (n->kids[i] &&
            need_constant(c, n->kids[i], "the flag values of 'Dictionary' "
                          "must be constants (numbers or defined constants)")
            && !fold_const(c, n->kids[i], &v))
            diag_error(&n->kids[i]->loc, "the flag values of 'Dictionary' "
                       "must be constants known at this point (numbers, or "
                       "constants defined before it)");
}

static void declare_class(Compiler *c, Node *n)
{
    int64_t v;
    if (n->nkids && n->kids[0] &&
        !fold_const(c, n->kids[0], &v))
        diag_error(&n->kids[0]->loc, "the number of spare objects in 'Class "
                   "%s(%s)' must be a constant known at this point", n->text,
                   n->kids[0]->kind == NODE_NAME ? n->kids[0]->text : "N");
    decl_class(c, n);
}

/* inform6's "Obsolete usage" warnings, which -q turns off; a System_file
 * (a library, such as Metrocenter84's `Property long n_to;`) gets none,
 * as in inform6. */
static void obsolete(Compiler *c, const Node *n, const char *message)
{
    if (!c->opts->quiet_obsolete && !decl_in_system_file(c, n->loc))
        diag_warning(&n->loc, "%s", message);
}

/* `Version N;` settles the target's version, which everything after it
 * reads (#version_number as well as the header), unless a -vN switch
 * chose it already: then, as in inform6, the switch wins.  It must come
 * before the first routine, whose code depends on the version. */
static void declare_version(Compiler *c, Node *n)
{
    if (c->target->version_switch) {
        diag_warning(&n->loc, "the Version directive is overridden by the "
                     "-v%d switch", c->target->version);
        return;
    }
    obsolete(c, n, "the Version directive is deprecated; use -vN on the "
             "command line or in a '!%' line at the top of the source");
    if (c->declare->seen_routine) {
        diag_error(&n->loc, "'Version' must come before the first "
                   "routine; move it to the top of the source (or use the "
                   "-v%s switch)", n->nkids && n->kids[0] &&
                   n->kids[0]->kind == NODE_NUMBER ? arena_printf(
                   &c->arena, "%lld", (long long)n->kids[0]->num) : "N");
        return;
    }
    int64_t v;
    if (!declare_header_value(c, n, "version", 3, 8, &v)) return;
    if (target_set_version(c, (int)v) == TARGET_VERSION_NONE)
        diag_warning(&n->loc, "the Version directive does nothing in Glulx: "
                     "give -vX.Y.Z after -G for a Glulx version");
    else
        builtins_follow_target(c);
}

static void declare_by_kind(Compiler *c, Node *n)
{
    Declare *d = c->declare;
    int64_t release;
    switch (n->kind) {
    case NODE_CONSTANT: declare_constant(c, n, false); break;
    case NODE_DEFAULT: declare_constant(c, n, true); break;
    case NODE_LOWSTRING:
        if (!c->target->lowstrings)
            diag_error(&n->loc, "'Lowstring' exists only in Z-code; Glulx has "
                       "no low strings");
        else
            decl_define(c, n->text, SYM_CONSTANT, n->loc, n);
        break;
    case NODE_DICTIONARY: declare_dictionary(c, n); break;
    case NODE_GLOBAL: declare_global(c, n); break;
    case NODE_ARRAY: declare_array(c, n); break;
    case NODE_ROUTINE: declare_routine(c, n); break;
    case NODE_REPLACE: declare_replace(c, n); break;
    case NODE_STUB: declare_stub(c, n); break;
    case NODE_UNDEF: declare_undef(c, n); break;
    case NODE_OBJECT: decl_object(c, n); break;
    case NODE_CLASS: declare_class(c, n); break;
    case NODE_ATTRIBUTE: declare_attribute(c, n); break;
    case NODE_PROPERTY:
        if (n->num & PROPF_LONG)
            obsolete(c, n, "'long' is obsolete: every property is long now");
        declare_property(c, n);
        break;
    case NODE_FAKE_ACTION: declare_fake_action(c, n); break;
    case NODE_VERB: decl_verb(c, n); break;
    case NODE_EXTEND: decl_extend(c, n); break;
    case NODE_MESSAGE: declare_message(c, n); break;
    case NODE_SERIAL: check_serial(n); d->serial = n; break;
    case NODE_RELEASE:
        declare_header_value(c, n, "release number", 0, 65535, &release);
        d->release = n;
        break;
    case NODE_VERSION: declare_version(c, n); break;
    case NODE_STATUSLINE: d->statusline = n; break;
    case NODE_SWITCHES:
        obsolete(c, n, "the Switches directive is deprecated and may give "
                 "wrong results; give the switches on the command line or in "
                 "a '!%' line at the top of the source");
        if (d->seen_code)
            diag_error(&n->loc, "'Switches' must come before any constant or "
                       "routine is defined; move it to the top of the source");
        else {
            opt_switches_directive(c->opts, string_text(n),
                                   n->nkids && n->kids[0] ? n->kids[0]->loc
                                                          : n->loc);
            target_follow_switches(c);    /* a -vN among them */
            builtins_follow_target(c);
        }
        break;
    case NODE_ZCHARACTER: declare_zcharacter(c, n); break;
    default: break;
    }
}

static bool is_local_of(const Node *locals, const char *name)
{
    for (int i = 0; locals && i < locals->nkids; i++)
        if (locals->kids[i] && locals->kids[i]->text &&
            !strcasecmp(locals->kids[i]->text, name))
            return true;
    return false;
}

/* A name that may be the bundled text library's (Text_..., Regex_...). */
static void note_library_name(Compiler *c, const Node *n, const Node *locals)
{
    const char *t = n->text;
    if (!t || ((t[0] | 0x20) != 't' && (t[0] | 0x20) != 'r')) return;
    if (strncasecmp(t, "Text_", 5) && strncasecmp(t, "Regex_", 6)) return;
    if (is_local_of(locals, t)) return;
    Declare *d = c->declare;
    VEC_PUSH(&c->arena, d->library_names, d->nlibrary_names,
             d->library_names_cap, n);
}

/* One walk over a directive as it is declared: every ##Name, <Name ...>
 * and action-switch label creates its action now (actions are numbered in
 * order of first mention, grammar lines (declare_verbs.c) and code alike,
 * as inform6 numbers them), and names that may be the bundled library's
 * are noted. */
static void note_actions(Compiler *c, const Node *n, const Node *locals)
{
    if (!n) return;
    switch (n->kind) {
    case NODE_ACTION_REF:
        sym_action(c->symbols, n->text, n->loc)->flags |= SYMF_USED;
        return;
    case NODE_NAME:
        note_library_name(c, n, locals);
        return;
    case NODE_ROUTINE: case NODE_EMBEDDED_ROUTINE:
        if (n->nkids && n->kids[0] && n->kids[0]->kind == NODE_LOCALS)
            locals = n->kids[0];
        break;
    default:
        break;
    }
    for (int i = 0; i < n->nkids; i++)
        if (n->kids[i] && (n->kids[i]->nkids || n->kids[i]->kind == NODE_NAME ||
                           n->kids[i]->kind == NODE_ACTION_REF))
            note_actions(c, n->kids[i], locals);
}

/* Whether a directive's strings are compiled where it stands, in
 * inform6: text in a routine, a constant, a global, an object or class,
 * an array of values (not an array's characters, an abbreviation or a
 * Zcharacter directive's alphabets). */
static bool compiles_strings(const Node *n)
{
    switch (n->kind) {
    case NODE_ROUTINE: case NODE_CONSTANT: case NODE_GLOBAL:
    case NODE_OBJECT: case NODE_CLASS:
        return true;
    case NODE_ARRAY:
        return n->nkids && n->kids[0] && n->kids[0]->kind != NODE_ARRAY_TEXT;
    default:
        return false;
    }
}

static void note_strings(Compiler *c, const Node *n)
{
    Declare *d = c->declare;
    bool made = d->strings_made > d->strings_counted;
    d->strings_counted = d->strings_made;
    if (made && !d->first_string_directive && compiles_strings(n))
        d->first_string_directive = n;
}

void decl_directive(Compiler *c, Node *directive)
{
    if (!directive) return;
    note_strings(c, directive);
    if (c->bundled && bundled_directive(c, directive)) return;
    if (c->declare->notes) note_actions(c, directive, NULL);
    declare_by_kind(c, directive);
    ast_add(&c->arena, c->program, directive);
    if (directive->kind == NODE_ROUTINE || directive->kind == NODE_STUB)
        VEC_PUSH(&c->arena, c->declare->routines, c->declare->nroutines,
                 c->declare->routines_cap, directive);
}
