/* assemble.h: the Z-machine assembler, one routine at a time.
 *
 * Takes instructions (an opcode, operands, a store variable, a branch),
 * labels, jumps and inline text; gives the routine's bytes, with branch
 * forms chosen to minimise its size, and the relocation records for the
 * values only the linker knows.  It never prints: the first mistake is
 * kept as a message (zm_asm_error) for the caller to report.
 *
 *     ZAsm *a = zm_asm_new(5);
 *     zm_begin_routine(a, 2, NULL);
 *     ZLabel done = zm_new_label(a);
 *     zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ zm_var(1) }, ZM_NO_STORE,
 *             zm_branch(done, true));
 *     zm_emit(a, ZOP_ADD, 2, (ZOperand[]){ zm_var(1), zm_const(300) }, 2,
 *             ZM_NO_BRANCH);
 *     zm_place_label(a, done);
 *     zm_emit(a, ZOP_RET, 1, (ZOperand[]){ zm_var(2) }, ZM_NO_STORE,
 *             ZM_NO_BRANCH);
 *     ZRoutineCode rc;
 *     if (!zm_end_routine(a, &rc)) report(zm_asm_error(a));
 */
#ifndef VINFORM_ZM_ASSEMBLE_H
#define VINFORM_ZM_ASSEMBLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "opcodes.h"
#include "reloc.h"
#include "zbuf.h"

typedef enum ZOperandKind {
    ZO_CONST,     /* a constant: small (1 byte) when 0-255, else large */
    ZO_LARGE,     /* a constant always written as 2 bytes */
    ZO_VAR,       /* variable 0 (stack), 1-15 (locals), 16-255 (globals) */
    ZO_RELOC,     /* a 2-byte value the linker fills in */
} ZOperandKind;

typedef struct ZOperand {
    uint8_t kind;        /* ZOperandKind */
    uint8_t reloc;       /* ZRelocKind, for ZO_RELOC; for ZO_CONST, 0 or
                          * the ZRelocKind + 1 of what it numbers
                          * (zm_const_of), or ZM_NAMED (zm_const_named),
                          * for the listing only */
    uint16_t value;      /* constant, variable number */
    uint32_t target;     /* ZO_RELOC */
    int32_t addend;      /* ZO_RELOC */
} ZOperand;

/* A constant (16-bit wrap); small when its 16-bit value is 0-255. */
static inline ZOperand zm_const(int32_t v)
{
    return (ZOperand){ .kind = ZO_CONST, .value = (uint16_t)v };
}
/* The same for a number that the selector resolved itself from a
 * reference (an object number, a character code, a global's number):
 * encoded as zm_const(v) would be; `kind`, `target` and `addend` only
 * name it in the listing (--dump-asm). */
static inline ZOperand zm_const_of(ZRelocKind kind, uint32_t target,
                                   int32_t addend, int32_t v)
{
    return (ZOperand){ .kind = ZO_CONST, .reloc = (uint8_t)(kind + 1),
                       .value = (uint16_t)v, .target = target,
                       .addend = addend };
}
/* ZOperand.reloc of a constant the listing names (target: the name's
 * number in the routine's listing). */
enum { ZM_NAMED = 0xFF };
static inline ZOperand zm_large(int32_t v)
{
    return (ZOperand){ .kind = ZO_LARGE, .value = (uint16_t)v };
}
static inline ZOperand zm_var(int n)
{
    return (ZOperand){ .kind = ZO_VAR, .value = (uint16_t)n };
}
static inline ZOperand zm_sp(void) { return zm_var(0); }
/* The value of (kind, target) + addend, resolved by the linker. */
static inline ZOperand zm_reloc(ZRelocKind kind, uint32_t target,
                                int32_t addend)
{
    return (ZOperand){ .kind = ZO_RELOC, .reloc = (uint8_t)kind,
                       .target = target, .addend = addend };
}

/* Labels are small numbers handed out per routine. */
typedef int32_t ZLabel;

enum { ZBR_NONE = -1, ZBR_RFALSE = -2, ZBR_RTRUE = -3 };

typedef struct ZBranch {
    ZLabel label;        /* a label, or ZBR_NONE / ZBR_RFALSE / ZBR_RTRUE */
    bool on_true;        /* branch when the condition holds (?L) or not (?~L) */
} ZBranch;

static inline ZBranch zm_branch(ZLabel l, bool on_true)
{
    return (ZBranch){ l, on_true };
}
static inline ZBranch zm_branch_rtrue(bool on_true)
{
    return (ZBranch){ ZBR_RTRUE, on_true };
}
static inline ZBranch zm_branch_rfalse(bool on_true)
{
    return (ZBranch){ ZBR_RFALSE, on_true };
}
#define ZM_NO_BRANCH ((ZBranch){ ZBR_NONE, false })
#define ZM_NO_STORE (-1)

typedef struct ZAsm ZAsm;

/* What zm_end_routine gives: valid until the next zm_begin_routine. */
typedef struct ZRoutineCode {
    const uint8_t *bytes;    /* routine header first */
    size_t len;              /* not padded to the packing unit */
    const ZReloc *relocs;    /* offsets relative to bytes */
    size_t nrelocs;
} ZRoutineCode;

ZAsm *zm_asm_new(int version);
void zm_asm_free(ZAsm *a);

/* Size optimisations beyond inform6's (on by default): a branch to a
 * label whose instruction is rtrue/rfalse becomes ?rtrue/?rfalse.  (Jumps
 * to the next instruction vanish and jumps to rtrue, rfalse or ret_popped
 * become that instruction, as in inform6; always on.) */
void zm_asm_set_branch_to_return(ZAsm *a, bool on);

/* Starts a routine with `nlocals` locals (0-15).  v3/v4 write an initial
 * value word per local (`initial`, or zeros when NULL); v5+ only the
 * count. */
void zm_begin_routine(ZAsm *a, int nlocals, const uint16_t *initial);

ZLabel zm_new_label(ZAsm *a);
/* Places a label at the next instruction; a label is placed once. */
void zm_place_label(ZAsm *a, ZLabel l);

/* One instruction.  `store` is a variable number or ZM_NO_STORE; `br` is
 * ZM_NO_BRANCH or a branch; both must agree with the opcode's flags.
 * Operands whose opcode names a variable (inc, store, pull...) take its
 * number as a constant: zm_const(n); zm_var(n) means "the variable whose
 * number is in variable n". */
void zm_emit(ZAsm *a, ZOpcode op, int nops, const ZOperand *ops, int store,
             ZBranch br);
/* The row of `op` that `version` has when the opcode is the same in
 * shape there under another row (call_vs is v3's call, not is 1OP:15
 * before v5 and VAR:248 from v5, save and restore with no operands are
 * v4's 0OP forms); else `op`.  zm_emit applies it. */
ZOpcode zm_op_for_version(ZOpcode op, int version);
/* The same for an opcode described by hand (Inform's @"VAR:n" forms). */
void zm_emit_info(ZAsm *a, const ZOpInfo *info, int nops,
                  const ZOperand *ops, int store, ZBranch br);

static inline void zm_emit0(ZAsm *a, ZOpcode op)
{
    zm_emit(a, op, 0, NULL, ZM_NO_STORE, ZM_NO_BRANCH);
}
static inline void zm_emit1(ZAsm *a, ZOpcode op, ZOperand x)
{
    zm_emit(a, op, 1, &x, ZM_NO_STORE, ZM_NO_BRANCH);
}
static inline void zm_emit2(ZAsm *a, ZOpcode op, ZOperand x, ZOperand y)
{
    ZOperand ops[2] = { x, y };
    zm_emit(a, op, 2, ops, ZM_NO_STORE, ZM_NO_BRANCH);
}

/* An unconditional jump to a label. */
void zm_jump(ZAsm *a, ZLabel l);

/* print / print_ret with already encoded Z-text (ztext.h: zt_encode). */
void zm_print(ZAsm *a, ZOpcode op, const uint8_t *ztext, size_t nbytes);
/* An empty buffer, owned by the assembler, to encode that text into (no
 * allocation per string); emptied again by the next call. */
ZBuf *zm_text_buffer(ZAsm *a);
/* Raw data in the code (inline assembly's `@ -> bytes;` and `@ -->
 * words;`): width 1 writes the low byte of a constant; width 2 a word,
 * which may be a relocation. */
void zm_data(ZAsm *a, const ZOperand *o, int width);

/* -k's sequence points (ir.h: IrSeqMark): the next instruction (not a
 * label, not zm_data) begins point `id` (the caller's number); id < 0:
 * none.  Replaces a point still waiting; zm_begin_routine clears it. */
void zm_seq_point(ZAsm *a, int32_t id);
/* After zm_end_routine: the points taken, in the order of the code, each
 * with its instruction's offset from the routine's start (where a jump
 * the layout removed was, the next instruction's); valid until the next
 * zm_begin_routine. */
typedef struct ZSeqPoint {
    int32_t id;
    uint32_t offset;
} ZSeqPoint;
const ZSeqPoint *zm_seq_points(const ZAsm *a, size_t *n);

/* Bytes emitted so far in this routine, before branch shortening (an
 * upper bound of the final size). */
size_t zm_asm_size(const ZAsm *a);

/* Ends the routine: resolves labels, chooses every branch's form and
 * writes the code.  False on an error (an unplaced label, a branch out of
 * range, or any earlier mistake): zm_asm_error() says what. */
bool zm_end_routine(ZAsm *a, ZRoutineCode *out);

/* After zm_end_routine (until the next routine begins): where a label
 * ended up (offset from the routine start), or -1 if it was never placed
 * or the routine was not laid out. */
int32_t zm_label_offset(const ZAsm *a, ZLabel l);

/* The header Flags 2 bits that the opcodes assembled so far, in every
 * routine since zm_asm_new, ask for (undo, colours, sound...: the
 * flags2 column of opcodes.def); the story writer ORs them into $10. */
uint16_t zm_asm_flags2(const ZAsm *a);

/* The first error of the current routine, or NULL. */
const char *zm_asm_error(const ZAsm *a);

/* ---- the listing (--dump-asm) ----
 * While listing is on, the assembler keeps each routine's instructions,
 * labels and jumps as they were given (from zm_begin_routine on), and
 * zm_listing() gives them once zm_end_routine has laid the routine out,
 * in the forms the story has: a branch to a label whose instruction is
 * rtrue/rfalse as ?rtrue/?rfalse, a jump to a return as that return
 * instruction, a jump to the next instruction gone (ZL_GONE).  Off by
 * default: a compile that writes a story keeps nothing. */
typedef enum ZListKind {
    ZL_INSN,        /* an instruction: name, operands, store, branch */
    ZL_TEXT,        /* print / print_ret with inline text: name, text */
    ZL_LABEL,       /* a label placed here: label */
    ZL_JUMP,        /* jump to label */
    ZL_GONE,        /* a jump the layout removed */
} ZListKind;

typedef struct ZListItem {
    uint8_t kind;            /* ZListKind */
    uint8_t flags;           /* ZL_INSN: the opcode's ZOF_* */
    uint8_t nops;
    int16_t store;           /* ZL_INSN: variable, or ZM_NO_STORE */
    const char *name;        /* ZL_INSN, ZL_TEXT: the opcode's name */
    ZOperand ops[8];
    ZBranch br;              /* ZL_INSN: as laid out */
    ZLabel label;            /* ZL_LABEL, ZL_JUMP */
    int32_t text;            /* ZL_TEXT: zm_note_text's number, or -1 */
    int32_t fix;             /* (the assembler's: its branch or jump) */
} ZListItem;

void zm_asm_set_listing(ZAsm *a, bool on);
/* The next print or print_ret prints text number `id` (the caller's
 * numbering: the listing names the text by it). */
void zm_note_text(ZAsm *a, int32_t id);
/* zm_const(v), which the listing names `name` (a property, attribute or
 * Constant the source wrote it as); only while listing is the name kept,
 * else this is zm_const(v).  `name` must outlive the routine's listing. */
ZOperand zm_const_named(ZAsm *a, const char *name, int32_t v);
/* The name of an operand of the routine's listing that zm_const_named
 * made, else NULL. */
const char *zm_operand_name(const ZAsm *a, const ZOperand *o);
/* After zm_end_routine: the routine's items in order; valid until the
 * next zm_begin_routine.  None when listing is off. */
const ZListItem *zm_listing(ZAsm *a, size_t *n);

#endif
