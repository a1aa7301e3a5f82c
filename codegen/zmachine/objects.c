/* objects.c: object and class definitions and inform6's inheritance rules.
 *
 * Takes the segments of each Object/Class definition in source order;
 * gives, per object, the final attributes, tree links and property lists
 * that properties.c writes out. */
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

static void fail(ZObjects *o, bool warning, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(ZObjects *o, bool warning, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->err, sizeof o->err, fmt, ap);
    va_end(ap);
    o->err_warning = warning;
    if (!warning) o->failed = true;
}

ZObjects *zo_new(int version)
{
    ZObjects *o = xcalloc(1, sizeof *o);
    o->version = version;
    for (int i = 0; i < 64; i++) o->defaults[i] = zm_const(0);
    o->additive[ZO_PROP_NAME] = o->additive[ZO_PROP_CLASSES] = true;
    return o;
}

static void free_props(ZOPropList *l)
{
    for (int i = 0; i < l->n; i++) free(l->items[i].v);
    free(l->items);
}

void zo_free(ZObjects *o)
{
    if (!o) return;
    for (int i = 0; i < o->nobjs; i++) {
        free(o->objs[i].name);
        free_props(&o->objs[i].common);
        free_props(&o->objs[i].indiv);
        free(o->objs[i].classes);
    }
    free(o->objs);
    free(o->class_objs);
    free(o);
}

void zo_prop_default(ZObjects *o, int prop, ZOperand value)
{
    if (prop > 1 && prop <= zo_max_common(o->version))
        o->defaults[prop] = value;
}

void zo_prop_additive(ZObjects *o, int prop)
{
    if (prop > 0 && prop <= zo_max_common(o->version))
        o->additive[prop] = true;
}

const char *zo_error(const ZObjects *o) { return o->err[0] ? o->err : NULL; }
bool zo_error_is_warning(const ZObjects *o) { return o->err_warning; }
int zo_count(const ZObjects *o) { return o->nobjs; }
int zo_class_count(const ZObjects *o) { return o->nclasses; }

int zo_class_object(const ZObjects *o, int k)
{
    return k >= 0 && k < o->nclasses ? o->class_objs[k] : 0;
}

static ZOObj *cur(ZObjects *o) { return &o->objs[o->nobjs - 1]; }

/* Segment items belong between zo_begin and zo_end. */
static bool open_or_fail(ZObjects *o)
{
    if (o->open) return true;
    fail(o, false, "a property, attribute or class outside an object "
         "definition");
    return false;
}

/* Appends property `num` with n values (copied) to a list. */
static ZOProp *add_prop(ZOPropList *l, int num, const ZOperand *v, int n)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->items = xrealloc(l->items, (size_t)l->cap * sizeof *l->items);
    }
    ZOProp *p = &l->items[l->n++];
    p->num = (uint16_t)num;
    p->n = n;
    p->v = xmalloc((size_t)(n ? n : 1) * sizeof *p->v);
    if (n) memcpy(p->v, v, (size_t)n * sizeof *v);
    return p;
}

static ZOProp *find_prop(ZOPropList *l, int num)
{
    for (int i = 0; i < l->n; i++)
        if (l->items[i].num == num) return &l->items[i];
    return NULL;
}

/* Adds a common property entry, within inform6's limit per object. */
static ZOProp *add_common(ZObjects *o, int num, const ZOperand *v, int n)
{
    ZOObj *ob = cur(o);
    if (ob->common.n >= MAX_PROP_ENTRIES) {
        fail(o, false, "more than %d property entries in one object",
             MAX_PROP_ENTRIES);
        return NULL;
    }
    return add_prop(&ob->common, num, v, n);
}

void zo_begin(ZObjects *o, bool is_class, const uint8_t *name, size_t len,
              int parent)
{
    if (o->nobjs == o->objs_cap) {
        o->objs_cap = o->objs_cap ? 2 * o->objs_cap : 64;
        o->objs = xrealloc(o->objs, (size_t)o->objs_cap * sizeof *o->objs);
    }
    ZOObj *ob = &o->objs[o->nobjs++];
    memset(ob, 0, sizeof *ob);
    ob->is_class = is_class;
    ob->name = xmalloc(len ? len : 1);
    if (len) memcpy(ob->name, name, len);
    ob->name_len = len;
    ob->parent = parent;
    o->open = true;
    o->failed = false;
    o->err[0] = 0;
    if (!is_class) return;
    /* Classes are children of Class, and each starts with property 2
     * holding its own number, which instances then accumulate. */
    if (o->nclasses >= 4) ob->parent = 1;
    else ob->parent = 0;
    if (o->nclasses == o->class_cap) {
        o->class_cap = o->class_cap ? 2 * o->class_cap : 16;
        o->class_objs = xrealloc(o->class_objs,
                                 (size_t)o->class_cap * sizeof *o->class_objs);
    }
    o->class_objs[o->nclasses++] = o->nobjs;
    ZOperand self = zm_const(o->nobjs);
    add_common(o, ZO_PROP_CLASSES, &self, 1);
    if (o->nclasses > MAX_CLASSES)
        fail(o, false, "too many classes: at most %d are possible",
             MAX_CLASSES);
}

void zo_add_metaclasses(ZObjects *o, ZText *zt)
{
    static const char *const names[4] = { "Class", "Object", "Routine",
                                          "String" };
    for (int i = 0; i < 4; i++) {
        uint32_t u[8];
        size_t n = strlen(names[i]);
        for (size_t j = 0; j < n; j++) u[j] = (unsigned char)names[i][j];
        ZBuf b = { 0 };
        /* inform6 makes these before reading any Abbreviate */
        zt_encode(zt, u, n, ZTE_NO_ABBREV, &b, NULL);
        zo_begin(o, true, b.data, b.len, 0);
        zo_end(o);
        zb_free(&b);
    }
}

static int class_number(const ZObjects *o, int obj)
{
    for (int k = 0; k < o->nclasses; k++)
        if (o->class_objs[k] == obj) return k;
    return -1;
}

bool zo_inherit(ZObjects *o, int class_obj)
{
    if (!open_or_fail(o)) return false;
    int k = class_number(o, class_obj);
    if (k < 0 || class_obj == o->nobjs) {
        fail(o, false, "object %d is not a class", class_obj);
        return false;
    }
    ZOObj *ob = cur(o);
    for (int i = 0; i < 6; i++) ob->attrs[i] |= o->objs[class_obj - 1].attrs[i];
    if (ob->nclasses == ob->classes_cap) {
        ob->classes_cap = ob->classes_cap ? 2 * ob->classes_cap : 4;
        ob->classes = xrealloc(ob->classes,
                               (size_t)ob->classes_cap * sizeof *ob->classes);
    }
    ob->classes[ob->nclasses++] = k;
    return true;
}

bool zo_attr(ZObjects *o, int attr, bool on)
{
    if (!open_or_fail(o)) return false;
    if (attr < 0 || attr >= (o->version <= 3 ? 32 : 48)) {
        fail(o, false, "attribute %d does not exist in version %d", attr,
             o->version);
        return false;
    }
    uint8_t bit = (uint8_t)(0x80 >> (attr % 8));
    if (on) cur(o)->attrs[attr / 8] |= bit;
    else cur(o)->attrs[attr / 8] &= (uint8_t)~bit;
    return true;
}

/* A property given no values holds one zero word. */
static const ZOperand zero_value[1] = { { .kind = ZO_CONST } };

bool zo_prop(ZObjects *o, int prop, const ZOperand *values, int n)
{
    if (!open_or_fail(o)) return false;
    if (prop < 1 || prop > zo_max_common(o->version) ||
        prop == ZO_PROP_CLASSES || prop == ZO_PROP_INDIV) {
        fail(o, false, "property %d is not a common property", prop);
        return false;
    }
    if (find_prop(&cur(o)->common, prop)) {
        fail(o, false, "property %d given twice in the same declaration",
             prop);
        return false;
    }
    if (n > ZO_MAX_VALUES) {
        fail(o, false, "limit (of %d values) exceeded for a property",
             ZO_MAX_VALUES);
        return false;
    }
    if (n == 0) values = zero_value, n = 1;
    bool cut = o->version <= 3 && n > 4;
    if (!add_common(o, prop, values, cut ? 4 : n)) return false;
    if (cut) {
        fail(o, true, "version 3 limit of 4 values per property exceeded "
             "(use -v5 to get 32), so truncating the property");
        return false;
    }
    o->err[0] = 0;
    return true;
}

bool zo_indiv(ZObjects *o, int id, bool private_, const ZOperand *values,
              int n)
{
    if (!open_or_fail(o)) return false;
    ZOObj *ob = cur(o);
    if (id < ZO_FIRST_INDIV || id >= ZO_PRIVATE) {
        fail(o, false, "%d is not an individual property", id);
        return false;
    }
    for (int i = 0; i < ob->indiv.n; i++)
        if ((ob->indiv.items[i].num & ~ZO_PRIVATE) == id) {
            fail(o, false, "property %d given twice in the same declaration",
                 id);
            return false;
        }
    if (n > ZO_MAX_VALUES) {
        fail(o, false, "limit (of %d values) exceeded for a property",
             ZO_MAX_VALUES);
        return false;
    }
    if (n == 0) values = zero_value, n = 1;
    if (ob->indiv.n == 0 && !add_common(o, ZO_PROP_INDIV, zero_value, 1))
        return false;
    add_prop(&ob->indiv, id | (private_ ? ZO_PRIVATE : 0), values, n);
    o->err[0] = 0;
    return true;
}

/* Adds the class's individual entries that the object lacks (the same
 * identifier, private bit included, counts as present, as in inform6). */
static void merge_indivs(ZOObj *ob, const ZOObj *cls)
{
    for (int i = 0; i < cls->indiv.n; i++) {
        const ZOProp *e = &cls->indiv.items[i];
        if (!find_prop(&ob->indiv, e->num))
            add_prop(&ob->indiv, e->num, e->v, e->n);
    }
}

/* The first entry of each property number in l, highest number first
 * (what a find_prop per number from the highest down would meet);
 * returns how many. */
static int by_number(const ZOPropList *l, const ZOProp **out)
{
    int n = 0;
    uint64_t seen = 0;        /* common property numbers are below 64 */
    for (int i = 0; i < l->n; i++) {
        int num = l->items[i].num, at = n;
        bool dup = false;
        if (num < 64) {
            dup = (seen >> num) & 1;
            seen |= (uint64_t)1 << num;
        } else {
            for (int k = 0; k < n && !dup; k++) dup = out[k]->num == num;
        }
        if (dup) continue;
        n++;
        while (at > 0 && out[at - 1]->num < num) {
            out[at] = out[at - 1];
            at--;
        }
        out[at] = &l->items[i];
    }
    return n;
}

/* One class's inheritable table into the object, walked in the order it
 * is written (descending property number), as inform6 reads it back. */
static void inherit_from(ZObjects *o, const ZOObj *cls)
{
    ZOObj *ob = cur(o);
    const ZOProp *stack[MAX_PROP_ENTRIES + 1];
    const ZOProp **order = cls->common.n <= MAX_PROP_ENTRIES + 1 ? stack
        : xmalloc((size_t)cls->common.n * sizeof *order);
    int n = by_number(&cls->common, order);
    int max = zo_max_common(o->version);
    for (int k = 0; k < n; k++) {
        const ZOProp *cp = order[k];
        int num = cp->num;
        if (num < 1 || num > max) continue;
        ZOProp *p = find_prop(&ob->common, num);
        if (!p) {
            if (!add_common(o, num, cp->v, cp->n)) break;
            if (num == ZO_PROP_INDIV) merge_indivs(ob, cls);
            continue;
        }
        if (num == ZO_PROP_INDIV) {
            merge_indivs(ob, cls);
        } else if (o->additive[num]) {
            int keep = cp->n;
            if (p->n + keep > ZO_MAX_VALUES) {
                fail(o, false, "an additive property has inherited so many "
                     "values that the list has overflowed the maximum %d "
                     "entries", ZO_MAX_VALUES);
                keep = ZO_MAX_VALUES - p->n;
            }
            p->v = xrealloc(p->v, (size_t)(p->n + keep) * sizeof *p->v);
            memcpy(p->v + p->n, cp->v, (size_t)keep * sizeof *cp->v);
            p->n += keep;
        }
    }
    if (order != stack) free(order);
}

/* Links object `num` as the last child of its parent. */
static void link_child(ZObjects *o, int num)
{
    int parent = o->objs[num - 1].parent;
    if (parent <= 0 || parent > o->nobjs) return;
    ZOObj *p = &o->objs[parent - 1];
    if (!p->child) {
        p->child = num;
        return;
    }
    int c = p->child;
    while (o->objs[c - 1].sibling) c = o->objs[c - 1].sibling;
    o->objs[c - 1].sibling = num;
}

int zo_end(ZObjects *o)
{
    if (!open_or_fail(o)) return -1;
    ZOObj *ob = cur(o);
    int num = o->nobjs;
    for (int i = 0; i < ob->nclasses; i++)
        inherit_from(o, &o->objs[o->class_objs[ob->classes[i]] - 1]);
    if (o->version <= 3)
        for (int i = 0; i < ob->common.n; i++)
            if (ob->common.items[i].n > 4)
                fail(o, false, "a property has inherited more than the "
                     "version 3 limit of 4 values");
    if (ob->is_class && ob->indiv.n >= MAX_CLASS_INDIVS)
        fail(o, false, "this class is too complex: it now carries too many "
             "properties (declare some of them as common properties with "
             "'Property')");
    if (o->version <= 3 && num > 255)
        fail(o, false, "version 3 allows at most 255 objects");
    else if (num > 65535)
        fail(o, false, "too many objects");
    link_child(o, num);
    o->open = false;
    return o->failed ? -1 : num;
}
