/* actions.c: action numbering, meta sorting and the actions table.
 *
 * Takes action names and their routines; gives numbers and the table. */
#include "actions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct ZAction {
    char *name;
    bool meta, has_routine, fake;
    uint32_t routine;
    int number;
} ZAction;

struct ZActions {
    int grammar_version;
    bool meta_flag;
    ZAction *list;            /* actions and fake actions, as made */
    int n, cap;
    int nreal, nfake;
    int *real;                /* action number -> index in list */
    int real_cap;
    int *final_of;            /* action number -> final number */
    int *by_final;
    bool sorted;
    int *slots;               /* hash of the folded name -> index in list,
                                 -1 empty; open addressing */
    int nslots;               /* a power of two, more than 2 * n */
    char err[160];
};

ZActions *za_new(int grammar_version, bool meta_flag)
{
    ZActions *a = xcalloc(1, sizeof *a);
    a->grammar_version = grammar_version;
    a->meta_flag = meta_flag;
    return a;
}

void za_free(ZActions *a)
{
    if (!a) return;
    for (int i = 0; i < a->n; i++) free(a->list[i].name);
    free(a->list);
    free(a->real);
    free(a->final_of);
    free(a->by_final);
    free(a->slots);
    free(a);
}

int za_lowest_fake(const ZActions *a)
{
    return a->grammar_version == 1 ? 256 : 4096;
}

int za_count(const ZActions *a) { return a->nreal; }
int za_fake_count(const ZActions *a) { return a->nfake; }
bool za_meta_flag(const ZActions *a) { return a->meta_flag; }
const char *za_error(const ZActions *a) { return a->err[0] ? a->err : NULL; }

/* Folded as strcasecmp folds in the C locale (vinform never sets
 * another), so that names it finds equal hash alike. */
static unsigned hash_name(const char *name)
{
    unsigned h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ (unsigned)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p)) * 16777619u;
    return h;
}

static void put_slot(ZActions *a, int index)
{
    unsigned mask = (unsigned)a->nslots - 1;
    unsigned h = hash_name(a->list[index].name) & mask;
    while (a->slots[h] >= 0) h = (h + 1) & mask;
    a->slots[h] = index;
}

static ZAction *find(const ZActions *a, const char *name)
{
    if (!a->nslots) return NULL;
    unsigned mask = (unsigned)a->nslots - 1;
    for (unsigned h = hash_name(name) & mask; a->slots[h] >= 0; h = (h + 1) & mask)
        if (!strcasecmp(a->list[a->slots[h]].name, name))
            return &a->list[a->slots[h]];
    return NULL;
}

int za_find(const ZActions *a, const char *name)
{
    const ZAction *x = find(a, name);
    return x ? x->number : -1;
}

static ZAction *make(ZActions *a, const char *name, bool fake)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 64;
        a->list = xrealloc(a->list, (size_t)a->cap * sizeof *a->list);
    }
    ZAction *x = &a->list[a->n++];
    *x = (ZAction){ .name = xstrdup(name), .fake = fake };
    a->sorted = false;
    if (2 * a->n >= a->nslots) {
        a->nslots = a->nslots ? 2 * a->nslots : 256;
        a->slots = xrealloc(a->slots, (size_t)a->nslots * sizeof *a->slots);
        for (int i = 0; i < a->nslots; i++) a->slots[i] = -1;
        for (int i = 0; i < a->n; i++) put_slot(a, i);
    } else {
        put_slot(a, a->n - 1);
    }
    return x;
}

int za_action(ZActions *a, const char *name)
{
    a->err[0] = 0;
    const ZAction *x = find(a, name);
    if (x) return x->number;
    int limit = a->grammar_version == 1 ? 256 : 1024;
    if (a->nreal >= limit) {
        snprintf(a->err, sizeof a->err, "cannot create action '%s': "
                 "%s is limited to %d actions", name,
                 a->grammar_version == 1 ? "grammar version 1"
                                         : "Z-machine grammar", limit);
        return -1;
    }
    if (a->nreal == a->real_cap) {
        a->real_cap = a->real_cap ? 2 * a->real_cap : 64;
        a->real = xrealloc(a->real, (size_t)a->real_cap * sizeof *a->real);
    }
    a->real[a->nreal] = a->n;
    ZAction *y = make(a, name, false);
    y->number = a->nreal++;
    return y->number;
}

int za_fake_action(ZActions *a, const char *name)
{
    a->err[0] = 0;
    if (find(a, name)) {
        snprintf(a->err, sizeof a->err, "'%s' is already an action", name);
        return -1;
    }
    ZAction *y = make(a, name, true);
    y->number = za_lowest_fake(a) + a->nfake++;
    return y->number;
}

static ZAction *real(const ZActions *a, int action)
{
    if (action < 0 || action >= a->nreal) return NULL;
    return &a->list[a->real[action]];
}

void za_set_meta(ZActions *a, int action)
{
    ZAction *x = real(a, action);
    if (x && !x->meta) {
        x->meta = true;
        a->sorted = false;
    }
}

bool za_is_meta(const ZActions *a, int action)
{
    const ZAction *x = real(a, action);
    return x && x->meta;
}

void za_set_routine(ZActions *a, int action, uint32_t routine)
{
    ZAction *x = real(a, action);
    if (!x) return;
    x->routine = routine;
    x->has_routine = true;
}

const char *za_name(const ZActions *a, int action)
{
    if (action >= za_lowest_fake(a)) {
        for (int i = 0; i < a->n; i++)
            if (a->list[i].fake && a->list[i].number == action)
                return a->list[i].name;
        return NULL;
    }
    const ZAction *x = real(a, action);
    return x ? x->name : NULL;
}

/* Meta actions first, each group in order of first mention (inform6's
 * sort_actions, only with $GRAMMAR_META_FLAG). */
static void sort(const ZActions *ac)
{
    ZActions *a = (ZActions *)ac;
    if (a->sorted) return;
    free(a->final_of);
    free(a->by_final);
    size_t n = (size_t)(a->nreal ? a->nreal : 1);
    a->final_of = xmalloc(n * sizeof *a->final_of);
    a->by_final = xmalloc(n * sizeof *a->by_final);
    int pos = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < a->nreal; i++) {
            bool first = !a->meta_flag || real(a, i)->meta;
            if (first != (pass == 0)) continue;
            a->final_of[i] = pos;
            a->by_final[pos++] = i;
        }
    a->sorted = true;
}

int za_meta_count(const ZActions *a)
{
    int n = 0;
    for (int i = 0; a->meta_flag && i < a->nreal; i++)
        if (real(a, i)->meta) n++;
    return n;
}

int za_final(const ZActions *a, int action)
{
    if (action < 0 || action >= a->nreal) return action;
    sort(a);
    return a->final_of[action];
}

int za_by_final(const ZActions *a, int n)
{
    if (n < 0 || n >= a->nreal) return n;
    sort(a);
    return a->by_final[n];
}

void za_write(const ZActions *a, ZBlock *out)
{
    for (int f = 0; f < a->nreal; f++) {
        const ZAction *x = real(a, za_by_final(a, f));
        if (x->has_routine) zblk_reloc(out, ZR_ROUTINE, x->routine, 0);
        else zb_put16(&out->b, 0);
    }
}
