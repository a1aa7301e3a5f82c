/* charsets.h: reading source bytes as characters.
 *
 * Takes the raw bytes of a source file and the character set it is in
 * (-C0 ASCII, -C1 .. -C9 ISO 8859-1 .. -9, -Cu UTF-8); gives UTF-8 text
 * with every line end ('\r\n', '\r', form feed) turned into '\n', and a
 * list of the bytes that could not be read as characters (each read as
 * '?', as inform6 reads them). */
#ifndef VINFORM_CHARSETS_H
#define VINFORM_CHARSETS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "options.h"

typedef enum CsProblemKind {
    CS_BAD_UTF8,        /* -Cu: not a well-formed UTF-8 sequence */
    CS_NOT_IN_CHARSET,  /* a byte the character set has no character for */
    CS_CONTROL,         /* a control character (or NUL) outside \t \n \r \f */
} CsProblemKind;

typedef struct CsProblem {
    CsProblemKind kind;
    size_t offset;      /* where the '?' is in the converted text */
    uint32_t byte;      /* the first offending byte */
} CsProblem;

#define CS_MAX_PROBLEMS 16

typedef struct CsResult {
    char *text;         /* xmalloc'd, NUL-terminated (caller frees) */
    size_t len;
    CsProblem problems[CS_MAX_PROBLEMS];  /* the first ones, in order */
    int n_problems;     /* how many there were in all */
    bool bom;           /* the bytes began with a UTF-8 byte-order mark
                           (skipped under -Cu, kept otherwise) */
} CsResult;

void cs_convert(const unsigned char *in, size_t len, Charset cs,
                CsResult *out);

/* How many bytes at the start of `in` read as themselves in every
 * character set (printable ASCII, tab, newline): when that is all of
 * them, cs_convert() would give the same bytes back with no problems. */
size_t cs_plain_prefix(const unsigned char *in, size_t len);

/* The Unicode character byte `b` ($80..$FF) stands for in `cs` (not
 * UTF-8), or 0 when it stands for none. */
uint32_t cs_byte_to_unicode(Charset cs, unsigned char b);

/* Decodes one well-formed UTF-8 sequence (no overlong forms, surrogates or
 * values past U+10FFFF); returns its length, or 0 when s does not begin
 * with one. */
int cs_utf8_decode(const unsigned char *s, size_t len, uint32_t *cp);

/* Writes cp as UTF-8 into buf (4 bytes); returns the number of bytes. */
int cs_utf8_encode(uint32_t cp, char *buf);

#endif
