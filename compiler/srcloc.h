/* srcloc.h: where a token or node came from.
 *
 * A SrcLoc is three small numbers; the file number indexes the table of
 * source files kept by compiler/source.c.  It becomes text only when a
 * diagnostic or a dump prints it. */
#ifndef VINFORM_SRCLOC_H
#define VINFORM_SRCLOC_H

#include <stdint.h>

typedef struct SrcLoc {
    uint32_t file;   /* index into the source table; 0 = no file (command line) */
    uint32_t line;   /* 1-based; 0 = unknown */
    uint32_t col;    /* 1-based, in characters; 0 = unknown */
} SrcLoc;

#endif
