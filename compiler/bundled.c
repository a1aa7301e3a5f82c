/* bundled.c: the routines of the stdlib files built into vinform, read
 * after the program and given by name (see bundled.h).
 *
 * A bundled file goes through the same lexer, filter, parser and declare
 * as the program, as a further main file, with a flag (Bundled.reading)
 * that makes declare hand each directive here instead of adding it to
 * c->program.  Its routine names stay what builtins.c made the veneer's:
 * routines of the compiler's (SYMF_BUILTIN | SYMF_DEFAULT), which lowering
 * asks for by name; the nodes live in a table of their own. */
#include "bundled.h"

#include <string.h>
#include <strings.h>

#include "check.h"
#include "diag.h"

typedef struct Bundled {
    Symtab *routines;      /* by name: decl = the ROUTINE node; SYMF_USED
                            * once it has been checked */
    const char **files;    /* the files read, by name */
    int nfiles, capfiles;
    const char *reading;   /* the file being read, or NULL */
    bool failed;           /* a file gave errors */
} Bundled;

const char *bundled_source(const char *name, size_t *len)
{
    for (int i = 0; i < bundled_nfiles; i++) {
        if (strcmp(bundled_files[i].name, name)) continue;
        if (len) *len = (size_t)bundled_files[i].len;
        return (const char *)bundled_files[i].text;
    }
    return NULL;
}

static Bundled *bundled_state(Compiler *c)
{
    if (!c->bundled) {
        Bundled *b = arena_alloc(&c->arena, sizeof *b);
        b->routines = sym_new(&c->arena);
        c->bundled = b;
    }
    return c->bundled;
}

void bundled_free(Compiler *c)
{
    if (c->bundled) sym_free(c->bundled->routines);
    c->bundled = NULL;
}

static bool already_read(const Bundled *b, const char *name)
{
    for (int i = 0; i < b->nfiles; i++)
        if (!strcmp(b->files[i], name)) return true;
    return false;
}

/* Warnings are off while the compiler's own source is read and checked:
 * the user can do nothing about them (tests/unit/bundled_test.c checks
 * that there are none, compiling the files as a program's own). */
static void quiet(Compiler *c, bool on)
{
    diag_set_warnings(!on && c->opts->warnings);
}

bool bundled_load_file(Compiler *c, const char *name)
{
    Bundled *b = bundled_state(c);
    if (already_read(b, name)) return !b->failed;
    VEC_PUSH(&c->arena, b->files, b->nfiles, b->capfiles, name);
    size_t len;
    const char *text = bundled_source(name, &len);
    if (!text) ICE("no bundled file '%s' was built into vinform", name);
    int errors = diag_counts().errors;
    SourceFile *f = src_builtin(c->sources, name, text, len);
    b->reading = name;
    quiet(c, true);
    parse_program(c, f);
    quiet(c, false);
    b->reading = NULL;
    if (diag_counts().errors != errors) b->failed = true;
    return !b->failed;
}

bool bundled_load(Compiler *c)
{
    return bundled_load_file(c, c->opts->glulx ? "veneer-g.h" : "veneer-z.h");
}

/* A routine of a bundled file: into the table, unless the program has its
 * own (then the bundled one is dropped: the veneer's `#Ifndef NAME`
 * guards already skip those). */
static void take_routine(Compiler *c, Bundled *b, Node *n)
{
    Symbol *s = sym_intern(c->symbols, n->text, n->loc);
    if (s->kind != SYM_UNDEFINED && !bundled_is_default(s)) return;
    if (s->kind == SYM_UNDEFINED) {
        /* A routine builtins.c does not name: the same kind of name. */
        s->kind = SYM_ROUTINE;
        s->flags |= SYMF_BUILTIN | SYMF_DEFAULT | SYMF_USED;
        s->loc = n->loc;
    }
    Symbol *r = sym_intern(b->routines, n->text, n->loc);
    if (r->kind != SYM_UNDEFINED) {
        diag_error(&n->loc, "the routine '%s' is defined twice in vinform's "
                   "built-in files (also at line %u): a bug in vinform",
                   n->text, r->loc.line);
        return;
    }
    r->kind = SYM_ROUTINE;
    r->decl = n;
}

bool bundled_directive(Compiler *c, Node *n)
{
    Bundled *b = c->bundled;
    if (!b || !b->reading) return false;
    if (n->kind == NODE_ROUTINE)
        take_routine(c, b, n);
    else
        diag_error(&n->loc, "vinform's built-in file %s may hold only "
                   "routines for now: a bug in vinform", b->reading);
    return true;
}

const Node *bundled_routine(Compiler *c, const char *name)
{
    Symbol *s = sym_lookup(c->symbols, name);
    if (s && s->kind != SYM_UNDEFINED && !bundled_is_default(s))
        return NULL;                       /* the program's own */
    bundled_load(c);                       /* once */
    Symbol *r = sym_lookup(c->bundled->routines, name);
    if (!r) return NULL;
    if (!(r->flags & SYMF_USED)) {
        r->flags |= SYMF_USED;
        quiet(c, true);
        check_directive(c, r->decl);
        quiet(c, false);
    }
    return r->decl;
}
