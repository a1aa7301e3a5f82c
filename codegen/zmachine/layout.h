/* layout.h: the story file below the code area, in inform6's order
 * (zmachine-layout.md sections 1-3, 12): header space, low strings and
 * abbreviations, header extension, alphabet and Unicode tables, object
 * tables, class numbers, identifier names, individual properties, globals
 * and arrays, terminating characters, then static memory: grammar,
 * actions, parsing routines, adjectives, dictionary, static arrays, and
 * the gap that puts the code at a packed address of at least 256.
 *
 * Takes the tables the other builders gave (objects.h, identifiers.h,
 * grammar.h, dictionary.h) and the blocks it does not build itself
 * (globals, arrays, low strings); gives the image from byte 0 up to the
 * code area, the address of every region, the values of the `#` system
 * constants that come out of layout, the header's addresses, and the
 * relocations it could not resolve (routines, strings, objects, arrays,
 * symbols...), for the linker.  ZR_SYSCONST, ZR_DICT and ZR_ACTION it
 * resolves itself, and zl_resolve() does the same for the linker. */
#ifndef VINFORM_ZM_LAYOUT_H
#define VINFORM_ZM_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "actions.h"
#include "dictionary.h"
#include "grammar.h"
#include "identifiers.h"
#include "objects.h"
#include "story.h"
#include "sysconst.h"
#include "zblock.h"

typedef enum ZLRegion {
    ZL_LOW_STRINGS,       /* $40: "   " then the pool */
    ZL_ABBREVS,           /* the 96-entry abbreviations table */
    ZL_HEADER_EXT,
    ZL_ALPHABET,          /* 0 when none */
    ZL_UNICODE,           /* 0 when none */
    ZL_PROP_DEFAULTS,     /* the object table (header $0A) */
    ZL_OBJECTS,
    ZL_PROPS,             /* #cpv__start */
    ZL_CLASSES,           /* #classes_table, #cpv__end */
    ZL_IDENTIFIERS,       /* #identifiers_table */
    ZL_INDIV,             /* #ipv__start */
    ZL_GLOBALS,           /* #ipv__end, header $0C */
    ZL_ARRAYS,            /* #array__start */
    ZL_TERMINATING,       /* v5+ (header $2E) */
    ZL_GRAMMAR,           /* static memory: header $0E */
    ZL_ACTIONS,
    ZL_PREACTIONS,
    ZL_ADJECTIVES,        /* the count word; #adjectives_table is + 2 */
    ZL_DICTIONARY,
    ZL_STATIC_ARRAYS,
    ZL_CODE,              /* high memory: header $04 */
    ZL_REGION_COUNT
} ZLRegion;

typedef struct ZLayoutInput {
    int version;
    /* Z-text of the Abbreviate and Lowstring strings (and `string N "..."`
     * literals), placed after the three spaces at $40; abbrevs[e] is the
     * offset in that pool of abbreviation-table entry e (0-95), or -1 for
     * the three spaces.  NULL: every entry is the three spaces. */
    const uint8_t *low_strings;
    size_t low_strings_len;
    const int32_t *abbrevs;
    int header_ext_words;          /* $ZCODE_HEADER_EXT_WORDS (3) */
    uint16_t flags3;               /* header extension word 4 */
    const uint8_t *alphabet;       /* 78 bytes (zt_alphabet_table) or NULL */
    const uint8_t *unicode;        /* zt_unicode_table or NULL */
    size_t unicode_len;
    const ZObjTables *objects;
    int object_count, class_count; /* zo_count, zo_class_count */
    const ZIdentTables *idents;    /* NULL: $OMIT_SYMBOL_TABLE */
    const ZBlock *globals;         /* 240 words (compact: the globals used) */
    bool compact_globals;          /* $ZCODE_COMPACT_GLOBALS */
    const ZBlock *arrays;          /* dynamic arrays, or NULL */
    const uint8_t *terminating;    /* v5+: `Zcharacter terminating` codes */
    size_t terminating_len;
    const ZGrammarTables *grammar;
    const ZActions *actions;
    const ZDict *dict;             /* after zd_write */
    const ZBlock *dictionary;      /* what zd_write gave */
    const ZBlock *static_arrays;   /* or NULL */
    /* Counts behind the #highest_... constants (-1: unknown). */
    int attributes, global_vars, arrays_count, routines, constants;
    bool oddeven;                  /* -B: v6/v7 odd/even packing */
} ZLayoutInput;

typedef struct ZLayout {
    int version;
    ZBuf image;                    /* 0 .. code start; header left zero */
    ZReloc *relocs;                /* unresolved; offsets into image */
    size_t nrelocs, relocs_cap;
    uint32_t at[ZL_REGION_COUNT];
    uint32_t sysconst[ZSC_COUNT];
    bool known[ZSC_COUNT];
    const ZDict *dict;
    const ZActions *actions;
    uint16_t header_ext;
    /* v6/v7 (inform6's memory map): routines and strings are packed
     * from `packed_base` (what the code's first address packs to: 256,
     * or the object count + 9, a multiple of 8), the header's offsets
     * making up the rest; -B packs strings to odd numbers from one
     * above it.  0 in other versions. */
    uint32_t packed_base;
    bool oddeven;
    uint32_t strings_start;        /* zl_set_strings_start's */
} ZLayout;

/* Lays the story out.  False (with a message) when readable memory
 * passes $FFFE; the image is still made. */
bool zl_build(const ZLayoutInput *in, ZLayout *out, char *err, size_t errlen);
void zl_free(ZLayout *l);

/* The strings area starts at byte address `addr` (after the code, at
 * zl_strings_align()'s address): fixes #strings_offset. */
void zl_set_strings_start(ZLayout *l, uint32_t addr);
/* Where the strings area may start: the first address from `addr` on
 * that a string may have (-B in v6/v7: 4 more than a multiple of 8). */
uint32_t zl_strings_align(const ZLayout *l, uint32_t addr);

/* The packed address of the routine at offset `off` in the code area,
 * and of the string at byte address `addr` (in the strings area). */
uint32_t zl_pack_routine(const ZLayout *l, uint32_t off);
uint32_t zl_pack_string(const ZLayout *l, uint32_t addr);

/* The value of a system constant, when layout knows it. */
bool zl_sysconst(const ZLayout *l, ZSysConst sc, uint32_t *value);

/* A ZResolveFn (ctx = the ZLayout) for ZR_SYSCONST, ZR_DICT and
 * ZR_ACTION; false for other kinds. */
bool zl_resolve(void *ctx, const ZReloc *r, uint32_t *value);

/* Writes the addresses the header holds: high memory, initial PC (v6:
 * packed Main__), dictionary, objects, globals, static memory,
 * abbreviations, terminating characters, alphabet, header extension,
 * v6/v7's routines and strings offsets (after zl_set_strings_start). */
void zl_fill_header(const ZLayout *l, ZHeader *h);

#endif
