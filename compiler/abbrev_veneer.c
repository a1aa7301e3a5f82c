/* abbrev_veneer.c: which of inform6's veneer routines it compiles, in
 * which order, and their texts (see abbrev_veneer.h).
 *
 * Takes the routines the program's code calls; gives the texts of
 * compiler/abbrev_veneer.def's (or abbrev_veneer_g.def's) rows as
 * inform6 meets them: a routine
 * wanted marks what its text calls at once (MARKS); then inform6 sweeps
 * its table, compiling each routine marked and not yet compiled, which
 * marks what the code generator calls for it (CALLS): one later in the
 * table is compiled in the same sweep, one earlier in the next, until a
 * sweep compiles nothing. */
#include "abbrev_veneer.h"

#include <string.h>

typedef struct Row {
    const char *name, *marks, *calls, *texts;
} Row;

#define X(name, marks, calls, texts) { name, marks, calls, texts },
static const Row rows_z[] = {
#include "abbrev_veneer.def"
};
static const Row rows_g[] = {
#include "abbrev_veneer_g.def"
};
#undef X

_Static_assert(sizeof rows_z / sizeof *rows_z <= ABBREV_VENEER_ROWS &&
               sizeof rows_g / sizeof *rows_g <= ABBREV_VENEER_ROWS,
               "ABBREV_VENEER_ROWS is too small");

typedef struct Table {
    const Row *rows;
    int n;
} Table;

static Table table(const AbbrevVeneerCase *vc)
{
    if (vc->glulx) return (Table){ rows_g, sizeof rows_g / sizeof *rows_g };
    return (Table){ rows_z, sizeof rows_z / sizeof *rows_z };
}

enum { UNUSED, MARKED, COMPILED };

int abbrev_veneer_row(const AbbrevVeneerCase *vc, const char *name)
{
    Table t = table(vc);
    for (int i = 0; i < t.n; i++)
        if (!strcmp(t.rows[i].name, name)) return i;
    return -1;
}

/* The next word of a space-separated list, from *at; false at its end. */
static bool next_word(const char **at, const char **w, size_t *n)
{
    const char *p = *at;
    while (*p == ' ') p++;
    if (!*p) return false;
    *w = p;
    while (*p && *p != ' ') p++;
    *n = (size_t)(p - *w);
    *at = p;
    return true;
}

/* A CALLS word ("RA__Pr", "RT__ChPrintS/strict"): its row, or -1 when
 * its condition does not hold. */
static int call_row(const AbbrevVeneerCase *vc, const char *w, size_t n)
{
    const char *slash = memchr(w, '/', n);
    size_t len = slash ? (size_t)(slash - w) : n;
    if (slash && !strncmp(slash, "/strict", n - len) && !vc->strict) return -1;
    if (slash && !strncmp(slash, "/debug", n - len) && !vc->debug) return -1;
    Table t = table(vc);
    for (int i = 0; i < t.n; i++)
        if (strlen(t.rows[i].name) == len && !strncmp(t.rows[i].name, w, len))
            return i;
    return -1;
}

/* Marks row i wanted, and at once what its text calls (MARKS). */
static void mark(const AbbrevVeneerCase *vc, char *state, int i)
{
    if (i < 0 || state[i] != UNUSED) return;
    state[i] = MARKED;
    const char *at = table(vc).rows[i].marks, *w;
    size_t n;
    while (next_word(&at, &w, &n)) mark(vc, state, call_row(vc, w, n));
}

/* Whether a text's {condition} holds; *skip is the condition's length. */
static bool text_kept(const AbbrevVeneerCase *vc, const char *t, size_t *skip)
{
    static const char *const tags[] = { "{v4}", "{debug}", "{sym}",
                                        "{nosym}", "{debuglib}" };
    *skip = 0;
    if (*t != '{') return true;
    for (int k = 0; k < 5; k++) {
        size_t len = strlen(tags[k]);
        if (strncmp(t, tags[k], len)) continue;
        *skip = len;
        switch (k) {
        case 0: return !vc->v3;
        case 1: return vc->debug;
        case 2: return !vc->omit_symbols;
        case 3: return vc->omit_symbols;
        default: return vc->debug_library;
        }
    }
    return true;
}

/* Row i compiled: its texts put, what compiling it calls marked. */
static void compile_row(const AbbrevVeneerCase *vc, char *state, int i,
                        void (*put)(void *, const char *, size_t), void *ctx)
{
    const Row *row = &table(vc).rows[i];
    for (const char *t = row->texts; *t;) {
        const char *end = strchr(t, '|');
        size_t skip;
        if (text_kept(vc, t, &skip))
            put(ctx, t + skip, (size_t)(end - t) - skip);
        t = end + 1;
    }
    const char *at = row->calls, *w;
    size_t n;
    while (next_word(&at, &w, &n)) mark(vc, state, call_row(vc, w, n));
}

void abbrev_veneer_texts(const AbbrevVeneerCase *vc, const bool *wanted,
                         const bool *own,
                         void (*put)(void *ctx, const char *text, size_t n),
                         void *ctx)
{
    char state[ABBREV_VENEER_ROWS] = { 0 };
    int n = table(vc).n;
    for (int i = 0; i < n; i++)
        if (wanted[i]) mark(vc, state, i);
    for (bool again = true; again;) {
        again = false;
        for (int i = 0; i < n; i++) {
            if (state[i] != MARKED) continue;
            if (!own[i]) compile_row(vc, state, i, put, ctx);
            state[i] = COMPILED;
            again = true;
        }
    }
}
