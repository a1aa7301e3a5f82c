/* array_data.h: an Array directive's bytes as inform6 lays them out, the
 * same on every target.
 *
 * Takes one of the Program's arrays (program.h ProgArray) and a writer:
 * how the back end appends a word, a byte, a value the linker may have
 * to fill in, and a character of the array's text in its machine.
 * Gives, through the writer, the array's count (a 'string' array's
 * byte, a 'table' or 'buffer' array's word), then its entries: zeros
 * for `Array a -> 10`, the characters of `Array a -> "text"`, or the
 * values; with inform6's rules for them, the same on every machine
 * (a byte entry must be a number known now; past 255 only its low byte
 * is kept, each such entry warned of; a 'string' array holds at most 255
 * entries).  The back ends (codegen/zmachine/zbuild_data.c,
 * codegen/glulx/gdata.c) keep where each array starts.
 *
 *     ArrayWriter w = { .word = 4, .ctx = &mine, .put = put, ... };
 *     array_write(&w, &prog->arrays[id]);
 */
#ifndef VINFORM_ARRAY_DATA_H
#define VINFORM_ARRAY_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "program.h"

typedef struct ArrayWriter {
    int word;                   /* bytes a word entry takes: 2 or 4 */
    void *ctx;
    /* Appends the low `width` bytes (1 or `word`) of `v`. */
    void (*put)(void *ctx, uint32_t v, int width);
    /* Appends `n` zero bytes. */
    void (*zeros)(void *ctx, size_t n);
    /* Appends the word entry `v`: a number, or an address the linker
     * fills in. */
    void (*put_value)(void *ctx, IrValue v, const SrcLoc *loc);
    /* Whether `v` is a number known now (*out), as a byte entry must be. */
    bool (*number)(void *ctx, IrValue v, int32_t *out);
    /* Text unit `unit` (ir.h) as an entry of a byte array (`byte`) or a
     * word array; -1 when the machine cannot hold it there. */
    int32_t (*character)(void *ctx, uint32_t unit, bool byte);
    /* The error for such a character: what to do instead. */
    const char *character_error;
    /* An error at `loc`, counted as the back end counts its errors. */
    void (*report)(void *ctx, const SrcLoc *loc, const char *msg);
    int *errors;                /* counts an entry already reported
                                 * (ProgArray.ok false), written as 0 */
} ArrayWriter;

/* Appends array `a` through `w` (nothing for one with no body). */
void array_write(const ArrayWriter *w, const ProgArray *a);

#endif
