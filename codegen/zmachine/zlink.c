/* zlink.c: the Z-machine back end's story linker: its TargetOps
 * (zm_target_ops, target.h), which the driver calls in order.
 *
 * Takes the Program (codegen/program.h) and its lowering; gives the story
 * file:
 *   1. begin: the tables, the program encoded (zbuild*.c), and
 *      Main__ (made here: `call_vs Main -> temp_global; quit`, as inform6
 *      starts every story), the code area's first routine;
 *   2. emit_routine: every IR routine, as the driver lowers it, in
 *      routine-id order, through instruction selection, each at an
 *      address aligned to the packing unit;
 *   then finish:
 *   3. layout below the code (layout.c), the code after it, then the
 *      static strings that something refers to, in string-id order, the
 *      identifier names last (inform6 compiles those last too); when the
 *      story tells strings from arrays by number (the text library,
 *      IrProgram.strings_apart_from_arrays), the strings start where
 *      their packed numbers pass #array__end (above_arrays);
 *   4. every relocation resolved, the header filled, length, checksum and
 *      padding (story.c), and the file written under a temporary name in
 *      the story's folder and renamed over the story (story_write_file,
 *      codegen/story_file.c), so that a failed compile or a failed write
 *      never leaves a partial story, nor the old one damaged;
 *   or, under --dump-asm, dump_asm instead of finish: the same link, and
 *      the listing kept since begin (asmlist.c) printed instead of the
 *      story written.
 * Everything is in id or source order: the same program and switches
 * give the same bytes (SOURCE_DATE_EPOCH fixes the serial). */
#include "../../compiler/target.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../story_file.h"

#include "layout.h"
#include "opcodes.h"
#include "select.h"
#include "story.h"
#include "zbuild.h"
#include "zlink.h"

#define NOWHERE UINT32_MAX

/* ---- code ---- */

static void add_reloc(ZLink *k, ZReloc r)
{
    VEC_PUSH(NULL, k->relocs, k->nrelocs, k->relocs_cap, r);
}

/* Appends a routine's code at the next packable offset; returns it. */
static uint32_t place_code(ZLink *k, const ZRoutineCode *rc)
{
    zs_align(&k->code, k->align);
    uint32_t at = (uint32_t)k->code.len;
    zb_append(&k->code, rc->bytes, rc->len);
    for (size_t i = 0; i < rc->nrelocs; i++) {
        ZReloc r = rc->relocs[i];
        r.offset += at;
        add_reloc(k, r);
    }
    return at;
}

/* Routine `id` is at offset `at` of the code area, `len` bytes long. */
static void note_routine(ZLink *k, int id, uint32_t at, uint32_t len)
{
    if (id >= k->routine_cap) {
        int old = k->routine_cap;
        VEC_RESERVE(NULL, k->routine_at, old, k->routine_cap, id + 1);
        k->routine_len = xrealloc(k->routine_len, (size_t)k->routine_cap *
                                                  sizeof *k->routine_len);
        for (int i = old; i < k->routine_cap; i++) {
            k->routine_at[i] = NOWHERE;
            k->routine_len[i] = 0;
        }
    }
    k->routine_at[id] = at;
    k->routine_len[id] = len;
}

/* Main__: the story's first routine; the initial PC is its first
 * instruction.  (inform6 makes the same three instructions.) */
static bool main_routine(ZLink *k, ZAsm *a)
{
    int main_id = k->ir->main_routine;
    if (main_id < 0) {
        diag_error(NULL, "the program has no 'Main' routine: every story "
                   "starts by calling [ Main; ... ];");
        return false;
    }
    zm_begin_routine(a, 0, NULL);
    ZOperand call = zm_reloc(ZR_ROUTINE, (uint32_t)main_id, 0);
    zm_emit(a, ZOP_CALL_VS, 1, &call, zgm_var(&k->b.gm, IRG_TEMP1),
            ZM_NO_BRANCH);
    zm_emit0(a, ZOP_QUIT);
    ZRoutineCode rc;
    if (!zm_end_routine(a, &rc)) ICE("Main__: %s", zm_asm_error(a));
    place_code(k, &rc);
    k->main_len = (uint32_t)rc.len;
    if (k->listing) zlink_list_routine(k, a, NULL);
    return true;
}

/* -k: the sequence points the routine just assembled took. */
static void keep_points(ZLink *k, int id, const IrRoutine *r)
{
    size_t n;
    const ZSeqPoint *p = zm_seq_points(k->a, &n);
    for (size_t i = 0; i < n; i++)
        VEC_PUSH(NULL, k->points, k->npoints, k->points_cap,
                 ((DebugCodePoint){ id, p[i].offset, r->marks[p[i].id].loc }));
}

/* One routine through instruction selection, placed after the last. */
static bool emit_code(ZLink *k, int id, const IrRoutine *r)
{
    note_routine(k, id, NOWHERE, 0);
    ZRoutineCode rc;
    if (!zsel_routine(k->c, k->ir, &k->b.zt, &k->b.gm, r, k->a, &rc)) return false;
    note_routine(k, id, place_code(k, &rc), (uint32_t)rc.len);
    if (k->listing) zlink_list_routine(k, k->a, r);
    keep_points(k, id, r);
    return true;
}

/* ---- strings ---- */

static void mark_strings(ZLink *k, const ZReloc *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (r[i].kind == ZR_STRING && r[i].target < (uint32_t)k->nstring_at)
            k->string_at[r[i].target] = 1;
}

static void encode_utf8(ZLink *k, const char *text, ZBuf *out)
{
    size_t n = strlen(text);
    uint32_t *u = xmalloc((n + 1) * sizeof *u);
    for (size_t i = 0; i < n; i++) u[i] = (unsigned char)text[i];
    zt_encode(&k->b.zt, u, n, 0, out, NULL);
    free(u);
}

/* The first string address at or after `start` (an aligned one) whose
 * packed number is at least #array__end, so that no string's number is
 * also the address of an array: z5 strings start at 4 x #array__end or
 * above, z8 at 8 x; v6/v7 count packed numbers from the code's
 * (layout.c), so theirs start 4 x (#array__end - that base) bytes after
 * the code.  Under -B (v6/v7) the strings' numbers are odd numbers from
 * the code's base up, below the arrays, and nothing moves them: `start`
 * is returned, as it is when the story has no room for the gap. */
static uint32_t above_arrays(const ZLink *k, uint32_t start)
{
    const ZLayout *l = &k->layout;
    uint32_t end = l->at[ZL_GRAMMAR], scale = zs_scale(k->version);
    if (l->oddeven) return start;
    uint32_t need = end * scale;
    if (l->packed_base)
        need = end > l->packed_base
                   ? l->at[ZL_CODE] + (end - l->packed_base) * scale : 0;
    return need > start ? need : start;
}

/* The strings code and tables refer to, after the code, each at a
 * packable address: from `start` (an aligned address, the code's end at
 * the least). */
static void place_strings(ZLink *k, ZBuf *image, uint32_t start)
{
    while (image->len < start) zb_put8(image, 0);
    k->strings_start = start;
    k->nstrings_placed = 0;
    int bad = 0;
    for (int id = 0; id < k->nstring_at; id++) {
        if (!k->string_at[id]) continue;
        while ((image->len - start) % k->align) zb_put8(image, 0);
        k->string_at[id] = (uint32_t)image->len;
        if (id < k->ir->nstrings) {
            const IrString *s = &k->ir->strings[id];
            ZTextErr err = { 0 };
            zt_encode(&k->b.zt, s->units, (size_t)s->len, 0, image, &err);
            if (err.kind != ZTE_NONE) bad++;
        } else {
            encode_utf8(k, k->b.id_strings[id - (int)k->b.id_strings_base],
                        image);
        }
        k->nstrings_placed++;
    }
    if (bad)
        diag_error(NULL, "%d string%s hold%s characters that the story's "
                   "character set does not have; declare them with "
                   "'Zcharacter table'", bad, bad == 1 ? "" : "s",
                   bad == 1 ? "s" : "");
    k->strings_end = (uint32_t)image->len;
}

/* ---- resolving ---- */

static bool resolve(void *ctx, const ZReloc *r, uint32_t *value);

bool zlink_resolve(ZLink *k, const ZReloc *r, uint32_t *value)
{
    return resolve(k, r, value);
}

static bool resolve(void *ctx, const ZReloc *r, uint32_t *value)
{
    ZLink *k = ctx;
    uint32_t t = r->target;
    switch ((int)r->kind) {
    case ZR_ROUTINE:
        if (t >= (uint32_t)k->routine_cap || k->routine_at[t] == NOWHERE)
            return false;
        *value = zl_pack_routine(&k->layout, k->routine_at[t]);
        return true;
    case ZR_STRING:
        if (t >= (uint32_t)k->nstring_at || k->string_at[t] < k->strings_start)
            return false;
        /* (inform6 writes 0 for an identifier name that happens to be
         * the area's first string, identifiers.h; a real address is
         * better, and the first string is rarely the same one.) */
        *value = zl_pack_string(&k->layout, k->string_at[t]);
        return true;
    case ZR_DICT: {
        /* Code holds IR word ids (tables were resolved by the layout). */
        if (t >= (uint32_t)k->ir->ndict) return false;
        ZReloc d = *r;
        d.target = (uint32_t)zbd_dict_word(&k->b, (int)t);
        return zl_resolve(&k->layout, &d, value);
    }
    case ZR_ARRAY:
        if (t >= (uint32_t)k->b.narrays) return false;
        *value = k->layout.at[k->b.array_static[t] ? ZL_STATIC_ARRAYS
                                                   : ZL_ARRAYS]
                 + k->b.array_at[t];
        return true;
    case ZR_OBJECT:
        *value = t;
        return true;
    case ZR_SYMBOL: {
        uint32_t i = t & ZLINK_SYMBOL_MASK;
        int32_t off = -1;
        if ((t & ~ZLINK_SYMBOL_MASK) == ZLINK_LOWSTRING &&
            i < (uint32_t)k->b.nlowstrings)
            off = k->b.lowstring_off[i];
        else if ((t & ~ZLINK_SYMBOL_MASK) == ZLINK_LOW_COPY &&
                 i < (uint32_t)k->b.low_copy_len)
            off = k->b.low_copy[i];
        if (off < 0) return false;
        *value = (0x42 + (uint32_t)off) / 2;    /* a word address */
        return true;
    }
    case ZR_ACTION:
        return zl_resolve(&k->layout, r, value);
    case ZR_TABLE:
        if (t >= (uint32_t)k->ir->ntables) return false;
        *value = k->layout.at[k->ir->tables[t].apart ? ZL_STATIC_ARRAYS
                                                     : ZL_ARRAYS]
                 + k->b.table_at[t];
        return true;
    case ZR_CHAR: {
        int z = zt_unicode_to_zscii(&k->b.zt, t);
        if (z < 0) {
            diag_error(NULL, "the character U+%04X has no ZSCII code in this "
                       "story: declare it with 'Zcharacter table'",
                       (unsigned)t);
            z = '?';
        }
        *value = (uint32_t)z;
        return true;
    }
    case ZR_GLOBAL_ADDR: {
        int var = zgm_var(&k->b.gm, (int32_t)t);
        if (var < 16 || var > 255) return false;
        *value = k->layout.at[ZL_GLOBALS] + 2 * (uint32_t)(var - 16);
        return true;
    }
    default:
        return zl_resolve(&k->layout, r, value);
    }
}

typedef struct Failed {
    ZLink *k;
    const ZReloc *first;          /* the first failure of our own making */
    bool missing[ZSC_COUNT];      /* # constants with no value, reported */
} Failed;

/* A `#` constant with no value is the program's mistake (the identifier
 * tables left out by $OMIT_SYMBOL_TABLE); anything else is ours. */
static bool resolve_noting(void *ctx, const ZReloc *r, uint32_t *value)
{
    Failed *f = ctx;
    if (resolve(f->k, r, value)) return true;
    if (r->kind == ZR_SYSCONST && r->target < ZSC_COUNT) {
        if (!f->missing[r->target])
            diag_error(NULL, "the system constant #%s has no value in this "
                       "story%s", zsc_name((ZSysConst)r->target),
                       f->k->layout.known[ZSC_identifiers_table] ? ""
                       : ": $OMIT_SYMBOL_TABLE leaves the identifier tables "
                         "out");
        f->missing[r->target] = true;
        *value = 0;
        return true;
    }
    if (!f->first) f->first = r;
    return false;
}

static void resolve_all(ZLink *k, ZBuf *image)
{
    Failed f = { .k = k };
    size_t bad = zm_apply_relocs(image->data, k->layout.relocs,
                                 k->layout.nrelocs, resolve_noting, &f);
    bad += zm_apply_relocs(image->data, k->relocs, k->nrelocs,
                           resolve_noting, &f);
    if (bad)
        ICE("%zu references left unresolved (the first: kind %d, target %u)",
            bad, f.first ? f.first->kind : -1,
            f.first ? (unsigned)f.first->target : 0u);
}

/* ---- layout ---- */

static bool lay_out(ZLink *k)
{
    ZBuild *b = &k->b;
    const Options *o = k->c->opts;
    zo_write(b->objs, &k->ot);
    zd_write(b->dict, &k->dict);
    zg_write(b->gram, &k->gt);
    bool symbols = opt_setting_value(o, "OMIT_SYMBOL_TABLE") == 0;
    if (symbols) zbd_identifiers(b, &k->it);
    uint8_t alphabet[78];
    uint8_t unicode[1 + 2 * ZT_MAX_UNICODE];
    bool has_alpha = b->version >= 5 && b->zt.alphabet_changed;
    bool has_uni = b->version >= 5 && b->zt.unicode_changed;
    if (has_alpha) zt_alphabet_table(&b->zt, alphabet);
    size_t unilen = has_uni ? zt_unicode_table(&b->zt, unicode) : 0;
    ZLayoutInput in = {
        .version = b->version,
        .low_strings = b->low.data, .low_strings_len = b->low.len,
        .abbrevs = b->abbrevs,
        .header_ext_words = opt_setting_value(o, "ZCODE_HEADER_EXT_WORDS"),
        .flags3 = (uint16_t)opt_setting_value(o, "ZCODE_HEADER_FLAGS_3"),
        .alphabet = has_alpha ? alphabet : NULL,
        .unicode = has_uni ? unicode : NULL, .unicode_len = unilen,
        .objects = &k->ot, .object_count = zo_count(b->objs),
        .class_count = zo_class_count(b->objs),
        .idents = symbols ? &k->it : NULL,
        .globals = &b->globals, .compact_globals = b->gm.compact,
        .arrays = &b->arrays,
        .terminating = b->terminating.data,
        .terminating_len = b->terminating.len,
        .grammar = &k->gt, .actions = b->acts, .dict = b->dict,
        .dictionary = &k->dict, .static_arrays = &b->static_arrays,
        .attributes = b->prog->nattributes,
        .global_vars = k->ir->nglobals, .arrays_count = k->ir->narrays,
        /* inform6 counts named routines and constants only for the
         * Infix tables (-X); without them both constants are -1. */
        .routines = k->ir->infix_tables.nroutines,
        .constants = k->ir->infix_tables.nconstants,
        .oddeven = o->oddeven,
    };
    if (in.header_ext_words < 3) in.header_ext_words = 3;
    char err[300];
    if (!zl_build(&in, &k->layout, err, sizeof err)) {
        diag_error(NULL, "%s", err);
        return false;
    }
    k->code_start = k->layout.at[ZL_CODE];
    return true;
}

/* ---- the header and the file ---- */

static void fill_header(ZLink *k, ZHeader *h)
{
    const Options *o = k->c->opts;
    zs_header_init(h, k->version);
    zl_fill_header(&k->layout, h);
    h->release = k->b.release;
    int32_t serial = opt_setting(o, "SERIAL", -1);
    if (k->b.serial_set) memcpy(h->serial, k->b.serial, 6);
    else if (serial >= 0 && serial <= 999999) {
        char s[8];
        snprintf(s, sizeof s, "%06d", (int)serial);
        memcpy(h->serial, s, 6);
    }
    unsigned f1 = k->b.flags1;
    f1 |= (unsigned)opt_setting_value(o, "ZCODE_HEADER_FLAGS_1");
    f1 &= ~(unsigned)opt_setting_value(o, "ZCODE_HEADER_FLAGS_1_CLR");
    h->flags1 = (uint8_t)f1;
    unsigned f2 = k->flags2;
    f2 |= (unsigned)opt_setting_value(o, "ZCODE_HEADER_FLAGS_2");
    f2 &= ~(unsigned)opt_setting_value(o, "ZCODE_HEADER_FLAGS_2_CLR");
    h->flags2 = (uint16_t)f2;
}

static bool check_size(ZLink *k, size_t len)
{
    uint32_t max = zs_max_size(k->version);
    if (len <= max) return true;
    if (k->version < 8)
        diag_error(NULL, "the story is %zu bytes; version %d allows %u KB: "
                   "use -v8", len, k->version, (unsigned)(max / 1024));
    else
        diag_error(NULL, "the story is %zu bytes; version 8 allows %u KB, "
                   "the most a Z-machine story can hold", len,
                   (unsigned)(max / 1024));
    return false;
}

/* ---- the back end ---- */

static bool zm_supports(Compiler *c)
{
    int version = c->target->version;   /* -vN or `Version N;` */
    if (version >= 3 && version <= 8) return true;
    diag_error(NULL, "version %d is not a Z-machine version vinform writes "
               "(use -v3 to -v8)", version);
    return false;
}

static void link_free(ZLink *k)
{
    zbd_free(&k->b);
    zb_free(&k->code);
    free(k->relocs);
    free(k->routine_at);
    free(k->routine_len);
    free(k->points);
    free(k->string_at);
    zo_tables_free(&k->ot);
    zg_tables_free(&k->gt);
    zi_tables_free(&k->it);
    zblk_free(&k->dict);
    zl_free(&k->layout);
    zlink_listing_free(k);
}

/* Everything after the code but writing the file; the image is the
 * layout's. */
static bool link_story(ZLink *k)
{
    if (!k->code_ok || k->b.errors || diag_had_errors()) return false;
    zbd_finish(&k->b);
    if (!lay_out(k) || k->b.errors) return false;
    ZBuf *image = &k->layout.image;
    zb_append(image, k->code.data, k->code.len);
    for (size_t i = 0; i < k->nrelocs; i++) k->relocs[i].offset += k->code_start;
    k->nstring_at = k->ir->nstrings + k->b.nid_strings;
    k->string_at = xcalloc((size_t)k->nstring_at + 1, sizeof *k->string_at);
    mark_strings(k, k->layout.relocs, k->layout.nrelocs);
    mark_strings(k, k->relocs, k->nrelocs);
    for (int id = 0; id < k->ir->nstrings; id++)
        if (k->ir->strings[id].kept) k->string_at[id] = 1;
    size_t code_end = image->len;
    uint32_t start = zl_strings_align(&k->layout, (uint32_t)code_end);
    uint32_t apart = k->ir->strings_apart_from_arrays
                         ? above_arrays(k, start) : start;
    place_strings(k, image, apart);
    if (apart > start && image->len > zs_max_size(k->version)) {
        /* The gap leaves no room for the strings: they go straight after
         * the code, and the text library falls back on reading a value
         * in the arrays' range as a text only when it looks like one. */
        diag_warning(NULL, "the strings cannot be placed above the arrays "
                     "(they would end at byte %zu, past version %d's %u KB): "
                     "the text library may take a string for a text value "
                     "there; %s", image->len, k->version,
                     (unsigned)(zs_max_size(k->version) / 1024),
                     k->version < 8 ? "compile with -v8, or make the arrays "
                                      "smaller"
                                    : "make the arrays smaller");
        image->len = code_end;
        place_strings(k, image, start);
    }
    zl_set_strings_start(&k->layout, k->strings_start);
    resolve_all(k, image);
    if (!check_size(k, image->len)) return false;
    ZHeader h;
    fill_header(k, &h);
    char err[300];
    bool pad = opt_setting(k->c->opts, "ZCODE_FILE_END_PADDING", 1) != 0;
    if (!zs_finish(image, &h, pad, err, sizeof err)) {
        diag_error(NULL, "%s", err);
        return false;
    }
    return !diag_had_errors();
}

/* ---- the hooks (target.h) ---- */

struct TargetEmit {
    ZLink k;
};

static bool zlink_debug_story(TargetEmit *e, struct DebugStory *out,
                              Arena *arena)
{
    zlink_describe(&e->k, out, arena);
    return true;
}

static void zm_end(TargetEmit *e)
{
    if (!e) return;
    if (e->k.a) zm_asm_free(e->k.a);
    link_free(&e->k);
    free(e);
}

/* The tables, then Main__, the first routine of the code area. */
static TargetEmit *zm_begin(Compiler *c, const Program *prog, IrProgram *ir)
{
    TargetEmit *e = xcalloc(1, sizeof *e);
    ZLink *k = &e->k;
    k->c = c;
    k->ir = ir;
    k->version = c->target->version;
    k->align = zs_scale(k->version);
    if (c->opts->oddeven && (k->version == 6 || k->version == 7))
        k->align *= 2;      /* -B: routines even, strings odd (layout.c) */
    zbd_init(&k->b, c, prog, k->version);
    if (!zbd_build(&k->b)) {
        zm_end(e);
        return NULL;
    }
    k->a = zm_asm_new(k->version);
    if (c->opts->dump_asm || c->opts->asm_trace) {   /* -a: kept too */
        zlink_listing_begin(k);
        zm_asm_set_listing(k->a, true);
    }
    k->code_ok = main_routine(k, k->a);
    return e;
}

static bool zm_emit_routine(TargetEmit *e, int id, const IrRoutine *r)
{
    bool ok = emit_code(&e->k, id, r);
    if (!ok) e->k.code_ok = false;
    return ok;
}

static bool zm_finish(TargetEmit *e, const char *path)
{
    ZLink *k = &e->k;
    k->flags2 = zm_asm_flags2(k->a);
    zm_asm_free(k->a);
    k->a = NULL;
    if (!link_story(k)) return false;
    diag_flush();   /* the link's messages before what goes to stdout */
    if (k->c->opts->memory_map) zlink_memory_map(k, stdout);
    if (k->c->opts->statistics) zlink_statistics(k, stdout);
    if (k->c->opts->asm_trace) zlink_dump_asm(k, stdout);   /* -a */
    if (k->c->opts->frequencies) zlink_frequencies(k, stdout);
    return story_write_file(k->layout.image.data, k->layout.image.len, path);
}

/* --dump-asm: the story is linked as finish links it (the dump fails
 * where the compile would), then the listing kept since begin is printed
 * instead of the story written. */
static bool zm_dump_asm(TargetEmit *e, FILE *out)
{
    ZLink *k = &e->k;
    k->flags2 = zm_asm_flags2(k->a);
    if (!link_story(k)) return false;
    zlink_dump_asm(k, out);
    return true;
}

const TargetOps zm_target_ops = {
    .name = "Z-machine",
    .check_asm = zm_check_asm,
    .supports = zm_supports,
    .begin = zm_begin,
    .emit_routine = zm_emit_routine,
    .finish = zm_finish,
    .dump_asm = zm_dump_asm,
    .debug_story = zlink_debug_story,
    .end = zm_end,
    .dict_key = zm_dict_key,
};
