/* asm_internal.h: the assembler's state, shared by assemble.c (which
 * encodes instructions), relax.c (which chooses branch forms and lays
 * out the routine) and asm_listing.c (the items kept for --dump-asm).
 * Not for use outside those three files. */
#ifndef VINFORM_ZM_ASM_INTERNAL_H
#define VINFORM_ZM_ASM_INTERNAL_H

#include "assemble.h"
#include "zbuf.h"

typedef enum FixupKind {
    FIX_BRANCH,        /* 1 or 2 branch bytes to a label */
    FIX_JUMP,          /* the 2-byte operand of jump */
} FixupKind;

typedef enum FixupForm {
    FORM_LONG,         /* branch: 2 bytes; jump: kept as it is */
    FORM_SHORT,        /* branch: 1 byte */
    FORM_RETURN,       /* branch: 1 byte ?rtrue/?rfalse; jump: replaced by
                          the 1-byte return instruction at its label */
    FORM_DELETED,      /* jump to the next instruction: gone */
} FixupForm;

typedef struct Fixup {
    uint32_t at;       /* offset of the 2 reserved bytes in the raw code */
    ZLabel label;
    uint8_t kind;      /* FixupKind */
    uint8_t form;      /* FixupForm */
    bool on_true;
    uint8_t ret_value; /* FORM_RETURN branch: 0 rfalse, 1 rtrue */
} Fixup;

struct ZAsm {
    int version;
    bool branch_to_return;
    uint16_t flags2;           /* header Flags 2 bits of opcodes used */
    ZBuf code;                 /* raw code: every fixup reserves 2 bytes */
    Fixup *fix;                /* in increasing `at` order */
    size_t nfix, fixcap;
    int32_t *label_pos;        /* raw offset, -1 = not placed */
    uint32_t *label_fix;       /* placed: how many fixups come before it */
    size_t nlabels, labelcap;
    ZReloc *relocs;            /* offsets into the raw code */
    size_t nrelocs, reloccap;
    uint32_t *prefix;          /* relax.c: bytes removed before fixup i
                                * (kept after zm_end_routine: a label's
                                * final offset, zm_label_offset) */
    size_t prefixcap;
    bool laid_out;             /* zasm_layout ran on this routine */
    ZBuf text;                 /* zm_text_buffer */
    ZListItem *list;           /* the listing, when `listing` */
    size_t nlist, listcap;
    bool listing;
    int32_t text_note;         /* zm_note_text, for the next print */
    const char **names;        /* zm_const_named's, this routine's */
    size_t nnames, namecap;
    int32_t point_waiting;     /* zm_seq_point's, -1: none */
    ZSeqPoint *points;         /* taken: offset in the raw code until
                                  relax.c makes it final */
    uint32_t *point_fix;       /* ... and how many fixups come before */
    size_t npoints, pointcap;
    ZBuf out;                  /* the finished routine */
    ZReloc *out_relocs;
    size_t out_reloccap;
    char error[160];
};

void zasm_fail(ZAsm *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* relax.c: chooses forms, writes a->out and a->out_relocs. */
bool zasm_layout(ZAsm *a);

/* asm_listing.c, while a->listing: a new item at the end of the listing,
 * zeroed but for kind, fix and text (-1). */
ZListItem *zasm_list_item(ZAsm *a, ZListKind kind);
/* The item of an instruction, made before it is encoded (so that encoding
 * keeps nothing of it alive for the listing): its branch's fixup, if
 * any, is the next one. */
void zasm_list_insn(ZAsm *a, const ZOpInfo *info, int nops,
                    const ZOperand *ops, int store, ZBranch br);

#endif
