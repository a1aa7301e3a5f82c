/* locals.h: the local variable names of one routine, as a table that
 * check fills when it enters the routine (check.c: declare_locals) and
 * that constant folding reads (fold.c: a local hides the constant of the
 * same name), so that folding needs no part of check's own state.
 *
 *     Locals t;
 *     locals_clear(&t);
 *     locals_add(&t, local_node);            each LOCAL, in order
 *     int i = locals_find(&t, "x");          its index, or -1
 *
 * Names compare without case, as Inform's do. */
#ifndef VINFORM_LOCALS_H
#define VINFORM_LOCALS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "ast.h"

enum { LOCALS_MAX = 128 };   /* more than any target allows (check reports) */

typedef struct Locals {
    const Node *node[LOCALS_MAX];      /* the LOCAL nodes, in order */
    unsigned char initial[LOCALS_MAX]; /* each name's first character, folded */
    uint32_t first[8];          /* bit c: a local's name begins with c
                                 * (folded): most names are no local */
    int n;
} Locals;

/* tolower() in the C locale. */
static inline unsigned locals_fold(unsigned char c)
{
    return (unsigned)(c - 'A') < 26u ? c + 32u : c;
}

static inline void locals_clear(Locals *t)
{
    t->n = 0;
    memset(t->first, 0, sizeof t->first);
}

/* Adds `local` (its text is the name); false when the table is full. */
static inline bool locals_add(Locals *t, const Node *local)
{
    if (t->n == LOCALS_MAX) return false;
    unsigned c0 = locals_fold((unsigned char)local->text[0]);
    t->first[c0 >> 5] |= 1u << (c0 & 31);
    t->initial[t->n] = (unsigned char)c0;
    t->node[t->n++] = local;
    return true;
}

/* strcasecmp(a, b) == 0 in the C locale, without a call (this runs for
 * every name in every routine). */
static inline bool locals_same_name(const char *a, const char *b)
{
    for (;; a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x != y) {
            if ((unsigned)(x - 'A') < 26u) x = (unsigned char)(x + 32);
            if ((unsigned)(y - 'A') < 26u) y = (unsigned char)(y + 32);
            if (x != y) return false;
        }
        if (!x) return true;
    }
}

/* The index of the local called `name`, or -1 (also for t NULL: code
 * outside a routine). */
static inline int locals_find(const Locals *t, const char *name)
{
    if (!t) return -1;
    unsigned c0 = locals_fold((unsigned char)name[0]);
    if (!(t->first[c0 >> 5] >> (c0 & 31) & 1)) return -1;
    for (int i = 0; i < t->n; i++)
        if (t->initial[i] == c0 && locals_same_name(t->node[i]->text, name))
            return i;
    return -1;
}

#endif
