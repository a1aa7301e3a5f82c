/* opcodes.c: the Glulx opcode table and look-up by name (see opcodes.h). */
#include "opcodes.h"

#include <string.h>

const GlOpInfo gl_op_table[GOP__COUNT] = {
#define GOP(id, name, num, ops) { name, num, ops },
#include "opcodes.def"
#undef GOP
};


/* By name: a hash table over the rows, made at the first look-up (an
 * assembly statement is looked up twice, by check and by selection, and
 * searching the table a row at a time was a thousand instructions and
 * more a look-up). */
enum { NSLOTS = 512 };      /* a power of two, over twice the rows */
_Static_assert(GOP__COUNT < NSLOTS / 2, "the name table is not too full");

static unsigned name_hash(const char *name, size_t len)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h & (NSLOTS - 1);
}

GlOpcode gl_op_lookup(const char *name, size_t len)
{
    static int16_t slot[NSLOTS];    /* row + 1; 0: empty */
    static bool made;
    if (!made) {
        for (int i = 0; i < GOP__COUNT; i++) {
            const char *t = gl_op_table[i].name;
            unsigned h = name_hash(t, strlen(t));
            while (slot[h]) h = (h + 1) & (NSLOTS - 1);
            slot[h] = (int16_t)(i + 1);
        }
        made = true;
    }
    for (unsigned h = name_hash(name, len); slot[h]; h = (h + 1) & (NSLOTS - 1)) {
        const char *t = gl_op_table[slot[h] - 1].name;
        if (!strncmp(t, name, len) && t[len] == '\0') return (GlOpcode)(slot[h] - 1);
    }
    return GOP__NONE;
}

