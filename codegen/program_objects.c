/* program_objects.c: object and class definitions and inform6's
 * inheritance rules (program_objects.h).
 *
 * Takes the segments of each Object/Class definition in source order;
 * gives, per object, the final attributes, tree links and property lists
 * (IrValues) that every target encodes. */
#include "program_objects.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../compiler/arena.h"

static void fail(ProgObjects *o, bool warning, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(ProgObjects *o, bool warning, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->err, sizeof o->err, fmt, ap);
    va_end(ap);
    o->err_warning = warning;
    if (!warning) o->failed = true;
}

void pobj_init(ProgObjects *o, const ProgLimits *lim, Arena *arena)
{
    memset(o, 0, sizeof *o);
    o->arena = arena ? arena : &o->own;
    o->lim = *lim;
    if (o->lim.max_common_property > PROG_MAX_COMMON)
        o->lim.max_common_property = PROG_MAX_COMMON;
    if (o->lim.attributes > 8 * PROG_ATTR_BYTES)
        o->lim.attributes = 8 * PROG_ATTR_BYTES;
    if (o->lim.most_values < 1) o->lim.most_values = PROP_MAX_VALUES;
    if (o->lim.max_values > o->lim.most_values || o->lim.max_values < 1)
        o->lim.max_values = o->lim.most_values;
    if (o->lim.most_inherited < 1) o->lim.most_inherited = o->lim.max_values;
    for (int i = 0; i <= PROG_MAX_COMMON; i++) o->defaults[i] = ir_num(0);
    o->additive[PROP_NAME] = o->additive[PROP_CLASSES] = true;
}

void pobj_free(ProgObjects *o)
{
    if (o->open) free(o->objs[o->nobjs - 1].common.items),
                 free(o->objs[o->nobjs - 1].indiv.items);
    else free(o->spare[0].items), free(o->spare[1].items);
    for (int i = 0; i < o->nobjs; i++) free(o->objs[i].classes);
    arena_release(&o->own);
    free(o->objs);
    free(o->class_objs);
    memset(o, 0, sizeof *o);
}

void pobj_prop_default(ProgObjects *o, int prop, IrValue value)
{
    if (prop > 1 && prop <= o->lim.max_common_property)
        o->defaults[prop] = value;
}

void pobj_prop_additive(ProgObjects *o, int prop)
{
    if (prop > 0 && prop <= o->lim.max_common_property)
        o->additive[prop] = true;
}

const char *pobj_error(const ProgObjects *o) { return o->err[0] ? o->err : NULL; }
bool pobj_error_is_warning(const ProgObjects *o) { return o->err_warning; }

const ProgObject *pobj_get(const ProgObjects *o, int k)
{
    return k >= 1 && k <= o->nobjs ? &o->objs[k - 1] : NULL;
}

bool pobj_has_attr(const ProgObject *ob, int attr)
{
    return attr >= 0 && attr < 8 * PROG_ATTR_BYTES &&
           (ob->attrs[attr / 8] & (0x80 >> (attr % 8)));
}

ProgObject *pobj_current(ProgObjects *o)
{
    return o->nobjs ? &o->objs[o->nobjs - 1] : NULL;
}

static ProgObject *cur(ProgObjects *o) { return &o->objs[o->nobjs - 1]; }

/* Segment items belong between pobj_begin and pobj_end. */
static bool open_or_fail(ProgObjects *o)
{
    if (o->open) return true;
    fail(o, false, "a property, attribute or class outside an object "
         "definition");
    return false;
}

/* Appends property `num` with n values (copied, in the objects' arena)
 * to a list of the open object (grown in its spare memory: settle). */
static ProgProp *add_prop(ProgObjects *o, ProgPropList *l, int num,
                          bool private_, const IrValue *v, int n)
{
    VEC_RESERVE(NULL, l->items, l->n, l->cap, l->n + 1);
    ProgProp *p = &l->items[l->n++];
    p->num = num;
    p->private_ = private_;
    p->n = n;
    p->v = arena_alloc(o->arena, (size_t)n * sizeof *p->v);
    if (n) memcpy(p->v, v, (size_t)n * sizeof *v);
    return p;
}

static ProgProp *find_prop(ProgPropList *l, int num)
{
    for (int i = 0; i < l->n; i++)
        if (l->items[i].num == num) return &l->items[i];
    return NULL;
}

/* The open object's property lists moved to the arena at their exact
 * size, their memory kept for the next object's: a list grown in the
 * arena took room for 16 properties at the least, most of it unused
 * (0.4 MB of a 600-object program's arena), and left each outgrown copy
 * behind. */
static void settle_list(ProgObjects *o, ProgPropList *l, ProgPropList *spare)
{
    *spare = (ProgPropList){ l->items, 0, l->cap };
    ProgProp *items = NULL;
    if (l->n) {
        items = arena_alloc(o->arena, (size_t)l->n * sizeof *items);
        memcpy(items, l->items, (size_t)l->n * sizeof *items);
    }
    l->items = items;
    l->cap = l->n;
}

static void settle(ProgObjects *o, ProgObject *ob)
{
    settle_list(o, &ob->common, &o->spare[0]);
    settle_list(o, &ob->indiv, &o->spare[1]);
    o->open = false;
}

void pobj_begin(ProgObjects *o, bool is_class, int parent)
{
    if (o->open) settle(o, cur(o));     /* (one never ended) */
    VEC_RESERVE(NULL, o->objs, o->nobjs, o->objs_cap, o->nobjs + 1);
    ProgObject *ob = &o->objs[o->nobjs++];
    memset(ob, 0, sizeof *ob);
    ob->common = (ProgPropList){ o->spare[0].items, 0, o->spare[0].cap };
    ob->indiv = (ProgPropList){ o->spare[1].items, 0, o->spare[1].cap };
    ob->is_class = is_class;
    ob->short_string = -1;
    ob->parent = parent;
    o->open = true;
    o->failed = false;
    o->err[0] = 0;
    if (!is_class) return;
    /* Classes are children of Class, and each starts with property 2
     * holding its own number, which instances then accumulate. */
    ob->parent = o->nclasses >= 4 ? 1 : 0;
    VEC_PUSH(NULL, o->class_objs, o->nclasses, o->class_cap, o->nobjs);
    IrValue self = ir_num(o->nobjs);
    add_prop(o, &ob->common, PROP_CLASSES, false, &self, 1);
}

void pobj_add_metaclasses(ProgObjects *o)
{
    static const char *const names[4] = { "Class", "Object", "Routine",
                                          "String" };
    for (int i = 0; i < 4; i++) {
        pobj_begin(o, true, 0);
        cur(o)->metaclass = true;
        cur(o)->name = cur(o)->short_text = names[i];
        pobj_end(o);
    }
}

static int class_number(const ProgObjects *o, int obj)
{
    for (int k = 0; k < o->nclasses; k++)
        if (o->class_objs[k] == obj) return k;
    return -1;
}

bool pobj_inherit(ProgObjects *o, int class_obj)
{
    if (!open_or_fail(o)) return false;
    int k = class_number(o, class_obj);
    if (k < 0 || class_obj == o->nobjs) {
        fail(o, false, "object %d is not a class", class_obj);
        return false;
    }
    ProgObject *ob = cur(o);
    for (int i = 0; i < PROG_ATTR_BYTES; i++)
        ob->attrs[i] |= o->objs[class_obj - 1].attrs[i];
    VEC_PUSH(NULL, ob->classes, ob->nclasses, ob->classes_cap, k);
    return true;
}

bool pobj_attr(ProgObjects *o, int attr, bool on)
{
    if (!open_or_fail(o)) return false;
    if (attr < 0 || attr >= o->lim.attributes) {
        fail(o, false, "attribute %d does not exist: this story has %d",
             attr, o->lim.attributes);
        return false;
    }
    uint8_t bit = (uint8_t)(0x80 >> (attr % 8));
    if (on) cur(o)->attrs[attr / 8] |= bit;
    else cur(o)->attrs[attr / 8] &= (uint8_t)~bit;
    return true;
}

/* A property given no values holds one zero word. */
static const IrValue zero_value[1] = { { .ref = IRR_NONE } };

/* Too many values: false when the property cannot be kept at all. */
static bool too_many(ProgObjects *o, int n)
{
    if (n <= o->lim.most_values) return false;
    fail(o, false, "Limit (of %d values) exceeded for property: "
         "split the list, or keep it in an array",
         o->lim.most_values);
    return true;
}

bool pobj_prop(ProgObjects *o, int prop, const IrValue *values, int n)
{
    if (!open_or_fail(o)) return false;
    if (prop < 1 || prop > o->lim.max_common_property ||
        prop == PROP_CLASSES || prop == PROP_RESERVED) {
        fail(o, false, "property %d is not a common property", prop);
        return false;
    }
    if (find_prop(&cur(o)->common, prop)) {
        fail(o, false, "property %d given twice in the same declaration",
             prop);
        return false;
    }
    if (too_many(o, n)) return false;
    if (n == 0) values = zero_value, n = 1;
    bool cut = n > o->lim.max_values;
    add_prop(o, &cur(o)->common, prop, false, values,
             cut ? o->lim.max_values : n);
    if (cut) {
        /* (inform6 6.41 cut the list with a warning; 6.45's error) */
        fail(o, false, "Limit (of %d values) exceeded for property: a "
             "version 3 property holds %d (use -v5 to get 32)",
             o->lim.max_values, o->lim.max_values);
        return false;
    }
    o->err[0] = 0;
    return true;
}

bool pobj_indiv(ProgObjects *o, int id, bool private_, const IrValue *values,
                int n)
{
    if (!open_or_fail(o)) return false;
    ProgObject *ob = cur(o);
    if (id < 64 || id >= 0x8000) {
        fail(o, false, "%d is not an individual property", id);
        return false;
    }
    if (find_prop(&ob->indiv, id)) {
        fail(o, false, "property %d given twice in the same declaration", id);
        return false;
    }
    if (too_many(o, n)) return false;
    if (n == 0) values = zero_value, n = 1;
    add_prop(o, &ob->indiv, id, private_, values, n);
    o->err[0] = 0;
    return true;
}

/* Adds the class's individual properties that the object lacks (the
 * same identifier counts as present, private or not, as in inform6). */
static void merge_indivs(ProgObjects *o, ProgObject *ob, const ProgObject *cls)
{
    for (int i = 0; i < cls->indiv.n; i++) {
        const ProgProp *e = &cls->indiv.items[i];
        if (!find_prop(&ob->indiv, e->num))
            add_prop(o, &ob->indiv, e->num, e->private_, e->v, e->n);
    }
}

/* The class's common properties into the object: those it lacks copied,
 * additive ones it has extended. */
static void inherit_from(ProgObjects *o, const ProgObject *cls)
{
    ProgObject *ob = cur(o);
    for (int k = 0; k < cls->common.n; k++) {
        const ProgProp *cp = &cls->common.items[k];
        ProgProp *p = find_prop(&ob->common, cp->num);
        if (!p) {
            add_prop(o, &ob->common, cp->num, false, cp->v, cp->n);
            continue;
        }
        if (!o->additive[cp->num]) continue;
        int keep = cp->n;
        int most = o->lim.most_inherited;
        if (p->n + keep > most) {
            fail(o, false, "An additive property has inherited so many "
                 "values that the list has overflowed the maximum %d "
                 "entries", most);
            keep = most - p->n > 0 ? most - p->n : 0;
        }
        IrValue *v = arena_alloc(o->arena,
                                 (size_t)(p->n + keep) * sizeof *v);
        memcpy(v, p->v, (size_t)p->n * sizeof *v);
        memcpy(v + p->n, cp->v, (size_t)keep * sizeof *cp->v);
        p->v = v;
        p->n += keep;
    }
    merge_indivs(o, ob, cls);
}

/* Links object `num` as the last child of its parent. */
static void link_child(ProgObjects *o, int num)
{
    int parent = o->objs[num - 1].parent;
    if (parent <= 0 || parent > o->nobjs) return;
    ProgObject *p = &o->objs[parent - 1];
    if (!p->child) {
        p->child = num;
        return;
    }
    int c = p->child;
    while (o->objs[c - 1].sibling) c = o->objs[c - 1].sibling;
    o->objs[c - 1].sibling = num;
}

int pobj_end(ProgObjects *o)
{
    if (!open_or_fail(o)) return -1;
    ProgObject *ob = cur(o);
    int num = o->nobjs;
    for (int i = 0; i < ob->nclasses; i++)
        inherit_from(o, &o->objs[o->class_objs[ob->classes[i]] - 1]);
    for (int i = 0; i < ob->common.n; i++)
        if (o->lim.max_values < o->lim.most_values &&
            ob->common.items[i].n > o->lim.max_values)
            fail(o, false, "Limit (of %d values) exceeded for property: "
                 "it has inherited more than version 3 keeps (use -v5 to "
                 "get 32)", o->lim.max_values);
    link_child(o, num);
    settle(o, ob);
    return o->failed ? -1 : num;
}
