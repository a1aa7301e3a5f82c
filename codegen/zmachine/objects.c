/* objects.c: the program's objects as Z-machine object entries.
 *
 * Takes each object of the program (inheritance already resolved) with
 * its Z-encoded short name; gives, per object, the attributes, tree links
 * and property lists (values as ZOperands, property 3 added) that
 * properties.c writes out, after checking the Z-machine's limits. */
#include "objects_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_PROP_ENTRIES = 64,    /* inform6: "More than 64 property entries" */
    MAX_CLASSES = 256,        /* the :: encoding keeps 8 bits of class */
    MAX_CLASS_INDIVS = 128,   /* the veneer's limit per class */
};

static void fail(ZObjects *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void fail(ZObjects *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->err, sizeof o->err, fmt, ap);
    va_end(ap);
}

ZObjects *zo_new(int version, Arena *arena)
{
    ZObjects *o = xcalloc(1, sizeof *o);
    o->arena = arena ? arena : &o->own;
    o->version = version;
    for (int i = 0; i < 64; i++) o->defaults[i] = zm_const(0);
    return o;
}

ProgLimits zo_limits(int version)
{
    return (ProgLimits){ .max_common_property = zo_max_common(version),
                         .attributes = version <= 3 ? 32 : 48,
                         .max_values = version <= 3 ? 4 : ZO_MAX_VALUES };
}

void zo_free(ZObjects *o)
{
    if (!o) return;
    arena_release(&o->own);
    free(o->objs);
    free(o->class_objs);
    free(o);
}

void zo_prop_default(ZObjects *o, int prop, ZOperand value)
{
    if (prop > 1 && prop <= zo_max_common(o->version))
        o->defaults[prop] = value;
}

const char *zo_error(const ZObjects *o) { return o->err[0] ? o->err : NULL; }
int zo_count(const ZObjects *o) { return o->nobjs; }
int zo_class_count(const ZObjects *o) { return o->nclasses; }

int zo_class_object(const ZObjects *o, int k)
{
    return k >= 0 && k < o->nclasses ? o->class_objs[k] : 0;
}

/* The properties of a list, their values made ZOperands; `indiv`: with
 * the private bit in the number. */
static void take_props(ZObjects *o, ZOPropList *out, const ProgPropList *in,
                       bool indiv, ZOValueFn value, void *ctx)
{
    out->items = arena_alloc(o->arena, (size_t)(in->n + 1) *
                                        sizeof *out->items);
    for (int i = 0; i < in->n; i++) {
        const ProgProp *p = &in->items[i];
        ZOProp *z = &out->items[out->n++];
        z->num = (uint16_t)(p->num | (indiv && p->private_ ? ZO_PRIVATE : 0));
        z->n = p->n;
        z->v = arena_alloc(o->arena, (size_t)p->n * sizeof *z->v);
        for (int j = 0; j < p->n; j++) z->v[j] = value(ctx, p->v[j]);
    }
}

/* The Z-machine's limits on one object (its number `num`). */
static bool check(ZObjects *o, const ZOObj *ob, int num)
{
    if (ob->common.n > MAX_PROP_ENTRIES)
        fail(o, "more than %d property entries in one object",
             MAX_PROP_ENTRIES);
    else if (ob->is_class && o->nclasses > MAX_CLASSES)
        fail(o, "too many classes: at most %d are possible", MAX_CLASSES);
    else if (ob->is_class && ob->indiv.n >= MAX_CLASS_INDIVS)
        fail(o, "this class is too complex: it now carries too many "
             "properties (declare some of them as common properties with "
             "'Property')");
    else if (o->version <= 3 && num > 255)
        fail(o, "version 3 allows at most 255 objects");
    else if (num > 65535)
        fail(o, "too many objects");
    else
        return true;
    return false;
}

int zo_object(ZObjects *o, const ProgObject *ob, const uint8_t *name,
              size_t len, ZOValueFn value, void *ctx)
{
    VEC_RESERVE(NULL, o->objs, o->nobjs, o->objs_cap, o->nobjs + 1);
    ZOObj *z = &o->objs[o->nobjs++];
    memset(z, 0, sizeof *z);
    o->err[0] = 0;
    z->is_class = ob->is_class;
    memcpy(z->attrs, ob->attrs, sizeof z->attrs);
    z->parent = ob->parent;
    z->sibling = ob->sibling;
    z->child = ob->child;
    z->name = (uint8_t *)arena_alloc_text(o->arena, len);
    if (len) memcpy(z->name, name, len);
    z->name_len = len;
    take_props(o, &z->common, &ob->common, false, value, ctx);
    take_props(o, &z->indiv, &ob->indiv, true, value, ctx);
    if (z->indiv.n) {
        ZOProp *p3 = &z->common.items[z->common.n++];
        *p3 = (ZOProp){ ZO_PROP_INDIV, 1,
                        arena_alloc(o->arena, sizeof *p3->v) };
    }
    if (ob->is_class)
        VEC_PUSH(NULL, o->class_objs, o->nclasses, o->class_cap, o->nobjs);
    return check(o, z, o->nobjs) ? o->nobjs : -1;
}
