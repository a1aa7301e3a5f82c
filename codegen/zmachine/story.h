/* story.h: the story file as a whole: header fields (Z-spec section 11
 * and inform6's conventions), packed addresses, size limits, length,
 * checksum and end padding.
 *
 * Takes a memory image built by the layout stage (the header's 64 bytes
 * reserved at its start) and a ZHeader; gives the finished bytes, ready
 * to write to a file. */
#ifndef VINFORM_ZM_STORY_H
#define VINFORM_ZM_STORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "zbuf.h"

enum { ZS_HEADER_SIZE = 64 };

typedef struct ZHeader {
    int version;               /* $00: 3..8 */
    uint8_t flags1;            /* $01 */
    uint16_t release;          /* $02 */
    uint16_t high_mem;         /* $04: start of the code area */
    uint32_t initial_pc;       /* $06: byte address of the first
                                  instruction (v6: of the main routine,
                                  written packed) */
    uint16_t dictionary;       /* $08 */
    uint16_t objects;          /* $0A: the property defaults table */
    uint16_t globals;          /* $0C */
    uint16_t static_mem;       /* $0E */
    uint16_t flags2;           /* $10 */
    char serial[6];            /* $12: six ASCII digits */
    uint16_t abbreviations;    /* $18 */
    uint16_t routines_offset;  /* $28, v6/v7: byte offset (multiple of 8) */
    uint16_t strings_offset;   /* $2A, v6/v7 */
    uint16_t terminating;      /* $2E, v5+: terminating characters table */
    uint16_t alphabet;         /* $34, v5+: alphabet table, 0 = default */
    uint16_t header_ext;       /* $36: header extension table */
    char inform_version[4];    /* $3C: e.g. "6.45" */
} ZHeader;

/* Defaults: release 1, today's serial (zs_serial), Inform version "6.45",
 * everything else 0. */
void zs_header_init(ZHeader *h, int version);

/* YYMMDD for $SOURCE_DATE_EPOCH (UTC) when it is set to a number, else
 * for today's local date (as inform6 does). */
void zs_serial(char out[6]);

/* 2 (v1-3), 4 (v4-7) or 8 (v8): the packed address unit. */
unsigned zs_scale(int version);
/* The file length unit of header $1A: 2 (v1-3), 4 (v4-5), 8 (v6-8). */
unsigned zs_length_unit(int version);
/* Largest story file: 128K (v1-3), 256K (v4-5), 512K (v6-8). */
uint32_t zs_max_size(int version);

/* Packed address of a routine or string at byte address `addr`, which
 * must be a multiple of zs_scale(); `offset` is the header's routines or
 * strings offset in bytes (v6/v7 only, else 0).  -1 if not packable. */
int32_t zs_pack(int version, uint32_t addr, uint32_t offset);
uint32_t zs_unpack(int version, uint16_t packed, uint32_t offset);

/* Appends a header extension table (word count, then the words: mouse x,
 * mouse y, Unicode table, flags 3...) with at least `min_words` words
 * (inform6: 3); returns its address. */
uint16_t zs_append_header_ext(ZBuf *image, uint16_t unicode_table,
                              uint16_t flags3, int min_words);

/* Appends zero bytes until the image length is a multiple of `unit`. */
void zs_align(ZBuf *image, unsigned unit);

/* Sum of the bytes from $40 to len, modulo 0x10000 (what @verify checks). */
uint16_t zs_checksum(const uint8_t *image, size_t len);

/* Finishes a story: pads to the length unit, checks the size limit,
 * writes every header field, the length ($1A) and the checksum ($1C), and
 * (pad512, inform6's default) pads the file with zeros to a multiple of
 * 512 bytes.  False, with a message in err, when the story is too large
 * or the header cannot hold an address. */
bool zs_finish(ZBuf *image, const ZHeader *h, bool pad512, char *err,
               size_t errlen);

/* Writes the image to a file; false (errno set) on failure. */
bool zs_write_file(const ZBuf *image, const char *path);

#endif
