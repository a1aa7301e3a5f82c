/* bytes.h: a growable array of story bytes, and big-endian words, which
 * both the Z-machine and Glulx use: one buffer under the Z back end's
 * ZBuf (zmachine/zbuf.h) and the Glulx back end's GBlock
 * (glulx/gblock.h), which add their own names and, for GBlock, the
 * references still to be resolved.
 *
 *     Bytes b = { 0 };
 *     bytes_put16(&b, 0x1234);            12 34
 *     bytes_put32(&b, 7);                 00 00 00 07
 *     be_set16(b.data, 0xABCD);           AB CD 00 00 00 07
 *     bytes_free(&b);
 *
 * Memory comes from xrealloc (compiler/arena.h), so appending never
 * fails; bytes_free releases it. */
#ifndef VINFORM_BYTES_H
#define VINFORM_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../compiler/arena.h"

typedef struct Bytes {
    uint8_t *data;
    size_t len, cap;
} Bytes;

/* ---- words at a place, most significant byte first ---- */

static inline void be_set16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static inline uint32_t be_get16(const uint8_t *p)
{
    return (uint32_t)p[0] << 8 | p[1];
}

static inline void be_set32(uint8_t *p, uint32_t v)
{
    be_set16(p, v >> 16);
    be_set16(p + 2, v);
}

static inline uint32_t be_get32(const uint8_t *p)
{
    return be_get16(p) << 16 | be_get16(p + 2);
}

/* ---- appending ---- */

static inline void bytes_reserve(Bytes *b, size_t extra)
{
    VEC_RESERVE(NULL, b->data, b->len, b->cap, b->len + extra);
}

static inline void bytes_put8(Bytes *b, uint32_t v)
{
    bytes_reserve(b, 1);
    b->data[b->len++] = (uint8_t)v;
}

static inline void bytes_put16(Bytes *b, uint32_t v)
{
    bytes_reserve(b, 2);
    be_set16(b->data + b->len, v);
    b->len += 2;
}

static inline void bytes_put32(Bytes *b, uint32_t v)
{
    bytes_reserve(b, 4);
    be_set32(b->data + b->len, v);
    b->len += 4;
}

static inline void bytes_append(Bytes *b, const void *p, size_t n)
{
    if (!n) return;
    bytes_reserve(b, n);
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

/* Appends n zero bytes. */
static inline void bytes_zeros(Bytes *b, size_t n)
{
    bytes_reserve(b, n);
    memset(b->data + b->len, 0, n);
    b->len += n;
}

static inline void bytes_free(Bytes *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

#endif
