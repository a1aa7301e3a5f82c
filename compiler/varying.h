/* varying.h: varying strings, `"The coin comes up {%heads|tails}."`.
 *
 * In text that is printed where it is written (the items of a print or
 * print_ret statement, a string on its own as a statement), `{a|b|c}`
 * prints one alternative, chosen anew each time: no mark after the `{` =
 * in sequence, sticking at the last; `%` at random; `!` at random but
 * never the same twice running; `&` in a cycle.  Alternatives may be
 * empty and may nest; one `{...}` may span several print items
 * (`"{%I hate ", (the) x, " a lot.|Bah.}"`).  An unescaped `|` outside
 * braces and a `%`, `!` or `&` anywhere but right after `{` print as they
 * are; `@{7B}`, `@{7C}` and `@{7D}` print `{`, `|` and `}`.
 *
 * Takes the checked AST; gives, for a PRINT node, its items read as one
 * sequence of text, other items and varying groups (a tree parsed once and
 * kept for lowering), and reports braces that do not pair at their own
 * line and column.  A `{` acts only when a `}` of the same statement
 * closes it and its group has a `|` at its own level or starts with `%`,
 * `!` or `&`; any other brace or bar is text, as inform6 prints it.  A
 * string property value with varying text is turned into an embedded
 * routine that prints it (varying_property); a string used as a value
 * anywhere else keeps its braces as text (varying_value warns).
 * $VARYING_STRINGS=0 turns all of it off: braces are then plain text. */
#ifndef VINFORM_VARYING_H
#define VINFORM_VARYING_H

#include <stdbool.h>
#include "compiler.h"
#include "text.h"

typedef enum VaryMethod {
    VARY_SEQUENCE,       /* {a|b|c}: a, b, c, c, c ... */
    VARY_RANDOM,         /* {%a|b|c} */
    VARY_NO_REPEAT,      /* {!a|b|c}: random, never the same twice running */
    VARY_CYCLE,          /* {&a|b|c}: a, b, c, a, b ... */
} VaryMethod;

/* Limits the story's tables can hold (stdlib/varying.h's table word 1 is
 * method * 4096 + alternatives), and a nesting depth that keeps the
 * compiler's recursion small. */
enum { VARY_MAX_ALTERNATIVES = 4095, VARY_MAX_DEPTH = 64 };

typedef enum VaryPartKind {
    VARY_TEXT,           /* printed text: `units` */
    VARY_ITEM,           /* a print item that is not a string: `item` */
    VARY_GROUP,          /* a varying substring: `group` */
} VaryPartKind;

typedef struct VaryGroup VaryGroup;

typedef struct VaryPart {
    VaryPartKind kind;
    const TextUnit *units;   /* VARY_TEXT: TU_CHAR, TU_DYNAMIC and
                              * TU_DYNAMIC_NAME units, never empty */
    int nunits;
    const Node *item;        /* VARY_ITEM: expression or PRINT_RULE;
                              * VARY_TEXT: the STRING it starts in */
    const VaryGroup *group;  /* VARY_GROUP */
} VaryPart;

/* A sequence: a whole print statement, or one alternative (empty when it
 * prints nothing).  Consecutive text is one VARY_TEXT part. */
typedef struct VarySeq {
    const VaryPart *parts;
    int nparts;
} VarySeq;

struct VaryGroup {
    VaryMethod method;
    SrcLoc loc;              /* its `{` */
    const VarySeq *alts;
    int nalts;               /* 1 .. VARY_MAX_ALTERNATIVES */
};

/* The items of print statement `print` (a PRINT node) as one sequence, or
 * NULL when the statement holds no varying text (no brace that acts), when
 * $VARYING_STRINGS is 0, or after an error.  Errors (a `{` with a `|` of
 * its own that the statement never closes, nesting or alternatives past
 * the limits) are reported the first time, at the brace; the tree is
 * parsed once and the same one given on later calls. */
const VarySeq *varying_print(Compiler *c, const Node *print);

/* For the passes after check, which only read: the tree varying_print
 * gave for `print` when check met it, or NULL (no varying text). */
const VarySeq *varying_tree(const Compiler *c, const Node *print);

/* For listings (the index, --listing): the print statements check read
 * that hold varying text, in the order it read them; n counts them.
 * The i-th gives its tree and sets *print. */
int varying_nprints(const Compiler *c);
const VarySeq *varying_nth(const Compiler *c, int i, const Node **print);

/* True when some print statement check read chooses between
 * alternatives, so the story needs stdlib/varying.h's Vary__Print. */
bool varying_runtime_needed(const Compiler *c);

/* For a STRING used as a value (an expression, an initialiser, a
 * Constant...): its braces are always text, as inform6 keeps them; a
 * warning says so when they would form a varying substring with a choice
 * in printed text (`{a|b}`), since the author meant it to vary.
 * `short_name` words the message for an object's name. */
void varying_value(Compiler *c, const Node *string, bool short_name);

/* A property definition (PROP_DEF) of an object or class: a string value
 * with varying text becomes an EMBEDDED_ROUTINE that prints exactly what
 * the library prints for the plain string: `print_ret` (text, new line,
 * return true), or for the properties the library prints inline
 * (short_name, short_name_indef, article, plural) the text alone, then
 * return true.  A varying string among several values is an error.  The
 * `name` property's strings are dictionary words, never changed. */
void varying_property(Compiler *c, Node *prop_def);

#endif
