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

/* The Z variable number (16-255) of an IR global id: user global k is
 * 16 + k, the system globals the top seven (temp_global 255 ...
 * sw__var 249) and sys__glob0..2 are 16..18. */
int zsel_global_var(int32_t ir_global);

struct ZText;

/* Assembles routine `r` into `a` (zm_begin_routine .. zm_end_routine)
 * and gives its code.  Inline strings (print "...") are encoded with
 * `zt`, the story's text encoder (after Zcharacter and Abbreviate).
 * False after an error, reported at the routine's location (a routine
 * too long for a branch, more than 15 locals...). */
bool zsel_routine(struct Compiler *c, const IrProgram *ir, struct ZText *zt,
                  const IrRoutine *r, ZAsm *a, ZRoutineCode *out);

#endif
