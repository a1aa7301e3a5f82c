/* hugepages.h: 2 MB blocks for the arenas, made ready on the other core.
 *
 * The kernel zeroes a page when it is first touched; for a 2 MB huge page
 * that is some 0.3 ms, and a 20,000-line program's tree takes six of them.
 * A helper thread maps and touches the next block while the compiler
 * works, so the zeroing happens in parallel with lexing and parsing.  The
 * thread starts only when an arena is about to need huge blocks (small
 * programs never start it), and it only ever prepares one block ahead.
 *
 * Used by arena.c alone, and not at all under the sanitizers (arena.c then
 * takes its blocks from calloc). */
#ifndef VINFORM_HUGEPAGES_H
#define VINFORM_HUGEPAGES_H

#include <stddef.h>

/* Maps `size` bytes (a multiple of HUGE_BLOCK) at a multiple of
 * HUGE_BLOCK, marked for transparent huge pages; NULL if the system
 * refuses. */
#define HUGE_BLOCK ((size_t)2048 * 1024)
void *huge_map(size_t size);

/* One HUGE_BLOCK block, zero: the one the helper thread made ready (waiting
 * for it if it is being made), else one mapped here.  Either way the helper
 * is asked to make the next.  NULL if the system refuses memory. */
void *huge_block(void);

/* Asks the helper thread to make a block ready ahead of the first
 * huge_block() call. */
void huge_prepare(void);

#endif
