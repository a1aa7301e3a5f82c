/* builtins.h: symbols defined before the source is read (builtins.c). */
#ifndef VINFORM_BUILTINS_H
#define VINFORM_BUILTINS_H

#include "compiler.h"

void builtins_define(Compiler *c);

/* True when `name` (any case) is one of the veneer's routines, which the
 * compiler's own code may call and a program may define instead. */
bool builtins_is_veneer_name(const char *name);

/* After `Version N;` changed the target: the machine's constants take the
 * values of the new version (inform6 redefines DICT_ENTRY_BYTES). */
void builtins_follow_target(Compiler *c);

#endif
