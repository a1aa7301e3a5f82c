/* ast.h: the syntax tree the parser builds and declare/check read.
 *
 * Who writes what: the parser makes the nodes and sets every field;
 * declare appends directives to the program and writes nothing in them;
 * check (with fold, its constant folding) alone writes the resolution
 * fields below (ast_name_set_local, ast_name_set_symbol,
 * ast_name_set_byname, ast_set_folded) and varying.c's rewriting of
 * string property values into routines; every pass after check only
 * reads the tree.
 *
 * One generic node shape for every construct: a kind, a location, an
 * optional text (a name, a decoded string, an operator's spelling), an
 * integer (a literal's value, flags), and an ordered list of children.
 * What the text, number and children mean for each kind is documented next
 * to the kind in ast.def, which is the single list of kinds.
 *
 * Nodes live in the compilation arena and are never freed one by one. */
#ifndef VINFORM_AST_H
#define VINFORM_AST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "arena.h"
#include "srcloc.h"

typedef enum NodeKind {
#define X(kind, doc) NODE_##kind,
#include "ast.def"
#undef X
    NODE_KIND_COUNT
} NodeKind;

typedef struct Node Node;
struct Node {
    SrcLoc loc;
    NodeKind kind : 8;
    /* The kids array holds nkids rounded up to a power of two (0 for no
     * array): it is full when nkids is 0 or a power of two, so the node
     * needs no capacity field and is 40 bytes, not 48 (there are 200,000
     * nodes in a 20,000-line program, and the walks over them were
     * limited by the memory they touch).  Shrinking nkids is allowed;
     * setting it higher than the array was made for is not. */
    unsigned nkids : 24;
    const char *text;   /* NULL when the kind has none */
    union {
        int64_t num;
        uintptr_t name_ref;     /* NAME: see ast_name_local below */
    };
    Node **kids;
};
_Static_assert(NODE_KIND_COUNT <= 256, "a node kind fits in 8 bits");

/* What a NAME denotes, recorded by check when it resolves the name in
 * its routine (check.c: check_name), so that the passes after it do not
 * look it up again: the LOCAL node of the routine's local variable, or
 * the Symbol (the name is no local there).  Neither for a name check did
 * not resolve (inside a folded constant expression, whose value is
 * recorded instead: ast_folded): its users look it up by text.  A tagged
 * pointer in place of num, which NAME nodes do not otherwise use (hidden
 * in dumps). */
enum { AST_NAME_LOCAL = 1, AST_NAME_SYMBOL = 2, AST_NAME_BYNAME = 3,
       AST_NAME_TAGS = 7 };
struct Symbol;
_Static_assert(_Alignof(Node) > AST_NAME_TAGS, "tag bits free in a Node *");

static inline void ast_name_set_local(Node *n, const Node *local)
{
    n->name_ref = (uintptr_t)local | AST_NAME_LOCAL;
}

static inline void ast_name_set_symbol(Node *n, struct Symbol *s)
{
    n->name_ref = (uintptr_t)s | AST_NAME_SYMBOL;
}

/* The LOCAL node, or NULL. */
static inline const Node *ast_name_local(const Node *n)
{
    return (n->name_ref & AST_NAME_TAGS) == AST_NAME_LOCAL
           ? (const Node *)(n->name_ref & ~(uintptr_t)AST_NAME_TAGS) : NULL;
}

/* The symbol (a name known not to be a local), or NULL. */
static inline struct Symbol *ast_name_symbol(const Node *n)
{
    return (n->name_ref & AST_NAME_TAGS) == AST_NAME_SYMBOL
           ? (struct Symbol *)(n->name_ref & ~(uintptr_t)AST_NAME_TAGS) : NULL;
}

/* Constant folding's note (fold.c, in check), once the program has been
 * read: the symbol of the name, NULL for none, on a NAME check has not
 * resolved yet (check_name then takes it from there).  True when there is
 * one, in *s. */
static inline bool ast_name_byname(const Node *n, struct Symbol **s)
{
    if ((n->name_ref & AST_NAME_TAGS) != AST_NAME_BYNAME) return false;
    *s = (struct Symbol *)(n->name_ref & ~(uintptr_t)AST_NAME_TAGS);
    return true;
}

static inline void ast_name_set_byname(Node *n, struct Symbol *s)
{
    n->name_ref = (uintptr_t)s | AST_NAME_BYNAME;
}

/* Constant folding's value of a BINOP or UNARY node, written by check
 * (fold.c: fold_check) for every such node it folds to a constant, in
 * the routine's scope; the passes after check read it here and fold
 * nothing themselves.  A node check did not reach, or whose value is not
 * known at compile time, has none.  Kept in num, which these kinds do not
 * otherwise use, with a bit above the value's 32 (hidden in dumps). */
#define AST_FOLDED ((int64_t)1 << 32)

/* Check found the BINOP or UNARY `n` not constant (a variable in it):
 * folding its ancestors, and it again when check walks down to it, need
 * not look inside (a chain `y + y + ... + y` would otherwise be folded
 * from each of its nodes down, in time growing as its length squared). */
#define AST_NOT_CONSTANT ((int64_t)1 << 33)

static inline void ast_set_not_constant(Node *n)
{
    n->num |= AST_NOT_CONSTANT;
}

static inline bool ast_not_constant(const Node *n)
{
    return (n->num & AST_NOT_CONSTANT) != 0;
}

static inline void ast_set_folded(Node *n, int64_t value)
{
    n->num = AST_FOLDED | (int64_t)(uint32_t)value;
}

/* Check's note on a comparison or `&&`/`||` it folded whose names are
 * all constants defined before the directive it is in: inform6 folds
 * exactly these while it compiles the routine (a name defined later is
 * still a reference to it), so lowering makes the test a constant (a
 * jump or nothing) only for them. */
#define AST_COND_CONST ((int64_t)1 << 34)

static inline void ast_set_cond_const(Node *n)
{
    n->num |= AST_COND_CONST;
}

static inline bool ast_cond_const(const Node *n)
{
    return (n->num & AST_COND_CONST) != 0;
}

/* Check's note on a `==` or `~=` with one alternative that it did not
 * fold, whose alternative names only what is defined before the directive
 * it is in: inform6 knows that value as it compiles the routine, and
 * tests `x == 0` with jz (a name defined later is still a reference). */
#define AST_ALT_BEFORE ((int64_t)1 << 35)

static inline void ast_set_alt_before(Node *n)
{
    n->num |= AST_ALT_BEFORE;
}

static inline bool ast_alt_before(const Node *n)
{
    return (n->num & AST_ALT_BEFORE) != 0;
}

/* True, with the value (already wrapped to the target's word), when check
 * folded the BINOP or UNARY `n`. */
static inline bool ast_folded(const Node *n, int64_t *value)
{
    if (!(n->num & AST_FOLDED)) return false;
    *value = (int32_t)(uint32_t)n->num;
    return true;
}

/* Where a braced BLOCK, a routine's body BLOCK or a SWITCH ends: the
 * place of the `}` or `]` that closes it (the parser's note; -k's
 * sequence points give that place to the code after it, as inform6
 * does).  Kept in num, which these kinds do not otherwise use, as the
 * line above 32 bits and the column below, in the file of the node's own
 * place (hidden in dumps); {0} for none (a `;` statement, a block the
 * compiler made). */
static inline void ast_set_end(Node *n, SrcLoc end)
{
    n->num = (int64_t)((uint64_t)end.line << 32 | end.col);
}

static inline SrcLoc ast_end(const Node *n)
{
    uint64_t v = (uint64_t)n->num;
    if (!v) return (SrcLoc){ 0 };
    return (SrcLoc){ n->loc.file, (uint32_t)(v >> 32), (uint32_t)v };
}

/* Where each part of a FOR (0 the initialisation, 1 the condition, 2
 * the update) begins: its first token, an opening parenthesis too (which
 * no node keeps), as the parser noted it for -k's sequence points.  Kept
 * in num (hidden in dumps), 21 bits a part: its column (16 bits, 0 for
 * none) and how many lines after the `for` it is (5 bits); {0} for a
 * part not noted (32 lines or more below, past column 65535, or absent). */
static inline void ast_for_set_start(Node *n, int part, SrcLoc at)
{
    uint32_t below = at.line - n->loc.line;
    if (at.file != n->loc.file || at.line < n->loc.line || below > 31 ||
        !at.col || at.col > 0xFFFF)
        return;
    n->num |= (int64_t)(below << 16 | at.col) << (21 * part);
}

static inline SrcLoc ast_for_start(const Node *n, int part)
{
    uint32_t v = (uint32_t)(n->num >> (21 * part)) & 0x1FFFFF;
    if (!(v & 0xFFFF)) return (SrcLoc){ 0 };
    return (SrcLoc){ n->loc.file, n->loc.line + (v >> 16), v & 0xFFFF };
}

/* (Inline: the parser calls them for every node.) */
static inline Node *ast_new(Arena *a, NodeKind kind, SrcLoc loc)
{
    Node *n = arena_alloc(a, sizeof *n);    /* zeroed */
    n->kind = kind;
    n->loc = loc;
    return n;
}

static inline Node *ast_new_text(Arena *a, NodeKind kind, SrcLoc loc,
                                 const char *text)
{
    Node *n = ast_new(a, kind, loc);
    n->text = text;
    return n;
}

static inline Node *ast_new_num(Arena *a, NodeKind kind, SrcLoc loc,
                                int64_t num)
{
    Node *n = ast_new(a, kind, loc);
    n->num = num;
    return n;
}

/* A kids array for `count` kids (room for count rounded up to a power of
 * two, as Node.nkids's comment requires), not zeroed (it may be one an
 * earlier node outgrew): the caller sets the kids and the node's nkids. */
Node **ast_kids(Arena *a, unsigned count);

/* Appends `kid` (which may be NULL, for an absent optional part) and
 * returns `parent`, so builders can chain. */
Node *ast_add_grow(Arena *a, Node *parent, Node *kid);
static inline Node *ast_add(Arena *a, Node *parent, Node *kid)
{
    unsigned n = parent->nkids;
    if (n & (n - 1)) {                 /* not 0, not a power of two: room */
        parent->kids[parent->nkids++] = kid;
        return parent;
    }
    return ast_add_grow(a, parent, kid);
}

const char *ast_kind_name(NodeKind kind);

/* Writes the tree as indented S-expressions, one node per line:
 *     (KIND "text" num @line:col
 * with text and num shown only when the kind uses them.  The format is
 * what the tests/syntax/NAME.ast files hold. */
void ast_dump(FILE *out, const Node *n, int indent);

/* Flag and kind values stored in Node.num by the directive kinds. */
enum { ARRAY_BYTE = 1, ARRAY_WORD, ARRAY_STRING, ARRAY_TABLE, ARRAY_BUFFER,
       ARRAY_KIND_MASK = 0xff, ARRAY_STATIC = 0x100 };
/* ROUTINE num: `*` given; discarded by Replace; kept by `Replace X Y` as
 * Y (the symbol Y's decl is this node); nothing the story runs reaches
 * it, so that $OMIT_UNUSED_ROUTINES=1 leaves it out (check_unused.c);
 * the parser made a DICT_WORD node while it read the routine (so that
 * the program builder walks only such a left-out routine for the words
 * the dictionary keeps; not shown by ast_dump). */
enum { ROUTINE_TRACED = 1, ROUTINE_SKIPPED = 2, ROUTINE_RENAMED = 4,
       ROUTINE_UNUSED = 8, ROUTINE_WORDS = 16 };
enum { PROPF_ADDITIVE = 1, PROPF_LONG = 2, PROPF_INDIVIDUAL = 4 };
enum { EXTEND_ONLY = 1, EXTEND_FIRST = 2, EXTEND_LAST = 4, EXTEND_REPLACE = 8 };
enum { GAF_REVERSE = 1, GAF_META = 2 };
/* ASM num: the form (an opcode by name, a custom opcode, `@ ->` bytes,
 * `@ -->` words), and ASMF_STOPS when the target's check_asm said that
 * execution never goes on after it (target.h: AsmStatement.stops). */
enum { ASMF_OPCODE = 0, ASMF_CUSTOM, ASMF_BYTES, ASMF_WORDS, ASMF_FORM = 3,
       ASMF_STOPS = 4 };
enum { MSG_INFO = 0, MSG_WARNING, MSG_ERROR, MSG_FATAL };
enum { ZCHAR_ALPHABETS = 1, ZCHAR_CHAR, ZCHAR_TABLE, ZCHAR_TABLE_PLUS,
       ZCHAR_TERMINATING };

#endif
