/* options.h: everything the command line, ICL files and `!%` lines can set.
 *
 * compiler/options.c reads inform6-compatible arguments into an Options;
 * every later stage reads the Options and never argv.  The `$` settings
 * and their defaults live in compiler/options_settings.c, the help pages in
 * compiler/help.c.  docs/vinform.md describes every form for users. */
#ifndef VINFORM_OPTIONS_H
#define VINFORM_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "arena.h"
#include "diag.h"

/* The folder searched for Include files after the current folder when no
 * +include_path is given (Debian's inform6-library installs there).
 * configure may override it with -DVINFORM_LIBRARY_DIR="...". */
#ifndef VINFORM_LIBRARY_DIR
#define VINFORM_LIBRARY_DIR "/usr/share/inform6/library"
#endif

/* vinform's own stdlib as `make install` puts it ($(pkgdatadir)/stdlib),
 * searched for Include files after the include path, so that sources
 * saying Include "text" or "regex" compile after an install. */
#if !defined VINFORM_STDLIB_DIR && defined PKGDATADIR
#define VINFORM_STDLIB_DIR PKGDATADIR "/stdlib"
#endif

typedef struct Setting {        /* $NAME=value */
    const char *name;           /* upper case */
    int32_t value;              /* as given (negative values read as 0) */
    const char *text;           /* the value of $ZALPHABET / $ZCHAR_TABLE */
    bool from_cmdline;          /* command-line values win over `!%` ones */
} Setting;

typedef struct Define {         /* $#SYMBOL=value / --define */
    const char *name;
    int32_t value;
    bool from_cmdline;
} Define;

typedef struct TraceOpt {       /* $!NAME=level / --trace */
    const char *name;           /* upper case */
    int level;
    bool from_cmdline;
} TraceOpt;

typedef enum Charset {          /* -C0 .. -C9, -Cu */
    CHARSET_ASCII = 0,
    CHARSET_LATIN1 = 1,         /* ISO 8859-1, the default */
    /* 2..9 are ISO 8859-2 .. 8859-9 */
    CHARSET_UTF8 = 100,
} Charset;

/* A list of folders (+include_path=a,b,c).  "" is the current folder. */
typedef struct PathList {
    const char **dirs;
    int n;
    int pinned;                 /* leading entries prepended by `++` on the
                                   command line: `!%` lines keep them */
    bool from_cmdline;          /* set with `+` on the command line */
} PathList;

typedef struct Options {
    /* what to read and write */
    const char *source;         /* the main source file as given */
    const char *output;         /* explicit output name, or NULL */
    const char *output_default; /* inform6's name for the story when no
                                   output name is given: the source's name
                                   without folder and extension, plus .z3 ..
                                   .z8 or .ulx, in +code_path (for the
                                   version the switches give: a Version
                                   directive may change it, see
                                   opt_story_name) */
    const char **include_path;  /* +include_path / +dir, in search order;
                                   "" = the current folder.  What the
                                   Include search reads: opt_finalize()
                                   copies include_dirs here; callers that
                                   fill an Options by hand may set it */
    int n_include_path;
    const char *code_path;      /* +code_path (output folder), or NULL */
    PathList include_dirs;      /* the list behind include_path */
    PathList source_dirs;       /* +source_path: where the main file is */
    PathList icl_dirs;          /* +icl_path: where (file.icl) is */
    const char *debugging_name; /* +debugging_name (-k), "gameinfo.dbg" */
    const char *transcript_name;/* +transcript_name (-r), "gametext.txt" */
    const char *language_name;  /* +language_name: Include "language__" */
    const char *charset_map;    /* +charset_map (not supported), or NULL */

    /* target */
    int zversion;               /* 3..8 (-v3 .. -v8); default 5 */
    bool zversion_set;          /* -vN was given */
    bool glulx;                 /* -G */
    uint32_t glulx_version;     /* -G -vX.Y.Z as 0xXXXXYYZZ, 0 = automatic */

    /* language and checking */
    bool debug;                 /* -D: define DEBUG */
    bool strict;                /* -S (default on, off for v3/v4 unless -S) */
    bool strict_set;            /* -S or -~S was given */
    bool infix;                 /* -X: define INFIX */
    bool economy;               /* -e: Abbreviate creates abbreviations */
    bool warnings;              /* -w turns them off */
    bool warnings_as_errors;    /* -w2 (6.45) */
    bool quiet_obsolete;        /* -q: no warnings about obsolete usages */
    bool ignore_switches;       /* -i: ignore Switches directives */
    Charset charset;
    bool varying_strings;       /* $VARYING_STRINGS, default on */

    /* output and listings (kept for the back ends; see unimplemented) */
    int asm_trace;              /* -a = 1, -a2 .. -a4 */
    bool concise;               /* -c: diagnostics without the source line */
    int double_space;           /* -d = 1, -d2 = 2 */
    bool frequencies;           /* -f */
    int trace_calls;            /* -g = 1, -g2, -g3 */
    bool debug_file;            /* -k: gameinfo.dbg */
    bool transcript;            /* -r: gametext.txt */
    bool statistics;            /* -s */
    bool find_abbrevs;          /* -u */
    bool progress;              /* -x: '#' every 100 lines */
    bool memory_map;            /* -z */
    bool oddeven;               /* -B: v6/v7 odd/even packing */
    bool huffman;               /* -H (default on): Glulx string compression */

    /* diagnostics */
    DiagStyle diag_style;       /* default vinform; -E0/1/2 select inform6's */

    /* what to do */
    bool syntax_only;           /* --syntax-only */
    bool dump_tokens, dump_ast, dump_program, dump_ir, dump_asm;
    bool listing;               /* --listing: the index (compiler/index.h) */
    const char *listing_name;   /* --listing=BASE: BASE.md and BASE.html;
                                   NULL: the story's name less its
                                   extension, plus "-index" */
    bool help, version;         /* --help / --version / -h: print and stop */
    bool info_printed;          /* -h1, -h2, $list, $?X, $! printed a page
                                   while the arguments were read */

    /* every switch that only changes output vinform does not write yet is
     * recorded here, so the driver can refuse it clearly */
    const char *unimplemented[64];
    int n_unimplemented;

    Setting *settings;
    int n_settings;
    Define *defines;
    int n_defines;
    TraceOpt *traces;
    int n_traces;

    /* private to compiler/options.c */
    Arena arena;                /* lists and strings made while reading */
    uint8_t cmdline_keys[128];  /* which switch letters the command line set */
    int cmd_settings_cap, cmd_defines_cap, cmd_traces_cap;
} Options;

/* Fills `o` with inform6's defaults. */
void opt_defaults(Options *o);

/* Frees what opt_parse_args() and opt_apply_header_lines() allocated. */
void opt_free(Options *o);

/* Reads argv (without argv[0]).  Diagnostics go through diag_*; returns
 * false when the command line itself was unusable. */
bool opt_parse_args(Options *o, int argc, char **argv);

/* Applies `!%` lines read from the top of the main source (text is
 * SourceFile.header: the lines as inform6 reads them).  Command-line values win over these (inform6 6.44+).
 * Then checks the settings against the target.  Returns false when a line
 * was wrong (reported at its line and column). */
bool opt_apply_header_lines(Options *o, const char *text, size_t len,
                            uint32_t file);

/* inform6's name for the story when no output name is given, for
 * Z-machine version `zversion` (which a Version directive may have set):
 * output_default's rule, in `a`; NULL without a source. */
const char *opt_story_name(const Options *o, Arena *a, int zversion);

/* The character set the main file must be read in: the -C of its `!%`
 * lines unless the command line gave one.  `raw` is the file's bytes. */
Charset opt_header_charset(const Options *o, const char *raw, size_t len);

/* Reads one `Switches "-xyz";` directive (the switches without quotes).
 * -i ignores them; -k -r -u -G cannot be set this way. */
bool opt_switches_directive(Options *o, const char *switches, SrcLoc at);

/* Value of $NAME, or `fallback` when it was not set. */
int32_t opt_setting(const Options *o, const char *name, int32_t fallback);

/* Value of $NAME as inform6 would use it for the chosen target: the
 * value given (limited as inform6 limits it) or the target's default.
 * 0 for unknown names.  See compiler/options_settings.c. */
int32_t opt_setting_value(const Options *o, const char *name);

/* Text of $ZALPHABET / $ZCHAR_TABLE, or NULL. */
const char *opt_setting_text(const Options *o, const char *name);

void opt_print_usage(FILE *out);
void opt_print_help(FILE *out);

#endif
