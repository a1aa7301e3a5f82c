/* layout.c: places every table below the code area in inform6's order,
 * resolves the relocations layout can, and computes the # constants.
 *
 * Takes the builders' ZBlocks; gives the image up to the code area, the
 * region addresses and the relocations left for the linker. */
#include "layout.h"

#include <stdio.h>
#include <string.h>

enum { THREE_SPACES = 0x40, GLOBALS_BYTES = 480 };

static void keep_reloc(ZLayout *l, const ZReloc *r)
{
    VEC_PUSH(NULL, l->relocs, l->nrelocs, l->relocs_cap, *r);
}

/* Appends a block at the end of the image, its relocations moved to
 * image offsets (resolved later, once every region is placed). */
static uint32_t place(ZLayout *l, const ZBlock *k)
{
    uint32_t at = (uint32_t)l->image.len;
    if (!k) return at;
    zb_append(&l->image, k->b.data, k->b.len);
    for (size_t i = 0; i < k->nrelocs; i++) {
        ZReloc r = k->relocs[i];
        r.offset += at;
        keep_reloc(l, &r);
    }
    return at;
}

static void place_low_memory(const ZLayoutInput *in, ZLayout *l)
{
    zb_zeros(&l->image, ZS_HEADER_SIZE);
    l->at[ZL_LOW_STRINGS] = (uint32_t)l->image.len;
    zb_put16(&l->image, 0x8000);                /* "   " */
    zb_append(&l->image, in->low_strings, in->low_strings_len);
    l->at[ZL_ABBREVS] = (uint32_t)l->image.len;
    for (int e = 0; e < 96; e++) {
        int32_t off = in->abbrevs ? in->abbrevs[e] : -1;
        uint32_t addr = off < 0 ? THREE_SPACES
                                : THREE_SPACES + 2 + (uint32_t)off;
        zb_put16(&l->image, addr / 2);
    }
    /* The Unicode table's address goes into the extension table, which
     * comes first: count ahead. */
    int words = in->header_ext_words > 0 ? in->header_ext_words : 0;
    if (in->unicode && words < 3) words = 3;
    if (in->flags3 && words < 4) words = 4;
    uint32_t unicode_at = 0;
    if (in->unicode)
        unicode_at = (uint32_t)l->image.len + 2 + 2 * (uint32_t)words +
                     (in->alphabet ? 78 : 0);
    l->at[ZL_HEADER_EXT] = zs_append_header_ext(&l->image,
        (uint16_t)unicode_at, in->flags3, words);
    l->header_ext = (uint16_t)l->at[ZL_HEADER_EXT];
    if (in->alphabet) {
        l->at[ZL_ALPHABET] = (uint32_t)l->image.len;
        zb_append(&l->image, in->alphabet, 78);
    }
    if (in->unicode) {
        l->at[ZL_UNICODE] = (uint32_t)l->image.len;
        zb_append(&l->image, in->unicode, in->unicode_len);
    }
}

static void place_dynamic(const ZLayoutInput *in, ZLayout *l)
{
    zs_align(&l->image, 2);        /* the veneer's RA__Pr needs it */
    l->at[ZL_PROP_DEFAULTS] = place(l, &in->objects->defaults);
    l->at[ZL_OBJECTS] = place(l, &in->objects->entries);
    l->at[ZL_PROPS] = place(l, &in->objects->props);
    l->at[ZL_CLASSES] = place(l, &in->objects->classes);
    l->at[ZL_IDENTIFIERS] = place(l, in->idents ? &in->idents->table : NULL);
    l->at[ZL_INDIV] = place(l, &in->objects->indiv);
    l->at[ZL_GLOBALS] = place(l, in->globals);
    if (!in->compact_globals)
        while (l->image.len < l->at[ZL_GLOBALS] + GLOBALS_BYTES)
            zb_put8(&l->image, 0);
    l->at[ZL_ARRAYS] = place(l, in->arrays);
    if (in->version >= 5) {
        l->at[ZL_TERMINATING] = (uint32_t)l->image.len;
        zb_append(&l->image, in->terminating, in->terminating_len);
        zb_put8(&l->image, 0);
    }
    while (l->image.len < l->at[ZL_GLOBALS] + GLOBALS_BYTES)
        zb_put8(&l->image, 0);
}

static void place_static(const ZLayoutInput *in, ZLayout *l)
{
    const ZGrammarTables *g = in->grammar;
    l->at[ZL_GRAMMAR] = place(l, &g->grammar);
    l->at[ZL_ACTIONS] = place(l, &g->actions);
    l->at[ZL_PREACTIONS] = place(l, &g->preactions);
    l->at[ZL_ADJECTIVES] = place(l, &g->adjectives);
    l->at[ZL_DICTIONARY] = place(l, in->dictionary);
    l->at[ZL_STATIC_ARRAYS] = place(l, in->static_arrays);
    /* Code starts at a packed address, and at 256 or more so that no
     * routine address looks like a small constant. */
    unsigned scale = zs_scale(in->version);
    zs_align(&l->image, zs_length_unit(in->version));
    while (l->image.len < 256 * (size_t)scale) zb_put8(&l->image, 0);
    bool v67 = in->version == 6 || in->version == 7;
    if (v67 && in->oddeven) zs_align(&l->image, 2 * scale);
    l->at[ZL_CODE] = (uint32_t)l->image.len;
    if (v67) {
        /* inform6's extended memory map: packed addresses count from
         * the larger of 256 and the object count + 9, a multiple of the
         * length unit (8). */
        uint32_t base = 256;
        if ((uint32_t)in->object_count + 9 > base)
            base = (uint32_t)in->object_count + 9;
        while (base % zs_length_unit(in->version)) base++;
        l->packed_base = base;
        l->oddeven = in->oddeven;
    }
}

static void set(ZLayout *l, ZSysConst sc, int64_t v)
{
    l->sysconst[sc] = (uint32_t)v;
    l->known[sc] = true;
}

/* A count-based constant, unless the count is unknown. */
static void set_count(ZLayout *l, ZSysConst sc, int count, int64_t base)
{
    if (count >= 0) set(l, sc, base + count - 1);
}

static void table_constants(const ZLayoutInput *in, ZLayout *l)
{
    set(l, ZSC_cpv__start, l->at[ZL_PROPS]);
    set(l, ZSC_cpv__end, l->at[ZL_CLASSES]);
    set(l, ZSC_classes_table, l->at[ZL_CLASSES]);
    set(l, ZSC_class_objects_array, l->at[ZL_CLASSES]);
    set(l, ZSC_ipv__start, l->at[ZL_INDIV]);
    set(l, ZSC_ipv__end, l->at[ZL_GLOBALS]);
    set(l, ZSC_globals_array, l->at[ZL_GLOBALS]);
    set(l, ZSC_array__start, l->at[ZL_ARRAYS]);
    set(l, ZSC_array__end, l->at[ZL_GRAMMAR]);
    set(l, ZSC_static_memory_offset, l->at[ZL_GRAMMAR]);
    set(l, ZSC_grammar_table, l->at[ZL_GRAMMAR]);
    set(l, ZSC_actions_table, l->at[ZL_ACTIONS]);
    set(l, ZSC_preactions_table, l->at[ZL_PREACTIONS]);
    set(l, ZSC_adjectives_table, l->at[ZL_ADJECTIVES] + 2);
    set(l, ZSC_dictionary_table, l->at[ZL_DICTIONARY]);
    set(l, ZSC_readable_memory_offset, l->at[ZL_CODE]);
    set(l, ZSC_code_offset, zl_pack_routine(l, 0));
    if (!in->idents) return;
    uint32_t id = l->at[ZL_IDENTIFIERS];
    set(l, ZSC_identifiers_table, id);
    set(l, ZSC_property_names_array, id + in->idents->property_names);
    set(l, ZSC_attribute_names_array, id + in->idents->attribute_names);
    set(l, ZSC_action_names_array, id + in->idents->action_names);
    set(l, ZSC_fake_action_names_array, id + in->idents->fake_action_names);
    set(l, ZSC_array_names_offset, id + in->idents->array_names);
    set(l, ZSC_array_names_array, id + in->idents->array_names);
    set(l, ZSC_global_names_array, id + in->idents->global_names);
    set(l, ZSC_routine_names_array, id + in->idents->routine_names);
    set(l, ZSC_constant_names_array, id + in->idents->constant_names);
    set(l, ZSC_routine_flags_array, id + in->idents->routine_flags);
}

static void count_constants(const ZLayoutInput *in, ZLayout *l)
{
    int v = in->version, par1 = v <= 3 ? 4 : 6;
    set(l, ZSC_version_number, v);
    set(l, ZSC_dict_par1, par1);
    set(l, ZSC_dict_par2, par1 + 1);
    set(l, ZSC_dict_par3, par1 + 2);
    set(l, ZSC_oddeven_packing, 0);
    static const ZSysConst zero[] = {
        ZSC_lowest_attribute_number, ZSC_lowest_action_number,
        ZSC_lowest_routine_number, ZSC_lowest_array_number,
        ZSC_lowest_constant_number, ZSC_lowest_class_number,
        ZSC_lowest_meta_action_number,
    };
    for (size_t i = 0; i < sizeof zero / sizeof *zero; i++) set(l, zero[i], 0);
    set(l, ZSC_lowest_object_number, 1);
    set(l, ZSC_lowest_property_number, 1);
    set(l, ZSC_lowest_global_number, 16);
    int objs = in->object_count;
    set(l, ZSC_largest_object, 255 + objs);
    set(l, ZSC_actual_largest_object, objs);
    set(l, ZSC_highest_object_number, objs - 1);
    set_count(l, ZSC_highest_class_number, in->class_count, 0);
    set_count(l, ZSC_highest_attribute_number, in->attributes, 0);
    set_count(l, ZSC_highest_global_number, in->global_vars, 16);
    set_count(l, ZSC_highest_array_number, in->arrays_count, 0);
    set_count(l, ZSC_highest_routine_number, in->routines, 0);
    set_count(l, ZSC_highest_constant_number, in->constants, 0);
    if (in->idents)
        set_count(l, ZSC_highest_property_number,
                  in->idents->property_count, 0);
    const ZActions *a = in->actions;
    if (!a) return;
    int fake0 = za_lowest_fake(a);
    set(l, ZSC_lowest_fake_action_number, fake0);
    set_count(l, ZSC_highest_action_number, za_count(a), 0);
    set_count(l, ZSC_highest_fake_action_number, za_fake_count(a), fake0);
    if (za_meta_flag(a))
        set_count(l, ZSC_highest_meta_action_number, za_meta_count(a), 0);
}

bool zl_sysconst(const ZLayout *l, ZSysConst sc, uint32_t *value)
{
    if ((int)sc < 0 || sc >= ZSC_COUNT || !l->known[sc]) return false;
    *value = l->sysconst[sc];
    return true;
}

void zl_set_strings_start(ZLayout *l, uint32_t addr)
{
    l->strings_start = addr;
    set(l, ZSC_strings_offset, zl_pack_string(l, addr));
}

uint32_t zl_strings_align(const ZLayout *l, uint32_t addr)
{
    unsigned scale = zs_scale(l->version);
    while (addr % scale) addr++;
    if (l->oddeven)
        while (addr % (2 * scale) != scale) addr += scale;
    return addr;
}

uint32_t zl_pack_routine(const ZLayout *l, uint32_t off)
{
    unsigned scale = zs_scale(l->version);
    if (!l->packed_base) return (l->at[ZL_CODE] + off) / scale;
    return off / scale + l->packed_base;
}

uint32_t zl_pack_string(const ZLayout *l, uint32_t addr)
{
    unsigned scale = zs_scale(l->version);
    if (!l->packed_base) return addr / scale;
    if (l->oddeven) return (addr - l->strings_start) / scale + l->packed_base + 1;
    return (addr - l->at[ZL_CODE]) / scale + l->packed_base;
}

bool zl_resolve(void *ctx, const ZReloc *r, uint32_t *value)
{
    const ZLayout *l = ctx;
    switch ((ZRelocKind)r->kind) {
    case ZR_SYSCONST:
        return zl_sysconst(l, (ZSysConst)r->target, value);
    case ZR_DICT:
        if (!l->dict || (int)r->target >= zd_count(l->dict)) return false;
        *value = l->at[ZL_DICTIONARY] + zd_offset(l->dict, (int)r->target);
        return true;
    case ZR_ACTION:
        if (!l->actions) return false;
        *value = (uint32_t)za_final(l->actions, (int)r->target);
        return true;
    default:
        return false;
    }
}

/* Writes what can be resolved now; keeps the rest for the linker. */
static void resolve_known(ZLayout *l)
{
    size_t kept = 0;
    for (size_t i = 0; i < l->nrelocs; i++) {
        const ZReloc *r = &l->relocs[i];
        uint32_t v;
        if (zl_resolve(l, r, &v)) {
            v += (uint32_t)r->addend;
            be_set16(l->image.data + r->offset, v);
        } else {
            l->relocs[kept++] = *r;
        }
    }
    l->nrelocs = kept;
}

bool zl_build(const ZLayoutInput *in, ZLayout *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->version = in->version;
    out->dict = in->dict;
    out->actions = in->actions;
    place_low_memory(in, out);
    place_dynamic(in, out);
    place_static(in, out);
    table_constants(in, out);
    count_constants(in, out);
    resolve_known(out);
    if (out->at[ZL_CODE] > 0xFFFE) {
        snprintf(err, errlen, "this program has overflowed the maximum "
                 "readable-memory size of the Z-machine format: everything "
                 "below the code (ending at $%X) must end by $FFFE",
                 (unsigned)out->at[ZL_CODE]);
        return false;
    }
    return true;
}

void zl_free(ZLayout *l)
{
    zb_free(&l->image);
    free(l->relocs);
    l->relocs = NULL;
    l->nrelocs = l->relocs_cap = 0;
}

void zl_fill_header(const ZLayout *l, ZHeader *h)
{
    h->high_mem = (uint16_t)l->at[ZL_CODE];
    h->initial_pc = l->at[ZL_CODE] + (l->version == 6 ? 0 : 1); /* v6: Main__ */
    if (l->packed_base) {
        /* packed * 4 + offset * 8 is the byte address (the strings'
         * offset rounded down under -B, the odd packed numbers making
         * up the 4) */
        uint32_t below = 4 * l->packed_base;
        h->routines_offset = (uint16_t)(l->at[ZL_CODE] - below);
        h->strings_offset = l->oddeven
            ? (uint16_t)((l->strings_start - below) & ~7u)
            : h->routines_offset;
    }
    h->dictionary = (uint16_t)l->at[ZL_DICTIONARY];
    h->objects = (uint16_t)l->at[ZL_PROP_DEFAULTS];
    h->globals = (uint16_t)l->at[ZL_GLOBALS];
    h->static_mem = (uint16_t)l->at[ZL_GRAMMAR];
    h->abbreviations = (uint16_t)l->at[ZL_ABBREVS];
    h->terminating = (uint16_t)l->at[ZL_TERMINATING];
    h->alphabet = (uint16_t)l->at[ZL_ALPHABET];
    h->header_ext = l->header_ext;
}
