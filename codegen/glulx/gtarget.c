/* gtarget.c: the Glulx back end's hooks, as the target interface
 * (compiler/target.h) hands them to the driver.
 *
 * Takes the Program (codegen/program.h) and its lowering; gives
 * gl_target_ops, which target_select() puts in c->target for -G, and
 * through it the story file:
 *   1. begin: the tables encoded from the Program in source order
 *      (gdata.c, gobjects.c, gdict.c, ggrammar.c) and Main__, the code
 *      area's first function (`C1 00 00`, call Main, return, as inform6);
 *   2. emit_routine: every IR routine through instruction selection
 *      (gcode.h: bytes and references), placed after the last;
 *   3. finish: the tables only known at the end (lowering's tables, the
 *      dictionary words code names, the identifier names, the dynamic
 *      strings), the strings (gstrings.c), the layout, references,
 *      header and checksum (glayout.c), and the file (story_file.c);
 *   4. debug_story: the story described for -k and -r (gdebug.c).
 * Also the helpers every table file uses: an IR value as a reference. */
#include "../../compiler/target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../compiler/diag.h"
#include "../story_file.h"
#include "glink.h"
#include "glist.h"
#include "opcodes.h"

#define NOWHERE UINT32_MAX

/* ---- values in tables ---- */

void gl_report(GLink *k, const SrcLoc *loc, const char *msg)
{
    diag_error(loc, "%s", msg);
    k->errors++;
}

bool gl_number(GLink *k, IrValue v, int32_t *out)
{
    switch (v.ref) {
    case IRR_NONE: *out = v.num; return true;
    case IRR_CHAR: *out = (int32_t)v.target + v.num; return true;
    case IRR_GLOBAL_NUM:
        *out = (int32_t)gl_global_number((int32_t)v.target) + v.num;
        return true;
    case IRR_ACTION:
        if (v.target < IR_FAKE_ACTION_BASE) return false;
        *out = progg_action_value(k->prog->grammar, v.target) + v.num;
        return true;
    case IRR_OBJECT:
        if (v.target != 0) return false;
        *out = v.num;
        return true;
    default: return false;
    }
}

/* The IR's reference kinds as the linker's (by name, not by order). */
static int reloc_kind(int ref)
{
    switch (ref) {
    case IRR_ROUTINE: return GR_ROUTINE;
    case IRR_STRING: return GR_STRING;
    case IRR_DICT: return GR_DICT;
    case IRR_ARRAY: return GR_ARRAY;
    case IRR_OBJECT: return GR_OBJECT;
    case IRR_SYSCONST: return GR_SYSCONST;
    case IRR_ACTION: return GR_ACTION;
    case IRR_GLOBAL_ADDR: return GR_GLOBAL_ADDR;
    case IRR_TABLE: return GR_TABLE;
    default: return -1;
    }
}

void gl_value(GLink *k, GBlock *b, IrValue v, int width, const SrcLoc *loc)
{
    int32_t n;
    if (!gl_number(k, v, &n)) {
        int kind = reloc_kind(v.ref);
        if (kind >= 0) {
            gk_ref(b, kind, width, v.target, v.num);
            return;
        }
        gl_report(k, loc, "this value exists only on the Z-machine (a "
                  "Lowstring's address)");
        n = 0;
    }
    if (width == 4) gk_put32(b, (uint32_t)n);
    else if (width == 2) gk_put16(b, (uint32_t)n);
    else gk_put8(b, (uint32_t)n);
}

uint32_t gl_xstring(GLink *k, const char *text)
{
    size_t n = strlen(text);
    GXString s = { xmalloc((n + 1) * sizeof(uint32_t)), 0 };
    for (size_t i = 0; i < n; i++) s.units[s.len++] = (unsigned char)text[i];
    VEC_PUSH(NULL, k->xstr, k->nxstr, k->xstr_cap, s);
    return (uint32_t)(k->nxstr - 1);
}

/* ---- code ---- */

static uint32_t place_code(GLink *k, const GRoutineCode *rc)
{
    uint32_t at = (uint32_t)k->code.len;
    gk_append(&k->code, rc->bytes, rc->len);
    for (size_t i = 0; i < rc->nrelocs; i++) {
        GReloc r = rc->relocs[i];
        r.offset += at;
        VEC_PUSH(NULL, k->code.relocs, k->code.nrelocs, k->code.relocs_cap, r);
    }
    return at;
}

static void note_routine(GLink *k, int id, uint32_t at)
{
    if (id >= k->routine_cap) {
        int old = k->routine_cap;
        VEC_RESERVE(NULL, k->routine_at, old, k->routine_cap, id + 1);
        for (int i = old; i < k->routine_cap; i++) k->routine_at[i] = NOWHERE;
    }
    k->routine_at[id] = at;
}

/* Main__: `C1 00 00` (arguments into locals, none), `@call Main 0 0`
 * (the result discarded), `@return 0`: inform6's bytes. */
static bool main_routine(GLink *k)
{
    int main_id = k->ir->main_routine;
    if (main_id < 0) {
        diag_error(NULL, "the program has no 'Main' routine: every story "
                   "starts by calling [ Main; ... ];");
        return false;
    }
    GBlock *b = &k->code;
    static const uint8_t head[] = { 0xC1, 0x00, 0x00, 0x30, 0x03, 0x00 };
    gk_append(b, head, sizeof head);       /* call: mode 3 (4-byte), 0, 0 */
    gk_ref(b, GR_ROUTINE, 4, (uint32_t)main_id, 0);
    static const uint8_t ret[] = { 0x31, 0x00 };   /* @return 0 */
    gk_append(b, ret, sizeof ret);
    return true;
}

/* ---- the hooks ---- */

struct TargetEmit {
    GLink k;
};

static bool gl_supports(struct Compiler *c)
{
    (void)c;
    return true;
}

static void read_settings(GLink *k)
{
    const Options *o = k->c->opts;
    k->attr_bytes = opt_setting_value(o, "NUM_ATTR_BYTES");
    k->obj_ext = opt_setting_value(o, "GLULX_OBJECT_EXT_BYTES");
    k->obj_size = 1 + k->attr_bytes + 24 + k->obj_ext;
    k->indiv_start = opt_setting_value(o, "INDIV_PROP_START");
    k->compress = o->huffman;
    gd_init(&k->dict, opt_setting_value(o, "DICT_WORD_SIZE"),
            opt_setting_value(o, "DICT_CHAR_SIZE"));
}

static void gl_end(TargetEmit *e)
{
    if (!e) return;
    GLink *k = &e->k;
    if (k->sel) gsel_free(k->sel);
    if (k->listing) fclose(k->listing);
    free(k->listing_text);
    gk_free(&k->code);
    for (int i = 0; i < GA_COUNT; i++) gk_free(&k->area[i]);
    gk_free(&k->strings);
    gk_free(&k->image);
    free(k->routine_at);
    free(k->points);
    free(k->array_at);
    free(k->array_static);
    free(k->table_at);
    free(k->dict_of_ir);
    free(k->dict_of_grammar);
    for (int i = 0; i < k->nxstr; i++) free(k->xstr[i].units);
    free(k->xstr);
    free(k->string_at);
    free(k->xstring_at);
    free(k->abbrev_uses);
    gd_free(&k->dict);
    free(e);
}

static TargetEmit *gl_begin(Compiler *c, const Program *prog, IrProgram *ir)
{
    TargetEmit *e = xcalloc(1, sizeof *e);
    GLink *k = &e->k;
    k->c = c;
    k->prog = prog;
    k->ir = ir;
    read_settings(k);
    gl_globals(k);
    gl_arrays(k);
    gl_objects(k);
    gl_grammar_words(k);
    gl_dictionary(k);
    if (k->errors) {
        gl_end(e);
        return NULL;
    }
    k->sel = gsel_new(c, ir);
    if (c->opts->dump_asm || c->opts->asm_trace)      /* -a: kept too */
        k->listing = open_memstream(&k->listing_text, &k->listing_len);
    k->code_ok = main_routine(k);
    if (k->code_ok && k->listing) {
        GRoutineCode rc = { k->code.data, k->code.len, k->code.relocs,
                            k->code.nrelocs };
        glist_routine(k->listing, k->ir, NULL, &rc);
    }
    return e;
}

static bool gl_emit_routine(TargetEmit *e, int id, const IrRoutine *r)
{
    GLink *k = &e->k;
    note_routine(k, id, NOWHERE);
    GRoutineCode rc;
    if (!gsel_routine(k->sel, r, &rc)) {
        k->code_ok = false;
        return false;
    }
    note_routine(k, id, place_code(k, &rc));
    if (k->listing) glist_routine(k->listing, k->ir, r, &rc);
    size_t n;       /* -k */
    const GSeqPoint *p = gsel_seq_points(k->sel, &n);
    for (size_t i = 0; i < n; i++)
        VEC_PUSH(NULL, k->points, k->npoints, k->points_cap,
                 ((DebugCodePoint){ id, p[i].offset, r->marks[p[i].id].loc }));
    return true;
}

/* Everything after the code but writing the file. */
static bool link_story(GLink *k)
{
    if (!k->code_ok || k->errors || diag_had_errors()) return false;
    uint32_t v = gsel_glulx_version(k->sel);
    k->version = v > 0x00020000 ? v : 0x00020000;
    gl_tables(k);
    gl_dict_ir(k);
    gl_grammar(k);
    if (opt_setting_value(k->c->opts, "OMIT_SYMBOL_TABLE") == 0)
        gl_identifiers(k);
    gl_dynstrings(k);
    gd_write(&k->dict, &k->area[GA_DICT]);
    if (k->errors) return false;
    return gl_link(k) && !diag_had_errors();
}

static bool gl_finish(TargetEmit *e, const char *path)
{
    GLink *k = &e->k;
    if (!link_story(k)) return false;
    diag_flush();   /* the link's messages before what goes to stdout */
    if (k->c->opts->memory_map) gl_memory_map(k, stdout);
    if (k->c->opts->statistics) gl_statistics(k, stdout);
    if (k->c->opts->asm_trace && k->listing) {      /* -a */
        fflush(k->listing);
        fwrite(k->listing_text, 1, k->listing_len, stdout);
    }
    if (k->c->opts->frequencies) gl_frequencies(k, stdout);
    return story_write_file(k->image.data, k->image.len, path);
}

/* --dump-asm: the story is linked as finish links it (the dump fails
 * where the compile would), then the functions kept since begin are
 * printed, Main__ first, in the order of the code (glist.c). */
static bool gl_dump_asm(TargetEmit *e, FILE *out)
{
    GLink *k = &e->k;
    if (!link_story(k) || !k->listing) return false;
    fflush(k->listing);
    fwrite(k->listing_text, 1, k->listing_len, out);
    return true;
}

/* -k, -r: the story gl_finish wrote, described (gdebug.c). */
static bool gl_debug_story(TargetEmit *e, struct DebugStory *out,
                           Arena *arena)
{
    gl_describe(&e->k, out, arena);
    return true;
}

const TargetOps gl_target_ops = {
    .name = "Glulx",
    .check_asm = gl_check_asm,
    .supports = gl_supports,
    .begin = gl_begin,
    .emit_routine = gl_emit_routine,
    .finish = gl_finish,
    .dump_asm = gl_dump_asm,
    .debug_story = gl_debug_story,
    .end = gl_end,
};
