/* opcodes.c: the Glulx opcode table and look-up by name (see opcodes.h). */
#include "opcodes.h"

#include <string.h>

static const GlOpInfo op_table[GOP__COUNT] = {
#define GOP(id, name, num, ops) { name, num, ops },
#include "opcodes.def"
#undef GOP
};

const GlOpInfo *gl_opinfo(GlOpcode op) { return &op_table[op]; }

GlOpcode gl_op_lookup(const char *name, size_t len)
{
    for (int i = 0; i < GOP__COUNT; i++)
        if (strlen(op_table[i].name) == len &&
            !strncmp(op_table[i].name, name, len))
            return (GlOpcode)i;
    return GOP__NONE;
}

bool gl_op_never_returns(uint32_t n)
{
    return n == 0x20 || n == 0x31 || n == 0x33 || n == 0x34 || n == 0x104 ||
           n == 0x120;
}
