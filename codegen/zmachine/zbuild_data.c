/* zbuild_data.c: Global initial values and Array directives.
 *
 * Takes GLOBAL and ARRAY nodes in source order; gives the 240-word
 * globals block (user global k is variable 16 + k) and the array blocks:
 * dynamic arrays in declaration order, static ones apart (they go after
 * the dictionary), each array's offset kept by array id for the linker.
 * Entry values come from lower_value; byte entries must be numbers known
 * now, as in inform6. */
#include "zbuild.h"

#include <stdlib.h>
#include <string.h>

#include "../../compiler/text.h"
#include "select.h"

enum { MAX_USER_GLOBALS = 233 };   /* 16..248; the top seven are the system's */

void zbd_global(ZBuild *b, const Node *n)
{
    Symbol *s = sym_lookup(b->c->symbols, n->text);
    if (!s || s->kind != SYM_GLOBAL || (s->flags & SYMF_BUILTIN)) return;
    if (s->ir_id >= MAX_USER_GLOBALS) {
        if (s->ir_id == MAX_USER_GLOBALS)
            zbd_report(b, &n->loc, "too many global variables: the Z-machine "
                       "has room for 233 (use arrays for the rest)", false);
        return;
    }
    if (s->ir_id < 0 || !n->nkids || !n->kids[0]) return;
    ZOperand v;
    if (!zbd_value(b, n->kids[0], &v)) return;
    size_t at = 2 * (size_t)(zsel_global_var(s->ir_id) - 16);
    if (v.kind == ZO_RELOC) {
        zb_set16(&b->globals.b, at, 0);
        zblk_reloc_at(&b->globals, at, (ZRelocKind)v.reloc, v.target,
                      v.addend);
    } else {
        zb_set16(&b->globals.b, at, v.value);
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

static void put_value(Entries *e, const Node *expr)
{
    IrValue v;
    int32_t num;
    if (!lower_value(e->b->l, expr, &v)) {
        e->b->errors++;
        put_number(e, 0, &expr->loc);
        return;
    }
    if (!e->bytes) {
        zblk_operand(e->k, zbd_operand(e->b, v));
        return;
    }
    if (!zbd_number(e->b, v, &num)) {
        zbd_report(e->b, &expr->loc, "entries of byte arrays and strings "
                   "must be numbers known now (an address is known only "
                   "when the story is written): use a '-->' or 'table' "
                   "array", false);
        num = 0;
    }
    put_number(e, num, &expr->loc);
}

/* The characters of `Array a -> "text"`: ^ and ~ are themselves here,
 * as in a character constant (inform6). */
static int text_entries(Entries *e, const Node *s, bool count_only)
{
    const char *raw = s->text ? s->text : "";
    size_t len = strlen(raw);
    int n = 0;
    for (size_t pos = 0; pos < len;) {
        TextUnit u;
        pos = text_next(raw, len, pos, TEXT_CHAR, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_CHAR) continue;
        n++;
        if (count_only) continue;
        int z = u.raw_code ? (int)u.value : zbd_zscii(e->b, u.value);
        if (z < 0) {
            zbd_report(e->b, &s->loc, "this text holds a character that the "
                       "story's character set does not have; declare it with "
                       "'Zcharacter table'", false);
            z = '?';
        }
        put_number(e, z, &s->loc);
    }
    return n;
}

static int entry_count(Entries *e, const Node *body, int32_t *size)
{
    switch (body->kind) {
    case NODE_ARRAY_SIZE: {
        IrValue v;
        *size = 0;
        if (!body->nkids || !lower_value(e->b->l, body->kids[0], &v) ||
            !zbd_number(e->b, v, size) || *size < 0) {
            zbd_report(e->b, &body->loc, "the size of an array must be a "
                       "number known at this point", false);
            *size = 0;
        }
        return (int)*size;
    }
    case NODE_ARRAY_TEXT:
        return body->nkids && body->kids[0]
            ? text_entries(e, body->kids[0], true) : 0;
    default: {
        int n = 0;
        for (int i = 0; i < body->nkids; i++) n += body->kids[i] != NULL;
        return n;
    }
    }
}

static void entries(Entries *e, const Node *body, int32_t size)
{
    switch (body->kind) {
    case NODE_ARRAY_SIZE:
        zb_zeros(&e->k->b, (size_t)size * (e->bytes ? 1 : 2));
        break;
    case NODE_ARRAY_TEXT:
        if (body->nkids && body->kids[0])
            text_entries(e, body->kids[0], false);
        break;
    default:
        for (int i = 0; i < body->nkids; i++)
            if (body->kids[i]) put_value(e, body->kids[i]);
        break;
    }
}

void zbd_array(ZBuild *b, const Node *n)
{
    Symbol *s = sym_lookup(b->c->symbols, n->text);
    if (!s || s->kind != SYM_ARRAY || s->ir_id < 0 || s->ir_id >= b->narrays)
        return;
    bool is_static = (n->num & ARRAY_STATIC) != 0;
    int kind = (int)(n->num & ARRAY_KIND_MASK);
    Entries e = { b, is_static ? &b->static_arrays : &b->arrays,
                  kind == ARRAY_BYTE || kind == ARRAY_STRING ||
                  kind == ARRAY_BUFFER, false };
    b->array_at[s->ir_id] = (uint32_t)e.k->b.len;
    b->array_static[s->ir_id] = is_static;
    zi_array(b->ids, s->name);
    const Node *body = n->nkids ? n->kids[0] : NULL;
    if (!body) return;
    int32_t size = 0;
    int count = entry_count(&e, body, &size);
    if (kind == ARRAY_STRING) {
        if (count > 255)
            zbd_report(b, &n->loc, "a 'string' array holds at most 255 "
                       "entries: its first byte is the count; use 'buffer'",
                       false);
        zb_put8(&e.k->b, (unsigned)count & 0xFF);
    } else if (kind == ARRAY_TABLE || kind == ARRAY_BUFFER) {
        zb_put16(&e.k->b, (unsigned)count & 0xFFFF);
    }
    entries(&e, body, size);
}
