/* abbrev_text.h: the text that -u searches (compiler/abbrev_find.h), as
 * inform6 6.45 gathers it: every string literal it translates, as its
 * lexer keeps it (^ and ~ as written, escapes undecoded, a line break
 * one space), in the order it translates them, each followed by two new
 * lines:
 *
 *     int32_t len;
 *     char *t = abbrev_text_gather(c, prog, calls, &len);
 *     ... t[0 .. len), then "\n\n" and NULs past it ...
 *     free(t);
 *
 * That order is the source's, directive by directive (string constants
 * nothing uses too; routines $OMIT_UNUSED_ROUTINES leaves out too; an
 * object's property strings before its short name, which inform6
 * translates as the object ends), then the veneer inform6 would compile
 * (abbrev_veneer.h), then the identifier names the story keeps.  Left
 * out, as inform6 leaves them: Abbreviate and Lowstring texts, `string N
 * "..."` texts, dictionary words (`name` strings among them), `Array a
 * -> "text"`, the inversion, print "^" (a new line) and every string of
 * code never reached.  `calls` (compiler/index.h: which routine
 * first needed each bundled routine) tells which veneer routines the
 * program's own code calls; NULL: all that were compiled. */
#ifndef VINFORM_ABBREV_TEXT_H
#define VINFORM_ABBREV_TEXT_H

#include <stdint.h>

struct Compiler;
struct Program;
struct IndexCalls;

char *abbrev_text_gather(struct Compiler *c, const struct Program *p,
                         const struct IndexCalls *calls, int32_t *len);

#endif
