/* builtins.h: symbols defined before the source is read (builtins.c). */
#ifndef VINFORM_BUILTINS_H
#define VINFORM_BUILTINS_H

#include "compiler.h"

void builtins_define(Compiler *c);

#endif
