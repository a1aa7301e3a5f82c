/* gtarget.c: the Glulx back end's hooks, as the target interface
 * (compiler/target.h) hands them to the driver.
 *
 * Takes nothing; gives gl_target_ops, which target_select() puts in
 * c->target for -G.  Glulx has no code generator yet: supports() says so,
 * and no hook after it is ever called. */
#include "../../compiler/target.h"

#include "../../compiler/diag.h"
#include "opcodes.h"

/* Say so rather than pretend. */
static bool gl_supports(struct Compiler *c)
{
    (void)c;
    diag_error(NULL, "vinform cannot write a Glulx story file yet: the "
               "Glulx code generator is not built; use --syntax-only to "
               "check the source");
    return false;
}

const TargetOps gl_target_ops = {
    .name = "Glulx",
    .check_asm = gl_check_asm,
    .supports = gl_supports,
};
