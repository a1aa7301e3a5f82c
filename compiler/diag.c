/* diag.c: prints and counts diagnostics (see diag.h).
 *
 * State is one static struct: a process compiles one program at a time, and
 * diag_reset() starts the next one clean (the fuzzer relies on that). */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum Severity { SEV_NOTE, SEV_WARNING, SEV_ERROR, SEV_FATAL } Severity;

static struct {
    DiagStyle style;
    bool colour, silent, warnings_off;
    int max_errors;
    DiagCounts counts;
    DiagNameFn name_of;
    DiagLineFn line_of;
    void *source_ctx;
    uint32_t main_file;
    jmp_buf *fatal_jump;
    FILE *summary;
    bool concise;               /* -c: no quoted source line */
    bool warnings_are_errors;   /* -w2 */
} D;

void diag_reset(void)
{
    memset(&D, 0, sizeof D);
    D.main_file = 1;
}

void diag_set_style(DiagStyle style) { D.style = style; }
void diag_set_summary_stream(FILE *out) { D.summary = out; }
void diag_set_colour(bool on) { D.colour = on; }
void diag_set_silent(bool on) { D.silent = on; }
void diag_set_warnings(bool on) { D.warnings_off = !on; }
void diag_set_concise(bool on) { D.concise = on; }
void diag_set_warnings_are_errors(bool on) { D.warnings_are_errors = on; }
void diag_set_max_errors(int n) { D.max_errors = n; }
void diag_set_main_file(uint32_t file) { D.main_file = file; }
void diag_catch_fatal(jmp_buf *where) { D.fatal_jump = where; }

void diag_set_sources(void *ctx, DiagNameFn name, DiagLineFn line)
{
    D.source_ctx = ctx;
    D.name_of = name;
    D.line_of = line;
}

DiagCounts diag_counts(void) { return D.counts; }
bool diag_had_errors(void) { return D.counts.errors > 0; }

static const char *file_name(uint32_t file)
{
    const char *n = (file && D.name_of) ? D.name_of(D.source_ctx, file) : NULL;
    return n ? n : "vinform";
}

static const char *severity_word(Severity sev, bool inform_style)
{
    switch (sev) {
    case SEV_NOTE: return inform_style ? "Note" : "note";
    case SEV_WARNING: return inform_style ? "Warning" : "warning";
    case SEV_ERROR: return inform_style ? "Error" : "error";
    case SEV_FATAL: return inform_style ? "Fatal error" : "fatal error";
    }
    return "?";
}

static const char *severity_colour(Severity sev)
{
    switch (sev) {
    case SEV_NOTE: return "\033[1;36m";
    case SEV_WARNING: return "\033[1;35m";
    default: return "\033[1;31m";
    }
}

/* The quoted source line with a caret under the column.  Tabs are kept in
 * the caret line so the caret lines up in any terminal. */
static void print_quote(const SrcLoc *loc)
{
    if (!loc || !loc->file || !loc->line || !D.line_of) return;
    int len = 0;
    const char *text = D.line_of(D.source_ctx, loc->file, loc->line, &len);
    if (!text) return;
    fprintf(stderr, "  %.*s\n", len, text);
    if (!loc->col) return;
    fputs("  ", stderr);
    /* Columns count characters; step over UTF-8 continuation bytes. */
    uint32_t col = 1;
    for (int i = 0; i < len && col < loc->col; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c & 0xC0) == 0x80) continue;
        fputc(c == '\t' ? '\t' : ' ', stderr);
        col++;
    }
    fputs(D.colour ? "\033[1;32m^\033[0m\n" : "^\n", stderr);
}

static void print_prefix(const SrcLoc *loc, Severity sev)
{
    bool has_file = loc && loc->file;
    const char *name = has_file ? file_name(loc->file) : NULL;
    unsigned line = loc ? loc->line : 0;
    switch (D.style) {
    case DIAG_STYLE_VINFORM:
        if (D.colour) fputs("\033[1m", stderr);
        if (has_file && line && loc->col)
            fprintf(stderr, "%s:%u:%u: ", name, line, loc->col);
        else if (has_file && line)
            fprintf(stderr, "%s:%u: ", name, line);
        else
            fputs("vinform: ", stderr);
        if (D.colour) fprintf(stderr, "\033[0m%s", severity_colour(sev));
        fprintf(stderr, "%s:", severity_word(sev, false));
        if (D.colour) fputs("\033[0m", stderr);
        fputc(' ', stderr);
        return;
    case DIAG_STYLE_E0:
        if (has_file && loc->file != D.main_file)
            fprintf(stderr, "\"%s\", line %u: ", name, line);
        else if (has_file)
            fprintf(stderr, "line %u: ", line);
        break;
    case DIAG_STYLE_E1:
        if (has_file) fprintf(stderr, "%s(%u): ", name, line);
        break;
    case DIAG_STYLE_E2:
        if (has_file) fprintf(stderr, "File \"%s\"; Line %u\t# ", name, line);
        break;
    }
    fprintf(stderr, "%s:  ", severity_word(sev, true));
}

static void report(const SrcLoc *loc, Severity sev, const char *fmt, va_list ap)
{
    if (D.silent) return;
    print_prefix(loc, sev);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    if (D.style == DIAG_STYLE_VINFORM && !D.concise) print_quote(loc);
}

static void too_many_errors(void)
{
    int limit = D.max_errors > 0 ? D.max_errors : 100;
    if (D.counts.errors < limit) return;
    if (!D.silent)
        fprintf(stderr, "vinform: stopping after %d errors\n", limit);
    if (D.fatal_jump) longjmp(*D.fatal_jump, 1);
    exit(1);
}

void diag_error(const SrcLoc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, SEV_ERROR, fmt, ap);
    va_end(ap);
    D.counts.errors++;
    too_many_errors();
}

void diag_warning(const SrcLoc *loc, const char *fmt, ...)
{
    if (D.warnings_off) return;
    va_list ap;
    va_start(ap, fmt);
    report(loc, SEV_WARNING, fmt, ap);
    va_end(ap);
    D.counts.warnings++;
}

void diag_note(const SrcLoc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, SEV_NOTE, fmt, ap);
    va_end(ap);
}

void diag_fatal(const SrcLoc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, SEV_FATAL, fmt, ap);
    va_end(ap);
    D.counts.errors++;
    if (D.fatal_jump) longjmp(*D.fatal_jump, 1);
    exit(1);
}

void ice(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "vinform: internal compiler error at %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nvinform: this is a bug in vinform; please report it with the source\n",
          stderr);
    abort();
}

static void print_count(FILE *out, int n, const char *what)
{
    fprintf(out, "%d %s%s", n, what, n == 1 ? "" : "s");
}

void diag_print_summary(bool wrote_output)
{
    int e = D.counts.errors, w = D.counts.warnings;
    FILE *out = D.summary ? D.summary : stdout;
    if (!e && !w) return;
    fflush(stderr);
    fputs("Compiled with ", out);
    if (e) print_count(out, e, "error");
    if (e && w) fputs(" and ", out);
    if (w) print_count(out, w, "warning");
    if (w && D.warnings_are_errors)
        fprintf(out, " (treated as error%s)", w == 1 ? "" : "s");
    if (!wrote_output && e) fputs(" (no output)", out);
    fputc('\n', out);
    fflush(out);
}
