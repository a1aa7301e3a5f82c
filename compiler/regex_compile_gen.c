/* regex_compile_gen.c: the program of a constant pattern written out as
 * an Inform routine (regex_compile.h).
 *
 * The routine `NAME from` is stdlib/regex.h's Regex__Search with
 * Regex__Run specialised to one program: every instruction becomes the
 * Inform statements the matcher would execute for it, with its operands
 * as constants, so nothing is fetched, decoded or dispatched while the
 * story runs.  What the matcher keeps stays as it keeps it: choice points,
 * undo records and repetition entries in Regex__Stack (an entry names
 * instruction addresses, or a loop's number where the matcher names its
 * LOOPTEST), registers in Regex__Reg, failures counted in Regex_Steps
 * against Regex_StepLimit, the visited bitmap through Regex__Visited, and
 * regex.h's own Regex__FindFrame, __Cut and __Unwind for lookarounds and
 * possessive groups.  So it finds the same match, records the same
 * groups, counts the same steps and fills the stack at the same point as
 * the interpreter would.
 *
 * Its contract, as Regex__Search's: called with a start position, it
 * returns 1 (the match in Regex__MCap), 0 or Regex_LIMIT (Regex__Why
 * set).  Called with -1, it leaves regex.h's globals as Regex__Compile
 * would after compiling the pattern and Regex__Begin after preparing to
 * search the text in Regex__Subj, and returns 0 (regex.h's Regex__Ready).
 *
 * Characters are tested by code written for the matcher: below 128 by a
 * set computed here from ASCII's classes and cases (the library's for
 * those characters; a class by its bit in regex.h's Regex__CT), from 128
 * up by calling the library's case routines where a class or a caseless
 * test needs them.
 *
 * Where the program's shape allows, the same work takes fewer
 * instructions, always with the same outcome and the same steps counted:
 * start positions whose first test fails are passed over in a loop, their
 * steps counted at once, and the program does not make that test again
 * (gen_prefilter); a repetition followed by a one-character matcher,
 * popped, tries its positions in a loop of its own (gen_scans); an entry
 * nothing will pop is counted against the stack but not written (push). */
#include "regex_compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Gen {
    FILE *o;
    const RxProgram *p;
    const char *name;
    unsigned char *label;     /* per address: a jump or a choice goes there */
    unsigned char *resume;    /* per address: popped from a choice point */
    int word;                 /* bytes in a word: 2 (Z-machine) or 4 (Glulx) */
    bool virt;                /* UNDO entries at the bottom left unwritten */
    unsigned char *tail;      /* per address: only SAVEs from there to MATCH */
    unsigned char *scan;      /* per address: a REPC backed up by a scan */
    bool dead;                /* the entry pushed now is never popped */
    int prev;                 /* the address of the instruction before */
    int known;                /* the first test, passed at every start (-1: none) */
    bool known_end;           /* ... unless the start is the end of the text */
} Gen;

/* ---- one-character matchers ---- */

static bool is_punct(int c)
{
    return c && strchr(".,!?-/\":;()[]{}", c) != NULL;
}

static bool is_space(int c) { return c == 32 || c == 9 || c == 10 || c == 13; }

/* Regex__InClass(k, c) for c below 128. */
static bool in_class(int k, int c)
{
    if (k > 16) return !in_class(k - 16, c);
    switch (k) {
    case 1: return c >= '0' && c <= '9';
    case 2: return c >= 'a' && c <= 'z';
    case 3: return is_punct(c);
    case 4: return is_space(c);
    case 5: return c >= 'A' && c <= 'Z';
    case 6: return !is_space(c) && !is_punct(c);
    case 7: return c == 10 || c == 13;
    }
    return false;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
static int upper(int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }

static bool in_runs(const int32_t *m, int c)
{
    for (int i = 0; i < m[2]; i += 2) {
        int lo = m[3 + i], hi = m[4 + i];
        if (lo >= 0 && c >= lo && c <= hi) return true;
    }
    return false;
}

/* Regex__CharOK for the matcher m and a character c below 128. */
static bool accepts(const int32_t *m, int c)
{
    switch (m[0]) {
    case RXO_CHR: return c == m[1];
    case RXO_CHRI: return lower(c) == m[1];
    case RXO_ANY: return true;
    case RXO_CLS: return in_class(m[1], c);
    }
    bool r = in_runs(m, c) ||
             ((m[1] & 2) && (in_runs(m, lower(c)) || in_runs(m, upper(c))));
    for (int i = 0; !r && i < m[2]; i += 2)
        if (m[3 + i] < 0) r = in_class(-m[3 + i], c);
    return (m[1] & 1) ? !r : r;
}

enum { HI_NO, HI_YES, HI_ASK };

/* What a class does from 128 up: never, always, or ask the library. */
static int class_high(int k, const char **ask)
{
    bool neg = k > 16;
    if (neg) k -= 16;
    int r = HI_NO;
    if (k == 6) r = HI_YES;
    if (k == 2 || k == 5) {
        *ask = k == 2 ? "Regex__IsLower(c)" : "Regex__IsUpper(c)";
        return neg ? -1 : HI_ASK;       /* -1: ask, negated */
    }
    if (neg) r = r == HI_NO ? HI_YES : HI_NO;
    return r;
}

/* Writes the ranges of m tested on the value v: "(v >= 97 && v <= 122) || v == 95". */
static void runs_on(FILE *o, const int32_t *m, const char *v)
{
    const char *sep = "";
    for (int i = 0; i < m[2]; i += 2) {
        if (m[3 + i] < 0) continue;
        if (m[3 + i] == m[4 + i]) fprintf(o, "%s%s == %d", sep, v, m[3 + i]);
        else fprintf(o, "%s(%s >= %d && %s <= %d)", sep, v, m[3 + i], v, m[4 + i]);
        sep = " || ";
    }
    if (!*sep) fputs("0", o);
}

/* The matcher's test from 128 up: HI_NO, HI_YES, or HI_ASK with the
 * expression (true when c passes) written to `o`. */
static int high(FILE *o, const int32_t *m)
{
    const char *ask = NULL;
    switch (m[0]) {
    case RXO_CHR: return HI_NO;
    case RXO_ANY: return HI_YES;
    case RXO_CHRI: fprintf(o, "Regex__Lower(c) == %d", m[1]); return HI_ASK;
    case RXO_CLS: {
        int r = class_high(m[1], &ask);
        if (r == -1) { fprintf(o, "~~%s", ask); return HI_ASK; }
        if (r == HI_ASK) fputs(ask, o);
        return r;
    }
    }
    /* SET: its classes, then (caseless) its ranges on the other cases. */
    bool any = false, always = false;
    fputs("(", o);
    for (int i = 0; i < m[2]; i += 2) {
        if (m[3 + i] >= 0) continue;
        int r = class_high(-m[3 + i], &ask);
        if (r == HI_YES) always = true;
        if (r == HI_ASK || r == -1) {
            fprintf(o, "%s%s%s", any ? " || " : "", r == -1 ? "~~" : "", ask);
            any = true;
        }
    }
    if (m[1] & 2) {
        fputs(any ? " || " : "", o);
        runs_on(o, m, "Regex__Lower(c)");
        fputs(" || ", o);
        runs_on(o, m, "Regex__Upper(c)");
        any = true;
    }
    fputs(")", o);
    bool neg = m[1] & 1;
    if (always) return neg ? HI_NO : HI_YES;
    if (!any) return neg ? HI_YES : HI_NO;
    return neg ? -1 : HI_ASK;
}

/* Writes the members of in[0..127] as a test of c: runs of three or more
 * as comparisons, the others as `c == x or y ...` (six at most a test). */
static void members(FILE *o, const bool *in)
{
    const char *sep = "";
    int singles[128], ns = 0;
    for (int c = 0; c < 128;) {
        if (!in[c]) { c++; continue; }
        int e = c;
        while (e + 1 < 128 && in[e + 1]) e++;
        if (e - c >= 2) {
            if (c == 0) fprintf(o, "%sc <= %d", sep, e);
            else if (e == 127) fprintf(o, "%sc >= %d", sep, c);
            else fprintf(o, "%s(c >= %d && c <= %d)", sep, c, e);
            sep = " || ";
        } else {
            for (int x = c; x <= e; x++) singles[ns++] = x;
        }
        c = e + 1;
    }
    for (int i = 0; i < ns; i++) {
        if (i % 6 == 0) fprintf(o, "%s%s(c == %d", i ? ")" : "", sep, singles[i]);
        else fprintf(o, " or %d", singles[i]);
        sep = " || ";
    }
    if (ns) fputs(")", o);
    if (!*sep) fputs("0", o);
}

/* Writes a test of c below 128 that is true when m rejects it. */
static void rejects_low(FILE *o, const int32_t *m)
{
    bool in[128], out[128];
    int nin = 0;
    for (int c = 0; c < 128; c++) {
        in[c] = accepts(m, c);
        out[c] = !in[c];
        nin += in[c];
    }
    if (nin > 64) { fputs("(", o); members(o, out); fputs(")", o); }
    else { fputs("~~(", o); members(o, in); fputs(")", o); }
}

/* Writes an expression true when the character in c is not in class k
 * (Regex__InClass): from 0 to 127 by its bit in regex.h's table
 * Regex__CT, elsewhere (negative numbers included) as class_high says. */
static void class_fails(FILE *o, int k)
{
    static const int bits[8] = { 0, 1, 2, 4, 8, 16, 12, 32 };
    int base = k > 16 ? k - 16 : k;
    /* Below 128, the bit set means in the class, except for \w. */
    bool fail_if_set = (base == 6) != (k > 16);
    char low[64];
    snprintf(low, sizeof low, "(Regex__CT->c & %d) %s 0", bits[base],
             fail_if_set ? "~=" : "==");
    const char *ask = NULL;
    switch (class_high(k, &ask)) {
    case HI_NO: fprintf(o, "(c < 0 || c >= 128 || %s)", low); break;
    case HI_YES: fprintf(o, "(c >= 0 && c < 128 && %s)", low); break;
    default:
        fprintf(o, "((c >= 0 && c < 128 && %s) || ((c < 0 || c >= 128) && %s%s))",
                low, class_high(k, &ask) == HI_ASK ? "~~" : "", ask);
    }
}

/* Writes an expression true when the character in c fails matcher m. */
static void fails(FILE *o, const int32_t *m)
{
    if (m[0] == RXO_CHR) { fprintf(o, "c ~= %d", m[1]); return; }
    if (m[0] == RXO_CLS) { class_fails(o, m[1]); return; }
    if (m[0] == RXO_ANY) { fputs("0", o); return; }
    char *hbuf = NULL;
    size_t hlen = 0;
    FILE *h = open_memstream(&hbuf, &hlen);
    int hi = high(h, m);
    fclose(h);
    switch (hi) {
    case HI_NO:
        fputs("c >= 128 || ", o);
        rejects_low(o, m);
        break;
    case HI_YES:
        fputs("(c < 128 && ", o);
        rejects_low(o, m);
        fputs(")", o);
        break;
    default:
        fputs("(c < 128 && ", o);
        rejects_low(o, m);
        fprintf(o, ") || (c >= 128 && %s(%s))", hi == HI_ASK ? "~~" : "", hbuf);
        break;
    }
    free(hbuf);
}

/* ---- the routine ---- */

/* An entry pushed on Regex__Stack.  One pushed on the way to MATCH with
 * nothing that can fail in between (g->dead) is never popped: it is
 * counted, not written.  With g->virt, an UNDO entry with only
 * UNDO entries below it (sp == bot) is counted but not written: popping
 * it and those below would only restore registers that the next start
 * position sets again, so Pop starts there once sp is down to bot.  The
 * stack fills up at the same point all the same. */
static void push(Gen *g, const char *tag, const char *w1, const char *w2,
                 const char *w3)
{
    bool undo = !strcmp(tag, "UNDO") && g->virt;
    fputs("    if (sp >= Regex__STACKW) jump Overflow;\n", g->o);
    if (g->dead) {              /* (only the stack's filling counts) */
        fputs("    sp = sp + 4;\n", g->o);
        return;
    }
    if (undo) fputs("    if (sp == bot) bot = sp + 4;\n    else {\n", g->o);
    fprintf(g->o, "    Regex__Stack-->sp = Regex__T_%s;\n"
            "    Regex__Stack-->(sp+1) = %s;\n", tag, w1);
    if (w2) fprintf(g->o, "    Regex__Stack-->(sp+2) = %s;\n", w2);
    if (w3) fprintf(g->o, "    Regex__Stack-->(sp+3) = %s;\n", w3);
    if (undo) fputs("    }\n", g->o);
    fputs("    sp = sp + 4;\n", g->o);
}

static void jump_to(Gen *g, int from_next, int target)
{
    if (target != from_next) fprintf(g->o, "    jump R%d;\n", target);
}

static char *num(char *buf, int v) { sprintf(buf, "%d", v); return buf; }
static char *plus(char *buf, int v) { sprintf(buf, "pos + %d", v); return buf; }

/* Regex__Visited(slot, pos), written out: fails when the bitmap says
 * this (slot, position) pair failed before, else marks it. */
static void gen_visited(Gen *g, int slot, const char *fail)
{
    fprintf(g->o, "    if (Regex__MemoOn) {\n"
            "        k = pos * Regex__MemoW + %d;\n"
            "        a = Regex__Bit->(k %% 8);\n"
            "        k = k / 8;\n"
            "        if (Regex__Memo->k & a) jump %s;\n"
            "        Regex__Memo->k = Regex__Memo->k | a;\n"
            "    }\n", slot, fail);
}

/* Words from..to-1 of the array arr set to -1, or copied from Regex__Reg. */
static void gen_fill(Gen *g, const char *arr, int from, int to, bool copy)
{
    if (to - from > 20) {
        fprintf(g->o, "    for (k = %d: k < %d: k++) %s-->k = %s;\n", from, to, arr,
                copy ? "Regex__Reg-->k" : "-1");
        return;
    }
    for (int k = from; k < to; k++) {
        if (copy) fprintf(g->o, "    %s-->%d = Regex__Reg-->%d;\n", arr, k, k);
        else fprintf(g->o, "    %s-->%d = -1;\n", arr, k);
    }
}

static void gen_char(Gen *g, const int32_t *m, int pc)
{
    FILE *o = g->o;
    if (pc == g->known) {
        if (g->known_end) fputs("    if (pos >= len) jump Fail;\n", o);
        fputs("    pos++;\n", o);
        return;
    }
    if (m[0] == RXO_CHR) {
        fprintf(o, "    if (pos >= len || subj-->pos ~= %d) jump Fail;\n", m[1]);
    } else {
        fputs("    if (pos >= len) jump Fail;\n", o);
        if (m[0] != RXO_ANY) {
            fputs("    c = subj-->pos;\n    if (", o);
            fails(o, m);
            fputs(") jump Fail;\n", o);
        }
    }
    if (pc > 0 && g->scan[g->prev]) fprintf(o, "  .RC%d;\n", pc);
    fputs("    pos++;\n", o);
}

/* REPC min max lazy slot <matcher> at pc. */
static void gen_repc(Gen *g, int pc)
{
    FILE *o = g->o;
    const int32_t *w = g->p->w + pc, *m = w + 5;
    int min = w[1], max = w[2];
    char b1[16], b2[16];
    if (max == RX_INF) fputs("    b = len - pos;\n", o);
    else fprintf(o, "    b = %d;\n    if (b > len - pos) b = len - pos;\n", max);
    if (min > 0) fprintf(o, "    if (b < %d) jump Fail;\n", min);
    if (w[3]) {                                        /* lazy */
        if (min > 0 && m[0] != RXO_ANY) {
            fprintf(o, "    for (k = 0: k < %d: k++) {\n        c = subj-->(pos+k);\n"
                    "        if (", min);
            fails(o, m);
            fputs(") jump Fail;\n    }\n", o);
        }
        fprintf(o, "    if (b > %d) {\n", min);
        push(g, "REPL", num(b1, pc), plus(b2, min), "pos + b");
        fprintf(o, "    }\n    pos = pos + %d;\n", min);
    } else {
        if (m[0] == RXO_ANY) fputs("    k = b;\n", o);
        else if (m[0] == RXO_CHR)
            fprintf(o, "    k = pos; e = pos + b;\n    while (k < e && subj-->k == %d) k++;\n"
                    "    k = k - pos;\n", m[1]);
        else {
            fputs("    k = pos; e = pos + b;\n    while (k < e) {\n        c = subj-->k;\n        if (", o);
            fails(o, m);
            fputs(") break;\n        k++;\n    }\n    k = k - pos;\n", o);
        }
        if (min > 0) fprintf(o, "    if (k < %d) jump Fail;\n", min);
        fprintf(o, "    if (k > %d) {\n", min);
        push(g, "REPG", num(b1, pc), plus(b2, min), "pos + k");
        fputs("    }\n    pos = pos + k;\n", o);
    }
    fprintf(o, "  .RD%d;\n", pc);
    /* (On the way to MATCH the visited bit would be set, found clear and
     * cleared again by MATCH: nothing can read it.) */
    if (g->p->memo_ok && !g->dead) gen_visited(g, w[4], "Fail");
}

/* LOOPTEST L min max lazy exitoff slot at pc. */
static void gen_looptest(Gen *g, int pc)
{
    FILE *o = g->o;
    const int32_t *w = g->p->w + pc;
    int L = w[1], body = pc + 7, exit = pc + w[5];
    char b1[16];
    fprintf(o, "    c = Regex__Reg-->%d;\n", 20 + 2 * L);
    if (w[2] > 0) fprintf(o, "    if (c < %d) jump R%d;\n", w[2], body);
    if (w[3] != RX_INF) fprintf(o, "    if (c >= %d) jump R%d;\n", w[3], exit);
    if (g->p->memo_ok) gen_visited(g, w[6], "Fail");
    if (w[4]) {
        push(g, "CHOICE", num(b1, body), "pos", NULL);
        fprintf(o, "    jump R%d;\n", exit);
    } else {
        char reg[32];
        sprintf(reg, "Regex__Reg-->%d", 21 + 2 * L);
        push(g, "ITER", num(b1, L), "pos", reg);
        fprintf(o, "    %s = pos;\n    jump R%d;\n", reg, pc + 9);
    }
}

/* LOOPNEXT L topoff at pc. */
static void gen_loopnext(Gen *g, int pc, int next)
{
    FILE *o = g->o;
    const int32_t *w = g->p->w + pc;
    int L = w[1], test = pc + w[2];
    int min = g->p->w[test + 2], max = g->p->w[test + 3];
    char b1[16];
    fprintf(o, "    c = Regex__Reg-->%d;\n", 20 + 2 * L);
    if (min > 0) fprintf(o, "    if (c >= %d) {\n", min);
    else fputs("    {\n", o);
    fprintf(o, "        if (pos == Regex__Reg-->%d) jump Fail;\n", 21 + 2 * L);
    if (max == RX_INF) fprintf(o, "        jump R%d;\n", test);
    fputs("    }\n", o);
    push(g, "UNDO", num(b1, 20 + 2 * L), "c", NULL);
    fprintf(o, "    Regex__Reg-->%d = c + 1;\n", 20 + 2 * L);
    jump_to(g, next, test);
}

/* SAVE r, LOOPINIT L, LOOPBODY L: a register set, its old value kept. */
static void gen_set_reg(Gen *g, int r, const char *value)
{
    char b1[16], old[32];
    sprintf(old, "Regex__Reg-->%d", r);
    push(g, "UNDO", num(b1, r), old, NULL);
    fprintf(g->o, "    Regex__Reg-->%d = %s;\n", r, value);
}

static void gen_boundary(Gen *g, bool want)
{
    static const int32_t word[2] = { RXO_CLS, 6 };
    FILE *o = g->o;
    fputs("    a = 0; b = 0;\n    if (pos > 0) {\n        c = subj-->(pos-1);\n        if (~~(", o);
    fails(o, word);
    fputs(")) a = 1;\n    }\n    if (pos < len) {\n        c = subj-->pos;\n        if (~~(", o);
    fails(o, word);
    fprintf(o, ")) b = 1;\n    }\n    if (a %s b) jump Fail;\n", want ? "==" : "~=");
}

static void gen_bref(Gen *g, const int32_t *w)
{
    FILE *o = g->o;
    fprintf(o, "    a = Regex__Reg-->%d; b = Regex__Reg-->%d;\n", 2 * w[1], 2 * w[1] + 1);
    fputs("    if (a < 0 || b < a) jump Fail;\n    if (pos + b - a > len) jump Fail;\n", o);
    if (w[2])
        fputs("    for (k = a: k < b: k++)\n        if (Regex__Lower(subj-->k) ~= "
              "Regex__Lower(subj-->(pos+k-a))) jump Fail;\n", o);
    else
        fputs("    for (k = a: k < b: k++)\n        if (subj-->k ~= subj-->(pos+k-a)) jump Fail;\n", o);
    fputs("    pos = pos + b - a;\n", o);
}

static void gen_look(Gen *g, int pc)
{
    FILE *o = g->o;
    const int32_t *w = g->p->w + pc;
    int target = w[3] ? pc + w[3] : -1;
    char b1[16];
    if (w[1]) {
        fprintf(o, "    if (pos < %d) ", w[2]);
        if (target < 0) fputs("jump Fail;\n", o);
        else fprintf(o, "jump R%d;\n", target);
    }
    push(g, "LOOK", "pos", num(b1, target), NULL);
    if (w[1]) fprintf(o, "    pos = pos - %d;\n", w[2]);
}

/* Words from..19 of Regex__MCap set to -1: copied from regex.h's
 * Regex__None in one instruction when there are several. */
static void gen_none(Gen *g, int from)
{
    if (20 - from < 4) { gen_fill(g, "Regex__MCap", from, 20, false); return; }
    fprintf(g->o, "    k = Regex__MCap + %d;\n", from * g->word);
    if (g->word == 2)
        fprintf(g->o, "    @copy_table Regex__None k %d;\n", (20 - from) * 2);
    else
        fprintf(g->o, "    @mcopy %d Regex__None k;\n", (20 - from) * 4);
}

static void gen_match(Gen *g)
{
    int groups = g->p->ngroups < 9 ? g->p->ngroups : 9;
    fputs("    Regex__MCap-->0 = s;\n    Regex__MCap-->1 = pos;\n", g->o);
    gen_fill(g, "Regex__MCap", 2, 2 + 2 * groups, true);
    gen_none(g, 2 + 2 * groups);
    if (g->p->memo_ok && g->p->nslots > 0) {       /* Regex__MemoClear(s, pos) */
        int n = g->p->nslots;
        if (n == 1)
            fputs("    if (Regex__MemoOn) {\n        a = s / 8; b = (pos + 8) / 8;\n", g->o);
        else
            fprintf(g->o, "    if (Regex__MemoOn) {\n"
                    "        a = (s * %d) / 8; b = ((pos + 1) * %d + 7) / 8;\n", n, n);
        fputs("        if (b > Regex_MEMO_BYTES) b = Regex_MEMO_BYTES;\n"
              "        if (b > a) {\n            b = b - a; a = Regex__Memo + a;\n", g->o);
        fputs(g->word == 2 ? "            @copy_table a 0 b;\n" : "            @mzero b a;\n", g->o);
        fputs("        }\n    }\n", g->o);
    }
    fputs("    return 1;\n", g->o);
}

/* The statements of the instruction at pc; next is the address after it. */
static void gen_instruction(Gen *g, int pc, int next)
{
    FILE *o = g->o;
    const int32_t *w = g->p->w + pc;
    char b1[16];
    switch (w[0]) {
    case RXO_CHR: case RXO_CHRI: case RXO_ANY: case RXO_CLS: case RXO_SET:
        gen_char(g, w, pc); break;
    case RXO_BOL: fputs("    if (pos ~= 0) jump Fail;\n", o); break;
    case RXO_EOL: fputs("    if (pos ~= len) jump Fail;\n", o); break;
    case RXO_WB: case RXO_NWB:
        if (pc != g->known) gen_boundary(g, w[0] == RXO_WB);
        break;
    case RXO_SAVE:
        g->dead = g->tail[pc];
        gen_set_reg(g, w[1], "pos");
        g->dead = false;
        break;
    case RXO_BREF: gen_bref(g, w); break;
    case RXO_SPLIT: push(g, "CHOICE", num(b1, pc + w[1]), "pos", NULL); break;
    case RXO_SPLITX:
        push(g, "CHOICE", num(b1, pc + 2), "pos", NULL);
        jump_to(g, next, pc + w[1]);
        break;
    case RXO_JMP: jump_to(g, next, pc + w[1]); break;
    case RXO_REPC:
        g->dead = g->tail[next];
        gen_repc(g, pc);
        g->dead = false;
        break;
    case RXO_LOOPINIT: gen_set_reg(g, 20 + 2 * w[1], "0"); break;
    case RXO_LOOPTEST: gen_looptest(g, pc); break;
    case RXO_LOOPBODY: gen_set_reg(g, 21 + 2 * w[1], "pos"); break;
    case RXO_LOOPNEXT: gen_loopnext(g, pc, next); break;
    case RXO_ATOM:
        fputs("    if (sp >= Regex__STACKW) jump Overflow;\n"
              "    Regex__Stack-->sp = Regex__T_ATOM;\n    sp = sp + 4;\n", o);
        break;
    case RXO_ATOMEND: fputs("    sp = Regex__Cut(Regex__FindFrame(sp), sp);\n", o); break;
    case RXO_LOOK: gen_look(g, pc); break;
    case RXO_LOOKKEEP:
        fputs("    k = Regex__FindFrame(sp);\n    pos = Regex__Stack-->(k+1);\n"
              "    sp = Regex__Cut(k, sp);\n", o);
        break;
    case RXO_LOOKDROP:
        fputs("    k = Regex__FindFrame(sp);\n    pos = Regex__Stack-->(k+1);\n"
              "    Regex__Unwind(k, sp);\n    sp = k;\n", o);
        if (w[1]) fprintf(o, "    jump R%d;\n", pc + w[1]);
        else fputs("    jump Fail;\n", o);
        break;
    case RXO_CONDG:
        fprintf(o, "    if (Regex__Reg-->%d < 0 || Regex__Reg-->%d < 0) jump R%d;\n",
                2 * w[1] + 1, 2 * w[1], pc + w[2]);
        break;
    case RXO_FAIL: fputs("    jump Fail;\n", o); break;
    case RXO_MATCH: gen_match(g); break;
    }
}

/* Marks every address something jumps to, and those choice points
 * resume at. */
static void find_labels(Gen *g)
{
    const int32_t *w = g->p->w;
    for (int pc = 0; pc < g->p->n; pc += rxprog_length(g->p, pc)) {
        const int32_t *x = w + pc;
        switch (x[0]) {
        case RXO_SPLIT: g->label[pc + x[1]] = g->resume[pc + x[1]] = 1; break;
        case RXO_SPLITX:
            g->label[pc + 2] = g->resume[pc + 2] = 1;
            g->label[pc + x[1]] = 1;
            break;
        case RXO_JMP: g->label[pc + x[1]] = 1; break;
        case RXO_LOOPTEST:
            g->label[pc + 7] = g->label[pc + 9] = g->label[pc + x[5]] = 1;
            if (x[4]) g->resume[pc + 7] = 1;
            break;
        case RXO_LOOPNEXT: g->label[pc + x[2]] = 1; break;
        case RXO_LOOK:
            if (x[3]) g->label[pc + x[3]] = g->resume[pc + x[3]] = 1;
            break;
        case RXO_LOOKDROP: if (x[1]) g->label[pc + x[1]] = 1; break;
        case RXO_CONDG: g->label[pc + x[2]] = 1; break;
        }
    }
}

/* Marks the REPCs followed by a one-character matcher (not on the way
 * to MATCH: those are never backed up). */
static void find_scans(Gen *g)
{
    const RxProgram *p = g->p;
    for (int pc = 0; pc < p->n; pc += rxprog_length(p, pc)) {
        if (p->w[pc] != RXO_REPC) continue;
        int next = pc + rxprog_length(p, pc);
        int op = next < p->n ? p->w[next] : 0;
        if (op >= RXO_CHR && op <= RXO_SET && !g->tail[next] && !g->label[next])
            g->scan[pc] = 1;
    }
}

/* Marks the addresses from which only SAVEs lead to MATCH. */
static void find_tail(Gen *g)
{
    int n = 0, *at = malloc(((size_t)g->p->n + 1) * sizeof *at);
    if (!at) ICE("out of memory writing a pattern's routine");
    for (int pc = 0; pc < g->p->n; pc += rxprog_length(g->p, pc)) at[n++] = pc;
    for (bool on = true; n-- > 0;) {
        int op = g->p->w[at[n]];
        on = op == RXO_MATCH || (on && op == RXO_SAVE);
        g->tail[at[n]] = on;
    }
    free(at);
}

/* Called with -1: the globals Regex__Compile sets, and Regex__Begin's
 * work for the text in Regex__Subj (its memo cleared in one instruction). */
static void gen_setup(Gen *g)
{
    const RxProgram *p = g->p;
    FILE *o = g->o;
    fprintf(o,
            "    if (from < 0) {\n"
            "        Regex_ErrorCode = 0; Regex_ErrorPos = 0;\n"
            "        Regex__NGroups = %d; Regex__NLoops = %d; Regex__NSlots = %d;\n"
            "        Regex__MemoOK = %d; Regex__First = %d; Regex__Anchored = %d;\n"
            "        len = Regex__Subj-->1;\n        if (len < 0) len = 0;\n"
            "        Regex__Len = len;\n        Regex__MemoOn = false;\n",
            p->ngroups, p->nloops, p->nslots, p->memo_ok, (int)p->first,
            p->anchored);
    if (p->memo_ok && p->nslots > 0) {
        fprintf(o,
                "        if (Regex_UseMemo && len < Regex__MEMO_BITS / %d - 1) {\n"
                "            Regex__MemoOn = true; Regex__MemoW = %d;\n"
                "            k = ((len + 1) * %d + 7) / 8;\n"
                "            if (k > Regex_MEMO_BYTES) k = Regex_MEMO_BYTES;\n",
                p->nslots, p->nslots, p->nslots);
        if (g->word == 2) fputs("            @copy_table Regex__Memo 0 k;\n", o);
        else fputs("            @mzero k Regex__Memo;\n", o);
        fputs("        }\n", o);
    }
    fputs("        rfalse;\n    }\n", o);
}

/* Start positions where the program's first test fails are passed over
 * in a loop of their own, counting the step each would cost, when the
 * program starts (after SAVEs, which only record) with a one-character
 * matcher, a repetition of one needing at least one character, or a word
 * boundary test: there a failure costs exactly that step, and nothing
 * else happens before the next start position. */
static void gen_prefilter(Gen *g)
{
    const RxProgram *p = g->p;
    static const int32_t word[2] = { RXO_CLS, 6 };
    FILE *o = g->o;
    int pc = 0;
    /* (An anchored program runs at position 0 only.) */
    if (p->anchored) return;
    while (pc < p->n && p->w[pc] == RXO_SAVE) pc += 2;
    if (pc >= p->n) return;
    const int32_t *w = p->w + pc;
    const int32_t *m = NULL;
    switch (w[0]) {
    case RXO_CHR: case RXO_CHRI: case RXO_CLS: case RXO_SET: m = w; break;
    case RXO_REPC: if (w[1] >= 1) m = w + 5; break;
    case RXO_WB: case RXO_NWB: break;
    default: return;
    }
    if (m && m[0] == RXO_ANY) return;
    if (!m && w[0] == RXO_REPC) return;
    /* The prefilter's test (or Regex__First's) is the program's first
     * test: where nothing jumps to it, the program need not repeat it,
     * only (after the prefilter of a character) see that the text goes
     * on. */
    if (!g->label[pc] && w[0] != RXO_REPC) {
        g->known = pc;
        g->known_end = m != NULL;
    }
    if (w[0] == RXO_CHR && pc == 0) {           /* (Regex__First does it) */
        g->known_end = false;
        return;
    }
    /* (The steps of the positions passed over are counted at once: the
     * same count, and the same give-up with Regex_Steps one above the
     * limit.) */
    const char *step = "        s++;\n    }\n"
        "    if (s - e > Regex_StepLimit - Regex_Steps) {\n"
        "        Regex_Steps = Regex_StepLimit + 1; Regex__Why = 1; return Regex_LIMIT;\n    }\n"
        "    Regex_Steps = Regex_Steps + s - e;\n";
    if (m) {
        fputs("    e = s;\n    while (s < len) {\n        c = subj-->s;\n        if (~~(", o);
        fails(o, m);
        fprintf(o, ")) break;\n%s", step);
        return;
    }
    /* (What follows a position is what precedes the next.) */
    fputs("    e = s;\n    a = 0;\n    if (s > 0) { c = subj-->(s-1); if (~~(", o);
    fails(o, word);
    fputs(")) a = 1; }\n    while (s <= len) {\n        b = 0;\n"
          "        if (s < len) { c = subj-->s; if (~~(", o);
    fails(o, word);
    fprintf(o, ")) b = 1; }\n        if (a %s b) break;\n        a = b;\n%s"
            "    if (s > len) rfalse;\n", w[0] == RXO_WB ? "~=" : "==", step);
}

/* Each start position from `from` on, as Regex__Search tries them. */
static void gen_start(Gen *g)
{
    const RxProgram *p = g->p;
    int groups = p->ngroups < 9 ? p->ngroups : 9;
    FILE *o = g->o;
    fprintf(o, "    subj = Regex__Subj + %d; len = Regex__Len;\n    Regex_Steps = 0;\n"
          "    s = from;\n  .Start;\n    if (s > len) rfalse;\n", 2 * g->word);
    if (p->anchored) fputs("    if (s > 0) rfalse;\n", o);
    if (p->first >= 0)
        fprintf(o, "    while (s < len && subj-->s ~= %d) s++;\n"
                "    if (s >= len) rfalse;\n", (int)p->first);
    gen_prefilter(g);
    gen_fill(g, "Regex__Reg", 2, 2 + 2 * groups, false);
    gen_fill(g, "Regex__Reg", 20, 20 + 2 * p->nloops, false);
    fputs(g->virt ? "    pos = s; sp = 0; bot = 0;\n" : "    pos = s; sp = 0;\n", o);
}

/* Does the program hold an instruction op (with lazy as its laziness
 * word for REPC and LOOPTEST; -1: either)? */
static bool holds(const RxProgram *p, int op, int lazy)
{
    for (int pc = 0; pc < p->n; pc += rxprog_length(p, pc)) {
        if (p->w[pc] != op) continue;
        if (lazy < 0) return true;
        int word = op == RXO_REPC ? p->w[pc + 3] : p->w[pc + 4];
        if (!word == !lazy) return true;
    }
    return false;
}

/* The cases of a switch over the entries' first word: REPC (lazy or
 * greedy) and greedy LOOPTEST instructions, each to its code. */
static void dispatch(Gen *g, int op, int lazy, const char *fmt)
{
    const RxProgram *p = g->p;
    fputs("        switch (a) {\n", g->o);
    for (int pc = 0; pc < p->n; pc += rxprog_length(p, pc)) {
        if (p->w[pc] != op) continue;
        if (op == RXO_REPC && !p->w[pc + 3] == !lazy && g->scan[pc])
            fprintf(g->o, "          %d: jump RS%d;\n", pc, pc);
        else if (op == RXO_REPC && !p->w[pc + 3] == !lazy)
            fprintf(g->o, fmt, pc, pc);
        if (op == RXO_LOOPTEST && !p->w[pc + 4])
            fprintf(g->o, fmt, p->w[pc + 1], pc + p->w[pc + 5]);
    }
    fputs("        }\n        jump Pop;\n", g->o);
}

static bool any_scan(Gen *g, int lazy)
{
    for (int pc = 0; pc < g->p->n; pc += rxprog_length(g->p, pc))
        if (g->scan[pc] && !g->p->w[pc + 3] == !lazy) return true;
    return false;
}

/* A switch sending the popped entries of the scanned REPCs to their scan. */
static void dispatch_scans(Gen *g, int lazy)
{
    fputs("        switch (a) {\n", g->o);
    for (int pc = 0; pc < g->p->n; pc += rxprog_length(g->p, pc))
        if (g->scan[pc] && !g->p->w[pc + 3] == !lazy)
            fprintf(g->o, "          %d: jump RS%d;\n", pc, pc);
    fputs("        }\n", g->o);
}

/* Fail, Pop and the entries popped: as Regex__Run's, for the kinds of
 * entry this program makes. */
static void gen_pop(Gen *g)
{
    FILE *o = g->o;
    const RxProgram *p = g->p;
    bool choice = holds(p, RXO_SPLIT, -1) || holds(p, RXO_SPLITX, -1) ||
                  holds(p, RXO_LOOPTEST, 1);
    bool look = holds(p, RXO_LOOK, -1);
    fprintf(o, "  .Fail;\n    Regex_Steps++;\n"
          "    if (Regex_Steps > Regex_StepLimit) { Regex__Why = 1; return Regex_LIMIT; }\n"
          "  .Pop;\n    if (sp == %s) { s++; jump Start; }\n    sp = sp - 4;\n"
          "    switch (Regex__Stack-->sp) {\n"
          "      Regex__T_UNDO:\n"
          "        Regex__Reg-->(Regex__Stack-->(sp+1)) = Regex__Stack-->(sp+2);\n"
          "        jump Pop;\n", g->virt ? "bot" : "0");
    if (choice)
        fputs("      Regex__T_CHOICE:\n"
              "        a = Regex__Stack-->(sp+1); pos = Regex__Stack-->(sp+2);\n"
              "        jump Resume;\n", o);
    if (look)
        fputs("      Regex__T_LOOK:\n"
              "        if (Regex__Stack-->(sp+2) < 0) jump Pop;\n"
              "        pos = Regex__Stack-->(sp+1); a = Regex__Stack-->(sp+2);\n"
              "        jump Resume;\n", o);
    if (holds(p, RXO_LOOPTEST, 0)) {
        fputs("      Regex__T_ITER:\n"
              "        a = Regex__Stack-->(sp+1);\n"
              "        Regex__Reg-->(21 + 2*a) = Regex__Stack-->(sp+3);\n"
              "        pos = Regex__Stack-->(sp+2);\n", o);
        dispatch(g, RXO_LOOPTEST, 0, "          %d: jump R%d;\n");
    }
    if (holds(p, RXO_REPC, 0)) {
        fputs("      Regex__T_REPG:\n"
              "        a = Regex__Stack-->(sp+1);\n", o);
        if (any_scan(g, 0)) dispatch_scans(g, 0);
        fputs("        pos = Regex__Stack-->(sp+3) - 1;\n"
              "        if (pos > Regex__Stack-->(sp+2)) { Regex__Stack-->(sp+3) = pos; sp = sp + 4; }\n", o);
        dispatch(g, RXO_REPC, 0, "          %d: jump RD%d;\n");
    }
    if (holds(p, RXO_REPC, 1)) {
        fputs("      Regex__T_REPL:\n"
              "        a = Regex__Stack-->(sp+1);\n"
              "        pos = Regex__Stack-->(sp+2);\n", o);
        dispatch(g, RXO_REPC, 1, "          %d: jump RL%d;\n");
    }
    fputs("    }\n    jump Pop;\n", o);
    if (choice || look) {
        fputs("  .Resume;\n    switch (a) {\n", o);
        for (int pc = 0; pc < p->n; pc++)
            if (g->resume[pc]) fprintf(o, "      %d: jump R%d;\n", pc, pc);
        fputs("    }\n    jump Pop;\n", o);
    }
    fputs("  .Overflow;\n    Regex__Why = 2;\n    return Regex_LIMIT;\n", o);
}

/* A REPC followed by a one-character matcher: its entry popped, the
 * positions it would back up to (greedy) or go on to (lazy) are tried in
 * a loop of their own, one step for each that fails (the visited bit, if
 * kept, first; then the matcher), as the matcher would pop its entry
 * again and again; the first that passes goes on after the matcher with
 * the entry back on the stack (when it has positions left), as it would
 * be there. */
static void gen_scans(Gen *g)
{
    FILE *o = g->o;
    const RxProgram *p = g->p;
    for (int pc = 0; pc < p->n; pc += rxprog_length(p, pc)) {
        if (!g->scan[pc]) continue;
        const int32_t *w = p->w + pc, *m = w + 5;
        int next = pc + rxprog_length(p, pc);
        const int32_t *m2 = p->w + next;
        bool lazy = w[3];
        char fail[16];
        sprintf(fail, "RSF%d", pc);
        if (lazy)
            fprintf(o, "  .RS%d;\n    e = Regex__Stack-->(sp+3);\n  .RSL%d;\n", pc, pc);
        else
            fprintf(o, "  .RS%d;\n    e = Regex__Stack-->(sp+2); pos = Regex__Stack-->(sp+3);\n"
                    "  .RSL%d;\n    pos--;\n", pc, pc);
        if (lazy) {
            if (m[0] != RXO_ANY) {
                fputs("    c = subj-->pos;\n    if (", o);
                fails(o, m);
                fputs(") jump Pop;\n", o);
            }
            fputs("    pos++;\n", o);
        }
        if (p->memo_ok) gen_visited(g, w[4], fail);
        /* (Backing up, pos is below the end of the text.) */
        fputs(lazy ? "    if (pos < len) {\n" : "    {\n", o);
        if (m2[0] == RXO_CHR) fprintf(o, "        if (subj-->pos == %d) {\n", m2[1]);
        else if (m2[0] == RXO_ANY) fputs("        {\n", o);
        else {
            fputs("        c = subj-->pos;\n        if (~~(", o);
            fails(o, m2);
            fputs(")) {\n", o);
        }
        if (lazy)
            fputs("            if (pos < e) { Regex__Stack-->(sp+2) = pos; sp = sp + 4; }\n", o);
        else
            fputs("            if (pos > e) { Regex__Stack-->(sp+3) = pos; sp = sp + 4; }\n", o);
        fprintf(o, "            jump RC%d;\n        }\n    }\n", next);
        fprintf(o, "  .%s;\n    Regex_Steps++;\n"
                "    if (Regex_Steps > Regex_StepLimit) { Regex__Why = 1; return Regex_LIMIT; }\n"
                "    if (pos %s e) jump RSL%d;\n    jump Pop;\n", fail, lazy ? "<" : ">", pc);
    }
}

/* A lazy REPC's entry popped: one more character, if it passes. */
static void gen_lazy_retries(Gen *g)
{
    FILE *o = g->o;
    const RxProgram *p = g->p;
    for (int pc = 0; pc < p->n; pc += rxprog_length(p, pc)) {
        if (p->w[pc] != RXO_REPC || !p->w[pc + 3] || g->scan[pc]) continue;
        fprintf(o, "  .RL%d;\n", pc);
        if (p->w[pc + 5] != RXO_ANY) {
            fputs("    c = subj-->pos;\n    if (", o);
            fails(o, p->w + pc + 5);
            fputs(") jump Pop;\n", o);
        }
        fprintf(o, "    pos++;\n"
                "    if (pos < Regex__Stack-->(sp+3)) { Regex__Stack-->(sp+2) = pos; sp = sp + 4; }\n"
                "    jump RD%d;\n", pc);
    }
}

const char *rxgen_routine(Arena *a, const RxProgram *prog, const char *name,
                          int word)
{
    char *text = NULL;
    size_t len = 0;
    Gen g = { .p = prog, .name = name, .word = word, .known = -1 };
    g.o = open_memstream(&text, &len);
    g.label = calloc((size_t)prog->n + 1, 1);
    g.resume = calloc((size_t)prog->n + 1, 1);
    g.tail = calloc((size_t)prog->n + 1, 1);
    g.scan = calloc((size_t)prog->n + 1, 1);
    if (!g.o || !g.label || !g.resume || !g.tail || !g.scan) ICE("out of memory writing a pattern's routine");
    find_labels(&g);
    find_tail(&g);
    find_scans(&g);
    /* (Lookarounds and possessive groups read the stack's entries.) */
    g.virt = !holds(prog, RXO_LOOK, -1) && !holds(prog, RXO_ATOM, -1);
    fprintf(g.o, "[ %s from  s pos sp a b c k e len subj%s;\n", name,
            g.virt ? " bot" : "");
    gen_setup(&g);
    gen_start(&g);
    for (int pc = 0; pc < prog->n;) {
        int next = pc + rxprog_length(prog, pc);
        if (g.label[pc]) fprintf(g.o, "  .R%d;\n", pc);
        gen_instruction(&g, pc, next);
        g.prev = pc;
        pc = next;
    }
    if (g.label[prog->n]) fprintf(g.o, "  .R%d;\n", prog->n);
    fputs("    jump Fail;\n", g.o);     /* (a program ends in MATCH or FAIL) */
    gen_pop(&g);
    gen_lazy_retries(&g);
    gen_scans(&g);
    fputs("];\n", g.o);
    fclose(g.o);
    const char *r = arena_strndup(a, text, len);
    free(text);
    free(g.label);
    free(g.resume);
    free(g.tail);
    free(g.scan);
    return r;
}
