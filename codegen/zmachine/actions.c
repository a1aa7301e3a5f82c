/* actions.c: the program's actions as the story numbers them, and the
 * actions table.
 *
 * Takes a finished ProgGrammar; gives numbers, counts and the table. */
#include "actions.h"

#include <stdlib.h>

struct ZActions {
    const ProgGrammar *g;
};

ZActions *za_new(const ProgGrammar *g)
{
    ZActions *a = xcalloc(1, sizeof *a);
    a->g = g;
    return a;
}

void za_free(ZActions *a) { free(a); }

int za_count(const ZActions *a) { return a->g->nactions; }
int za_fake_count(const ZActions *a) { return a->g->nfakes; }
int za_lowest_fake(const ZActions *a) { return a->g->lowest_fake; }
int za_meta_count(const ZActions *a) { return a->g->nmeta; }
bool za_meta_flag(const ZActions *a) { return a->g->meta_flag; }

int za_final(const ZActions *a, int action)
{
    if (action < 0) return action;
    return progg_action_value(a->g, (uint32_t)action);
}

int za_by_final(const ZActions *a, int n)
{
    if (n < 0 || n >= a->g->nactions) return n;
    return a->g->by_value[n];
}

void za_write(const ZActions *a, ZBlock *out)
{
    for (int f = 0; f < a->g->nactions; f++) {
        const PgAction *x = &a->g->actions[a->g->by_value[f]];
        if (x->routine.ref == IRR_ROUTINE)
            zblk_reloc(out, ZR_ROUTINE, x->routine.target, 0);
        else zb_put16(&out->b, 0);
    }
}
