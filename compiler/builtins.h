/* builtins.h: symbols defined before the source is read (builtins.c). */
#ifndef VINFORM_BUILTINS_H
#define VINFORM_BUILTINS_H

#include "compiler.h"

void builtins_define(Compiler *c);

/* After `Version N;` changed the target: the machine's constants take the
 * values of the new version (inform6 redefines DICT_ENTRY_BYTES). */
void builtins_follow_target(Compiler *c);

#endif
