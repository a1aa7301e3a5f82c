/* bundled.c: the routines of the stdlib files built into vinform, read
 * after the program and given by name (see bundled.h).
 *
 * A bundled file goes through the same lexer, filter, parser and declare
 * as the program, as a further main file, with a flag (Bundled.reading)
 * that makes declare hand each directive here instead of adding it to
 * c->program.  bundled_load, the pass after check, indexes the veneer and
 * reads varying.h when the program prints varying text.  The veneer is
 * read one routine at a time, when the driver is about to lower a routine
 * that the program builder or lowering asked for by name (compiler/main.c:
 * lower_next): each of its routines sits in a `#Ifndef NAME;` ...
 * `#Endif;` block at the start of a line (inside at most a few `#IfV5;`
 * blocks), so bundled_load only indexes those blocks, and bundled_routine
 * parses the one it needs, with the lines before it left blank so that
 * line numbers stay the file's, and checks it.  (Reading and checking the
 * whole veneer for every story doubles a small program's compile time.)
 * Its routine names stay what builtins.c made the veneer's: routines of
 * the compiler's (SYMF_BUILTIN | SYMF_DEFAULT), which code asks for by
 * name; the nodes live in a table of their own.  Routines written while
 * compiling (a constant regex pattern's, compiler/regex_compile.c) are
 * kept as source the same way and parsed when first asked for. */
#include "bundled.h"

#include <string.h>
#include <strings.h>

#include "check.h"
#include "declare.h"
#include "diag.h"
#include "source.h"
#include "varying.h"

/* One `#Ifndef NAME; ... #Endif;` block of a lazily read file. */
typedef struct Block {
    const char *name;      /* NAME, NUL-terminated copy */
    size_t start, end;     /* byte offsets: the #Ifndef line .. after #Endif; */
    uint32_t line;         /* of the #Ifndef line */
    int nouter;            /* enclosing #IfV5-style lines */
    size_t outer_start[4], outer_end[4];
    uint32_t outer_line[4];
    bool parsed;
} Block;

/* A routine written while compiling: its source, NULL once parsed. */
typedef struct Written {
    const char *name, *text;
} Written;

typedef struct Bundled {
    Symtab *routines;      /* by name: decl = the ROUTINE node; SYMF_USED
                            * once it has been checked */
    const char *lazy;      /* the file read block by block (the veneer) */
    const char *lazy_text;
    Block *blocks;
    int nblocks, capblocks;
    Written *written;      /* routines written while compiling
                            * (regex_compile.c), parsed when asked for */
    int nwritten, capwritten;
    const char **files;    /* the files read, by name */
    int nfiles, capfiles;
    const char *reading;   /* the file being read, or NULL */
    bool with_data;        /* its other directives join c->program */
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
    (void)c;
    diag_mute_warnings(on);
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

static bool starts(const char *p, const char *end, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(end - p) >= n && !memcmp(p, word, n);
}

/* True when the first line from `p` that is neither blank nor a comment
 * starts a routine (`#Ifndef INFIX;` guards a routine's block, and is an
 * enclosing line, not a block). */
static bool routine_follows(const char *p, const char *end)
{
    while (p < end) {
        p += strspn(p, " \t\r");
        if (p < end && *p == '[') return true;
        if (p < end && *p != '!' && *p != '\n') return false;
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        p = eol ? eol + 1 : end;
    }
    return false;
}

/* Finds the blocks of `text`; false when the file does not have the shape
 * described at the top (then it is read whole). */
static bool index_blocks(Compiler *c, Bundled *b, const char *text, size_t len)
{
    const char *end = text + len;
    int depth = 0, open = -1;
    size_t ostart[4] = { 0 }, oend[4] = { 0 };
    uint32_t oline[4] = { 0 };
    uint32_t line = 1;
    for (const char *p = text; p < end; line++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *next = eol ? eol + 1 : end;
        if (*p == '#') {
            if (starts(p, end, "#Ifndef ") && open < 0 &&
                routine_follows(next, end)) {
                const char *nm = p + 8, *semi = memchr(nm, ';', (size_t)(next - nm));
                if (!semi) return false;
                Block blk = { 0 };
                blk.name = arena_strndup(&c->arena, nm, (size_t)(semi - nm));
                blk.start = (size_t)(p - text);
                blk.line = line;
                blk.nouter = depth;
                for (int i = 0; i < depth; i++) {
                    blk.outer_start[i] = ostart[i];
                    blk.outer_end[i] = oend[i];
                    blk.outer_line[i] = oline[i];
                }
                VEC_PUSH(&c->arena, b->blocks, b->nblocks, b->capblocks, blk);
                open = b->nblocks - 1;
            } else if (starts(p, end, "#Endif;")) {
                if (open >= 0) {
                    b->blocks[open].end = (size_t)(next - text);
                    open = -1;
                } else if (depth > 0) {
                    depth--;
                } else {
                    return false;
                }
            } else if (starts(p, end, "#If") && open < 0) {
                if (depth == 4) return false;
                ostart[depth] = (size_t)(p - text);
                oend[depth] = (size_t)(next - text);
                oline[depth++] = line;
            } else if (open < 0) {
                return false;      /* some other directive between blocks */
            }
        } else if (open < 0 && *p != '!' && *p != '\n' && *p != '\r' &&
                   strspn(p, " \t\r") < (size_t)(next - p) - (eol ? 1 : 0) &&
                   !starts(p, end, "System_file;")) {
            return false;          /* code outside the blocks */
        }
        p = next;
    }
    return open < 0 && depth == 0;
}

/* Parses block k: the lines before it blank but its enclosing #If lines. */
static void parse_block(Compiler *c, Bundled *b, Block *blk)
{
    blk->parsed = true;
    const char *text = b->lazy_text;
    size_t cap = blk->line + (blk->end - blk->start) + 64;
    for (int i = 0; i < blk->nouter; i++)
        cap += blk->outer_end[i] - blk->outer_start[i] + 8;
    char *buf = arena_alloc(&c->arena, cap);
    size_t n = 0;
    uint32_t line = 1;
    for (int i = 0; i < blk->nouter; i++) {
        for (; line < blk->outer_line[i]; line++) buf[n++] = '\n';
        memcpy(buf + n, text + blk->outer_start[i],
               blk->outer_end[i] - blk->outer_start[i]);
        n += blk->outer_end[i] - blk->outer_start[i];
        line++;
    }
    for (; line < blk->line; line++) buf[n++] = '\n';
    memcpy(buf + n, text + blk->start, blk->end - blk->start);
    n += blk->end - blk->start;
    for (int i = 0; i < blk->nouter; i++) {
        memcpy(buf + n, "\n#Endif;", 8);
        n += 8;
    }
    buf[n++] = '\n';
    SourceFile *f = src_builtin(c->sources, b->lazy, buf, n);
    b->reading = b->lazy;
    quiet(c, true);
    parse_program(c, f);
    quiet(c, false);
    b->reading = NULL;
}

/* The target's veneer: indexed when it has the shape described at the
 * top, else read whole. */
static bool load_veneer(Compiler *c)
{
    const char *name = c->target->veneer;
    Bundled *b = bundled_state(c);
    if (b->lazy || already_read(b, name)) return !b->failed;
    size_t len;
    const char *text = bundled_source(name, &len);
    if (text && index_blocks(c, b, text, len)) {
        b->lazy = name;
        b->lazy_text = text;
        return true;
    }
    b->nblocks = 0;
    return bundled_load_file(c, name);
}

bool bundled_load(Compiler *c)
{
    bool ok = load_veneer(c);
    if (varying_runtime_needed(c)) ok = bundled_load_file(c, "varying.h") && ok;
    return ok;
}

/* The lazily read file's block for `name`, parsed now if it was not. */
static void load_block(Compiler *c, Bundled *b, const char *name)
{
    for (int i = 0; i < b->nblocks; i++)
        if (!b->blocks[i].parsed && !strcasecmp(b->blocks[i].name, name)) {
            int errors = diag_counts().errors;
            parse_block(c, b, &b->blocks[i]);
            if (diag_counts().errors != errors) b->failed = true;
            return;
        }
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
    else if (b->with_data)
        return false;                      /* declared, into the program */
    else
        diag_error(&n->loc, "vinform's built-in file %s may hold only "
                   "routines for now: a bug in vinform", b->reading);
    return true;
}

void bundled_add_routine(Compiler *c, const char *name, const char *text)
{
    Bundled *b = bundled_state(c);
    Symbol *s = sym_intern(c->symbols, name, (SrcLoc){ 0 });
    if (s->kind == SYM_UNDEFINED) {
        s->kind = SYM_ROUTINE;
        s->flags |= SYMF_BUILTIN | SYMF_DEFAULT | SYMF_USED;
    }
    VEC_PUSH(&c->arena, b->written, b->nwritten, b->capwritten,
             (Written){ name, text });
}

/* The written routine `name`, parsed now if it is one. */
static void load_written(Compiler *c, Bundled *b, const char *name)
{
    for (int i = 0; i < b->nwritten; i++) {
        Written *w = &b->written[i];
        if (!w->text || strcasecmp(w->name, name)) continue;
        const char *text = w->text;
        w->text = NULL;
        int errors = diag_counts().errors;
        SourceFile *f = src_builtin(c->sources, name, text, strlen(text));
        b->reading = name;
        quiet(c, true);
        parse_program(c, f);
        quiet(c, false);
        b->reading = NULL;
        if (diag_counts().errors != errors) b->failed = true;
        return;
    }
}

const Node *bundled_routine(Compiler *c, const char *name)
{
    Symbol *s = sym_lookup(c->symbols, name);
    if (s && s->kind != SYM_UNDEFINED && !bundled_is_default(s))
        return NULL;                       /* the program's own */
    bundled_load(c);                       /* once */
    Symbol *r = sym_lookup(c->bundled->routines, name);
    if (!r && c->bundled->lazy) {
        load_block(c, c->bundled, name);
        r = sym_lookup(c->bundled->routines, name);
    }
    if (!r) {
        load_written(c, c->bundled, name);
        r = sym_lookup(c->bundled->routines, name);
    }
    if (!r) return NULL;
    if (!(r->flags & SYMF_USED)) {
        r->flags |= SYMF_USED;
        quiet(c, true);
        check_directive(c, r->decl);
        quiet(c, false);
    }
    return r->decl;
}

/* ---- the text and regex library (text.h, regex.h) without an Include ---- */

/* True when `name` starts with `prefix`, in any case (Inform's names). */
static bool has_prefix(const char *name, const char *prefix)
{
    return !strncasecmp(name, prefix, strlen(prefix));
}

/* Which of the library's files the program's names call for (declare
 * noted every Text_... and Regex_... name not used as a local variable:
 * the standard library's Locale has one called text_without_ALSO): bit 1
 * text.h (a name Text_...), bit 2 regex.h (Regex_...), bit 4
 * Text_Overflowed (both files declare it), for a name the program does
 * not define itself. */
static unsigned library_wanted(Compiler *c)
{
    const Declare *d = c->declare;
    unsigned found = 0;
    for (int i = 0; d && i < d->nlibrary_names && (found & 3) != 3; i++) {
        const char *name = d->library_names[i]->text;
        const Symbol *s = sym_lookup(c->symbols, name);
        if (s && s->kind != SYM_UNDEFINED) continue;
        if (!strcasecmp(name, "Text_Overflowed")) found |= 4u;
        else found |= has_prefix(name, "Regex_") ? 2u : 1u;
    }
    return found;
}

static void load_with_data(Compiler *c, const char *name)
{
    Bundled *b = bundled_state(c);
    b->with_data = true;
    bundled_load_file(c, name);
    b->with_data = false;
}

bool bundled_load_library(Compiler *c)
{
    unsigned want = library_wanted(c);
    if (!want) return true;
    if (want == 4) want = 1;      /* Text_Overflowed alone: text.h's */
    /* As `Include "text.h"; Include "regex.h";` at the end of the source:
     * each file's guard skips it when the program included it already. */
    if (want & 1) load_with_data(c, "text.h");
    if (want & 2) {
        const Symbol *s = sym_lookup(c->symbols, "Regex_ERROR");
        if (!s || s->kind == SYM_UNDEFINED) load_with_data(c, "regex.h");
    }
    return !bundled_state(c)->failed;
}
