/* zbuf.h: the Z back end's growable byte buffer (encoded text, routine
 * code, the story image): codegen/bytes.h's, which the Glulx back end
 * shares, under the names the Z back end writes (the Z-machine's words
 * are its 16 bits, big-endian).
 *
 * Takes bytes and words; gives a contiguous array.  Appending never
 * fails; zb_free releases it. */
#ifndef VINFORM_ZM_ZBUF_H
#define VINFORM_ZM_ZBUF_H

#include "../bytes.h"

typedef Bytes ZBuf;

static inline void zb_reserve(ZBuf *b, size_t extra) { bytes_reserve(b, extra); }
static inline void zb_put8(ZBuf *b, unsigned v) { bytes_put8(b, v); }
static inline void zb_put16(ZBuf *b, unsigned v) { bytes_put16(b, v); }
static inline void zb_zeros(ZBuf *b, size_t n) { bytes_zeros(b, n); }
static inline void zb_free(ZBuf *b) { bytes_free(b); }

static inline void zb_append(ZBuf *b, const void *p, size_t n)
{
    bytes_append(b, p, n);
}

/* The word at offset `at` (which must already exist). */
static inline void zb_set16(ZBuf *b, size_t at, unsigned v)
{
    be_set16(b->data + at, v);
}

static inline unsigned zb_get16(const ZBuf *b, size_t at)
{
    return be_get16(b->data + at);
}

#endif
