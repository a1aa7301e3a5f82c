/* ztext.h: Z-machine text: Unicode to ZSCII, ZSCII to Z-characters with
 * the three alphabets, abbreviations, packing into words; dictionary
 * words.
 *
 * Takes strings as arrays of units (Unicode code points, or the two
 * markers below); gives Z-encoded bytes.  A ZText holds the story's
 * character set (alphabet table, Unicode translation table) and its
 * abbreviations, so that every string of one story is encoded alike.
 * Named ztext, not text, to keep apart from compiler/text.c, which decodes
 * the escapes of string literals. */
#ifndef VINFORM_ZM_ZTEXT_H
#define VINFORM_ZM_ZTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zbuf.h"

/* Units of input besides plain Unicode code points:
 *   ZT_ZSCII(z)    this ZSCII code as such (Inform's @@z); 94 and 126 are
 *                  then a real ^ and ~; 13, 34, 94 and 126 are written as
 *                  10-bit escapes, as inform6 does
 *   ZT_DYNAMIC(n)  dynamic string n (@00..): abbreviation entry n, which
 *                  must be below first_abbrev_entry (MAX_DYNAMIC_STRINGS)
 * A plain U+005E (^) encodes as a new-line and U+007E (~) as a double
 * quote, as in inform6, whose alphabet table holds ^ and ~ in those two
 * slots: the lexer's decoded '\n' and '"' for ^ and ~ need nothing. */
#define ZT_ZSCII(z)   (0x80000000u | (uint32_t)(z))
#define ZT_DYNAMIC(n) (0x40000000u | (uint32_t)(n))
#define ZT_IS_ZSCII(u)   (((u) & 0xC0000000u) == 0x80000000u)
#define ZT_IS_DYNAMIC(u) (((u) & 0xC0000000u) == 0x40000000u)
#define ZT_VALUE(u)      ((u) & 0x3FFFFFFFu)

enum {
    ZT_DEFAULT_UNICODE_COUNT = 69,   /* ZSCII 155-223, Z-spec Table 1 */
    ZT_MAX_UNICODE = 97,             /* ZSCII 155-251 */
    ZT_MAX_ABBREV_ENTRIES = 96,      /* 3 banks of 32 */
};

typedef struct ZTextAbbrev {
    uint32_t *text;
    size_t len;
    int decl;          /* its place in declaration order */
    size_t uses;       /* how many times encoding used it */
} ZTextAbbrev;

typedef struct ZText {
    int version;
    /* The alphabet table as written to a story: A0, A1, A2, ZSCII codes.
     * A2[0] and A2[1] are the escape and new-line slots; inform6 writes
     * ' ' and '^' there and so do we. */
    uint8_t alphabet[78];
    bool alphabet_changed;        /* v5+: write an alphabet table */
    bool alphabet_used[78];       /* positions used by text so far */
    int16_t grid[256];            /* ZSCII -> alphabet position, or -1 */
    /* Code points 0-127 whose Z-characters come from the alphabets (or
     * are the space), rebuilt with grid: 0 = none, else bits 0-1 the
     * count (1 or 2), 8-15 and 16-23 the Z-characters, 24-31 the
     * alphabet position + 1 to mark as used (0 for the space). */
    uint32_t ascii_zchars[128];
    uint16_t unicode[ZT_MAX_UNICODE];   /* Unicode of ZSCII 155+i */
    int unicode_count;
    bool unicode_changed;         /* v5+: write a Unicode table */
    /* Abbreviations (used when `economy`), kept sorted in inform6's
     * order; entry number = first_abbrev_entry + sorted index. */
    ZTextAbbrev *abbrevs;
    int nabbrevs, abbrevs_cap;
    int first_abbrev_entry;       /* MAX_DYNAMIC_STRINGS, default 32 */
    bool economy;                 /* -e */
    int double_space;             /* -d: 1 ". ", 2 also "? " and "! " */
    /* Totals for statistics (-s). */
    size_t chars_in, zchars_out, bytes_out;
    /* Scratch reused between calls. */
    uint32_t *tmp;
    int32_t *score;
    int16_t *sched;
    uint8_t *zc;
    size_t *srcidx;
    size_t tmp_cap;
} ZText;

typedef enum ZTextErrKind {
    ZTE_NONE,
    ZTE_NO_ZSCII,      /* character has no ZSCII code (Zcharacter table) */
    ZTE_BAD_DYNAMIC,   /* dynamic string number out of range */
    ZTE_NOT_INPUT,     /* dictionary: character cannot be typed */
} ZTextErrKind;

typedef struct ZTextErr {
    ZTextErrKind kind;
    size_t index;      /* first bad unit */
    uint32_t unit;
    int count;         /* how many bad units */
} ZTextErr;

/* ---- character set (zcharset.c) ----
 * Versions 1-4 always use the default alphabets and Unicode table (Z-spec
 * 3.5.5, 3.8.5.2): there the functions that change them refuse (false or
 * -1) and the caller reports that `Zcharacter` needs version 5 or later.
 * (inform6 6.41 accepts the change in v3 and writes a table no v3
 * interpreter reads.) */

/* Default alphabets and Unicode table for `version` (3..8). */
void zt_init(ZText *zt, int version);
void zt_free(ZText *zt);

/* ZSCII code of Unicode `cp`, or -1 if it has none: printable ASCII is
 * itself, '\n' is 13, the rest goes through the Unicode table (155+).
 * (The ^ and ~ aliases belong to the alphabet look-up, not to this.) */
int zt_unicode_to_zscii(const ZText *zt, uint32_t cp);
/* The ZSCII code of Inform's @@N: inform6 6.45 reads N as Unicode, 6.41
 * as ZSCII.  N is Unicode when the story has that character (@@228 is
 * a-umlaut), else ZSCII (@@155, an error in 6.45, is 6.41's a-umlaut). */
int zt_raw_zscii(const ZText *zt, uint32_t n);
/* Unicode of ZSCII `z` for output, or 0 if undefined. */
uint32_t zt_zscii_to_unicode(const ZText *zt, int z);

/* Replaces the Unicode translation table (`Zcharacter table`): ZSCII
 * 155+i is cps[i].  False if n > 97 or a code is not BMP. */
bool zt_set_unicode_table(ZText *zt, const uint32_t *cps, int n);
/* Appends to it (`Zcharacter table + ...`); false when full. */
bool zt_add_unicode(ZText *zt, uint32_t cp);

/* Replaces the alphabets (`Zcharacter "..." "..." "..."`), given as ZSCII
 * codes: 26 for A0, 26 for A1, 23 for A2 (A2 letters 3-25; letter 2 is
 * then the double quote, as inform6 does).  False (and no change) if a
 * code is 0 or above 255 or a character is listed twice. */
bool zt_set_alphabets(ZText *zt, const int a0[26], const int a1[26],
                      const int a2[23]);
/* `Zcharacter 'c'`: puts ZSCII `z` into a slot of A2 not used by any text
 * encoded so far (digits first, never . , or ").  Returns 1 when placed,
 * 0 when already in the alphabets, -1 when no slot is free. */
int zt_add_alphabet_char(ZText *zt, int z);

/* The 78-byte alphabet table and the Unicode table (1 + 2n bytes,
 * returns its size) as they go into a v5+ story. */
void zt_alphabet_table(const ZText *zt, uint8_t out[78]);
size_t zt_unicode_table(const ZText *zt, uint8_t *out);

/* ---- abbreviations and strings (ztext.c) ---- */

/* Declares an abbreviation (units as for zt_encode); returns its number
 * in declaration order. */
int zt_add_abbrev(ZText *zt, const uint32_t *text, size_t len);
/* The abbreviations-table entry (0-95) that declaration number `decl`
 * uses; call after the last zt_add_abbrev. */
int zt_abbrev_entry(const ZText *zt, int decl);

enum { ZTE_NO_ABBREV = 1 };   /* zt_encode flag: abbreviation or Lowstring */

/* Encodes n units as Z-text, appended to out; returns the number of bytes
 * (always even, at least 2).  On a unit that cannot be encoded it writes
 * '?' in its place, fills *err (if not NULL) and returns the size all the
 * same: the caller reports the error at the string's location. */
size_t zt_encode(ZText *zt, const uint32_t *in, size_t n, unsigned flags,
                 ZBuf *out, ZTextErr *err);

/* Fills *err as zt_encode would for the same units, and changes nothing:
 * no abbreviation use, statistic or alphabet position is counted (for a
 * text encoded later, in the strings area, whose errors are reported
 * where it is printed). */
void zt_check(const ZText *zt, const uint32_t *in, size_t n, ZTextErr *err);

/* The number of Z-characters the units would take, without
 * abbreviations (for the abbreviation optimiser and statistics). */
size_t zt_zchar_cost(const ZText *zt, const uint32_t *in, size_t n);

/* ---- dictionary words (zdict.c) ---- */

typedef struct ZDictWord {
    uint8_t bytes[6];   /* 4 used in v3 */
    bool truncated;     /* some Z-character did not fit ($DICT_TRUNCATE_FLAG) */
    bool overflowed;    /* some character began past the limit: inform6's
                           LONG_DICT_FLAG_BUG then ignores the //flags */
} ZDictWord;

/* Z-characters in a dictionary word: 6 (v3) or 9 (v4+); bytes 4 or 6. */
static inline int zt_dict_zchars(int version) { return version <= 3 ? 6 : 9; }
static inline int zt_dict_bytes(int version) { return version <= 3 ? 4 : 6; }

/* Encodes a dictionary word (units as for zt_encode, without the //flags;
 * ^ already turned into an apostrophe by the caller): A-Z lower-cased,
 * truncated to the resolution, padded with Z-character 5.  False on a
 * character that cannot be typed (it becomes '?'; *err says which). */
bool zt_dict_encode(ZText *zt, const uint32_t *in, size_t n, ZDictWord *out,
                    ZTextErr *err);

/* Dictionary order: the encoded bytes as one unsigned big-endian number. */
int zt_dict_compare(const ZDictWord *a, const ZDictWord *b, int version);

#endif
