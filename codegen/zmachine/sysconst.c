/* sysconst.c: the Z-machine's `#` system constants (sysconst.h) by name,
 * and the explicit mapping between the IR's numbering (IrSysConst) and
 * the Z back end's (ZSysConst), both made from compiler/sysconst.def.
 *
 * Takes a ZSysConst or an IrSysConst; gives its name or the other. */
#include "sysconst.h"

#include "../ir.h"

#define ROW_Z(name) [ZSC_##name] = #name,
#define ROW_B(name) [ZSC_##name] = #name,
#define ROW_G(name)
static const char *const names[ZSC_COUNT] = {
#define X(name, where) ROW_##where(name)
#include "sysconst.def"
#undef X
};
#undef ROW_Z
#undef ROW_B
#undef ROW_G

/* Every IR constant, the Z one of the same name or -1 (Glulx's only). */
#define ROW_Z(name) [IRSC_##name] = ZSC_##name,
#define ROW_B(name) [IRSC_##name] = ZSC_##name,
#define ROW_G(name) [IRSC_##name] = -1,
static const int16_t from_ir[IRSC_COUNT] = {
#define X(name, where) ROW_##where(name)
#include "sysconst.def"
#undef X
};
#undef ROW_Z
#undef ROW_B
#undef ROW_G

#define ROW_Z(name) [ZSC_##name] = IRSC_##name,
#define ROW_B(name) [ZSC_##name] = IRSC_##name,
#define ROW_G(name)
static const uint16_t to_ir[ZSC_COUNT] = {
#define X(name, where) ROW_##where(name)
#include "sysconst.def"
#undef X
};
#undef ROW_Z
#undef ROW_B
#undef ROW_G

const char *zsc_name(ZSysConst sc)
{
    return (int)sc >= 0 && sc < ZSC_COUNT ? names[sc] : "?";
}

int zsc_from_ir(uint32_t ir)
{
    return ir < IRSC_COUNT ? from_ir[ir] : -1;
}

uint32_t zsc_to_ir(ZSysConst sc)
{
    return (int)sc >= 0 && sc < ZSC_COUNT ? to_ir[sc] : IRSC_COUNT;
}
