/* zcharset.c: the story's character set: the alphabet table, the Unicode
 * translation table and the ZSCII <-> Unicode and ZSCII -> alphabet
 * look-ups built from them.
 *
 * Takes `Zcharacter`-style changes; gives conversions and the two tables
 * as they are written into a v5+ story. */
#include "ztext.h"

#include <stdlib.h>
#include <string.h>

/* Z-spec Table 1: the default Unicode of ZSCII 155-223. */
static const uint16_t default_unicode[ZT_DEFAULT_UNICODE_COUNT] = {
    0xe4, 0xf6, 0xfc, 0xc4, 0xd6, 0xdc, 0xdf, 0xbb, 0xab, 0xeb,
    0xef, 0xff, 0xcb, 0xcf, 0xe1, 0xe9, 0xed, 0xf3, 0xfa, 0xfd,
    0xc1, 0xc9, 0xcd, 0xd3, 0xda, 0xdd, 0xe0, 0xe8, 0xec, 0xf2,
    0xf9, 0xc0, 0xc8, 0xcc, 0xd2, 0xd9, 0xe2, 0xea, 0xee, 0xf4,
    0xfb, 0xc2, 0xca, 0xce, 0xd4, 0xdb, 0xe5, 0xc5, 0xf8, 0xd8,
    0xe3, 0xf1, 0xf5, 0xc3, 0xd1, 0xd5, 0xe6, 0xc6, 0xe7, 0xc7,
    0xfe, 0xf0, 0xde, 0xd0, 0xa3, 0x153, 0x152, 0xa1, 0xbf,
};

/* Z-spec 3.5.3, with inform6's ' ' and '^' in the two unused A2 slots. */
static const char default_alphabet[79] =
    "abcdefghijklmnopqrstuvwxyz"
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    " ^0123456789.,!?_#'\"/\\-:()";

enum { A2 = 52, NEWLINE_SLOT = A2 + 1, ZSCII_NEWLINE = 13 };

/* The Z-characters of the printable ASCII code points and the new-line
 * for ztext.c's fast path (as zt_unicode_to_zscii, then the grid). */
static void make_ascii_zchars(ZText *zt)
{
    for (int cp = 0; cp < 128; cp++) {
        zt->ascii_zchars[cp] = 0;
        int z = cp == '\n' ? ZSCII_NEWLINE : cp >= 32 && cp <= 126 ? cp : -1;
        if (z < 0) continue;
        if (z == ' ') { zt->ascii_zchars[cp] = 1; continue; }
        int pos = zt->grid[z];
        if (pos < 0) continue;               /* a 10-bit escape: slow path */
        uint32_t shift = pos >= A2 ? 5 : pos >= 26 ? 4 : 0;
        uint32_t letter = (uint32_t)(pos % 26 + 6);
        zt->ascii_zchars[cp] = shift ? 2 | shift << 8 | letter << 16
                                     : 1 | letter << 8;
        zt->ascii_zchars[cp] |= (uint32_t)(pos + 1) << 24;
    }
}

/* Rebuilds the ZSCII -> position grid.  A2 letters 0 and 1 are the escape
 * and new-line, never looked up by code.  Like inform6, ^ (94) shares the
 * new-line slot and ~ (126) the double quote's, unless they are letters
 * themselves; ZT_ZSCII units bypass the aliases (see ztext.c). */
static void make_grid(ZText *zt)
{
    for (int i = 0; i < 256; i++) zt->grid[i] = -1;
    for (int pos = 0; pos < 78; pos++) {
        if (pos == A2 || pos == NEWLINE_SLOT) continue;
        int z = zt->alphabet[pos];
        if (zt->grid[z] < 0) zt->grid[z] = (int16_t)pos;
    }
    zt->grid[ZSCII_NEWLINE] = NEWLINE_SLOT;
    if (zt->grid['^'] < 0) zt->grid['^'] = NEWLINE_SLOT;
    if (zt->grid['~'] < 0) zt->grid['~'] = zt->grid['"'];
    make_ascii_zchars(zt);
}

void zt_init(ZText *zt, int version)
{
    memset(zt, 0, sizeof *zt);
    zt->version = version;
    memcpy(zt->alphabet, default_alphabet, 78);
    memcpy(zt->unicode, default_unicode, sizeof default_unicode);
    zt->unicode_count = ZT_DEFAULT_UNICODE_COUNT;
    zt->first_abbrev_entry = 32;
    make_grid(zt);
}

void zt_free(ZText *zt)
{
    for (int i = 0; i < zt->nabbrevs; i++) free(zt->abbrevs[i].text);
    free(zt->abbrevs);
    free(zt->tmp);
    free(zt->score);
    free(zt->sched);
    free(zt->zc);
    free(zt->srcidx);
    memset(zt, 0, sizeof *zt);
}

int zt_unicode_to_zscii(const ZText *zt, uint32_t cp)
{
    if (cp >= 32 && cp <= 126) return (int)cp;
    if (cp == '\n') return ZSCII_NEWLINE;
    for (int i = 0; i < zt->unicode_count; i++)
        if (zt->unicode[i] == cp) return 155 + i;
    return -1;
}

uint32_t zt_zscii_to_unicode(const ZText *zt, int z)
{
    if (z >= 32 && z <= 126) return (uint32_t)z;
    if (z == ZSCII_NEWLINE) return '\n';
    if (z >= 155 && z < 155 + zt->unicode_count) return zt->unicode[z - 155];
    return 0;
}

bool zt_set_unicode_table(ZText *zt, const uint32_t *cps, int n)
{
    if (zt->version < 5 || n < 0 || n > ZT_MAX_UNICODE) return false;
    for (int i = 0; i < n; i++)
        if (cps[i] > 0xFFFF) return false;
    for (int i = 0; i < n; i++) zt->unicode[i] = (uint16_t)cps[i];
    zt->unicode_count = n;
    zt->unicode_changed = true;
    return true;
}

bool zt_add_unicode(ZText *zt, uint32_t cp)
{
    if (zt->version < 5 || zt->unicode_count >= ZT_MAX_UNICODE || cp > 0xFFFF)
        return false;
    zt->unicode[zt->unicode_count++] = (uint16_t)cp;
    zt->unicode_changed = true;
    return true;
}

bool zt_set_alphabets(ZText *zt, const int a0[26], const int a1[26],
                      const int a2[23])
{
    if (zt->version < 5) return false;
    uint8_t next[78];
    memcpy(next, zt->alphabet, 78);
    for (int i = 0; i < 26; i++) next[i] = (uint8_t)a0[i];
    for (int i = 0; i < 26; i++) next[26 + i] = (uint8_t)a1[i];
    next[A2 + 2] = '"';
    for (int i = 0; i < 23; i++) next[A2 + 3 + i] = (uint8_t)a2[i];
    bool seen[256] = { false };
    for (int pos = 0; pos < 78; pos++) {
        if (pos == A2 || pos == NEWLINE_SLOT) continue;
        int z = pos < 26 ? a0[pos] : pos < 52 ? a1[pos - 26]
              : pos == A2 + 2 ? '"' : a2[pos - A2 - 3];
        if (z <= 0 || z > 255 || seen[z]) return false;
        seen[z] = true;
    }
    memcpy(zt->alphabet, next, 78);
    zt->alphabet_changed = true;
    make_grid(zt);
    return true;
}

int zt_add_alphabet_char(ZText *zt, int z)
{
    if (zt->version < 5 || z <= 0 || z > 255) return -1;
    for (int pos = 0; pos < 78; pos++)
        if (pos != A2 && pos != NEWLINE_SLOT && zt->alphabet[pos] == z)
            return 0;
    /* The digits go first: they are more of a luxury than punctuation. */
    for (int i = 2; i < 26; i++) {
        int pos = A2 + i;
        if (i == 12 || i == 13 || zt->alphabet[pos] == '"') continue;
        if (zt->alphabet_used[pos]) continue;
        zt->alphabet_used[pos] = true;
        zt->alphabet[pos] = (uint8_t)z;
        zt->alphabet_changed = true;
        make_grid(zt);
        return 1;
    }
    return -1;
}

void zt_alphabet_table(const ZText *zt, uint8_t out[78])
{
    memcpy(out, zt->alphabet, 78);
}

size_t zt_unicode_table(const ZText *zt, uint8_t *out)
{
    out[0] = (uint8_t)zt->unicode_count;
    for (int i = 0; i < zt->unicode_count; i++) {
        out[1 + 2 * i] = (uint8_t)(zt->unicode[i] >> 8);
        out[2 + 2 * i] = (uint8_t)zt->unicode[i];
    }
    return 1 + 2 * (size_t)zt->unicode_count;
}
