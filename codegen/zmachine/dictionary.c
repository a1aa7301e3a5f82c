/* dictionary.c: the dictionary table: entries kept once per encoded word,
 * their data bytes OR-ed, sorted by the encoded bytes when written.
 *
 * Takes encoded words (zdict.c) with flags; gives the table and each
 * word's offset in it. */
#include "dictionary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../compiler/hashmap.h"

typedef struct ZDEntry {
    ZDictWord w;
    uint8_t par[3];
} ZDEntry;

struct ZDict {
    ZText *zt;
    ZDictOptions opts;
    int bytes;                 /* 4 or 6 encoded bytes */
    ZDEntry *e;
    int n, cap;
    HashMap map;               /* an encoded word's hash -> its id */
    uint32_t *rank;            /* id -> position, after zd_write */
    char err[160];
};

ZDictOptions zd_default_options(void)
{
    return (ZDictOptions){ .long_flag_bug = true };
}

ZDict *zd_new(ZText *zt, ZDictOptions opts)
{
    ZDict *d = xcalloc(1, sizeof *d);
    d->zt = zt;
    d->opts = opts;
    d->bytes = zt_dict_bytes(zt->version);
    return d;
}

void zd_free(ZDict *d)
{
    if (!d) return;
    free(d->e);
    hm_free(&d->map);
    free(d->rank);
    free(d);
}

int zd_count(const ZDict *d) { return d->n; }
const ZDictOptions *zd_options(const ZDict *d) { return &d->opts; }
const char *zd_error(const ZDict *d) { return d->err[0] ? d->err : NULL; }

int zd_entry_size(const ZDict *d)
{
    return d->bytes + (d->opts.less_data ? 2 : 3);
}

static uint32_t hash_of(const ZDict *d, const ZDictWord *w)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < d->bytes; i++) h = (h ^ w->bytes[i]) * 16777619u;
    return h;
}

int zd_find(const ZDict *d, const ZDictWord *w)
{
    for (HmProbe p = hm_probe(hash_of(d, w)); hm_next(&d->map, &p);)
        if (!memcmp(d->e[p.index].w.bytes, w->bytes, (size_t)d->bytes))
            return (int)p.index;
    return -1;
}

/* Reads the //flags into the bits to set and to clear; false on a
 * character that is not a flag. */
static bool parse_flags(ZDict *d, const char *flags, unsigned *pos,
                        unsigned *neg)
{
    bool negate = false;
    *pos = *neg = 0;
    for (const char *p = flags; p && *p; p++) {
        unsigned bit = *p == 'p' ? ZD_PLURAL : *p == 's' ? ZD_SING
                     : *p == 'n' ? ZD_NOUN : 0;
        if (*p == '~') {
            negate = !negate;
            continue;
        }
        if (!bit) {
            snprintf(d->err, sizeof d->err, "expected a flag character "
                     "(p, s, n or ~) after '//' in a dictionary word, "
                     "found '%c'", *p);
            return false;
        }
        if (negate) *neg |= bit;
        else *pos |= bit;
        negate = false;
    }
    if (negate) {
        snprintf(d->err, sizeof d->err, "'//~' with no flag character "
                 "(p, s or n) after it in a dictionary word");
        return false;
    }
    return true;
}

static int add_entry(ZDict *d, const ZDictWord *w)
{
    int id = zd_find(d, w);
    if (id >= 0) return id;
    hm_add(&d->map, hash_of(d, w), (uint32_t)d->n);
    VEC_PUSH(NULL, d->e, d->n, d->cap, (ZDEntry){ .w = *w });
    return d->n - 1;
}

int zd_add_word(ZDict *d, const ZDictWord *w, const char *flags,
                unsigned par1, unsigned par2, unsigned par3)
{
    unsigned pos = 0, neg = 0;
    d->err[0] = 0;
    bool ok = parse_flags(d, flags, &pos, &neg);
    if (d->opts.long_flag_bug && w->overflowed) pos = neg = 0;
    if (d->opts.truncate_flag && w->truncated) pos |= ZD_TRUNC;
    par1 = (par1 & ~neg) | pos;
    if (d->opts.implicit_singular && (par1 & ZD_NOUN) &&
        !(par1 & ZD_PLURAL) && !(neg & ZD_SING))
        par1 |= ZD_SING;
    int id = add_entry(d, w);
    d->e[id].par[0] |= (uint8_t)par1;
    d->e[id].par[1] |= (uint8_t)par2;
    if (!d->opts.less_data) d->e[id].par[2] |= (uint8_t)par3;
    return ok ? id : -1;
}

int zd_add_text(ZDict *d, const char *word, unsigned par1, unsigned par2,
                unsigned par3)
{
    const char *slash = strstr(word, "//");
    size_t n = slash ? (size_t)(slash - word) : strlen(word);
    uint32_t *u = xmalloc((n ? n : 1) * sizeof *u);
    for (size_t i = 0; i < n; i++)
        u[i] = word[i] == '^' ? '\'' : (unsigned char)word[i];
    ZDictWord w;
    ZTextErr err;
    bool typed = zt_dict_encode(d->zt, u, n, &w, &err);
    free(u);
    int id = zd_add_word(d, &w, slash ? slash + 2 : NULL, par1, par2, par3);
    if (!typed) {
        snprintf(d->err, sizeof d->err, "a character of '%s' cannot be "
                 "typed", word);
        return -1;
    }
    return id;
}

static bool valid(const ZDict *d, int id, int par)
{
    return id >= 0 && id < d->n && par >= 1 && par <= 3;
}

unsigned zd_par(const ZDict *d, int id, int par)
{
    return valid(d, id, par) ? d->e[id].par[par - 1] : 0;
}

void zd_set_par(ZDict *d, int id, int par, unsigned value)
{
    if (!valid(d, id, par) || (par == 3 && d->opts.less_data)) return;
    d->e[id].par[par - 1] = (uint8_t)value;
}

void zd_or_par(ZDict *d, int id, int par, unsigned bits)
{
    if (!valid(d, id, par) || (par == 3 && d->opts.less_data)) return;
    d->e[id].par[par - 1] |= (uint8_t)bits;
}

/* Sorting key: the encoded text (v3 leaves bytes 4 and 5 zero). */
typedef struct SortItem {
    uint8_t bytes[6];
    int id;
} SortItem;

static int by_text(const void *a, const void *b)
{
    return memcmp(((const SortItem *)a)->bytes, ((const SortItem *)b)->bytes,
                  6);
}

void zd_write(ZDict *d, ZBlock *out)
{
    SortItem *order = xmalloc((size_t)(d->n ? d->n : 1) * sizeof *order);
    for (int i = 0; i < d->n; i++) {
        memcpy(order[i].bytes, d->e[i].w.bytes, 6);
        order[i].id = i;
    }
    /* Entries are distinct, so the order does not depend on stability. */
    qsort(order, (size_t)d->n, sizeof *order, by_text);
    free(d->rank);
    d->rank = xmalloc((size_t)(d->n ? d->n : 1) * sizeof *d->rank);
    static const uint8_t separators[4] = { 3, '.', ',', '"' };
    zb_append(&out->b, separators, 4);
    zb_put8(&out->b, (unsigned)zd_entry_size(d));
    zb_put16(&out->b, (unsigned)d->n);
    int data = d->opts.less_data ? 2 : 3;
    for (int r = 0; r < d->n; r++) {
        const ZDEntry *e = &d->e[order[r].id];
        d->rank[order[r].id] = (uint32_t)r;
        zb_append(&out->b, e->w.bytes, (size_t)d->bytes);
        zb_append(&out->b, e->par, (size_t)data);
    }
    free(order);
}

uint32_t zd_offset(const ZDict *d, int id)
{
    if (!d->rank || id < 0 || id >= d->n) return 0;
    return 7 + d->rank[id] * (uint32_t)zd_entry_size(d);
}
