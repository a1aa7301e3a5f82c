/* options.h: everything the command line, ICL files and `!%` lines can set.
 *
 * compiler/options.c reads inform6-compatible arguments into an Options;
 * every later stage reads the Options and never argv. */
#ifndef VINFORM_OPTIONS_H
#define VINFORM_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "diag.h"

typedef struct Setting {        /* $NAME=value */
    const char *name;           /* upper case */
    int32_t value;
} Setting;

typedef struct Define {         /* $#SYMBOL=value / --define */
    const char *name;
    int32_t value;
} Define;

typedef enum Charset {          /* -C0 .. -C9, -Cu */
    CHARSET_ASCII = 0,
    CHARSET_LATIN1 = 1,         /* ISO 8859-1, the default */
    /* 2..9 are ISO 8859-2 .. 8859-9 */
    CHARSET_UTF8 = 100,
} Charset;

typedef struct Options {
    /* what to read and write */
    const char *source;         /* the main source file as given */
    const char *output;         /* explicit output name, or NULL */
    const char **include_path;  /* +include_path / +dir, in search order */
    int n_include_path;
    const char *code_path;      /* +code_path (output folder), or NULL */

    /* target */
    int zversion;               /* 3..8 (-v3 .. -v8); default 5 */
    bool glulx;                 /* -G */

    /* language and checking */
    bool debug;                 /* -D: define DEBUG */
    bool strict;                /* -S (default on); -~S turns it off */
    bool infix;                 /* -X */
    bool economy;               /* -e */
    bool warnings;              /* -w turns them off */
    Charset charset;
    bool varying_strings;       /* $VARYING_STRINGS, default on */

    /* diagnostics */
    DiagStyle diag_style;       /* default vinform; -E0/1/2 select inform6's */

    /* what to do */
    bool syntax_only;           /* --syntax-only */
    bool dump_tokens, dump_ast, dump_ir, dump_asm;
    bool help, version;         /* --help / --version / -h: print and stop */

    /* every switch that only changes output vinform does not write yet is
     * recorded here, so the driver can refuse it clearly */
    const char *unimplemented[64];
    int n_unimplemented;

    Setting *settings;
    int n_settings;
    Define *defines;
    int n_defines;
} Options;

/* Fills `o` with inform6's defaults. */
void opt_defaults(Options *o);

/* Reads argv (without argv[0]).  Diagnostics go through diag_*; returns
 * false when the command line itself was unusable. */
bool opt_parse_args(Options *o, int argc, char **argv);

/* Applies `!%` lines read from the top of the main source (text is the
 * file's contents).  Command-line values win over these (inform6 6.44+). */
bool opt_apply_header_lines(Options *o, const char *text, size_t len,
                            uint32_t file);

/* Value of $NAME, or `fallback` when it was not set. */
int32_t opt_setting(const Options *o, const char *name, int32_t fallback);

void opt_print_usage(FILE *out);
void opt_print_help(FILE *out);

#endif
