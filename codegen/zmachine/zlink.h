/* zlink.h: the Z story linker's state (internal to the Z back end), for
 * zlink.c, which builds and writes the story (the back end's TargetOps),
 * zlink_report.c, which prints the -z memory map and the -s statistics
 * from it, zlink_debug.c, which describes the story for -k, and asmlist.c, which keeps and prints the assembly listing
 * (--dump-asm). */
#ifndef VINFORM_ZM_ZLINK_H
#define VINFORM_ZM_ZLINK_H

#include <stdio.h>

#include "../../compiler/debugfile.h"
#include "../ir.h"
#include "assemble.h"
#include "layout.h"
#include "zbuild.h"

typedef struct ZLink {
    Compiler *c;
    IrProgram *ir;
    int version;
    unsigned align;              /* of routines and strings: the packing
                                    unit (-B in v6/v7: twice it) */
    ZBuild b;
    /* The code area, from its start: Main__ then the routines, as the
     * driver hands them over (target.h: emit_routine). */
    ZAsm *a;                     /* the assembler, until the code is done */
    bool code_ok;                /* no routine failed to assemble */
    ZBuf code;
    ZReloc *relocs;              /* the code's; offsets into `code`, then
                                    into the image once it is placed */
    size_t nrelocs, relocs_cap;
    uint32_t *routine_at;        /* by routine id: offset in `code` */
    uint32_t *routine_len;       /* ... and its length (-k) */
    uint32_t main_len;           /* Main__'s, at offset 0 */
    int routine_cap;
    /* -k: the sequence points of the routines assembled, in the order
     * of the code (zm_seq_points): routine id, offset from its start,
     * place (IrSeqMark's) */
    DebugCodePoint *points;
    size_t npoints, points_cap;
    uint16_t flags2;             /* asked for by the opcodes used */
    /* The tables as written, and their layout. */
    ZObjTables ot;
    ZGrammarTables gt;
    ZIdentTables it;
    ZBlock dict;
    ZLayout layout;
    uint32_t code_start, strings_start, strings_end;
    /* By string id (IR strings, then identifier names): its address once
     * placed; 1 while only marked as used, 0 when not used. */
    uint32_t *string_at;
    int nstring_at;
    int nstrings_placed;
    /* --dump-asm: the listing, kept as text while the code is selected
     * (NULL when not asked for). */
    FILE *listing;
    char *listing_text;
    size_t listing_len;
    /* ... and the constants it names (ZListName: name and value), once
     * for each time one is named, for the key printed before it. */
    struct ZListName *listing_names;
    size_t nlisting_names, listing_names_cap;
} ZLink;

/* --dump-asm (asmlist.c): zlink_listing_begin before the code is
 * selected makes the listing kept; zlink_list_routine adds a routine
 * just assembled (r NULL: Main__) from the assembler's listing
 * (zm_asm_set_listing on); zlink_dump_asm prints everything kept: the
 * key to the constants named (one "! name = number" line each, by name),
 * then Main__ and the routines in the order of the code;
 * zlink_listing_free. */
void zlink_listing_begin(ZLink *k);
void zlink_list_routine(ZLink *k, ZAsm *a, const IrRoutine *r);
void zlink_dump_asm(ZLink *k, FILE *out);
void zlink_listing_free(ZLink *k);

/* Resolves one relocation as the linker does, once the story is laid
 * out (false: its target is not in the story). */
bool zlink_resolve(ZLink *k, const ZReloc *r, uint32_t *value);

/* -k (zlink_debug.c): the linked story described for the debugging
 * information file (compiler/debugfile.h), arrays from `arena`. */
struct DebugStory;
void zlink_describe(ZLink *k, struct DebugStory *out, struct Arena *arena);

/* -z: the memory map, in inform6's form. */
void zlink_memory_map(const ZLink *k, FILE *out);
/* -s: statistics about the story written. */
void zlink_statistics(const ZLink *k, FILE *out);
/* -f: how often each abbreviation was used and what it saved. */
void zlink_frequencies(const ZLink *k, FILE *out);

#endif
