/* ast.h: the syntax tree the parser builds and declare/check read.
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
    NodeKind kind;
    SrcLoc loc;
    const char *text;   /* NULL when the kind has none */
    int64_t num;
    int nkids, cap;
    Node **kids;
};

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

/* Appends `kid` (which may be NULL, for an absent optional part) and
 * returns `parent`, so builders can chain. */
Node *ast_add_grow(Arena *a, Node *parent, Node *kid);
static inline Node *ast_add(Arena *a, Node *parent, Node *kid)
{
    if (parent->nkids < parent->cap) {
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
 * Y (the symbol Y's decl is this node). */
enum { ROUTINE_TRACED = 1, ROUTINE_SKIPPED = 2, ROUTINE_RENAMED = 4 };
enum { PROPF_ADDITIVE = 1, PROPF_LONG = 2, PROPF_INDIVIDUAL = 4 };
enum { EXTEND_ONLY = 1, EXTEND_FIRST = 2, EXTEND_LAST = 4, EXTEND_REPLACE = 8 };
enum { GAF_REVERSE = 1, GAF_META = 2 };
enum { MSG_INFO = 0, MSG_WARNING, MSG_ERROR, MSG_FATAL };
enum { ZCHAR_ALPHABETS = 1, ZCHAR_CHAR, ZCHAR_TABLE, ZCHAR_TABLE_PLUS,
       ZCHAR_TERMINATING };

#endif
