/* abbrev_names.c: the identifier names in the order inform6 made their
 * symbols (see abbrev_names.h).
 *
 * Takes the program's tree and symbol table; gives a permutation of
 * Program.names, and spellings.  A name's rank is the place of its first
 * mention in a walk of the tree in source order (a node before its kids,
 * kids in order: the source's order of names). */
#include "abbrev_names.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/program.h"
#include "arena.h"
#include "ast.h"
#include "compiler.h"
#include "hashmap.h"
#include "symbols.h"

struct AbbrevNames {
    Compiler *c;
    HashMap map;                /* Symbol pointer -> its rank */
    const Symbol **syms;        /* by rank */
    const char **spelt;         /* by rank: the first mention's text */
    int n, cap, spelt_cap;
};
typedef AbbrevNames Ranks;

static uint32_t ptr_hash(const Symbol *s)
{
    uintptr_t v = (uintptr_t)s;
    return (uint32_t)((v >> 4) * 2654435761u);
}

static int rank_of(const Ranks *r, const Symbol *s)
{
    for (HmProbe p = hm_probe(ptr_hash(s)); hm_next(&r->map, &p);)
        if (r->syms[p.index] == s) return (int)p.index;
    return -1;
}

/* The symbol named (with `suffix`, "__A" for an action) is met here. */
static void meet(Ranks *r, const char *name, const char *suffix)
{
    const char *text = name;
    char buf[256];
    if (suffix) {
        if (snprintf(buf, sizeof buf, "%s%s", name, suffix) >= (int)sizeof buf)
            return;
        name = buf;
    }
    const Symbol *s = sym_lookup(r->c->symbols, name);
    if (!s || rank_of(r, s) >= 0) return;
    int n = r->n;
    VEC_PUSH(NULL, r->syms, r->n, r->cap, s);
    VEC_PUSH(NULL, r->spelt, n, r->spelt_cap, text);
    hm_add(&r->map, ptr_hash(s), (uint32_t)(r->n - 1));
}

static void walk(Ranks *r, const Node *n)
{
    if (!n) return;
    switch (n->kind) {
    case NODE_STRING: case NODE_DICT_WORD: case NODE_CHAR_LIT:
    case NODE_NUMBER: case NODE_LOCAL:      /* a local is no symbol */
        return;
    case NODE_NAME:
        if (!ast_name_local(n) && n->text) meet(r, n->text, NULL);
        break;
    case NODE_ACTION_REF: case NODE_GRAMMAR_ACTION: case NODE_FAKE_ACTION:
        if (n->text) meet(r, n->text, "__A");
        break;
    default:
        if (n->text) meet(r, n->text, NULL);
    }
    for (unsigned i = 0; i < n->nkids; i++) walk(r, n->kids[i]);
}

/* A name's key: the compiler's own first (by creation: Program.names'
 * order), then by rank, then those never met. */
static long key_of(const Ranks *r, const Program *p, int i)
{
    const ProgName *pn = &p->names[i];
    char buf[256];
    const char *name = pn->name;
    if (pn->kind == PN_ACTION || pn->kind == PN_FAKE_ACTION) {
        snprintf(buf, sizeof buf, "%s__A", pn->name);
        name = buf;
    }
    const Symbol *s = sym_lookup(r->c->symbols, name);
    if (s && (s->flags & SYMF_BUILTIN)) return i;
    int k = s ? rank_of(r, s) : -1;
    return k >= 0 ? (1L << 40) + k : (2L << 40) + i;
}

typedef struct Keyed {
    long key;
    int index;
} Keyed;

static int by_key(const void *a, const void *b)
{
    const Keyed *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->index - y->index;
}

AbbrevNames *abbrev_names_new(Compiler *c)
{
    AbbrevNames *an = xcalloc(1, sizeof *an);
    an->c = c;
    if (c->program) walk(an, c->program);
    return an;
}

void abbrev_names_free(AbbrevNames *an)
{
    free(an->syms);
    free(an->spelt);
    hm_free(&an->map);
    free(an);
}

const char *abbrev_names_spelling(const AbbrevNames *an, const char *name,
                                  bool action)
{
    char buf[256];
    const char *key = name;
    if (action && snprintf(buf, sizeof buf, "%s__A", name) < (int)sizeof buf)
        key = buf;
    const Symbol *s = sym_lookup(an->c->symbols, key);
    int k = s ? rank_of(an, s) : -1;
    if (k < 0) return action ? NULL : name;
    return an->spelt[k];
}

int *abbrev_names_order(const AbbrevNames *r, const Program *p)
{
    int n = p->nnames;
    Keyed *k = xmalloc(((size_t)n + 1) * sizeof *k);
    for (int i = 0; i < n; i++) k[i] = (Keyed){ key_of(r, p, i), i };
    qsort(k, (size_t)n, sizeof *k, by_key);
    int *order = xmalloc(((size_t)n + 1) * sizeof *order);
    for (int i = 0; i < n; i++) order[i] = k[i].index;
    free(k);
    return order;
}
