/* traces.h: the trace options that list the game once the story is made,
 * as inform6 6.45 prints them on standard output: $!PROPS (each
 * attribute and property with its number and place; inform6 prints these
 * as they are declared, vinform at the end, first), $!VERBS (the grammar
 * table: each verb with its words, each line's tokens and action),
 * $!ACTIONS (the actions by number), $!OBJECTS (the object tree).
 *
 *     if (traces_wanted(opts)) traces_print(stdout, c, prog, &story);
 *
 * Numbers a token holds (noun=, scope=, routine=) are the routines'
 * values in the story (the back end's DebugStory, debugfile.h). */
#ifndef VINFORM_TRACES_H
#define VINFORM_TRACES_H

#include <stdbool.h>
#include <stdio.h>

#include "options.h"

struct Compiler;
struct Program;
struct DebugStory;

/* True when one of the listings here was asked for (level 1 or more). */
bool traces_wanted(const Options *o);

/* Prints the listings asked for, in inform6's order (verbs, actions,
 * objects). */
void traces_print(FILE *out, struct Compiler *c, const struct Program *prog,
                  const struct DebugStory *s);

/* compiler/traces_lists.c: $!SYMBOLS, $!SYMDEF, $!FILES, $!DICT, $!MEM,
 * $!BPATCH, printed after the listings above. */
bool traces_lists_wanted(const Options *o);
void traces_lists_print(FILE *out, struct Compiler *c,
                        const struct Program *prog,
                        const struct DebugStory *s);

#endif
