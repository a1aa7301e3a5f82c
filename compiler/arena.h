/* arena.h: bump allocation for everything that lives as long as a
 * compilation (AST, symbols, interned text), and allocation that stops the
 * program with a message when memory runs out.
 *
 * Nobody frees single objects: an Arena is released as a whole. */
#ifndef VINFORM_ARENA_H
#define VINFORM_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* Under AddressSanitizer memory handed back (arena_give_back) is marked
 * unreadable until it is taken again, so that a stale pointer into it
 * (an array used after it was outgrown) is reported where it is used. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif
#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define ARENA_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define ARENA_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define ARENA_POISON(p, n) ((void)(p), (void)(n))
#define ARENA_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

typedef struct ArenaBlock ArenaBlock;
enum { ARENA_SPARE_SIZES = 12 };
typedef struct Arena {
    ArenaBlock *head;
    /* The free part of the head block: aligned allocations are taken from
     * its bottom, strings from its top.  All zero in a fresh Arena. */
    unsigned char *next, *limit;
    size_t grow;            /* the size of the next block */
    bool small;             /* no huge pages: see arena_keep_small */
    /* Memory handed back (arena_give_back): chains of blocks of 8 << k
     * bytes, each holding the next one's address. */
    void *spare[ARENA_SPARE_SIZES];
} Arena;

/* Makes a fresh arena that stays small use ordinary pages only: blocks
 * of at most 1 MB, which the system fills with zeros a page at a time as
 * they are touched, never a 2 MB huge page zeroed whole at its first
 * touch.  For an arena of its own beside the compilation's, such as the
 * symbol table's (under a megabyte for an 80,000-line program), whose
 * last huge block would be mostly zeroed for nothing. */
static inline void arena_keep_small(Arena *a) { a->small = true; }

/* malloc/realloc/strdup that never return NULL: on exhaustion they print
 * "vinform: out of memory" and exit with status 2. */
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* Zeroed, 8-byte aligned memory (enough for every type the compiler
 * keeps in an arena: pointers, 64-bit integers) that lives until
 * arena_release().  Blocks come zeroed from the system and memory is never
 * reused, so the common case is a pointer bump (inline: it runs for every
 * AST node).  (Rounding to 16 made a 40-byte node cost 48.) */
void *arena_alloc_block(Arena *a, size_t n);
static inline void *arena_alloc(Arena *a, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    if ((size_t)(a->limit - a->next) >= n) {
        void *p = a->next;
        a->next += n;
        return p;
    }
    return arena_alloc_block(a, n);
}
/* Makes `p`, the last memory arena_alloc gave (`n` bytes), `more_n`
 * bytes long, zeroed beyond n, where it is, when its block has the room:
 * an array grown while nothing else is allocated (most tables are filled
 * in one go) then needs no copy, and leaves no outgrown copy unused in
 * the arena.  False, changing nothing, when it cannot. */
bool arena_extend(Arena *a, void *p, size_t n, size_t more_n);
/* Zeroed memory for `n` bytes with no alignment (text). */
char *arena_alloc_text_block(Arena *a, size_t n);
static inline char *arena_alloc_text(Arena *a, size_t n)
{
    if ((size_t)(a->limit - a->next) >= n) {
        a->limit -= n;
        return (char *)a->limit;
    }
    return arena_alloc_text_block(a, n);
}
/* Hands back `p`, 8 << k bytes from arena_alloc (8-byte aligned), which
 * its owner will not use again: arena_take_back(a, k) returns it.  An
 * array that doubles when full hands back the old one, and an array of
 * that size made later takes it: a compilation's memory is mostly new to
 * the process, which the system must first fill with zeros, so memory
 * used twice costs less (the AST's kids, ast.c). */
void arena_give_back(Arena *a, void *p, unsigned k);
/* The last block of 8 << k bytes handed back and not yet taken, as its
 * last owner left it (not zeroed); NULL when there is none. */
static inline void *arena_take_back(Arena *a, unsigned k)
{
    void *p = k < ARENA_SPARE_SIZES ? a->spare[k] : NULL;
    if (p) {
        ARENA_UNPOISON(p, (size_t)8 << k);
        memcpy(&a->spare[k], p, sizeof(void *));
    }
    return p;
}
char *arena_strdup(Arena *a, const char *s);
static inline char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc_text(a, n + 1);   /* zeroed: the NUL is there */
    memcpy(p, s, n);
    return p;
}
/* a followed by b (arena_printf's "%s%s" without the printf). */
char *arena_strcat(Arena *a, const char *x, const char *y);
/* printf into the arena. */
char *arena_printf(Arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void arena_release(Arena *a);

/* Growable arrays, the one helper for them.  An array is three lvalues:
 * `items` (a pointer), `count` (the elements in use) and `cap` (the room),
 * of any integer types.  The room doubles when it runs out, from
 * VEC_FIRST elements: it depends only on the old room and the need, so
 * arrays that share one `cap` grow alike (reserve each with a copy of
 * it, the last with it).  It comes from `arena` (zeroed; grown where it
 * is when it was the arena's last allocation (arena_extend), else copied
 * and the old storage left to the arena: nothing to free) or, when
 * `arena` is NULL, from malloc (not zeroed; free(items) when done).
 *
 *     VEC_PUSH(NULL, f->locals, f->nlocals, f->caplocals, *t);
 *     VEC_PUSH(&c->arena, k->relocs, k->nrelocs, k->cap, (ZReloc){ at, 1 });
 *     VEC_RESERVE(NULL, b->nest, b->nest_len, b->nest_cap, depth + 1);
 *
 * VEC_RESERVE makes room for `need` elements; VEC_PUSH appends one (its
 * value may hold commas: a compound literal). */
enum { VEC_FIRST = 16 };
void *vec_grow(Arena *arena, void *items, size_t size, size_t count,
               size_t *cap, size_t need);

#define VEC_RESERVE(arena, items, count, cap, need)                        \
    do {                                                                   \
        if ((size_t)(need) > (size_t)(cap)) {                              \
            size_t vcap_ = (size_t)(cap);                                  \
            (items) = vec_grow((arena), (items), sizeof *(items),         \
                               (size_t)(count), &vcap_, (size_t)(need));  \
            (cap) = vcap_;                                                 \
        }                                                                  \
    } while (0)

#define VEC_PUSH(arena, items, count, cap, ...)                            \
    do {                                                                   \
        VEC_RESERVE(arena, items, count, cap, (size_t)(count) + 1);        \
        (items)[(count)++] = (__VA_ARGS__);                                \
    } while (0)

#endif
