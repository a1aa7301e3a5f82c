/* gids.c: the identifier-names tables of a Glulx story
 * (#identifiers_table), which the veneer reads to print names.
 *
 * Takes the Program's names (properties, attributes with their aliases,
 * actions, fake actions, in symbol-table order) and arrays; gives
 * GA_IDS, as inform6 6.45 writes it: eight words (the common-property
 * names' address and count, the individual ones' from $INDIV_PROP_START,
 * the attributes' ($NUM_ATTR_BYTES * 8), the actions' and fake actions'),
 * the four tables of string addresses (0: no name; attributes with no
 * name say "<unknown attribute>"), then #array_names_offset: a count and
 * one name per array.  A number with aliases is named "a/b" as the
 * Program joined them (ProgName.joined). */
#include "glink.h"

#include <stdlib.h>
#include <string.h>

enum { NO_NAME = -1 };

typedef int64_t Name;      /* an xstring, or NO_NAME */

/* Names slot `*slot` unless an aliased name already did. */
static void name_slot(GLink *k, int i, Name *slot, Name unset)
{
    const ProgName *s = &k->prog->names[i];
    if (!s->aliased) {
        *slot = gl_xstring(k, s->name);
        return;
    }
    if (*slot == unset) *slot = gl_xstring(k, s->joined);
}

static void put_name(GBlock *b, Name n)
{
    if (n < 0) gk_put32(b, 0);
    else gk_ref(b, GL_XSTRING, 4, (uint32_t)n, 0);
}

/* The table of `count` names at the end of `b`, its address and count
 * in the header word pair `pair`. */
static void table(GBlock *b, int pair, const Name *names, int count)
{
    gk_ref_at(b, 8 * (size_t)pair, GL_AREA, 4, GA_IDS, (int32_t)b->len);
    gk_set32(b->data + 8 * pair + 4, (uint32_t)count);
    for (int i = 0; i < count; i++) put_name(b, names[i]);
}

void gl_identifiers(GLink *k)
{
    const Program *p = k->prog;
    const ProgGrammar *g = p->grammar;
    int nprops = p->nprops > k->indiv_start ? p->nprops : k->indiv_start;
    int nattrs = 8 * k->attr_bytes;
    int nact = g->nactions, nfake = g->nfakes;
    Name *props = xmalloc(((size_t)nprops + 1) * sizeof *props);
    Name *attrs = xmalloc(((size_t)nattrs + 1) * sizeof *attrs);
    Name *acts = xmalloc(((size_t)(nact + nfake) + 1) * sizeof *acts);
    for (int i = 0; i < nprops; i++) props[i] = NO_NAME;
    for (int i = 0; i < nact + nfake; i++) acts[i] = NO_NAME;
    Name unknown = gl_xstring(k, "<unknown attribute>");
    for (int i = 0; i < nattrs; i++) attrs[i] = unknown;
    for (int i = 0; i < p->nnames; i++) {
        const ProgName *s = &p->names[i];
        if (s->kind == PN_PROPERTY && s->value >= 0 && s->value < nprops)
            name_slot(k, i, &props[s->value], NO_NAME);
        else if (s->kind == PN_ATTRIBUTE && s->value >= 0 &&
                 s->value < nattrs)
            name_slot(k, i, &attrs[s->value], unknown);
        else if (s->kind == PN_ACTION && s->value >= 0 && s->value < nact)
            acts[s->value] = gl_xstring(k, s->name);
    }
    for (int i = 0; i < p->nnames; i++) {
        const ProgName *s = &p->names[i];
        int f = s->value - IR_FAKE_ACTION_BASE;
        if (s->kind == PN_FAKE_ACTION && f >= 0 && f < nfake)
            acts[nact + f] = gl_xstring(k, s->name);
    }
    /* actions in ##value order (meta ones first under $GRAMMAR_META_FLAG) */
    Name *ordered = xmalloc(((size_t)(nact + nfake) + 1) * sizeof *ordered);
    for (int v = 0; v < nact; v++)
        ordered[v] = acts[g->by_value ? g->by_value[v] : v];
    for (int f = 0; f < nfake; f++) ordered[nact + f] = acts[nact + f];
    GBlock *b = &k->area[GA_IDS];
    gk_zeros(b, 32);
    table(b, 0, props, k->ncommon);
    table(b, 1, props + k->indiv_start, nprops - k->indiv_start);
    table(b, 2, attrs, nattrs);
    k->ids_actions = (uint32_t)b->len;
    k->ids_fakes = k->ids_actions + 4 * (uint32_t)nact;
    table(b, 3, ordered, nact + nfake);
    k->ids_arrays = (uint32_t)b->len;
    gk_put32(b, (uint32_t)p->narrays);
    for (int i = 0; i < p->narrays; i++)
        put_name(b, p->arrays[i].name ? (Name)gl_xstring(k, p->arrays[i].name)
                                      : NO_NAME);
    k->ids_made = true;
    free(props);
    free(attrs);
    free(acts);
    free(ordered);
}
