/* opcodes.c: the table built from opcodes.def, and look-up by name.
 *
 * Takes an opcode or an Inform assembly name; gives a ZOpInfo. */
#include "opcodes.h"

#include <string.h>
#include <strings.h>

const ZOpInfo zm_op_table[ZOP__COUNT] = {
#define ZOP(id, nm, c, num, fl, mn, mx, vers, f2) \
    [ZOP_##id] = { nm, c, num, fl, mn, mx, vers, f2 },
#include "opcodes.def"
#undef ZOP
};

ZOpcode zm_op_lookup(const char *name, size_t len, int version,
                     bool *other_version)
{
    bool other = false;
    for (int i = 0; i < ZOP__COUNT; i++) {
        const ZOpInfo *info = &zm_op_table[i];
        /* The first letter, case folded the ASCII way (the C locale's),
         * rejects most rows without a strlen. */
        if (len == 0 || ((unsigned char)info->name[0] | 0x20) !=
                            ((unsigned char)name[0] | 0x20) ||
            strlen(info->name) != len ||
            strncasecmp(info->name, name, len) != 0)
            continue;
        if (zm_op_in_version((ZOpcode)i, version)) {
            if (other_version) *other_version = false;
            return (ZOpcode)i;
        }
        other = true;
    }
    if (other_version) *other_version = other;
    return ZOP__NONE;
}

uint8_t zm_op_base_byte(const ZOpInfo *info)
{
    switch (info->cls) {
    case Z0OP: return (uint8_t)(0xB0 + info->number);
    case Z1OP: return (uint8_t)(0x80 + info->number);
    case Z2OP: return (uint8_t)(0xC0 + info->number);
    case ZVAR: return (uint8_t)(0xE0 + info->number);
    case ZEXT: return 0xBE;
    }
    return 0;
}
