/* source_test.c: compiler/source.c, incpath.c, charsets.c — line ends,
 * character sets, the diagnostics' line callback, the main file and the
 * Include search order.  Prints one line per failed check; exit status 1
 * if any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "charsets.h"
#include "diag.h"
#include "options.h"
#include "source.h"

#include "check.h"

int failures;

#include "capture.h"

static Options opts;
static Arena arena;
static Sources *srcs;

static void fresh(Charset cs)
{
    arena_release(&arena);
    opt_free(&opts);
    opt_defaults(&opts);
    opts.charset = cs;
    diag_reset();
    srcs = src_new(&arena, &opts);
    src_attach_diagnostics(srcs);
}

static const char *read_in(Charset cs, const char *bytes, size_t len)
{
    fresh(cs);
    capture_begin();
    SourceFile *f = src_from_memory(srcs, "mem.inf", bytes, len);
    capture_end();
    return f->text;
}

static void test_line_ends(void)
{
    const char *t = read_in(CHARSET_LATIN1, "a\r\nb\rc\fd\n\te\x01", 12);
    CHECK(!strcmp(t, "a\nb\nc\nd\n\te?"), "line ends: [%s]", t);
    CHECK(strstr(captured, "control character $01"), "control note: %s", captured);
    CHECK(diag_counts().errors == 0, "control characters are no errors");
    t = read_in(CHARSET_LATIN1, "x\0y", 3);
    CHECK(!strcmp(t, "x?y"), "NUL read as ?");
}

static void test_charsets(void)
{
    const char *t = read_in(CHARSET_LATIN1, "caf\xe9 \xa0x\xady", 9);
    CHECK(!strcmp(t, "caf\xc3\xa9  x-y"), "-C1: [%s]", t);
    t = read_in(CHARSET_ASCII, "caf\xe9", 4);
    CHECK(!strcmp(t, "caf?") && strstr(captured, "ASCII (-C0)")
          && diag_counts().errors == 0, "-C0: [%s] %s", t, captured);
    t = read_in(7, "\xe1\xe2\xe3 \xa1\xa4", 6);
    CHECK(!strcmp(t, "\xce\xb1\xce\xb2\xce\xb3 \xca\xbd?"), "-C7 Greek: [%s]", t);
    t = read_in(5, "\xb0\xd0\xf0", 3);
    CHECK(!strcmp(t, "\xd0\x90\xd0\xb0\xe2\x84\x96"), "-C5 Cyrillic: [%s]", t);
    t = read_in(2, "\xa1\xb1\xff", 3);
    CHECK(!strcmp(t, "\xc4\x84\xc4\x85\xcb\x99"), "-C2: [%s]", t);
    t = read_in(3, "\xa5", 1);
    CHECK(!strcmp(t, "\xc2\xa5"), "-C3 unassigned read as Latin-1: [%s]", t);
    t = read_in(6, "\xa1\xc7", 2);
    CHECK(!strcmp(t, "?\xd8\xa7"), "-C6 Arabic: [%s]", t);
    t = read_in(8, "\xaf\xe0\xfd", 3);
    CHECK(!strcmp(t, "\xe2\x80\xbe\xd7\x90?"), "-C8 Hebrew: [%s]", t);
    t = read_in(9, "\xd0\xfd", 2);
    CHECK(!strcmp(t, "\xc4\x9e\xc4\xb1"), "-C9 Turkish: [%s]", t);
    t = read_in(4, "\xa2", 1);
    CHECK(!strcmp(t, "\xc4\xb8"), "-C4: [%s]", t);
    CHECK(cs_byte_to_unicode(1, 0x85) == 0, "$85 is no character");

    t = read_in(CHARSET_UTF8, "\xef\xbb\xbf" "caf\xc3\xa9 \xe2\x82\xac", 12);
    CHECK(!strcmp(t, "caf\xc3\xa9 \xe2\x82\xac"), "-Cu with BOM: [%s]", t);
    t = read_in(CHARSET_UTF8, "ab\ncd\xff" "e\xc3", 8);
    CHECK(!strcmp(t, "ab\ncd?e?"), "-Cu bad: [%s]", t);
    CHECK(diag_counts().errors == 2 && strstr(captured, "mem.inf:2:3:")
          && strstr(captured, "mem.inf:2:5:") && strstr(captured, "UTF-8"),
          "malformed UTF-8 located: %s", captured);
    t = read_in(CHARSET_UTF8, "\xc0\xaf\xed\xa0\x80", 5);
    CHECK(!strcmp(t, "??"), "overlong and surrogate: [%s]", t);
    read_in(CHARSET_LATIN1, "\xef\xbb\xbfx", 4);
    CHECK(strstr(captured, "-Cu"), "BOM note: %s", captured);
}

static void test_lines(void)
{
    fresh(CHARSET_LATIN1);
    SourceFile *f = src_from_memory(srcs, "q.inf", "one\ntwo\n\tthree\n", 15);
    CHECK(f->index == 1 && src_file(srcs, 1) == f && !src_file(srcs, 2),
          "numbering");
    SrcLoc at = { 1, 3, 2 };
    capture_begin();
    diag_error(&at, "boom");
    capture_end();
    CHECK(strstr(captured, "q.inf:3:2: error: boom") && strstr(captured, "\tthree"),
          "quoted line: %s", captured);
    SourceFile *g = src_from_memory(srcs, "r.h", "x", 1);
    CHECK(g->index == 2, "second file is 2");
    SrcLoc past = { 1, 9, 1 };
    capture_begin();
    diag_error(&past, "past the end");
    capture_end();
    CHECK(strstr(captured, "past the end"), "a line past the end is harmless");
}

/* True when src_line gives every line of `f` in the order `order`
 * (line k + 1 for k = 0, step, 2 * step, ... modulo `lines`) as `start`
 * says they are: `start[k]` the offset of line k + 1, start[lines] the
 * length of the text plus one. */
static bool lines_right(SourceFile *f, const size_t *start, uint32_t lines,
                        uint32_t step)
{
    for (uint32_t i = 0, k = 0; i < lines; i++, k = (k + step) % lines) {
        int n;
        const char *l = src_line(srcs, f->index, k + 1, &n);
        if (!l || l != f->text + start[k] ||
            (size_t)n != start[k + 1] - 1 - start[k]) {
            CHECK(0, "line %u (step %u)", (unsigned)k + 1, (unsigned)step);
            return false;
        }
    }
    return true;
}

/* Every line of a text of `len` bytes, as src_line gives it, against
 * the text itself: all in order, then out of order (back and forth), as
 * the lines are found by counting on from the last one asked or from a
 * mark; then, from a fresh start, line 2, the last and one past it. */
static void check_all_lines(const char *text, size_t len, const char *what)
{
    uint32_t lines = 1;
    for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
    size_t *start = malloc((lines + 1) * sizeof *start);
    start[0] = 0;
    for (size_t i = 0, k = 1; i < len; i++)
        if (text[i] == '\n') start[k++] = i + 1;
    start[lines] = len + 1;
    fresh(CHARSET_LATIN1);
    SourceFile *f = src_from_memory(srcs, "long.inf", text, len);
    CHECK(lines_right(f, start, lines, 1) &&
          lines_right(f, start, lines, 7919 % lines ? 7919 : 1) &&
          lines_right(f, start, lines, lines - 1 ? lines - 1 : 1),
          "%s: lines found", what);
    fresh(CHARSET_LATIN1);
    f = src_from_memory(srcs, "long.inf", text, len);
    CHECK(lines_right(f, start, lines, 5003 % lines ? 5003 : 1),
          "%s: lines found first out of order", what);
    fresh(CHARSET_LATIN1);
    f = src_from_memory(srcs, "long.inf", text, len);
    int n;
    const char *l = src_line(srcs, f->index, 2, &n);
    CHECK(lines < 2 ? !l : l == f->text + start[1], "%s: line 2", what);
    l = src_line(srcs, f->index, lines, &n);
    CHECK(l && l + n == f->text + len, "%s: the last line", what);
    CHECK(!src_line(srcs, f->index, lines + 1, &n), "%s: past the end", what);
    free(start);
}

/* Lines of every length from 0 to 70 over 200 KB (across the 64 bytes
 * read at a time, and the marks), with and without a last line break;
 * and runs of line breaks alone. */
static void test_line_index(void)
{
    size_t cap = 200 * 1024, len = 0;
    char *text = malloc(cap);
    for (unsigned k = 0; len + 80 < cap; k++) {
        unsigned n = (k * 37u) % 71u;
        for (unsigned i = 0; i < n; i++) text[len++] = (char)('a' + i % 26);
        text[len++] = '\n';
    }
    check_all_lines(text, len, "ended by a line break");
    text[len - 1] = 'z';
    check_all_lines(text, len, "no last line break");
    memset(text, '\n', 200);
    check_all_lines(text, 200, "empty lines");
    check_all_lines("", 0, "no text");
    free(text);
}

/* ---------------------------------------------------------------- files */

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) { CHECK(0, "cannot write %s", path); return; }
    fputs(text, f);
    fclose(f);
}

static const char *include(const char *name, uint32_t from_file)
{
    SrcLoc at = { from_file, 1, 1 };
    capture_begin();
    SourceFile *f = src_include(srcs, name, &at);
    capture_end();
    return f ? f->path : NULL;
}

static void test_include(void)
{
    char dir[] = "/tmp/vinform-src-XXXXXX";
    char old[1024];
    if (!mkdtemp(dir) || !getcwd(old, sizeof old) || chdir(dir)) {
        CHECK(0, "temporary folder");
        return;
    }
    mkdir("lib", 0777);
    mkdir("lib2", 0777);
    mkdir("sub", 0777);
    mkdir("sub/deeper", 0777);
    write_file("m.inf", "!% -Cu\n[ Main; ];\n");
    write_file("lib/inc.h", "! lib\n");
    write_file("lib2/inc.h", "! lib2\n");
    write_file("lib/parser.h", "! parser\n");
    write_file("lib/noext", "! noext\n");
    write_file("lib/English.h", "! English\n");
    write_file("sub/main.inf", "[ Main; ];\n");
    write_file("sub/near.inf", "! near\n");
    write_file("sub/deeper/x.inf", "! x\n");
    write_file("sub/deeper/only.inf", "! only here\n");
    write_file("plain", "! plain\n");

    fresh(CHARSET_LATIN1);
    SourceFile *m = src_open_main(srcs, "m");
    CHECK(m && !strcmp(m->path, "m.inf") && !strcmp(m->name, "m.inf"),
          "main: .inf added");
    capture_begin();
    fresh(CHARSET_LATIN1);
    CHECK(!src_open_main(srcs, "nosuch"), "missing main");
    capture_end();
    CHECK(strstr(captured, "nosuch.inf") && strstr(captured, "cannot find"),
          "missing main message: %s", captured);
    fresh(CHARSET_LATIN1);
    m = src_open_main(srcs, "plain");
    CHECK(m && !strcmp(m->path, "plain"), "main without extension");
    fresh(CHARSET_LATIN1);
    capture_begin();
    CHECK(!src_open_main(srcs, "lib"), "a folder is no source");
    capture_end();

    fresh(CHARSET_LATIN1);
    opts.include_path = (const char *[]){ "lib2", "lib" };
    opts.n_include_path = 2;
    m = src_open_main(srcs, "m.inf");
    CHECK(m, "m.inf");
    const char *p = include("inc", 1);
    CHECK(p && !strcmp(p, "lib2/inc.h"), "include_path order: %s", p);
    p = include("Parser", 1);
    CHECK(p && !strcmp(p, "lib/parser.h"), "case-insensitive: %s", p);
    p = include("noext.", 1);
    CHECK(p && !strcmp(p, "lib/noext"), "trailing dot: %s", p);
    p = include("lib/inc", 1);
    CHECK(p && !strcmp(p, "lib/inc.h"), "name with a folder: %s", p);
    p = include("language__", 1);
    CHECK(p && !strcmp(p, "lib/English.h"), "language__: %s", p);
    p = include("missing", 1);
    CHECK(!p && strstr(captured, "\"missing.h\"") && strstr(captured, "lib2, lib")
          && strstr(captured, "+include_path"), "missing include: %s", captured);

    fresh(CHARSET_LATIN1);
    opts.include_path = (const char *[]){ "lib" };
    opts.n_include_path = 1;
    m = src_open_main(srcs, "sub/main");
    CHECK(m, "sub/main");
    p = include(">near", 1);
    CHECK(p && !strcmp(p, "sub/near.inf"), "'>' beside the main file: %s", p);
    SourceFile *x = src_include(srcs, ">deeper/x", &(SrcLoc){ 1, 1, 1 });
    CHECK(x && !strcmp(x->path, "sub/deeper/x.inf"), "'>' with a folder");
    p = include(">only", x ? x->index : 1);
    CHECK(p && !strcmp(p, "sub/deeper/only.inf"),
          "'>' then beside the including file: %s", p);

    /* The !% lines choose the main file's character set. */
    write_file("u.inf", "!% -Cu\n[ Main; print \"caf\xc3\xa9\"; ];\n");
    fresh(CHARSET_LATIN1);
    m = src_open_main(srcs, "u");
    CHECK(m && strstr(m->text, "caf\xc3\xa9\"") && diag_counts().errors == 0,
          "!%% -Cu read as UTF-8");

    if (chdir(old) != 0) CHECK(0, "chdir back");
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) CHECK(0, "cleanup");
}

int main(void)
{
    opt_defaults(&opts);
    test_line_ends();
    test_charsets();
    test_lines();
    test_line_index();
    test_include();
    arena_release(&arena);
    opt_free(&opts);
    return failures ? 1 : 0;
}
