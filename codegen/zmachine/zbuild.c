/* zbuild.c: the Z story builder's pass over the program's steps.
 *
 * Takes the Program (codegen/program.h) and the pools its values name;
 * feeds the table writers step by step, in source order, as inform6
 * meets the directives, and keeps the header fields, the low strings and
 * the character set for the linker (zbuild.h).  Objects, arrays, grammar
 * and identifier names have files of their own; the small directives
 * (Abbreviate, Lowstring, Zcharacter, Dictionary, Release, Serial,
 * Statusline) are encoded here. */
#include "zbuild.h"

#include <stdlib.h>
#include <string.h>

#include "../../compiler/charsets.h"
#include "../../compiler/text.h"
#include "zref.h"

/* ---- values ---- */

void zbd_report(ZBuild *b, const SrcLoc *loc, const char *msg, bool warning)
{
    if (!msg) msg = "the table could not be written";
    if (warning) {
        diag_warning(loc, "%s", msg);
        return;
    }
    diag_error(loc, "%s", msg);
    b->errors++;
}

static bool fake_action(const ZBuild *b, IrValue v, int32_t *out)
{
    if (v.ref != IRR_ACTION || v.target < IR_FAKE_ACTION_BASE) return false;
    *out = za_final(b->acts, (int)v.target) + v.num;
    return true;
}

/* A character constant's code in the story's character set. */
static int32_t char_code(ZBuild *b, uint32_t unicode)
{
    int z = zt_unicode_to_zscii(&b->zt, unicode);
    if (z >= 0) return z;
    diag_error(NULL, "the character U+%04X has no ZSCII code in this story: "
               "declare it with 'Zcharacter table'", (unsigned)unicode);
    b->errors++;
    return '?';
}

bool zbd_number(ZBuild *b, IrValue v, int32_t *out)
{
    switch (v.ref) {
    case IRR_NONE: *out = v.num; return true;
    case IRR_CHAR: *out = char_code(b, v.target) + v.num; return true;
    case IRR_OBJECT: *out = (int32_t)v.target + v.num; return true;
    case IRR_ACTION:            /* numbered (and sorted) by the grammar */
        *out = za_final(b->acts, (int)v.target) + v.num;
        return true;
    default: return false;
    }
}

ZOperand zbd_operand(ZBuild *b, IrValue v)
{
    int32_t n;
    if (v.ref == IRR_DICT)
        return zm_reloc(ZR_DICT, (uint32_t)zbd_dict_word(b, (int)v.target),
                        v.num);
    if (v.ref == IRR_ACTION && !fake_action(b, v, &n))
        return zm_reloc(ZR_ACTION, v.target, v.num);
    if (zbd_number(b, v, &n)) return zm_large(n);
    return zref_operand(v);
}

const IrString *zbd_string(ZBuild *b, int id)
{
    if (id < 0 || id >= b->ir->nstrings) return NULL;
    return &b->ir->strings[id];
}

int zbd_zscii(ZBuild *b, uint32_t unit)
{
    if (ZT_IS_ZSCII(unit)) return zt_raw_zscii(&b->zt, ZT_VALUE(unit));
    if (ZT_IS_DYNAMIC(unit)) return -1;
    return zt_unicode_to_zscii(&b->zt, unit);
}

/* ---- dictionary words ---- */

static void dict_flags_text(int set, int clear, char *out)
{
    static const struct { int bit; char c; } f[] = {
        { TEXT_DICT_PLURAL, 'p' }, { TEXT_DICT_SINGULAR, 's' },
        { TEXT_DICT_NOUN, 'n' },
    };
    for (int i = 0; i < 3; i++) {
        if (set & f[i].bit) *out++ = f[i].c;
        if (clear & f[i].bit) {
            *out++ = '~';
            *out++ = f[i].c;
        }
    }
    *out = 0;
}

static void report_dict_text(ZBuild *b, const SrcLoc *loc, const ZTextErr *e)
{
    diag_error(loc, "the dictionary word holds a character that cannot be "
               "typed (U+%04X): dictionary words can hold only characters "
               "a player can type", (unsigned)e->unit);
    b->errors++;
}

int zbd_dict_word(ZBuild *b, int ir_id)
{
    if (ir_id < 0 || ir_id >= b->ir->ndict) return 0;
    if (ir_id >= b->dict_map_len) {
        int len = b->ir->ndict + 16;
        b->dict_map = xrealloc(b->dict_map, (size_t)len * sizeof *b->dict_map);
        for (int i = b->dict_map_len; i < len; i++) b->dict_map[i] = -1;
        b->dict_map_len = len;
    }
    if (b->dict_map[ir_id] >= 0) return b->dict_map[ir_id];
    const IrDictWord *w = &b->ir->dict[ir_id];
    ZDictWord dw;
    ZTextErr err;
    if (!zt_dict_encode(&b->zt, w->units, (size_t)w->len, &dw, &err))
        report_dict_text(b, NULL, &err);
    char flags[8];
    dict_flags_text(w->flags_set, w->flags_clear, flags);
    int id = zd_add_word(b->dict, &dw, flags, w->from_grammar ? 0 : ZD_NOUN,
                         0, 0);
    if (id < 0) {
        zbd_report(b, NULL, zd_error(b->dict), false);
        id = zd_find(b->dict, &dw);
        if (id < 0) id = 0;
    }
    b->dict_map[ir_id] = id;
    return id;
}

int zbd_word(ZBuild *b, const ProgWord *word, unsigned par1, unsigned par3)
{
    ZDictWord dw;
    ZTextErr err;
    if (!zt_dict_encode(&b->zt, word->units, (size_t)word->n, &dw, &err))
        report_dict_text(b, &word->loc, &err);
    int id = zd_add_word(b->dict, &dw, word->flags, par1, 0, par3);
    if (id < 0) {
        zbd_report(b, &word->loc, zd_error(b->dict), false);
        id = zd_find(b->dict, &dw);
    }
    return id;
}

/* ---- low strings ---- */

static int32_t add_low(ZBuild *b, const IrString *s, const SrcLoc *loc)
{
    int32_t off = (int32_t)b->low.len;
    ZTextErr err = { 0 };
    zt_encode(&b->zt, s->units, (size_t)s->len, ZTE_NO_ABBREV, &b->low, &err);
    if (err.kind != ZTE_NONE) {
        diag_error(loc, "this text holds a character that the story's "
                   "character set does not have (U+%04X); declare it with "
                   "'Zcharacter table'", (unsigned)err.unit);
        b->errors++;
    }
    if (0x42 + b->low.len > 0xFFFF) {
        diag_error(loc, "the low strings (abbreviations, Lowstring and "
                   "'string N' texts) must fit below 64K");
        b->errors++;
    }
    return off;
}

/* An Abbreviate text: only economy mode (-e) uses them (inform6
 * 6.40+); its text goes into the low strings pool. */
/* inform6 6.45's warnings for an abbreviation or a Lowstring's text: a
 * dynamic string inside one (the Z-machine standard does not allow it),
 * and an abbreviation that saves no Z-characters (its use costs two). */
static void low_text_warnings(ZBuild *b, const IrString *s, const SrcLoc *loc,
                              bool abbreviation)
{
    for (int32_t i = 0; i < s->len; i++) {
        if ((s->units[i] & 0xC0000000u) != IR_TEXT_DYNAMIC(0)) continue;
        zbd_report(b, loc, "The Z-machine standard does not allow dynamic "
                   "strings inside an abbreviation or dynamic string: "
                   "write the text out instead of @NN", true);
        break;
    }
    if (abbreviation && zt_zchar_cost(&b->zt, s->units, (size_t)s->len) <= 2)
        zbd_report(b, loc, "Abbreviation does not save any characters: "
                   "it is printed with two Z-characters, no fewer than its "
                   "text takes; leave it out or make it longer", true);
}

static void abbreviate(ZBuild *b, const ProgLowString *a)
{
    if (!b->c->opts->economy) return;
    int room = ZT_MAX_ABBREV_ENTRIES - b->zt.first_abbrev_entry;
    int max = opt_setting_value(b->c->opts, "MAX_ABBREVS");
    if (max > 0 && max < room) room = max;
    const IrString *s = zbd_string(b, a->string);
    if (!s) return;
    if (b->zt.nabbrevs >= room) {
        if (b->abbrevs_full) return;       /* said once */
        b->abbrevs_full = true;
        diag_error(&a->loc, "The number of abbreviations has exceeded %d, "
                   "the room there is ($MAX_ABBREVS, at most 96 less "
                   "$MAX_DYNAMIC_STRINGS)",
                   room);
        b->errors++;
        return;
    }
    low_text_warnings(b, s, &a->loc, true);
    int32_t off = add_low(b, s, &a->loc);
    zt_add_abbrev(&b->zt, s->units, (size_t)s->len);
    VEC_PUSH(NULL, b->abbrev_off, b->nabbrev_off, b->abbrev_off_cap, off);
}

static void lowstring(ZBuild *b, const ProgLowString *l)
{
    const IrString *s = zbd_string(b, l->string);
    if (s) low_text_warnings(b, s, &l->loc, false);
    int32_t off = s ? add_low(b, s, &l->loc) : 0;
    VEC_PUSH(NULL, b->lowstring_off, b->nlowstrings, b->lowstrings_cap, off);
}

/* The literals of `string N "..."` statements, in the order lowering met
 * them. */
static void low_copies(ZBuild *b)
{
    IrProgram *p = b->ir;
    for (int k = 0; k < p->ndynstr_literals; k++) {
        uint32_t id = (uint32_t)p->dynstr_literals[k];
        if (id >= (uint32_t)p->nstrings) continue;
        if ((int)id >= b->low_copy_len) {
            int len = p->nstrings;
            b->low_copy = xrealloc(b->low_copy,
                                   (size_t)len * sizeof *b->low_copy);
            for (int m = b->low_copy_len; m < len; m++) b->low_copy[m] = -1;
            b->low_copy_len = len;
        }
        if (b->low_copy[id] < 0)
            b->low_copy[id] = add_low(b, &p->strings[id], &p->dynstr_locs[k]);
    }
}

/* The abbreviations table: entry of each declaration, once all are in. */
static void abbrev_entries(ZBuild *b)
{
    for (int e = 0; e < 96; e++) b->abbrevs[e] = -1;
    for (int d = 0; d < b->nabbrev_off; d++) {
        int e = zt_abbrev_entry(&b->zt, d);
        if (e >= 0 && e < 96) b->abbrevs[e] = b->abbrev_off[d];
    }
}

/* ---- the character set ---- */

static bool zscii_of_string(ZBuild *b, int id, int *out, int want)
{
    const IrString *str = zbd_string(b, id);
    if (!str || str->len != want) return false;
    for (int i = 0; i < want; i++) {
        out[i] = zbd_zscii(b, str->units[i]);
        if (out[i] <= 0 || out[i] > 255) return false;
    }
    return true;
}

static void zchar_alphabets(ZBuild *b, const ProgCharset *cs)
{
    int a0[26], a1[26], a2[23];
    if (!zscii_of_string(b, cs->strings[0], a0, 26) ||
        !zscii_of_string(b, cs->strings[1], a1, 26) ||
        !zscii_of_string(b, cs->strings[2], a2, 23) ||
        !zt_set_alphabets(&b->zt, a0, a1, a2)) {
        zbd_report(b, &cs->loc, "these alphabets cannot be used: each "
                  "character must be a ZSCII character listed only once "
                  "(26, 26 and 23 characters)", false);
    }
}

/* Character k of a Zcharacter directive as a number. */
static bool zchar_value(ZBuild *b, const ProgCharset *cs, int k, int32_t *out)
{
    if (zbd_number(b, cs->values[k], out)) return true;
    zbd_report(b, &cs->locs[k], "expected a number or a character here",
               false);
    return false;
}

static void zchar_table(ZBuild *b, const ProgCharset *cs, bool plus)
{
    uint32_t cps[ZT_MAX_UNICODE];
    int count = 0;
    for (int i = 0; i < cs->nvalues; i++) {
        int32_t v;
        if (!zchar_value(b, cs, i, &v)) return;
        if (plus) {
            if (!zt_add_unicode(&b->zt, (uint32_t)v))
                zbd_report(b, &cs->locs[i], "the Unicode translation table "
                          "is full (97 characters, ZSCII 155-251)", false);
            continue;
        }
        if (count == ZT_MAX_UNICODE) {
            zbd_report(b, &cs->locs[i], "the Unicode translation table "
                      "holds at most 97 characters (ZSCII 155-251)", false);
            return;
        }
        cps[count++] = (uint32_t)v;
    }
    if (!plus && !cs->failed && !zt_set_unicode_table(&b->zt, cps, count))
        zbd_report(b, &cs->loc, "the Unicode translation table can hold only "
                  "characters of the Basic Multilingual Plane", false);
}

static void zchar_terminating(ZBuild *b, const ProgCharset *cs)
{
    for (int i = 0; i < cs->nvalues; i++) {
        int32_t v;
        if (!zchar_value(b, cs, i, &v)) continue;
        bool ok = (v >= 129 && v <= 154) || (v >= 252 && v <= 254);
        if (!ok)
            zbd_report(b, &cs->locs[i], "a terminating character must be a "
                      "function key code: 129-154 or 252-254", false);
        else
            zb_put8(&b->terminating, (unsigned)v);
    }
}

/* A Zcharacter directive.  $ZALPHABET replaces the alphabets form and
 * $ZCHAR_TABLE the table forms: the directive is then left out (6.45). */
static void zcharacter(ZBuild *b, const ProgCharset *cs)
{
    const Options *o = b->c->opts;
    if (b->version < 5) return;     /* declare reported it */
    if (cs->form == PC_ALPHABETS && opt_setting_text(o, "ZALPHABET")) return;
    if ((cs->form == PC_TABLE || cs->form == PC_TABLE_PLUS) &&
        opt_setting_text(o, "ZCHAR_TABLE"))
        return;
    switch (cs->form) {
    case PC_ALPHABETS: zchar_alphabets(b, cs); break;
    case PC_CHAR: {
        int32_t v;
        if (!cs->nvalues || !zchar_value(b, cs, 0, &v)) return;
        int z = zt_unicode_to_zscii(&b->zt, (uint32_t)v);
        if (z < 0 || zt_add_alphabet_char(&b->zt, z) < 0)
            zbd_report(b, &cs->loc, "there is no free place left in the "
                      "alphabets for this character", false);
        break;
    }
    case PC_TABLE: zchar_table(b, cs, false); break;
    case PC_TABLE_PLUS: zchar_table(b, cs, true); break;
    case PC_TERMINATING: zchar_terminating(b, cs); break;
    }
}

/* $ZALPHABET and $ZCHAR_TABLE (6.45): the same as the Zcharacter forms,
 * from the setting's text, read as inform6 6.45 reads it: spaces are left
 * out, @-escapes (@@64, @{40}, @:u) give characters, and only ASCII is
 * allowed besides (the source's character set is not known when settings
 * are read).  Gives the number of characters put in u (at most max), or
 * -1 after reporting a bad character or escape.  `plus` (ZCHAR_TABLE) is
 * set when the first character is a '+'. */
static int setting_chars(ZBuild *b, const char *name, const char *t,
                         uint32_t *u, int max, bool *plus)
{
    size_t len = strlen(t);
    int n = 0;
    char msg[160];
    if (plus) *plus = false;
    for (size_t pos = 0; pos < len;) {
        unsigned char c = (unsigned char)t[pos];
        if (c == ' ') { pos++; continue; }
        if (plus && c == '+' && !n && !*plus) { *plus = true; pos++; continue; }
        if (c >= 0x7F) {
            snprintf(msg, sizeof msg, "%s option may only include ASCII and "
                     "@-escaped characters (as @{E4} or @:a)", name);
            zbd_report(b, NULL, msg, false);
            return -1;
        }
        TextUnit tu;
        pos = text_next(t, len, pos, TEXT_CHAR, &tu);
        if (tu.kind != TU_CHAR) {
            snprintf(msg, sizeof msg, "%s option holds a bad @-escape: "
                     "write @@ and a decimal number, @{ and hex digits and "
                     "}, or @ and an accent code", name);
            zbd_report(b, NULL, msg, false);
            return -1;
        }
        if (n < max) u[n] = tu.value;
        n++;
    }
    return n;
}

static void alphabet_setting(ZBuild *b, const char *text)
{
    uint32_t u[256];
    int a[75], n = setting_chars(b, "ZALPHABET", text, u, 256, NULL);
    if (n < 0) return;
    char msg[200];
    if (n != 75) {
        snprintf(msg, sizeof msg, "ZALPHABET option had %d non-space "
                 "characters (should be exactly 75: 26, 26 and 23 for the "
                 "three alphabets)", n);
        zbd_report(b, NULL, msg, false);
        return;
    }
    for (int i = 0; i < 75; i++) {
        a[i] = zt_unicode_to_zscii(&b->zt, u[i]);
        if (a[i] <= 0 || a[i] > 255) {
            snprintf(msg, sizeof msg, "Character can't be used in alphabets "
                     "unless entered into Zcharacter table: U+%04X; add it "
                     "to $ZCHAR_TABLE", (unsigned)u[i]);
            zbd_report(b, NULL, msg, false);
            return;
        }
    }
    if (!zt_set_alphabets(&b->zt, a, a + 26, a + 52))
        zbd_report(b, NULL, "Character duplicated in alphabet: $ZALPHABET "
                   "must give 75 different characters", false);
}

static void table_setting(ZBuild *b, const char *text)
{
    uint32_t u[256];
    bool plus;
    int n = setting_chars(b, "ZCHAR_TABLE", text, u, 256, &plus);
    if (n < 0) return;
    for (int i = 0; i < n; i++) {
        if (u[i] < 155 || u[i] > 0xFFFF) {
            zbd_report(b, NULL, u[i] < 155
                       ? "Zcharacter table does not need to include "
                         "characters $0 through $9A: leave them out of "
                         "$ZCHAR_TABLE"
                       : "Zcharacter table cannot contain Unicode "
                         "characters beyond $FFFF", false);
            return;
        }
    }
    bool ok = n <= ZT_MAX_UNICODE;
    for (int i = 0; ok && plus && i < n; i++)
        ok = zt_add_unicode(&b->zt, u[i]);
    if (ok && !plus) ok = zt_set_unicode_table(&b->zt, u, n);
    if (!ok)
        zbd_report(b, NULL, "No more room in the Zcharacter table: "
                   "$ZCHAR_TABLE gives more than 97 characters", false);
}

/* Under -C2 .. -C9 the source may hold the letters of another ISO 8859
 * part, so the Unicode table starts as that part's characters $A1-$FF
 * (inform6 starts it as the letters among them: the same characters can
 * be printed, the table's order differs). */
static void charset_table(ZBuild *b)
{
    Charset cs = b->c->opts->charset;
    if (cs < 2 || cs > 9) return;
    uint32_t u[ZT_MAX_UNICODE];
    int n = 0;
    for (int byte = 0xA1; byte <= 0xFF && n < ZT_MAX_UNICODE; byte++) {
        uint32_t cp = cs_byte_to_unicode(cs, (unsigned char)byte);
        if (cp && cp != 0xAD) u[n++] = cp;
    }
    zt_set_unicode_table(&b->zt, u, n);
}

/* The table first, so that the alphabets may hold its characters. */
static void charset_settings(ZBuild *b)
{
    const char *alpha = opt_setting_text(b->c->opts, "ZALPHABET");
    const char *table = opt_setting_text(b->c->opts, "ZCHAR_TABLE");
    if (b->version < 5) return;
    charset_table(b);
    if (table) table_setting(b, table);
    if (alpha) alphabet_setting(b, alpha);
}

/* ---- the header ---- */

static void header_fields(ZBuild *b)
{
    const Program *p = b->prog;
    int32_t r;
    if (p->has_release && zbd_number(b, p->release, &r))
        b->release = (uint16_t)r;
    if (p->has_serial) {
        memcpy(b->serial, p->serial, 6);
        b->serial_set = true;
    }
    /* Flags 1 bit 1 is the v3 status line style ("hours:mins"); inform6
     * sets it in every version. */
    if (p->statusline_time) b->flags1 |= 0x02;
}

/* ---- the steps ---- */

static void step(ZBuild *b, const ProgStep *s)
{
    const Program *p = b->prog;
    switch (s->kind) {
    case PS_PROPERTY: zbd_property(b, s->index); break;
    case PS_OBJECT: zbd_object(b, s->index); break;
    case PS_GLOBAL: zbd_global(b, s->index); break;
    case PS_ARRAY: zbd_array(b, s->index); break;
    case PS_ABBREVIATE: abbreviate(b, &p->abbreviations[s->index]); break;
    case PS_LOWSTRING: lowstring(b, &p->lowstrings[s->index]); break;
    case PS_CHARSET: zcharacter(b, &p->charsets[s->index]); break;
    case PS_DICTIONARY: {
        const ProgDictEntry *e = &p->dictionary[s->index];
        if (e->has_par3 &&
            opt_setting_value(b->c->opts, "ZCODE_LESS_DICT_DATA"))
            zbd_report(b, &e->par3_loc, "the third value of "
                       "'Dictionary' is ignored: $ZCODE_LESS_DICT_DATA "
                       "leaves dictionary entries no byte for it", true);
        zbd_word(b, &e->word, (unsigned)e->par1, (unsigned)e->par3);
        break;
    }
    }
}

static ZDictOptions dict_options(const Options *o)
{
    ZDictOptions d = zd_default_options();
    d.less_data = opt_setting_value(o, "ZCODE_LESS_DICT_DATA") != 0;
    d.truncate_flag = opt_setting_value(o, "DICT_TRUNCATE_FLAG") != 0;
    d.implicit_singular = opt_setting_value(o, "DICT_IMPLICIT_SINGULAR") != 0;
    d.long_flag_bug = opt_setting_value(o, "LONG_DICT_FLAG_BUG") != 0;
    return d;
}

bool zbd_init(ZBuild *b, Compiler *c, const Program *prog, int version)
{
    memset(b, 0, sizeof *b);
    b->c = c;
    b->prog = prog;
    b->pools = prog->pools;
    b->ir = prog->ir;
    b->version = version;
    b->release = 1;
    zt_init(&b->zt, version);
    b->zt.economy = c->opts->economy;
    b->zt.double_space = c->opts->double_space;
    int dyn = opt_setting_value(c->opts, "MAX_DYNAMIC_STRINGS");
    if (dyn >= 0 && dyn <= 96) b->zt.first_abbrev_entry = dyn;
    charset_settings(b);
    b->grammar_version = prog->grammar->version;
    b->objs = zo_new(version, &c->arena);
    zbd_metaclasses(b);
    b->dict = zd_new(&b->zt, dict_options(c->opts));
    b->acts = za_new(prog->grammar);
    b->ids = zi_new();
    b->gm = zgm_make(version,
                     opt_setting_value(c->opts, "ZCODE_COMPACT_GLOBALS") != 0,
                     prog->nglobals);
    zb_zeros(&b->globals.b, 2 * (size_t)zgm_table_words(&b->gm));
    b->narrays = b->ir->narrays;
    b->array_at = xcalloc((size_t)b->narrays + 1, sizeof *b->array_at);
    b->array_static = xcalloc((size_t)b->narrays + 1, sizeof *b->array_static);
    return true;
}

void zbd_free(ZBuild *b)
{
    zo_free(b->objs);
    zd_free(b->dict);
    zg_free(b->gram);
    za_free(b->acts);
    zi_free(b->ids);
    zt_free(&b->zt);
    free(b->dict_map);
    zb_free(&b->low);
    free(b->abbrev_off);
    free(b->lowstring_off);
    free(b->low_copy);
    zb_free(&b->terminating);
    zblk_free(&b->globals);
    zblk_free(&b->arrays);
    zblk_free(&b->static_arrays);
    free(b->array_at);
    free(b->array_static);
    free(b->table_at);
    for (int i = 0; i < b->nid_strings; i++) free(b->id_strings[i]);
    free(b->id_strings);
    memset(b, 0, sizeof *b);
}

bool zbd_build(ZBuild *b)
{
    for (int i = 0; i < b->prog->nsteps; i++) step(b, &b->prog->steps[i]);
    zbd_system_globals(b);
    zbd_grammar(b);
    header_fields(b);
    return b->errors == 0;
}

/* The word tables lowering made (box texts, random choices, varying
 * strings): after the dynamic arrays, where inform6 puts its internal
 * arrays (when the program's arrays come before its routines, the bytes
 * are the same).  Dynamic memory is also what a writable table needs.
 * A table `apart` (-X's) goes after the static arrays instead, where it
 * moves nothing inform6 places. */
static void tables(ZBuild *b)
{
    IrProgram *p = b->ir;
    b->table_at = xcalloc((size_t)p->ntables + 1, sizeof *b->table_at);
    for (int t = 0; t < p->ntables; t++) {
        ZBlock *k = p->tables[t].apart ? &b->static_arrays : &b->arrays;
        b->table_at[t] = (uint32_t)k->b.len;
        for (int i = 0; i < p->tables[t].nwords; i++)
            zblk_operand(k, zbd_operand(b, p->tables[t].words[i]));
    }
}

void zbd_finish(ZBuild *b)
{
    /* Every word lowering interned is in the dictionary, used or not, as
     * inform6 adds every word it reads. */
    for (int i = 0; i < b->ir->ndict; i++) zbd_dict_word(b, i);
    low_copies(b);
    abbrev_entries(b);
    tables(b);
}
