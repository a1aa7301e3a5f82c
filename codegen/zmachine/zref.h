/* zref.h: the IR's references (ir.h: IrValue with a ref) as the Z back
 * end's relocations, and back, by an explicit mapping: each IrRefKind has
 * its ZRelocKind, and a `#` constant's IR number (IrSysConst) its
 * ZSysConst.  Nothing depends on the two enums sharing an order.
 *
 *     ZOperand o = zref_operand(v);           a word the linker fills in
 *     IrValue n = zref_to_ir(r->kind, r->target, r->addend);  for listings */
#ifndef VINFORM_ZM_ZREF_H
#define VINFORM_ZM_ZREF_H

#include <stdbool.h>
#include "../ir.h"
#include "assemble.h"
#include "reloc.h"

/* The relocation for reference v (v.ref != IRR_NONE): its kind and its
 * target in the Z numbering.  False (reported as an internal error) for
 * a reference the Z-machine cannot have: a Glulx-only # constant. */
bool zref_of_ir(IrValue v, ZRelocKind *kind, uint32_t *target);

/* zm_reloc() of reference v: the operand the linker fills in (a zero
 * constant after the internal error above). */
ZOperand zref_operand(IrValue v);

/* The IR reference that relocation (kind, target) came from. */
IrValue zref_to_ir(ZRelocKind kind, uint32_t target, int32_t addend);

#endif
