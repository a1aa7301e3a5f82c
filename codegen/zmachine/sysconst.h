/* sysconst.h: the `#name` system constants the Z-machine has, as numbers
 * of its own, for the target of ZR_SYSCONST relocations: ZSC_ipv__start,
 * ZSC_grammar_table...  Made from the one list, compiler/sysconst.def
 * (its Z and B rows), so that the numbering is never written by hand; the
 * IR's numbering (IrSysConst) is mapped to it by name, not by position.
 * The layout (layout.h) gives the values of the constants that come out
 * of memory layout. */
#ifndef VINFORM_ZM_SYSCONST_H
#define VINFORM_ZM_SYSCONST_H

#include <stdint.h>

#define ZSC_ROW_Z(name) ZSC_##name,
#define ZSC_ROW_B(name) ZSC_##name,
#define ZSC_ROW_G(name)
typedef enum ZSysConst {
#define X(name, where) ZSC_ROW_##where(name)
#include "sysconst.def"
#undef X
    ZSC_COUNT
} ZSysConst;
#undef ZSC_ROW_Z
#undef ZSC_ROW_B
#undef ZSC_ROW_G

/* Its name, without the '#'. */
const char *zsc_name(ZSysConst sc);

/* The Z constant that IR constant `ir` (an IrSysConst) is, or -1 when
 * the Z-machine has none of that name. */
int zsc_from_ir(uint32_t ir);
/* The IrSysConst of Z constant `sc`. */
uint32_t zsc_to_ir(ZSysConst sc);

#endif
