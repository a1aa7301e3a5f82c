/* hugepages.c: aligned huge-page mappings, one made ahead by a helper
 * thread (see hugepages.h).
 *
 * The state is process-wide on purpose: it is a cache of memory, not part
 * of a compilation, and a block made for one compilation serves the next
 * just as well.  The output never depends on it. */
#define _DEFAULT_SOURCE 1   /* MAP_ANONYMOUS, MADV_HUGEPAGE */
#include "hugepages.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

void *huge_map(size_t size)
{
    /* Map one block more and cut off the unaligned ends. */
    unsigned char *raw = mmap(NULL, size + HUGE_BLOCK, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return NULL;
    size_t head = (HUGE_BLOCK - (uintptr_t)raw % HUGE_BLOCK) % HUGE_BLOCK;
    if (head) munmap(raw, head);
    munmap(raw + head + size, HUGE_BLOCK - head);
#ifdef MADV_HUGEPAGE
    madvise(raw + head, size, MADV_HUGEPAGE);   /* a hint: no matter if refused */
#endif
    return raw + head;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t asked = PTHREAD_COND_INITIALIZER;
static pthread_cond_t made = PTHREAD_COND_INITIALIZER;
static bool started;        /* the helper thread runs */
static bool making;         /* it has been asked for a block and not given it */
static void *ready;         /* the block it made, not yet taken */

/* Touches every page, so that none faults later (one touch is enough for
 * a huge page; when the kernel has none to give, each small page needs
 * its own). */
static void touch(unsigned char *p)
{
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) page = 4096;
    for (size_t i = 0; i < HUGE_BLOCK; i += (size_t)page)
        ((volatile unsigned char *)p)[i] = 0;
}

static void *helper(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!making) pthread_cond_wait(&asked, &lock);
        pthread_mutex_unlock(&lock);
        unsigned char *b = huge_map(HUGE_BLOCK);
        if (b) touch(b);
        pthread_mutex_lock(&lock);
        ready = b;
        making = false;
        pthread_cond_broadcast(&made);
    }
    return NULL;
}

/* Asks for the next block; the lock is held. */
static void ask(void)
{
    if (ready || making) return;
    if (!started) {
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attr, 64 * 1024);
        started = pthread_create(&t, &attr, helper, NULL) == 0;
        pthread_attr_destroy(&attr);
        if (!started) return;   /* then every block is mapped here */
    }
    making = true;
    pthread_cond_signal(&asked);
}

void huge_prepare(void)
{
    pthread_mutex_lock(&lock);
    ask();
    pthread_mutex_unlock(&lock);
}

void *huge_block(void)
{
    pthread_mutex_lock(&lock);
    while (making) pthread_cond_wait(&made, &lock);
    void *b = ready;
    ready = NULL;
    ask();
    pthread_mutex_unlock(&lock);
    return b ? b : huge_map(HUGE_BLOCK);
}
