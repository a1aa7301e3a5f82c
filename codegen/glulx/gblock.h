/* gblock.h: a growable block of Glulx story bytes (codegen/bytes.h's
 * buffer, which the Z back end shares) with the 4-, 2- and 1-byte
 * references in it still to be resolved (internal to the Glulx back
 * end: the tables, the code area, the strings).
 *
 *     GBlock k = { 0 };
 *     gk_put32(&k, 7);
 *     gk_ref(&k, GR_OBJECT, 4, 12, 0);     4 zero bytes, resolved later
 *     ... gk_free(&k);
 *
 * Besides the kinds of gcode.h (the IR's numbering), a table may refer
 * to places only the linker knows: an area's start (GL_AREA) or a string
 * the back end made itself (GL_XSTRING: identifier names, short names). */
#ifndef VINFORM_GL_GBLOCK_H
#define VINFORM_GL_GBLOCK_H

#include "../bytes.h"
#include "gcode.h"

enum {
    GL_AREA = 64,       /* start of area `target` (GArea) + addend */
    GL_XSTRING,         /* address of the back end's own string `target` */
    GL_DICTENT,         /* address of dictionary entry `target` (GDict id) */
};

typedef struct GBlock {
    union {             /* the bytes (codegen/bytes.h), named either way */
        Bytes bytes;
        struct {
            uint8_t *data;
            size_t len, cap;
        };
    };
    GReloc *relocs;     /* offsets in `data` */
    size_t nrelocs, relocs_cap;
} GBlock;

static inline void gk_put8(GBlock *k, uint32_t v) { bytes_put8(&k->bytes, v); }
static inline void gk_put16(GBlock *k, uint32_t v) { bytes_put16(&k->bytes, v); }
static inline void gk_put32(GBlock *k, uint32_t v) { bytes_put32(&k->bytes, v); }
static inline void gk_zeros(GBlock *k, size_t n) { bytes_zeros(&k->bytes, n); }
static inline void gk_set32(uint8_t *p, uint32_t v) { be_set32(p, v); }
static inline uint32_t gk_get32(const uint8_t *p) { return be_get32(p); }

static inline void gk_append(GBlock *k, const void *p, size_t n)
{
    bytes_append(&k->bytes, p, n);
}

/* A reference at `at` (its `width` bytes already in the block). */
static inline void gk_ref_at(GBlock *k, size_t at, int kind, int width,
                             uint32_t target, int32_t addend)
{
    GReloc r = { .offset = (uint32_t)at, .kind = (uint8_t)kind,
                 .width = (uint8_t)width, .target = target,
                 .addend = addend };
    VEC_PUSH(NULL, k->relocs, k->nrelocs, k->relocs_cap, r);
}

/* Appends `width` zero bytes to be resolved to kind/target + addend. */
static inline void gk_ref(GBlock *k, int kind, int width, uint32_t target,
                          int32_t addend)
{
    gk_ref_at(k, k->len, kind, width, target, addend);
    gk_zeros(k, (size_t)width);
}

static inline void gk_align(GBlock *k, size_t unit)
{
    while (k->len % unit) gk_put8(k, 0);
}

static inline void gk_free(GBlock *k)
{
    bytes_free(&k->bytes);
    free(k->relocs);
    memset(k, 0, sizeof *k);
}

#endif
