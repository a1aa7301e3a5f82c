/* fold.c: constant folding over expression nodes (see fold.h). */
#include "fold.h"

#include <string.h>

int64_t fold_wrap(const Compiler *c, int64_t v)
{
    if (c->word_size == 2) return (int16_t)(uint16_t)(uint64_t)v;
    return (int32_t)(uint32_t)(uint64_t)v;
}

static bool fold_name(Compiler *c, const Node *n, int64_t *out)
{
    Symbol *s = sym_lookup(c->symbols, n->text);
    if (!s || !(s->flags & SYMF_VALUE_KNOWN)) return false;
    if (s->kind != SYM_CONSTANT) return false;
    s->flags |= SYMF_USED;
    *out = s->value;
    return true;
}

static bool fold_unary(const char *op, int64_t a, int64_t *out)
{
    if (!strcmp(op, "-")) *out = -a;
    else if (!strcmp(op, "~")) *out = ~a;
    else if (!strcmp(op, "~~")) *out = !a;
    else if (!strcmp(op, "+")) *out = a;
    else return false;
    return true;
}

static bool fold_compare(const char *op, int64_t a, int64_t b, int64_t *out)
{
    if (!strcmp(op, "==")) *out = a == b;
    else if (!strcmp(op, "~=")) *out = a != b;
    else if (!strcmp(op, "<")) *out = a < b;
    else if (!strcmp(op, ">")) *out = a > b;
    else if (!strcmp(op, "<=")) *out = a <= b;
    else if (!strcmp(op, ">=")) *out = a >= b;
    else return false;
    return true;
}

static bool fold_binary(Compiler *c, const Node *n, int64_t a, int64_t b,
                        int64_t *out)
{
    const char *op = n->text;
    if (!strcmp(op, "+")) *out = a + b;
    else if (!strcmp(op, "-")) *out = a - b;
    else if (!strcmp(op, "*")) *out = a * b;
    else if (!strcmp(op, "&")) *out = a & b;
    else if (!strcmp(op, "|")) *out = a | b;
    else if (!strcmp(op, "&&")) *out = a && b;
    else if (!strcmp(op, "||")) *out = a || b;
    else if (!strcmp(op, "/") || !strcmp(op, "%")) {
        if (b == 0) {
            diag_error(&n->loc, "division of a constant by zero; the value "
                       "must be known when the program is compiled");
            return false;
        }
        *out = op[0] == '/' ? a / b : a % b;
    } else return fold_compare(op, a, b, out);
    return true;
}

bool fold_const(Compiler *c, const Node *n, int64_t *out)
{
    int64_t a, b;
    if (!n) return false;
    switch (n->kind) {
    case NODE_NUMBER:
    case NODE_CHAR_LIT:
        *out = fold_wrap(c, n->num);
        return true;
    case NODE_NAME:
        return fold_name(c, n, out);
    case NODE_SYSCONST:
        return decl_system_constant(c, n->text, out);
    case NODE_UNARY:
        if (!n->nkids || !fold_const(c, n->kids[0], &a) ||
            !fold_unary(n->text, a, out))
            return false;
        break;
    case NODE_BINOP:
        if (n->nkids != 2 || !fold_const(c, n->kids[0], &a) ||
            !fold_const(c, n->kids[1], &b) || !fold_binary(c, n, a, b, out))
            return false;
        break;
    default:
        return false;
    }
    *out = fold_wrap(c, *out);
    return true;
}
