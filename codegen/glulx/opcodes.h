/* opcodes.h: the Glulx opcode table (opcodes.def) as an enum and a table
 * of facts, and look-up by Inform assembly name.
 *
 * Takes an opcode or a name; gives its number and operand shape. */
#ifndef VINFORM_GL_OPCODES_H
#define VINFORM_GL_OPCODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum GlOpcode {
#define GOP(id, name, num, ops) GOP_##id,
#include "opcodes.def"
#undef GOP
    GOP__COUNT,
    GOP__NONE = -1
} GlOpcode;

typedef struct GlOpInfo {
    const char *name;
    int number;             /* -1 for Inform's macros */
    const char *operands;   /* L, S, B per operand, in order */
} GlOpInfo;

/* The facts about one opcode (op must be a real GlOpcode): inline, as
 * every instruction emitted asks (opcodes.c holds the table). */
extern const GlOpInfo gl_op_table[GOP__COUNT];
static inline const GlOpInfo *gl_opinfo(GlOpcode op)
{
    return &gl_op_table[op];
}

/* The opcode or macro called `name` (len bytes), or GOP__NONE. */
GlOpcode gl_op_lookup(const char *name, size_t len);

/* Whether execution never goes on after the opcode numbered n (inform6's
 * Rf flag): @jump, @return, @throw, @tailcall, @jumpabs, @quit. */
static inline bool gl_op_never_returns(uint32_t n)
{
    return n == 0x20 || n == 0x31 || n == 0x33 || n == 0x34 || n == 0x104 ||
           n == 0x120;
}

/* The check_asm hook (compiler/target.h), in asm_check.c. */
struct Target;
struct AsmStatement;
void gl_check_asm(const struct Target *t, struct AsmStatement *a);

#endif
