/* raw_data.h: inform6's rules for the entries of raw bytes and words in
 * inline assembly (`@ -> 1 2 3;`, `@ --> a b;`), the same on every
 * target.
 *
 * Takes one entry of the assembly node and what the selector made of it
 * (an address the linker fills in, or a number); gives whether it may be
 * written, reporting what is wrong at the entry's place.  Each selector
 * (codegen/zmachine/select_asm.c, codegen/glulx/gselect_asm.c) writes
 * the entries that pass in its own machine's words. */
#ifndef VINFORM_RAW_DATA_H
#define VINFORM_RAW_DATA_H

#include <stdbool.h>
#include <stdint.h>

#include "ir.h"

/* Whether the entry k is a constant (an error, reported, if not: a
 * selector must not make an operand of it then). */
bool raw_entry_constant(const IrNode *k);

/* Whether the constant entry k, of width bytes (1 for `@ ->`), may be
 * written: an address (is_address) is an error in a byte, naming what
 * the target's addresses may be (`addresses`, e.g. "a dictionary word,
 * string or routine"); a byte past 255 is a warning and its low byte is
 * written. */
bool raw_entry_fits(const IrNode *k, int width, bool is_address,
                    int64_t value, const char *addresses);

#endif
