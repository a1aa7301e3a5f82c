/* text.c: escapes in strings, character constants and dictionary words
 * (see text.h).
 *
 * Takes the raw text between the quotes; gives one decoded unit at a time
 * (text_next), reports bad escapes at their own line and column
 * (text_check), and answers small questions (a character constant's value,
 * a dictionary word's flags).  The rules are inform6's, checked against
 * inform6 6.41 where it could show them: see language-notes §3.  It runs
 * on every literal, so the common case (no '@', no '\') returns at once. */
#include "text.h"

#include <ctype.h>
#include <string.h>

#include "charsets.h"
#include "diag.h"

typedef enum TextProblem {
    TP_NONE,
    TP_AT_END,          /* '@' with nothing after it */
    TP_ACCENT,          /* @xy that is no accent */
    TP_AT_AT_DIGITS,    /* @@ without a number */
    TP_CODE_RANGE,      /* @@N or @{N} past U+10FFFF */
    TP_BRACE,           /* @{ without 1..6 hex digits and } */
    TP_DYNAMIC_DIGITS,  /* @N without a second digit */
    TP_DYNAMIC_HERE,    /* @NN or @(..) outside a string */
    TP_PAREN,           /* @( without a number or name and ) */
    TP_BACKSLASH,       /* \ in a string not ending its line */
} TextProblem;

/* The two-character accent escapes in ZSCII order 155..223 (Z-machine
 * Standard, Table 1) and the Unicode character of each. */
static const struct { char a, b; uint16_t cp; } ACCENTS[] = {
    {':','a',0xE4}, {':','o',0xF6}, {':','u',0xFC}, {':','A',0xC4},
    {':','O',0xD6}, {':','U',0xDC}, {'s','s',0xDF}, {'>','>',0xBB},
    {'<','<',0xAB}, {':','e',0xEB}, {':','i',0xEF}, {':','y',0xFF},
    {':','E',0xCB}, {':','I',0xCF}, {'\'','a',0xE1}, {'\'','e',0xE9},
    {'\'','i',0xED}, {'\'','o',0xF3}, {'\'','u',0xFA}, {'\'','y',0xFD},
    {'\'','A',0xC1}, {'\'','E',0xC9}, {'\'','I',0xCD}, {'\'','O',0xD3},
    {'\'','U',0xDA}, {'\'','Y',0xDD}, {'`','a',0xE0}, {'`','e',0xE8},
    {'`','i',0xEC}, {'`','o',0xF2}, {'`','u',0xF9}, {'`','A',0xC0},
    {'`','E',0xC8}, {'`','I',0xCC}, {'`','O',0xD2}, {'`','U',0xD9},
    {'^','a',0xE2}, {'^','e',0xEA}, {'^','i',0xEE}, {'^','o',0xF4},
    {'^','u',0xFB}, {'^','A',0xC2}, {'^','E',0xCA}, {'^','I',0xCE},
    {'^','O',0xD4}, {'^','U',0xDB}, {'o','a',0xE5}, {'o','A',0xC5},
    {'/','o',0xF8}, {'/','O',0xD8}, {'~','a',0xE3}, {'~','n',0xF1},
    {'~','o',0xF5}, {'~','A',0xC3}, {'~','N',0xD1}, {'~','O',0xD5},
    {'a','e',0xE6}, {'A','E',0xC6}, {'c','c',0xE7}, {'c','C',0xC7},
    {'t','h',0xFE}, {'e','t',0xF0}, {'T','h',0xDE}, {'E','t',0xD0},
    {'L','L',0xA3}, {'o','e',0x153}, {'O','E',0x152}, {'!','!',0xA1},
    {'?','?',0xBF},
};

static uint32_t accent(char a, char b)
{
    for (size_t i = 0; i < sizeof ACCENTS / sizeof ACCENTS[0]; i++)
        if (ACCENTS[i].a == a && ACCENTS[i].b == b) return ACCENTS[i].cp;
    return 0;
}

static size_t unit(TextUnit *u, TextUnitKind kind, uint32_t value,
                   size_t end)
{
    u->kind = kind;
    u->value = value;
    u->end = end;
    return end;
}

static size_t bad(TextUnit *u, TextProblem p, size_t end)
{
    u->problem = p;
    return unit(u, TU_BAD, '?', end);
}

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* ---------------------------------------------------------------- escapes */

/* A decimal or hex number of raw[from..to), saturating past U+10FFFF. */
static uint32_t number(const char *raw, size_t from, size_t to, int base)
{
    uint32_t v = 0;
    for (size_t i = from; i < to; i++) {
        int d = isdigit((unsigned char)raw[i]) ? raw[i] - '0'
            : tolower((unsigned char)raw[i]) - 'a' + 10;
        v = v > 0x10FFFF ? v : v * (uint32_t)base + (uint32_t)d;
    }
    return v;
}

/* @@N: in a string a ZSCII code on the Z-machine (inform6 6.41; 6.45
 * reads it as Unicode there too); in a character constant, a dictionary
 * word or an array's text a Unicode code point, as inform6 6.45 reads it
 * everywhere (6.41 refused it in those three). */
static size_t at_at(const char *raw, size_t len, size_t pos, TextKind kind,
                    TextUnit *u)
{
    size_t j = pos + 2;
    while (j < len && isdigit((unsigned char)raw[j])) j++;
    if (j == pos + 2) return bad(u, TP_AT_AT_DIGITS, j);
    uint32_t v = number(raw, pos + 2, j, 10);
    if (v > 0x10FFFF) return bad(u, TP_CODE_RANGE, j);
    u->raw_code = kind == TEXT_STRING;
    return unit(u, TU_CHAR, v, j);
}

/* @{H}: a Unicode code point.  In a string, @{5E} and @{7E} are the
 * characters ^ and ~ themselves, not a new line and a double quote: the
 * ZSCII codes 94 and 126 (inform6 6.45; 6.41 printed them as ^ and ~
 * would be). */
static size_t at_brace(const char *raw, size_t len, size_t pos,
                       TextKind kind, TextUnit *u)
{
    size_t j = pos + 2;
    while (j < len && isxdigit((unsigned char)raw[j])) j++;
    if (j >= len || raw[j] != '}') {
        /* Take in a nearby '}' so that one mistake is one message. */
        for (size_t k = j; k < len && k < j + 8 && raw[k] != '\n'; k++)
            if (raw[k] == '}') return bad(u, TP_BRACE, k + 1);
        return bad(u, TP_BRACE, j);
    }
    if (j == pos + 2 || j - (pos + 2) > 6) return bad(u, TP_BRACE, j + 1);
    uint32_t v = number(raw, pos + 2, j, 16);
    if (v > 0x10FFFF) return bad(u, TP_CODE_RANGE, j + 1);
    u->raw_code = kind == TEXT_STRING && (v == '^' || v == '~');
    return unit(u, TU_CHAR, v, j + 1);
}

static bool is_name(const char *s, size_t n)
{
    if (!n || (!isalpha((unsigned char)s[0]) && s[0] != '_')) return false;
    for (size_t i = 1; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '_') return false;
    return true;
}

/* @(N) or @(NAME), 6.40+: a dynamic string by number or constant. */
static size_t at_paren(const char *raw, size_t len, size_t pos, TextUnit *u)
{
    size_t j = pos + 2;
    while (j < len && raw[j] != ')' && raw[j] != '\n') j++;
    if (j >= len || raw[j] != ')') return bad(u, TP_PAREN, pos + 2);
    size_t a = pos + 2, b = j;
    while (a < b && is_blank(raw[a])) a++;
    while (b > a && is_blank(raw[b - 1])) b--;
    bool digits = a < b;
    for (size_t k = a; k < b; k++) digits &= isdigit((unsigned char)raw[k]) != 0;
    if (digits) return unit(u, TU_DYNAMIC, number(raw, a, b, 10), j + 1);
    if (!is_name(raw + a, b - a)) return bad(u, TP_PAREN, j + 1);
    u->name = raw + a;
    u->name_len = b - a;
    return unit(u, TU_DYNAMIC_NAME, 0, j + 1);
}

static size_t escape(const char *raw, size_t len, size_t pos, TextKind kind,
                     TextUnit *u)
{
    u->escaped = true;
    if (pos + 1 >= len) return bad(u, TP_AT_END, len);
    char c = raw[pos + 1];
    if (c == '@') return at_at(raw, len, pos, kind, u);
    if (c == '{') return at_brace(raw, len, pos, kind, u);
    if (isdigit((unsigned char)c)) {
        bool two = pos + 2 < len && isdigit((unsigned char)raw[pos + 2]);
        if (kind != TEXT_STRING) return bad(u, TP_DYNAMIC_HERE, pos + 2 + two);
        if (!two) return bad(u, TP_DYNAMIC_DIGITS, pos + 2);
        return unit(u, TU_DYNAMIC, (uint32_t)((c - '0') * 10 + raw[pos + 2] - '0'),
                    pos + 3);
    }
    if (c == '(') {
        size_t end = at_paren(raw, len, pos, u);
        if (kind != TEXT_STRING && u->kind != TU_BAD)
            return bad(u, TP_DYNAMIC_HERE, end);
        return end;
    }
    if (pos + 2 >= len || (unsigned char)c < 0x21 || (unsigned char)c > 0x7E)
        return bad(u, TP_ACCENT, pos + 2 > len ? len : pos + 2);
    uint32_t cp = accent(c, raw[pos + 2]);
    if (!cp) return bad(u, TP_ACCENT, pos + 3);
    return unit(u, TU_CHAR, cp, pos + 3);
}

/* ---------------------------------------------------------------- units */

/* Blanks in a string: a run of them holding a line break is one space, or
 * nothing right after a `^`.  A blank whose left neighbour is a blank was
 * already judged with it (text_next is called in order), which keeps a
 * long run linear.  Returns false when the run is dropped; *next is then
 * where to go on.  (text.h: text_plain_space is the case of a space that
 * this reads as itself, for decoders that skip text_next for it.) */
static bool string_blank(const char *raw, size_t len, size_t pos,
                         TextUnit *u, size_t *next)
{
    if (pos > 0 && is_blank(raw[pos - 1]) && raw[pos] != '\n') {
        *next = unit(u, TU_CHAR, ' ', pos + 1);
        return true;
    }
    size_t e = pos;
    bool line_break = false;
    while (e < len && (is_blank(raw[e]) || raw[e] == '\n'))
        line_break |= raw[e++] == '\n';
    if (!line_break) {
        *next = unit(u, TU_CHAR, ' ', pos + 1);
        return true;
    }
    bool after_caret = pos > 0 && raw[pos - 1] == '^'
        && !(pos > 1 && raw[pos - 2] == '@');
    *next = after_caret ? e : unit(u, TU_CHAR, ' ', e);
    return !after_caret;
}

/* `\` then only blanks to the end of the line: the line break and the
 * white space after it vanish (returns false, *next after them). */
static bool string_backslash(const char *raw, size_t len, size_t pos,
                             TextUnit *u, size_t *next)
{
    size_t j = pos + 1;
    while (j < len && is_blank(raw[j])) j++;
    if (j >= len || raw[j] != '\n') {
        *next = bad(u, TP_BACKSLASH, pos + 1);
        return true;
    }
    while (j < len && (is_blank(raw[j]) || raw[j] == '\n')) j++;
    *next = j;
    return false;
}

/* The string-only readings; false when the text at pos was dropped (and
 * *next is where to go on). */
static bool string_unit(const char *raw, size_t len, size_t pos, TextUnit *u,
                        size_t *next)
{
    char c = raw[pos];
    if (is_blank(c) || c == '\n') return string_blank(raw, len, pos, u, next);
    if (c == '\\') return string_backslash(raw, len, pos, u, next);
    u->escaped = true;
    *next = unit(u, TU_CHAR, c == '^' ? '\n' : '"', pos + 1);
    return true;
}

size_t text_next(const char *raw, size_t len, size_t pos, TextKind kind,
                 TextUnit *out)
{
    memset(out, 0, sizeof *out);
    for (;;) {
        out->start = pos;
        if (pos >= len) return unit(out, TU_END, 0, len);
        unsigned char c = (unsigned char)raw[pos];
        if (c == '@') return escape(raw, len, pos, kind, out);
        if (kind == TEXT_STRING && c && strchr(" \t\n\\^~", c)) {
            size_t next;
            if (string_unit(raw, len, pos, out, &next)) return next;
            pos = next;
            continue;
        }
        if (kind == TEXT_DICT_WORD && (c == '^' || c == '~')) {
            out->escaped = true;
            return unit(out, TU_CHAR, c == '^' ? '\'' : '"', pos + 1);
        }
        if (c < 0x80) return unit(out, TU_CHAR, c == '\t' ? ' ' : c, pos + 1);
        uint32_t cp;
        int n = cs_utf8_decode((const unsigned char *)raw + pos, len - pos, &cp);
        if (!n) return unit(out, TU_CHAR, c, pos + 1);
        return unit(out, TU_CHAR, cp, pos + (size_t)n);
    }
}

/* ---------------------------------------------------------------- checks */

SrcLoc text_loc(const char *raw, size_t pos, SrcLoc quote)
{
    quote.col++;
    return srcloc_advance(quote, raw, pos);
}

static const char *where(TextKind kind)
{
    return kind == TEXT_CHAR ? "a character constant" : "a dictionary word";
}

static void report(const char *raw, const TextUnit *u, SrcLoc quote,
                   TextKind kind)
{
    SrcLoc at = text_loc(raw, u->start, quote);
    int n = (int)(u->end - u->start);
    const char *s = raw + u->start;
    switch ((TextProblem)u->problem) {
    case TP_AT_END:
        diag_error(&at, "'@' at the end of the text starts no escape; write "
                   "@@64 for an at sign"); break;
    case TP_ACCENT:
        if (n < 2 || (unsigned char)s[1] < 0x21 || (unsigned char)s[1] > 0x7E)
            diag_error(&at, "'@' must be followed by an escape (@@64, @{E9}, "
                       "@:a ...); write @@64 for an at sign");
        else
            diag_error(&at, "unknown accent escape '%.*s' (the accents are "
                       "@:x @'x @`x @^x @~x @cc @/o @oa and @ss @ae @oe @th "
                       "@et @LL @!! @?? @<< @>>); write @@64 for an at sign",
                       n, s);
        break;
    case TP_AT_AT_DIGITS:
        diag_error(&at, "'@@' must be followed by a decimal character code, "
                   "as in @@64"); break;
    case TP_CODE_RANGE:
        diag_error(&at, "'%.*s' is past the last Unicode character "
                   "(U+10FFFF)", n, s); break;
    case TP_BRACE:
        diag_error(&at, "'%.*s': '@{' needs 1 to 6 hex digits and '}', as in "
                   "@{E9}", n, s); break;
    case TP_DYNAMIC_DIGITS:
        diag_error(&at, "'%.*s': a dynamic string '@NN' needs exactly two "
                   "decimal digits, as in @05", n, s); break;
    case TP_DYNAMIC_HERE:
        diag_error(&at, "dynamic string '%.*s' cannot be used in %s, only in "
                   "strings", n, s, where(kind)); break;
    case TP_PAREN:
        diag_error(&at, "'%.*s': '@(' must hold a number or a constant name "
                   "and end with ')', as in @(3)", n, s); break;
    case TP_BACKSLASH:
        diag_error(&at, "'\\' in a string must end its line (it joins the "
                   "next line on); write @@92 for a backslash"); break;
    case TP_NONE: break;
    }
}

bool text_check(const char *raw, size_t len, SrcLoc quote, TextKind kind)
{
    if (!memchr(raw, '@', len)
        && (kind != TEXT_STRING || !memchr(raw, '\\', len)))
        return true;
    bool ok = true;
    TextUnit u;
    size_t pos = 0;
    for (;;) {
        pos = text_next(raw, len, pos, kind, &u);
        if (u.kind == TU_END) break;
        if (u.kind == TU_BAD) {
            report(raw, &u, quote, kind);
            ok = false;
        }
    }
    return ok;
}

void text_check_dynamic(const char *raw, size_t len, SrcLoc quote, int max)
{
    if (max < 0 || !memchr(raw, '@', len)) return;
    TextUnit u;
    size_t pos = 0;
    for (;;) {
        pos = text_next(raw, len, pos, TEXT_STRING, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_DYNAMIC || u.value < (uint32_t)max) continue;
        SrcLoc at = text_loc(raw, u.start, quote);
        if (max == 0)
            diag_error(&at, "Dynamic strings may not be used, because "
                       "$MAX_DYNAMIC_STRINGS has been set to 0: '%.*s' is "
                       "one (raise it)", (int)(u.end - u.start),
                       raw + u.start);
        else
            diag_error(&at, "Only dynamic strings @(00) to @(%02d) may be "
                       "used: '%.*s' is past them ($MAX_DYNAMIC_STRINGS is "
                       "%d; raise it for more)", max - 1,
                       (int)(u.end - u.start), raw + u.start, max);
    }
}

/* ---------------------------------------------------------------- small */

int32_t text_char_value(const char *raw, size_t len)
{
    TextUnit u, next;
    size_t pos = text_next(raw, len, 0, TEXT_CHAR, &u);
    if (u.kind != TU_CHAR) return -1;
    text_next(raw, len, pos, TEXT_CHAR, &next);
    return next.kind == TU_END ? (int32_t)u.value : -1;
}

void text_dict_split(const char *raw, size_t len, size_t *word_len,
                     const char **flags, size_t *flags_len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        if (raw[i] == '@' && raw[i + 1] == '/') {   /* @/o is o-slash */
            i += 2;
            continue;
        }
        if (raw[i] == '/' && raw[i + 1] == '/') {
            *word_len = i;
            *flags = raw + i + 2;
            *flags_len = len - i - 2;
            return;
        }
    }
    *word_len = len;
    *flags = NULL;
    *flags_len = 0;
}

bool text_dict_flags_in(const char *flags, size_t len, SrcLoc at,
                        bool report, int *set, int *clear)
{
    *set = *clear = 0;
    bool off = false;
    for (size_t i = 0; i < len; i++) {
        char c = flags[i];
        if (c == '~') {
            if (i + 1 == len) {
                if (report)
                    diag_error(&at, "'//~' with no flag character (psn) in "
                               "dict word '//%.*s': write p, s or n after "
                               "the ~", (int)len, flags);
                return false;
            }
            off = !off;       /* ~~ cancels itself, as in inform6 6.45 */
            continue;
        }
        int bit = c == 'p' ? TEXT_DICT_PLURAL : c == 's' ? TEXT_DICT_SINGULAR
            : c == 'n' ? TEXT_DICT_NOUN : 0;
        if (!bit) {
            if (report)
                diag_error(&at, "Expected flag character (psn~) after '//' "
                           "in dict word: '%c' in '//%.*s' is none; the "
                           "flags are p (plural), s (singular) and n (noun), "
                           "each perhaps after ~ to turn it off", c,
                           (int)len, flags);
            return false;
        }
        *(off ? clear : set) |= bit;
        off = false;
    }
    return true;
}

bool text_dict_flags(const char *flags, size_t len, SrcLoc at, int *set,
                     int *clear)
{
    return text_dict_flags_in(flags, len, at, true, set, clear);
}

int text_utf8_encode(uint32_t cp, char *buf)
{
    return cs_utf8_encode(cp, buf);
}

void text_abbrev_show(char *buf, size_t size, const uint32_t *chars,
                      size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 8 < size; i++) {
        uint32_t c = chars[i];
        if (c == '\n') buf[n++] = '^';
        else if (c == '"') buf[n++] = '~';
        else if (c == ' ') buf[n++] = '_';
        else if (c < 0x80) buf[n++] = (char)c;
        else n += (size_t)cs_utf8_encode(c, buf + n);
    }
    buf[n] = '\0';
}
