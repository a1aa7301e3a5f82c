/* hashmap.c: the compiler's one hash table (see hashmap.h): adding,
 * growing and removing; lookups are inline in the header. */
#include "hashmap.h"

#include <stdlib.h>
#include "arena.h"

/* Puts an entry in the first empty slot from its hash on. */
static void place(HmSlot *slots, uint32_t mask, HmSlot e)
{
    uint32_t i = e.hash & mask;
    while (slots[i].item) i = (i + 1) & mask;
    slots[i] = e;
}

/* Moves the entries to `nslots` slots (a power of two). */
static void resize(HashMap *m, uint32_t nslots)
{
    HmSlot *slots = m->arena ? arena_alloc(m->arena, nslots * sizeof *slots)
                             : xcalloc(nslots, sizeof *slots);
    if (m->slots)
        for (uint32_t i = 0; i <= m->mask; i++)
            if (m->slots[i].item) place(slots, nslots - 1, m->slots[i]);
    if (!m->arena) free(m->slots);
    m->slots = slots;
    m->mask = nslots - 1;
}

void hm_reserve(HashMap *m, uint32_t n)
{
    uint32_t nslots = m->slots ? m->mask + 1 : 16;
    while (nslots / 2 < n) nslots *= 2;
    if (!m->slots || nslots > m->mask + 1) resize(m, nslots);
}

void hm_add(HashMap *m, uint32_t hash, uint32_t index)
{
    if (!m->slots || 2 * (m->count + 1) > m->mask + 1)
        hm_reserve(m, m->count + 1);
    place(m->slots, m->mask, (HmSlot){ hash, index + 1 });
    m->count++;
}

/* Empties the slot and moves back the entries after it that would no
 * longer be found (linear probing needs no tombstones): an entry may move
 * to the hole when its own slot is not between the hole and it. */
void hm_remove(HashMap *m, const HmProbe *p)
{
    uint32_t hole = (p->at - 1) & m->mask;
    for (uint32_t j = (hole + 1) & m->mask; m->slots[j].item;
         j = (j + 1) & m->mask) {
        uint32_t home = m->slots[j].hash & m->mask;
        if (((j - home) & m->mask) >= ((j - hole) & m->mask)) {
            m->slots[hole] = m->slots[j];
            hole = j;
        }
    }
    m->slots[hole] = (HmSlot){ 0, 0 };
    m->count--;
}

void hm_free(HashMap *m)
{
    if (!m->arena) free(m->slots);
    *m = (HashMap){ .arena = m->arena };
}
