/* gasm_int.h: what the parts of the Glulx assembler share (gasm.c:
 * encoding; gasm_relax.c: branch sizes and the function's layout). */
#ifndef VINFORM_GL_GASM_INT_H
#define VINFORM_GL_GASM_INT_H

#include "gasm.h"
#include "../../compiler/arena.h"

enum { GASM_UNPLACED = (size_t)-1 };

/* A branch offset written in its 4-byte form, to settle at the end. */
typedef struct GFix {
    size_t start;        /* the instruction's first byte */
    size_t mode;         /* the byte holding the branch's mode nibble */
    bool high;           /* ... in its high nibble */
    size_t at;           /* the offset's first byte */
    GLabel label;
    int size;            /* 4, 2 or 1; 0: the whole @jump is dropped */
    bool is_jump;        /* @jump, which goes when it goes to the next */
} GFix;

struct GAsm {
    uint8_t *code;       /* the function as written, branches long */
    size_t len, cap;
    GFix *fix;
    size_t nfix, fixcap;
    size_t *labels;      /* raw offset of each label, or GASM_UNPLACED */
    size_t *label_fix;   /* fix-ups written before each label was placed
                          * (all wholly before it) */
    size_t label_fixcap;
    bool *used;          /* a branch that was written goes to the label */
    size_t usedcap;
    size_t labelcap;
    int nlabels;
    GReloc *relocs;      /* offsets in `code` */
    size_t nrelocs, reloccap;
    uint32_t highest;    /* the Glulx version the opcodes need */
    bool unreachable;    /* after @jump, @return ... until a label */
    int32_t point_waiting;   /* gasm_seq_point's, -1: none */
    GSeqPoint *points;   /* taken: offsets in `code` until gasm_end */
    size_t npoints, pointcap;
    size_t *before;      /* gasm_end's: bytes removed before each fix-up */
    size_t beforecap;
    char error[160];
};

void gasm_put8(GAsm *a, unsigned v);
void gasm_fail(GAsm *a, const char *fmt, ...);

#endif
