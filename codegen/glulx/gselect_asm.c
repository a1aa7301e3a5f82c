/* gselect_asm.c: inline assembly (`@opcode operands;`) on Glulx.
 * (Filled in by the next commit; until then every statement is
 * reported.) */
#include "gselect_int.h"

#include "../../compiler/diag.h"

void gs_asm(GlSel *s, const IrNode *n)
{
    (void)s;
    diag_error(&n->loc, "inline assembly is not compiled for Glulx yet");
}
