/* hashmap_test.c: compiler/hashmap.c — adding, finding every index stored
 * with a hash, growing, and removing (the entries after a removed one
 * must still be found, also where probing wraps round the end of the
 * slots), with the slots from malloc and from an arena.  Prints one line per failed check; exit status 1 if any. */
#include <stdio.h>
#include <stdlib.h>

#include "arena.h"
#include "hashmap.h"
#include "check.h"

int failures;

/* How many times `index` is stored with `hash`. */
static int stored(const HashMap *m, uint32_t hash, uint32_t index)
{
    int n = 0;
    for (HmProbe p = hm_probe(hash); hm_next(m, &p);)
        if (p.index == index) n++;
    return n;
}

static bool remove_one(HashMap *m, uint32_t hash, uint32_t index)
{
    for (HmProbe p = hm_probe(hash); hm_next(m, &p);)
        if (p.index == index) {
            hm_remove(m, &p);
            return true;
        }
    return false;
}

static void test_empty(void)
{
    HashMap m = { 0 };
    HmProbe p = hm_probe(7);
    CHECK(!hm_next(&m, &p), "an empty map finds something");
    hm_free(&m);
}

/* Many entries, with hashes that collide (the low bits only matter for
 * the slot): every one is found, none twice, through growth. */
static void test_grow(Arena *arena)
{
    HashMap m = { .arena = arena };
    enum { N = 5000 };
    for (uint32_t i = 0; i < N; i++) hm_add(&m, i % 97 * 1024, i);
    CHECK(m.count == N, "count %u, not %d", m.count, N);
    CHECK(2 * m.count <= m.mask + 1, "more than half full: %u of %u",
          m.count, m.mask + 1);
    for (uint32_t i = 0; i < N; i++)
        CHECK(stored(&m, i % 97 * 1024, i) == 1, "index %u found %d times",
              i, stored(&m, i % 97 * 1024, i));
    CHECK(stored(&m, 98 * 1024, 3) == 0, "a hash never stored is found");
    hm_free(&m);
}

/* Removal in runs of equal and neighbouring home slots, some wrapping
 * round the end: what is left is all found, what is gone is not. */
static void test_remove(void)
{
    HashMap m = { 0 };
    hm_reserve(&m, 8);              /* 16 slots */
    uint32_t mask = m.mask;
    uint32_t hashes[8] = { mask, mask, 0, mask - 1, 1, 0, mask, 2 };
    for (uint32_t i = 0; i < 8; i++) hm_add(&m, hashes[i], i);
    CHECK(m.mask == mask, "the map grew: reserve did not hold");
    bool gone[8] = { false };
    uint32_t order[8] = { 0, 3, 5, 7, 1, 6, 2, 4 };
    for (int k = 0; k < 8; k++) {
        uint32_t i = order[k];
        CHECK(remove_one(&m, hashes[i], i), "index %u not found to remove", i);
        gone[i] = true;
        for (uint32_t j = 0; j < 8; j++)
            CHECK(stored(&m, hashes[j], j) == (gone[j] ? 0 : 1),
                  "after removing %u: index %u found %d times", i, j,
                  stored(&m, hashes[j], j));
    }
    CHECK(m.count == 0, "count %u after removing everything", m.count);
    hm_add(&m, 5, 42);
    CHECK(stored(&m, 5, 42) == 1, "an emptied map does not take entries");
    hm_free(&m);
}

int main(void)
{
    test_empty();
    test_grow(NULL);
    Arena arena = { 0 };
    test_grow(&arena);
    arena_release(&arena);
    test_remove();
    return failures ? 1 : 0;
}
