/* zglobals.h: which Z-machine variable each global is, and how many
 * words the globals table holds, in the two arrangements inform6 has.
 *
 * Takes the version, $ZCODE_COMPACT_GLOBALS and the program's global
 * count; gives the variable number (16-255) of an IR global id
 * (codegen/ir.h: the program's globals 0.., the compiler's own from
 * IRG_SYSTEM) and back.
 *
 * - Usual: the program's global k is 16 + k, the compiler's seven the
 *   top of the 240 (temp_global 255 ... sw__var 249); the table has 240
 *   words.
 * - Compact: the compiler's seven first (16-22), the program's after
 *   them, and the table only as long as the globals used, so the arrays
 *   start right after it.  In v3 the first three variables are the
 *   status line's, so the program's globals 0-2 stay 16-18, the
 *   compiler's are 19-25 and the rest from 26; the table has at least
 *   ten words then (the seven always there).
 * sys__glob0..2 are always 16-18, whatever those are. */
#ifndef VINFORM_ZM_ZGLOBALS_H
#define VINFORM_ZM_ZGLOBALS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ZGlobalMap {
    int version;
    bool compact;
    int user;          /* the program's globals */
} ZGlobalMap;

ZGlobalMap zgm_make(int version, bool compact, int user_globals);

/* The Z variable (16-255) of IR global `g`; 0 for an id that is none. */
int zgm_var(const ZGlobalMap *m, int32_t g);

/* The IR global that Z variable `var` is, or -1 when none is. */
int32_t zgm_global(const ZGlobalMap *m, int var);

/* Words in the globals table: 240, or (compact) the globals used. */
int zgm_table_words(const ZGlobalMap *m);

#endif
