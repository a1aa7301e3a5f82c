/* check.c: FIRST VERSION, nothing checked yet. */
#include "compiler.h"

void check_program(Compiler *c) { (void)c; }
