/* diag.h: errors, warnings and notes, and the closing summary line.
 *
 * Takes a SrcLoc and a printf-style message; prints
 *     file:line:col: error: message
 *         the source line
 *             ^
 * on standard error (or, under -E0/-E1/-E2, inform6's three styles on
 * standard output, as inform6 prints them, with its `> ` quote), counts
 * it, and returns so the caller can carry on.  Only diag_fatal() stops. */
#ifndef VINFORM_DIAG_H
#define VINFORM_DIAG_H

#include <stdbool.h>
#include <stdio.h>
#include "srcloc.h"

typedef enum DiagStyle {
    DIAG_STYLE_VINFORM,   /* file:line:col: error: ... with caret (default) */
    DIAG_STYLE_E0,        /* inform6 -E0: "file", line N: Error:  ... */
    DIAG_STYLE_E1,        /* inform6 -E1: file(N): Error:  ... */
    DIAG_STYLE_E2,        /* inform6 -E2: File "file"; Line N\t# Error:  ... */
} DiagStyle;

typedef struct DiagCounts {
    int errors, warnings;
    int suppressed;     /* warnings -w kept quiet (counted, as inform6) */
} DiagCounts;

/* Returns the text of line `line` of source file `file` (without its line
 * end) and its length, or NULL; supplied by compiler/source.c so that the
 * diagnostics can quote the line. */
typedef const char *(*DiagLineFn)(void *ctx, uint32_t file, uint32_t line,
                                  int *len);
/* Returns the name of source file `file` as the user should see it. */
typedef const char *(*DiagNameFn)(void *ctx, uint32_t file);

/* Forget all counts and settings (one call per compilation; the fuzzer
 * compiles many times in one process). */
void diag_reset(void);
void diag_set_style(DiagStyle style);
void diag_set_colour(bool on);           /* on only when stderr is a tty */
/* Batched: messages for standard error are kept and written in blocks
 * (when 64 KB are waiting, at diag_flush() and at exit), not one system
 * call each.  Only when nobody watches them appear (standard error is no
 * terminal) and nothing writes standard output while compiling (dumps,
 * $!TOKENS): whoever writes standard output otherwise calls diag_flush()
 * first, so that the two streams keep their order in a shared file. */
void diag_set_batched(bool on);
void diag_flush(void);
void diag_set_sources(void *ctx, DiagNameFn name, DiagLineFn line);
void diag_set_main_file(uint32_t file);  /* -E0 omits this file's name */
void diag_set_max_errors(int n);         /* stop after n errors (0 = 100) */
void diag_set_warnings(bool on);         /* -w turns warnings off (counted) */
/* Warnings neither shown nor counted, while the compiler reads its own
 * bundled source (compiler/bundled.c). */
bool diag_mute_warnings(bool on);       /* returns the previous state */
/* -c: messages without the quoted source line, in every style. */
void diag_set_concise(bool on);
/* -w2: the summary says the warnings are "treated as errors" (the story
 * is still written; the driver's exit status is 1). */
void diag_set_warnings_are_errors(bool on);
/* Suppress every message while true (the fuzzer; --quiet modes). */
void diag_set_silent(bool on);

void diag_error(const SrcLoc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void diag_warning(const SrcLoc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A note is printed (e.g. for an unknown $SETTING) but counted as nothing. */
void diag_note(const SrcLoc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* An error after which compilation cannot go on: printed, counted, then
 * longjmp'd to the handler installed by diag_catch_fatal(). */
_Noreturn void diag_fatal(const SrcLoc *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Internal compiler error: our bug, never bad input. */
_Noreturn void ice(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define ICE(...) ice(__FILE__, __LINE__, __VA_ARGS__)

/* Source order.  inform6 gives each routine's messages as it compiles
 * it; vinform checks the whole program and then lowers it.  While a key
 * is set, messages (not fatal ones) are counted at once but printed only
 * by diag_release, in the order of their keys (the directive they belong
 * to), within a key by line and column (those given under
 * diag_hold_last after the rest: a routine's unused locals, which
 * inform6 reports at its end), else as they came; DIAG_HOLD_END's keep
 * the order they came in, after all others.  DIAG_HOLD_NONE prints again
 * at once.  A fatal error and the error limit release first. */
enum { DIAG_HOLD_NONE = -1, DIAG_HOLD_END = 0x7FFFFFFF };
void diag_hold(int key);
void diag_hold_last(bool on);
/* While `at` is set, messages held sort at that place instead of their
 * own (inform6 gives some warnings only once it has read a whole
 * expression); NULL sorts them at their own place again. */
void diag_hold_at(const SrcLoc *at);
void diag_release(void);

DiagCounts diag_counts(void);
bool diag_had_errors(void);

/* Print inform6's closing line ("Compiled with 1 error and 2 warnings
 * (no output)") to stdout, or nothing when there is nothing to report. */
void diag_print_summary(bool wrote_output);
/* Where the summary goes: stdout (inform6's place), or stderr when
 * standard output holds a --dump-*. */
void diag_set_summary_stream(FILE *out);

/* Installs the place diag_fatal() jumps to; see compiler/main.c. */
#include <setjmp.h>
void diag_catch_fatal(jmp_buf *where);

#endif
