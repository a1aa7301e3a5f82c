/* abbrev_find.h: -u, the search for good abbreviations, as inform6 6.45
 * makes it: every text inform6 translates for the story (its strings,
 * object names and identifier names, as the source spells them: ^ for a
 * new line, ~ for a quote; compiler/abbrev_text.h) is searched for the
 * strings whose abbreviation would save the most Z-characters, and the
 * choice printed as Abbreviate directives to paste into the source:
 *
 *     if (c->opts->find_abbrevs) abbrev_find(stdout, c, prog, &calls);
 *
 * `calls` (compiler/index.h): which routine first called each bundled
 * one, noted while the routines were lowered.
 *
 * Prints "Beginning calculation of optimal abbreviations...", what
 * $!FINDABBREVS asks for (=1: the cross-reference table's size, each
 * pass and each choice; =2: each three-letter block of each pass too),
 * then "Chosen abbreviations (in Inform syntax):" and $MAX_ABBREVS
 * lines (fewer when nothing more saves), the first two always ". " and
 * ", ".  The story is not changed.  (compiler/main.c has it print into
 * memory and shows the text after the "Compiled with" line, where
 * inform6 prints it.) */
#ifndef VINFORM_ABBREV_FIND_H
#define VINFORM_ABBREV_FIND_H

#include <stdio.h>

struct Compiler;
struct Program;
struct IndexCalls;

void abbrev_find(FILE *out, struct Compiler *c, const struct Program *prog,
                 const struct IndexCalls *calls);

#endif
