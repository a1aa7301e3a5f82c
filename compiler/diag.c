/* diag.c: prints and counts diagnostics (see diag.h).
 *
 * vinform's own style goes to standard error, with the source line quoted
 * and a caret under the column; inform6's three styles (-E0, -E1, -E2) go
 * where inform6 prints them, to standard output (or standard error while
 * standard output holds a --dump-*), with inform6's `> ` quote of the line
 * as far as the column.  A long line is quoted only in a window around the
 * column, so a generated 400 KB line prints a screenful, not all of it.
 *
 * State is one static struct: a process compiles one program at a time, and
 * diag_reset() starts the next one clean (the fuzzer relies on that). */
#include "diag.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

typedef enum Severity { SEV_NOTE, SEV_WARNING, SEV_ERROR, SEV_FATAL } Severity;

static struct {
    DiagStyle style;
    bool colour, silent, warnings_off, warnings_muted;
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

typedef struct Held {
    char *text;
    size_t len;
    FILE *out;
    int key;
    uint32_t line, col;         /* where it sorts within its key */
    int seq;                    /* arrival */
} Held;

static struct {
    Held *h;
    int n, cap, seq;
    int key;                    /* DIAG_HOLD_NONE: print at once */
    bool last;                  /* diag_hold_last: sort after the key's rest */
    bool at_set;                /* diag_hold_at: sort at `at` */
    SrcLoc at;
} H = { .key = DIAG_HOLD_NONE };

void diag_reset(void)
{
    memset(&D, 0, sizeof D);
    D.main_file = 1;
    for (int i = 0; i < H.n; i++) free(H.h[i].text);
    H.n = 0;
    H.key = DIAG_HOLD_NONE;
    H.last = false;
    H.at_set = false;
}

void diag_set_style(DiagStyle style) { D.style = style; }
void diag_set_summary_stream(FILE *out) { D.summary = out; }
void diag_set_colour(bool on) { D.colour = on; }
void diag_set_silent(bool on) { D.silent = on; }
void diag_set_warnings(bool on) { D.warnings_off = !on; }
bool diag_mute_warnings(bool on)
{
    bool was = D.warnings_muted;
    D.warnings_muted = on;
    return was;
}
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

/* Where a message goes: inform6's styles print to standard output, as
 * inform6 does, unless standard output holds a dump. */
static FILE *msg_out(void)
{
    if (D.style == DIAG_STYLE_VINFORM) return stderr;
    return D.summary ? D.summary : stdout;
}

/* One message is put together here and written in one call: standard
 * error is unbuffered, and printed piece by piece (a caret line a space at
 * a time) a program with 3,000 warnings, Inform 7's output, made 64,000
 * write calls, more time than its code generation.  Kept from message to
 * message (never freed: the process ends or compiles again). */
static struct {
    char *s;
    size_t len, cap;
} M;

/* The messages waiting for standard error while batched (see diag.h):
 * one write per message was 3,234 system calls on Inform 7's 10.1
 * output, 8% of its compile time.  Never freed, like M. */
enum { BATCH_SIZE = 64 * 1024 };
static struct {
    char *s;
    size_t len;
    bool on;
} B;

void diag_flush(void)
{
    if (B.len) fwrite(B.s, 1, B.len, stderr);
    B.len = 0;
    fflush(stderr);
}

void diag_set_batched(bool on)
{
    if (on && !B.s) {
        B.s = xmalloc(BATCH_SIZE);
        atexit(diag_flush);     /* exit() and fatal errors' exit(1) */
    }
    if (!on) diag_flush();
    B.on = on;
}

/* Writes `n` bytes of messages to `out`: into the batch when batched and
 * `out` is standard error; before anything goes to another stream, what
 * is waiting for standard error goes out first. */
static void put_out(FILE *out, const char *s, size_t n)
{
    if (out != stderr) {
        diag_flush();
        fwrite(s, 1, n, out);
        return;
    }
    if (B.on && B.len + n > BATCH_SIZE) diag_flush();
    if (!B.on || n > BATCH_SIZE) {
        fwrite(s, 1, n, stderr);
        return;
    }
    memcpy(B.s + B.len, s, n);
    B.len += n;
}

static void msg_room(size_t n)
{
    if (M.len + n + 1 <= M.cap) return;
    size_t cap = M.cap ? M.cap : 256;
    while (cap < M.len + n + 1) cap *= 2;
    M.s = xrealloc(M.s, cap);
    M.cap = cap;
}

static void msg_vadd(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(M.s + M.len, M.cap - M.len, fmt, ap);
    if (n >= 0 && M.len + (size_t)n >= M.cap) {
        msg_room((size_t)n);
        n = vsnprintf(M.s + M.len, M.cap - M.len, fmt, again);
    }
    va_end(again);
    if (n > 0) M.len += (size_t)n;
}

static void msg_add(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    msg_vadd(fmt, ap);
    va_end(ap);
}

static void msg_mem(const char *p, size_t n)
{
    msg_room(n);
    memcpy(M.s + M.len, p, n);
    M.len += n;
}

static void msg_str(const char *str)
{
    msg_mem(str, strlen(str));
}

static void msg_uint(unsigned v)
{
    char digits[12];
    int i = (int)sizeof digits;
    do digits[--i] = (char)('0' + v % 10); while ((v /= 10) && i > 0);
    msg_mem(digits + i, sizeof digits - (size_t)i);
}

static void msg_char(char c)
{
    msg_room(1);
    M.s[M.len++] = c;
}

enum {
    QUOTE_WHOLE = 160,     /* vinform style: a line up to this is whole */
    QUOTE_BEFORE = 60,     /* else this many characters before the column */
    QUOTE_AFTER = 60,      /* and after it */
    INFORM_QUOTE = 68,     /* inform6 cuts its `> ` quote here */
};

/* The byte offset of character column `col` (1-based) in text[0..len),
 * stepping over UTF-8 continuation bytes; len when the line is shorter. */
static int col_offset(const char *text, int len, uint32_t col)
{
    uint32_t c = 1;
    int i = 0;
    while (i < len && c < col) {
        i++;
        while (i < len && ((unsigned char)text[i] & 0xC0) == 0x80) i++;
        c++;
    }
    return i;
}

/* Moves a cut at byte `i` back to the start of its UTF-8 character. */
static int char_start(const char *text, int i)
{
    while (i > 0 && ((unsigned char)text[i] & 0xC0) == 0x80) i--;
    return i;
}

/* vinform style: the line (or its window around the column, with "..."
 * where it was cut) and a caret under the column.  Tabs are kept in the
 * caret line so the caret lines up in any terminal. */
static void print_quote(const char *text, int len, uint32_t col)
{
    int at = col ? col_offset(text, len, col) : 0;
    int from = 0, to = len;
    if (len > QUOTE_WHOLE) {
        from = at > QUOTE_BEFORE ? char_start(text, at - QUOTE_BEFORE) : 0;
        to = len - at > QUOTE_AFTER ? char_start(text, at + QUOTE_AFTER) : len;
    }
    const char *open = from > 0 ? "..." : "";
    msg_str("  ");
    msg_str(open);
    msg_mem(text + from, strnlen(text + from, (size_t)(to - from)));
    msg_str(to < len ? "...\n" : "\n");
    if (!col) return;
    msg_str(from > 0 ? "     " : "  ");
    msg_room((size_t)(at - from));      /* (room once, not a call a byte) */
    for (int i = from; i < at; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c & 0xC0) == 0x80) continue;
        M.s[M.len++] = c == '\t' ? '\t' : ' ';
    }
    msg_str(D.colour ? "\033[1;32m^\033[0m\n" : "^\n");
}

/* inform6's styles: as inform6, `> ` and the line as far as the column's
 * word (what inform6 had read when it stopped), ending "  ...etc" where
 * it is cut: at 68 characters, the last 68 of them up to the column. */
static void print_inform_quote(const char *text, int len,
                               uint32_t col)
{
    int to = col ? col_offset(text, len, col) : len;
    if (to < len && !isalnum((unsigned char)text[to]) && text[to] != '_')
        to++;              /* a sign: itself */
    else
        while (to < len && (isalnum((unsigned char)text[to]) ||
                            text[to] == '_'))
            to++;          /* a word: all of it */
    if (to == 0) return;
    int from = to > INFORM_QUOTE ? char_start(text, to - INFORM_QUOTE) : 0;
    msg_add("> %.*s%s\n", to - from, text + from,
            from > 0 ? "  ...etc" : "");
}

static void quote(const SrcLoc *loc)
{
    if (D.concise || !loc || !loc->file || !loc->line || !D.line_of) return;
    int len = 0;
    const char *text = D.line_of(D.source_ctx, loc->file, loc->line, &len);
    if (!text) return;
    if (D.style == DIAG_STYLE_VINFORM) print_quote(text, len, loc->col);
    else print_inform_quote(text, len, loc->col);
}

static void print_prefix(const SrcLoc *loc, Severity sev)
{
    bool has_file = loc && loc->file;
    const char *name = has_file ? file_name(loc->file) : NULL;
    unsigned line = loc ? loc->line : 0;
    switch (D.style) {
    case DIAG_STYLE_VINFORM:
        if (D.colour) msg_str("\033[1m");
        if (has_file && line) {
            msg_str(name);
            msg_char(':');
            msg_uint(line);
            if (loc->col) {
                msg_char(':');
                msg_uint(loc->col);
            }
            msg_str(": ");
        } else {
            msg_str("vinform: ");
        }
        if (D.colour) {
            msg_str("\033[0m");
            msg_str(severity_colour(sev));
        }
        msg_str(severity_word(sev, false));
        msg_char(':');
        if (D.colour) msg_str("\033[0m");
        msg_char(' ');
        return;
    case DIAG_STYLE_E0:
        if (has_file && loc->file != D.main_file)
            msg_add("\"%s\", line %u: ", name, line);
        else if (has_file)
            msg_add("line %u: ", line);
        break;
    case DIAG_STYLE_E1:
        if (has_file) msg_add("%s(%u): ", name, line);
        break;
    case DIAG_STYLE_E2:
        if (has_file) msg_add("File \"%s\"; Line %u\t# ", name, line);
        break;
    }
    msg_add("%s:  ", severity_word(sev, true));
}

/* ---- messages held for source order ----
 * inform6 compiles each routine as it reads it, so its warnings come in
 * the order of the source: check's and lowering's of one routine
 * together.  vinform checks everything, then lowers: while a key is set
 * (diag_hold) the messages are kept, each with its key (the directive),
 * its place and its arrival, and diag_release prints them in that order.
 * Kept from message to message like M. */
void diag_hold(int key) { H.key = key; H.last = false; }
void diag_hold_last(bool on) { H.last = on; }
void diag_hold_at(const SrcLoc *at)
{
    H.at_set = at != NULL;
    if (at) H.at = *at;
}

static void hold(const SrcLoc *loc, FILE *out)
{
    if (H.n == H.cap) {
        H.cap = H.cap ? 2 * H.cap : 64;
        H.h = xrealloc(H.h, (size_t)H.cap * sizeof *H.h);
    }
    Held *m = &H.h[H.n++];
    m->text = xmalloc(M.len);
    memcpy(m->text, M.s, M.len);
    m->len = M.len;
    m->out = out;
    m->key = H.key;
    bool end = H.key == DIAG_HOLD_END;   /* these keep their arrival */
    if (H.at_set && !end && !H.last) loc = &H.at;
    m->line = end || !loc ? 0 : H.last ? UINT32_MAX : loc->line;
    m->col = end || !loc || H.last ? 0 : loc->col;
    m->seq = H.seq++;
}

static int held_order(const void *a, const void *b)
{
    const Held *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    if (x->line != y->line) return x->line < y->line ? -1 : 1;
    if (x->col != y->col) return x->col < y->col ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

void diag_release(void)
{
    if (H.n > 1)    /* H.h is NULL while nothing was held */
        qsort(H.h, (size_t)H.n, sizeof *H.h, held_order);
    for (int i = 0; i < H.n; i++) {
        put_out(H.h[i].out, H.h[i].text, H.h[i].len);
        free(H.h[i].text);
    }
    H.n = 0;
}

static void report(const SrcLoc *loc, Severity sev, const char *fmt, va_list ap)
{
    if (D.silent) return;
    FILE *out = msg_out();
    M.len = 0;
    msg_room(0);
    print_prefix(loc, sev);
    msg_vadd(fmt, ap);
    msg_char('\n');
    quote(loc);
    if (H.key != DIAG_HOLD_NONE && sev != SEV_FATAL) hold(loc, out);
    else put_out(out, M.s, M.len);
}

static void too_many_errors(void)
{
    int limit = D.max_errors > 0 ? D.max_errors : 100;
    if (D.counts.errors < limit) return;
    diag_release();
    if (!D.silent) {
        char line[64];
        int n = snprintf(line, sizeof line,
                         "vinform: stopping after %d errors\n", limit);
        put_out(msg_out(), line, (size_t)n);
    }
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
    if (D.warnings_muted) return;
    if (D.warnings_off) {
        D.counts.suppressed++;
        return;
    }
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
    diag_release();
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
    diag_flush();   /* abort() does not flush */
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
    int e = D.counts.errors, w = D.counts.warnings, q = D.counts.suppressed;
    FILE *out = D.summary ? D.summary : stdout;
    if (!e && !w && !q) return;
    diag_flush();
    fputs("Compiled with ", out);
    if (e) print_count(out, e, "error");
    if (e && (w || q)) fputs(" and ", out);
    /* inform6's words: warnings quieted by -w are still counted, as
     * "N suppressed warnings", or "(N suppressed)" after the others. */
    if (w) print_count(out, w + q, "warning");
    if (w && q) fprintf(out, " (%d suppressed)", q);
    if (!w && q) print_count(out, q, "suppressed warning");
    if (w && D.warnings_are_errors)
        fprintf(out, " (treated as error%s)", w == 1 ? "" : "s");
    if (!wrote_output && e) fputs(" (no output)", out);
    fputc('\n', out);
    fflush(out);
}
