/* gblock.h: a growable block of Glulx story bytes with the 4-, 2- and
 * 1-byte references in it still to be resolved (internal to the Glulx
 * back end: the tables, the code area, the strings).
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

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../compiler/arena.h"
#include "gcode.h"

enum {
    GL_AREA = 64,       /* start of area `target` (GArea) + addend */
    GL_XSTRING,         /* address of the back end's own string `target` */
    GL_DICTENT,         /* address of dictionary entry `target` (GDict id) */
};

typedef struct GBlock {
    uint8_t *data;
    size_t len, cap;
    GReloc *relocs;     /* offsets in `data` */
    size_t nrelocs, relocs_cap;
} GBlock;

static inline void gk_reserve(GBlock *k, size_t extra)
{
    VEC_RESERVE(NULL, k->data, k->len, k->cap, k->len + extra);
}

static inline void gk_put8(GBlock *k, uint32_t v)
{
    gk_reserve(k, 1);
    k->data[k->len++] = (uint8_t)v;
}

static inline void gk_put16(GBlock *k, uint32_t v)
{
    gk_reserve(k, 2);
    k->data[k->len++] = (uint8_t)(v >> 8);
    k->data[k->len++] = (uint8_t)v;
}

static inline void gk_put32(GBlock *k, uint32_t v)
{
    gk_reserve(k, 4);
    for (int s = 24; s >= 0; s -= 8) k->data[k->len++] = (uint8_t)(v >> s);
}

static inline void gk_append(GBlock *k, const void *p, size_t n)
{
    if (!n) return;
    gk_reserve(k, n);
    memcpy(k->data + k->len, p, n);
    k->len += n;
}

static inline void gk_zeros(GBlock *k, size_t n)
{
    gk_reserve(k, n);
    memset(k->data + k->len, 0, n);
    k->len += n;
}

static inline void gk_set32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline uint32_t gk_get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
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
    free(k->data);
    free(k->relocs);
    memset(k, 0, sizeof *k);
}

#endif
