/* compiler.h: the state of one compilation, handed from pass to pass.
 *
 * Each part is written by the passes named here, in pass order, and only
 * read after them:
 *   sources   the front end; bundled.c adds the stdlib files it reads
 *   symbols   declare defines them in source order (bundled.c the stdlib
 *             files' routines); check adds the names it finds undefined
 *             and marks uses (SYMF_USED); the program builder numbers
 *             them (Symbol.ir_id)
 *   program   the AST: the parser builds it and declare appends each
 *             directive; check (with fold) alone writes the resolution
 *             fields ast.h names and turns varying property strings into
 *             routines (varying.c)
 *   target    target_select, and a Version directive while parsing
 *   declare, frontend, bundled, varying: each module's own state (the
 *             varying trees are check's, which lowering reads)
 * Nothing here is global: the fuzzer runs many compilations in one
 * process. */
#ifndef VINFORM_COMPILER_H
#define VINFORM_COMPILER_H

#include <stdbool.h>
#include "arena.h"
#include "ast.h"
#include "options.h"
#include "source.h"
#include "symbols.h"
#include "target.h"

typedef struct Compiler {
    Arena arena;            /* AST, symbols, interned text */
    Options *opts;
    Sources *sources;
    Symtab *symbols;
    Node *program;          /* NODE_PROGRAM: every directive, in order */
    Target *target;         /* the machine, chosen once after the options
                             * (target_select); read its limits and facts,
                             * never the options, to know the machine */
    struct Declare *declare;   /* declare's working state (compiler/declare.c) */
    struct Frontend *frontend; /* lexers and filter state (compiler/filter.c) */
    struct Bundled *bundled;   /* stdlib routines read after the program
                                * (compiler/bundled.c) */
    struct Varying *varying;   /* print statements' varying text, parsed
                                * once (compiler/varying.c) */
    struct RxCompiled *regex_compiled;  /* constant patterns compiled
                                         * (compiler/regex_compile.c) */
    int checking;           /* check_program: the index in program of
                             * the directive being checked */
    struct CheckUnused *unused; /* check_program under
                                 * $OMIT_UNUSED_ROUTINES: undefined names in
                                 * routines, reported once the routines
                                 * left out are known (check_unused.c) */
    int syntax_errors;      /* errors the parser recovered from: constructs
                             * were dropped, so check stays quiet about
                             * names that look unused */
    char *after_summary;    /* malloc'd text main.c prints after the
                             * "Compiled with" line, where inform6 prints
                             * it (-u's search), or NULL */
} Compiler;

void compiler_init(Compiler *c, Options *opts);
void compiler_free(Compiler *c);

/* The front end: reads the main source and everything it includes through
 * the lexer, the directive filter and the parser, handing each directive
 * to decl_directive() as soon as it is parsed.  Defined in grammar/parser.y. */
void parse_program(Compiler *c, SourceFile *main_file);

/* --dump-tokens: prints the token stream the parser would see (after the
 * directive filter), one token per line.  Defined with the filter. */
void dump_tokens(Compiler *c, SourceFile *main_file, FILE *out);

/* Frees c->frontend (flex scanners, filter stacks).  Called by
 * compiler_free(); diag_fatal() may longjmp out of parse_program at any
 * point, so everything the front end mallocs must be reachable from here. */
void frontend_free(Compiler *c);

/* Questions the directive filter asks declare while reading (Ifdef,
 * Iftrue): answered from the symbols defined so far in source order. */
bool decl_is_defined(Compiler *c, const char *name);
/* An Ifdef or Ifndef tested `name`, inside the routine `routine` (NULL:
 * outside any routine, or in an embedded one). */
void decl_note_ifdef(Compiler *c, const char *name, const char *routine);
/* The value of a constant usable in Iftrue/array sizes; reports (at loc)
 * and returns false when `name` is not a constant with a known value. */
bool decl_const_value(Compiler *c, const char *name, SrcLoc loc,
                      int64_t *value);

/* Declare (compiler/declare.c): defines the symbols of one directive, in
 * source order, and appends it to c->program. */
void decl_begin(Compiler *c);
void decl_directive(Compiler *c, Node *directive);

/* Check and fold (compiler/check.c): once the whole program is known,
 * resolves every name, reports undefined ones once each, folds constants
 * and gives inform6's warnings; records what it found in the AST (ast.h)
 * for the passes after it, which only read it. */
void check_program(Compiler *c);

/* The passes up to the checked AST: parse (declaring inside), the
 * bundled library, check and fold.  Run by compiler/main.c, the unit
 * tests and the fuzz target; stops after too many errors (a fatal error
 * is caught here).  0 when there was no error. */
int compile_front_end(Compiler *c, SourceFile *main_file);

#endif
