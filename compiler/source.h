/* source.h: source files.  Reads a file, converts it from its character set
 * (-C0..-C9, -Cu) to UTF-8 and normalises line ends, numbers it for SrcLoc,
 * finds Include'd files by inform6's search order, and gives the
 * diagnostics the text of any line. */
#ifndef VINFORM_SOURCE_H
#define VINFORM_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include "arena.h"
#include "options.h"
#include "srcloc.h"

typedef struct Sources Sources;

typedef struct SourceFile {
    uint32_t index;         /* the SrcLoc file number (1, 2, ...) */
    const char *name;       /* as shown in diagnostics */
    const char *path;       /* as opened */
    const char *text;       /* UTF-8, line ends normalised to '\n', followed
                               by two NULs (the lexer scans it in place) */
    size_t len;
    const char *header;     /* the main file's `!%` lines as inform6 reads
                               them, ended by '\n' alone: in a file of
                               '\r' line ends, one (a '\r' is a space);
                               in the file's character set (NULL for
                               other files) */
    size_t header_len;
    bool system_file;       /* set by the System_file directive */
    bool builtin;           /* built into vinform (src_builtin): the
                               stdlib, not a file of the game */
    bool utf8;              /* read as UTF-8: a character is as many bytes
                               in the file as in text (else one byte) */
} SourceFile;

Sources *src_new(Arena *arena, const Options *opts);
void src_free(Sources *s);

/* Registers the diagnostics' callbacks for this set of sources. */
void src_attach_diagnostics(Sources *s);

/* The main source: `path` as given on the command line, in each
 * +source_path folder; ".inf" is added when the name has no extension (as
 * inform6 does), then the plain name is tried.  The character set is the
 * Options' unless the file's `!%` lines give a -C (read first).  Reports
 * and returns NULL when it cannot be read. */
SourceFile *src_open_main(Sources *s, const char *path);

/* Include "name": searches as inform6 does (compiler/incpath.c: ".h"
 * added, +include_path order, ">name" beside the main file, "language__"),
 * then tries a case-insensitive match in each folder.  `from` is the
 * Include directive's location (for the diagnostic and for ">name").
 * Reports and returns NULL when no file is found; also refuses more than
 * 4096 files (an Include that includes itself). */
SourceFile *src_include(Sources *s, const char *name, const SrcLoc *from);

/* A source held in memory (the fuzzer, unit tests). */
SourceFile *src_from_memory(Sources *s, const char *name, const char *data,
                            size_t len);

/* A file built into vinform (stdlib/, compiler/bundled.c): read as UTF-8
 * whatever -C says, and a System_file from its first line. */
SourceFile *src_builtin(Sources *s, const char *name, const char *data,
                        size_t len);

SourceFile *src_file(Sources *s, uint32_t index);

/* The text of line `line` of file `file` (without its '\n'), *len its
 * bytes; NULL when there is no such line.  Quickest when the lines are
 * asked for in the order of the text (source.c counts on from the last
 * one). */
const char *src_line(Sources *s, uint32_t file, uint32_t line, int *len);

/* How many Include directives failed: names defined in a missing file
 * would all be reported undefined, so check stays quiet about them. */
int src_missing_includes(const Sources *s);

#endif
