/* gdata.c: the program's globals and arrays as Glulx memory, and the
 * dynamic-string table.
 *
 * Takes the Program's globals and arrays (program.h), lowering's word
 * tables (ir.h IrTable) and the number of dynamic strings the text uses;
 * gives the blocks of GA_GLOBALS (4 bytes a variable: the compiler's 11,
 * gcode.h's numbering, then the user's), GA_ARRAYS (dynamic arrays in
 * declaration order, then lowering's tables), GA_STATIC (static arrays)
 * and GA_DYNSTR (a count, then one string address per dynamic string,
 * each a string of three spaces at first), with each array's offset kept
 * by id for the linker; the arrays' entries are laid out by inform6's
 * rules, the same on every target (codegen/array_data.c). */
#include "glink.h"

#include <stdio.h>
#include <stdlib.h>

#include "../../compiler/diag.h"
#include "../array_data.h"

/* Global variable `number`'s initial value, when it was given one. */
static void initial_value(GLink *k, const ProgGlobal *g, uint32_t number)
{
    if (!g->has_value) return;
    GBlock *b = &k->area[GA_GLOBALS];
    size_t at = 4 * (size_t)number;
    GBlock one = { 0 };
    gl_value(k, &one, g->value, 4, &g->loc);
    memcpy(b->data + at, one.data, 4);
    for (size_t i = 0; i < one.nrelocs; i++)
        gk_ref_at(b, at, one.relocs[i].kind, 4, one.relocs[i].target,
                  one.relocs[i].addend);
    gk_free(&one);
}

void gl_globals(GLink *k)
{
    const Program *p = k->prog;
    GBlock *b = &k->area[GA_GLOBALS];
    gk_zeros(b, 4 * ((size_t)GL_FIRST_USER_GLOBAL + (size_t)p->nglobals));
    /* sys_statusline_flag: 1 for `Statusline time` */
    if (p->statusline_time) gk_set32(b->data + 4 * 10, 1);
    for (int id = 0; id < p->nglobals; id++)
        initial_value(k, &p->globals[id], gl_global_number(id));
    /* `Global sender = 123;` (6.45): 0-9 as gl_global_number has them,
     * 10 sys_statusline_flag */
    for (int i = 0; i < PROG_SYSTEM_GLOBALS; i++)
        initial_value(k, &p->system_globals[i], (uint32_t)i);
}

/* ---- arrays (the layout is array_data.c's; the words are 4 bytes) ---- */

typedef struct Arrays {
    GLink *k;
    GBlock *b;
} Arrays;

static void put(void *ctx, uint32_t v, int width)
{
    GBlock *b = ((Arrays *)ctx)->b;
    if (width == 1) gk_put8(b, v & 0xFF);
    else gk_put32(b, v);
}

static void zeros(void *ctx, size_t n)
{
    gk_zeros(((Arrays *)ctx)->b, n);
}

static void put_value(void *ctx, IrValue v, const SrcLoc *loc)
{
    Arrays *x = ctx;
    gl_value(x->k, x->b, v, 4, loc);
}

static bool number(void *ctx, IrValue v, int32_t *out)
{
    return gl_number(((Arrays *)ctx)->k, v, out);
}

/* A character of `Array a -> "text"`: Unicode (Latin-1 in a byte). */
static int32_t character(void *ctx, uint32_t unit, bool byte)
{
    (void)ctx;
    if (unit & 0x80000000u) unit &= 0x7FFFFFFFu;   /* @@n: that character */
    return byte && unit > 255 ? -1 : (int32_t)unit;
}

static void report(void *ctx, const SrcLoc *loc, const char *msg)
{
    gl_report(((Arrays *)ctx)->k, loc, msg);
}

static void array(GLink *k, int id)
{
    const ProgArray *a = &k->prog->arrays[id];
    Arrays x = { k, &k->area[a->is_static ? GA_STATIC : GA_ARRAYS] };
    k->array_at[id] = (uint32_t)x.b->len;
    k->array_static[id] = a->is_static;
    array_write(&(ArrayWriter){
        .word = 4, .ctx = &x, .put = put, .zeros = zeros,
        .put_value = put_value, .number = number, .character = character,
        .character_error = "this text holds a character beyond Latin-1, "
                           "which a byte array cannot hold: use a '-->' or "
                           "'table' array",
        .report = report, .errors = &k->errors }, a);
}

void gl_arrays(GLink *k)
{
    int n = k->prog->narrays;
    k->array_at = xcalloc((size_t)n + 1, sizeof *k->array_at);
    k->array_static = xcalloc((size_t)n + 1, sizeof *k->array_static);
    for (int i = 0; i < k->prog->nsteps; i++)
        if (k->prog->steps[i].kind == PS_ARRAY)
            array(k, k->prog->steps[i].index);
}

/* Lowering's tables, after the arrays: read or written, they live in RAM
 * (the written ones must; the others cost nothing there). */
void gl_tables(GLink *k)
{
    const IrProgram *ir = k->ir;
    GBlock *b = &k->area[GA_ARRAYS];
    k->table_at = xcalloc((size_t)ir->ntables + 1, sizeof *k->table_at);
    for (int t = 0; t < ir->ntables; t++) {
        k->table_at[t] = (uint32_t)b->len;
        for (int i = 0; i < ir->tables[t].nwords; i++)
            gl_value(k, b, ir->tables[t].words[i], 4, NULL);
    }
}

/* The number of dynamic strings is the highest @NN the text uses, plus
 * one (inform6's count, IrProgram.ndynamic; the front end checked
 * $MAX_DYNAMIC_STRINGS);
 * each entry starts as "   ". */
void gl_dynstrings(GLink *k)
{
    int n = k->ir->ndynamic;        /* (the pools counted it: ir.h) */
    k->ndynstr = n;
    GBlock *b = &k->area[GA_DYNSTR];
    gk_put32(b, (uint32_t)n);
    k->threespaces = gl_xstring(k, "   ");
    for (int i = 0; i < n; i++) gk_ref(b, GL_XSTRING, 4, k->threespaces, 0);
}
