/* ztext_test.c: codegen/zmachine/ztext.c, zcharset.c, zdict.c — Z-text
 * and dictionary words checked byte for byte against inform6 6.41.
 *
 * Every expected value below was read from a story compiled by Debian's
 * inform6 6.41 (strings from `inform6 -v5 -a2` listings of `print "..."`,
 * dictionary entries from the dictionary table of `-v3` and `-v5`
 * stories); the Inform source of each is quoted beside it.  Prints one
 * line per failed check; exit status 1 if any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/zmachine/ztext.h"

#include "check.h"

int failures;

/* UTF-8 text to units; returns the count. */
static size_t units(const char *s, uint32_t *out)
{
    size_t n = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        uint32_t c = *p++;
        int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        if (more) c &= 0x3Fu >> more;
        while (more-- > 0) c = (c << 6) | (*p++ & 0x3F);
        out[n++] = c;
    }
    return n;
}

static void hex(const uint8_t *b, size_t n, char *out)
{
    out[0] = 0;
    for (size_t i = 0; i < n; i++)
        sprintf(out + strlen(out), "%s%02x", i ? " " : "", b[i]);
}

/* Encodes n units and compares with the expected hex bytes. */
static void check_units(int line, ZText *zt, const uint32_t *u, size_t n,
                        unsigned flags, const char *expect)
{
    ZBuf out = { 0 };
    ZTextErr err;
    size_t len = zt_encode(zt, u, n, flags, &out, &err);
    char got[512];
    hex(out.data, out.len, got);
    if (strcmp(got, expect) != 0 || len != out.len || err.count) {
        printf("%s:%d: encoded %s, expected %s (errors %d)\n", __FILE__,
               line, got, expect, err.count);
        failures++;
    }
    zb_free(&out);
}

static void check_str(int line, ZText *zt, const char *s, const char *expect)
{
    uint32_t u[256];
    check_units(line, zt, u, units(s, u), 0, expect);
}
#define STR(zt, s, e) check_str(__LINE__, zt, s, e)

static void test_strings(void)
{
    ZText zt;
    zt_init(&zt, 5);
    /* print "Hello, world!^" */
    STR(&zt, "Hello, world!\n", "11 aa 46 34 16 60 72 97 45 25 d0 a7");
    STR(&zt, "Hello, world!^", "11 aa 46 34 16 60 72 97 45 25 d0 a7");
    STR(&zt, "", "94 a5");                                  /* "" */
    STR(&zt, "x~y", "74 b9 f8 a5");                         /* "x@{7E}y" */
    STR(&zt, "x\"y", "74 b9 f8 a5");                        /* "x~y" */
    STR(&zt, "caf\xc3\xab", "20 cb 14 c5 90 a5");           /* "caf@:e" */
    STR(&zt, "ABC abc 123", "10 c4 1c 88 00 c7 20 05 24 aa 95 65");
    STR(&zt, "a\nb", "18 a7 9c a5");                        /* "a^b" */
    /* "@{E9}@{153}@{BF}": default Unicode table entries 170, 220, 223 */
    STR(&zt, "\xc3\xa9\xc5\x93\xc2\xbf", "14 c5 28 a6 1b 85 98 df");
    STR(&zt, "a  b.  c", "18 00 1c b2 80 08");
    STR(&zt, "#_/-:()", "16 e5 58 ba 17 85 74 be 97 e5");
    STR(&zt, "{|}[]", "14 c3 6c a6 0f 85 18 7d 14 c2 6c a6 8b a5");

    /* "@@94@@126": real ^ and ~ as escapes */
    uint32_t esc[] = { ZT_ZSCII(94), ZT_ZSCII(126) };
    check_units(__LINE__, &zt, esc, 2, 0, "14 c2 78 a6 8f c5");
    /* "@@13@@32@@65" */
    uint32_t zs[] = { ZT_ZSCII(13), ZT_ZSCII(32), ZT_ZSCII(65) };
    check_units(__LINE__, &zt, zs, 3, 0, "14 c0 34 04 98 a5");
    /* "x@00y@31z": dynamic strings */
    uint32_t dyn[] = { 'x', ZT_DYNAMIC(0), 'y', ZT_DYNAMIC(31), 'z' };
    check_units(__LINE__, &zt, dyn, 5, 0, "74 20 78 3f fc a5");

    /* inform6 -d: "a  b.  c" loses the second space after the stop */
    zt.double_space = 1;
    STR(&zt, "a  b.  c", "18 00 1c b2 81 05");
    zt_free(&zt);
}

static void test_errors(void)
{
    ZText zt;
    zt_init(&zt, 5);
    ZBuf out = { 0 };
    ZTextErr err;
    uint32_t u[] = { 'a', 0x3A3 /* Greek Sigma: not in the default table */,
                     'b' };
    zt_encode(&zt, u, 3, 0, &out, &err);
    CHECK(err.count == 1 && err.kind == ZTE_NO_ZSCII && err.index == 1 &&
              err.unit == 0x3A3, "Sigma should be reported at index 1");
    CHECK(out.len == 4, "'a?b' takes 4 bytes, got %zu", out.len);
    /* Dynamic strings stop at MAX_DYNAMIC_STRINGS (first_abbrev_entry). */
    uint32_t d[] = { ZT_DYNAMIC(32) };
    out.len = 0;
    zt_encode(&zt, d, 1, 0, &out, &err);
    CHECK(err.count == 1 && err.kind == ZTE_BAD_DYNAMIC,
          "@32 is past the dynamic strings");
    /* With the Unicode table extended, Sigma is ZSCII 224. */
    CHECK(zt_add_unicode(&zt, 0x3A3), "table has room");
    CHECK(zt_unicode_to_zscii(&zt, 0x3A3) == 224, "Sigma -> 224");
    CHECK(zt_zscii_to_unicode(&zt, 224) == 0x3A3, "224 -> Sigma");
    out.len = 0;
    zt_encode(&zt, u, 3, 0, &out, &err);
    CHECK(err.count == 0 && out.len == 4, "a, escape 224, b: 6 Z-chars");
    zb_free(&out);
    zt_free(&zt);
}

/* Abbreviate "the "; "he"; "hello"; ". "; "ello w"; with inform6 -e. */
static void test_abbreviations(void)
{
    ZText zt;
    zt_init(&zt, 5);
    zt.economy = true;
    const char *abbr[] = { "the ", "he", "hello", ". ", "ello w" };
    ZBuf pool = { 0 };
    for (int i = 0; i < 5; i++) {
        uint32_t u[16];
        size_t n = units(abbr[i], u);
        CHECK(zt_add_abbrev(&zt, u, n) == i, "declaration numbers");
        /* The abbreviations' own text never uses abbreviations. */
        zt_encode(&zt, u, n, ZTE_NO_ABBREV, &pool, NULL);
    }
    char got[128];
    hex(pool.data, pool.len, got);
    CHECK(strcmp(got, "65 aa 80 a5 b5 45 35 51 c6 85 96 40 2a 31 d0 1c") == 0,
          "abbreviation strings: %s", got);
    /* inform6 numbers them in descending order of their text. */
    int expect_entry[] = { 32, 34, 33, 36, 35 };
    for (int i = 0; i < 5; i++)
        CHECK(zt_abbrev_entry(&zt, i) == expect_entry[i],
              "abbreviation %d: entry %d", i, zt_abbrev_entry(&zt, i));
    /* The cheapest parse: "the " "h" "ello w" "orld" ". " "the " "end" */
    STR(&zt, "the hello world. the end",
        "08 0d 08 74 5e 29 08 82 01 53 a4 a5");
    STR(&zt, "hello", "88 25");
    /* "s" "he" "l" "l" costs as much as the letters: the letters win. */
    STR(&zt, "shell", "61 aa c6 25");
    CHECK(zt.abbrevs[0].uses == 2, "\"the \" used twice");
    zt.economy = false;
    STR(&zt, "hello", "35 51 c6 85");
    zb_free(&pool);
    zt_free(&zt);
}

/* Zcharacter "abcdefghijklmnopqrstuvwxyz" "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
 *            "0123456789.,!?_#'/@{E9}-:()"; print "a~b@{E9}^"; */
static void test_alphabets(void)
{
    ZText zt;
    zt_init(&zt, 5);
    int a0[26], a1[26], a2[23];
    const char *a2s = "0123456789.,!?_#'/";
    for (int i = 0; i < 26; i++) { a0[i] = 'a' + i; a1[i] = 'A' + i; }
    for (int i = 0; i < 18; i++) a2[i] = a2s[i];
    a2[18] = 170;                       /* e-acute */
    a2[19] = '-'; a2[20] = ':'; a2[21] = '('; a2[22] = ')';
    CHECK(zt_set_alphabets(&zt, a0, a1, a2), "alphabet accepted");
    uint8_t table[78];
    zt_alphabet_table(&zt, table);
    char got[300];
    hex(table + 52, 26, got);
    CHECK(strcmp(got, "20 5e 22 30 31 32 33 34 35 36 37 38 39 2e 2c 21 3f "
                      "5f 23 27 2f aa 2d 3a 28 29") == 0, "A2 table: %s", got);
    STR(&zt, "a~b\xc3\xa9\n", "18 a8 1c bb 94 e5");
    a2[0] = 'a';                        /* a twice: refused */
    CHECK(!zt_set_alphabets(&zt, a0, a1, a2), "duplicate refused");
    zt_free(&zt);

    /* Zcharacter '@{E9}'; Zcharacter '@{E8}'; print "1a~b@{E9}^@{E8}"; */
    zt_init(&zt, 5);
    CHECK(zt_add_alphabet_char(&zt, 170) == 1, "e-acute placed");
    CHECK(zt_add_alphabet_char(&zt, 182) == 1, "e-grave placed");
    CHECK(zt_add_alphabet_char(&zt, 'q') == 0, "q already there");
    zt_alphabet_table(&zt, table);
    hex(table + 52, 26, got);
    CHECK(strcmp(got, "20 5e aa b6 32 33 34 35 36 37 38 39 2e 2c 21 3f 5f "
                      "23 27 22 2f 5c 2d 3a 28 29") == 0, "A2 table: %s", got);
    STR(&zt, "1a~b\xc3\xa9\n\xc3\xa8", "14 c1 44 c5 64 e5 20 a7 95 25");
    /* A slot used by text cannot be taken: '2' was not used, '3'... */
    STR(&zt, "2", "95 45");
    CHECK(zt_add_alphabet_char(&zt, 183) == 1, "i-grave placed");
    CHECK(zt.alphabet[52 + 5] == 183, "into '3', the first unused digit");
    zt_free(&zt);
}

static void check_dict(int line, int version, const char *word,
                       const char *expect)
{
    ZText zt;
    zt_init(&zt, version);
    uint32_t u[64];
    size_t n = units(word, u);
    ZDictWord w;
    bool ok = zt_dict_encode(&zt, u, n, &w, NULL);
    char got[64];
    hex(w.bytes, (size_t)zt_dict_bytes(version), got);
    if (!ok || strcmp(got, expect) != 0) {
        printf("%s:%d: v%d '%s' gave %s, expected %s\n", __FILE__, line,
               version, word, got, expect);
        failures++;
    }
    zt_free(&zt);
}
#define DICT(v, w, e) check_dict(__LINE__, v, w, e)

static void test_dictionary(void)
{
    DICT(5, "hello", "35 51 46 85 94 a5");
    DICT(3, "hello", "35 51 c6 85");
    DICT(5, "xyzzy", "77 df 7f c5 94 a5");
    DICT(3, "xyzzy", "77 df ff c5");
    DICT(5, "Zork", "7e 97 40 a5 94 a5");          /* lower-cased */
    DICT(3, "Zork", "7e 97 c0 a5");
    DICT(5, "don't", "26 93 17 19 94 a5");          /* 'don^t' */
    DICT(3, "don't", "26 93 97 19");
    DICT(5, "a-b", "18 bc 1c a5 94 a5");
    DICT(3, "a-b", "18 bc 9c a5");
    DICT(5, "abcdefghijkl", "18 e8 25 4b b1 ae");   /* truncated */
    DICT(3, "abcdefghijkl", "18 e8 a5 4b");
    DICT(5, "x", "74 a5 14 a5 94 a5");              /* 'x//' */
    DICT(3, "x", "74 a5 94 a5");
    DICT(5, "9lives", "16 31 3b 6a e0 a5");
    DICT(3, "9lives", "16 31 bb 6a");
    DICT(5, "caf\xc3\xab", "20 cb 14 c5 90 a5");    /* 'caf@:e' */
    DICT(3, "caf\xc3\xab", "20 cb 94 c5");
    DICT(5, "\xc3\xa9t\xc3\xa9", "14 c5 2b 25 98 aa"); /* '@{E9}t@{E9}' */
    DICT(3, "\xc3\xa9t\xc3\xa9", "14 c5 ab 25");
    DICT(5, "a\"b", "18 b9 1c a5 94 a5");            /* 'a~b', 'a"b' */
    DICT(3, "a\"b", "18 b9 9c a5");
    DICT(5, "x~y", "74 b9 78 a5 94 a5");             /* 'x@{7E}y' */
    DICT(5, "a b", "18 a6 04 07 94 a5");             /* space: escape */
    DICT(5, "\xc3\x89t\xc3\x89", "14 c5 43 25 98 b0"); /* E-acute kept */
    DICT(5, "AbC", "18 e8 14 a5 94 a5");

    /* Truncation and the LONG_DICT_FLAG_BUG condition. */
    ZText zt;
    zt_init(&zt, 5);
    ZDictWord w;
    uint32_t u[16];
    zt_dict_encode(&zt, u, units("abcdefghi", u), &w, NULL);
    CHECK(!w.truncated && !w.overflowed, "9 letters fit in v5");
    zt_dict_encode(&zt, u, units("abcdefghij", u), &w, NULL);
    CHECK(w.truncated && w.overflowed, "10 letters do not");
    zt_dict_encode(&zt, u, units("abcdefg\xc3\xa9", u), &w, NULL);
    CHECK(w.truncated && !w.overflowed, "a cut escape truncates only");
    ZDictWord a, b;
    zt_dict_encode(&zt, u, units("a", u), &a, NULL);
    zt_dict_encode(&zt, u, units("ab", u), &b, NULL);
    CHECK(zt_dict_compare(&a, &b, 5) < 0, "'a' sorts before 'ab'");
    ZTextErr err;
    uint32_t bad[] = { 'a', 0x3A3 };
    CHECK(!zt_dict_encode(&zt, bad, 2, &w, &err) && err.index == 1 &&
              err.kind == ZTE_NOT_INPUT, "Sigma cannot be typed");
    zt_free(&zt);
}

static void test_tables(void)
{
    ZText zt;
    zt_init(&zt, 5);
    uint8_t t[1 + 2 * ZT_MAX_UNICODE];
    CHECK(zt_unicode_table(&zt, t) == 1 + 2 * 69 && t[0] == 69 &&
              t[1] == 0 && t[2] == 0xe4 && t[1 + 2 * 65] == 0x01 &&
              t[2 + 2 * 65] == 0x53, "default table: ae ... oe");
    uint32_t cps[] = { 0x3B1, 0x3B2 };
    CHECK(zt_set_unicode_table(&zt, cps, 2), "new table");
    CHECK(zt_unicode_to_zscii(&zt, 0x3B2) == 156 &&
              zt_unicode_to_zscii(&zt, 0xe4) == -1, "only the new table");
    CHECK(zt_unicode_to_zscii(&zt, '\n') == 13 &&
              zt_unicode_to_zscii(&zt, '~') == '~' &&
              zt_unicode_to_zscii(&zt, 7) == -1, "ASCII and new-line");
    zt_free(&zt);

    /* Versions 3 and 4 have fixed alphabets and Unicode table. */
    zt_init(&zt, 3);
    CHECK(!zt_add_unicode(&zt, 0x3B1) && zt_add_alphabet_char(&zt, 170) < 0,
          "no Zcharacter changes in v3");
    zt_free(&zt);

    /* Zcharacter table '@{3B1}' '@{3B2}' '@{E4}'; print "@{3B2}@{E4}"; */
    zt_init(&zt, 5);
    uint32_t greek[] = { 0x3B1, 0x3B2, 0xE4 };
    CHECK(zt_set_unicode_table(&zt, greek, 3), "table set");
    size_t n = zt_unicode_table(&zt, t);
    char got[600];
    hex(t, n, got);
    CHECK(strcmp(got, "03 03 b1 03 b2 00 e4") == 0, "table bytes %s", got);
    STR(&zt, "\xce\xb2\xc3\xa4", "14 c4 70 a6 93 a5");
    zt_free(&zt);

    /* Zcharacter table + '@{3B1}'; print "@{3B1}"; */
    zt_init(&zt, 5);
    CHECK(zt_add_unicode(&zt, 0x3B1) && zt.unicode_changed, "added");
    n = zt_unicode_table(&zt, t);
    CHECK(n == 1 + 2 * 70 && t[0] == 70 && t[139] == 0x03 && t[140] == 0xb1,
          "70 entries, alpha last");
    STR(&zt, "\xce\xb1", "14 c7 80 a5");
    zt_free(&zt);
}

int main(void)
{
    test_strings();
    test_errors();
    test_abbreviations();
    test_alphabets();
    test_dictionary();
    test_tables();
    if (failures) printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
