/* gobjects.c: the program's objects and classes as Glulx objects.
 *
 * Takes the Program's objects (program_objects.h: attributes, tree links
 * and property lists already resolved) and property defaults; gives, in
 * inform6's formats:
 *   GA_OBJECTS  one record per object in number order: type byte $70,
 *               $NUM_ATTR_BYTES of attributes (attribute n is bit n%8,
 *               from the lowest, of byte n/8; a class's are zero), then
 *               the chain (next object), short name, property table,
 *               parent, sibling and child, and $GLULX_OBJECT_EXT_BYTES
 *               zeros;
 *   GA_PROPS    each object's property table: a class's inheritable
 *               attributes before it; a count, one 10-byte entry per
 *               property sorted by number (number, length in words, data
 *               address, flags: 1 = private), then the data;
 *   GA_CPV      the common properties' defaults, 0 to the last declared;
 *   GA_CLASSES  each class's object address, then 0. */
#include "glink.h"

#include <stdlib.h>

/* The Program keeps attribute a as bit 0x80 >> a%8; Glulx as 1 << a%8. */
static void attr_bytes(GLink *k, GBlock *b, const ProgObject *ob, bool zero)
{
    for (int i = 0; i < k->attr_bytes; i++) {
        unsigned in = i < PROG_ATTR_BYTES && !zero ? ob->attrs[i] : 0, out = 0;
        for (int bit = 0; bit < 8; bit++)
            if (in & (0x80u >> bit)) out |= 1u << bit;
        gk_put8(b, out);
    }
}

static void object_ref(GBlock *b, int n)
{
    if (n > 0) gk_ref(b, GR_OBJECT, 4, (uint32_t)n, 0);
    else gk_put32(b, 0);
}

static int by_num(const void *a, const void *b)
{
    const ProgProp *x = *(const ProgProp *const *)a;
    const ProgProp *y = *(const ProgProp *const *)b;
    return (x->num > y->num) - (x->num < y->num);
}

/* The property table of `ob`, at the end of GA_PROPS; its offset. */
static uint32_t prop_table(GLink *k, const ProgObject *ob)
{
    GBlock *b = &k->area[GA_PROPS];
    if (ob->is_class) attr_bytes(k, b, ob, false);
    uint32_t table = (uint32_t)b->len;
    int n = ob->common.n + ob->indiv.n;
    const ProgProp **props = xmalloc(((size_t)n + 1) * sizeof *props);
    for (int i = 0; i < ob->common.n; i++) props[i] = &ob->common.items[i];
    for (int i = 0; i < ob->indiv.n; i++)
        props[ob->common.n + i] = &ob->indiv.items[i];
    qsort(props, (size_t)n, sizeof *props, by_num);
    gk_put32(b, (uint32_t)n);
    uint32_t data = table + 4 + 10 * (uint32_t)n;
    for (int i = 0; i < n; i++) {
        gk_put16(b, (uint32_t)props[i]->num);
        gk_put16(b, (uint32_t)props[i]->n);
        gk_ref(b, GL_AREA, 4, GA_PROPS, (int32_t)data);
        gk_put16(b, props[i]->private_ ? 1 : 0);
        data += 4 * (uint32_t)props[i]->n;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < props[i]->n; j++) {
            IrValue v = props[i]->v[j];
            /* the class list holds object numbers: addresses here */
            if (props[i]->num == PROP_CLASSES && v.ref == IRR_NONE)
                v = ir_ref(IRR_OBJECT, (uint32_t)v.num, 0);
            gl_value(k, b, v, 4, &ob->loc);
        }
    free(props);
    return table;
}

static void record(GLink *k, int num, const ProgObject *ob, uint32_t props)
{
    GBlock *b = &k->area[GA_OBJECTS];
    const ProgObjects *o = &k->prog->objects;
    gk_put8(b, 0x70);
    attr_bytes(k, b, ob, ob->is_class);
    object_ref(b, num < o->nobjs ? num + 1 : 0);      /* the chain */
    if (ob->short_string >= 0)
        gk_ref(b, GR_STRING, 4, (uint32_t)ob->short_string, 0);
    else
        gk_ref(b, GL_XSTRING, 4,
               gl_xstring(k, ob->short_text ? ob->short_text : "?"), 0);
    gk_ref(b, GL_AREA, 4, GA_PROPS, (int32_t)props);
    object_ref(b, ob->parent);
    object_ref(b, ob->sibling);
    object_ref(b, ob->child);
    gk_zeros(b, (size_t)k->obj_ext);
}

/* Common properties declared: 0 up to the highest named (at least the
 * three the compiler has), as inform6 counts no_properties. */
static int common_count(GLink *k)
{
    int n = 4;
    for (int i = 0; i < k->prog->nnames; i++) {
        const ProgName *pn = &k->prog->names[i];
        if (pn->kind == PN_PROPERTY && pn->value < k->indiv_start &&
            pn->value + 1 > n)
            n = pn->value + 1;
    }
    return n;
}

void gl_objects(GLink *k)
{
    const ProgObjects *o = &k->prog->objects;
    for (int n = 1; n <= o->nobjs; n++) {
        const ProgObject *ob = pobj_get(o, n);
        record(k, n, ob, prop_table(k, ob));
    }
    GBlock *cpv = &k->area[GA_CPV];
    k->ncommon = common_count(k);
    for (int p = 0; p < k->ncommon; p++) {
        if (p <= PROG_MAX_COMMON)
            gl_value(k, cpv, o->defaults[p], 4, NULL);
        else
            gk_put32(cpv, 0);
    }
    GBlock *cl = &k->area[GA_CLASSES];
    for (int i = 0; i < o->nclasses; i++) object_ref(cl, o->class_objs[i]);
    gk_put32(cl, 0);
}
