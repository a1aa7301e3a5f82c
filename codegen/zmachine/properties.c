/* properties.c: writes the object tables: property defaults, object
 * entries, property tables (a class's two tables with its inheritable
 * attributes between them), the class-number table and the individual
 * property tables.
 *
 * Takes the ZObjects that objects.c built; gives ZBlocks in which the
 * property-table and individual-table addresses are ZR_SYSCONST
 * relocations (#cpv__start + offset, #ipv__start + offset). */
#include "objects_int.h"
#include "sysconst.h"

#include <stdlib.h>
#include <string.h>

/* The size byte(s) of a property entry of `len` bytes (Z-spec 12.4). */
static void put_size(ZBuf *b, int version, int num, int len)
{
    if (version <= 3) {
        zb_put8(b, 32 * (len - 1) + num);
    } else if (len == 1) {
        zb_put8(b, num);
    } else if (len == 2) {
        zb_put8(b, 0x40 | num);
    } else {
        zb_put8(b, 0x80 | num);
        zb_put8(b, 0x80 | len);       /* 64 as $C0, as inform6 writes it */
    }
}

/* Property entries from..to, highest first (entries with the same
 * number in list order), then the 0 terminator.  Property 3's value is
 * the address of the object's individual table. */
static void put_props(ZBlock *k, int version, const ZOPropList *l, int from,
                      int to, uint32_t indiv_at)
{
    int stack[64], *order = l->n <= 64 ? stack : xmalloc((size_t)l->n * sizeof *order);
    int n = 0;
    for (int i = 0; i < l->n; i++) {
        int num = l->items[i].num;
        if (num < from || num > to) continue;
        int at = n++;
        while (at > 0 && l->items[order[at - 1]].num < num) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = i;
    }
    for (int o = 0; o < n; o++) {
        const ZOProp *p = &l->items[order[o]];
        put_size(&k->b, version, p->num, 2 * p->n);
        if (p->num == ZO_PROP_INDIV) {
            zblk_reloc(k, ZR_SYSCONST, ZSC_ipv__start, (int32_t)indiv_at);
            continue;
        }
        for (int j = 0; j < p->n; j++) zblk_operand(k, p->v[j]);
    }
    if (order != stack) free(order);
    zb_put8(&k->b, 0);
}

/* One object's individual property table, 0-terminated. */
static void put_indivs(ZBlock *k, const ZOPropList *l)
{
    for (int i = 0; i < l->n; i++) {
        const ZOProp *p = &l->items[i];
        zb_put16(&k->b, p->num);
        zb_put8(&k->b, 2 * p->n);
        for (int j = 0; j < p->n; j++) zblk_operand(k, p->v[j]);
    }
    zb_put16(&k->b, 0);
}

static void put_entry(ZBlock *k, int version, const ZOObj *ob,
                      uint32_t props_at)
{
    static const uint8_t none[6];
    zb_append(&k->b, ob->is_class ? none : ob->attrs, version <= 3 ? 4 : 6);
    int links[3] = { ob->parent, ob->sibling, ob->child };
    for (int i = 0; i < 3; i++) {
        if (version <= 3) zb_put8(&k->b, links[i]);
        else zb_put16(&k->b, links[i]);
    }
    zblk_reloc(k, ZR_SYSCONST, ZSC_cpv__start, (int32_t)props_at);
}

/* An object's property block: short name, then its table(s). */
static void put_block(ZBlock *k, int version, const ZOObj *ob,
                      uint32_t indiv_at)
{
    int max = zo_max_common(version);
    zb_put8(&k->b, (unsigned)(ob->name_len / 2));
    zb_append(&k->b, ob->name, ob->name_len);
    if (ob->is_class) {
        put_props(k, version, &ob->common, ZO_PROP_INDIV, ZO_PROP_INDIV,
                  indiv_at);
        zb_append(&k->b, ob->attrs, 6);
    }
    put_props(k, version, &ob->common, 1, max, indiv_at);
}

void zo_write(const ZObjects *o, ZObjTables *out)
{
    memset(out, 0, sizeof *out);
    int max = zo_max_common(o->version);
    zb_put16(&out->defaults.b, 0);
    for (int p = 2; p <= max; p++) zblk_operand(&out->defaults, o->defaults[p]);
    for (int i = 0; i < o->nobjs; i++) {
        const ZOObj *ob = &o->objs[i];
        uint32_t indiv_at = (uint32_t)out->indiv.b.len;
        if (ob->indiv.n) put_indivs(&out->indiv, &ob->indiv);
        put_entry(&out->entries, o->version, ob, (uint32_t)out->props.b.len);
        put_block(&out->props, o->version, ob, indiv_at);
    }
    for (int k = 0; k < o->nclasses; k++)
        zb_put16(&out->classes.b, o->class_objs[k]);
    zb_put16(&out->classes.b, 0);
}

void zo_tables_free(ZObjTables *t)
{
    zblk_free(&t->defaults);
    zblk_free(&t->entries);
    zblk_free(&t->props);
    zblk_free(&t->classes);
    zblk_free(&t->indiv);
}
