/* dictionary.h: the dictionary table (zmachine-layout.md section 8):
 * header (separators . , " ; entry length; entry count), entries sorted by
 * their encoded text, with inform6's three data bytes (#dict_par1 flags,
 * #dict_par2 verb number, #dict_par3 preposition number).
 *
 * Takes words as they are met (encoded by zt_dict_encode, or plain ASCII
 * text with zd_add_text), with the //p //s //n //~ flags and the data bits
 * each use adds; the same encoded word is one entry whose data bits are
 * OR-ed together.  Gives an id per word (in order of first appearance, the
 * target of ZR_DICT relocations) and, once written, the table and each
 * word's offset in it.  The grammar (grammar.h) adds the verb and
 * preposition bits. */
#ifndef VINFORM_ZM_DICTIONARY_H
#define VINFORM_ZM_DICTIONARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zblock.h"
#include "ztext.h"

/* #dict_par1 bits. */
enum {
    ZD_VERB = 0x01,
    ZD_META = 0x02,
    ZD_PLURAL = 0x04,        /* //p */
    ZD_PREP = 0x08,
    ZD_SING = 0x10,          /* //s */
    ZD_TRUNC = 0x40,         /* every verb word, or with $DICT_TRUNCATE_FLAG
                                the words that were cut short */
    ZD_NOUN = 0x80,          /* a word used as a value; //n, //~n */
};

typedef struct ZDictOptions {
    bool less_data;          /* $ZCODE_LESS_DICT_DATA: no #dict_par3 byte */
    bool truncate_flag;      /* $DICT_TRUNCATE_FLAG */
    bool implicit_singular;  /* $DICT_IMPLICIT_SINGULAR */
    bool long_flag_bug;      /* $LONG_DICT_FLAG_BUG (inform6's default: on):
                                //flags of a word longer than the
                                dictionary's resolution are ignored */
} ZDictOptions;

typedef struct ZDict ZDict;

/* inform6's defaults: long_flag_bug on, the rest off. */
ZDictOptions zd_default_options(void);
ZDict *zd_new(ZText *zt, ZDictOptions opts);
void zd_free(ZDict *d);

/* Adds (or finds) a word and ORs par1..par3 into its data.  `flags` is
 * the text after `//` (NULL or "" for none): p, s, n, each negated by a
 * ~ before it; a negated flag is taken out of this call's par1, never out
 * of bits set earlier.  Returns the word's id, or -1 when `flags` holds
 * another character (zd_error() says so; the word is added without
 * them). */
int zd_add_word(ZDict *d, const ZDictWord *w, const char *flags,
                unsigned par1, unsigned par2, unsigned par3);

/* The same from plain text: the characters before any `//` (ASCII; ^ is
 * an apostrophe), the flags after it.  -1 also when a character cannot
 * be typed. */
int zd_add_text(ZDict *d, const char *word, unsigned par1, unsigned par2,
                unsigned par3);

/* The id of an encoded word, or -1. */
int zd_find(const ZDict *d, const ZDictWord *w);

/* Data bytes of a word (par = 1, 2 or 3); zd_set_par overwrites one (the
 * verb number in #dict_par2 is set, not OR-ed, by Verb and Extend only). */
unsigned zd_par(const ZDict *d, int id, int par);
void zd_set_par(ZDict *d, int id, int par, unsigned value);
void zd_or_par(ZDict *d, int id, int par, unsigned bits);

int zd_count(const ZDict *d);
const ZDictOptions *zd_options(const ZDict *d);
const char *zd_error(const ZDict *d);

/* Bytes per entry: 7 (v3) or 9, one less without #dict_par3. */
int zd_entry_size(const ZDict *d);

/* Writes the table (7-byte header, then the entries in order). */
void zd_write(ZDict *d, ZBlock *out);
/* Offset of word `id` from the start of the table, once written. */
uint32_t zd_offset(const ZDict *d, int id);

#endif
