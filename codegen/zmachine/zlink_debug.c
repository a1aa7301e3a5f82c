/* zlink_debug.c: the Z back end's part of the debugging information file
 * (-k): the linked story described as compiler/debugfile.h asks, through
 * the back end's debug_story hook.
 *
 * Takes the linker's state after finish (the story laid out, every
 * relocation resolvable); gives a DebugStory: routines' addresses
 * (packed values, byte addresses, lengths, the sequence points their
 * code took, as the linker kept them), Main__, the globals'
 * and arrays' addresses, the artificial properties 2 and 3, the
 * sections inform6 names for a Z story, the 64-byte header and the #
 * system constants, each grammar line's bytes (read back from the
 * grammar table); for the transcript (-r), the release, serial,
 * which strings are stored and the dictionary's words decoded from the
 * story.  Every address comes from the linker's own resolver,
 * so that the file says what the story holds. */
#include "zlink.h"

#include <string.h>

#include "../../compiler/debugfile.h"
#include "../../compiler/text.h"
#include "select.h"
#include "story.h"
#include "sysconst.h"

static uint32_t resolved(ZLink *k, ZRelocKind kind, uint32_t target)
{
    ZReloc r = { .kind = kind, .target = target };
    uint32_t v = 0;
    return zlink_resolve(k, &r, &v) ? v : 0;
}

static void routines(ZLink *k, DebugStory *out, Arena *arena)
{
    uint32_t scale = zs_scale(k->version);
    int n = k->routine_cap;
    out->routines = arena_alloc(arena, (size_t)(n ? n : 1) *
                                       sizeof *out->routines);
    out->nroutines = n;
    for (int id = 0; id < n; id++) {
        DebugRoutine *d = &out->routines[id];
        d->address = DEBUG_NOWHERE;
        if (k->routine_at[id] == UINT32_MAX) continue;
        d->address = k->code_start + k->routine_at[id];
        d->value = d->address / scale;
        d->size = (k->routine_len[id] + scale - 1) / scale * scale;
    }
    debug_place_points(out, k->points, k->npoints, arena);
    out->entry_name = "Main__";
    out->entry.address = k->code_start;
    out->entry.value = k->code_start / scale;
    out->entry.size = (k->main_len + scale - 1) / scale * scale;
}

static void variables(ZLink *k, DebugStory *out, Arena *arena)
{
    out->nglobals = k->ir->nglobals;
    out->globals = arena_alloc(arena, (size_t)(out->nglobals + 1) *
                                      sizeof *out->globals);
    for (int i = 0; i < out->nglobals; i++)
        out->globals[i] = resolved(k, ZR_GLOBAL_ADDR, (uint32_t)i);
    out->nsystem_globals = IRG_END - IRG_SYSTEM;
    for (int i = 0; i < out->nsystem_globals; i++)
        out->system_globals[i] = resolved(k, ZR_GLOBAL_ADDR,
                                          (uint32_t)(IRG_SYSTEM + i));
    out->narrays = k->b.narrays;
    out->arrays = arena_alloc(arena, (size_t)(out->narrays + 1) *
                                     sizeof *out->arrays);
    for (int i = 0; i < out->narrays; i++)
        out->arrays[i] = resolved(k, ZR_ARRAY, (uint32_t)i);
}

/* inform6's sections of a Z story, in address order. */
static void sections(ZLink *k, DebugStory *out, Arena *arena)
{
    static const struct { const char *type; ZLRegion r; } rows[] = {
        { "abbreviations", ZL_LOW_STRINGS },
        { "abbreviations table", ZL_ABBREVS },
        { "header extension", ZL_HEADER_EXT },
        { "alphabets table", ZL_ALPHABET },
        { "Unicode table", ZL_UNICODE },
        { "property defaults", ZL_PROP_DEFAULTS },
        { "object tree", ZL_OBJECTS },
        { "common properties", ZL_PROPS },
        { "class numbers", ZL_CLASSES },
        { "identifier names", ZL_IDENTIFIERS },
        { "individual properties", ZL_INDIV },
        { "global variables", ZL_GLOBALS },
        { "array space", ZL_ARRAYS },
        { "grammar table", ZL_GRAMMAR },
        { "actions table", ZL_ACTIONS },
        { "parsing routines", ZL_PREACTIONS },
        { "adjectives table", ZL_ADJECTIVES },
        { "dictionary", ZL_DICTIONARY },
        { "code area", ZL_CODE },
    };
    enum { NROWS = sizeof rows / sizeof *rows };
    const ZLayout *l = &k->layout;
    out->sections = arena_alloc(arena, (NROWS + 2) * sizeof *out->sections);
    out->sections[out->nsections++] = (DebugSection){ "header", 0 };
    for (int i = 0; i < NROWS; i++) {
        ZLRegion r = rows[i].r;
        if ((r == ZL_ALPHABET || r == ZL_UNICODE) && !l->at[r]) continue;
        /* #adjectives_table: past the count word */
        uint32_t at = l->at[r] + (r == ZL_ADJECTIVES ? 2 : 0);
        out->sections[out->nsections++] = (DebugSection){ rows[i].type, at };
    }
    out->sections[out->nsections++] =
        (DebugSection){ "strings area", k->strings_start };
    out->story_size = k->strings_end ? k->strings_end
                                     : (uint32_t)l->image.len;
}

static void constants(ZLink *k, DebugStory *out, Arena *arena)
{
    static DebugNamed props[] = {
        { "inheritance class", 2 },
        { "instance variables table address (Z-code)", 3 },
    };
    out->properties = props;
    out->nproperties = 2;
    /* inform6's list for a Z story, in its order; a constant this story
     * has no value for (the Infix tables, never made) is left out. */
    static const ZSysConst listed[] = {
        ZSC_adjectives_table, ZSC_actions_table, ZSC_classes_table,
        ZSC_identifiers_table, ZSC_preactions_table, ZSC_largest_object,
        ZSC_strings_offset, ZSC_code_offset, ZSC_actual_largest_object,
        ZSC_static_memory_offset, ZSC_array_names_offset,
        ZSC_readable_memory_offset, ZSC_cpv__start, ZSC_cpv__end,
        ZSC_ipv__start, ZSC_ipv__end, ZSC_array__start, ZSC_array__end,
        ZSC_highest_attribute_number, ZSC_attribute_names_array,
        ZSC_highest_property_number, ZSC_property_names_array,
        ZSC_highest_action_number, ZSC_action_names_array,
        ZSC_highest_fake_action_number, ZSC_fake_action_names_array,
        ZSC_highest_routine_number, ZSC_routine_names_array,
        ZSC_routines_array, ZSC_routine_flags_array,
        ZSC_highest_global_number, ZSC_global_names_array,
        ZSC_globals_array, ZSC_global_flags_array,
        ZSC_highest_array_number, ZSC_array_names_array,
        ZSC_array_flags_array, ZSC_highest_constant_number,
        ZSC_constant_names_array, ZSC_highest_class_number,
        ZSC_class_objects_array, ZSC_highest_object_number,
        ZSC_dictionary_table, ZSC_grammar_table,
    };
    enum { NLISTED = sizeof listed / sizeof *listed };
    out->sysconsts = arena_alloc(arena, NLISTED * sizeof *out->sysconsts);
    for (int i = 0; i < NLISTED; i++) {
        ZReloc r = { .kind = ZR_SYSCONST, .target = (uint32_t)listed[i] };
        uint32_t v;
        if (!zlink_resolve(k, &r, &v)) continue;
        out->sysconsts[out->nsysconsts++] = (DebugNamed){
            arena_printf(arena, "#%s", zsc_name(listed[i])), (int32_t)v };
    }
    out->prefix = k->layout.image.data;
    out->prefix_len = k->layout.image.len < 64 ? (int)k->layout.image.len
                                               : 64;
    out->locals_by_index = true;
}

/* ---- the dictionary, read back from the story ---- */

static void put_zscii(ZLink *k, int z, char *buf, int *n)
{
    uint32_t cp = zt_zscii_to_unicode(&k->b.zt, z);
    if (!cp) cp = '?';
    if (*n + 4 < 64) *n += text_utf8_encode(cp, buf + *n);
}

/* The text of the dictionary entry at `p` (its z-characters decoded with
 * the story's alphabets: 4 and 5 shift one character, A2's first is a
 * 10-bit ZSCII code, 5 at the end pads). */
static const char *entry_text(ZLink *k, const uint8_t *p, int bytes,
                              Arena *arena)
{
    int zc[12], nz = 0;
    for (int i = 0; i < bytes; i += 2) {
        unsigned w = (unsigned)p[i] << 8 | p[i + 1];
        zc[nz++] = (int)(w >> 10 & 31);
        zc[nz++] = (int)(w >> 5 & 31);
        zc[nz++] = (int)(w & 31);
    }
    uint8_t alpha[78];
    zt_alphabet_table(&k->b.zt, alpha);
    char buf[64];
    int n = 0, shift = 0;
    for (int i = 0; i < nz; i++) {
        int c = zc[i];
        if (c == 4 || c == 5) { shift = c - 3; continue; }
        if (c == 0) put_zscii(k, ' ', buf, &n);
        else if (c >= 6 && shift == 2 && c == 6) {
            if (i + 2 < nz) put_zscii(k, zc[i + 1] << 5 | zc[i + 2], buf, &n);
            i += 2;
        } else if (c >= 6) put_zscii(k, alpha[shift * 26 + c - 6], buf, &n);
        shift = 0;
    }
    buf[n] = '\0';
    return arena_strdup(arena, buf);
}

static void dictionary(ZLink *k, DebugStory *out, Arena *arena)
{
    const uint8_t *img = k->layout.image.data;
    uint32_t at = k->layout.at[ZL_DICTIONARY];
    if (!at || at + 4 >= k->layout.image.len) return;
    at += 1 + img[at];                        /* the word separators */
    int len = img[at];
    int count = img[at + 1] << 8 | img[at + 2];
    at += 3;
    int bytes = zt_dict_bytes(k->version);
    out->dict_words = arena_alloc(arena, (size_t)(count + 1) *
                                         sizeof *out->dict_words);
    int *data = arena_alloc(arena, 3 * (size_t)(count + 1) * sizeof *data);
    out->dict_flags = data;
    out->dict_par2 = data + count + 1;
    out->dict_par3 = data + 2 * (count + 1);
    out->dict_data = img + at;
    out->dict_entry_len = len;
    for (int i = 0; i < count && at + (uint32_t)len <= k->layout.image.len;
         i++, at += (uint32_t)len) {
        data[i] = img[at + bytes];
        data[count + 1 + i] = img[at + bytes + 1];
        data[2 * (count + 1) + i] = img[at + bytes + 2];
        out->dict_words[out->ndict_words++] =
            entry_text(k, img + at, bytes, arena);
    }
}

/* Where the grammar line at `p` ends: GV1 lines are 8 bytes, GV3's
 * count their tokens in the action word's top five bits, GV2's end with
 * ENDIT (15) after 3-byte tokens. */
static uint32_t line_end(const uint8_t *img, size_t len, uint32_t p, int gv)
{
    if (gv == 1) return p + 8;
    if (gv == 3) return p + 2 + 2 * (uint32_t)(img[p] >> 3);
    for (p += 2; p < len && img[p] != 15; p += 3) {}
    return p + 1;
}

/* Each grammar line's bytes, read back from the story's grammar table
 * (a word per verb, the verb's line count, its lines). */
static void grammar_lines(ZLink *k, DebugStory *out, Arena *arena)
{
    const ProgGrammar *g = k->b.prog->grammar;
    const uint8_t *img = k->layout.image.data;
    size_t len = k->layout.image.len;
    uint32_t base = k->layout.at[ZL_GRAMMAR];
    if (!g || !g->nlines || !base) return;
    DebugRange *r = arena_alloc(arena, (size_t)g->nlines * sizeof *r);
    memset(r, 0, (size_t)g->nlines * sizeof *r);
    for (int v = 0; v < g->nverbs && base + 2 * (uint32_t)v + 1 < len; v++) {
        uint32_t at = (uint32_t)img[base + 2 * v] << 8 | img[base + 2 * v + 1];
        if (at >= len) break;
        uint32_t p = at + 1;
        const PgVerb *verb = &g->verbs[v];
        for (int i = 0; i < img[at] && i < verb->nlines && p < len; i++) {
            uint32_t end = line_end(img, len, p, g->version);
            r[verb->lines[i]] = (DebugRange){ p, end };
            p = end;
        }
    }
    out->grammar_lines = r;
    out->ngrammar_lines = g->nlines;
}

static void header(ZLink *k, DebugStory *out, Arena *arena)
{
    const uint8_t *h = k->layout.image.data;
    out->compiled_as = arena_printf(arena, "Z-machine version %d",
                                    k->version);
    out->release = h[2] << 8 | h[3];
    memcpy(out->serial, h + 18, 6);
    out->serial[6] = '\0';
}

/* Which strings the story stores (the transcript's G, not H): those with
 * an address, printed out of line or used as a value. */
static void stored_strings(ZLink *k, DebugStory *out, Arena *arena)
{
    int n = k->ir->nstrings < k->nstring_at ? k->ir->nstrings : k->nstring_at;
    bool *stored = arena_alloc(arena, (size_t)n + 1);
    for (int id = 0; id < n; id++) stored[id] = k->string_at[id] != 0;
    out->stored_strings = stored;
}

/* The Unicode table, when one is written ($!UNICODE). */
static void unicode(ZLink *k, DebugStory *out)
{
    out->unicode_machine = true;
    if (!k->b.zt.unicode_changed) return;
    out->unicode = k->b.zt.unicode;
    out->nunicode = k->b.zt.unicode_count;
}

void zlink_describe(ZLink *k, DebugStory *out, Arena *arena)
{
    unicode(k, out);
    routines(k, out, arena);
    variables(k, out, arena);
    sections(k, out, arena);
    constants(k, out, arena);
    dictionary(k, out, arena);
    grammar_lines(k, out, arena);
    header(k, out, arena);
    stored_strings(k, out, arena);
}
