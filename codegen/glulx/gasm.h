/* gasm.h: encoding Glulx instructions (Glulx specification 3.1.3,
 * section 1.4 "Instruction Format") into one function's bytes.
 *
 * Takes a function header (locals, stack arguments or not), then
 * instructions with operands, labels and relocations; gives the
 * function's bytes with branch offsets settled and its relocations
 * (gcode.h's GRoutineCode).
 *
 *     GAsm *a = gasm_new();
 *     gasm_begin(a, nlocals, stack_args);
 *     GLabel l = gasm_new_label(a);
 *     gasm_emit(a, GOP_ADD, 3, (GOperand[]){ gasm_local(1), gasm_const(1),
 *                                            gasm_stack() }, GBR_NONE);
 *     gasm_place_label(a, l);
 *     gasm_end(a, &code);   -> bytes valid until the next gasm_begin
 *
 * Operands are written the way inform6 6.45 writes them (asm.c): a
 * constant in the smallest form that holds it (zero: no bytes; then 1,
 * 2, 4 bytes, signed); a value only the linker knows always in 4 bytes;
 * local n at frame offset 4(n-1), one byte up to local 64, then two; the
 * stack as mode 8; global n at RAM offset 4n, 1, 2 or 4 bytes.  A branch
 * is the last operand; its offset is laid out in 4, 2 or 1 bytes, the
 * smallest that reaches, settled by shrinking until nothing changes (so
 * never larger than inform6's one pass), and an @jump to the very next
 * instruction is dropped, as inform6 drops it.  So are instructions that
 * nothing reaches: after @jump, @return, @throw, @tailcall, @jumpabs or
 * @quit, until the next label. */
#ifndef VINFORM_GL_GASM_H
#define VINFORM_GL_GASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcode.h"
#include "opcodes.h"

typedef enum GOperandKind {
    GO_CONST,        /* value: a number, smallest form */
    GO_RELOC,        /* reloc kind, target, value = addend: 4 bytes */
    GO_LOCAL,        /* value: local number 1.. */
    GO_GLOBAL,       /* value: global variable number (gl_global_number) */
    GO_STACK,        /* push (store) or pop (load) */
    GO_DISCARD,      /* a store thrown away (mode 0) */
    GO_ADDR,         /* contents of address `value` (mode 5-7) */
    GO_RAM,          /* contents of RAM offset `value` (mode D-F) */
    GO_CONST4,       /* value: a number, always 4 bytes */
    GO_ADDR4,        /* contents of address `value`, always 4 bytes (mode
                      * 7, as inform6 writes the Info block's address) */
} GOperandKind;

typedef struct GOperand {
    uint8_t kind;          /* GOperandKind */
    uint8_t reloc;         /* GRelocKind for GO_RELOC */
    uint32_t target;       /* GO_RELOC */
    int32_t value;
} GOperand;

static inline GOperand gasm_const(int32_t v)
{
    return (GOperand){ .kind = GO_CONST, .value = v };
}
static inline GOperand gasm_local(int n)
{
    return (GOperand){ .kind = GO_LOCAL, .value = n };
}
static inline GOperand gasm_global(uint32_t n)
{
    return (GOperand){ .kind = GO_GLOBAL, .value = (int32_t)n };
}
static inline GOperand gasm_stack(void)
{
    return (GOperand){ .kind = GO_STACK };
}
static inline GOperand gasm_discard(void)
{
    return (GOperand){ .kind = GO_DISCARD };
}
static inline GOperand gasm_reloc(GRelocKind k, uint32_t target, int32_t addend)
{
    return (GOperand){ .kind = GO_RELOC, .reloc = (uint8_t)k,
                       .target = target, .value = addend };
}
static inline bool gasm_is_stack(GOperand o) { return o.kind == GO_STACK; }

/* A label, or where a branch goes: GBR_NONE for an instruction without
 * one, GBR_RFALSE / GBR_RTRUE for a branch that returns 0 / 1. */
typedef int GLabel;
enum { GBR_NONE = -1, GBR_RFALSE = -2, GBR_RTRUE = -3 };

typedef struct GAsm GAsm;

GAsm *gasm_new(void);
void gasm_free(GAsm *a);

/* Starts a function: type $C0 (arguments on the stack; its first local
 * is then _vararg_count, set from the stack by the function's first
 * instruction, as inform6 does) or $C1, and `nlocals` 4-byte locals. */
void gasm_begin(GAsm *a, int nlocals, bool stack_args);

GLabel gasm_new_label(GAsm *a);
void gasm_place_label(GAsm *a, GLabel l);
/* A label no branch after it goes to: where nothing reaches it and no
 * branch written so far goes to it, it is left out and what follows stays
 * unreached, as inform6 leaves out such labels (assemble_forward_label_no):
 * the end of an if whose block always returns. */
void gasm_place_forward_label(GAsm *a, GLabel l);

/* One instruction: `op`'s number and its operands in order (every one,
 * stores included, as opcodes.def lists them); when the opcode branches,
 * its last operand is given as `branch` instead (nops counts the others).
 * Inform's macros (push, pull, dload, dstore) are expanded here. */
void gasm_emit(GAsm *a, GlOpcode op, int nops, const GOperand *ops,
               GLabel branch);
/* An opcode by number (custom `@"FORM:NUM"` assembly): `nops` operands,
 * the last a branch when `branch` is not GBR_NONE.  What follows is
 * reached whatever the number (only the form's R flag says otherwise, as
 * inform6 reads a custom opcode's flags from its form alone): glulxercise
 * jumps by `@"1:32" loc;` into the instructions after it. */
void gasm_emit_num(GAsm *a, uint32_t number, int nops, const GOperand *ops,
                   GLabel branch);
/* Leaves out what follows until the next label (a custom opcode whose
 * form says it never returns). */
void gasm_set_unreachable(GAsm *a);
/* Raw bytes in the code (inline assembly's `@ -->` / `@ ->` forms). */
void gasm_bytes(GAsm *a, const uint8_t *bytes, size_t n);
/* A raw 4-byte (or 2, 1) value only the linker knows, in the code. */
void gasm_raw_reloc(GAsm *a, GRelocKind k, uint32_t target, int32_t addend,
                    int width);

static inline void gasm_jump(GAsm *a, GLabel l)
{
    gasm_emit(a, GOP_JUMP, 0, NULL, l);
}
void gasm_emit0(GAsm *a, GlOpcode op);
void gasm_emit1(GAsm *a, GlOpcode op, GOperand x);
void gasm_emit2(GAsm *a, GlOpcode op, GOperand x, GOperand y);
void gasm_emit3(GAsm *a, GlOpcode op, GOperand x, GOperand y, GOperand z);

/* -k's sequence points (ir.h: IrSeqMark): the next instruction emitted
 * (not one left out as unreached, not raw bytes) begins point `id` (the
 * caller's number); id < 0: none.  Replaces a point still waiting;
 * gasm_begin clears it. */
void gasm_seq_point(GAsm *a, int32_t id);
/* After gasm_end: the points taken (gcode.h's GSeqPoint), in the order
 * of the code; valid until the next gasm_begin. */
const GSeqPoint *gasm_seq_points(const GAsm *a, size_t *n);

/* Lays the function out: branch sizes, label offsets, relocation offsets.
 * False with gasm_error() set when it cannot (a label used but never
 * placed). */
bool gasm_end(GAsm *a, GRoutineCode *out);
const char *gasm_error(const GAsm *a);

/* The lowest Glulx version the opcodes emitted since gasm_begin need
 * (0 when 2.0 will do), as inform6 counts them (files.c). */
uint32_t gasm_version_needed(const GAsm *a);

/* Bytes written since gasm_begin, branches counted in their 4-byte form. */
size_t gasm_code_size(const GAsm *a);

#endif
