/* abbrev_names.h: the order in which inform6 6.45 made the symbols of
 * the identifier names (Program.names), for -u (abbrev_text.c):
 *
 *     int *order = abbrev_names_order(c, prog);
 *     for (int i = 0; i < prog->nnames; i++) ... prog->names[order[i]] ...
 *     free(order);
 *
 * inform6 makes a symbol when its lexer first meets the name; vinform's
 * symbol table makes some later (a directive's names once the whole
 * directive is read, a name used before its definition when check
 * resolves it).  So: the compiler's own names first, in the order they
 * were made, then every other name at its first mention in the program
 * (its tree, in source order), then any not mentioned, each group in
 * Program.names' order. */
#ifndef VINFORM_ABBREV_NAMES_H
#define VINFORM_ABBREV_NAMES_H

struct Compiler;
struct Program;

int *abbrev_names_order(struct Compiler *c, const struct Program *p);

#endif
