/* symbols.c: the symbol table (see symbols.h): the symbols by name, case
 * folded, in the compiler's hash map (hashmap.h). */
#include "symbols.h"

#include <stdlib.h>
#include <string.h>
#include "hashmap.h"

struct Symtab {
    /* The symbols and their names, together: a lookup then touches a few
     * hundred KB rather than lines scattered through the whole tree. */
    Arena own;
    HashMap map;            /* the names' hashes -> indexes in all */
    Symbol **all;           /* every symbol made, in order of creation */
    uint32_t count, cap;
    Symbol *first, *last;
    Symbol **actions;       /* made actions by sym_action */
    uint32_t nactions, actions_cap;
    bool actions_unsorted;  /* one was made before the one before it */
};

/* Names fold case as tolower() does in the C locale: A-Z only. */
static inline unsigned char fold(unsigned char c)
{
    return (unsigned)(c - 'A') < 26u ? (unsigned char)(c + 32) : c;
}

/* The last r (0 to 7) bytes at p as one word, read without going past
 * them. */
static inline uint64_t tail_word(const char *p, size_t r)
{
    uint64_t w = 0;
    unsigned shift = 0;
    if (r & 4) {
        uint32_t v;
        memcpy(&v, p, 4);
        w = v;
        shift = 32;
        p += 4;
    }
    if (r & 2) {
        uint16_t v;
        memcpy(&v, p, 2);
        w |= (uint64_t)v << shift;
        shift += 16;
        p += 2;
    }
    if (r & 1) w |= (uint64_t)(unsigned char)*p << shift;
    return w;
}

/* A hash of the case-folded name, eight bytes at a time: c | $20 is the
 * same for a capital and its small letter (and depends only on the
 * folded byte), which is all a hash of a case-insensitive name needs.
 * The map finds a name by the low bits, so they must depend on every
 * byte: a product's low bits depend only on the low bits multiplied, so
 * the last one is folded and multiplied once more and its high half
 * taken (names alike but for their 7th or 8th byte, as a generated
 * program's are, otherwise share the low bits and pile up in the map). */
static uint32_t hash_name(const char *s, size_t n)
{
    const uint64_t k = 0x9E3779B97F4A7C15u, lower = 0x2020202020202020u;
    uint64_t h = n * k, w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, s + i, 8);
        h = (h ^ (w | lower)) * k;
    }
    h = (h ^ (tail_word(s + i, n - i) | lower)) * k;
    return (uint32_t)((h ^ h >> 32) * k >> 32);
}

/* The n bytes at a and at b are the same but for case (most often they
 * are simply the same, which is tested eight bytes at a time). */
static bool same_name(const char *a, const char *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        if (x == y) continue;
        for (size_t k = i; k < i + 8; k++)
            if (fold((unsigned char)a[k]) != fold((unsigned char)b[k]))
                return false;
    }
    if (tail_word(a + i, n - i) == tail_word(b + i, n - i)) return true;
    for (; i < n; i++)
        if (fold((unsigned char)a[i]) != fold((unsigned char)b[i]))
            return false;
    return true;
}

Symtab *sym_new(Arena *arena)
{
    Symtab *t = arena_alloc(arena, sizeof *t);
    arena_keep_small(&t->own);
    hm_reserve(&t->map, 2048);
    return t;
}

void sym_free(Symtab *t)
{
    hm_free(&t->map);
    free(t->all);
    t->all = NULL;
    free(t->actions);
    t->actions = NULL;
    arena_release(&t->own);
}

/* The symbol called `name` (n bytes, any case) whose hash is h. */
static Symbol *find(Symtab *t, const char *name, size_t n, uint32_t h)
{
    for (HmProbe p = hm_probe(h); hm_next(&t->map, &p);) {
        Symbol *s = t->all[p.index];
        if (s->len == n && same_name(s->name, name, n)) return s;
    }
    return NULL;
}

Symbol *sym_lookup(Symtab *t, const char *name)
{
    size_t n = strlen(name);
    return find(t, name, n, hash_name(name, n));
}

Symbol *sym_lookup_n(Symtab *t, const char *name, size_t n)
{
    return find(t, name, n, hash_name(name, n));
}

Symbol *sym_intern(Symtab *t, const char *name, SrcLoc loc)
{
    size_t n = strlen(name);
    uint32_t h = hash_name(name, n);
    Symbol *s = find(t, name, n, h);
    if (s) return s;
    s = arena_alloc(&t->own, sizeof *s);
    s->name = arena_strndup(&t->own, name, n);
    s->len = (uint32_t)n;
    s->hash = h;
    s->kind = SYM_UNDEFINED;
    s->loc = loc;
    s->made = t->count;
    hm_add(&t->map, h, t->count);
    VEC_PUSH(NULL, t->all, t->count, t->cap, s);
    if (t->last) t->last->order_next = s;
    else t->first = s;
    t->last = s;
    return s;
}

Symbol *sym_action(Symtab *t, const char *name, SrcLoc loc)
{
    Symbol *s = sym_intern(t, arena_strcat(&t->own, name, "__A"), loc);
    if (s->kind == SYM_UNDEFINED) {
        s->kind = SYM_ACTION;
        s->loc = loc;
        if (t->nactions && t->actions[t->nactions - 1]->made > s->made)
            t->actions_unsorted = true;
        VEC_PUSH(NULL, t->actions, t->nactions, t->actions_cap, s);
    }
    return s;
}

static int by_creation(const void *a, const void *b)
{
    uint32_t x = (*(Symbol *const *)a)->made, y = (*(Symbol *const *)b)->made;
    return x < y ? -1 : x > y;
}

Symbol *const *sym_actions(Symtab *t, uint32_t *n)
{
    if (t->actions_unsorted)
        qsort(t->actions, t->nactions, sizeof *t->actions, by_creation);
    t->actions_unsorted = false;
    *n = t->nactions;
    return t->actions;
}

void sym_rename(Symtab *t, Symbol *s, const char *name)
{
    size_t n = strlen(name);
    /* Most often spelt the same: the text then stays beside the symbol. */
    if (n == s->len && !memcmp(s->name, name, n)) return;
    s->name = arena_strndup(&t->own, name, n);
    s->len = (uint32_t)n;
}

void sym_remove(Symtab *t, Symbol *s)
{
    for (HmProbe p = hm_probe(s->hash); hm_next(&t->map, &p);)
        if (t->all[p.index] == s) {
            hm_remove(&t->map, &p);
            break;
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
