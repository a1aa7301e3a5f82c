/* zbuild_data.c: the program's globals and arrays as Z-machine memory.
 *
 * Takes the Program's globals and arrays one step at a time; gives the
 * globals block (240 words, or fewer with $ZCODE_COMPACT_GLOBALS; each
 * global, the compiler's own too, at its variable's word: zglobals.h)
 * and the array
 * blocks: dynamic arrays in declaration order, static ones apart (they go
 * after the dictionary), each array's offset kept by array id for the
 * linker, its name for the identifier tables.  Byte entries must be
 * numbers known now, as in inform6. */
#include "zbuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- arrays ---- */

typedef struct Entries {
    ZBuild *b;
    ZBlock *k;
    bool bytes;           /* ->, string, buffer */
    bool warned;
} Entries;

static void put_number(Entries *e, int32_t v, const SrcLoc *loc)
{
    if (!e->bytes) {
        zb_put16(&e->k->b, (unsigned)v & 0xFFFF);
        return;
    }
    if ((v < 0 || v > 255) && !e->warned) {
        diag_warning(loc, "an entry of a '->', 'string' or 'buffer' array "
                     "must be from 0 to 255; only its low byte is kept");
        e->warned = true;
    }
    zb_put8(&e->k->b, (unsigned)v & 0xFF);
}

static void put_value(Entries *e, IrValue v, const SrcLoc *loc)
{
    int32_t num;
    if (!e->bytes) {
        zblk_operand(e->k, zbd_operand(e->b, v));
        return;
    }
    if (!zbd_number(e->b, v, &num)) {
        zbd_report(e->b, loc, "entries of byte arrays and strings must be "
                   "numbers known now (an address is known only when the "
                   "story is written): use a '-->' or 'table' array", false);
        num = 0;
    }
    put_number(e, num, loc);
}

/* The characters of `Array a -> "text"` in the story's character set. */
static void text_entries(Entries *e, const ProgArray *a)
{
    for (int i = 0; i < a->ntext; i++) {
        int z = zbd_zscii(e->b, a->text[i]);
        if (z < 0) {
            zbd_report(e->b, &a->text_loc, "this text holds a character that "
                       "the story's character set does not have; declare it "
                       "with 'Zcharacter table'", false);
            z = '?';
        }
        put_number(e, z, &a->text_loc);
    }
}

static int entry_count(const ProgArray *a)
{
    switch (a->body) {
    case PAB_SIZE: return (int)a->size;
    case PAB_TEXT: return a->ntext;
    case PAB_VALUES: return a->nvalues;
    default: return 0;
    }
}

static void entries(Entries *e, const ProgArray *a)
{
    switch (a->body) {
    case PAB_SIZE:
        zb_zeros(&e->k->b, (size_t)a->size * (e->bytes ? 1 : 2));
        break;
    case PAB_TEXT:
        text_entries(e, a);
        break;
    case PAB_VALUES:
        for (int i = 0; i < a->nvalues; i++) {
            if (a->ok[i]) put_value(e, a->values[i], &a->locs[i]);
            else {
                e->b->errors++;
                put_number(e, 0, &a->locs[i]);
            }
        }
        break;
    default: break;
    }
}

void zbd_array(ZBuild *b, int id)
{
    const ProgArray *a = &b->prog->arrays[id];
    Entries e = { b, a->is_static ? &b->static_arrays : &b->arrays,
                  a->kind == PA_BYTE || a->kind == PA_STRING ||
                  a->kind == PA_BUFFER, false };
    b->array_at[id] = (uint32_t)e.k->b.len;
    b->array_static[id] = a->is_static;
    if (a->body == PAB_NONE) return;
    int count = entry_count(a);
    if (a->kind == PA_STRING) {
        if (count > 255)
            zbd_report(b, &a->loc, "a 'string' array holds at most 255 "
                       "entries: its first byte is the count; use 'buffer'",
                       false);
        zb_put8(&e.k->b, (unsigned)count & 0xFF);
    } else if (a->kind == PA_TABLE || a->kind == PA_BUFFER) {
        zb_put16(&e.k->b, (unsigned)count & 0xFFFF);
    }
    entries(&e, a);
}
