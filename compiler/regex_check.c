/* regex_check.c: a constant pattern of the regex library checked while
 * compiling (see regex_check.h).
 *
 * Mirrors the checks of stdlib/regex.h's Regex__Compile and its helpers
 * (Regex__Paren, __Set, __Braces, __Quantify, __Bar, __Close) without
 * writing a program: the same left-to-right reading, the same frames of
 * open groups with the widths lookbehind needs, the same order of faults
 * and the same positions, so that the story and the compiler never
 * disagree about a pattern.  docs/text.md states the rules. */
#include "regex_check.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bundled.h"
#include "diag.h"
#include "source.h"
#include "text.h"

enum { MAXN = 30000, INF = 32000, MAXFRAMES = 256 };

enum { K_TOP, K_CAP, K_NC, K_ATOM, K_LOOK, K_LOOKCOND, K_COND };

typedef struct Frame {
    int kind, arg, pos;     /* arg: lookaround flags (1 behind, 2 negative) */
    int nalt;
    int wg, wa;             /* widths: alternatives so far (-2 none), current */
    int lastw;
    bool lasta;             /* the last atom can take a quantifier */
} Frame;

typedef struct Rx {
    const uint32_t *p;
    int n;
    Frame f[MAXFRAMES];
    int depth, ngroups;
    int refpos[10];
    int err, errpos;
} Rx;

static int fail(Rx *r, int code, int pos)
{
    r->err = code;
    r->errpos = pos;
    return -1;
}

static uint32_t at(const Rx *r, int i) { return i < r->n ? r->p[i] : 0; }

static bool is_alnum(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9');
}

static bool class_letter(uint32_t c)
{
    return c && strchr("dlpsuwnDLPSUW", (int)c) != NULL;
}

static int wjoin(int a, int b)
{
    if (a == -2) return b;
    if (a == -1 || b == -1 || a != b) return -1;
    return a;
}

static void atom(Frame *f, int w, bool repeatable)
{
    if (f->wa >= 0) {
        if (w < 0) f->wa = -1;
        else { f->wa += w; if (f->wa > MAXN) f->wa = -1; }
    }
    f->lasta = repeatable;
    f->lastw = w;
}

static int open_frame(Rx *r, int kind, int arg, int pos)
{
    if (r->depth + 1 >= MAXFRAMES) {
        r->err = 13;           /* too complex: left to the story */
        return -1;
    }
    Frame *f = &r->f[++r->depth];
    *f = (Frame){ kind, arg, pos, 0, -2, 0, 0, false };
    return 0;
}

static int quantify(Rx *r, Frame *f, int min, int max, int qpos)
{
    if (!f->lasta) return fail(r, 7, qpos);
    int w = f->lastw, x = f->wa;
    f->lasta = false;
    if (x >= 0 && w != 0) {
        if (min != max) x = -1;
        else if (min == 0) x -= w;
        else if (w > MAXN / min) x = -1;
        else { x += w * (min - 1); if (x > MAXN) x = -1; }
        f->wa = x;
    }
    return 0;
}

/* A range; i is the index after the opening < or [.  Returns the index
 * after the closing bracket, or -1. */
static int range(Rx *r, int i)
{
    int bpos = i, n = r->n;
    uint32_t close = r->p[i - 1] == '<' ? '>' : ']';
    if (i < n && r->p[i] == '^') i++;
    for (bool first = true;; first = false) {
        if (i >= n) return fail(r, 5, bpos);
        uint32_t c = r->p[i++];
        int epos = i;
        if (c == close && !first) break;
        if (c == '\\') {
            if (i >= n) return fail(r, 1, epos);
            c = r->p[i++];
            if (class_letter(c)) continue;
            if (c == 't') c = 9;
            else if (is_alnum(c) || c == ' ') return fail(r, 1, epos);
        }
        if (i + 1 < n && r->p[i] == '-' && r->p[i + 1] != close) {
            i++;
            uint32_t hi = r->p[i++];
            if (hi == '\\') {
                if (i >= n) return fail(r, 1, i);
                hi = r->p[i++];
                if (hi == 't') hi = 9;
                else if (is_alnum(hi) || hi == ' ') return fail(r, 6, epos);
            }
            /* Outside ASCII the story compares ZSCII (Z-machine) or
             * Unicode (Glulx) codes: left to the story. */
            if (c > hi && c < 127 && hi < 127) return fail(r, 6, epos);
        }
    }
    atom(&r->f[r->depth], 1, true);
    return i;
}

/* Reads a decimal number at *i; false when there is none or it is too big. */
static bool number(Rx *r, int *i, int *v)
{
    bool got = false;
    *v = 0;
    while (*i < r->n && r->p[*i] >= '0' && r->p[*i] <= '9') {
        int d = (int)r->p[*i] - '0';
        if (*v > (MAXN - d) / 10) return false;
        *v = *v * 10 + d;
        got = true;
        (*i)++;
    }
    return got;
}

/* {n}, {n,}, {n,m}; i after the {.  Returns the index after }, or -1. */
static int braces(Rx *r, int i, int *min, int *max)
{
    int bpos = i;
    if (!number(r, &i, min) || i >= r->n) return fail(r, 8, bpos);
    uint32_t c = r->p[i++];
    if (c == '}') { *max = *min; return i; }
    if (c != ',') return fail(r, 8, bpos);
    if (i < r->n && r->p[i] == '}') { *max = INF; return i + 1; }
    if (!number(r, &i, max) || i >= r->n || r->p[i] != '}') return fail(r, 8, bpos);
    if (*min > *max) return fail(r, 8, bpos);
    return i + 1;
}

static int close_frame(Rx *r)
{
    Frame *f = &r->f[r->depth];
    int w;
    if (f->kind == K_COND) {
        int wy = f->nalt ? f->wg : f->wa, wn = f->nalt ? f->wa : 0;
        w = wy >= 0 && wy == wn ? wy : -1;
    } else {
        w = wjoin(f->wg, f->wa);
    }
    Frame *p = &r->f[--r->depth];
    if (f->kind != K_LOOK && f->kind != K_LOOKCOND) {
        atom(p, w, true);
        return 0;
    }
    if ((f->arg & 1) && w < 0) return fail(r, 11, f->pos);
    if (f->kind == K_LOOK) {
        atom(p, 0, false);
    } else {
        p->wa = 0;
        p->lasta = false;
    }
    return 0;
}

static int bar(Rx *r, int pos)
{
    Frame *f = &r->f[r->depth];
    if (f->kind == K_COND && f->nalt > 0) return fail(r, 12, pos);
    f->wg = wjoin(f->wg, f->wa);
    f->wa = 0;
    f->nalt++;
    f->lasta = false;
    return 0;
}

/* ( at index i-1 (position i).  Returns the index after the opening. */
static int paren(Rx *r, int i)
{
    int pos = i, n = r->n;
    Frame *f = &r->f[r->depth];
    uint32_t c = at(r, i), c2 = at(r, i + 1), c3 = at(r, i + 2);
    if (c == '#' || (c == '?' && c2 == '#')) {
        while (i < n && r->p[i] != ')') i++;
        if (i >= n) return fail(r, 10, pos);
        f->lasta = false;
        return i + 1;
    }
    if (c == '>' || (c == '?' && c2 == '>'))
        return open_frame(r, K_ATOM, 0, pos) ? -1 : i + (c == '>' ? 1 : 2);
    if (c != '?') {
        r->ngroups++;
        return open_frame(r, K_CAP, 0, pos) ? -1 : i;
    }
    switch (c2) {
    case ':':
        return open_frame(r, K_NC, 0, pos) ? -1 : i + 2;
    case '=': case '!':
        return open_frame(r, K_LOOK, c2 == '!' ? 2 : 0, pos) ? -1 : i + 2;
    case '<':
        if (c3 != '=' && c3 != '!') return fail(r, 9, pos);
        return open_frame(r, K_LOOK, c3 == '=' ? 1 : 3, pos) ? -1 : i + 3;
    case 'i': case '-':
        i += 2;
        if (c2 == '-') {
            if (c3 != 'i') return fail(r, 9, pos);
            i++;
        }
        if (at(r, i) == ')') { f->lasta = false; return i + 1; }
        if (at(r, i) != ':') return fail(r, 9, pos);
        return open_frame(r, K_NC, 0, pos) ? -1 : i + 1;
    case '(':
        if (c3 >= '1' && c3 <= '9' && at(r, i + 3) == ')') {
            int g = (int)c3 - '0';
            if (!r->refpos[g]) r->refpos[g] = pos;
            return open_frame(r, K_COND, 1, pos) ? -1 : i + 4;
        }
        if (c3 == '?') {
            uint32_t d = at(r, i + 3), e = at(r, i + 4);
            int flags, len;
            if (d == '=') { flags = 0; len = 4; }
            else if (d == '!') { flags = 2; len = 4; }
            else if (d == '<' && e == '=') { flags = 1; len = 5; }
            else if (d == '<' && e == '!') { flags = 3; len = 5; }
            else return fail(r, 12, pos);
            if (open_frame(r, K_COND, 0, pos) ||
                open_frame(r, K_LOOKCOND, flags, pos + 2))
                return -1;
            return i + len;
        }
        return fail(r, 12, pos);
    }
    return fail(r, 9, pos);
}

/* \ at index i-1 (position pos). */
static int escape(Rx *r, int i, int pos)
{
    if (i >= r->n) return fail(r, 1, pos);
    uint32_t c = r->p[i++];
    Frame *f = &r->f[r->depth];
    if (class_letter(c) || c == 't') atom(f, 1, true);
    else if (c == 'b' || c == 'B') atom(f, 0, false);
    else if (c >= '1' && c <= '9') {
        if (!r->refpos[c - '0']) r->refpos[c - '0'] = pos;
        atom(f, -1, true);
    } else if (is_alnum(c) || c == ' ') return fail(r, 1, pos);
    else atom(f, 1, true);
    return i;
}

static int quantifier(Rx *r, uint32_t c, int i, int pos)
{
    Frame *f = &r->f[r->depth];
    int min = 0, max = INF;
    if (!f->lasta) return fail(r, 7, pos);
    if (c == '+') min = 1;
    else if (c == '?') max = 1;
    else if (c == '{' && (i = braces(r, i, &min, &max)) < 0) return -1;
    if (i < r->n && r->p[i] == '?') i++;
    return quantify(r, f, min, max, pos) ? -1 : i;
}

int rxc_check_pattern(const uint32_t *p, int n, int *pos)
{
    Rx *r = calloc(1, sizeof *r);
    if (!r) return 0;
    r->p = p;
    r->n = n;
    r->f[0] = (Frame){ K_TOP, 0, 0, 0, -2, 0, 0, false };
    int i = 0;
    while (i < n && i >= 0) {
        uint32_t c = p[i++];
        int at_ = i;
        Frame *f = &r->f[r->depth];
        switch (c) {
        case '\\': i = escape(r, i, at_); break;
        case '(': i = paren(r, i); break;
        case ')':
            if (r->depth == 0) i = fail(r, 4, at_);
            else if (close_frame(r)) i = -1;
            break;
        case '|': if (bar(r, at_)) i = -1; break;
        case '.': atom(f, 1, true); break;
        case '^': case '$': atom(f, 0, false); break;
        case '<': case '[': i = range(r, i); break;
        case '*': case '+': case '?': case '{': i = quantifier(r, c, i, at_); break;
        default: atom(f, 1, true); break;
        }
    }
    if (!r->err && r->depth > 0) fail(r, 3, r->f[r->depth].pos);
    if (!r->err) {
        int first = 0;
        for (int k = r->ngroups + 1; k <= 9; k++)
            if (r->refpos[k] && (!first || r->refpos[k] < first))
                first = r->refpos[k];
        if (first) fail(r, 2, first);
    }
    int err = r->err == 13 ? 0 : r->err;
    *pos = r->errpos;
    free(r);
    return err;
}

/* docs/text.md's messages, by code. */
static const char *const messages[] = {
    "", "unknown or unfinished backslash escape",
    "reference to a group that does not exist",
    "( without a matching )", ") without a matching (",
    "character range never ends", "bad run in a character range",
    "quantifier with nothing to repeat", "malformed {...} repetition",
    "unknown (?...) form", "comment never ends",
    "lookbehind must match a fixed number of characters",
    "malformed conditional",
};

/* The library's routines that take a pattern, and its argument. */
static int pattern_arg(const char *name)
{
    static const char *const names[] = {
        "Regex_Matches", "Regex_ExactlyMatches", "Regex_Count", "Regex_Replace",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcasecmp(name, names[i])) return 2;   /* kids[2]: (txt, pat) */
    return 0;
}

bool rxc_library_routine(Compiler *c, const Symbol *s)
{
    if (bundled_is_default(s)) return true;
    if (!(s->flags & SYMF_SYSTEM_FILE) || !s->loc.file) return false;
    const SourceFile *f = src_file(c->sources, s->loc.file);
    const char *path = f && f->path ? f->path : f ? f->name : "";
    const char *base = strrchr(path, '/');
    return !strcmp(base ? base + 1 : path, "regex.h");
}

void rxc_check_call(Compiler *c, const Symbol *s, const Node *call)
{
    int k = pattern_arg(s->name);
    if (!k || call->nkids <= k || !call->kids[k] ||
        call->kids[k]->kind != NODE_STRING || !rxc_library_routine(c, s))
        return;
    const Node *str = call->kids[k];
    size_t len = strlen(str->text), cap = len + 1;
    /* (In the arena: diag_error may end the compilation by a long jump
     * after too many errors, and nothing may be left to free then.) */
    uint32_t *chars = arena_alloc(&c->arena, cap * sizeof *chars);
    size_t *starts = arena_alloc(&c->arena, cap * sizeof *starts);
    int n = 0;
    bool constant = chars && starts;
    for (size_t at = 0; constant && at < len;) {
        TextUnit u;
        at = text_next(str->text, len, at, TEXT_STRING, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_CHAR) constant = false;  /* @NN: known only later */
        chars[n] = u.value;
        starts[n++] = u.start;
    }
    int pos = 0;
    int err = constant ? rxc_check_pattern(chars, n, &pos) : 0;
    if (err) {
        SrcLoc loc = text_loc(str->text, starts[pos - 1], str->loc);
        diag_error(&loc, "malformed regular expression: %s (regex error %d, "
                   "at character %d of the pattern)", messages[err], err, pos);
    }
}
