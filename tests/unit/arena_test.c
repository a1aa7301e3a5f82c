/* arena_test.c: compiler/arena.c and the AST's kids arrays (ast.c) that
 * use its handed-back memory: a block handed back is the next one taken
 * of its size, and of no other (and under AddressSanitizer is unreadable
 * until then); nodes whose kids arrays grow in turn (so
 * that one takes the array the other outgrew) keep every kid; what
 * follows a big allocation fills the room left in its block; an arena
 * kept small never grows to huge-page blocks; an array (VEC_PUSH) grows
 * where it is while it is the last allocation.  Prints one
 * line per failed check; exit status 1 if any. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "arena.h"
#include "ast.h"
#include "check.h"

int failures;

static void test_give_back(void)
{
    Arena a = { 0 };
    CHECK(arena_take_back(&a, 2) == NULL, "a fresh arena gives something back");
    void *p = arena_alloc(&a, 32), *q = arena_alloc(&a, 32);
    arena_give_back(&a, p, 2);
    arena_give_back(&a, q, 2);
#ifdef ARENA_ASAN
    CHECK(__asan_address_is_poisoned((char *)p + 8) &&
          __asan_address_is_poisoned((char *)p + 31) &&
          !__asan_address_is_poisoned(p),
          "memory handed back is not marked unreadable but for its link");
#endif
    CHECK(arena_take_back(&a, 1) == NULL, "a block of 32 bytes taken as 16");
    CHECK(arena_take_back(&a, 3) == NULL, "a block of 32 bytes taken as 64");
    CHECK(arena_take_back(&a, 2) == q, "the last block handed back is not first");
    CHECK(arena_take_back(&a, 2) == p, "the first block handed back is lost");
#ifdef ARENA_ASAN
    CHECK(!__asan_address_is_poisoned((char *)p + 31),
          "memory taken back is still marked unreadable");
#endif
    CHECK(arena_take_back(&a, 2) == NULL, "a block is taken back twice");
    void *big = arena_alloc(&a, (size_t)8 << ARENA_SPARE_SIZES);
    arena_give_back(&a, big, ARENA_SPARE_SIZES);    /* too big: not kept */
    CHECK(arena_take_back(&a, ARENA_SPARE_SIZES) == NULL,
          "a block too big to keep is taken back");
    arena_release(&a);
}

/* Two lists grown in turn, so that each takes the arrays the other hands
 * back: every kid is where it was put. */
static void test_kids(void)
{
    Arena a = { 0 };
    SrcLoc loc = { 1, 1, 1 };
    enum { N = 300 };
    Node *x = ast_new(&a, NODE_BLOCK, loc), *y = ast_new(&a, NODE_BLOCK, loc);
    Node *kx[N], *ky[N];
    for (int i = 0; i < N; i++) {
        kx[i] = ast_new_num(&a, NODE_NUMBER, loc, i);
        ast_add(&a, x, kx[i]);
        ky[i] = ast_new_num(&a, NODE_NUMBER, loc, -i);
        ast_add(&a, y, i % 7 ? ky[i] : NULL);
    }
    CHECK(x->nkids == N && y->nkids == N, "%u and %u kids, not %d",
          x->nkids, y->nkids, N);
    for (int i = 0; i < N; i++) {
        CHECK(x->kids[i] == kx[i], "the first list's kid %d is wrong", i);
        CHECK(y->kids[i] == (i % 7 ? ky[i] : NULL),
              "the second list's kid %d is wrong", i);
    }
    Node *z = ast_new(&a, NODE_BLOCK, loc);
    for (int i = 0; i < 3; i++) ast_add(&a, z, kx[i]);
    CHECK(z->nkids == 3 && z->kids[0] == kx[0] && z->kids[2] == kx[2],
          "a list made after the others lost a kid");
    arena_release(&a);
}

/* A big allocation (a source file) has a block of its own, rounded up to
 * huge pages; what is allocated next comes from the rest of that block,
 * and the blocks after it are huge pages too.
 * (Under the sanitizers blocks are exactly as big as asked.) */
static void test_big_block_rest(void)
{
#if !defined(__SANITIZE_ADDRESS__)
    Arena a = { 0 };
    arena_alloc(&a, 100);
    size_t big = 2400 * 1024;
    unsigned char *text = (unsigned char *)arena_alloc_text(&a, big);
    unsigned char *next = arena_alloc(&a, 64);
    CHECK(next >= text + big && next < text + 4096 * 1024,
          "the memory after a big block's text is not used next");
    CHECK(next[0] == 0 && next[63] == 0, "memory from the rest is not zero");
    CHECK(a.grow == 2048 * 1024, "the block after a huge one is %zu bytes, "
          "not a huge page", a.grow);
    arena_release(&a);
#endif
}

/* An arena kept small never asks for a block bigger than 1 MB (no huge
 * page), however much is allocated; an ordinary one goes on to 2 MB. */
static void test_keep_small(void)
{
    Arena small = { 0 }, big = { 0 };
    arena_keep_small(&small);
    for (int i = 0; i < 3 * 1024; i++) {
        unsigned char *p = arena_alloc(&small, 1024);
        CHECK(p[0] == 0 && p[1023] == 0, "memory of a small arena is not zero");
        p[0] = p[1023] = 1;
        arena_alloc(&big, 1024);
    }
    CHECK(small.grow == 1024 * 1024, "a small arena's blocks grew to %zu bytes",
          small.grow);
    CHECK(big.grow == 2048 * 1024, "an ordinary arena's blocks grew to %zu bytes",
          big.grow);
    arena_release(&small);
    arena_release(&big);
}

/* An array grown while it is the arena's last allocation stays where it
 * is, zeroed beyond what it held; one that something followed is copied,
 * its elements kept and the rest zeroed. */
static void test_vec_in_place(void)
{
    Arena a = { 0 };
    int *v = NULL;
    size_t n = 0, cap = 0;
    VEC_PUSH(&a, v, n, cap, 1);
    int *first = v;
    for (int i = 2; i <= 40; i++) VEC_PUSH(&a, v, n, cap, i);
    CHECK(v == first, "an array grown alone was moved");
    CHECK(cap == 64 && v[39] == 40 && v[40] == 0 && v[63] == 0,
          "an array grown in place: cap %zu, v[39] %d, v[40] %d, v[63] %d",
          cap, v[39], v[40], v[63]);
    CHECK(arena_alloc(&a, 8) == (void *)(v + 64),
          "what follows an array grown in place is not after its room");
    for (int i = 41; i <= 70; i++) VEC_PUSH(&a, v, n, cap, i);
    CHECK(v != first, "an array something followed was grown over it");
    int ok = 1;
    for (int i = 0; i < 70; i++) ok &= v[i] == i + 1;
    CHECK(ok && v[70] == 0 && v[127] == 0 && cap == 128,
          "an array copied lost its elements or is not zeroed beyond them");
    CHECK(!arena_extend(&a, first, 64 * sizeof *v, 128 * sizeof *v),
          "memory that is not the last allocation was extended");
    arena_release(&a);
}

int main(void)
{
    test_vec_in_place();
    test_give_back();
    test_kids();
    test_big_block_rest();
    test_keep_small();
    if (failures) printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
