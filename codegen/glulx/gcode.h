/* gcode.h: what Glulx instruction selection hands the Glulx linker.
 *
 * Selection (gselect*.c) turns one IrRoutine at a time into a Glulx
 * function: its header (type byte, locals format) and code, with branch
 * offsets already settled inside the function.  Every operand whose value
 * only the linker knows (an address, an action number once meta actions
 * are sorted, a `#` constant) is written as a 4-byte constant and listed
 * as a GReloc; the linker (glink*.c) writes resolve(kind, target) + addend
 * there once the story is laid out.
 *
 *     GlSel *s = gsel_new(c, ir);
 *     for each routine id:  gsel_routine(s, r, &code)  -> copy the bytes
 *                           to the code area, offsets + its address
 *     gsel_glulx_version(s)  -> the header's version
 *     gsel_free(s);
 *
 * Global variables need no relocation: global n lives at RAMSTART + 4n
 * and code reaches it through the RAM-relative operand modes. */
#ifndef VINFORM_GL_GCODE_H
#define VINFORM_GL_GCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir.h"

struct Compiler;

/* What `target` numbers (the IR's own numbering, codegen/ir.h); the value
 * written is resolve(kind, target) + addend. */
typedef enum GRelocKind {
    GR_ROUTINE,      /* address of function `target` (routine id) */
    GR_STRING,       /* address of string object `target` (string id) */
    GR_DICT,         /* address of the dictionary entry of word `target` */
    GR_ARRAY,        /* address of array `target` */
    GR_OBJECT,       /* address of the record of object number `target` */
    GR_SYSCONST,     /* value of `#` constant `target` (IrSysConst) */
    GR_ACTION,       /* number of action `target` (IRR_ACTION's ids) */
    GR_GLOBAL_ADDR,  /* address of global variable `target` (IrGlobal id) */
    GR_TABLE,        /* address of IrProgram.tables[target] */
} GRelocKind;

typedef struct GReloc {
    uint32_t offset;     /* of the value, in its block */
    uint8_t kind;        /* GRelocKind */
    uint8_t width;       /* bytes: 4 (code always), 2 or 1 in tables */
    uint32_t target;
    int32_t addend;
} GReloc;

/* One function, as selection gives it: valid until the next call. */
typedef struct GRoutineCode {
    const uint8_t *bytes;    /* type byte, locals format, code */
    size_t len;
    const GReloc *relocs;    /* offsets from bytes[0] */
    size_t nrelocs;
} GRoutineCode;

/* The global variable number of an IrGlobal id, as inform6 numbers them:
 * 0-9 the compiler's own (IRG_TEMP1 .. IRG_SYS2, in that order), 10
 * sys_statusline_flag, user globals from 11. */
enum { GL_FIRST_USER_GLOBAL = 11 };
static inline uint32_t gl_global_number(int32_t ir_global)
{
    return ir_global >= IRG_SYSTEM ? (uint32_t)(ir_global - IRG_SYSTEM)
                                   : GL_FIRST_USER_GLOBAL + (uint32_t)ir_global;
}

/* -k: a sequence point a function took: its IrSeqMark's index and its
 * instruction's offset from the function's start (where an @jump to the
 * next instruction was dropped, the next instruction's). */
typedef struct GSeqPoint {
    int32_t id;
    uint32_t offset;
} GSeqPoint;

typedef struct GlSel GlSel;

GlSel *gsel_new(struct Compiler *c, const IrProgram *ir);
void gsel_free(GlSel *s);

/* Selects and assembles routine `r`; false after reporting an error
 * (diag_error, with the routine's location). */
bool gsel_routine(GlSel *s, const IrRoutine *r, GRoutineCode *out);

/* After gsel_routine: the sequence points its function took, in the
 * order of the code; valid until the next gsel_routine. */
const GSeqPoint *gsel_seq_points(const GlSel *s, size_t *n);

/* The lowest Glulx version covering every opcode selected so far
 * (0x00020000; 0x00030000 for Unicode output; 0x00030100 for @malloc and
 * friends; 0x00030102 floats; 0x00030103 doubles, @hasundo ...). */
uint32_t gsel_glulx_version(const GlSel *s);

#endif
