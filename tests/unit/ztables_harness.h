/* ztables_harness.h: what the table tests share: compiling a small
 * program with inform6 (the oracle), reading its story and debug file,
 * building the same tables with codegen/zmachine's writers from data
 * entered by hand, laying them out, and comparing the bytes.
 *
 * The oracle is Debian's inform6 6.41 ($INFORM6, else /usr/bin/inform6);
 * without it the comparisons are skipped.  Programs are compiled in
 * the current folder (run-tests.sh runs unit tests in an empty one) with
 * -k, for the routine addresses in gameinfo.dbg.
 *
 * Relocations left after layout are resolved as inform6 resolved them:
 * routines by name from gameinfo.dbg, the identifier-name strings from
 * the end of the story file (inform6 compiles them last, in the order
 * the writer asks for them, so each one's address follows from the
 * sizes of those after it), ZR_OBJECT as the object number itself. */
#ifndef VINFORM_TESTS_ZTABLES_HARNESS_H
#define VINFORM_TESTS_ZTABLES_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "codegen/program_grammar.h"
#include "codegen/program_objects.h"
#include "codegen/zmachine/actions.h"
#include "codegen/zmachine/dictionary.h"
#include "codegen/zmachine/grammar.h"
#include "codegen/zmachine/identifiers.h"
#include "codegen/zmachine/layout.h"
#include "codegen/zmachine/objects.h"
#include "codegen/zmachine/ztext.h"
#include "codegen/zmachine/zref.h"

#include "check.h"

/* ---- the oracle ---- */

typedef struct Oracle {
    int version;
    uint8_t *story;
    size_t len;            /* bytes up to the header's file length */
    char **rnames;         /* routines from gameinfo.dbg */
    uint32_t *raddrs;      /* their byte addresses */
    int nroutines;
} Oracle;

/* False (with a note) when there is no inform6: the caller skips the
 * comparisons (exit status 77 when nothing else was tested). */
bool oracle_available(void);
/* Compiles `source` with `inform6 -k SWITCHES`; false (and a failed
 * check) if it does not compile. */
bool oracle_compile(Oracle *o, const char *source, const char *switches);
void oracle_free(Oracle *o);
unsigned oracle_word(const Oracle *o, uint32_t at);
/* Byte address of a routine, 0 if unknown. */
uint32_t oracle_routine(const Oracle *o, const char *name);
/* The value returned by `[ NAME; return CONST; ];` in the story. */
bool oracle_return_value(const Oracle *o, const char *routine,
                         uint32_t *value);

/* ---- the tables built by hand ---- */

typedef struct Build {
    int version;
    ZText zt;
    ProgObjects pobjs;     /* the objects entered, as the program has them */
    ZObjects *objs;        /* the property defaults; the objects at compare */
    ZDict *dict;
    Arena arena;           /* the ProgGrammar's */
    ProgGrammar *pg;       /* grammar and actions, entered by hand */
    ZActions *acts;        /* pg's actions, from build_init on */
    ZGrammar *gram;        /* NULL until build_grammar */
    int *word_ids;         /* pg word -> ZDict id, after build_grammar */
    ZIdents *ids;
    char *routines[256];         /* ZR_ROUTINE target -> name */
    int nroutines;
    char *strings[1024];         /* ZR_STRING target -> text */
    uint32_t string_size[1024];
    int nstrings;
    /* what the layout needs besides the writers' tables */
    int attributes, global_vars, arrays_count;
    bool omit_symbols;
    ZBlock *arrays;              /* dynamic arrays, or NULL: the oracle's */
    ZBlock *static_arrays;       /* or NULL: none */
} Build;

void build_init(Build *b, int version, int grammar_version);
void build_free(Build *b);
/* Finishes b->pg (action numbers), adds its words to the dictionary and
 * encodes it (b->gram, b->word_ids); once.  A complaint that is not a
 * warning fails a check.  build_compare calls it. */
void build_grammar(Build *b);
/* A routine value for a token or an action's routine. */
IrValue build_routine_ir(Build *b, const char *name);
/* A routine id for ZR_ROUTINE. */
uint32_t build_routine(Build *b, const char *name);
ZOperand build_routine_value(Build *b, const char *name);
/* Z-encodes ASCII text (for short names). */
void build_encode(Build *b, const char *text, ZBuf *out);
/* The metaclass objects 1-4. */
void build_metaclasses(Build *b);
/* pobj_begin with an ASCII short name. */
void build_object(Build *b, bool is_class, const char *name, int parent);
/* A dictionary word (ASCII, with //flags), NOUN-flagged as a value. */
int build_word(Build *b, const char *word);
ZOperand build_word_value(Build *b, const char *word);
IrValue build_word_ir(Build *b, const char *word);
/* Every ZI_PROPERTY symbol inform6 makes before reading the source. */
void build_standard_symbols(Build *b);

/* Writes every table (the objects entered made Z objects first), lays the story out with the oracle's globals and
 * arrays, resolves what is left as inform6 did, and compares every byte
 * from $40 to the start of the code, the header's addresses and the
 * values of the `#` constants for which the program has a routine
 * `SC_name` returning `#name`. */
void build_compare(Build *b, const Oracle *o, const char *what);

/* ---- reading the grammar part of a test program (ztables_source.c) ----
 * Enough of Inform to enter a grammar test's data from its own source
 * (into b->pg, through program_grammar.h's builder):
 * `Attribute a;`, `Fake_action A;`, `Verb` and `Extend` in every form
 * (lines of any tokens, '/', `-> Action [reverse] [meta]`), `##Action`
 * and 'word' values anywhere else, `[ Routine ...`.  Symbols go to the
 * identifier table in order of first appearance, as inform6 makes them;
 * every action gets its NameSub routine.  Returns false (with a failed
 * check) on something it cannot read. */
bool build_source(Build *b, const char *source);

#endif
