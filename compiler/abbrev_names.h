/* abbrev_names.h: the symbols of the program as inform6 6.45 made them,
 * for -u (abbrev_text.c): in which order, and spelt how.
 *
 *     AbbrevNames *an = abbrev_names_new(c);
 *     int *order = abbrev_names_order(an, prog);
 *     for (int i = 0; i < prog->nnames; i++) ... prog->names[order[i]] ...
 *     ... abbrev_names_spelling(an, "pirate", false) ...     "Pirate"
 *     free(order);
 *     abbrev_names_free(an);
 *
 * inform6 makes a symbol when its lexer first meets the name, spelt as it
 * is there; vinform's symbol table makes some later (a directive's names
 * once the whole directive is read, a name used before its definition
 * when check resolves it) and keeps the definition's spelling.  So the
 * order is: the compiler's own names first, in the order they were
 * made, then every other name at its first mention in the program (its
 * tree, in source order), then any not mentioned, each group in
 * Program.names' order; the spelling is the first mention's. */
#ifndef VINFORM_ABBREV_NAMES_H
#define VINFORM_ABBREV_NAMES_H

#include <stdbool.h>

struct Compiler;
struct Program;
typedef struct AbbrevNames AbbrevNames;

AbbrevNames *abbrev_names_new(struct Compiler *c);
void abbrev_names_free(AbbrevNames *an);

int *abbrev_names_order(const AbbrevNames *an, const struct Program *p);

/* `name` as inform6 first met it: a symbol's name, or with `action` an
 * action's, without its __A.  When the program never mentions it:
 * `name`, or NULL for an action. */
const char *abbrev_names_spelling(const AbbrevNames *an, const char *name,
                                  bool action);

#endif
