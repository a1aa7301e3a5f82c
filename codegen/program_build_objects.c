/* program_build_objects.c: Property, Object (and Nearby, `->`, class
 * instances) and Class directives into the program's objects
 * (program_objects.h).
 *
 * Takes the directive nodes in source order; gives property defaults and
 * additive flags, then per object its short name, parent (from the `->`
 * arrows or the parent expression), the classes, attributes and property
 * values of its segments in source order, and for `Class C(n)` the n+1
 * spare instances C_1 ... */
#include "program_int.h"

#include "../compiler/declare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void report_pobj(Builder *b, const SrcLoc *loc)
{
    ProgObjects *o = &b->p->objects;
    pb_report(loc, pobj_error(o), pobj_error_is_warning(o));
}

void pb_property(Builder *b, const Node *n)
{
    bool alias = n->nkids > 1 && n->kids[1];
    if (alias || (n->num & PROPF_INDIVIDUAL)) return;
    Symbol *s = pb_lookup(b, n->text);
    if (!s || s->kind != SYM_PROPERTY) return;
    int prop = (int)s->value;
    if (n->num & PROPF_ADDITIVE) pobj_prop_additive(&b->p->objects, prop);
    IrValue v;
    if (n->nkids && n->kids[0] && value_of(b->pools, n->kids[0], &v)) {
        pobj_prop_default(&b->p->objects, prop, v);
        pb_step(b, PS_PROPERTY, prop);
    }
}

/* ---- segments ---- */

static void inherit(Builder *b, const Node *name)
{
    Symbol *s = pb_lookup(b, name->text);
    if (!s || s->kind != SYM_CLASS) return;      /* declare reported it */
    /* The metaclasses are the compiler's own: their number is their value. */
    int number = (s->flags & SYMF_BUILTIN) ? (int)s->value : s->ir_id;
    if (!pobj_inherit(&b->p->objects, number)) report_pobj(b, &name->loc);
}

static void prop_def(Builder *b, const Node *p, bool private_)
{
    Symbol *s = pb_lookup(b, p->text);
    if (!s || (s->kind != SYM_PROPERTY && s->kind != SYM_INDIV_PROPERTY))
        return;                                  /* declare reported it */
    bool common = s->kind == SYM_PROPERTY;
    int id = (int)s->value;
    IrValue stack[PROP_MAX_VALUES + 1];
    IrValue *vals = p->nkids <= PROP_MAX_VALUES + 1
        ? stack : xmalloc((size_t)p->nkids * sizeof *vals);
    int n = 0;
    for (int i = 0; i < p->nkids; i++) {
        const Node *item = p->kids[i];
        if (!item) continue;
        /* A `name` item is a dictionary word, even in double quotes. */
        if (common && id == PROP_NAME &&
            (item->kind == NODE_DICT_WORD || item->kind == NODE_STRING))
            vals[n++] = ir_ref(IRR_DICT,
                               (uint32_t)pools_dict_word(b->pools, item), 0);
        else if (value_of(b->pools, item, &vals[n]))
            n++;
    }
    ProgObjects *o = &b->p->objects;
    bool ok = common ? pobj_prop(o, id, vals, n)
                     : pobj_indiv(o, id, private_, vals, n);
    if (!ok || pobj_error(o)) report_pobj(b, &p->loc);
    if (vals != stack) free(vals);
}

static void attributes(Builder *b, const Node *seg)
{
    for (int i = 0; i < seg->nkids; i++) {
        const Node *a = seg->kids[i];
        Symbol *s = a ? pb_lookup(b, a->text) : NULL;
        if (!s || s->kind != SYM_ATTRIBUTE) continue;
        if (!pobj_attr(&b->p->objects, (int)s->value, a->num == 0))
            report_pobj(b, &a->loc);
    }
}

static void segments(Builder *b, const Node *n)
{
    for (int i = 3; i < n->nkids; i++) {
        const Node *seg = n->kids[i];
        if (!seg) continue;
        switch (seg->kind) {
        case NODE_WITH:
        case NODE_PRIVATE:
            for (int k = 0; k < seg->nkids; k++)
                if (seg->kids[k])
                    prop_def(b, seg->kids[k], seg->kind == NODE_PRIVATE);
            break;
        case NODE_HAS: attributes(b, seg); break;
        case NODE_CLASSES:
            for (int k = 0; k < seg->nkids; k++)
                if (seg->kids[k]) inherit(b, seg->kids[k]);
            break;
        default: break;
        }
    }
}

/* ---- short names ---- */

/* The quoted name; else "(Name)", or "(N)" for an object with no name,
 * as inform6 makes them.  A class is called by its name. */
static void short_name(Builder *b, const Node *n, ProgObject *ob, int number)
{
    const Node *q = n->kind == NODE_OBJECT && n->nkids > 1 ? n->kids[1] : NULL;
    if (q && q->kind == NODE_STRING) {
        ob->short_string = pools_string(b->pools, q);
        return;
    }
    if (n->kind == NODE_CLASS) {
        ob->short_text = n->text ? n->text : "";
        return;
    }
    char buf[32];
    if (n->text) {
        ob->short_text = arena_strcat(b->a, arena_strcat(b->a, "(", n->text),
                                      ")");
        return;
    }
    snprintf(buf, sizeof buf, "(%d)", number);
    ob->short_text = arena_strdup(b->a, buf);
}

/* ---- objects and classes ---- */

/* The parent of an object: for `->` arrows, the object declare found
 * for them (compiler/declare.h: the tree is placed there once, in source
 * order); else the one named, 0 for none. */
static int parent_of(Builder *b, const Node *n)
{
    int e = decl_object_entry(b->c, n);
    int up = e >= 0 ? b->c->declare->objects[e].parent : -1;
    if (up >= 0) return b->entry_number[up];
    const Node *p = n->nkids > 2 ? n->kids[2] : NULL;
    IrValue v;
    int32_t num;
    if (n->num || !p || !value_of(b->pools, p, &v)) return 0;
    if (!program_number(v, &num) || num < 0) {
        diag_error(&p->loc, "the parent must be an object");
        return 0;
    }
    return num;
}

/* Starts object number o->nobjs + 1 with its name and place. */
static ProgObject *begin(Builder *b, const Node *n, bool is_class, int parent)
{
    ProgObjects *o = &b->p->objects;
    pobj_begin(o, is_class, parent);
    ProgObject *ob = pobj_current(o);
    ob->name = n->text;
    ob->loc = n->loc;
    return ob;
}

/* An error a segment met was reported at its line: only the end's own
 * (an inherited list too long) is reported at the object's name. */
static void end(Builder *b, const Node *n, int number)
{
    bool told = b->p->objects.failed;
    if (pobj_end(&b->p->objects) < 0 && !told) report_pobj(b, &n->loc);
    pb_step(b, PS_OBJECT, number);
}

void pb_object(Builder *b, const Node *n, int index)
{
    (void)index;
    int number = b->p->objects.nobjs + 1;
    int parent = parent_of(b, n);
    int e = decl_object_entry(b->c, n);
    if (e >= 0) b->entry_number[e] = number;
    ProgObject *ob = begin(b, n, false, parent);
    short_name(b, n, ob, number);
    if (n->nkids && n->kids[0]) inherit(b, n->kids[0]);
    segments(b, n);
    end(b, n, number);
}

/* `Class C(n)`: n+1 spare instances for C.create(), children of C. */
static void duplicates(Builder *b, const Node *n, int cls, int count)
{
    for (int k = 1; k <= count; k++) {
        char num[16];
        snprintf(num, sizeof num, "_%d", k);
        int number = b->p->objects.nobjs + 1;
        ProgObject *ob = begin(b, n, false, cls);
        ob->name = NULL;
        ob->short_text = arena_strcat(b->a, n->text ? n->text : "", num);
        pobj_inherit(&b->p->objects, cls);
        end(b, n, number);
    }
}

void pb_class(Builder *b, const Node *n, int index)
{
    int number = b->p->objects.nobjs + 1;
    ProgObject *ob = begin(b, n, true, 0);
    short_name(b, n, ob, number);
    segments(b, n);
    end(b, n, number);
    duplicates(b, n, number, b->dups[index]);
}
