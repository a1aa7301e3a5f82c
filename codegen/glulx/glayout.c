/* glayout.c: the Glulx story laid out, its references resolved, the
 * header written and the checksum summed.
 *
 * Takes the code and every table (GLink's areas, each with its
 * references); gives the story image:
 *   0    header: "Glul", version, RAMSTART, EXTSTART, ENDMEM
 *        (EXTSTART + $MEMORY_MAP_EXTENSION), stack size
 *        ($MAX_STACK_SIZE), start function (Main__, at 60), decoding
 *        table (the string area), checksum;
 *   36   Inform's Info block: "Info", 1.0, "6.45", "0.38", release,
 *        serial;
 *   60   code, decoding table and strings, static arrays; padding to a
 *        multiple of 256 (RAMSTART); globals, arrays, dynamic strings,
 *        objects, property tables, defaults, classes, identifier names,
 *        grammar, actions, (long-aligned under $DICT_CHAR_SIZE=4) the
 *        dictionary; padding to a multiple of 256 (EXTSTART).
 * The checksum is the sum of every big-endian word of the file, counted
 * with its own field 0.  -z prints the map of these areas as inform6
 * does (gl_memory_map). */
#include "glink.h"

#include <stdio.h>
#include <string.h>

#include "../../compiler/diag.h"
#include "../../compiler/target.h"
#include "../story_file.h"

#define NOWHERE UINT32_MAX

static uint32_t align(uint32_t a, uint32_t unit)
{
    return (a + unit - 1) / unit * unit;
}

static void place(GLink *k)
{
    uint32_t a = GL_HEADER_BYTES;
    for (int i = 0; i < GA_END; i++) {
        if (i == GA_GLOBALS) a = align(a, 256);
        if (i == GA_DICT && k->dict.char_size != 1) a = align(a, 4);
        k->at[i] = a;
        a += (uint32_t)(i == GA_CODE ? k->code.len : k->area[i].len);
    }
    k->at[GA_END] = align(a, 256);
}

/* ---- the # constants only the layout knows ---- */

bool gl_sysconst(const GLink *k, uint32_t sc, uint32_t *v)
{
    const ProgGrammar *g = k->prog->grammar;
    const ProgObjects *o = &k->prog->objects;
    switch (sc) {
    case IRSC_classes_table: case IRSC_cpv__end:
    case IRSC_class_objects_array:
        *v = k->at[GA_CLASSES]; return true;
    case IRSC_identifiers_table: *v = k->at[GA_IDS]; return k->ids_made;
    case IRSC_array_names_offset:
        *v = k->at[GA_IDS] + k->ids_arrays; return k->ids_made;
    case IRSC_action_names_array:
        *v = k->at[GA_IDS] + k->ids_actions; return k->ids_made;
    case IRSC_fake_action_names_array:
        *v = k->at[GA_IDS] + k->ids_fakes; return k->ids_made;
    case IRSC_cpv__start: *v = k->at[GA_CPV]; return true;
    case IRSC_dictionary_table: *v = k->at[GA_DICT]; return true;
    case IRSC_dynam_string_table: *v = k->at[GA_DYNSTR]; return true;
    case IRSC_grammar_table: *v = k->at[GA_GRAMMAR]; return true;
    case IRSC_actions_table: *v = k->at[GA_ACTIONS]; return true;
    case IRSC_globals_array: *v = k->at[GA_GLOBALS]; return true;
    case IRSC_highest_class_number: *v = (uint32_t)o->nclasses - 1; return true;
    case IRSC_highest_object_number: *v = (uint32_t)o->nobjs - 1; return true;
    case IRSC_highest_action_number: *v = (uint32_t)g->nactions - 1; return true;
    case IRSC_lowest_fake_action_number: *v = (uint32_t)g->lowest_fake; return true;
    case IRSC_highest_fake_action_number:
        *v = (uint32_t)(g->lowest_fake + g->nfakes - 1); return true;
    case IRSC_highest_meta_action_number: *v = (uint32_t)g->nmeta - 1; return true;
    default: {
        int64_t x;
        const char *name = ir_sysconst_name(sc);
        if (!name || !target_sysconst(k->c, name, &x)) return false;
        *v = (uint32_t)x;
        return true;
    }
    }
}

static uint32_t sysconst_value(GLink *k, uint32_t sc)
{
    uint32_t v = 0;
    if (gl_sysconst(k, sc, &v)) return v;
    if (sc < IRSC_COUNT && !k->sc_missing[sc]) {
        k->sc_missing[sc] = true;
        const char *name = ir_sysconst_name(sc);
        if (sc == IRSC_identifiers_table || sc == IRSC_array_names_offset ||
            sc == IRSC_action_names_array || sc == IRSC_fake_action_names_array)
            diag_error(NULL, "the system constant #%s has no value in this "
                       "story: $OMIT_SYMBOL_TABLE leaves the identifier "
                       "tables out", name);
        else
            diag_error(NULL, "the system constant #%s is not implemented in "
                       "Glulx", name ? name : "?");
    }
    return 0;
}

/* ---- references ---- */

bool gl_resolve(GLink *k, const GReloc *r, uint32_t *v)
{
    uint32_t t = r->target;
    switch (r->kind) {
    case GR_ROUTINE:
        if (t >= (uint32_t)k->routine_cap || k->routine_at[t] == NOWHERE)
            return false;
        *v = k->at[GA_CODE] + k->routine_at[t];
        return true;
    case GR_STRING:
        if (t >= (uint32_t)k->ir->nstrings || k->string_at[t] == NOWHERE)
            return false;
        *v = k->at[GA_DECODE] + k->string_at[t];
        return true;
    case GL_XSTRING:
        if (t >= (uint32_t)k->nxstr) return false;
        *v = k->at[GA_DECODE] + k->xstring_at[t];
        return true;
    case GR_DICT:
        if (t >= (uint32_t)k->ir->ndict) return false;
        *v = k->at[GA_DICT] + gd_offset(&k->dict, k->dict_of_ir[t]);
        return true;
    case GL_DICTENT:
        *v = k->at[GA_DICT] + gd_offset(&k->dict, (int)t);
        return true;
    case GR_ARRAY:
        if (t >= (uint32_t)k->prog->narrays) return false;
        *v = k->at[k->array_static[t] ? GA_STATIC : GA_ARRAYS] + k->array_at[t];
        return true;
    case GR_OBJECT:
        *v = t == 0 ? 0 : k->at[GA_OBJECTS] + (t - 1) * (uint32_t)k->obj_size;
        return t <= (uint32_t)k->prog->objects.nobjs;
    case GR_SYSCONST: *v = sysconst_value(k, t); return true;
    case GR_ACTION:
        *v = (uint32_t)progg_action_value(k->prog->grammar, t);
        return true;
    case GR_GLOBAL_ADDR:
        *v = k->at[GA_GLOBALS] + 4 * gl_global_number((int32_t)t);
        return true;
    case GR_TABLE:
        if (t >= (uint32_t)k->ir->ntables) return false;
        *v = k->at[GA_ARRAYS] + k->table_at[t];
        return true;
    case GL_AREA:
        if (t >= GA_COUNT) return false;
        *v = k->at[t];
        return true;
    default: return false;
    }
}

static void apply(GLink *k, const GBlock *b, uint32_t base)
{
    uint8_t *img = k->image.data;
    for (size_t i = 0; i < b->nrelocs; i++) {
        const GReloc *r = &b->relocs[i];
        uint32_t v;
        if (!gl_resolve(k, r, &v))
            ICE("Glulx reference left unresolved (kind %d, target %u)",
                r->kind, (unsigned)r->target);
        v += (uint32_t)r->addend;
        uint8_t *p = img + base + r->offset;
        if (r->width == 4) gk_set32(p, v);
        else if (r->width == 2) be_set16(p, v);
        else p[0] = (uint8_t)v;
    }
}

/* ---- the header ---- */

static void info_block(GLink *k, uint8_t *p)
{
    const Program *prog = k->prog;
    memcpy(p, "Info", 4);
    gk_set32(p + 4, 0x00010000);
    memcpy(p + 8, "6.45", 4);
    memcpy(p + 12, "0.38", 4);
    int32_t release = 1;
    if (prog->has_release && !gl_number(k, prog->release, &release))
        release = 1;
    p[16] = (uint8_t)(release >> 8);
    p[17] = (uint8_t)release;
    int32_t serial = opt_setting(k->c->opts, "SERIAL", -1);
    if (prog->has_serial) memcpy(p + 18, prog->serial, 6);
    else if (serial >= 0 && serial <= 999999) {
        char s[8];
        snprintf(s, sizeof s, "%06d", (int)serial);
        memcpy(p + 18, s, 6);
    } else {
        story_serial((char *)p + 18);
    }
}

static uint32_t final_version(GLink *k)
{
    uint32_t asked = k->c->opts->glulx_version;
    if (!asked) return k->version;
    if (asked < k->version)
        diag_warning(NULL, "version 0x%08x requested, but game features "
                     "require version 0x%08x", (unsigned)asked,
                     (unsigned)k->version);
    return asked < k->version ? k->version : asked;
}

static void header(GLink *k)
{
    uint8_t *p = k->image.data;
    const Options *o = k->c->opts;
    memcpy(p, "Glul", 4);
    gk_set32(p + 4, final_version(k));
    gk_set32(p + 8, k->at[GA_GLOBALS]);
    gk_set32(p + 12, k->at[GA_END]);
    gk_set32(p + 16, k->at[GA_END] +
             (uint32_t)opt_setting_value(o, "MEMORY_MAP_EXTENSION"));
    gk_set32(p + 20, (uint32_t)opt_setting_value(o, "MAX_STACK_SIZE"));
    gk_set32(p + 24, k->at[GA_CODE]);
    gk_set32(p + 28, k->at[GA_DECODE]);
    info_block(k, p + 36);
    uint32_t sum = 0;
    for (size_t i = 0; i + 4 <= k->image.len; i += 4) sum += gk_get32(p + i);
    gk_set32(p + 32, sum);
}

/* ---- -z ---- */

static void map_line(FILE *out, const char *left, const char *box, long at)
{
    fprintf(out, "%-8s%s   %06lx\n", left, box, at);
}

static void map_box(FILE *out, const char *left, const char *name)
{
    fprintf(out, "%-8s|%s|   \n", left, name);
}

void gl_memory_map(const GLink *k, FILE *out)
{
    static const char *const solid = "+---------------------+";
    static const char *const dashed = "+ - - - - - - - - - - +";
    static const char *const dbl = "+=====================+";
    long ext = (long)opt_setting_value(k->c->opts, "MEMORY_MAP_EXTENSION");
    map_line(out, "", solid, 0);
    map_box(out, "Read-", "       header        ");
    map_line(out, " only", dbl, 36);
    map_box(out, "memory", "  memory layout id   ");
    map_line(out, "", solid, (long)k->at[GA_CODE]);
    map_box(out, "", "        code         ");
    map_line(out, "", solid, (long)k->at[GA_DECODE]);
    map_box(out, "", " string decode table ");
    map_line(out, "", dashed, (long)(k->at[GA_DECODE] + k->decode_len));
    map_box(out, "", "       strings       ");
    if (k->area[GA_STATIC].len) {
        map_line(out, "", solid, (long)k->at[GA_STATIC]);
        map_box(out, "", "    static arrays    ");
    }
    /* from RAMSTART: each area's opening line and its box; the labels
     * in the margin are inform6's */
    static const struct { GArea a; char line; const char *name; } ram[] = {
        { GA_GLOBALS, '=', "  global variables   " },
        { GA_ARRAYS, '-', "       arrays        " },
        { GA_DYNSTR, '+', " printing variables  " },
        { GA_OBJECTS, '+', "       objects       " },
        { GA_PROPS, '-', "   property values   " },
        { GA_CPV, '-', "  property defaults  " },
        { GA_CLASSES, '-', " class numbers table " },
        { GA_IDS, '-', "   id names table    " },
        { GA_GRAMMAR, '+', "    grammar table    " },
        { GA_ACTIONS, '-', "       actions       " },
        { GA_DICT, '+', "     dictionary      " },
    };
    for (size_t i = 0; i < sizeof ram / sizeof *ram; i++) {
        const char *line = ram[i].line == '=' ? dbl
                         : ram[i].line == '-' ? dashed : solid;
        map_line(out, i == 1 ? "memory" : "", line, (long)k->at[ram[i].a]);
        map_box(out, i == 0 ? "Dynamic" : "", ram[i].name);
    }
    if (!ext) {
        map_line(out, "", solid, (long)k->at[GA_END]);
        return;
    }
    map_line(out, "", dbl, (long)k->at[GA_END]);
    fprintf(out, "Runtime |       (empty)       |\n");
    map_line(out, "  extn", solid, (long)k->at[GA_END] + ext);
}

bool gl_link(GLink *k)
{
    gl_strings(k);
    if (k->errors) return false;
    place(k);
    /* The image grows out of the code's own buffer (the code, most of
     * the story, moved up past the header in memory already written
     * rather than copied into fresh pages); then the areas in order,
     * zeros only in the header (written below) and the padding between
     * them.  The code's bytes are the image's from here: k->code keeps
     * its length and references. */
    GBlock *img = &k->image;
    img->bytes = k->code.bytes;
    k->code.data = NULL;
    k->code.cap = 0;
    img->len = 0;
    bytes_reserve(&img->bytes, k->at[GA_END]);
    memmove(img->data + k->at[GA_CODE], img->data, k->code.len);
    memset(img->data, 0, k->at[GA_CODE]);
    img->len = k->at[GA_CODE] + k->code.len;
    apply(k, &k->code, k->at[GA_CODE]);
    for (int i = GA_CODE + 1; i < GA_END; i++) {
        const GBlock *b = &k->area[i];
        gk_zeros(img, k->at[i] - img->len);
        gk_append(img, b->data, b->len);
        apply(k, b, k->at[i]);
    }
    gk_zeros(img, k->at[GA_END] - img->len);
    header(k);
    return !diag_had_errors();
}
