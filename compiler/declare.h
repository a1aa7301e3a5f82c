/* declare.h: declare's working state, kept for the later passes: the
 * numbering of attributes, properties and actions as they were declared,
 * the verb words, and the header directives (Release, Serial, ...). */
#ifndef VINFORM_DECLARE_H
#define VINFORM_DECLARE_H

#include <strings.h>

#include "compiler.h"
#include "hashmap.h"

/* An Object directive's place in the `->` tree, decided as declare meets
 * it in source order (inform6's rules): the program builder reads it. */
typedef struct DeclObject {
    const Node *node;            /* the OBJECT directive */
    int parent;                  /* the entry of its `->` parent; -1 when it
                                    has no arrows (or too many) */
    int depth;                   /* its arrows, or one more than its named
                                    parent's depth */
} DeclObject;

/* A name an Ifdef or Ifndef tested, and the routine the test is in. */
typedef struct DeclIfdef {
    const char *name;
    const char *routine;         /* NULL: outside any routine, or in an
                                    embedded one */
} DeclIfdef;

typedef struct Declare {
    int next_attribute;          /* 0, 1, ... */
    int next_common_property;    /* 1 is `name`, 2 and 3 hidden */
    int next_individual_property;
    Symtab *verb_words;          /* verb words, value = verb number */
    int next_verb;
    bool seen_code;              /* a routine or constant has been defined */
    bool seen_routine;
    const Node *release, *serial, *statusline;
    /* Objects in source order (not classes), with their place in the
     * `->` tree; nest[k] is the entry of the last object at depth k. */
    DeclObject *objects;
    int nobjects, objects_cap;
    HashMap object_of;           /* hash of a node's address -> entry */
    int *nest;
    int nest_len, nest_cap;
    /* Names starting Text_ or Regex_ the program uses (not as a local),
     * met while directives were declared: bundled_load_library decides
     * from them whether the bundled text library is wanted. */
    const Node **library_names;
    int nlibrary_names, library_names_cap;
    /* ##Name references and names decl_library_candidate() accepts that
     * the parser made since the current parse began (grammar/parser.y
     * counts them): a directive is walked for them only when there are
     * some, which in most programs is rarely. */
    int notes;
    /* DICT_WORD nodes the parser made since the current parse began
     * (grammar/parser.y counts them): a routine read with some is marked
     * ROUTINE_WORDS (ast.h). */
    int words_made;
    /* String literals the parser has made (grammar/parser.y counts them),
     * how many of them earlier directives held, and where the first
     * string inform6 would have compiled by now (in a routine, constant,
     * global, object or class) is: a Zcharacter directive that replaces
     * the alphabets must come before it (6.45). */
    int strings_made, strings_counted;
    const Node *first_string_directive;
    /* The names Ifdef and Ifndef tested, in source order, kept only
     * under $OMIT_UNUSED_ROUTINES or $WARN_UNUSED_ROUTINES: inform6
     * counts such a test of a routine's name as a use of the routine
     * (check_unused.c). */
    DeclIfdef *ifdefs;
    int nifdefs, ifdefs_cap;
    bool track_ifdefs;
    /* The ROUTINE and Stub directives in the program, in source order:
     * check_unused.c's routines are among them (its list made without a
     * walk over every directive, long out of the cache by then). */
    const Node **routines;
    int nroutines, routines_cap;
} Declare;

/* A name that may be the bundled text library's (Text_..., Regex_...,
 * any case): `n` characters at `t`. */
static inline bool decl_library_candidate(const char *t, size_t n)
{
    unsigned first = (unsigned char)t[0] | 0x20;
    if (first == 't') return n >= 5 && !strncasecmp(t, "Text_", 5);
    if (first == 'r') return n >= 6 && !strncasecmp(t, "Regex_", 6);
    return false;
}

/* Defines `name` as `kind` at `loc`; reports a clash with an earlier
 * definition and returns NULL. */
Symbol *decl_define(Compiler *c, const char *name, SymKind kind, SrcLoc loc,
                    Node *decl);

/* "a" or "an", for "is already defined as an attribute". */
const char *decl_a_kind(SymKind k);
/* "the global variable 'g'", for messages about values that must be
 * constants. */
const char *decl_describe(Compiler *c, const Node *n);

/* "file:line" of a symbol's definition, for messages. */
const char *decl_where(Compiler *c, const Symbol *s);

/* True if `loc` is in a file that said System_file. */
bool decl_in_system_file(Compiler *c, SrcLoc loc);

/* Properties named in `with`/`private` (declare_objects.c). */
void decl_object(Compiler *c, Node *n);
/* The DeclObject entry of an OBJECT directive, or -1. */
int decl_object_entry(const Compiler *c, const Node *n);
void decl_class(Compiler *c, Node *n);
/* Verb and Extend (declare_verbs.c). */
void decl_verb(Compiler *c, Node *n);
void decl_extend(Compiler *c, Node *n);
/* `Constant Grammar__Version = N;`, which changes the grammar version
 * where it is still allowed (declare_verbs.c). */
void decl_grammar_version(Compiler *c, Node *n);
/* `Constant Grammar_Meta__Value = 0 or 1;`, which changes the meta flag
 * ($GRAMMAR_META_FLAG) where it is still allowed (declare_verbs.c). */
void decl_grammar_meta(Compiler *c, Node *n);
/* Whether N is a grammar version the target has; reports it when not
 * (at `at`, or with no place for the $GRAMMAR_VERSION setting). */
bool decl_grammar_version_ok(Compiler *c, int64_t n, const SrcLoc *at);
/* Frees what the arena does not own. */
void decl_free(Compiler *c);

#endif
