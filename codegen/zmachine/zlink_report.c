/* zlink_report.c: what -z, -s and -f print about a linked Z story, in
 * inform6's form (its memory map, the "Out:" part of its statistics, how
 * often each abbreviation was used; the map has one row inform6's never
 * has, the gap that puts a text library story's strings above its
 * arrays).
 *
 * Takes the linker's state after the story is laid out; gives text on
 * the stream the driver chooses (standard output, as inform6). */
#include "zlink.h"

#include <stdint.h>
#include <string.h>

#define NOWHERE_ADDR UINT32_MAX


/* ---- -z ---- */

typedef enum { SEP_SOLID, SEP_DASHED, SEP_BOUNDARY } SepKind;

typedef struct MapRow {
    const char *label;       /* 21 characters, as inform6 centres them */
    SepKind sep;             /* the line above the label */
    ZLRegion region;         /* ZL_REGION_COUNT: see `at` */
    uint32_t at;
} MapRow;

static const char *const seps[] = {
    "+---------------------+", "+ - - - - - - - - - - +",
    "+=====================+",
};

/* The left margin of line `i` of the map, as inform6 labels the three
 * kinds of memory. */
static const char *margin(int line, int grammar_line, int code_line)
{
    if (line == 0) return "Dynamic ";
    if (line == 1) return "memory  ";
    if (line == grammar_line) return "Readable";
    if (line == grammar_line + 1) return "memory  ";
    if (line == code_line) return "Above   ";
    if (line == code_line + 1) return "readable";
    if (line == code_line + 2) return "memory  ";
    return "        ";
}

static const MapRow map_rows[] = {
    { "       header        ", SEP_SOLID, ZL_REGION_COUNT, 0 },
    { "    abbreviations    ", SEP_SOLID, ZL_LOW_STRINGS, 0 },
    { " abbreviations table ", SEP_DASHED, ZL_ABBREVS, 0 },
    { "  header extension   ", SEP_SOLID, ZL_HEADER_EXT, 0 },
    { "   alphabets table   ", SEP_DASHED, ZL_ALPHABET, 0 },
    { "    Unicode table    ", SEP_DASHED, ZL_UNICODE, 0 },
    { "  property defaults  ", SEP_SOLID, ZL_PROP_DEFAULTS, 0 },
    { "       objects       ", SEP_DASHED, ZL_OBJECTS, 0 },
    { NULL, SEP_DASHED, ZL_PROPS, 0 },   /* two lines of label */
    { " class numbers table ", SEP_DASHED, ZL_CLASSES, 0 },
    { " symbol names table  ", SEP_DASHED, ZL_IDENTIFIERS, 0 },
    { " indiv prop values   ", SEP_DASHED, ZL_INDIV, 0 },
    { "  global variables   ", SEP_SOLID, ZL_GLOBALS, 0 },
    { "       arrays        ", SEP_DASHED, ZL_ARRAYS, 0 },
    { "    grammar table    ", SEP_BOUNDARY, ZL_GRAMMAR, 0 },
    { "       actions       ", SEP_DASHED, ZL_ACTIONS, 0 },
    { "   parsing routines  ", SEP_DASHED, ZL_PREACTIONS, 0 },
    { "     adjectives      ", SEP_DASHED, ZL_ADJECTIVES, 0 },
    { "     dictionary      ", SEP_SOLID, ZL_DICTIONARY, 0 },
    { "    static arrays    ", SEP_SOLID, ZL_STATIC_ARRAYS, 0 },
    { "       Z-code        ", SEP_BOUNDARY, ZL_CODE, 0 },
    { "  gap below strings  ", SEP_SOLID, ZL_REGION_COUNT, 0 },
    { "       strings       ", SEP_SOLID, ZL_REGION_COUNT, 0 },
};

enum { MAP_ROWS = sizeof map_rows / sizeof *map_rows, MAP_LINES = 64 };

typedef struct MapLines {
    const char *text[MAP_LINES];
    uint32_t at[MAP_LINES];        /* NOWHERE_ADDR on label lines */
    int n, grammar_line, code_line;
} MapLines;

static void add_line(MapLines *m, const char *text, uint32_t at)
{
    m->text[m->n] = text;
    m->at[m->n++] = at;
}

/* Where each row starts, as inform6 shows it; false for a row it leaves
 * out (no alphabet, Unicode table, static arrays or identifier names). */
static bool row_address(const ZLink *k, const MapRow *row, uint32_t *at)
{
    const ZLayout *l = &k->layout;
    ZLRegion r = row->region;
    if ((r == ZL_ALPHABET || r == ZL_UNICODE) && !l->at[r]) return false;
    if (r == ZL_STATIC_ARRAYS && !k->b.static_arrays.b.len) return false;
    if (r == ZL_IDENTIFIERS && !l->known[ZSC_identifiers_table]) return false;
    if (row == &map_rows[MAP_ROWS - 2]) {
        /* vinform's: the empty space that puts the strings above the
         * arrays (zlink.c, above_arrays), when there is one. */
        uint32_t end = k->code_start + (uint32_t)k->code.len;
        if (k->strings_start <= zl_strings_align(l, end)) return false;
        *at = end;
        return true;
    }
    if (row == &map_rows[MAP_ROWS - 1]) *at = k->strings_start;
    else *at = r == ZL_REGION_COUNT ? 0 : l->at[r];
    /* The adjectives from #adjectives_table, past the count word. */
    if (r == ZL_ADJECTIVES) *at += 2;
    return true;
}

static void map_lines(const ZLink *k, MapLines *m)
{
    m->n = 0;
    m->grammar_line = m->code_line = -1;
    for (int i = 0; i < MAP_ROWS; i++) {
        const MapRow *row = &map_rows[i];
        uint32_t at;
        if (!row_address(k, row, &at)) continue;
        add_line(m, seps[row->sep], at);
        if (row->region == ZL_GRAMMAR) m->grammar_line = m->n;
        if (row->region == ZL_CODE) m->code_line = m->n;
        if (row->label) {
            add_line(m, row->label, NOWHERE_ADDR);
            continue;
        }
        add_line(m, "| object short names, |", NOWHERE_ADDR);
        add_line(m, "| common prop values  |", NOWHERE_ADDR);
    }
    add_line(m, seps[SEP_SOLID], k->strings_end);
}

void zlink_memory_map(const ZLink *k, FILE *out)
{
    MapLines m;
    map_lines(k, &m);
    for (int i = 0; i < m.n; i++) {
        const char *left = margin(i, m.grammar_line, m.code_line);
        const char *t = m.text[i];
        if (m.at[i] != NOWHERE_ADDR)
            fprintf(out, "%s%s   %05x\n", left, t, (unsigned)m.at[i]);
        else if (t[0] == '|')      /* inform6: no spaces after the comma line */
            fprintf(out, "%s%s%s\n", left, t, strchr(t, ',') ? "" : "   ");
        else
            fprintf(out, "%s|%s|   \n", left, t);
    }
}

/* ---- -s ---- */

static int distinct_common_props(const ZLink *k)
{
    bool seen[64] = { false };
    int n = 0;
    const Program *p = k->b.prog;
    for (int i = 0; i < p->nnames; i++) {
        int v = p->names[i].value;
        if (p->names[i].kind == PN_PROPERTY && v > 0 && v < 64 && !seen[v]) {
            seen[v] = true;
            n++;
        }
    }
    return n;
}

static void row(FILE *out, long a, const char *what_a, long b,
                const char *what_b)
{
    fprintf(out, "%6ld %-28s%6ld %s\n", a, what_a, b, what_b);
}

void zlink_statistics(const ZLink *k, FILE *out)
{
    static const char *const names[9] = { "", "", "", "Standard", "Plus",
        "Advanced", "Graphical", "Advanced Extended", "Extended" };
    const ZBuild *b = &k->b;
    const ZLayout *l = &k->layout;
    size_t file = l->image.len, used = k->strings_end;
    char gl[40], maxg[40], ab[40], at[40], cp[40], ratio[60];
    int lines = b->prog->grammar_lines, tokens = b->prog->grammar_tokens;
    fprintf(out, "Out:   Version %d \"%s\" story file %u.%.6s (%.1fK "
            "long):\n", k->version, names[k->version], (unsigned)b->release,
            (const char *)l->image.data + 0x12, (double)file / 1024.0);
    row(out, zo_class_count(b->objs), "classes", zo_count(b->objs), "objects");
    snprintf(maxg, sizeof maxg, "global vars (maximum 233)");
    row(out, k->ir->nglobals, maxg, 480 + (long)b->arrays.b.len,
        "variable/array space");
    row(out, zg_verb_count(b->gram), "verbs", zd_count(b->dict),
        "dictionary entries");
    snprintf(gl, sizeof gl, "grammar lines (version %d)", b->grammar_version);
    row(out, lines, gl, tokens, "grammar tokens (unlimited)");
    snprintf(at, sizeof at, "attributes (maximum %d)",
             k->version <= 3 ? 32 : 48);
    row(out, za_count(b->acts), "actions", b->prog->nattributes, at);
    snprintf(cp, sizeof cp, "common props (maximum %d)",
             k->version <= 3 ? 29 : 61);
    row(out, distinct_common_props(k), cp,
        b->prog->nprops - 64,
        "individual props (unlimited)");
    double rate = b->zt.chars_in ? (double)b->zt.bytes_out /
                                   (double)b->zt.chars_in : 0.0;
    snprintf(ratio, sizeof ratio, "bytes compressed (rate %.3f)", rate);
    row(out, (long)b->zt.chars_in, "characters used in text",
        (long)b->zt.bytes_out, ratio);
    snprintf(ab, sizeof ab, "abbreviations (maximum %d)",
             ZT_MAX_ABBREV_ENTRIES - b->zt.first_abbrev_entry);
    row(out, b->zt.nabbrevs, ab, k->ir->nroutines + 1, "routines (unlimited)");
    /* vinform's own, where inform6 counts instructions and sequence
     * points: the code area's size and the strings in high memory. */
    char st[60];
    snprintf(st, sizeof st, "strings (%lu bytes)",
             (unsigned long)(k->strings_end - k->strings_start));
    row(out, (long)k->code.len, "bytes of Z-code", k->nstrings_placed, st);
    /* vinform's own, where inform6 counts the bytes it stripped out of
     * the code it made: these routines were never made. */
    if (ir_omitted_count(k->ir))
        fprintf(out, "%6d routines left out by $OMIT_UNUSED_ROUTINES\n",
                ir_omitted_count(k->ir));
    if (k->ir->nvarying)       /* vinform's own: not in inform6's list */
        row(out, k->ir->nvarying, "varying substrings",
            2L * k->ir->nvarying_state, "bytes of varying-string state");
    fprintf(out, "%6lu bytes readable memory used (maximum 65536)\n",
            (unsigned long)k->code_start);
    row(out, (long)used, "bytes used in Z-machine",
        (long)(zs_max_size(k->version) - used), "bytes free in Z-machine");
}

/* An abbreviation's text as the source spells it (^ a new line, ~ a
 * quote), a space shown as '_'. */
static void put_abbrev(FILE *out, const ZTextAbbrev *a)
{
    char buf[512];
    text_abbrev_show(buf, sizeof buf, a->text, a->len);
    fprintf(out, "%10s", buf);
}

void zlink_frequencies(const ZLink *k, FILE *out)
{
    const ZText *zt = &k->b.zt;
    fputs("How frequently abbreviations were used, and roughly\n"
          "how many bytes they saved:  ('_' denotes spaces)\n", out);
    int shown = 0;
    for (int i = 0; i < zt->nabbrevs; i++) {     /* in inform6's order */
        const ZTextAbbrev *a = &zt->abbrevs[i];
        /* inform6's "quality": the Z-characters the text takes, less
         * the two its reference takes */
        long quality = (long)zt_zchar_cost(zt, a->text, a->len) - 2;
        long saving = 2 * (((long)a->uses - 1) * quality) / 3;
        put_abbrev(out, a);
        fprintf(out, " %5ld/%5ld   ", (long)a->uses, saving);
        if (++shown % 3 == 0) fputc('\n', out);
    }
    if (shown % 3 != 0) fputc('\n', out);
    if (!shown) fputs("None were declared.\n", out);
}
