/* bundled.h: the Inform 6 sources built into vinform (stdlib/), whose
 * routines a story gets by name, only when something calls them: the
 * veneer (veneer-z.h, veneer-g.h), varying strings' varying.h, and the
 * text and regex libraries (text.h, regex.h).
 *
 * Takes the checked program; reads a bundled file after it, as a
 * System_file, with the program's symbols visible (so its `#Ifdef DEBUG`,
 * `#Ifdef action`, `#Ifndef RV__Pr` see the whole program, as inform6's
 * veneer does).  Gives the ROUTINE node of a bundled routine by name,
 * checked (names resolved, locals, labels) the first time it is asked
 * for, so that errors in it (a `debug_flag` a -D program lacks) are
 * reported only when a story needs that routine.  The nodes are kept
 * here, never in c->program: the program builder and lowering number them
 * by name (value.h: pools_veneer_routine), and the driver reads and
 * checks each before it is lowered (compiler/main.c). */
#ifndef VINFORM_BUNDLED_H
#define VINFORM_BUNDLED_H

#include <stdbool.h>
#include <stddef.h>
#include "compiler.h"

/* One file of stdlib/ as the build embedded it (compiler/bundled_data.c,
 * made by tools/embed): `text` is followed by a NUL. */
typedef struct BundledFile {
    const char *name;              /* "veneer-z.h" */
    const unsigned char *text;
    long len;
} BundledFile;

extern const BundledFile bundled_files[];
extern const int bundled_nfiles;

/* The text of the embedded file `name` and its length; NULL when none. */
const char *bundled_source(const char *name, size_t *len);

/* The pass after check: reads the veneer for the target (veneer-z.h, or
 * veneer-g.h with -G; indexed, its routines are read one by one by
 * bundled_routine), and stdlib/varying.h when a print statement of the
 * program chooses between alternatives (varying_runtime_needed); once per
 * compilation, later calls do nothing.  Call it after the front end
 * succeeded, when a story is to be written (never for --syntax-only or
 * --dump-ast).  False after errors, which are reported (at "veneer-z.h",
 * line N: vinform's bugs). */
bool bundled_load(Compiler *c);

/* The same for any embedded file; its routines join the table.  Only
 * routines are allowed in a file read this way (other directives are
 * reported); bundled_load_library reads text.h and regex.h, whose other
 * directives join the program. */
bool bundled_load_file(Compiler *c, const char *name);

/* The text and regex library (stdlib/text.h, stdlib/regex.h) for a
 * program that uses it without including it: when the parsed program
 * refers to a name starting Text_ (or Regex_, or Text_Overflowed, which
 * regex.h declares too) that it does not define, reads text.h (regex.h) as if included at the end of the source, unless
 * the program included it itself.  The files' constants, globals and
 * arrays join c->program; their routines join the table, compiled into
 * the story only when called (a routine of the program's own name wins).
 * Call between parsing and checking the program (compile_front_end).
 * False after errors, which are reported. */
bool bundled_load_library(Compiler *c);

/* A routine written while compiling (regex_compile.c: a constant
 * pattern's): the routine `name`, whose Inform source is `text` (kept,
 * not copied), a bundled routine from now on, read and checked only when
 * bundled_routine is asked for it. */
void bundled_add_routine(Compiler *c, const char *name, const char *text);

/* For the driver, just before it lowers a bundled routine the program
 * builder or lowering asked for by name (value.h: pools_bundled_wanted):
 * the ROUTINE node of the bundled routine `name` (any case), checked; or
 * NULL when the program defines a routine of that name itself (the
 * program's wins) or no bundled file read so far has one.  Loads the
 * veneer first if bundled_load() was not called.  After an error in the
 * routine the node is still given; diag_had_errors() says no story may
 * be written.  Like every pass after the front end, may longjmp to the
 * driver's diag_catch_fatal() handler after too many errors. */
const Node *bundled_routine(Compiler *c, const char *name);

/* True when `s` is a routine the compiler knows by name (a veneer
 * routine, builtins.c) that the program has not defined: `#Ifdef` and
 * `#Ifndef` treat it as not defined, as inform6 does. */
static inline bool bundled_is_default(const Symbol *s)
{
    return s->kind == SYM_ROUTINE &&
           (s->flags & (SYMF_BUILTIN | SYMF_DEFAULT)) ==
               (SYMF_BUILTIN | SYMF_DEFAULT);
}

/* For declare: while a bundled file is being read, takes each directive
 * the parser gives (a routine joins the table, not the program) and
 * returns true; false otherwise. */
bool bundled_directive(Compiler *c, Node *n);

/* Frees what the arena does not own (compiler_free). */
void bundled_free(Compiler *c);

#endif
