/* select.h: instruction selection for the Z-machine: one IR routine
 * (codegen/ir.h) to Z-code through the assembler (assemble.h), by maximal
 * munch over each statement's trees.
 *
 * Operands follow inform6's order of evaluation: the operands of one
 * instruction that need computing are computed last to first onto the
 * stack, so the instruction pops them first to last.  References (IrValue
 * with a ref) become relocations through zref.h (the IR's targets, but
 * # constants in the Z numbering); IRR_GLOBAL_ADDR and fake actions are
 * left to the linker's resolver like the others. */
#ifndef VINFORM_ZM_SELECT_H
#define VINFORM_ZM_SELECT_H

#include <stdbool.h>
#include "../ir.h"
#include "assemble.h"

struct Compiler;

struct ZText;
struct ZGlobalMap;

/* Assembles routine `r` into `a` (zm_begin_routine .. zm_end_routine)
 * and gives its code; globals are the variables `gm` makes them.  Inline strings (print "...") are encoded with
 * `zt`, the story's text encoder (after Zcharacter and Abbreviate).
 * False after an error, reported at the routine's location (a routine
 * too long for a branch, more than 15 locals...). */
bool zsel_routine(struct Compiler *c, const IrProgram *ir, struct ZText *zt,
                  const struct ZGlobalMap *gm, const IrRoutine *r, ZAsm *a,
                  ZRoutineCode *out);

#endif
