/* gdict.c: the Glulx dictionary.
 *
 * Takes words as units (ir.h) with //flags and data, from the Dictionary
 * directives, the grammar and the words code names; gives GA_DICT as
 * inform6 6.45 writes it: a count, then the entries sorted by their
 * characters, each $60, the first $DICT_WORD_SIZE characters lower-cased
 * (A-Z only) and zero-padded, one byte each, or with $DICT_CHAR_SIZE=4
 * three zero bytes and a word each, then the three data shorts
 * (#dict_par1: flags, #dict_par2: $FFFF less the verb number, #dict_par3)
 * (and two zero bytes in the Unicode form).  Words with the same
 * characters are one entry, their data OR-ed. */
#include "glink.h"

#include <stdlib.h>
#include <string.h>

#include "../../compiler/text.h"

enum {
    GD_VERB = 0x01, GD_META = 0x02, GD_PLURAL = 0x04, GD_PREP = 0x08,
    GD_SING = 0x10, GD_TRUNC = 0x40, GD_NOUN = 0x80,
};

void gd_init(GDict *d, int word_size, int char_size)
{
    memset(d, 0, sizeof *d);
    d->word_size = word_size > 0 ? word_size : 1;
    d->char_size = char_size;
}

void gd_free(GDict *d)
{
    for (int i = 0; i < d->n; i++) free(d->e[i].chars);
    free(d->e);
    free(d->rank);
    hm_free(&d->map);
}

static uint32_t hash_of(const GDict *d, const uint32_t *c)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < d->word_size; i++) h = (h ^ c[i]) * 16777619u;
    return h;
}

static int find_or_add(GDict *d, uint32_t *chars)
{
    uint32_t h = hash_of(d, chars);
    for (HmProbe p = hm_probe(h); hm_next(&d->map, &p);)
        if (!memcmp(d->e[p.index].chars, chars,
                    (size_t)d->word_size * sizeof *chars)) {
            free(chars);
            return (int)p.index;
        }
    hm_add(&d->map, h, (uint32_t)d->n);
    VEC_PUSH(NULL, d->e, d->n, d->cap, (GDictEntry){ .chars = chars });
    return d->n - 1;
}

static uint32_t flag_bits(int text_flags)
{
    uint32_t b = 0;
    if (text_flags & TEXT_DICT_PLURAL) b |= GD_PLURAL;
    if (text_flags & TEXT_DICT_SINGULAR) b |= GD_SING;
    if (text_flags & TEXT_DICT_NOUN) b |= GD_NOUN;
    return b;
}

int gd_add(GDict *d, const uint32_t *units, int len, uint32_t par1,
           int flags_set, int flags_clear, const Options *o)
{
    uint32_t *chars = xcalloc((size_t)d->word_size, sizeof *chars);
    bool truncated = len > d->word_size;
    for (int i = 0; i < len && i < d->word_size; i++) {
        uint32_t u = units[i];
        if (u & 0x80000000u) u &= 0x7FFFFFFFu;      /* @@n */
        if (u >= 'A' && u <= 'Z') u += 'a' - 'A';
        if (d->char_size == 1 && u > 255) u = '?';  /* (reported by caller) */
        chars[i] = u;
    }
    uint32_t pos = flag_bits(flags_set), neg = flag_bits(flags_clear);
    if (truncated && opt_setting_value(o, "LONG_DICT_FLAG_BUG"))
        pos = neg = 0;
    if (truncated && opt_setting_value(o, "DICT_TRUNCATE_FLAG"))
        pos |= GD_TRUNC;
    par1 = (par1 & ~neg) | pos;
    if (opt_setting_value(o, "DICT_IMPLICIT_SINGULAR") && (par1 & GD_NOUN) &&
        !(par1 & GD_PLURAL) && !(neg & GD_SING))
        par1 |= GD_SING;
    int id = find_or_add(d, chars);
    d->e[id].par1 |= par1;
    return id;
}

static const GDict *sorting;

static int by_chars(const void *a, const void *b)
{
    const uint32_t *x = sorting->e[*(const int *)a].chars;
    const uint32_t *y = sorting->e[*(const int *)b].chars;
    for (int i = 0; i < sorting->word_size; i++)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}

static size_t entry_bytes(const GDict *d)
{
    return d->char_size == 1 ? (size_t)d->word_size + 7
                             : 4 * (size_t)d->word_size + 12;
}

void gd_write(GDict *d, GBlock *out)
{
    int *order = xmalloc(((size_t)d->n + 1) * sizeof *order);
    for (int i = 0; i < d->n; i++) order[i] = i;
    sorting = d;
    qsort(order, (size_t)d->n, sizeof *order, by_chars);
    free(d->rank);
    d->rank = xmalloc(((size_t)d->n + 1) * sizeof *d->rank);
    gk_put32(out, (uint32_t)d->n);
    for (int r = 0; r < d->n; r++) {
        const GDictEntry *e = &d->e[order[r]];
        d->rank[order[r]] = (uint32_t)r;
        size_t start = out->len;
        gk_put8(out, 0x60);
        if (d->char_size != 1) gk_zeros(out, 3);
        for (int i = 0; i < d->word_size; i++) {
            if (d->char_size == 1) gk_put8(out, e->chars[i]);
            else gk_put32(out, e->chars[i]);
        }
        gk_put16(out, e->par1);
        gk_put16(out, e->par2);
        gk_put16(out, e->par3);
        gk_zeros(out, entry_bytes(d) - (out->len - start));
    }
    free(order);
}

uint32_t gd_offset(const GDict *d, int id)
{
    if (!d->rank || id < 0 || id >= d->n) return 0;
    return 4 + d->rank[id] * (uint32_t)entry_bytes(d);
}

/* ---- the program's words ---- */

void gl_dict_check(GLink *k, const uint32_t *units, int len,
                        const SrcLoc *loc)
{
    if (k->dict.char_size != 1) return;
    for (int i = 0; i < len && i < k->dict.word_size; i++)
        if ((units[i] & 0x7FFFFFFFu) > 255) {
            gl_report(k, loc, "the dictionary cannot contain Unicode "
                      "characters beyond Latin-1: define $DICT_CHAR_SIZE=4 "
                      "for a Unicode-compatible dictionary");
            return;
        }
}

/* `Dictionary 'word' v1 v3`, in source order. */
void gl_dictionary(GLink *k)
{
    const Program *p = k->prog;
    for (int s = 0; s < p->nsteps; s++) {
        if (p->steps[s].kind != PS_DICTIONARY) continue;
        const ProgDictEntry *e = &p->dictionary[p->steps[s].index];
        int set = 0, clear = 0;
        if (e->word.flags[0])
            text_dict_flags(e->word.flags, strlen(e->word.flags),
                            e->word.loc, &set, &clear);
        gl_dict_check(k, e->word.units, e->word.n, &e->word.loc);
        int id = gd_add(&k->dict, e->word.units, e->word.n,
                        (uint32_t)e->par1 & 0xFFFF, set, clear, k->c->opts);
        k->dict.e[id].par3 |= (uint32_t)e->par3 & 0xFFFF;
    }
}

/* Every word lowering interned: a noun unless only grammar made it. */
void gl_dict_ir(GLink *k)
{
    const IrProgram *ir = k->ir;
    k->dict_of_ir = xmalloc(((size_t)ir->ndict + 1) * sizeof *k->dict_of_ir);
    for (int i = 0; i < ir->ndict; i++) {
        const IrDictWord *w = &ir->dict[i];
        if (!k->errors) gl_dict_check(k, w->units, w->len, NULL);
        k->dict_of_ir[i] = gd_add(&k->dict, w->units, w->len,
                                  w->from_grammar ? 0 : GD_NOUN, w->flags_set,
                                  w->flags_clear, k->c->opts);
    }
}
