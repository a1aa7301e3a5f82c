/* sysconst.c: names of the `#` system constants, from sysconst.def.
 *
 * Takes a name or a ZSysConst; gives the other. */
#include "sysconst.h"

#include <string.h>

static const char *const names[ZSC_COUNT] = {
#define X(name, where) #name,
#include "sysconst.def"
#undef X
};

int zsc_lookup(const char *name)
{
    for (int i = 0; i < ZSC_COUNT; i++)
        if (!strcmp(names[i], name)) return i;
    return -1;
}

const char *zsc_name(ZSysConst sc)
{
    return (int)sc >= 0 && sc < ZSC_COUNT ? names[sc] : "?";
}
