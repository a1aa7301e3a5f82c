/* ast.c: building and dumping syntax trees (see ast.h). */
#include "ast.h"

#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {
#define X(kind, doc) #kind,
#include "ast.def"
#undef X
};

const char *ast_kind_name(NodeKind kind)
{
    return (unsigned)kind < NODE_KIND_COUNT ? kind_names[kind] : "?";
}

/* log2 of the room for `count` kids (count rounded up to a power of
 * two): the arena's size class, 8 << k bytes, of the array. */
static unsigned kids_class(unsigned count)
{
    return count <= 1 ? 0 : 32 - (unsigned)__builtin_clz(count - 1);
}

/* An array of 8 << k bytes, handed back or new. */
static Node **kids_of_class(Arena *a, unsigned k)
{
    _Static_assert(sizeof(Node *) == 8, "a kid is 8 bytes: arena size classes");
    Node **kids = arena_take_back(a, k);
    return kids ? kids : arena_alloc(a, (size_t)8 << k);
}

Node **ast_kids(Arena *a, unsigned count)
{
    return kids_of_class(a, kids_class(count));
}

/* The array is full (nkids is 0 or a power of two): a new one twice as
 * big.  The old one is handed back to the arena, for the next array of
 * its size (which the parser, making a node with one or two kids for
 * every operator and call, soon asks for). */
Node *ast_add_grow(Arena *a, Node *parent, Node *kid)
{
    unsigned n = parent->nkids;
    if (n >= (1u << 24) - 1) {
        fputs("vinform: more than 16,777,215 parts in one construct\n", stderr);
        exit(2);
    }
    /* n is a power of two: its class is log2(n), the new one's one more */
    unsigned k = n ? (unsigned)__builtin_ctz(n) : 0;
    Node **kids = kids_of_class(a, n ? k + 1 : 0);
    if (n) {
        memcpy(kids, parent->kids, n * sizeof *kids);
        arena_give_back(a, parent->kids, k);
    }
    parent->kids = kids;
    parent->kids[parent->nkids++] = kid;
    return parent;
}

static void dump_text(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c == '\n') fputs("\\n", out);
        else if (c < 0x20) fprintf(out, "\\x%02x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

void ast_dump(FILE *out, const Node *n, int indent)
{
    fprintf(out, "%*s", indent * 2, "");
    if (!n) {
        fputs("()\n", out);
        return;
    }
    fprintf(out, "(%s", ast_kind_name(n->kind));
    if (n->text) {
        fputc(' ', out);
        dump_text(out, n->text);
    }
    int64_t num = n->kind == NODE_ROUTINE ? n->num & ~ROUTINE_WORDS : n->num;
    if ((num && n->kind != NODE_NAME && n->kind != NODE_LOCAL &&
         n->kind != NODE_BINOP && n->kind != NODE_UNARY &&
         n->kind != NODE_BLOCK && n->kind != NODE_SWITCH &&
         n->kind != NODE_FOR) ||
        n->kind == NODE_NUMBER)
        fprintf(out, " %lld", (long long)num);
    fprintf(out, " @%u:%u", n->loc.line, n->loc.col);
    if (!n->nkids) {
        fputs(")\n", out);
        return;
    }
    fputc('\n', out);
    for (int i = 0; i < n->nkids; i++) ast_dump(out, n->kids[i], indent + 1);
    fprintf(out, "%*s)\n", indent * 2, "");
}
