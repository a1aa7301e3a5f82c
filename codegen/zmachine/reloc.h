/* reloc.h: relocation records: 16-bit values in code or tables that are
 * known only when the story is laid out (packed addresses of routines and
 * strings, dictionary and array addresses, object numbers...).
 *
 * The assembler and the table builders make ZRelocs; the story linker
 * resolves them with zm_apply_relocs() once every address is known. */
#ifndef VINFORM_ZM_RELOC_H
#define VINFORM_ZM_RELOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What `target` numbers; the linker decides how to find each.  The value
 * written is resolve(kind, target) + addend, modulo 0x10000.  (The IR's
 * references become these through zref.h, by kind, not by position.) */
typedef enum ZRelocKind {
    ZR_ROUTINE,      /* packed address of routine `target` */
    ZR_STRING,       /* packed address of static string `target` */
    ZR_DICT,         /* byte address of dictionary word `target` */
    ZR_ARRAY,        /* byte address of array `target` */
    ZR_OBJECT,       /* object number of object `target` */
    ZR_SYSCONST,     /* value of system constant `target` (a ZSysConst:
                      * #code_offset...) */
    ZR_SYMBOL,       /* value of symbol `target`, known only at the end */
    ZR_ACTION,       /* action number `target` (once meta actions sorted) */
    ZR_GLOBAL_ADDR,  /* byte address of global variable `target` */
    ZR_TABLE,        /* byte address of lowering's word table `target` */
    ZR_CHAR,         /* ZSCII code of Unicode character `target` */
    ZR_GLOBAL_NUM,   /* variable number of global `target` */
} ZRelocKind;

typedef struct ZReloc {
    uint32_t offset;     /* of the big-endian word, in its block */
    uint8_t kind;        /* ZRelocKind */
    uint32_t target;
    int32_t addend;
} ZReloc;

/* Gives the value of (kind, target); false when it cannot (an undefined
 * symbol: the linker reports it). */
typedef bool (*ZResolveFn)(void *ctx, const ZReloc *r, uint32_t *value);

/* Writes every relocated word into `bytes` (the block the offsets are
 * relative to); returns the number of relocations that failed to resolve
 * (their words are left as zero). */
size_t zm_apply_relocs(uint8_t *bytes, const ZReloc *relocs, size_t n,
                       ZResolveFn resolve, void *ctx);

#endif
