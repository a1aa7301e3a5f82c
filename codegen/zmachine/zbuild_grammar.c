/* zbuild_grammar.c: the program's grammar and actions into the story.
 *
 * Takes the program's ProgGrammar (program_grammar.h: verbs, lines,
 * tokens, actions numbered once); adds its words to the dictionary
 * (encoded with the story's alphabets, the Verb and preposition bits
 * added by grammar.c) and encodes its lines in the grammar version's
 * format, reporting what the Z-machine's tables cannot hold. */
#include "zbuild.h"

#include <stdlib.h>
#include <string.h>

#include "../../compiler/target.h"
#include "../../compiler/text.h"

/* The //flags of a word as zd_add_word reads them. */
static void flags_text(const PgWord *w, char *out)
{
    static const struct { int bit; char c; } f[] = {
        { TEXT_DICT_PLURAL, 'p' }, { TEXT_DICT_SINGULAR, 's' },
        { TEXT_DICT_NOUN, 'n' },
    };
    for (int i = 0; i < 3; i++) {
        if (w->flags_set & f[i].bit) *out++ = f[i].c;
        if (w->flags_clear & f[i].bit) {
            *out++ = '~';
            *out++ = f[i].c;
        }
    }
    *out = 0;
}

/* A grammar word into the dictionary, without the noun flag; its id. */
static int add_word(ZBuild *b, const PgWord *w)
{
    ZDictWord dw;
    ZTextErr err;
    if (!zt_dict_encode(&b->zt, w->units, (size_t)w->len, &dw, &err)) {
        diag_error(&w->loc, "the dictionary word holds a character that "
                   "cannot be typed (U+%04X): dictionary words can hold only "
                   "characters a player can type", (unsigned)err.unit);
        b->errors++;
    }
    char flags[8];
    flags_text(w, flags);
    int id = zd_add_word(b->dict, &dw, flags, 0, 0, 0);
    if (id < 0) {
        zbd_report(b, &w->loc, zd_error(b->dict), false);
        id = zd_find(b->dict, &dw);
        if (id < 0) id = 0;
    }
    return id;
}

static void report(void *ctx, const SrcLoc *loc, const char *msg, bool warning)
{
    zbd_report(ctx, loc, msg, warning);
}

void zbd_grammar(ZBuild *b)
{
    const ProgGrammar *g = b->prog->grammar;
    int *ids = xmalloc(((size_t)g->nwords + 1) * sizeof *ids);
    for (int w = 0; w < g->nwords; w++) ids[w] = add_word(b, &g->words[w]);
    b->gram = zg_new(g, b->acts, b->dict, ids, report, b);
    free(ids);
}

size_t zm_dict_key(const Target *t, void **state, Arena *arena,
                   const uint32_t *units, int len, uint8_t *key, size_t cap)
{
    /* Made once, not for every word (building the look-ups is most of the
     * work); encoding a dictionary word allocates nothing in it, so it
     * needs no zt_free. */
    ZText *zt = *state;
    if (!zt) {
        zt = arena_alloc(arena, sizeof *zt);
        zt_init(zt, t->version);
        *state = zt;
    }
    ZDictWord dw;
    bool typed = zt_dict_encode(zt, units, (size_t)(len < 0 ? 0 : len), &dw,
                                NULL);
    size_t n = 0;
    if (typed) {
        n = (size_t)zt_dict_bytes(t->version);
        if (n > cap) n = cap;
        memcpy(key, dw.bytes, n);
        return n;
    }
    if (cap) key[n++] = 0xFF;       /* 5, 9 ... bytes: never an encoding */
    for (int i = 0; i < len && n + 4 <= cap; i++, n += 4)
        memcpy(key + n, &units[i], 4);
    return n;
}
