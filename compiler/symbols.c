/* symbols.c: case-insensitive hash table of Symbols (see symbols.h). */
#include "symbols.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct Symtab {
    Arena *arena;
    Symbol **buckets;
    size_t nbuckets, count;
    Symbol *first, *last;
};

static uint32_t hash_name(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (uint32_t)tolower((unsigned char)*s)) * 16777619u;
    return h;
}

static bool same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
    return *a == *b;
}

Symtab *sym_new(Arena *arena)
{
    Symtab *t = arena_alloc(arena, sizeof *t);
    t->arena = arena;
    t->nbuckets = 4096;
    t->buckets = xcalloc(t->nbuckets, sizeof *t->buckets);
    return t;
}

void sym_free(Symtab *t)
{
    free(t->buckets);
    t->buckets = NULL;
}

static void grow(Symtab *t)
{
    size_t n = t->nbuckets * 2;
    Symbol **b = xcalloc(n, sizeof *b);
    for (size_t i = 0; i < t->nbuckets; i++) {
        Symbol *s = t->buckets[i];
        while (s) {
            Symbol *next = s->hash_next;
            size_t j = hash_name(s->name) & (n - 1);
            s->hash_next = b[j];
            b[j] = s;
            s = next;
        }
    }
    free(t->buckets);
    t->buckets = b;
    t->nbuckets = n;
}

Symbol *sym_lookup(Symtab *t, const char *name)
{
    for (Symbol *s = t->buckets[hash_name(name) & (t->nbuckets - 1)]; s;
         s = s->hash_next)
        if (same_name(s->name, name)) return s;
    return NULL;
}

Symbol *sym_intern(Symtab *t, const char *name, SrcLoc loc)
{
    Symbol *s = sym_lookup(t, name);
    if (s) return s;
    if (t->count * 2 > t->nbuckets) grow(t);
    s = arena_alloc(t->arena, sizeof *s);
    s->name = arena_strdup(t->arena, name);
    s->kind = SYM_UNDEFINED;
    s->loc = loc;
    size_t i = hash_name(name) & (t->nbuckets - 1);
    s->hash_next = t->buckets[i];
    t->buckets[i] = s;
    if (t->last) t->last->order_next = s;
    else t->first = s;
    t->last = s;
    t->count++;
    return s;
}

void sym_remove(Symtab *t, Symbol *s)
{
    Symbol **p = &t->buckets[hash_name(s->name) & (t->nbuckets - 1)];
    while (*p && *p != s) p = &(*p)->hash_next;
    if (*p) {
        *p = s->hash_next;
        t->count--;
    }
    /* It stays on the creation-order list (for listings) but can no longer
     * be found by name. */
}

Symbol *sym_first(Symtab *t) { return t->first; }

const char *sym_kind_name(SymKind k)
{
    static const char *const names[SYM_KIND_COUNT] = {
        [SYM_UNDEFINED] = "undefined name",
        [SYM_CONSTANT] = "constant",
        [SYM_GLOBAL] = "global variable",
        [SYM_ARRAY] = "array",
        [SYM_ROUTINE] = "routine",
        [SYM_OBJECT] = "object",
        [SYM_CLASS] = "class",
        [SYM_ATTRIBUTE] = "attribute",
        [SYM_PROPERTY] = "property",
        [SYM_INDIV_PROPERTY] = "individual property",
        [SYM_FAKE_ACTION] = "fake action",
        [SYM_ACTION] = "action",
        [SYM_SYSFUNC] = "system function",
    };
    return (unsigned)k < SYM_KIND_COUNT ? names[k] : "?";
}
