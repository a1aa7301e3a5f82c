/* gstrings.c: the strings of a Glulx story and their decoding table.
 *
 * Takes every string a reference names (IR strings, GR_STRING, in id
 * order; then the back end's own, GL_XSTRING: short names, identifier
 * names, "   ") as units (ir.h: Unicode, IR_TEXT_RAW(n) for @@n,
 * IR_TEXT_DYNAMIC(n) for @nn); gives the GA_DECODE area: with -H (the
 * default) the decoding table and each string as $E1 and a bit stream,
 * as inform6 6.45 builds them:
 *
 *   entities: the 256 Latin-1 characters, the terminator, each other
 *   Unicode character in order of first use, with -e each Abbreviate
 *   text (a C-string node; a string uses the first that matches where it
 *   stands, tried last text first, as inform6 does; the text of a
 *   `string N "..."` uses none, as in inform6), each dynamic string
 *   (a double-indirect node: the address of its entry in the dynamic-
 *   string table); their counts over every string; an ordinary Huffman
 *   tree, two least-frequent nodes joined at a time (inform6's order of
 *   choosing among equal counts kept, so that the same text gives the
 *   same table); the table a 12-byte header (length, node count, root)
 *   and the nodes depth first (branch: 0-child, 1-child; then the
 *   0-subtree, the 1-subtree); each string's codes packed from the
 *   lowest bit of each byte;
 *
 * or with -~H each string as $E0, Latin-1 bytes and a zero (a dynamic
 * string is three spaces, a character beyond Latin-1 '?', as inform6
 * does, with a warning).
 * string_at and xstring_at get each string's offset in the area; under
 * -f, abbrev_uses how often each abbreviation was used, which
 * gl_frequencies prints as inform6 6.45 does. */
#include "glink.h"

#include <stdlib.h>
#include <string.h>

#include "../../compiler/diag.h"
#include "../../compiler/text.h"

#define NOWHERE UINT32_MAX

enum { TERMINATOR = 256, NCHARS = 257 };

typedef struct Entity {
    uint8_t type;           /* 0 branch, 1 end, 2 char, 3 abbreviation,
                               4 Unicode, 9 dynamic */
    uint32_t value;         /* the character, or the dynamic string */
    uint32_t count;
    int branch[2];
    uint32_t addr;          /* in the table */
    int depth;
    uint64_t bits;          /* bit i: the way taken at depth i */
} Entity;

/* An abbreviation (-e): its text, and which of the program's it is. */
typedef struct Abbrev {
    const uint32_t *units;
    int len;
    int index;              /* in Program.abbreviations */
} Abbrev;

typedef struct Huff {
    Entity *e;
    int n, cap;
    int unicode_start, abbrev_start, dynam_start, nleaves;
    Abbrev *abbrevs;        /* in inform6's order: its text's bytes, last
                               first, so that a longer one is tried before
                               its own beginning */
    int nabbrevs;
    uint32_t *unicode;      /* the Unicode characters, first use order */
    int nunicode, unicode_cap;
    uint32_t table_size;
    int nodes;
    bool *literal;          /* by IR string id: the text of `string N
                               "..."`, which inform6 compiles with no
                               abbreviation in it */
} Huff;

/* ---- which strings ---- */

static void mark_block(GLink *k, const GBlock *b)
{
    for (size_t i = 0; i < b->nrelocs; i++)
        if (b->relocs[i].kind == GR_STRING &&
            b->relocs[i].target < (uint32_t)k->ir->nstrings)
            k->string_at[b->relocs[i].target] = 0;
}

static void mark_used(GLink *k)
{
    int n = k->ir->nstrings;
    k->string_at = xmalloc(((size_t)n + 1) * sizeof *k->string_at);
    for (int i = 0; i < n; i++)
        k->string_at[i] = k->ir->strings[i].kept ? 0 : NOWHERE;
    mark_block(k, &k->code);
    for (int a = 0; a < GA_COUNT; a++) mark_block(k, &k->area[a]);
    k->xstring_at = xmalloc(((size_t)k->nxstr + 1) * sizeof *k->xstring_at);
}

/* The units of placed string i: IR strings first, then the xstrings;
 * NULL for an IR string nothing names. */
static const uint32_t *units_of(GLink *k, int i, int *len)
{
    if (i < k->ir->nstrings) {
        if (k->string_at[i] == NOWHERE) return NULL;
        *len = k->ir->strings[i].len;
        return k->ir->strings[i].units;
    }
    *len = k->xstr[i - k->ir->nstrings].len;
    return k->xstr[i - k->ir->nstrings].units;
}

static void set_at(GLink *k, int i, uint32_t at)
{
    if (i < k->ir->nstrings) k->string_at[i] = at;
    else k->xstring_at[i - k->ir->nstrings] = at;
}

/* ---- entities ---- */

static bool is_dynamic(uint32_t u) { return (u & 0xC0000000u) == 0x40000000u; }

static uint32_t char_of(uint32_t u)
{
    return u & 0x80000000u ? u & 0x7FFFFFFFu : u;
}

static int unicode_entity(Huff *h, uint32_t c, bool add)
{
    for (int i = 0; i < h->nunicode; i++)
        if (h->unicode[i] == c) return h->unicode_start + i;
    if (!add) return -1;
    VEC_PUSH(NULL, h->unicode, h->nunicode, h->unicode_cap, c);
    return h->unicode_start + h->nunicode - 1;
}

/* The entity of unit u (characters beyond Latin-1 are counted in
 * order of first use while `add`). */
static int entity_of(Huff *h, uint32_t u, bool add)
{
    if (u < 256) return (int)u;     /* (nearly every unit: Latin-1) */
    if (is_dynamic(u)) return h->dynam_start + (int)(u & 0x3FFFFFFFu);
    uint32_t c = char_of(u);
    if (c < 256) return (int)c;
    return unicode_entity(h, c, add);
}

/* The entity at u[*i], moving *i past it: the first abbreviation that
 * matches there (inform6's greedy choice), else the unit's. */
static int next_entity(Huff *h, const uint32_t *u, int len, int *i,
                       bool plain)
{
    for (int a = 0; !plain && a < h->nabbrevs; a++) {
        const Abbrev *ab = &h->abbrevs[a];
        if (ab->len == 0 || ab->len > len - *i ||
            memcmp(ab->units, u + *i, (size_t)ab->len * sizeof *u))
            continue;
        *i += ab->len;
        return h->abbrev_start + a;
    }
    return entity_of(h, u[(*i)++], false);
}

static int by_text_last_first(const void *a, const void *b)
{
    const Abbrev *x = a, *y = b;
    for (int i = 0; i < x->len && i < y->len; i++)
        if (x->units[i] != y->units[i]) return x->units[i] < y->units[i] ? 1 : -1;
    return (x->len < y->len) - (x->len > y->len);
}

/* -e: the Abbreviate texts, in inform6's order (with compression they
 * become entities). */
static void collect_abbrevs(GLink *k, Huff *h)
{
    const Program *p = k->prog;
    if (!k->c->opts->economy) return;
    h->abbrevs = xcalloc((size_t)p->nabbreviations + 1, sizeof *h->abbrevs);
    for (int i = 0; i < p->nabbreviations; i++) {
        int id = p->abbreviations[i].string;
        if (id < 0 || id >= k->ir->nstrings) continue;
        h->abbrevs[h->nabbrevs++] = (Abbrev){ k->ir->strings[id].units,
                                              k->ir->strings[id].len, i };
    }
    qsort(h->abbrevs, (size_t)h->nabbrevs, sizeof *h->abbrevs,
          by_text_last_first);
}

/* -f: each abbreviation's text and uses, kept for gl_frequencies (the
 * uses are its entity's count over every string: none without
 * compression, where inform6 uses none either). */
static void note_uses(GLink *k, Huff *h)
{
    if (!k->c->opts->frequencies) return;
    if (!k->compress) collect_abbrevs(k, h);
    k->abbrev_uses = xcalloc((size_t)h->nabbrevs + 1, sizeof *k->abbrev_uses);
    for (int a = 0; a < h->nabbrevs; a++)
        k->abbrev_uses[k->nabbrev_uses++] = (GAbbrevUses){
            h->abbrevs[a].units, h->abbrevs[a].len,
            k->compress ? h->e[h->abbrev_start + a].count : 0 };
}

void gl_frequencies(const GLink *k, FILE *out)
{
    fputs("How frequently abbreviations were used, and roughly\n"
          "how many bytes they saved:  ('_' denotes spaces)\n", out);
    int i;
    for (i = 0; i < k->nabbrev_uses; i++) {
        const GAbbrevUses *a = &k->abbrev_uses[i];
        /* inform6's quality on Glulx: the characters, less one */
        long saving = ((long)a->uses - 1) * (a->len - 1);
        uint32_t chars[128];
        int len = a->len < 128 ? a->len : 128;
        for (int j = 0; j < len; j++) chars[j] = char_of(a->units[j]);
        char buf[512];
        text_abbrev_show(buf, sizeof buf, chars, (size_t)len);
        fprintf(out, "%10s %5ld/%5ld   ", buf, (long)a->uses, saving);
        if (i % 3 == 2) fputc('\n', out);
    }
    if (i % 3 != 0) fputc('\n', out);
    if (!i) fputs("None were declared.\n", out);
}

static void collect_unicode(GLink *k, Huff *h, int total)
{
    for (int i = 0; i < total; i++) {
        int len;
        if (i < k->ir->nstrings && !k->ir->strings[i].wide) continue;
        const uint32_t *u = units_of(k, i, &len);
        for (int j = 0; u && j < len; j++)
            if (!is_dynamic(u[j]) && char_of(u[j]) >= 256)
                unicode_entity(h, char_of(u[j]), true);
    }
}

static void make_leaves(GLink *k, Huff *h)
{
    h->unicode_start = NCHARS;
    int total = k->ir->nstrings + k->nxstr;
    h->literal = xcalloc((size_t)k->ir->nstrings + 1, sizeof *h->literal);
    for (int i = 0; i < k->ir->ndynstr_literals; i++) {
        int32_t id = k->ir->dynstr_literals[i];
        if (id >= 0 && id < k->ir->nstrings) h->literal[id] = true;
    }
    collect_unicode(k, h, total);
    collect_abbrevs(k, h);
    h->abbrev_start = h->unicode_start + h->nunicode;
    h->dynam_start = h->abbrev_start + h->nabbrevs;
    h->nleaves = h->dynam_start + k->ndynstr;
    h->cap = 2 * h->nleaves + 1;
    h->e = xcalloc((size_t)h->cap, sizeof *h->e);
    for (int c = 0; c < 256; c++) h->e[c] = (Entity){ .type = 2, .value = (uint32_t)c };
    h->e[TERMINATOR].type = 1;
    for (int i = 0; i < h->nunicode; i++)
        h->e[h->unicode_start + i] = (Entity){ .type = 4, .value = h->unicode[i] };
    for (int i = 0; i < h->nabbrevs; i++)
        h->e[h->abbrev_start + i] = (Entity){ .type = 3, .value = (uint32_t)i };
    for (int i = 0; i < k->ndynstr; i++)
        h->e[h->dynam_start + i] = (Entity){ .type = 9, .value = (uint32_t)i };
    h->n = h->nleaves;
    for (int i = 0; i < total; i++) {
        int len;
        const uint32_t *u = units_of(k, i, &len);
        if (!u) continue;
        bool plain = i < k->ir->nstrings && h->literal[i];
        if (plain || !h->nabbrevs)      /* (most strings: no -e) */
            for (int j = 0; j < len; j++)
                h->e[entity_of(h, u[j], false)].count++;
        else
            for (int j = 0; j < len;)
                h->e[next_entity(h, u, len, &j, false)].count++;
        h->e[TERMINATOR].count++;
    }
}

/* ---- the tree, as inform6 joins it ---- */

static int join(Huff *h, int *live, int nlive)
{
    while (nlive > 1) {
        int b1 = 0, b2 = 1;
        if (!(h->e[live[0]].count < h->e[live[1]].count)) { b1 = 1; b2 = 0; }
        uint32_t c1 = h->e[live[b1]].count, c2 = h->e[live[b2]].count;
        for (int j = 2; j < nlive; j++) {
            uint32_t c = h->e[live[j]].count;
            if (c < c1) { b2 = b1; c2 = c1; b1 = j; c1 = c; }
            else if (c < c2) { b2 = j; c2 = c; }
        }
        int br = h->n++;
        h->e[br] = (Entity){ .type = 0, .count = c1 + c2,
                             .branch = { live[b1], live[b2] } };
        live[b1] = br;
        memmove(&live[b2], &live[b2 + 1], (size_t)(nlive - 1 - b2) * sizeof *live);
        nlive--;
    }
    return live[0];
}

static uint32_t node_size(const Huff *h, const Entity *e)
{
    switch (e->type) {
    case 3: return 2 + (uint32_t)h->abbrevs[e->value].len;
    case 0: return 9;
    case 1: return 1;
    case 2: return 2;
    default: return 5;
    }
}

static void make_bits(Huff *h, int n, int depth, uint64_t bits)
{
    Entity *e = &h->e[n];
    h->nodes++;
    e->addr = h->table_size;
    e->depth = depth;
    e->bits = bits;
    h->table_size += node_size(h, e);
    if (e->type != 0) return;
    make_bits(h, e->branch[0], depth + 1, bits);
    make_bits(h, e->branch[1], depth + 1, bits | (uint64_t)1 << depth);
}

static void write_node(GLink *k, Huff *h, int n, GBlock *b)
{
    const Entity *e = &h->e[n];
    gk_put8(b, e->type);
    switch (e->type) {
    case 0:
        gk_ref(b, GL_AREA, 4, GA_DECODE, (int32_t)h->e[e->branch[0]].addr);
        gk_ref(b, GL_AREA, 4, GA_DECODE, (int32_t)h->e[e->branch[1]].addr);
        write_node(k, h, e->branch[0], b);
        write_node(k, h, e->branch[1], b);
        break;
    case 2: gk_put8(b, e->value); break;
    case 3: {
        const Abbrev *ab = &h->abbrevs[e->value];
        for (int i = 0; i < ab->len; i++) {
            uint32_t c = char_of(ab->units[i]);
            gk_put8(b, c > 255 ? '?' : c);
        }
        gk_put8(b, 0);
        break;
    }
    case 4: gk_put32(b, e->value); break;
    case 9: gk_ref(b, GL_AREA, 4, GA_DYNSTR, 4 + 4 * (int32_t)e->value); break;
    default: break;
    }
}

static int build_tree(Huff *h)
{
    int *live = xmalloc(((size_t)h->nleaves + 2) * sizeof *live);
    int nlive = 0;
    for (int i = 0; i < h->nleaves; i++)
        if (h->e[i].count) live[nlive++] = i;
    /* (a tree needs a branch: a story with one kind of entity only) */
    for (int c = 0; nlive < 2; c++)
        if (!h->e[c].count) live[nlive++] = c;
    int root = join(h, live, nlive);
    free(live);
    h->table_size = 12;
    make_bits(h, root, 0, 0);
    return root;
}

/* ---- the strings ---- */

/* The bits not yet written, first bit lowest (fewer than 8 between
 * entities), and where the next byte goes (room reserved for the whole
 * string, and 8 bytes beyond it: see put_way). */
typedef struct Bits {
    uint64_t acc;
    int n;
    uint8_t *at;
} Bits;

/* `n` more bits (at most 56, none above them set), and every whole byte
 * written: all 8 bytes of the accumulator are stored, lowest first (one
 * store, where the machine allows), and `at` moves on past the whole
 * ones; the rest are written again with the next entity's. */
static inline void put_way(Bits *o, uint64_t bits, int n)
{
    o->acc |= bits << o->n;
    o->n += n;
    uint64_t le = o->acc;
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    le = __builtin_bswap64(le);
#endif
    memcpy(o->at, &le, 8);
    o->at += o->n >> 3;
    o->acc >>= o->n & ~7;
    o->n &= 7;
}

/* An entity's way through the tree, written whole rather than a bit or
 * a byte at a time (the strings of Inform 7's output are 130,000
 * entities). */
static inline void put_bits(const Entity *e, Bits *o)
{
    uint64_t bits = e->bits;
    int left = e->depth;
    for (; left > 56; left -= 32, bits >>= 32)  /* (deeper than any tree
                                                  * of real counts) */
        put_way(o, bits & 0xFFFFFFFFu, 32);
    put_way(o, bits, left);
}

static void compressed(GLink *k, Huff *h, GBlock *b, const uint32_t *u,
                       int len, bool plain)
{
    (void)k;
    /* $E1, 8 bytes an entity and the terminator, the last byte, and the
     * 8 bytes put_way stores beyond the last whole one */
    VEC_RESERVE(NULL, b->data, b->len, b->cap, b->len + 18 + 8 * (size_t)len);
    Bits o = { 0, 0, b->data + b->len };
    *o.at++ = 0xE1;
    if (plain || !h->nabbrevs)
        for (int j = 0; j < len; j++)
            put_bits(&h->e[entity_of(h, u[j], false)], &o);
    else
        for (int j = 0; j < len;)
            put_bits(&h->e[next_entity(h, u, len, &j, false)], &o);
    put_bits(&h->e[TERMINATOR], &o);
    if (o.n) *o.at++ = (uint8_t)o.acc;
    b->len = (size_t)(o.at - b->data);
}

/* -~H: Latin-1 bytes; what they cannot hold is replaced, with one
 * warning each, as inform6 replaces it. */
static void plain(GBlock *b, const uint32_t *u, int len, bool *warned)
{
    gk_put8(b, 0xE0);
    for (int j = 0; j < len; j++) {
        uint32_t c = char_of(u[j]);
        if (is_dynamic(u[j])) {
            if (!warned[0])
                diag_warning(NULL, "'@..' print variable will not work in "
                             "a non-compressed string (-~H): '   ' is "
                             "printed instead");
            warned[0] = true;
            gk_put8(b, ' ');
            gk_put8(b, ' ');
            gk_put8(b, ' ');
            continue;
        }
        if (c > 255) {
            if (!warned[1])
                diag_warning(NULL, "Unicode characters will not work in a "
                             "non-compressed string (-~H): '?' is printed "
                             "instead");
            warned[1] = true;
            c = '?';
        }
        gk_put8(b, c);
    }
    gk_put8(b, 0);
}

void gl_strings(GLink *k)
{
    mark_used(k);
    GBlock *b = &k->area[GA_DECODE];
    int total = k->ir->nstrings + k->nxstr;
    Huff h = { 0 };
    if (k->compress) {
        make_leaves(k, &h);
        int root = build_tree(&h);
        gk_put32(b, h.table_size);
        gk_put32(b, (uint32_t)h.nodes);
        gk_ref(b, GL_AREA, 4, GA_DECODE, 12);
        write_node(k, &h, root, b);
        k->decode_len = (uint32_t)b->len;
        if (h.nunicode && k->version < 0x00030000) k->version = 0x00030000;
    }
    note_uses(k, &h);
    bool warned[2] = { false, false };
    for (int i = 0; i < total; i++) {
        int len;
        const uint32_t *u = units_of(k, i, &len);
        if (!u) continue;
        set_at(k, i, (uint32_t)b->len);
        k->chars_in += (unsigned long)len;
        k->nstrings_placed++;
        if (k->compress)
            compressed(k, &h, b, u, len, i < k->ir->nstrings && h.literal[i]);
        else plain(b, u, len, warned);
    }
    free(h.e);
    free(h.unicode);
    free(h.abbrevs);
    free(h.literal);
}
