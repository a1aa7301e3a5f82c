/* program_data.c: Global and Array directives into the program's globals
 * and arrays (program.h).
 *
 * Takes GLOBAL and ARRAY nodes in source order; gives each global its
 * initial value and each array its kind, static flag and entries (a
 * size, the characters of a text, or values), by the ids numbering gave
 * them. */
#include "program_int.h"

#include <stdlib.h>
#include <string.h>

#include "../compiler/text.h"

void pb_data_init(Builder *b)
{
    Program *p = b->p;
    p->nglobals = p->ir->nglobals;
    p->globals = arena_alloc(b->a, ((size_t)p->nglobals + 1) *
                                   sizeof *p->globals);
    p->narrays = p->ir->narrays;
    p->arrays = arena_alloc(b->a, ((size_t)p->narrays + 1) *
                                  sizeof *p->arrays);
}

static void global_value(Builder *b, ProgGlobal *g, const Symbol *s,
                         const Node *n);

/* A Global directive (each one, a global's repeats too: a later value
 * replaces a zero, as declare allowed). */
void pb_global(Builder *b, const Node *n)
{
    Symbol *s = pb_lookup(b, n->text);
    if (!s || s->kind != SYM_GLOBAL) return;
    if (s->flags & SYMF_BUILTIN) {
        if (s->value >= 0 && s->value < PROG_SYSTEM_GLOBALS)
            global_value(b, &b->p->system_globals[s->value], s, n);
        return;
    }
    if (s->ir_id < 0 || s->ir_id >= b->p->nglobals) return;
    global_value(b, &b->p->globals[s->ir_id], s, n);
    pb_step(b, PS_GLOBAL, s->ir_id);
}

static void global_value(Builder *b, ProgGlobal *g, const Symbol *s,
                         const Node *n)
{
    g->name = s->name;
    g->loc = n->loc;
    if (n->nkids && n->kids[0] && value_of(b->pools, n->kids[0], &g->value))
        g->has_value = true;
}

/* ---- arrays ---- */

/* The characters of `Array a -> "text"`: ^ and ~ are themselves here,
 * as in a character constant (inform6); `@@n` is IR_TEXT_RAW(n). */
static void text_entries(Builder *b, ProgArray *a, const Node *s)
{
    const char *raw = s->text ? s->text : "";
    size_t len = strlen(raw);
    a->text = arena_alloc(b->a, (len + 1) * sizeof *a->text);
    a->text_loc = s->loc;
    for (size_t pos = 0; pos < len;) {
        TextUnit u;
        pos = text_next(raw, len, pos, TEXT_CHAR, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_CHAR) continue;
        a->text[a->ntext++] = u.raw_code ? IR_TEXT_RAW(u.value) : u.value;
    }
}

static void size_entries(Builder *b, ProgArray *a, const Node *body)
{
    IrValue v;
    a->size = 0;
    if (!body->nkids || !value_of(b->pools, body->kids[0], &v) ||
        !program_number(v, &a->size) || a->size < 0) {
        diag_error(&body->loc, "the size of an array must be a number known "
                   "at this point");
        a->size = 0;
    }
}

static void value_entries(Builder *b, ProgArray *a, const Node *body)
{
    int n = 0;
    for (int i = 0; i < body->nkids; i++) n += body->kids[i] != NULL;
    a->values = arena_alloc(b->a, ((size_t)n + 1) * sizeof *a->values);
    a->ok = arena_alloc(b->a, ((size_t)n + 1) * sizeof *a->ok);
    a->locs = arena_alloc(b->a, ((size_t)n + 1) * sizeof *a->locs);
    for (int i = 0; i < body->nkids; i++) {
        const Node *e = body->kids[i];
        if (!e) continue;
        a->locs[a->nvalues] = e->loc;
        a->ok[a->nvalues] = value_of(b->pools, e, &a->values[a->nvalues]);
        a->nvalues++;
    }
}

static ProgArrayKind array_kind(int kind)
{
    switch (kind) {
    case ARRAY_BYTE: return PA_BYTE;
    case ARRAY_STRING: return PA_STRING;
    case ARRAY_TABLE: return PA_TABLE;
    case ARRAY_BUFFER: return PA_BUFFER;
    default: return PA_WORD;
    }
}

void pb_array(Builder *b, const Node *n)
{
    Symbol *s = pb_lookup(b, n->text);
    if (!s || s->kind != SYM_ARRAY || s->ir_id < 0 || s->ir_id >= b->p->narrays)
        return;
    ProgArray *a = &b->p->arrays[s->ir_id];
    a->name = s->name;
    a->loc = n->loc;
    a->kind = array_kind((int)(n->num & ARRAY_KIND_MASK));
    a->is_static = (n->num & ARRAY_STATIC) != 0;
    pb_step(b, PS_ARRAY, s->ir_id);
    const Node *body = n->nkids ? n->kids[0] : NULL;
    if (!body) return;
    switch (body->kind) {
    case NODE_ARRAY_SIZE:
        a->body = PAB_SIZE;
        size_entries(b, a, body);
        /* given to the text library: the same words as a text value */
        if ((s->flags & SYMF_TEXT_ARRAY) && a->kind == PA_WORD && a->size >= 2) {
            a->kind = PA_TABLE;
            a->size--;
        }
        break;
    case NODE_ARRAY_TEXT:
        a->body = PAB_TEXT;
        if (body->nkids && body->kids[0]) text_entries(b, a, body->kids[0]);
        break;
    default:
        a->body = PAB_VALUES;
        value_entries(b, a, body);
        break;
    }
}
