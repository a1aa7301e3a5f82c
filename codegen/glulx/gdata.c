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
 * by id for the linker.  Entries of byte arrays must be numbers known
 * now, as in inform6. */
#include "glink.h"

#include <stdio.h>
#include <stdlib.h>

#include "../../compiler/diag.h"

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

/* ---- arrays ---- */

typedef struct Entries {
    GLink *k;
    GBlock *b;
    bool bytes;           /* ->, string, buffer */
    bool warned;
} Entries;

static void put_number(Entries *e, int32_t v, const SrcLoc *loc)
{
    if (!e->bytes) {
        gk_put32(e->b, (uint32_t)v);
        return;
    }
    if ((v < 0 || v > 255) && !e->warned) {
        diag_warning(loc, "an entry of a '->', 'string' or 'buffer' array "
                     "must be from 0 to 255; only its low byte is kept");
        e->warned = true;
    }
    gk_put8(e->b, (uint32_t)v & 0xFF);
}

static void put_value(Entries *e, IrValue v, const SrcLoc *loc)
{
    int32_t num;
    if (!e->bytes) {
        gl_value(e->k, e->b, v, 4, loc);
        return;
    }
    if (!gl_number(e->k, v, &num)) {
        gl_report(e->k, loc, "entries of byte arrays and strings must be "
                  "numbers known now (an address is known only when the "
                  "story is written): use a '-->' or 'table' array");
        num = 0;
    }
    put_number(e, num, loc);
}

static void text_entries(Entries *e, const ProgArray *a)
{
    for (int i = 0; i < a->ntext; i++) {
        uint32_t u = a->text[i];
        if (u & 0x80000000u) u &= 0x7FFFFFFFu;     /* @@n: that character */
        if (e->bytes && u > 255) {
            gl_report(e->k, &a->text_loc, "this text holds a character "
                      "beyond Latin-1, which a byte array cannot hold: use "
                      "a '-->' or 'table' array");
            u = '?';
        }
        put_number(e, (int32_t)u, &a->text_loc);
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
        gk_zeros(e->b, (size_t)a->size * (e->bytes ? 1 : 4));
        break;
    case PAB_TEXT:
        text_entries(e, a);
        break;
    case PAB_VALUES:
        for (int i = 0; i < a->nvalues; i++) {
            if (a->ok[i]) put_value(e, a->values[i], &a->locs[i]);
            else {
                e->k->errors++;
                put_number(e, 0, &a->locs[i]);
            }
        }
        break;
    default: break;
    }
}

static void array(GLink *k, int id)
{
    const ProgArray *a = &k->prog->arrays[id];
    Entries e = { k, &k->area[a->is_static ? GA_STATIC : GA_ARRAYS],
                  a->kind == PA_BYTE || a->kind == PA_STRING ||
                  a->kind == PA_BUFFER, false };
    k->array_at[id] = (uint32_t)e.b->len;
    k->array_static[id] = a->is_static;
    if (a->body == PAB_NONE) return;
    int count = entry_count(a);
    if (a->kind == PA_STRING) {
        if (count > 255)
            gl_report(k, &a->loc, "a 'string' array holds at most 255 "
                      "entries: its first byte is the count; use 'buffer'");
        gk_put8(e.b, (uint32_t)count & 0xFF);
    } else if (a->kind == PA_TABLE || a->kind == PA_BUFFER) {
        gk_put32(e.b, (uint32_t)count);
    }
    entries(&e, a);
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
 * one (inform6's count; the front end checked $MAX_DYNAMIC_STRINGS);
 * each entry starts as "   ". */
void gl_dynstrings(GLink *k)
{
    int n = 0;
    for (int s = 0; s < k->ir->nstrings; s++) {
        const IrString *str = &k->ir->strings[s];
        for (int i = 0; i < str->len; i++) {
            uint32_t u = str->units[i];
            if ((u & 0xC0000000u) != 0x40000000u) continue;
            int d = (int)(u & 0x3FFFFFFFu);
            if (d + 1 > n) n = d + 1;
        }
    }
    k->ndynstr = n;
    GBlock *b = &k->area[GA_DYNSTR];
    gk_put32(b, (uint32_t)n);
    k->threespaces = gl_xstring(k, "   ");
    for (int i = 0; i < n; i++) gk_ref(b, GL_XSTRING, 4, k->threespaces, 0);
}
