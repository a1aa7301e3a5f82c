/* text.h: the one place where the escapes of string literals, character
 * constants and dictionary words are understood.
 *
 * The lexer keeps the raw text between the quotes (so varying strings can
 * tell `{` from `@{7B}`, and diagnostics can point inside a literal); this
 * module checks it, reporting each bad escape at its own line and column,
 * and decodes it for later stages one unit at a time. */
#ifndef VINFORM_TEXT_H
#define VINFORM_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "srcloc.h"

typedef enum TextKind {
    TEXT_STRING,     /* "..." */
    TEXT_CHAR,       /* '...' holding one character */
    TEXT_DICT_WORD,  /* '...' dictionary word, with any //flags removed */
} TextKind;

typedef enum TextUnitKind {
    TU_CHAR,         /* value = a Unicode code point ('\n' for ^, '"' for ~) */
    TU_DYNAMIC,      /* value = dynamic string number (@NN, @(N)) */
    TU_DYNAMIC_NAME, /* @(NAME): name/name_len give the constant's name */
    TU_END,
    TU_BAD,          /* a malformed escape (text_check reports these) */
} TextUnitKind;

typedef struct TextUnit {
    TextUnitKind kind;
    uint32_t value;
    bool escaped;        /* came from an escape: @{7B} is an escaped '{' */
    bool raw_code;       /* @@NNN: value is a ZSCII code on the Z-machine,
                            a Unicode one on Glulx (all other TU_CHARs are
                            Unicode) */
    int problem;         /* TU_BAD: what is wrong (text.c's TextProblem) */
    size_t start, end;   /* byte offsets of the unit in the raw text */
    const char *name;    /* TU_DYNAMIC_NAME */
    size_t name_len;
} TextUnit;

/* Decodes the unit starting at byte `pos` of `raw` (the text between the
 * quotes, as in the source).  A line break inside a string, with the white
 * space around it, is one space (none after a `^`); `\` before a line end
 * joins the lines.  Returns the offset of the next unit.
 *
 * In strings `^` is a new line and `~` a double quote; in dictionary
 * words `^` is an apostrophe and `~` a double quote; in character
 * constants both are themselves (inform6 6.41, checked).  @NN and @(..)
 * are only read in strings. */
size_t text_next(const char *raw, size_t len, size_t pos, TextKind kind,
                 TextUnit *out);

/* What unit u (from text_next over a string literal) adds to the
 * literal's length as inform6 measures it against
 * $ZCODE_MAX_INLINE_STRING: a character as its lexer keeps it 1 (a line
 * break and the white space around it one space, or none after a `^`; a
 * `\` line join nothing), an escape as written (`@@64` is 4, `^` is 1).
 * (codegen/value.c sums it as it decodes a literal.) */
static inline size_t text_unit_written(const TextUnit *u)
{
    return u->kind == TU_CHAR && !u->escaped ? 1 : u->end - u->start;
}

/* Whether the space at raw[pos] of a string literal reads as itself, one
 * space, whatever came before it: when no blank (space, tab) or line end
 * follows it, since only a run of blanks holding a line break is folded
 * (text.c: string_blank).  Most spaces, those between words: a decoder
 * may take them without text_next. */
static inline bool text_plain_space(const char *raw, size_t len, size_t pos)
{
    if (raw[pos] != ' ' || pos + 1 >= len) return false;
    char c = raw[pos + 1];
    return c != ' ' && c != '\t' && c != '\n';
}

/* Reports every malformed escape in a literal whose opening quote is at
 * `quote`; returns false when there was one. */
bool text_check(const char *raw, size_t len, SrcLoc quote, TextKind kind);

/* Reports every dynamic string @NN or @(N) in a string literal (quote as
 * above) numbered `max` or more: $MAX_DYNAMIC_STRINGS is `max` (0: none
 * may be used), and inform6 refuses such a string even when it is never
 * printed. */
void text_check_dynamic(const char *raw, size_t len, SrcLoc quote, int max);

/* The line and column of byte `pos` of a literal whose opening quote is at
 * `quote` (for diagnostics that point inside a string). */
SrcLoc text_loc(const char *raw, size_t pos, SrcLoc quote);

/* Character constant: the value of '...' (Unicode), or -1 when the text is
 * not exactly one character. */
int32_t text_char_value(const char *raw, size_t len);

/* Dictionary word: splits 'word//flags'; *word_len is the length of the
 * word part, *flags points after the `//` (or is NULL). */
void text_dict_split(const char *raw, size_t len, size_t *word_len,
                     const char **flags, size_t *flags_len);

/* Dictionary flags after `//` (6.45): p plural, s singular, n noun, each
 * optionally negated with `~` (`//~n`: do not set the noun flag).  Sets
 * *set and *clear to TEXT_DICT_* bits; reports at `at` and returns false
 * for anything else. */
enum { TEXT_DICT_PLURAL = 1, TEXT_DICT_SINGULAR = 2, TEXT_DICT_NOUN = 4 };
bool text_dict_flags(const char *flags, size_t len, SrcLoc at, int *set,
                     int *clear);
/* The same, reporting nothing unless `report` (the directive filter
 * checks the flags of every word in the source as it is read).  `~~`
 * cancels itself. */
bool text_dict_flags_in(const char *flags, size_t len, SrcLoc at,
                        bool report, int *set, int *clear);

/* UTF-8 encoding of a code point into buf (at least 4 bytes); returns the
 * number of bytes. */
int text_utf8_encode(uint32_t cp, char *buf);

/* An abbreviation's text as -f lists it on both targets (inform6's
 * spelling: ^ a new line, ~ a quote, _ a space, other characters in
 * UTF-8), from len code points, into buf of size bytes (at least 8); what
 * does not fit is cut. */
void text_abbrev_show(char *buf, size_t size, const uint32_t *chars,
                      size_t len);

#endif
