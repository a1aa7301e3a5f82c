/* debugfile.h: the debugging information file (-k, +debugging_name,
 * "gameinfo.dbg"): the XML that inform6 writes beside the story, which
 * debuggers and the Inform 7 tools read (the Inform 6 debug file format,
 * version 1.0: sources, constants, attributes, properties, actions, fake
 * actions, objects, classes, globals, arrays, routines with their code
 * ranges, locals and sequence points, the grammar lines as table
 * entries, the story file's sections, its
 * first 64 bytes, the system constants).
 *
 * The writer is the same for every target.  What only the target knows
 * once the story is laid out (addresses, sizes, the sections, the
 * header) it asks the back end for, through the `debug_story` hook
 * (target.h), which fills a DebugStory (the transcript, -r, reads one
 * too):
 *
 *     DebugStory s = { 0 };
 *     if (ops->debug_story(e, &s, arena))      after finish wrote the story
 *         debugfile_write(c, prog, &s, c->opts->debugging_name);
 *
 * Everything else (names, numbers, locals, source places) it reads from
 * the Program (codegen/program.h), its IR and the symbol table.
 *
 * A back end fills (addresses are byte addresses in the story file):
 *   routines[id]   by IR routine id: `address` of its header, `value`
 *                  (what code calls it by: packed on the Z-machine),
 *                  `size` (from the header to the end of its last
 *                  instruction, and the padding up to the next address a
 *                  routine may start at, as inform6 counts), and its
 *                  sequence points
 *                  (the address each statement starts at, with the
 *                  statement's place); address DEBUG_NOWHERE for a
 *                  routine not in the story;
 *   entry          the compiler's own first routine (Main__), same form;
 *   globals[id]    by IR global id: the variable's address (0: none);
 *   system_globals the compiler's own globals (IRG_SYSTEM + i), same;
 *   arrays[id]     by array id: the array's address;
 *   properties     properties the machine adds itself (Z: 2 "inheritance
 *                  class", 3 "instance variables table address (Z-code)"),
 *                  written as artificial identifiers;
 *   sections       the story's regions in address order (type as inform6
 *                  names them, start), `story_size` the end of the last;
 *   prefix         the story's first bytes (64 on the Z-machine);
 *   grammar_lines  where each grammar line is in the grammar table, by
 *                  ProgGrammar line index (written as table entries);
 *   sysconsts      the # system constants inform6 lists at the end;
 *   and, for the transcript (-r, transcript.h), the release, serial,
 *   machine and version, and the dictionary's words in the story's order
 *   (with their data and bytes, for $!DICT).
 * Arrays the hook makes come from `arena` and need no freeing. */
#ifndef VINFORM_DEBUGFILE_H
#define VINFORM_DEBUGFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "srcloc.h"

struct Arena;
struct Compiler;
struct Program;

#define DEBUG_NOWHERE UINT32_MAX

typedef struct DebugSeqPoint {
    uint32_t address;
    SrcLoc loc;
} DebugSeqPoint;

/* A sequence point as a back end keeps it while it places code: the IR
 * routine's id, the instruction's offset from the routine's start, the
 * statement's place.  Kept in the order of the code, so that a
 * routine's points are one run. */
typedef struct DebugCodePoint {
    int32_t routine;
    uint32_t offset;
    SrcLoc loc;
} DebugCodePoint;

typedef struct DebugRoutine {
    uint32_t address, value, size;
    const DebugSeqPoint *points;
    int npoints;
} DebugRoutine;

typedef struct DebugNamed {     /* an artificial property, a # constant */
    const char *name;
    int64_t value;
} DebugNamed;

typedef struct DebugSection {
    const char *type;           /* "header", "code area" ... */
    uint32_t address;
} DebugSection;

typedef struct DebugRange {    /* [address, end) in the story; 0: none */
    uint32_t address, end;
} DebugRange;

typedef struct DebugStory {
    DebugRoutine entry;
    const char *entry_name;     /* "Main__" */
    DebugRoutine *routines;
    int nroutines;
    uint32_t *globals;
    int nglobals;
    uint32_t system_globals[16];
    int nsystem_globals;
    uint32_t *arrays;
    int narrays;
    DebugNamed *properties;
    int nproperties;
    DebugSection *sections;
    int nsections;
    uint32_t story_size;
    const uint8_t *prefix;
    int prefix_len;
    DebugNamed *sysconsts;
    int nsysconsts;
    bool locals_by_index;       /* Z: <index>n</index>; else <frame-offset> */
    int frame_slot;             /* bytes per local in <frame-offset> */
    /* for the transcript (-r, compiler/transcript.h) */
    const char *compiled_as;    /* "Z-machine version 5" */
    int release;
    char serial[7];
    const bool *stored_strings; /* by IrString id: the story holds the
                                   string in high memory (Z); a string
                                   not stored was printed inline.  NULL:
                                   every string is stored (Glulx) */
    const char **dict_words;    /* the dictionary's words as the story
                                   keeps them (UTF-8), in its order */
    int ndict_words;
    /* for $!DICT (compiler/traces_lists.c), by the same index: */
    const int *dict_flags;      /* #dict_par1: the word's flags */
    const int *dict_par2;       /* #dict_par2 (the verb's number) */
    const int *dict_par3;       /* #dict_par3 (a preposition's number) */
    const uint8_t *dict_data;   /* the first entry's bytes, then the others' */
    int dict_entry_len;         /* bytes of one entry */
    /* for $!UNICODE: the Z-machine's Unicode translation table, when
     * the story sets one (-C2..-C9, Zcharacter, $ZCHAR_TABLE): the
     * Unicode of ZSCII 155, 156, ... (Glulx has no such table) */
    bool unicode_machine;       /* Z: there is such a table to speak of */
    const uint16_t *unicode;    /* NULL: the table is not used */
    int nunicode;
    /* -k's table entries: each grammar line's bytes in the grammar
     * table, by ProgGrammar line index (NULL: none known) */
    const DebugRange *grammar_lines;
    int ngrammar_lines;
} DebugStory;

/* Writes the debugging information file `path` for the story the back
 * end described in `s`.  Reports (diag_error, naming the file) and
 * returns false when it cannot be written. */
bool debugfile_write(struct Compiler *c, const struct Program *prog,
                     const DebugStory *s, const char *path);

/* For a back end's debug_story hook, once out->routines[] have their
 * addresses: gives each routine its run of `p[0..n)` (DebugCodePoint,
 * in the order of the code), at its address.  Arrays from `arena`. */
void debug_place_points(DebugStory *out, const DebugCodePoint *p, size_t n,
                        struct Arena *arena);

#endif
