/* zbuild_data.c: the program's globals and arrays as Z-machine memory.
 *
 * Takes the Program's globals and arrays one step at a time; gives the
 * globals block (240 words, or fewer with $ZCODE_COMPACT_GLOBALS; each
 * global, the compiler's own too, at its variable's word: zglobals.h)
 * and the array
 * blocks: dynamic arrays in declaration order, static ones apart (they go
 * after the dictionary), each array's offset kept by array id for the
 * linker, its name for the identifier tables; their entries are laid
 * out by inform6's rules, the same on every target (codegen/array_data.c). */
#include "zbuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../array_data.h"
#include "select.h"

/* Z-machine variable `var`'s initial value in the globals block. */
static void initial_value(ZBuild *b, int var, IrValue value)
{
    ZOperand v = zbd_operand(b, value);
    size_t at = 2 * (size_t)(var - 16);
    if (v.kind == ZO_RELOC) {
        zb_set16(&b->globals.b, at, 0);
        zblk_reloc_at(&b->globals, at, (ZRelocKind)v.reloc, v.target,
                      v.addend);
    } else {
        zb_set16(&b->globals.b, at, v.value);
    }
}

void zbd_global(ZBuild *b, int id)
{
    const ProgGlobal *g = &b->prog->globals[id];
    /* 233 (target.c's lim.max_globals): the other seven are the system's */
    int room = b->c->target->lim.max_globals;
    if (id >= room) {
        if (!b->globals_full) {
            char msg[120];
            snprintf(msg, sizeof msg, "All %d global variables already "
                     "declared: the Z-machine has room for no more (use "
                     "arrays for the rest)", room);
            zbd_report(b, &g->loc, msg, false);
        }
        b->globals_full = true;
        return;
    }
    if (g->has_value) initial_value(b, zgm_var(&b->gm, id), g->value);
}

void zbd_system_globals(ZBuild *b)
{
    for (int i = 0; i < PROG_SYSTEM_GLOBALS; i++) {
        const ProgGlobal *g = &b->prog->system_globals[i];
        if (g->has_value)
            initial_value(b, zgm_var(&b->gm, IRG_SYSTEM + i), g->value);
    }
}

/* ---- arrays (the layout is array_data.c's; the words are 2 bytes) ---- */

typedef struct Arrays {
    ZBuild *b;
    ZBlock *k;
} Arrays;

static void put(void *ctx, uint32_t v, int width)
{
    ZBuf *z = &((Arrays *)ctx)->k->b;
    if (width == 1) zb_put8(z, v & 0xFF);
    else zb_put16(z, v & 0xFFFF);
}

static void zeros(void *ctx, size_t n)
{
    zb_zeros(&((Arrays *)ctx)->k->b, n);
}

static void put_value(void *ctx, IrValue v, const SrcLoc *loc)
{
    (void)loc;
    Arrays *x = ctx;
    zblk_operand(x->k, zbd_operand(x->b, v));
}

static bool number(void *ctx, IrValue v, int32_t *out)
{
    return zbd_number(((Arrays *)ctx)->b, v, out);
}

/* A character of `Array a -> "text"` in the story's character set. */
static int32_t character(void *ctx, uint32_t unit, bool byte)
{
    (void)byte;
    return zbd_zscii(((Arrays *)ctx)->b, unit);
}

static void report(void *ctx, const SrcLoc *loc, const char *msg)
{
    zbd_report(((Arrays *)ctx)->b, loc, msg, false);
}

void zbd_array(ZBuild *b, int id)
{
    const ProgArray *a = &b->prog->arrays[id];
    Arrays x = { b, a->is_static ? &b->static_arrays : &b->arrays };
    b->array_at[id] = (uint32_t)x.k->b.len;
    b->array_static[id] = a->is_static;
    array_write(&(ArrayWriter){
        .word = 2, .ctx = &x, .put = put, .zeros = zeros,
        .put_value = put_value, .number = number, .character = character,
        .character_error = "this text holds a character that the story's "
                           "character set does not have; declare it with "
                           "'Zcharacter table'",
        .report = report, .errors = &b->errors }, a);
}
