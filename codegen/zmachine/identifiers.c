/* identifiers.c: the identifier-names tables.
 *
 * Takes names in symbol order; gives the table, compiling the strings
 * through the caller in inform6's order. */
#include "identifiers.h"

#include <stdlib.h>
#include <string.h>

enum { ATTRIBUTES = 48 };

typedef struct ZISym {
    ZIdKind kind;
    int value;
    char *name;
    bool aliased;
} ZISym;

struct ZIdents {
    ZISym *syms;
    int nsyms, syms_cap;
    char **arrays;
    int narrays, arrays_cap;
    bool infix;                 /* -X: the Infix tables below */
    char **globals;             /* by slot (variable - 16); NULL: none */
    int nglobals, globals_cap;
    char **routines;
    bool *traced;
    int nroutines, routines_cap, traced_cap;
    char **constants;
    int nconstants, constants_cap;
};

ZIdents *zi_new(void) { return xcalloc(1, sizeof(ZIdents)); }

void zi_free(ZIdents *z)
{
    if (!z) return;
    for (int i = 0; i < z->nsyms; i++) free(z->syms[i].name);
    for (int i = 0; i < z->narrays; i++) free(z->arrays[i]);
    for (int i = 0; i < z->nglobals; i++) free(z->globals[i]);
    for (int i = 0; i < z->nroutines; i++) free(z->routines[i]);
    for (int i = 0; i < z->nconstants; i++) free(z->constants[i]);
    free(z->syms);
    free(z->arrays);
    free(z->globals);
    free(z->routines);
    free(z->traced);
    free(z->constants);
    free(z);
}

void zi_symbol(ZIdents *z, ZIdKind kind, int value, const char *name,
               bool aliased)
{
    VEC_PUSH(NULL, z->syms, z->nsyms, z->syms_cap,
             (ZISym){ kind, value, xstrdup(name), aliased });
}

void zi_array(ZIdents *z, const char *name)
{
    VEC_PUSH(NULL, z->arrays, z->narrays, z->arrays_cap, xstrdup(name));
}

void zi_infix(ZIdents *z) { z->infix = true; }

void zi_global(ZIdents *z, int slot, const char *name)
{
    if (slot < 0) return;
    while (z->nglobals <= slot)
        VEC_PUSH(NULL, z->globals, z->nglobals, z->globals_cap, NULL);
    free(z->globals[slot]);
    z->globals[slot] = name ? xstrdup(name) : NULL;
}

void zi_routine(ZIdents *z, const char *name, bool traced)
{
    int n = z->nroutines;
    VEC_PUSH(NULL, z->traced, n, z->traced_cap, traced);
    VEC_PUSH(NULL, z->routines, z->nroutines, z->routines_cap,
             xstrdup(name ? name : ""));
}

void zi_constant(ZIdents *z, const char *name)
{
    VEC_PUSH(NULL, z->constants, z->nconstants, z->constants_cap,
             xstrdup(name));
}

/* A string id, or -1 for "no name": the table then holds 0. */
typedef int64_t Name;

/* Gives slot `*slot` a name unless an aliased symbol already did. */
static void name_slot(const ZIdents *z, int i, Name *slot, Name unset,
                      ZIStringFn string, void *ctx)
{
    const ZISym *s = &z->syms[i];
    if (!s->aliased) {
        *slot = string(ctx, s->name);
        return;
    }
    if (*slot == unset) *slot = string(ctx, s->name);
}

static void put_name(ZBlock *k, Name n)
{
    if (n < 0) zb_put16(&k->b, 0);
    else zblk_reloc(k, ZR_STRING, (uint32_t)n, 0);
}

static int count_props(const ZIdents *z)
{
    int n = 72;
    for (int i = 0; i < z->nsyms; i++)
        if (z->syms[i].kind == ZI_PROPERTY && z->syms[i].value + 1 > n)
            n = z->syms[i].value + 1;
    return n;
}

/* -X's names after the arrays', then the routine flags (inform6's
 * order of the strings: globals, routines, constants). */
static void write_infix(const ZIdents *z, ZIStringFn string, void *ctx,
                        ZIdentTables *out)
{
    ZBlock *k = &out->table;
    out->global_names = (uint32_t)k->b.len;
    if (z->infix)
        for (int i = 0; i < z->nglobals; i++)
            put_name(k, z->globals[i] ? (Name)string(ctx, z->globals[i]) : -1);
    out->routine_names = (uint32_t)k->b.len;
    if (z->infix)
        for (int i = 0; i < z->nroutines; i++)
            put_name(k, string(ctx, z->routines[i]));
    out->constant_names = (uint32_t)k->b.len;
    if (z->infix)
        for (int i = 0; i < z->nconstants; i++)
            put_name(k, string(ctx, z->constants[i]));
    out->routine_flags = (uint32_t)k->b.len;
    if (!z->infix) return;
    for (int i = 0; i < z->nroutines; i += 8) {
        unsigned bits = 0;
        for (int j = 0; j < 8 && i + j < z->nroutines; j++)
            if (z->traced[i + j]) bits |= 1u << j;
        zb_put8(&k->b, (uint8_t)bits);
    }
}

void zi_write(const ZIdents *z, int nprops, const ZActions *actions,
              ZIStringFn string, void *ctx, ZIdentTables *out)
{
    memset(out, 0, sizeof *out);
    if (nprops <= 0) nprops = count_props(z);
    int nact = za_count(actions), nfake = za_fake_count(actions);
    int fake0 = za_lowest_fake(actions);
    Name *props = xmalloc((size_t)nprops * sizeof *props);
    Name *acts = xmalloc((size_t)(nact + nfake + 1) * sizeof *acts);
    Name attrs[ATTRIBUTES];
    for (int i = 0; i < nprops; i++) props[i] = -1;
    for (int i = 0; i < nact + nfake; i++) acts[i] = -1;
    Name unknown = string(ctx, "<unknown attribute>");
    for (int i = 0; i < ATTRIBUTES; i++) attrs[i] = unknown;
    for (int i = 0; i < z->nsyms; i++) {
        const ZISym *s = &z->syms[i];
        if (s->kind == ZI_PROPERTY && s->value > 0 && s->value < nprops)
            name_slot(z, i, &props[s->value], -1, string, ctx);
        else if (s->kind == ZI_ATTRIBUTE && s->value >= 0 &&
                 s->value < ATTRIBUTES)
            name_slot(z, i, &attrs[s->value], unknown, string, ctx);
        else if (s->kind == ZI_ACTION && s->value >= 0 && s->value < nact)
            acts[s->value] = string(ctx, s->name);
    }
    for (int i = 0; i < z->nsyms; i++) {
        const ZISym *s = &z->syms[i];
        int k = s->value - fake0;
        if (s->kind == ZI_FAKE_ACTION && k >= 0 && k < nfake)
            acts[nact + k] = string(ctx, s->name);
    }
    ZBlock *k = &out->table;
    out->property_count = nprops;
    zb_put16(&k->b, (unsigned)nprops);
    out->property_names = 2;
    for (int i = 1; i < nprops; i++) put_name(k, props[i]);
    out->attribute_names = (uint32_t)k->b.len;
    for (int i = 0; i < ATTRIBUTES; i++) put_name(k, attrs[i]);
    out->action_names = (uint32_t)k->b.len;
    for (int f = 0; f < nact; f++) put_name(k, acts[za_by_final(actions, f)]);
    out->fake_action_names = (uint32_t)k->b.len;
    for (int i = 0; i < nfake; i++) put_name(k, acts[nact + i]);
    out->array_names = (uint32_t)k->b.len;
    for (int i = 0; i < z->narrays; i++) put_name(k, string(ctx, z->arrays[i]));
    write_infix(z, string, ctx, out);
    free(props);
    free(acts);
}

void zi_tables_free(ZIdentTables *t) { zblk_free(&t->table); }
