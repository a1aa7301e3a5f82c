/* hashmap.h: the compiler's one hash table, from a hash to the numbers
 * (indexes) of the items stored with it.
 *
 * The caller keeps the items (an array, a table: anything numbered from
 * 0), hashes its keys (any function whose low bits are well mixed) and
 * compares a candidate with the key it looks for; the map only finds the
 * candidates fast.  So one map serves names that fold case, pointers,
 * encoded dictionary words... with no callbacks:
 *
 *     HashMap map = { 0 };
 *     hm_add(&map, hash(names[n]), n);
 *     ...
 *     for (HmProbe p = hm_probe(hash(name)); hm_next(&map, &p);)
 *         if (!strcmp(names[p.index], name)) return p.index;
 *     ...
 *     hm_free(&map);
 *
 * Open addressing with linear probing; a slot is 8 bytes, the hash and the
 * index, so growing never looks at the items and a lookup touches an item
 * only when the whole 32-bit hash matches.  At most half full. */
#ifndef VINFORM_HASHMAP_H
#define VINFORM_HASHMAP_H

#include <stdbool.h>
#include <stdint.h>

typedef struct HmSlot {
    uint32_t hash;
    uint32_t item;          /* the index + 1; 0: the slot is empty */
} HmSlot;

typedef struct HashMap {
    HmSlot *slots;          /* NULL until the first hm_add */
    uint32_t mask;          /* the number of slots - 1 (a power of two) */
    uint32_t count;
    struct Arena *arena;    /* set by the caller: the slots are taken from
                             * it (and old ones left to it), so that a map
                             * kept in an arena needs no hm_free; NULL:
                             * from malloc */
} HashMap;

/* A walk over the indexes stored with one hash (hm_probe, then hm_next
 * until it is false); `index` is the one hm_next found. */
typedef struct HmProbe {
    uint32_t at, hash, index;
} HmProbe;

static inline HmProbe hm_probe(uint32_t hash)
{
    return (HmProbe){ hash, hash, 0 };
}

/* The next index stored with p's hash, in p->index: false when there are
 * no more.  (Inline: symbol lookups run it for every name.) */
static inline bool hm_next(const HashMap *m, HmProbe *p)
{
    if (!m->slots) return false;
    for (;;) {
        const HmSlot *s = &m->slots[p->at++ & m->mask];
        if (!s->item) return false;
        if (s->hash == p->hash) {
            p->index = s->item - 1;
            return true;
        }
    }
}

/* Room for n items without growing (a map that will be big). */
void hm_reserve(HashMap *m, uint32_t n);
/* Stores `index` with `hash` (whether or not an equal key is there: the
 * caller looks first when keys must be unique). */
void hm_add(HashMap *m, uint32_t hash, uint32_t index);
/* Removes the index p found last (p is then spent). */
void hm_remove(HashMap *m, const HmProbe *p);
/* Frees the slots (unless they are an arena's); the map is empty (and
 * usable) again. */
void hm_free(HashMap *m);

#endif
