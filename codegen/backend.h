/* backend.h: what the driver asks of a back end (STYLE: one interface, a
 * struct of function pointers, as QBE's Target).
 *
 * A back end takes the checked program (c->program, c->symbols) and its
 * lowering (lower.h) and writes a story file.  Code before the back ends
 * asks it only for its word size and limits. */
#ifndef VINFORM_BACKEND_H
#define VINFORM_BACKEND_H

#include <stdbool.h>
#include "../compiler/compiler.h"
#include "lower.h"

typedef struct Backend {
    const char *name;           /* "Z-machine", "Glulx" */
    int word_size;              /* 2 or 4 */
    /* Builds the tables, selects instructions for every routine of
     * lower_ir(l), lays the story out, resolves references and writes
     * `path`.  Reports every problem (diag_error) and writes no file when
     * there was one; returns false then. */
    bool (*write_story)(Compiler *c, Lower *l, const char *path);
    /* Refuses (reported) a target this back end does not write (the Z
     * back end: -v3 not yet, -v4/-v6/-v7 never), before anything is
     * lowered; true when the story can be written. */
    bool (*check_target)(Compiler *c);
} Backend;

extern const Backend zm_backend;

#endif
