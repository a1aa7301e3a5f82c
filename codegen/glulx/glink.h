/* glink.h: the Glulx story linker's state (internal to the Glulx back
 * end), shared by its files:
 *
 *   gtarget.c   the TargetOps hooks: begin, emit_routine, finish, end
 *   gdata.c     globals, arrays, the tables lowering made
 *   gobjects.c  object records, property tables, defaults, class table
 *   gids.c      the identifier-names tables
 *   gdict.c     the dictionary
 *   ggrammar.c  the grammar and actions tables
 *   gstrings.c  the strings: Huffman-compressed (E1) with the decoding
 *               table as inform6 builds it, or plain (E0)
 *   glayout.c   the areas placed, references resolved, the header,
 *               the checksum
 *   gstats.c    -s: statistics about the story linked
 *   gdebug.c    the linked story described for -k and -r
 *
 * The story, as inform6 6.45 lays it out (shared/spec/glulx-layout.md):
 * header and Info block, code (Main__ first), decoding table, strings,
 * static arrays, then from RAMSTART (a multiple of 256) globals, arrays,
 * the dynamic-string table, objects, property tables, property defaults,
 * class table, identifier names, grammar, actions, dictionary, padded to
 * a multiple of 256 (EXTSTART). */
#ifndef VINFORM_GL_GLINK_H
#define VINFORM_GL_GLINK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../../compiler/compiler.h"
#include "../../compiler/debugfile.h"
#include "../../compiler/hashmap.h"
#include "../ir.h"
#include "../program.h"
#include "gblock.h"
#include "gcode.h"

/* The areas in story order (GL_AREA targets). */
typedef enum GArea {
    GA_CODE, GA_DECODE, GA_STATIC, GA_GLOBALS, GA_ARRAYS, GA_DYNSTR,
    GA_OBJECTS, GA_PROPS, GA_CPV, GA_CLASSES, GA_IDS, GA_GRAMMAR,
    GA_ACTIONS, GA_DICT, GA_END, GA_COUNT
} GArea;

enum { GL_HEADER_BYTES = 36 + 24 };   /* header, Info block */

/* One dictionary entry: its characters (DICT_WORD_SIZE, zero-padded)
 * and data. */
typedef struct GDictEntry {
    uint32_t *chars;
    uint32_t par1, par2, par3;
} GDictEntry;

typedef struct GDict {
    int word_size, char_size;
    GDictEntry *e;
    int n, cap;
    HashMap map;
    uint32_t *rank;     /* id -> position, once written */
} GDict;

/* A string the back end makes itself (identifier and short names),
 * as units. */
typedef struct GXString {
    uint32_t *units;
    int len;
} GXString;

/* -f: an abbreviation's text and how often the strings use it. */
typedef struct GAbbrevUses {
    const uint32_t *units;
    int len;
    uint32_t uses;
} GAbbrevUses;

typedef struct GLink {
    Compiler *c;
    const Program *prog;
    IrProgram *ir;
    GlSel *sel;
    bool code_ok;
    int errors;

    /* settings */
    int attr_bytes, obj_ext, obj_size, indiv_start;
    int ncommon;                    /* common properties 0.. (gl_objects) */
    bool compress;

    /* code: Main__ then the routines; routine_at by id (UINT32_MAX: not
     * placed) */
    GBlock code;        /* gl_link hands its bytes to `image` (its length
                         * and references stay) */
    uint32_t *routine_at;
    int routine_cap;
    /* -k: the sequence points of the functions selected, in the order of
     * the code: routine id, offset from its start, place (IrSeqMark's) */
    DebugCodePoint *points;
    size_t npoints, points_cap;

    /* tables, one block per area (GA_CODE, GA_DECODE unused here) */
    GBlock area[GA_COUNT];
    uint32_t at[GA_COUNT + 1];      /* addresses once laid out */

    uint32_t *array_at;             /* by array id: offset in its area */
    bool *array_static;
    uint32_t *table_at;             /* IrProgram.tables: in GA_ARRAYS */
    int ndynstr;                    /* dynamic strings @00.. */
    uint32_t ids_actions, ids_fakes, ids_arrays;   /* offsets in GA_IDS */
    bool ids_made;

    GDict dict;
    int *dict_of_ir;                /* IR dictionary id -> GDict id */
    int *dict_of_grammar;           /* ProgGrammar word -> GDict id */

    GXString *xstr;
    int nxstr, xstr_cap;
    uint32_t threespaces;           /* the xstring "   " */

    /* strings: area and each one's offset in it */
    GBlock strings;
    uint32_t *string_at;            /* IR ids then extras; UINT32_MAX none */
    uint32_t *xstring_at;
    uint32_t decode_len;            /* the decoding table's bytes (first
                                       in GA_DECODE), 0 under -~H */
    unsigned long chars_in;         /* characters of the strings placed */
    int nstrings_placed;            /* (gl_strings; for -s) */
    GAbbrevUses *abbrev_uses;       /* -f: in inform6's order (gl_strings) */
    int nabbrev_uses;
    uint32_t version;               /* the header's */
    FILE *listing;                  /* --dump-asm: the functions as text */
    char *listing_text;
    size_t listing_len;
    bool sc_missing[IRSC_COUNT];    /* # constants reported as missing */
    GBlock image;
} GLink;

/* gtarget.c */
/* A table's IR value, as a 4-byte (or `width`) reference or number. */
void gl_value(GLink *k, GBlock *b, IrValue v, int width, const SrcLoc *loc);
/* A number known now from an IR value (plain, fake action, character,
 * global number); false for an address. */
bool gl_number(GLink *k, IrValue v, int32_t *out);
void gl_report(GLink *k, const SrcLoc *loc, const char *msg);
/* A string of the back end's own, from UTF-8 or Latin-1 text. */
uint32_t gl_xstring(GLink *k, const char *text);

/* gdata.c */
void gl_globals(GLink *k);
void gl_arrays(GLink *k);
void gl_tables(GLink *k);          /* at finish: lowering's tables */
void gl_dynstrings(GLink *k);      /* at finish: the count is known */

/* gobjects.c */
void gl_objects(GLink *k);

/* gids.c */
void gl_identifiers(GLink *k);

/* gdict.c */
void gd_init(GDict *d, int word_size, int char_size);
void gd_free(GDict *d);
/* The entry of a word (units as ir.h has them), made on first use; its
 * par1 OR-ed with par1, its //flags applied. */
int gd_add(GDict *d, const uint32_t *units, int len, uint32_t par1,
           int flags_set, int flags_clear, const Options *o);
void gd_write(GDict *d, GBlock *out);
uint32_t gd_offset(const GDict *d, int id);
/* A word's characters beyond Latin-1 under $DICT_CHAR_SIZE=1: reported. */
void gl_dict_check(GLink *k, const uint32_t *units, int len,
                   const SrcLoc *loc);
void gl_dictionary(GLink *k);      /* the Dictionary directives' words */
void gl_dict_ir(GLink *k);         /* every word lowering interned */

/* ggrammar.c */
void gl_grammar_words(GLink *k);   /* grammar's words into the dictionary */
void gl_grammar(GLink *k);         /* grammar and actions tables */

/* gstrings.c: the strings that references name, placed and encoded. */
void gl_strings(GLink *k);
void gl_frequencies(const GLink *k, FILE *out);    /* -f, after gl_strings */

/* glayout.c */
bool gl_link(GLink *k);            /* lays out, resolves, header, checksum */
void gl_memory_map(const GLink *k, FILE *out);     /* -z, after gl_link */

/* gstats.c */
void gl_statistics(const GLink *k, FILE *out);     /* -s, after gl_link */
/* A reference's value once laid out (false: it names nothing placed). */
bool gl_resolve(GLink *k, const GReloc *r, uint32_t *v);
/* A # constant's value once laid out, quietly (false: none here). */
bool gl_sysconst(const GLink *k, uint32_t sc, uint32_t *v);

/* gdebug.c: the story described for -k and -r (compiler/debugfile.h),
 * after gl_link. */
struct DebugStory;
void gl_describe(GLink *k, struct DebugStory *out, Arena *arena);

#endif
