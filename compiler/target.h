/* target.h: the machine a compilation writes for, chosen once.
 *
 * target_select() reads the options (after the source's `!%` lines) and
 * fills c->target: the limits table every pass before the back end reads
 * instead of asking which machine it is (word size, locals, attributes,
 * properties, dictionary words ...), and the back end's hooks.  A
 * `Version N;` directive settles the version through target_set_version()
 * before any code is compiled; after that the target does not change.
 *
 * Outside the options files, this file's .c and the back ends themselves,
 * no code tests opts->glulx or opts->zversion: it reads c->target.
 *
 * Ownership while issue 11 is worked on: the limits and facts (TargetLimits,
 * target_select, target_set_version) belong to the "target" helper; the
 * code-emission hooks (TargetOps) to the "passes" helper. */
#ifndef VINFORM_TARGET_H
#define VINFORM_TARGET_H

#include <stdbool.h>
#include <stdint.h>

struct Compiler;
struct Node;

/* What the passes above the back end may know about the machine: numbers,
 * never the machine's name.  Filled by target_select(). */
typedef struct TargetLimits {
    int word_size;              /* bytes in a word: 2 (Z) or 4 (Glulx) */
    int max_locals;             /* a routine's local variables */
    int attributes;             /* attributes an object can have */
    int max_common_property;    /* highest common property number */
    int first_individual_property;
    int dict_word_chars;        /* characters a dictionary word keeps */
    int max_globals;            /* user global variables */
    int max_message_args;       /* arguments of obj.msg(...) */
} TargetLimits;

/* The hooks a back end provides.  (Filled in as issue 11 moves the driver
 * to them.) */
typedef struct TargetOps {
    const char *name;           /* "Z-machine", "Glulx" */
} TargetOps;

typedef struct Target {
    const TargetOps *ops;
    int version;                /* Z-machine version 3..8; Glulx: 0 */
    TargetLimits lim;
} Target;

#endif
