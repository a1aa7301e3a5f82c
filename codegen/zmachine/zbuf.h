/* zbuf.h: a growable byte buffer for Z-machine output (encoded text,
 * routine code, the story image), big-endian words.
 *
 * Takes bytes and words; gives a contiguous array.  Memory comes from
 * xrealloc (compiler/arena.h), so appending never fails; zb_free releases
 * it. */
#ifndef VINFORM_ZM_ZBUF_H
#define VINFORM_ZM_ZBUF_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"

typedef struct ZBuf {
    uint8_t *data;
    size_t len, cap;
} ZBuf;

static inline void zb_reserve(ZBuf *b, size_t extra)
{
    VEC_RESERVE(NULL, b->data, b->len, b->cap, b->len + extra);
}

static inline void zb_put8(ZBuf *b, unsigned v)
{
    zb_reserve(b, 1);
    b->data[b->len++] = (uint8_t)v;
}

static inline void zb_put16(ZBuf *b, unsigned v)
{
    zb_reserve(b, 2);
    b->data[b->len++] = (uint8_t)(v >> 8);
    b->data[b->len++] = (uint8_t)v;
}

static inline void zb_append(ZBuf *b, const void *p, size_t n)
{
    if (!n) return;
    zb_reserve(b, n);
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

/* Appends n zero bytes. */
static inline void zb_zeros(ZBuf *b, size_t n)
{
    zb_reserve(b, n);
    memset(b->data + b->len, 0, n);
    b->len += n;
}

/* Overwrites the word at offset `at` (which must already exist). */
static inline void zb_set16(ZBuf *b, size_t at, unsigned v)
{
    b->data[at] = (uint8_t)(v >> 8);
    b->data[at + 1] = (uint8_t)v;
}

static inline unsigned zb_get16(const ZBuf *b, size_t at)
{
    return ((unsigned)b->data[at] << 8) | b->data[at + 1];
}

static inline void zb_free(ZBuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

#endif
