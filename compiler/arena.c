/* arena.c: bump allocator and never-NULL allocation (see arena.h).
 *
 * Blocks come from mmap, so they are zero without a memset and go back to
 * the system at arena_release().  The first is small (64 KB), and the next
 * 256 KB, so a small compilation touches little memory: a huge page is
 * zeroed whole at its first touch, which cost a small program a sixth of
 * its time (after a source big enough for huge pages of its own the
 * 256 KB block is left out: the compilation is big).  The rest are 2 MB,
 * aligned and marked for transparent huge pages: a big program's tree then
 * costs a few page faults instead of thousands (each zeroes a page, and
 * they were a third of the time of `--syntax-only` on a 20,000-line
 * program); an arena kept small (arena_keep_small) stops at 1 MB blocks
 * of ordinary pages.  A block of its own for a big allocation lends what is left
 * of it to what follows (own_block), memory handed back
 * (arena_give_back) is used again, and an array grown while it is the
 * last allocation grows where it is (arena_extend): new memory is dear.
 * Under the sanitizers blocks come from calloc, so that a forgotten
 * arena_release() is reported as a leak. */
#define _DEFAULT_SOURCE 1   /* MAP_ANONYMOUS, MADV_HUGEPAGE */
#include "arena.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_CALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_CALLOC 1
#endif
#endif
#if !defined(MAP_ANONYMOUS) && !defined(ARENA_CALLOC)
#define ARENA_CALLOC 1
#endif

#define BLOCK_FIRST (64 * 1024)
#define BLOCK_HUGE (2048 * 1024)    /* the size of a huge page on x86-64 */

struct ArenaBlock {
    ArenaBlock *next;
    size_t size;                /* bytes, this header included */
    _Alignas(16) unsigned char data[];
};

static void out_of_memory(void)
{
    fputs("vinform: out of memory\n", stderr);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) out_of_memory();
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) out_of_memory();
    return p;
}

bool arena_extend(Arena *a, void *p, size_t n, size_t more_n)
{
    size_t had = (n + 7) & ~(size_t)7, want = (more_n + 7) & ~(size_t)7;
    if ((unsigned char *)p + had != a->next ||
        (size_t)(a->limit - a->next) < want - had)
        return false;
    a->next += want - had;
    return true;
}

void *vec_grow(Arena *arena, void *items, size_t size, size_t count,
               size_t *cap, size_t need)
{
    size_t ncap = *cap ? *cap : VEC_FIRST;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2 / size) out_of_memory();
        ncap *= 2;
    }
    if (arena) {
        /* (*cap is 0 for an array not made yet) */
        if (!*cap || !arena_extend(arena, items, *cap * size, ncap * size)) {
            void *p = arena_alloc(arena, ncap * size);     /* zeroed */
            if (count) memcpy(p, items, count * size);
            items = p;
        }
    } else {
        items = xrealloc(items, ncap * size);
    }
    *cap = ncap;
    return items;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

static ArenaBlock *new_block(size_t size)
{
#ifdef ARENA_CALLOC
    ArenaBlock *b = calloc(1, size);
    if (!b) out_of_memory();
#else
    ArenaBlock *b = mmap(NULL, size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (b == MAP_FAILED) out_of_memory();
#endif
    b->size = size;
    return b;
}

/* A block of `size` bytes (a multiple of BLOCK_HUGE) at a multiple of
 * BLOCK_HUGE, so that the kernel can back it with huge pages.  (Zeroing
 * the next one ahead on a helper thread was tried: no faster on a quiet
 * machine, slower on a busy one.) */
static ArenaBlock *new_huge_block(size_t size)
{
#if defined(ARENA_CALLOC) || !defined(MADV_HUGEPAGE)
    return new_block(size);
#else
    unsigned char *raw = mmap(NULL, size + BLOCK_HUGE, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) out_of_memory();
    size_t head = (BLOCK_HUGE - (uintptr_t)raw % BLOCK_HUGE) % BLOCK_HUGE;
    if (head) munmap(raw, head);
    munmap(raw + head + size, BLOCK_HUGE - head);
    ArenaBlock *b = (ArenaBlock *)(void *)(raw + head);
    madvise(b, size, MADV_HUGEPAGE);    /* a hint: no matter if refused */
    b->size = size;
    return b;
#endif
}

/* The largest block of an arena kept small (arena_keep_small). */
#define BLOCK_SMALL_MAX (1024 * 1024)

/* A block of its own for `n` bytes too big to share one.  It goes after
 * the head, whose free space stays in use, unless it has more room left
 * over than the head: then it becomes the head, and what follows fills
 * that room.  (An eighth of a huge page or more, such as a big source
 * file, is quicker to have as huge pages too; a 2.4 MB source then takes
 * two of them, and the system zeroes the whole of each when it is first
 * touched: the 1.6 MB left over is worth using.  What is that big
 * belongs to a big compilation: the blocks after it are huge pages too,
 * not the 256 KB block of ordinary pages that would come next.) */
static void *own_block(Arena *a, size_t n)
{
    size_t size = sizeof(ArenaBlock) + n;
    bool huge = size >= BLOCK_HUGE / 8 && !a->small;
    ArenaBlock *b = huge
        ? new_huge_block((size + BLOCK_HUGE - 1) / BLOCK_HUGE * BLOCK_HUGE)
        : new_block(size);
    if (huge) a->grow = BLOCK_HUGE;
    unsigned char *rest = b->data + ((n + 7) & ~(size_t)7);
    unsigned char *end = (unsigned char *)b + b->size;
    size_t room = a->head ? (size_t)(a->limit - a->next) : 0;
    if (!a->head || (rest < end && (size_t)(end - rest) > room)) {
        b->next = a->head;
        a->head = b;
        a->next = rest < end ? rest : end;
        a->limit = end;
    } else {
        b->next = a->head->next;
        a->head->next = b;
    }
    return b->data;
}

/* Makes a new head block with room for `n` more bytes. */
static void next_block(Arena *a, size_t n)
{
    size_t size = a->grow ? a->grow : BLOCK_FIRST;
    if (a->small)
        a->grow = size * 4 > BLOCK_SMALL_MAX ? BLOCK_SMALL_MAX : size * 4;
    else
        a->grow = size >= BLOCK_HUGE / 8 ? BLOCK_HUGE : size * 4;
    ArenaBlock *b = size == BLOCK_HUGE ? new_huge_block(size) : new_block(size);
    b->next = a->head;
    a->head = b;
    a->next = b->data;
    a->limit = (unsigned char *)b + size;
    (void)n;
}

static bool too_big(const Arena *a, size_t n)
{
    return n > (a->grow ? a->grow : BLOCK_FIRST) / 4;
}

void *arena_alloc_block(Arena *a, size_t n)
{
    if (too_big(a, n)) return own_block(a, n);
    next_block(a, n);
    void *p = a->next;
    a->next += n;
    return p;
}

char *arena_alloc_text_block(Arena *a, size_t n)
{
    if (too_big(a, n)) return own_block(a, n);
    next_block(a, n);
    a->limit -= n;
    return (char *)a->limit;
}

void arena_give_back(Arena *a, void *p, unsigned k)
{
    if (k >= ARENA_SPARE_SIZES) return;     /* big: left where it is */
    memcpy(p, &a->spare[k], sizeof(void *));
    a->spare[k] = p;
    /* all but the link to the next one: arena_take_back reads it */
    ARENA_POISON((unsigned char *)p + sizeof(void *),
                 ((size_t)8 << k) - sizeof(void *));
}

char *arena_strdup(Arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

char *arena_strcat(Arena *a, const char *x, const char *y)
{
    size_t nx = strlen(x), ny = strlen(y);
    char *p = arena_alloc_text(a, nx + ny + 1);
    memcpy(p, x, nx);
    memcpy(p + nx, y, ny);
    return p;
}

char *arena_printf(Arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc_text(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void arena_release(Arena *a)
{
    ArenaBlock *b = a->head;
    while (b) {
        ArenaBlock *next = b->next;
#ifdef ARENA_CALLOC
        free(b);
#else
        munmap(b, b->size);
#endif
        b = next;
    }
    memset(a, 0, sizeof *a);
}
