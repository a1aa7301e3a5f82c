/* fold.c: constant folding over expression nodes (see fold.h).
 *
 * Declare folds silently (a constant's value, an array size, in source
 * order); check folds every constant expression once more with `report`
 * set, so an overflow or a division by zero is reported exactly once,
 * where the code is, and records each value in its node (ast_set_folded)
 * for the passes after it.  Folding reads the AST, the symbols and, in a
 * routine, the table of its locals (locals.h) that check fills: nothing
 * of check's own. */
#include "fold.h"

#include <string.h>

typedef struct Folder {
    Compiler *c;
    bool report;
    bool failed_loudly;     /* an error was reported while folding */
    bool note;              /* check: the program has been read, names'
                             * symbols and values are noted in the nodes */
    const Locals *locals;   /* check, in a routine: its locals */
} Folder;

int64_t fold_wrap(const Compiler *c, int64_t v)
{
    if (c->target->lim.word_size == 2) return (int16_t)(uint16_t)(uint64_t)v;
    return (int32_t)(uint32_t)(uint64_t)v;
}

static bool fold(Folder *f, const Node *n, int64_t *out);

/* The symbol of a name (a local of the same name is not looked at
 * here): as check resolved it, or as noted by an earlier folding, or
 * looked up.  Check folds every expression before it resolves its names,
 * so the answer is noted once the program has been read, in the NAME,
 * and check_name takes it from there.  Symbols are not removed after
 * that, and none made later is a constant. */
static Symbol *name_symbol(Folder *f, const Node *n)
{
    Symbol *s = ast_name_symbol(n);
    if (s || ast_name_byname(n, &s)) return s;
    s = sym_lookup(f->c->symbols, n->text);
    if (f->note) ast_name_set_byname((Node *)n, s);
    return s;
}

static bool fold_name(Folder *f, const Node *n, int64_t *out)
{
    /* A local shadows the constant of the same name (inform6 too); a
     * name resolved to a symbol (or noted) is no local. */
    Symbol *s;
    if (ast_name_local(n)) return false;
    if (!ast_name_symbol(n) && !ast_name_byname(n, &s) &&
        locals_find(f->locals, n->text) >= 0)
        return false;
    s = name_symbol(f, n);
    if (!s || !(s->flags & SYMF_VALUE_KNOWN)) return false;
    if (s->kind != SYM_CONSTANT) return false;
    s->flags |= SYMF_USED;
    /* In a routine, a constant defined after the directive is, for
     * inform6, a reference it resolves only once the constant is met:
     * it folds nothing with it (no overflow or division by zero is
     * known then; the code computes the value). */
    if (f->locals && s->defined_in > f->c->checking) return false;
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

/* inform6 compares constants as it holds them: on the Z-machine as
 * unsigned 16-bit words (-1 < 0 is false there), on Glulx as signed
 * 32-bit ones. */
static bool fold_compare(const Compiler *c, const char *op, int64_t a,
                         int64_t b, int64_t *out)
{
    if (c->target->lim.word_size == 2) {
        a = (uint16_t)(uint64_t)a;
        b = (uint16_t)(uint64_t)b;
    }
    if (!strcmp(op, "==")) *out = a == b;
    else if (!strcmp(op, "~=")) *out = a != b;
    else if (!strcmp(op, "<")) *out = a < b;
    else if (!strcmp(op, ">")) *out = a > b;
    else if (!strcmp(op, "<=")) *out = a <= b;
    else if (!strcmp(op, ">=")) *out = a >= b;
    else return false;
    return true;
}

/* inform6 refuses signed overflow in folded + - * (its message quotes the
 * sum); the VM's own wrap-around applies only at run time. */
static bool check_overflow(Folder *f, const Node *n, int64_t a, int64_t b,
                           int64_t r)
{
    int64_t hi = f->c->target->lim.max_signed, lo = -hi - 1;
    if (r >= lo && r <= hi) return true;
    if (f->report) {
        diag_error(&n->loc, "signed arithmetic on constants overflowed: "
                   "%lld %s %lld is outside the %s's range %lld to %lld",
                   (long long)a, n->text, (long long)b,
                   f->c->target->ops->name,
                   (long long)lo, (long long)hi);
        f->failed_loudly = true;
    }
    return false;
}

static bool fold_binary(Folder *f, const Node *n, int64_t a, int64_t b,
                        int64_t *out)
{
    const char *op = n->text;
    if (!strcmp(op, "+")) *out = a + b;
    else if (!strcmp(op, "-")) *out = a - b;
    else if (!strcmp(op, "*")) *out = a * b;
    else if (!strcmp(op, "&")) return *out = a & b, true;
    else if (!strcmp(op, "|")) return *out = a | b, true;
    else if (!strcmp(op, "&&")) return *out = a && b, true;
    else if (!strcmp(op, "||")) return *out = a || b, true;
    else if (!strcmp(op, "/") || !strcmp(op, "%")) {
        if (b == 0) {
            if (f->report) {
                diag_error(&n->loc, "division by zero: %lld%s0 has no value",
                           (long long)a, op);
                f->failed_loudly = true;
            }
            return false;
        }
        return *out = op[0] == '/' ? a / b : a % b, true;
    } else return fold_compare(f->c, op, a, b, out);
    return check_overflow(f, n, a, b, *out);
}

/* A BINOP or UNARY that did not fold: check (f->note) remembers it
 * unless the failure was an error it reported.  Returns false. */
static bool not_constant(Folder *f, const Node *n)
{
    if (f->note && !f->failed_loudly) ast_set_not_constant((Node *)n);
    return false;
}

static bool fold(Folder *f, const Node *n, int64_t *out)
{
    int64_t a, b;
    if (!n) return false;
    switch (n->kind) {
    case NODE_NUMBER:
    case NODE_CHAR_LIT:
        *out = fold_wrap(f->c, n->num);
        return true;
    case NODE_NAME:
        return fold_name(f, n, out);
    case NODE_SYSCONST:
        return target_sysconst(f->c, n->text, out);
    case NODE_UNARY:
        if (f->note && ast_not_constant(n)) return false;
        if (!n->nkids || !fold(f, n->kids[0], &a) || !fold_unary(n->text, a, out))
            return not_constant(f, n);
        break;
    case NODE_BINOP:
        if (f->note && ast_not_constant(n)) return false;
        if (n->nkids != 2 || !fold(f, n->kids[0], &a)) return not_constant(f, n);
        if (!fold(f, n->kids[1], &b) || !fold_binary(f, n, a, b, out))
            return not_constant(f, n);
        break;
    default:
        return false;
    }
    *out = fold_wrap(f->c, *out);
    if (f->note) ast_set_folded((Node *)n, *out);
    return true;
}

bool fold_const(Compiler *c, const Node *n, int64_t *out)
{
    Folder f = {c, false, false, false, NULL};
    return fold(&f, n, out);
}

FoldResult fold_check(Compiler *c, const Locals *locals, const Node *n,
                      int64_t *out)
{
    Folder f = {c, true, false, true, locals};
    if (fold(&f, n, out)) return FOLD_VALUE;
    return f.failed_loudly ? FOLD_REPORTED : FOLD_NOT_CONSTANT;
}

bool fold_result(const Compiler *c, const Node *n, int64_t *out)
{
    Symbol *s;
    if (!n) return false;
    switch (n->kind) {
    case NODE_NUMBER: case NODE_CHAR_LIT:
        *out = fold_wrap(c, n->num);
        return true;
    case NODE_NAME:
        if (ast_name_local(n)) return false;      /* it hides a constant */
        if (!(s = ast_name_symbol(n)) && !ast_name_byname(n, &s))
            s = sym_lookup(c->symbols, n->text);
        if (!s || s->kind != SYM_CONSTANT || !(s->flags & SYMF_VALUE_KNOWN))
            return false;
        *out = s->value;
        return true;
    case NODE_SYSCONST:
        return target_sysconst(c, n->text, out);
    case NODE_BINOP: case NODE_UNARY:
        return ast_folded(n, out);
    default:
        return false;
    }
}
