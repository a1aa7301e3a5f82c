/* opcodes.c: the Glulx opcode table and look-up by name (see opcodes.h). */
#include "opcodes.h"

#include <string.h>

const GlOpInfo gl_op_table[GOP__COUNT] = {
#define GOP(id, name, num, ops) { name, num, ops },
#include "opcodes.def"
#undef GOP
};


GlOpcode gl_op_lookup(const char *name, size_t len)
{
    for (int i = 0; i < GOP__COUNT; i++)
        if (strlen(gl_op_table[i].name) == len &&
            !strncmp(gl_op_table[i].name, name, len))
            return (GlOpcode)i;
    return GOP__NONE;
}

