/* story.c: header, packed addresses, size limits, length, checksum and
 * padding of a Z-machine story file.
 *
 * Takes the laid-out memory image and a ZHeader; gives the finished file
 * bytes (and writes them). */
#include "story.h"

#include "../story_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void zs_serial(char out[6])
{
    story_serial(out);
}

void zs_header_init(ZHeader *h, int version)
{
    memset(h, 0, sizeof *h);
    h->version = version;
    h->release = 1;
    zs_serial(h->serial);
    memcpy(h->inform_version, "6.45", 4);
}

unsigned zs_scale(int version)
{
    return version <= 3 ? 2 : version <= 7 ? 4 : 8;
}

unsigned zs_length_unit(int version)
{
    return version <= 3 ? 2 : version <= 5 ? 4 : 8;
}

uint32_t zs_max_size(int version)
{
    return version <= 3 ? 0x20000 : version <= 5 ? 0x40000 : 0x80000;
}

int32_t zs_pack(int version, uint32_t addr, uint32_t offset)
{
    unsigned scale = zs_scale(version);
    if (version != 6 && version != 7) offset = 0;
    if (addr < offset || addr % scale) return -1;
    uint32_t p = (addr - offset) / scale;
    return p > 0xFFFF ? -1 : (int32_t)p;
}

uint32_t zs_unpack(int version, uint16_t packed, uint32_t offset)
{
    if (version != 6 && version != 7) offset = 0;
    return (uint32_t)packed * zs_scale(version) + offset;
}

uint16_t zs_append_header_ext(ZBuf *image, uint16_t unicode_table,
                              uint16_t flags3, int min_words)
{
    int n = min_words;
    if (unicode_table && n < 3) n = 3;
    if (flags3 && n < 4) n = 4;
    uint16_t at = (uint16_t)image->len;
    zb_put16(image, (unsigned)n);
    for (int i = 1; i <= n; i++)
        zb_put16(image, i == 3 ? unicode_table : i == 4 ? flags3 : 0);
    return at;
}

void zs_align(ZBuf *image, unsigned unit)
{
    while (image->len % unit) zb_put8(image, 0);
}

uint16_t zs_checksum(const uint8_t *image, size_t len)
{
    uint32_t sum = 0;
    size_t i = ZS_HEADER_SIZE;
    /* Eight bytes at a time, as four 16-bit lanes of byte pairs; a lane
     * takes at most 510 per word, so 128 words cannot overflow it. */
    while (len - i >= 8) {
        size_t words = (len - i) / 8 > 128 ? 128 : (len - i) / 8;
        uint64_t lanes = 0;
        for (size_t w = 0; w < words; w++, i += 8) {
            uint64_t x;
            memcpy(&x, image + i, 8);
            lanes += (x & 0x00FF00FF00FF00FFull) + ((x >> 8) & 0x00FF00FF00FF00FFull);
        }
        for (int k = 0; k < 4; k++) sum += (uint32_t)(lanes >> (16 * k)) & 0xFFFF;
    }
    for (; i < len; i++) sum += image[i];
    return (uint16_t)sum;
}

/* Every field the compiler owns; the rest stays as the image has it
 * (zeros: the interpreter fills them in). */
static void write_header(uint8_t *p, const ZHeader *h)
{
    p[0x00] = (uint8_t)h->version;
    p[0x01] = h->flags1;
    be_set16(p + 0x02, h->release);
    be_set16(p + 0x04, h->high_mem);
    uint32_t pc = h->initial_pc;
    if (h->version == 6)
        pc = (uint32_t)zs_pack(h->version, pc, h->routines_offset);
    be_set16(p + 0x06, pc);
    be_set16(p + 0x08, h->dictionary);
    be_set16(p + 0x0A, h->objects);
    be_set16(p + 0x0C, h->globals);
    be_set16(p + 0x0E, h->static_mem);
    be_set16(p + 0x10, h->flags2);
    memcpy(p + 0x12, h->serial, 6);
    be_set16(p + 0x18, h->abbreviations);
    if (h->version == 6 || h->version == 7) {
        be_set16(p + 0x28, h->routines_offset / 8);
        be_set16(p + 0x2A, h->strings_offset / 8);
    }
    if (h->version >= 5) {
        be_set16(p + 0x2E, h->terminating);
        be_set16(p + 0x34, h->alphabet);
    }
    be_set16(p + 0x36, h->header_ext);
    memcpy(p + 0x3C, h->inform_version, 4);
}

static bool check_header(const ZBuf *image, const ZHeader *h, char *err,
                         size_t errlen)
{
    if (h->version < 1 || h->version > 8) {
        snprintf(err, errlen, "version %d is not a Z-machine version",
                 h->version);
        return false;
    }
    if (image->len < ZS_HEADER_SIZE) {
        snprintf(err, errlen, "the story image has no room for a header");
        return false;
    }
    uint32_t max = zs_max_size(h->version);
    if (image->len > max ||
        image->len / zs_length_unit(h->version) > 0xFFFF) {
        snprintf(err, errlen,
                 "the story file would be %zu bytes, over the %u-byte "
                 "limit of version %d%s", image->len, (unsigned)max,
                 h->version, h->version < 8 ? ": try -v8" : "");
        return false;
    }
    if (h->version != 6 && h->version != 7 && h->initial_pc > 0xFFFF) {
        snprintf(err, errlen, "the first instruction is above 64K");
        return false;
    }
    return true;
}

bool zs_finish(ZBuf *image, const ZHeader *h, bool pad512, char *err,
               size_t errlen)
{
    zs_align(image, zs_length_unit(h->version));
    if (!check_header(image, h, err, errlen)) return false;
    write_header(image->data, h);
    size_t len = image->len;
    be_set16(image->data + 0x1A, (unsigned)(len / zs_length_unit(h->version)));
    be_set16(image->data + 0x1C, zs_checksum(image->data, len));
    if (pad512) zs_align(image, 512);
    return true;
}

bool zs_write_file(const ZBuf *image, const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    size_t n = fwrite(image->data, 1, image->len, f);
    bool ok = n == image->len;
    if (fclose(f) != 0) ok = false;
    return ok;
}
