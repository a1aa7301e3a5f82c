/* sysconst.h: the `#name` system constants as numbers, for the target of
 * ZR_SYSCONST relocations: ZSC_ipv__start, ZSC_grammar_table...  One
 * list, compiler/sysconst.def, so that the numbering is never written by
 * hand.  The layout (layout.h) gives the values of the constants that come
 * out of memory layout. */
#ifndef VINFORM_ZM_SYSCONST_H
#define VINFORM_ZM_SYSCONST_H

typedef enum ZSysConst {
#define X(name, where) ZSC_##name,
#include "sysconst.def"
#undef X
    ZSC_COUNT
} ZSysConst;

/* The constant named `name` (without the '#'), or -1. */
int zsc_lookup(const char *name);
/* Its name, without the '#'. */
const char *zsc_name(ZSysConst sc);

#endif
