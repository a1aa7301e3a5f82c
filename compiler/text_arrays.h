/* text_arrays.h: word arrays the program gives to the text library,
 * made texts (see text_arrays.c). */
#ifndef VINFORM_TEXT_ARRAYS_H
#define VINFORM_TEXT_ARRAYS_H

#include "compiler.h"

/* For check, at each call of routine `s`: when `s` is a routine of the
 * bundled text or regex library (stdlib/text.h, regex.h) and an argument
 * is the name of a word array declared by its size alone (`Array T1 -->
 * 80;`, not static), marks that array's symbol SYMF_TEXT_ARRAY; the
 * program builder then lays it out as a text value (codegen/
 * program_data.c). */
void text_arrays_note_call(Compiler *c, const Symbol *s, const Node *call);

#endif
