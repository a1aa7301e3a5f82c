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
#include <stdio.h>

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

struct Lower;
struct IrRoutine;
struct Program;

/* A back end's state while it writes one story (its own type: the Z back
 * end's is in codegen/zmachine/zlink.c). */
typedef struct TargetEmit TargetEmit;

/* The hooks a back end provides.  The driver (compiler/main.c) calls
 * them in this order, and a back end calls no pass itself:
 *
 *     if (!ops->supports(c)) stop;            before anything is lowered
 *     TargetEmit *e = ops->begin(c, prog, l); NULL: reported, stop
 *     for each routine id: ops->emit_routine(e, id, lower_routine(l, id));
 *     ops->finish(e, path)  or, for --dump-asm, ops->dump_asm(e, stdout);
 *     ops->end(e);
 *
 * Every hook reports its own problems (diag_error) and returns false (or
 * NULL) after one; the driver then writes nothing. */
typedef struct TargetOps {
    const char *name;           /* "Z-machine", "Glulx" */
    /* True when this back end can write the story the options and the
     * program ask for (the Z back end: versions 5 and 8); reports why
     * not.  Called once, before the veneer is read or anything lowered. */
    bool (*supports)(struct Compiler *c);
    /* Starts a story from the checked program and its data: the tables
     * are built and the code area opened.  (Until codegen/program.h's
     * Program is built by the driver, `prog` is NULL and the back end
     * builds its tables from c->program through `l`'s lower_value.) */
    TargetEmit *(*begin)(struct Compiler *c, const struct Program *prog,
                         struct Lower *l);
    /* Encodes routine `id` (lowered: ir.h), in increasing id order, each
     * once. */
    bool (*emit_routine)(TargetEmit *e, int id, const struct IrRoutine *r);
    /* Lays the story out, resolves every reference and writes the story
     * file `path` (nothing at `path` changes after an error). */
    bool (*finish)(TargetEmit *e, const char *path);
    /* --dump-asm: prints every routine emitted, as assembly, instead of
     * finish (no story is written).  NULL while a back end has none. */
    bool (*dump_asm)(TargetEmit *e, FILE *out);
    /* Frees e (after finish or dump_asm, or instead of them). */
    void (*end)(TargetEmit *e);
} TargetOps;

typedef struct Target {
    const TargetOps *ops;
    int version;                /* Z-machine version 3..8; Glulx: 0 */
    TargetLimits lim;
} Target;

/* The back ends' hooks. */
extern const TargetOps zm_target_ops;      /* codegen/zmachine/zlink.c */

#endif
