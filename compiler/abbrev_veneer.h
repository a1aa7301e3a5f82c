/* abbrev_veneer.h: the texts of inform6 6.45's veneer, in the order it
 * translates them, for -u (compiler/abbrev_text.c).
 *
 * inform6's veneer is not vinform's (stdlib/veneer-z.h and veneer-g.h
 * print the same messages, but split and order their strings otherwise),
 * so the text inform6 searches for abbreviations is written down in
 * compiler/abbrev_veneer.def (Z-machine) and abbrev_veneer_g.def
 * (Glulx), with what each routine calls:
 *
 *     AbbrevVeneerCase vc = { .strict = true };
 *     bool wanted[ABBREV_VENEER_ROWS] = ..., own[...] = ...;
 *     wanted[abbrev_veneer_row(&vc, "RT__ChLDW")] = true;
 *     abbrev_veneer_texts(&vc, wanted, own, put, ctx);
 *
 * puts each text of each routine inform6 would compile, in its order:
 * those `wanted` (called by the program's own code) and the ones they
 * call, found as inform6 finds them (sweeps of its table).  A routine
 * the program defines itself (`own`) is compiled from the program, so
 * neither its texts nor what it calls come from here. */
#ifndef VINFORM_ABBREV_VENEER_H
#define VINFORM_ABBREV_VENEER_H

#include <stdbool.h>
#include <stddef.h>

/* at least the rows of abbrev_veneer.def and abbrev_veneer_g.def */
enum { ABBREV_VENEER_ROWS = 64 };

/* What the veneer's #ifdefs and the code generator see. */
typedef struct AbbrevVeneerCase {
    bool glulx;
    bool strict;          /* -S: `print (string)` calls RT__ChPrintS */
    bool debug;           /* DEBUG or INFIX defined */
    bool debug_library;   /* DEBUG and InformLibrary defined */
    bool omit_symbols;    /* OMIT_SYMBOL_TABLE defined */
    bool v3;
} AbbrevVeneerCase;

/* The row of inform6's veneer routine `name`; -1 when it has none. */
int abbrev_veneer_row(const AbbrevVeneerCase *vc, const char *name);

void abbrev_veneer_texts(const AbbrevVeneerCase *vc, const bool *wanted,
                         const bool *own,
                         void (*put)(void *ctx, const char *text, size_t n),
                         void *ctx);

#endif
