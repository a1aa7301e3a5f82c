/* text_test.c: compiler/text.c — string, character-constant and
 * dictionary-word escapes, line folding, bad escapes at their own line and
 * column.  Prints one line per failed check; exit status 1 if any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "text.h"

#include "check.h"

int failures;

/* Decodes a whole literal into UTF-8 (dynamic strings as "<NN>", names as
 * "<NAME>", bad escapes as "<BAD>"). */
static const char *decode(const char *raw, TextKind kind)
{
    static char buf[4096];
    size_t n = 0, pos = 0, len = strlen(raw);
    TextUnit u;
    for (;;) {
        pos = text_next(raw, len, pos, kind, &u);
        if (u.kind == TU_END || n > sizeof buf - 32) break;
        if (u.kind == TU_CHAR) n += (size_t)text_utf8_encode(u.value, buf + n);
        else if (u.kind == TU_DYNAMIC) n += (size_t)sprintf(buf + n, "<%02u>", u.value);
        else if (u.kind == TU_DYNAMIC_NAME)
            n += (size_t)sprintf(buf + n, "<%.*s>", (int)u.name_len, u.name);
        else n += (size_t)sprintf(buf + n, "<BAD>");
    }
    buf[n] = '\0';
    return buf;
}

#define DECODES(raw, kind, want)                                           \
    do {                                                                   \
        const char *got_ = decode(raw, kind);                              \
        CHECK(!strcmp(got_, want), "%s decodes to \"%s\", want \"%s\"",    \
              #raw, got_, want);                                           \
    } while (0)

#include "capture.h"

static void test_strings(void)
{
    DECODES("plain", TEXT_STRING, "plain");
    DECODES("a^b~c~", TEXT_STRING, "a\nb\"c\"");
    DECODES("tab\there", TEXT_STRING, "tab here");
    DECODES("two  spaces", TEXT_STRING, "two  spaces");
    DECODES("at @@64 bs @@92 caret @@94 tilde @@126", TEXT_STRING,
            "at @ bs \\ caret ^ tilde ~");
    DECODES("@{E9}t@{e9} @{41}@{0042} @{1F600}", TEXT_STRING,
            "\xc3\xa9t\xc3\xa9 AB \xf0\x9f\x98\x80");
    DECODES("@:a@:o@:u @'e @`a @^o @~n @cc @cC @/o @/O @oa @oA", TEXT_STRING,
            "\xc3\xa4\xc3\xb6\xc3\xbc \xc3\xa9 \xc3\xa0 \xc3\xb4 \xc3\xb1 "
            "\xc3\xa7 \xc3\x87 \xc3\xb8 \xc3\x98 \xc3\xa5 \xc3\x85");
    DECODES("@ss @ae @AE @oe @OE @th @et @Th @Et @LL @!! @?? @<< @>>",
            TEXT_STRING,
            "\xc3\x9f \xc3\xa6 \xc3\x86 \xc5\x93 \xc5\x92 \xc3\xbe \xc3\xb0 "
            "\xc3\x9e \xc3\x90 \xc2\xa3 \xc2\xa1 \xc2\xbf \xc2\xab \xc2\xbb");
    DECODES("dyn @00 and @(2) and @( SLOT ) and @123", TEXT_STRING,
            "dyn <00> and <02> and <SLOT> and <12>3");
    DECODES("caf\xc3\xa9", TEXT_STRING, "caf\xc3\xa9");
}

static void test_folding(void)
{
    DECODES("a\n   b", TEXT_STRING, "a b");
    DECODES("a   \n\n  b", TEXT_STRING, "a b");
    DECODES("c^\n\n  d", TEXT_STRING, "c\nd");
    DECODES("x^   \n    y", TEXT_STRING, "x\ny");
    DECODES("e \\  \n   f", TEXT_STRING, "e f");
    DECODES("three  \\\n  four", TEXT_STRING, "three  four");
    DECODES("h\\\n\n  i", TEXT_STRING, "hi");
    DECODES("l\\\t\nm", TEXT_STRING, "lm");
    DECODES("\n  j", TEXT_STRING, " j");
    DECODES("k  \n", TEXT_STRING, "k ");
    DECODES("g\\x", TEXT_STRING, "g<BAD>x");
    /* No folding outside strings. */
    DECODES("a\\b", TEXT_DICT_WORD, "a\\b");
}

static void test_char_and_dict(void)
{
    CHECK(text_char_value("a", 1) == 'a', "'a'");
    CHECK(text_char_value("'", 1) == '\'', "'''");
    CHECK(text_char_value("^", 1) == '^', "'^' is a caret, not a newline");
    CHECK(text_char_value("~", 1) == '~', "'~' is a tilde");
    CHECK(text_char_value("\\", 1) == '\\', "'\\'");
    CHECK(text_char_value("@@64", 4) == 64, "'@@64'");
    CHECK(text_char_value("@{41}", 5) == 0x41, "'@{41}'");
    CHECK(text_char_value("@:a", 3) == 0xE4, "'@:a'");
    CHECK(text_char_value("\xc3\xa9", 2) == 0xE9, "UTF-8 e-acute");
    CHECK(text_char_value("ab", 2) == -1, "'ab' is no character");
    CHECK(text_char_value("", 0) == -1, "'' is no character");
    CHECK(text_char_value("@00", 3) == -1, "@NN is no character");
    DECODES("don^t", TEXT_DICT_WORD, "don't");
    DECODES("a~b", TEXT_DICT_WORD, "a\"b");
    DECODES("@@65b@{43}@:a", TEXT_DICT_WORD, "AbC\xc3\xa4");
    DECODES("a@12b", TEXT_DICT_WORD, "a<BAD>b");

    size_t wl, fl;
    const char *flags;
    text_dict_split("word//p", 7, &wl, &flags, &fl);
    CHECK(wl == 4 && flags && fl == 1 && flags[0] == 'p', "'word//p'");
    text_dict_split("a//", 3, &wl, &flags, &fl);
    CHECK(wl == 1 && flags && fl == 0, "'a//'");
    text_dict_split("plain", 5, &wl, &flags, &fl);
    CHECK(wl == 5 && !flags && fl == 0, "'plain'");
    text_dict_split("@/o//n", 6, &wl, &flags, &fl);
    CHECK(wl == 3 && flags && fl == 1 && flags[0] == 'n', "'@/o//n'");
    text_dict_split("@//o", 4, &wl, &flags, &fl);
    CHECK(wl == 4 && !flags, "'@//o' has no flags");

    int set, clear;
    SrcLoc at = { 1, 1, 1 };
    CHECK(text_dict_flags("p~n", 3, at, &set, &clear)
          && set == TEXT_DICT_PLURAL && clear == TEXT_DICT_NOUN, "//p~n");
    CHECK(text_dict_flags("sn", 2, at, &set, &clear)
          && set == (TEXT_DICT_SINGULAR | TEXT_DICT_NOUN) && !clear, "//sn");
    capture_begin();
    bool ok = text_dict_flags("x", 1, at, &set, &clear);
    const char *msg = capture_end();
    CHECK(!ok && strstr(msg, "Expected flag character (psn~) after '//'"),
          "//x: %s", msg);
    CHECK(text_dict_flags("~~n~~~p", 7, at, &set, &clear)
          && set == TEXT_DICT_NOUN && clear == TEXT_DICT_PLURAL,
          "//~~n~~~p: ~~ cancels itself");
    capture_begin();
    ok = text_dict_flags("p~", 2, at, &set, &clear);
    msg = capture_end();
    CHECK(!ok && strstr(msg, "'//~' with no flag character"), "//p~: %s", msg);
}

/* Each bad escape is reported once, at its own line and column. */
static void check_error(const char *raw, TextKind kind, const char *where,
                        const char *what)
{
    SrcLoc quote = { 0, 10, 5 };
    capture_begin();
    bool ok = text_check(raw, strlen(raw), quote, kind);
    const char *msg = capture_end();
    CHECK(!ok, "text_check accepts \"%s\"", raw);
    CHECK(strstr(msg, where) && strstr(msg, what),
          "\"%s\": want %s and \"%s\" in: %s", raw, where, what, msg);
}

static void test_errors(void)
{
    diag_reset();
    check_error("ab@:z", TEXT_STRING, "", "unknown accent escape '@:z'");
    check_error("@{}", TEXT_STRING, "", "needs 1 to 6 hex digits and '}'");
    check_error("@{1234567}", TEXT_STRING, "", "needs 1 to 6 hex digits");
    check_error("@{12", TEXT_STRING, "", "needs 1 to 6 hex digits");
    check_error("@{xy}", TEXT_STRING, "", "'@{xy}'");
    check_error("@{110000}", TEXT_STRING, "", "past the last Unicode");
    check_error("@1x", TEXT_STRING, "", "exactly two");
    check_error("ab@", TEXT_STRING, "", "at the end");
    check_error("@@", TEXT_STRING, "", "decimal character code");
    check_error("@(5", TEXT_STRING, "", "'@(' must hold");
    check_error("@(a-b)", TEXT_STRING, "", "'@(' must hold");
    check_error("@05", TEXT_CHAR, "", "character constant");
    check_error("x@(1)", TEXT_DICT_WORD, "", "dictionary word");
    check_error("g\\x", TEXT_STRING, "", "write @@92");

    /* Column counting: the quote is at 10:5, so raw[0] is column 6. */
    SrcLoc quote = { 0, 10, 5 };
    SrcLoc l = text_loc("ab@:z", 2, quote);
    CHECK(l.line == 10 && l.col == 8, "text_loc same line: %u:%u", l.line, l.col);
    l = text_loc("one\n  t\xc3\xa9@:z", 9, quote);
    CHECK(l.line == 11 && l.col == 5, "text_loc next line: %u:%u", l.line, l.col);

    /* Two bad escapes on two lines: two errors, nothing else. */
    diag_reset();
    diag_set_silent(true);
    text_check("x @:z\n  y @{}", 13, quote, TEXT_STRING);
    CHECK(diag_counts().errors == 2, "two errors, got %d", diag_counts().errors);
    diag_reset();
    CHECK(text_check("good @@64 @{41} @:a @00", 23, quote, TEXT_STRING),
          "good escapes rejected");
    CHECK(text_check("no escapes at all", 17, quote, TEXT_STRING), "plain");
    CHECK(diag_counts().errors == 0, "errors from good text");
}

/* A long run of blanks or joins must stay linear and not recurse. */
static void test_speed(void)
{
    size_t n = 2000000;
    char *s = malloc(n + 2);
    memset(s, ' ', n);
    s[n] = 'x';
    s[n + 1] = '\0';
    clock_t t0 = clock();
    TextUnit u;
    size_t pos = 0, units = 0;
    do {
        pos = text_next(s, n + 1, pos, TEXT_STRING, &u);
        units++;
    } while (u.kind != TU_END);
    CHECK(units == n + 2, "blank run: %zu units", units);
    for (size_t i = 0; i + 1 < n; i += 2) { s[i] = '\\'; s[i + 1] = '\n'; }
    pos = text_next(s, n + 1, 0, TEXT_STRING, &u);
    CHECK(u.kind == TU_CHAR && u.value == 'x', "joined lines");
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(secs < 2.0, "2 MB of blanks took %.2f s", secs);
    free(s);
}

int main(void)
{
    diag_reset();
    test_strings();
    test_folding();
    test_char_and_dict();
    test_errors();
    test_speed();
    return failures ? 1 : 0;
}
