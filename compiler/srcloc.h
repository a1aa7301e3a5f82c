/* srcloc.h: where a token or node came from.
 *
 * A SrcLoc is three small numbers; the file number indexes the table of
 * source files kept by compiler/source.c.  It becomes text only when a
 * diagnostic or a dump prints it. */
#ifndef VINFORM_SRCLOC_H
#define VINFORM_SRCLOC_H

#include <stddef.h>
#include <stdint.h>

typedef struct SrcLoc {
    uint32_t file;   /* index into the source table; 0 = no file (command line) */
    uint32_t line;   /* 1-based; 0 = unknown */
    uint32_t col;    /* 1-based, in characters; 0 = unknown */
} SrcLoc;

/* `loc` moved over the first `n` bytes of UTF-8 `text`: a newline starts
 * the next line at column 1, every other character (not each byte of it)
 * is one column.  Used wherever a place inside read text is wanted. */
static inline SrcLoc srcloc_advance(SrcLoc loc, const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            loc.line++;
            loc.col = 1;
        } else if ((c & 0xC0) != 0x80) {
            loc.col++;
        }
    }
    return loc;
}

#endif
