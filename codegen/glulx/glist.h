/* glist.h: --dump-asm for Glulx: a function selection gave (gcode.h),
 * read back from its bytes as assembly text (glist.c says how it reads).
 *
 *     glist_routine(stdout, ir, r, &code);   after gsel_routine(s, r, &code)
 *
 * The linker's dump_asm hook (gtarget.c) calls it for every routine it
 * keeps, in the order of the code; r may be NULL for a function the
 * linker made itself (Main__), named "(embedded)" then. */
#ifndef VINFORM_GL_GLIST_H
#define VINFORM_GL_GLIST_H

#include <stdio.h>

#include "gcode.h"

void glist_routine(FILE *out, const IrProgram *p, const IrRoutine *r,
                   const GRoutineCode *rc);

#endif
