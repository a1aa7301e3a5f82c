/* abbrev_find.c: -u, the search for abbreviations (see abbrev_find.h).
 *
 * Takes the text inform6 would search (abbrev_text.h gathers it); gives
 * the Abbreviate lines on `out`.  The search is inform6's (its choices
 * are a fact authors compare against, Inform6-Testing's
 * MAKE_ABBREVIATIONS group checks them), written anew:
 *
 *   1. The texts, each followed by two new lines, make one buffer; a new
 *      line is a wall no abbreviation crosses.  ". " (and ".  ") and ", "
 *      are taken first and walled off.
 *   2. Every three-letter block that appears at least twice more after
 *      its first place gets a list of those later places (the first
 *      place is not in it: inform6's way, kept so the choices agree).
 *   3. Each pass grows, from every place of every block, the longest
 *      string still found at two or more non-overlapping places of the
 *      list, and scores each length (places - 1) * (weight - 2), the
 *      weight being what the string costs in Z-characters (a lower-case
 *      letter or space 1, upper case and A2 punctuation 2, any other
 *      character 3; as inform6, the weight of the k-th letter is read at
 *      the k-th place of the list).  The best 4 * $MAX_ABBREVS distinct
 *      strings are kept.
 *   4. The best is chosen; its places are walled off; strings that
 *      overlap it are dropped; the next best is chosen, until none is
 *      left, then a new pass, until $MAX_ABBREVS are chosen or no pass
 *      finds anything.
 *
 * Given the same text, the search chooses what inform6 chooses; the text
 * is gathered in inform6's order (abbrev_text.c), so that the choices
 * agree: a tie between two strings goes to the one met first. */
#include "abbrev_find.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../codegen/program.h"
#include "abbrev_text.h"
#include "compiler.h"
#include "index.h"
#include "target.h"
#include "text.h"

typedef struct Block {          /* a three-letter block and its places */
    char text[4];
    int32_t intab, occurrences; /* places: grand[intab .. +occurrences] */
} Block;

typedef struct Best {           /* a candidate (or chosen) string */
    int32_t length, popularity, score, location;
    char *text;
} Best;

typedef struct Search {
    FILE *out;
    int trace;
    char *t;                    /* the texts; NUL-padded past len */
    int32_t len;
    Block *blocks;
    int32_t nblocks, blocks_cap;
    int32_t *grand;             /* places, zero-padded past their end */
    int *flags;
    Best *best;                 /* 4 * MAX_ABBREVS candidates */
    int32_t nbest;
    Best *chosen;
    int32_t nchosen, max_abbrevs;
    int pass;
} Search;

/* ". " and ", " are the first two choices; their places are walled. */
static void take_punctuation(Search *s)
{
    char *t = s->t;
    for (int32_t i = 0; i < s->len; i++) {
        if (t[i] == '.' && t[i + 1] == ' ' && t[i + 2] == ' ') {
            t[i] = t[i + 1] = t[i + 2] = '\n';
            s->chosen[0].popularity++;
        }
        if (t[i] == '.' && t[i + 1] == ' ') {
            t[i] = t[i + 1] = '\n';
            s->chosen[0].popularity++;
        }
        if (t[i] == ',' && t[i + 1] == ' ') {
            t[i] = t[i + 1] = '\n';
            s->chosen[1].popularity++;
        }
    }
}

/* ---- 2. the three-letter blocks ---- */

static uint32_t block_key(const char *p)
{
    return (uint32_t)(unsigned char)p[0] << 16 |
           (uint32_t)(unsigned char)p[1] << 8 | (unsigned char)p[2];
}

/* Every block with two or more places after its first, in the order of
 * their first places; returns the most places a block has. */
static int32_t build_blocks(Search *s)
{
    const char *t = s->t;
    int32_t gmax = s->len + 1, tcount = 0, most = 0;
    /* the weights read past a block's own places (see the top); zeros
     * there, as inform6's table has */
    s->grand = xcalloc((size_t)gmax + (size_t)s->len + 64, sizeof *s->grand);
    uint8_t *seen = xcalloc(1u << 21, 1);     /* a bit per block key */
    for (int32_t i = 0; i < s->len; i++) {
        if (t[i] == '\n' || t[i + 1] == '\n' || t[i + 2] == '\n') continue;
        uint32_t key = block_key(t + i);
        if (seen[key >> 3] & (1u << (key & 7))) continue;
        Block b = { { t[i], t[i + 1], t[i + 2], 0 }, tcount, 0 };
        for (int32_t j = i + 3; j < s->len; j++) {
            if (t[i] != t[j] || t[i + 1] != t[j + 1] || t[i + 2] != t[j + 2])
                continue;
            s->grand[tcount + b.occurrences++] = j;
            if (tcount + b.occurrences == gmax) {
                fprintf(s->out, "All %ld cross-references used\n", (long)gmax);
                i = s->len;
                break;
            }
        }
        if (b.occurrences < 2) continue;
        VEC_PUSH(NULL, s->blocks, s->nblocks, s->blocks_cap, b);
        seen[key >> 3] |= (uint8_t)(1u << (key & 7));
        tcount += b.occurrences;
        if (most < b.occurrences) most = b.occurrences;
    }
    free(seen);
    return most;
}

/* ---- 3. a pass ---- */

/* What a character costs: 1 for a space or a lower-case letter (A0), 2
 * for A1 and A2's, 3 for any other (an escape and its ZSCII code). */
static int weight(char ch)
{
    unsigned char c = (unsigned char)ch;
    if (c == ' ' || (c >= 'a' && c <= 'z')) return 1;
    if ((c >= 'A' && c <= 'Z') || (c && strchr("^0123456789.,!?_#'~/\\-:()", c)))
        return 2;
    return 3;
}

/* Keeps (score, length, place) among the best unless that string is
 * there already: in the place of the lowest score below it. */
static void consider(Search *s, int32_t score, int32_t nl, int32_t at,
                     int32_t matches, int32_t *minat)
{
    int32_t min = score;
    for (int32_t k = 0; k < s->nbest; k++) {
        Best *b = &s->best[k];
        if (nl == b->length && !memcmp(s->t + b->location, s->t + at,
                                       (size_t)nl)) {
            min = score;
            break;
        }
        if (b->score < min) {
            min = b->score;
            *minat = k;
        }
    }
    if (min == score) return;
    s->best[*minat] = (Best){ nl, matches, score, at, s->best[*minat].text };
}

/* From place j of block b: the strings of growing length found again. */
static void grow(Search *s, const Block *b, int32_t j, int32_t *minat)
{
    const int32_t *g = s->grand + b->intab;
    const char *t = s->t;
    for (int32_t k = 0; k < b->occurrences; k++) s->flags[k] = 1;
    int32_t nl = 2, left = b->occurrences;
    while (left >= 2) {
        nl++;
        for (int32_t k = 0; k < nl; k++)
            if (t[g[j] + k] == '\n') return;
        int32_t matches = 0;
        for (int32_t k = j; k < b->occurrences; k++) {
            if (!s->flags[k]) continue;
            int32_t x = g[k] - g[j];
            if ((x > -nl && x < nl) ||
                memcmp(t + g[j], t + g[k], (size_t)nl) != 0) {
                s->flags[k] = 0;
                left--;
            } else matches++;
        }
        int32_t w = 0;
        for (int32_t k = 0; k < nl; k++) w += weight(t[g[j + k]]);
        consider(s, (matches - 1) * (w - 2), nl, g[j], matches, minat);
    }
}

static void pass(Search *s)
{
    int32_t minat = 0;
    for (int32_t k = 0; k < s->nbest; k++) s->best[k].length = 0;
    for (int32_t i = 0; i < s->nblocks; i++) {
        const Block *b = &s->blocks[i];
        if (b->text[0] == '\n' || !b->occurrences) continue;
        clock_t t1 = clock();
        if (s->trace >= 2)
            fprintf(s->out, "Pass %d, %4ld/%ld '%s' (%ld occurrences) ",
                    s->pass, (long)i, (long)s->nblocks, b->text,
                    (long)b->occurrences);
        for (int32_t j = 0; j < b->occurrences; j++) grow(s, b, j, &minat);
        if (s->trace >= 2)
            fprintf(s->out, " (%.4f seconds)\n",
                    (double)(clock() - t1) / CLOCKS_PER_SEC);
    }
}

/* ---- 4. the choices ---- */

/* True when one string, slid along the other, agrees with it wherever
 * they meet (one contains the other, or an end of one begins the other). */
static bool overlap(const char *s1, const char *s2)
{
    int a = (int)strlen(s1), b = (int)strlen(s2);
    for (int i = 1 - b; i < a; i++) {
        bool differ = false;
        for (int j = 0; j < b && !differ; j++)
            if (i + j >= 0 && i + j < a && s1[i + j] != s2[j]) differ = true;
        if (!differ) return true;
    }
    return false;
}

static void set_text(Search *s, Best *b)
{
    free(b->text);
    b->text = xmalloc((size_t)b->length + 1);
    memcpy(b->text, s->t + b->location, (size_t)b->length);
    b->text[b->length] = '\0';
}

/* Takes the best candidate: walls off its places in its block's list
 * and drops the candidates that overlap it. */
static void choose(Search *s, Best *b)
{
    Best *c = &s->chosen[s->nchosen++];
    *c = (Best){ b->length, b->popularity, b->score, b->location,
                 xmalloc((size_t)b->length + 1) };
    strcpy(c->text, b->text);
    if (s->trace >= 1)
        fprintf(s->out, "Selection %2ld: '%s' (repeated %ld times, scoring "
                "%ld)\n", (long)s->nchosen, b->text, (long)b->popularity,
                (long)b->score);
    const Block *blk = NULL;
    for (int32_t i = 0; i < s->nblocks && !blk; i++)
        if (!strncmp(s->blocks[i].text, b->text, 3)) blk = &s->blocks[i];
    for (int32_t j = 0; blk && j < blk->occurrences; j++) {
        char *at = s->t + s->grand[blk->intab + j];
        if (!memcmp(b->text, at, (size_t)b->length))
            memset(at, '\n', (size_t)b->length);
    }
    char *text = xmalloc((size_t)b->length + 1);
    strcpy(text, b->text);
    for (int32_t i = 0; i < s->nbest; i++)
        if (s->best[i].score > 0 && overlap(text, s->best[i].text))
            s->best[i].score = 0;
    free(text);
}

static void search(Search *s)
{
    int32_t available = s->nbest;
    while (available > 0 && s->nchosen < s->max_abbrevs) {
        s->pass++;
        if (s->trace >= 1) fprintf(s->out, "Pass %d\n", s->pass);
        pass(s);
        available = 0;
        for (int32_t i = 0; i < s->nbest; i++)
            if (s->best[i].score != 0) {
                available++;
                set_text(s, &s->best[i]);
            }
        int32_t max;
        do {
            max = 0;
            int32_t maxat = 0;
            for (int32_t i = 0; i < s->nbest; i++)
                if (max < s->best[i].score) {
                    max = s->best[i].score;
                    maxat = i;
                }
            if (max > 0) choose(s, &s->best[maxat]);
        } while (max > 0 && available > 0 && s->nchosen < s->max_abbrevs);
    }
}

void abbrev_find(FILE *out, Compiler *c, const Program *prog,
                 const IndexCalls *calls)
{
    Search s = { .out = out };
    for (int i = 0; i < c->opts->n_traces; i++)
        if (!strcmp(c->opts->traces[i].name, "FINDABBREVS"))
            s.trace = c->opts->traces[i].level;
    s.max_abbrevs = opt_setting_value(c->opts, "MAX_ABBREVS");
    if (s.max_abbrevs < 2) return;
    fputs("Beginning calculation of optimal abbreviations...\n", out);
    s.chosen = xcalloc((size_t)s.max_abbrevs, sizeof *s.chosen);
    s.chosen[0].text = xmalloc(3);
    strcpy(s.chosen[0].text, ". ");
    s.chosen[1].text = xmalloc(3);
    strcpy(s.chosen[1].text, ", ");
    s.nchosen = 2;
    s.nbest = 4 * s.max_abbrevs;
    s.best = xcalloc((size_t)s.nbest, sizeof *s.best);
    s.t = abbrev_text_gather(c, prog, calls, &s.len);
    take_punctuation(&s);
    s.flags = xcalloc((size_t)build_blocks(&s) + 1, sizeof *s.flags);
    if (s.trace >= 1)
        fprintf(out, "Cross-reference table (%ld entries) built...\n",
                (long)s.nblocks);
    search(&s);
    fputs("\nChosen abbreviations (in Inform syntax):\n\n", out);
    for (int32_t i = 0; i < s.nchosen; i++)
        fprintf(out, "Abbreviate \"%s\";\n", s.chosen[i].text);
    fflush(out);
    for (int32_t i = 0; i < s.nchosen; i++) free(s.chosen[i].text);
    for (int32_t i = 0; i < s.nbest; i++) free(s.best[i].text);
    free(s.chosen);
    free(s.best);
    free(s.flags);
    free(s.grand);
    free(s.blocks);
    free(s.t);
}
