/* zblock.h: a block of table bytes with the relocation records of the
 * words in it whose values the linker fills in (packed routine and string
 * addresses, dictionary addresses, object numbers, table addresses...).
 *
 * Takes words, bytes and ZOperands (constants or relocations, as the
 * assembler takes them); gives the bytes and ZRelocs (offsets relative to
 * the block's start).  The table builders (objects, dictionary, grammar,
 * actions, identifiers) give ZBlocks, and the layout places them. */
#ifndef VINFORM_ZM_ZBLOCK_H
#define VINFORM_ZM_ZBLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "assemble.h"
#include "reloc.h"
#include "zbuf.h"

typedef struct ZBlock {
    ZBuf b;
    ZReloc *relocs;
    size_t nrelocs, relocs_cap;
} ZBlock;

/* Records that the word at `offset` is (kind, target) + addend. */
static inline void zblk_reloc_at(ZBlock *k, size_t offset, ZRelocKind kind,
                                 uint32_t target, int32_t addend)
{
    VEC_PUSH(NULL, k->relocs, k->nrelocs, k->relocs_cap,
             (ZReloc){ (uint32_t)offset, (uint8_t)kind, target, addend });
}

/* Appends a word that the linker fills in (0 until then). */
static inline void zblk_reloc(ZBlock *k, ZRelocKind kind, uint32_t target,
                              int32_t addend)
{
    zblk_reloc_at(k, k->b.len, kind, target, addend);
    zb_put16(&k->b, 0);
}

/* Appends one word: a constant (ZO_CONST, ZO_LARGE) or a relocation
 * (ZO_RELOC).  A variable operand is not a value: it is written as 0. */
static inline void zblk_operand(ZBlock *k, ZOperand v)
{
    if (v.kind == ZO_RELOC) zblk_reloc(k, (ZRelocKind)v.reloc, v.target,
                                       v.addend);
    else zb_put16(&k->b, v.kind == ZO_VAR ? 0 : v.value);
}

/* Appends another block, moving its relocations along. */
static inline void zblk_append(ZBlock *k, const ZBlock *from)
{
    size_t base = k->b.len;
    zb_append(&k->b, from->b.data, from->b.len);
    for (size_t i = 0; i < from->nrelocs; i++) {
        const ZReloc *r = &from->relocs[i];
        zblk_reloc_at(k, base + r->offset, (ZRelocKind)r->kind, r->target,
                      r->addend);
    }
}

static inline void zblk_free(ZBlock *k)
{
    zb_free(&k->b);
    free(k->relocs);
    k->relocs = NULL;
    k->nrelocs = k->relocs_cap = 0;
}

#endif
