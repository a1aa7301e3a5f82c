/* opcodes.h: the Z-machine opcode table (opcodes.def) as an enum and a
 * table of facts, and look-up by Inform assembly name.
 *
 * Takes an opcode (or a name and a story version); gives its class,
 * number, flags, operand counts and the versions it exists in. */
#ifndef VINFORM_ZM_OPCODES_H
#define VINFORM_ZM_OPCODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Operand-count classes: which opcode space the number belongs to. */
typedef enum ZOpClass { Z0OP, Z1OP, Z2OP, ZVAR, ZEXT } ZOpClass;

enum {
    ZOF_ST = 1 << 0,     /* stores a result */
    ZOF_BR = 1 << 1,     /* branches */
    ZOF_TX = 1 << 2,     /* inline text follows (print, print_ret) */
    ZOF_LB = 1 << 3,     /* operand is a label (jump) */
    ZOF_VR = 1 << 4,     /* first operand names a variable (by number) */
    ZOF_CL = 1 << 5,     /* first operand is a routine */
    ZOF_SP = 1 << 6,     /* never continues to the next instruction */
    ZOF_W2 = 1 << 7,     /* two operand-type bytes: up to 8 operands */
};

/* Versions mask: bit v set = valid in version v (1..8). */
#define ZV(lo, hi) ((uint16_t)(((1u << ((hi) + 1)) - 1) & ~((1u << (lo)) - 1)))

typedef enum ZOpcode {
#define ZOP(id, name, cls, num, flags, mn, mx, vers, f2) ZOP_##id,
#include "opcodes.def"
#undef ZOP
    ZOP__COUNT,
    ZOP__NONE = -1
} ZOpcode;

typedef struct ZOpInfo {
    const char *name;
    ZOpClass cls;
    uint8_t number;         /* within the class (EXT: 0-255) */
    uint8_t flags;          /* ZOF_* */
    uint8_t min_ops, max_ops;
    uint16_t versions;      /* ZV() mask */
    uint8_t flags2_bit;     /* header Flags 2 bit to set when used, or 0 */
} ZOpInfo;

extern const ZOpInfo zm_op_table[ZOP__COUNT];

/* The facts about one opcode (op must be a real ZOpcode). */
static inline const ZOpInfo *zm_opinfo(ZOpcode op)
{
    return &zm_op_table[op];
}

static inline bool zm_op_in_version(ZOpcode op, int version)
{
    return version >= 1 && version <= 8 &&
           (zm_opinfo(op)->versions & (1u << version)) != 0;
}

/* The opcode called `name` (case-insensitive, len bytes) in `version`, or
 * ZOP__NONE.  *other_version (may be NULL) is set when the name exists in
 * some other version only, so that the caller can say "not available in
 * this version" rather than "no such opcode". */
ZOpcode zm_op_lookup(const char *name, size_t len, int version,
                     bool *other_version);

/* The first byte of the instruction for the short/variable forms, before
 * operand types are known: 0OP 0xB0+n, 1OP 0x80+n, 2OP (variable form)
 * 0xC0+n, VAR 0xE0+n, EXT 0xBE (the number follows). */
uint8_t zm_op_base_byte(const ZOpInfo *info);

/* The check_asm hook (compiler/target.h), in asm_check.c. */
struct Target;
struct AsmStatement;
void zm_check_asm(const struct Target *t, struct AsmStatement *a);

#endif
