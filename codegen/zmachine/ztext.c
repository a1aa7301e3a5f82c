/* ztext.c: strings to Z-text: double-space contraction, abbreviations
 * chosen by an optimal parse, Z-characters from the alphabets, packing
 * three to a word with the end bit.
 *
 * Takes an array of units (see ztext.h) and a ZText; appends the encoded
 * bytes to a ZBuf. */
#include "ztext.h"

#include <stdlib.h>
#include <string.h>

enum { A2 = 52, PAD = 5, ABBREV_COST = 2 };

/* ---- abbreviations ---- */

/* inform6 sorts abbreviations into descending order of their text before
 * the first string is encoded, and numbers the table entries in that
 * order; on equal cost the parse prefers the earlier one. */
static int abbrev_cmp(const ZTextAbbrev *a, const ZTextAbbrev *b)
{
    size_t n = a->len < b->len ? a->len : b->len;
    for (size_t i = 0; i < n; i++)
        if (a->text[i] != b->text[i]) return a->text[i] < b->text[i] ? -1 : 1;
    return a->len < b->len ? -1 : a->len > b->len;
}

int zt_add_abbrev(ZText *zt, const uint32_t *text, size_t len)
{
    VEC_RESERVE(NULL, zt->abbrevs, zt->nabbrevs, zt->abbrevs_cap,
                zt->nabbrevs + 1);
    ZTextAbbrev ab = { xmalloc((len ? len : 1) * sizeof *text), len,
                       zt->nabbrevs, 0 };
    if (len) memcpy(ab.text, text, len * sizeof *text);
    /* Insert in descending order, after equal ones. */
    int at = zt->nabbrevs;
    while (at > 0 && abbrev_cmp(&zt->abbrevs[at - 1], &ab) < 0) {
        zt->abbrevs[at] = zt->abbrevs[at - 1];
        at--;
    }
    zt->abbrevs[at] = ab;
    return zt->nabbrevs++;
}

int zt_abbrev_entry(const ZText *zt, int decl)
{
    for (int i = 0; i < zt->nabbrevs; i++)
        if (zt->abbrevs[i].decl == decl) return zt->first_abbrev_entry + i;
    return -1;
}

/* ---- one unit to Z-characters ---- */

int zt_raw_zscii(const ZText *zt, uint32_t n)
{
    int m = n >= 128 ? zt_unicode_to_zscii(zt, n) : -1;
    return m > 0 ? m : (int)n;
}

/* Writes the Z-characters of ZSCII z (at most 4) to zc; returns how many.
 * `literal` (from ZT_ZSCII, Inform's @@z, @{5E}, @{7E}) never uses the new-line and
 * double-quote slots: inform6 holds ^ and ~ there while compiling, so its
 * @@13, @@34, @@94 and @@126 all come out as 10-bit escapes. */
static int zchars_of_zscii(ZText *zt, int z, bool literal, uint8_t *zc,
                           bool mark)
{
    if (z == ' ') { zc[0] = 0; return 1; }
    int pos = (z >= 0 && z < 256) ? zt->grid[z] : -1;
    if (literal && (z == '^' || z == '~' || z == 13 || z == '"')) pos = -1;
    if (pos >= 0) {
        if (mark) zt->alphabet_used[pos] = true;
        int n = 0;
        if (pos >= A2) zc[n++] = 5;
        else if (pos >= 26) zc[n++] = 4;
        zc[n++] = (uint8_t)(pos % 26 + 6);
        return n;
    }
    zc[0] = 5; zc[1] = 6;
    zc[2] = (uint8_t)((z >> 5) & 31); zc[3] = (uint8_t)(z & 31);
    return 4;
}

/* The Z-characters of one unit; -1 (with '?' written) if it has none. */
static int zchars_of_unit(ZText *zt, uint32_t u, uint8_t *zc, bool mark)
{
    if (u < 128 && zt->ascii_zchars[u]) {
        uint32_t e = zt->ascii_zchars[u];
        zc[0] = (uint8_t)(e >> 8);
        if ((e & 3) == 2) zc[1] = (uint8_t)(e >> 16);
        if (mark && (e >> 24)) zt->alphabet_used[(e >> 24) - 1] = true;
        return (int)(e & 3);
    }
    if (ZT_IS_DYNAMIC(u)) {
        uint32_t n = ZT_VALUE(u);
        if (n >= ZT_MAX_ABBREV_ENTRIES || n >= (uint32_t)zt->first_abbrev_entry) {
            zchars_of_zscii(zt, '?', false, zc, mark);
            return -1;
        }
        zc[0] = (uint8_t)(1 + n / 32); zc[1] = (uint8_t)(n % 32);
        return 2;
    }
    if (ZT_IS_ZSCII(u)) {
        uint32_t z = (uint32_t)zt_raw_zscii(zt, ZT_VALUE(u));
        if (z > 1023) { zchars_of_zscii(zt, '?', false, zc, mark); return -1; }
        return zchars_of_zscii(zt, (int)z, true, zc, mark);
    }
    int z = zt_unicode_to_zscii(zt, u);
    if (z < 0) {
        zchars_of_zscii(zt, '?', false, zc, mark);
        return -1;
    }
    return zchars_of_zscii(zt, z, false, zc, mark);
}

size_t zt_zchar_cost(const ZText *zt, const uint32_t *in, size_t n)
{
    uint8_t zc[4];
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        int k = zchars_of_unit((ZText *)zt, in[i], zc, false);
        total += k < 0 ? 1 : (size_t)k;
    }
    return total;
}

/* ---- scratch and preparation ---- */

static void grow_scratch(ZText *zt, size_t n)
{
    if (n + 1 <= zt->tmp_cap) return;
    size_t cap = zt->tmp_cap ? zt->tmp_cap : 64;
    while (cap < n + 1) cap *= 2;
    zt->tmp = xrealloc(zt->tmp, cap * sizeof *zt->tmp);
    zt->score = xrealloc(zt->score, cap * sizeof *zt->score);
    zt->sched = xrealloc(zt->sched, cap * sizeof *zt->sched);
    zt->zc = xrealloc(zt->zc, cap * 4 + 8);
    zt->srcidx = xrealloc(zt->srcidx, cap * sizeof *zt->srcidx);
    zt->tmp_cap = cap;
}

/* Copies the input to zt->tmp, removing the second space after a full
 * stop (and after ? and ! at level 2) under -d; returns the new length. */
static size_t contract_spaces(ZText *zt, const uint32_t *in, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = in[i];
        bool stop = c == '.' ||
                    (zt->double_space >= 2 && (c == '?' || c == '!'));
        zt->srcidx[m] = i;
        zt->tmp[m++] = c;
        if (zt->double_space >= 1 && stop && i + 2 < n &&
            in[i + 1] == ' ' && in[i + 2] == ' ') {
            zt->srcidx[m] = i + 1;
            zt->tmp[m++] = ' ';
            i += 2;
        }
    }
    return m;
}

/* Length of abbreviation a if it matches u[at..n), else 0. */
static size_t abbrev_match(const ZTextAbbrev *a, const uint32_t *u,
                           size_t at, size_t n)
{
    if (a->len == 0 || a->len > n - at) return 0;
    for (size_t k = 0; k < a->len; k++)
        if (u[at + k] != a->text[k]) return 0;
    return a->len;
}

/* The cheapest parse of u[0..n) into literal units and abbreviations
 * (Wagner's dynamic programming, as inform6 6.45 does): sched[i] is the
 * abbreviation to use at i, or -1. */
static void plan_abbrevs(ZText *zt, const uint32_t *u, size_t n)
{
    uint8_t zc[4];
    zt->score[n] = 0;
    for (size_t j = n; j-- > 0;) {
        int k = u[j] < 128 && zt->ascii_zchars[u[j]]
                    ? (int)(zt->ascii_zchars[u[j]] & 3)
                    : zchars_of_unit(zt, u[j], zc, false);
        int32_t best = (k < 0 ? 1 : k) + zt->score[j + 1];
        int16_t pick = -1;
        for (int a = 0; a < zt->nabbrevs; a++) {
            size_t len = abbrev_match(&zt->abbrevs[a], u, j, n);
            if (len && best > ABBREV_COST + zt->score[j + len]) {
                best = ABBREV_COST + zt->score[j + len];
                pick = (int16_t)a;
            }
        }
        zt->score[j] = best;
        zt->sched[j] = pick;
    }
}

/* ---- encoding ---- */

static void note_error(ZTextErr *err, ZTextErrKind kind, size_t i, uint32_t u)
{
    if (!err) return;
    if (err->count++ == 0) {
        err->kind = kind;
        err->index = i;
        err->unit = u;
    }
}

/* Packs nz Z-characters three to a word, padded with 5s, end bit on the
 * last word; returns the number of bytes written. */
static size_t pack(const uint8_t *zc, size_t nz, ZBuf *out)
{
    size_t words = nz ? (nz + 2) / 3 : 1;
    for (size_t w = 0; w < words; w++) {
        unsigned v = 0;
        for (size_t k = 0; k < 3; k++) {
            size_t i = w * 3 + k;
            v = (v << 5) | (i < nz ? zc[i] : PAD);
        }
        if (w == words - 1) v |= 0x8000;
        zb_put16(out, v);
    }
    return words * 2;
}

void zt_check(const ZText *zt, const uint32_t *in, size_t n, ZTextErr *err)
{
    memset(err, 0, sizeof *err);
    uint8_t zc[8];
    for (size_t i = 0; i < n; i++)
        if (!(in[i] < 128 && zt->ascii_zchars[in[i]]) &&
            zchars_of_unit((ZText *)zt, in[i], zc, false) < 0)
            note_error(err, ZT_IS_DYNAMIC(in[i]) ? ZTE_BAD_DYNAMIC
                                                  : ZTE_NO_ZSCII, i, in[i]);
}

size_t zt_encode(ZText *zt, const uint32_t *in, size_t n, unsigned flags,
                 ZBuf *out, ZTextErr *err)
{
    if (err) memset(err, 0, sizeof *err);
    grow_scratch(zt, n);
    /* Without -d the units are used where they are. */
    size_t m = zt->double_space ? contract_spaces(zt, in, n) : n;
    const uint32_t *u = zt->double_space ? zt->tmp : in;
    bool abbreviate = zt->economy && !(flags & ZTE_NO_ABBREV) &&
                      zt->nabbrevs > 0;
    if (abbreviate) plan_abbrevs(zt, u, m);

    size_t nz = 0;
    for (size_t i = 0; i < m;) {
        if (abbreviate && zt->sched[i] >= 0) {
            ZTextAbbrev *a = &zt->abbrevs[zt->sched[i]];
            int e = zt->first_abbrev_entry + zt->sched[i];
            zt->zc[nz++] = (uint8_t)(1 + e / 32);
            zt->zc[nz++] = (uint8_t)(e % 32);
            a->uses++;
            i += a->len;
            continue;
        }
        uint32_t e = u[i] < 128 ? zt->ascii_zchars[u[i]] : 0;
        if (e) {                    /* the fast path of zchars_of_unit */
            zt->zc[nz] = (uint8_t)(e >> 8);
            zt->zc[nz + 1] = (uint8_t)(e >> 16);
            nz += e & 3;
            if (e >> 24) zt->alphabet_used[(e >> 24) - 1] = true;
            i++;
            continue;
        }
        int k = zchars_of_unit(zt, u[i], zt->zc + nz, true);
        if (k < 0) {
            note_error(err, ZT_IS_DYNAMIC(u[i]) ? ZTE_BAD_DYNAMIC : ZTE_NO_ZSCII,
                       zt->double_space ? zt->srcidx[i] : i, u[i]);
            k = zchars_of_unit(zt, ZT_ZSCII('?'), zt->zc + nz, true);
        }
        nz += (size_t)k;
        i++;
    }
    /* An empty Z-string could not carry the end bit: write one pad. */
    if (nz == 0) zt->zc[nz++] = PAD;
    size_t bytes = pack(zt->zc, nz, out);
    zt->chars_in += n;
    zt->zchars_out += nz;
    zt->bytes_out += bytes;
    return bytes;
}
