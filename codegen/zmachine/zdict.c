/* zdict.c: dictionary words as the Z-machine's tokeniser encodes them:
 * lower case, 6 (v3) or 9 (v4+) Z-characters, padded with 5s.
 *
 * Takes a word's characters and the story's ZText; gives the 4 or 6
 * encoded bytes and whether the word was cut short. */
#include "ztext.h"

#include <string.h>

enum { PAD = 5, A2 = 52 };

/* The ZSCII code of one unit of a dictionary word, lower-cased; -1 when it
 * cannot be typed at all. */
static int dict_zscii(const ZText *zt, uint32_t u)
{
    int z;
    if (ZT_IS_DYNAMIC(u)) return -1;
    if (ZT_IS_ZSCII(u)) z = zt_raw_zscii(zt, ZT_VALUE(u));
    else z = zt_unicode_to_zscii(zt, u);
    if (z >= 'A' && z <= 'Z') z += 'a' - 'A';
    if (z < 0 || z > 255) return -1;
    return z;
}

/* Appends Z-character c if there is room; false when it was cut off. */
static bool put(uint8_t *zc, int *i, int limit, int c)
{
    if (*i >= limit) return false;
    zc[(*i)++] = (uint8_t)c;
    return true;
}

/* The Z-characters of ZSCII z into zc[*i..limit).  Unlike strings, a
 * space has no Z-character 0 here: the tokeniser never makes one, and
 * inform6 writes it as an escape. */
static void put_zscii(ZText *zt, int z, uint8_t *zc, int *i, int limit,
                      ZDictWord *out)
{
    int pos = zt->grid[z];
    if (z == ' ') pos = -1;
    if (pos >= 0) {
        zt->alphabet_used[pos] = true;
        if (pos >= A2) put(zc, i, limit, 5);
        else if (pos >= 26) put(zc, i, limit, 4);
        if (!put(zc, i, limit, pos % 26 + 6)) out->truncated = true;
        return;
    }
    put(zc, i, limit, 5);
    put(zc, i, limit, 6);
    put(zc, i, limit, (z >> 5) & 31);
    if (!put(zc, i, limit, z & 31)) out->truncated = true;
}

bool zt_dict_encode(ZText *zt, const uint32_t *in, size_t n, ZDictWord *out,
                    ZTextErr *err)
{
    int limit = zt_dict_zchars(zt->version);
    uint8_t zc[9];
    int i = 0;
    bool ok = true;
    memset(out, 0, sizeof *out);
    if (err) memset(err, 0, sizeof *err);
    for (size_t j = 0; j < n; j++) {
        if (i >= limit) out->overflowed = true;
        int z = dict_zscii(zt, in[j]);
        if (z < 0) {
            if (err && err->count++ == 0) {
                err->kind = ZTE_NOT_INPUT;
                err->index = j;
                err->unit = in[j];
            }
            ok = false;
            z = '?';
        }
        put_zscii(zt, z, zc, &i, limit, out);
    }
    while (i < limit) zc[i++] = PAD;
    int words = limit / 3;
    for (int w = 0; w < words; w++) {
        unsigned v = ((unsigned)zc[3 * w] << 10) | ((unsigned)zc[3 * w + 1] << 5)
                     | zc[3 * w + 2];
        if (w == words - 1) v |= 0x8000;
        be_set16(out->bytes + 2 * w, v);
    }
    return ok;
}

int zt_dict_compare(const ZDictWord *a, const ZDictWord *b, int version)
{
    return memcmp(a->bytes, b->bytes, (size_t)zt_dict_bytes(version));
}
