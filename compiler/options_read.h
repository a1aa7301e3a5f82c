/* options_read.h: private to compiler/options.c and compiler/options_cmds.c.
 *
 * A Reader carries out commands (-switches, +path=, $setting, (file.icl))
 * from one source: the command line, an ICL file, a `!%` line or a
 * Switches directive, and knows where to report mistakes. */
#ifndef VINFORM_OPTIONS_READ_H
#define VINFORM_OPTIONS_READ_H

#include <stdbool.h>
#include <stdio.h>
#include "options.h"

typedef enum ReaderFrom {
    FROM_CMDLINE,       /* argv, and ICL files named there */
    FROM_HEADER,        /* `!%` lines: lose to the command line */
    FROM_DIRECTIVE,     /* Switches "..."; */
} ReaderFrom;

typedef struct Reader {
    Options *o;
    ReaderFrom from;
    SrcLoc loc;             /* the `!%` line or directive; file 0 = none */
    const char *icl_name;   /* the ICL file being read, or NULL */
    int icl_line;
    int icl_depth;
    bool quiet;             /* no diagnostics, no pages printed */
    bool ok;                /* false once something was wrong */
} Reader;

/* Keys for rd_may_set() besides the switch letters. */
enum {
    RDKEY_SOURCE_PATH = 1, RDKEY_INCLUDE_PATH, RDKEY_CODE_PATH,
    RDKEY_ICL_PATH, RDKEY_DEBUGGING_NAME, RDKEY_TRANSCRIPT_NAME,
    RDKEY_LANGUAGE_NAME, RDKEY_CHARSET_MAP,
};

void rd_error(Reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void rd_warning(Reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void rd_note(Reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
bool rd_may_set(Reader *r, int key);
FILE *rd_info(Reader *r);

bool rd_is_command(const char *word);
void rd_command(Reader *r, const char *word);

/* The commands, each given the text after its first character. */
void rd_switches(Reader *r, const char *letters);
void rd_path(Reader *r, const char *text);
void rd_dollar(Reader *r, const char *text);
void rd_icl_file(Reader *r, const char *name);

/* The next word of text[*pos..end) as ICL reads it: blanks separate
 * words, double quotes group them (and are dropped), `!` starts a comment
 * (the word is then "").  *start is where the word began. */
char *rd_word(Arena *a, const char *text, size_t end, size_t *pos,
              size_t *start);

/* Derived fields: strict mode for v3/v4, the include list, the default
 * output name, and the list of accepted-but-unimplemented switches. */
void opt_finalize(Options *o);

/* Help pages (compiler/help.c). */
void opt_print_help_files(FILE *out, const Options *o);
void opt_print_help_switches(FILE *out);

#endif
