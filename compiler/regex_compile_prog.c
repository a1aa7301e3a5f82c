/* regex_compile_prog.c: a constant pattern compiled into the program of
 * instructions stdlib/regex.h's Regex__Compile writes (regex_compile.h).
 *
 * A port of Regex__Compile and its helpers (Regex__Paren, __Set,
 * __Braces, __Quantify, __Bar, __Close, __Open, __Atom, __Insert): the
 * same reading from left to right, the same frames, the same instructions
 * at the same addresses, the same counts of groups, loops and bitmap
 * slots, and code 13 where the story's limits would be exceeded.  The
 * program must be word for word the library's: the compiled routine keeps
 * instruction addresses as the library's matcher does (in its choice
 * points), and the steps it counts, so the answers, depend on the shape
 * of the program.  Keep the two in step: a change to Regex__Compile is a
 * change here (tests/regex/run.sh compares them, case by case).  The
 * pattern's characters are below 128, so case is ASCII's. */
#include "regex_compile.h"

#include <string.h>

enum { MAXN = 30000 };

enum { K_TOP, K_CAP, K_NC, K_ATOM, K_LOOK, K_COND, K_LOOKCOND };

typedef struct Frame {
    int kind, arg, start, alt, pend, nalt, ci, wg, wa, pos;
    int lasta, lastw, lasts, cond;
} Frame;

typedef struct Build {
    const uint32_t *p;
    int n;
    int32_t *w;
    int pc, cap;
    Frame *f;
    int depth, maxdepth, maxloops;
    int ngroups, nloops, nslots;
    bool memo_ok;
    int ci;
    int refpos[10];
    int bmin, bmax;
    int err, errpos;
} Build;

enum { E_ESCAPE = 1, E_BACKREF, E_UNCLOSED, E_UNOPENED, E_RANGE_OPEN,
       E_RANGE, E_NOTHING, E_BRACES, E_GROUP, E_COMMENT, E_LOOKBEHIND,
       E_CONDITION, E_TOO_COMPLEX };

static int err(Build *b, int code, int pos)
{
    b->err = code;
    b->errpos = pos;
    return code;
}

static uint32_t lower(uint32_t c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
static uint32_t upper(uint32_t c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }

static bool is_alnum(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9');
}

static bool emit(Build *b, int32_t w)
{
    if (b->pc >= b->cap) return false;
    b->w[b->pc++] = w;
    return true;
}

/* Room for k words at address a, what follows moved up. */
static bool insert(Build *b, int a, int k)
{
    if (b->pc + k > b->cap) return false;
    memmove(b->w + a + k, b->w + a, (size_t)(b->pc - a) * sizeof *b->w);
    b->pc += k;
    return true;
}

static bool open_frame(Build *b, int kind, int arg, int pos)
{
    if (b->depth >= b->maxdepth) return false;
    Frame *f = &b->f[++b->depth];
    f->kind = kind;
    f->arg = arg;
    f->start = f->alt = b->pc;
    f->pend = -1;
    f->nalt = 0;
    f->ci = b->ci;
    f->wg = -2;
    f->wa = 0;
    f->pos = pos;
    f->lasta = -1;
    f->cond = -1;
    return true;
}

static int wjoin(int a, int b)
{
    if (a == -2) return b;
    if (a == -1 || b == -1 || a != b) return -1;
    return a;
}

static void atom(Frame *f, int a, int w, int single, bool repeatable)
{
    int x = f->wa;
    if (x >= 0) {
        if (w < 0) x = -1;
        else { x += w; if (x > MAXN) x = -1; }
        f->wa = x;
    }
    if (repeatable) {
        f->lasta = a;
        f->lastw = w;
        f->lasts = single;
    } else {
        f->lasta = -1;
    }
}

/* The library's loop: LOOPINIT, LOOPTEST, LOOPBODY ... LOOPNEXT around
 * the atom at a. */
static int quantify_loop(Build *b, int a, int min, int max, int lazy,
                         int qpos)
{
    int L = b->nloops;
    if (L >= b->maxloops) return err(b, E_TOO_COMPLEX, qpos);
    b->nloops++;
    if (min > 1 || max != RX_INF) b->memo_ok = false;
    if (!insert(b, a, 11)) return err(b, E_TOO_COMPLEX, qpos);
    int32_t *w = b->w;
    w[a] = RXO_LOOPINIT;
    w[a + 1] = L;
    w[a + 2] = RXO_LOOPTEST;
    w[a + 3] = L;
    w[a + 4] = min;
    w[a + 5] = max;
    w[a + 6] = lazy;
    w[a + 8] = b->nslots++;
    w[a + 9] = RXO_LOOPBODY;
    w[a + 10] = L;
    int x = b->pc;
    if (!emit(b, RXO_LOOPNEXT) || !emit(b, L) || !emit(b, a + 2 - x))
        return err(b, E_TOO_COMPLEX, qpos);
    b->w[a + 7] = b->pc - (a + 2);
    return 0;
}

static int quantify(Build *b, Frame *f, int min, int max, int lazy, int qpos)
{
    int a = f->lasta;
    if (a < 0) return err(b, E_NOTHING, qpos);
    int w = f->lastw;
    f->lasta = -1;
    int x = f->wa;
    if (x >= 0 && w != 0) {
        if (min != max) x = -1;
        else if (min == 0) x = x - w;
        else if (w > MAXN / min) x = -1;
        else { x = x + w * (min - 1); if (x > MAXN) x = -1; }
        f->wa = x;
    }
    if (max == 0) { b->pc = a; return 0; }
    if (min == 1 && max == 1) return 0;
    if (f->lasts) {
        if (!insert(b, a, 5)) return err(b, E_TOO_COMPLEX, qpos);
        b->w[a] = RXO_REPC;
        b->w[a + 1] = min;
        b->w[a + 2] = max;
        b->w[a + 3] = lazy;
        b->w[a + 4] = b->nslots++;
        return 0;
    }
    if (min == 0 && max == 1) {
        if (!insert(b, a, 2)) return err(b, E_TOO_COMPLEX, qpos);
        b->w[a] = lazy ? RXO_SPLITX : RXO_SPLIT;
        b->w[a + 1] = b->pc - a;
        return 0;
    }
    return quantify_loop(b, a, min, max, lazy, qpos);
}

static bool literal(Build *b, Frame *f, uint32_t c)
{
    int a = b->pc;
    if (b->ci && (lower(c) != c || upper(c) != c)) {
        if (!emit(b, RXO_CHRI) || !emit(b, (int32_t)lower(c))) return false;
    } else {
        if (!emit(b, RXO_CHR) || !emit(b, (int32_t)c)) return false;
    }
    atom(f, a, 1, true, true);
    return true;
}

static bool simple(Build *b, Frame *f, int op, int arg, int w, int single,
                   bool repeatable)
{
    int a = b->pc;
    if (!emit(b, op)) return false;
    if (arg != -1 && !emit(b, arg)) return false;
    atom(f, a, w, single, repeatable);
    return true;
}

static int class_of(uint32_t c)
{
    switch (c) {
    case 'd': return 1;  case 'l': return 2;  case 'p': return 3;
    case 's': return 4;  case 'u': return 5;  case 'w': return 6;
    case 'n': return 7;
    case 'D': return 17; case 'L': return 18; case 'P': return 19;
    case 'S': return 20; case 'U': return 21; case 'W': return 22;
    }
    return 0;
}

static uint32_t at(const Build *b, int i) { return i < b->n ? b->p[i] : 0; }

/* One member of a range at pattern index *i: lo and hi, or -class and 0.
 * Returns 0, or -1 after an error. */
static int set_member(Build *b, int *ip, uint32_t close, int32_t *lo,
                      int32_t *hi)
{
    int i = *ip, n = b->n;
    uint32_t c = b->p[i];
    int epos = i + 1;
    i++;
    int k = 0;
    if (c == '\\') {
        if (i >= n) { err(b, E_ESCAPE, epos); return -1; }
        c = b->p[i++];
        k = class_of(c);
        if (c == 't') c = 9;
        else if (k == 0 && (is_alnum(c) || c == ' ')) { err(b, E_ESCAPE, epos); return -1; }
    }
    if (k) { *lo = -k; *hi = 0; *ip = i; return 0; }
    *lo = *hi = (int32_t)c;
    if (i + 1 < n && b->p[i] == '-' && b->p[i + 1] != close) {
        i++;
        uint32_t h = b->p[i++];
        if (h == '\\') {
            if (i >= n) { err(b, E_ESCAPE, i); return -1; }
            h = b->p[i++];
            if (h == 't') h = 9;
            else if (is_alnum(h) || h == ' ') { err(b, E_RANGE, epos); return -1; }
        }
        *hi = (int32_t)h;
        if (*lo > *hi) { err(b, E_RANGE, epos); return -1; }
    }
    *ip = i;
    return 0;
}

/* A range whose opening bracket is at index i-1; the index after it, or
 * -1 after an error. */
static int set(Build *b, int i, Frame *f)
{
    int n = b->n, bpos = i;
    uint32_t close = b->p[i - 1] == '<' ? '>' : ']';
    int hdr = b->pc;
    if (!emit(b, RXO_SET) || !emit(b, 0) || !emit(b, 0)) {
        err(b, E_TOO_COMPLEX, bpos); return -1;
    }
    if (i < n && b->p[i] == '^') { b->w[hdr + 1] = 1; i++; }
    if (b->ci) b->w[hdr + 1] |= 2;
    for (bool first = true;; first = false) {
        if (i >= n) { err(b, E_RANGE_OPEN, bpos); return -1; }
        if (b->p[i] == close && !first) { i++; break; }
        int epos = i + 1;
        int32_t lo, hi;
        if (set_member(b, &i, close, &lo, &hi) < 0) return -1;
        if (!emit(b, lo) || !emit(b, hi)) { err(b, E_TOO_COMPLEX, epos); return -1; }
    }
    b->w[hdr + 2] = b->pc - hdr - 3;
    atom(f, hdr, 1, true, true);
    return i;
}

/* Decimal digits at *ip: the number, or -1 when none or above MAXN. */
static int number(Build *b, int *ip)
{
    int v = 0, i = *ip;
    bool got = false;
    while (i < b->n && b->p[i] >= '0' && b->p[i] <= '9') {
        int d = (int)(b->p[i] - '0');
        if (v > (MAXN - d) / 10) return -1;
        v = v * 10 + d; got = true; i++;
    }
    *ip = i;
    return got ? v : -1;
}

/* {n}, {n,} or {n,m} after the { at index i-1: bmin, bmax; the index
 * after }, or -1 after an error. */
static int braces(Build *b, int i)
{
    int n = b->n, bpos = i;
    int min = number(b, &i), max;
    if (min < 0 || i >= n) { err(b, E_BRACES, bpos); return -1; }
    uint32_t c = b->p[i++];
    if (c == '}') max = min;
    else if (c == ',') {
        if (i < n && b->p[i] == '}') { max = RX_INF; i++; }
        else {
            max = number(b, &i);
            if (max < 0 || i >= n || b->p[i] != '}') { err(b, E_BRACES, bpos); return -1; }
            i++;
            if (min > max) { err(b, E_BRACES, bpos); return -1; }
        }
    } else { err(b, E_BRACES, bpos); return -1; }
    b->bmin = min;
    b->bmax = max;
    return i;
}

static void cond_patch(Build *b, Frame *f, int t)
{
    int a = f->cond;
    switch (f->arg) {
    case 1: b->w[a + 2] = t - a; break;     /* CONDG g nooff */
    case 2: b->w[a + 3] = t - a; break;     /* LOOK ... failoff */
    case 3: b->w[a + 1] = t - a; break;     /* LOOKDROP off */
    }
}

static int bar(Build *b, Frame *f, int pos)
{
    if (f->kind == K_COND) {
        if (f->nalt > 0) return err(b, E_CONDITION, pos);
        int a = b->pc;
        if (!emit(b, RXO_JMP) || !emit(b, -1)) return err(b, E_TOO_COMPLEX, pos);
        f->pend = a;
        cond_patch(b, f, b->pc);
    } else {
        int a = f->alt;
        if (!insert(b, a, 2)) return err(b, E_TOO_COMPLEX, pos);
        b->w[a] = RXO_SPLIT;
        if (!emit(b, RXO_JMP) || !emit(b, f->pend)) return err(b, E_TOO_COMPLEX, pos);
        f->pend = b->pc - 2;
        b->w[a + 1] = b->pc - a;
    }
    f->wg = wjoin(f->wg, f->wa);
    f->wa = 0;
    f->nalt++;
    f->alt = b->pc;
    f->lasta = -1;
    return 0;
}

/* The jumps of frame f's alternatives to its end, patched to here. */
static void patch_pending(Build *b, int k)
{
    while (k != -1) {
        int nxt = b->w[k + 1];
        b->w[k + 1] = b->pc - k;
        k = nxt;
    }
}

static int close_look(Build *b, Frame *f, Frame *p, int kind, int a, int w,
                      int pos)
{
    if (f->arg & 1) {
        if (w < 0) return err(b, E_LOOKBEHIND, f->pos);
        b->w[a + 2] = w;
    }
    if (f->arg & 2) {
        int k = b->pc;
        if (!emit(b, RXO_LOOKDROP) || !emit(b, 0)) return err(b, E_TOO_COMPLEX, pos);
        b->w[a + 3] = b->pc - a;
        if (kind == K_LOOKCOND) p->cond = k;
    } else {
        if (!emit(b, RXO_LOOKKEEP)) return err(b, E_TOO_COMPLEX, pos);
        if (kind == K_LOOKCOND) p->cond = a;
    }
    if (kind == K_LOOK) atom(p, a, 0, false, false);
    else {
        p->alt = b->pc;
        p->wa = 0;
        p->lasta = -1;
    }
    return 0;
}

static int close_frame(Build *b, Frame *f, int pos)
{
    patch_pending(b, f->pend);
    int kind = f->kind, a = f->start, w;
    if (kind == K_COND) {
        int wy, wn;
        if (f->nalt == 0) {
            cond_patch(b, f, b->pc);
            wy = f->wa; wn = 0;
        } else { wy = f->wg; wn = f->wa; }
        w = wy >= 0 && wy == wn ? wy : -1;
    } else {
        w = wjoin(f->wg, f->wa);
    }
    b->ci = f->ci;
    b->depth--;
    Frame *p = &b->f[b->depth];
    switch (kind) {
    case K_CAP:
        if (f->arg <= 9 && (!emit(b, RXO_SAVE) || !emit(b, 2 * f->arg + 1)))
            return err(b, E_TOO_COMPLEX, pos);
        atom(p, a, w, false, true);
        break;
    case K_NC: case K_COND:
        atom(p, a, w, false, true);
        break;
    case K_ATOM:
        if (!emit(b, RXO_ATOMEND)) return err(b, E_TOO_COMPLEX, pos);
        atom(p, a, w, false, true);
        break;
    case K_LOOK: case K_LOOKCOND:
        return close_look(b, f, p, kind, a, w, pos);
    }
    return 0;
}

static int open_look(Build *b, int kind, int flags, int pos)
{
    b->memo_ok = false;
    if (!open_frame(b, kind, flags, pos)) return err(b, E_TOO_COMPLEX, pos);
    if (!emit(b, RXO_LOOK) || !emit(b, flags & 1) || !emit(b, 0) || !emit(b, 0))
        return err(b, E_TOO_COMPLEX, pos);
    b->f[b->depth].alt = b->pc;
    return 0;
}

/* (?( ... at index i-1 (the ( at position pos): a conditional. */
static int paren_cond(Build *b, int i, int pos)
{
    uint32_t c3 = at(b, i + 2);
    b->memo_ok = false;
    if (c3 >= '1' && c3 <= '9' && at(b, i + 3) == ')') {
        int g = (int)(c3 - '0');
        if (b->refpos[g] == 0) b->refpos[g] = pos;
        if (!open_frame(b, K_COND, 1, pos)) { err(b, E_TOO_COMPLEX, pos); return -1; }
        b->f[b->depth].cond = b->pc;
        if (!emit(b, RXO_CONDG) || !emit(b, g) || !emit(b, 0)) {
            err(b, E_TOO_COMPLEX, pos); return -1;
        }
        b->f[b->depth].alt = b->pc;
        return i + 4;
    }
    if (c3 != '?') { err(b, E_CONDITION, pos); return -1; }
    uint32_t c = at(b, i + 3);
    int flags;
    if (c == '=') { flags = 0; i += 4; }
    else if (c == '!') { flags = 2; i += 4; }
    else if (c == '<' && at(b, i + 4) == '=') { flags = 1; i += 5; }
    else if (c == '<' && at(b, i + 4) == '!') { flags = 3; i += 5; }
    else { err(b, E_CONDITION, pos); return -1; }
    if (!open_frame(b, K_COND, flags & 2 ? 3 : 2, pos)) {
        err(b, E_TOO_COMPLEX, pos); return -1;
    }
    if (open_look(b, K_LOOKCOND, flags, pos + 2)) return -1;
    return i;
}

/* (?i) (?-i) (?i: (?-i: after the ( at index i-1. */
static int paren_case(Build *b, Frame *f, int i, int pos)
{
    int flags = 1;
    uint32_t c2 = at(b, i + 1);
    i += 2;
    if (c2 == '-') {
        flags = 0;
        if (at(b, i) != 'i') { err(b, E_GROUP, pos); return -1; }
        i++;
    }
    uint32_t c = at(b, i);
    if (c == ')') {
        b->ci = flags;
        f->lasta = -1;
        return i + 1;
    }
    if (c != ':') { err(b, E_GROUP, pos); return -1; }
    if (!open_frame(b, K_NC, 0, pos)) { err(b, E_TOO_COMPLEX, pos); return -1; }
    b->ci = flags;
    return i + 1;
}

/* A ( at index i-1: every group form; the index after its opening, or -1
 * after an error. */
static int paren(Build *b, int i)
{
    int pos = i, n = b->n;
    Frame *f = &b->f[b->depth];
    uint32_t c = at(b, i);
    if (c == '#' || (c == '?' && at(b, i + 1) == '#')) {
        while (i < n && b->p[i] != ')') i++;
        if (i >= n) { err(b, E_COMMENT, pos); return -1; }
        f->lasta = -1;
        return i + 1;
    }
    if (c == '>' || (c == '?' && at(b, i + 1) == '>')) {
        i += c == '>' ? 1 : 2;
        b->memo_ok = false;
        if (!open_frame(b, K_ATOM, 0, pos) || !emit(b, RXO_ATOM)) {
            err(b, E_TOO_COMPLEX, pos); return -1;
        }
        b->f[b->depth].alt = b->pc;
        return i;
    }
    if (c != '?') {
        int g = ++b->ngroups;
        if (!open_frame(b, K_CAP, g, pos)) { err(b, E_TOO_COMPLEX, pos); return -1; }
        if (g <= 9) {
            if (!emit(b, RXO_SAVE) || !emit(b, 2 * g)) { err(b, E_TOO_COMPLEX, pos); return -1; }
            b->f[b->depth].alt = b->pc;
        }
        return i;
    }
    uint32_t c2 = at(b, i + 1), c3 = at(b, i + 2);
    switch (c2) {
    case ':':
        if (!open_frame(b, K_NC, 0, pos)) { err(b, E_TOO_COMPLEX, pos); return -1; }
        return i + 2;
    case '=': case '!':
        if (open_look(b, K_LOOK, c2 == '!' ? 2 : 0, pos)) return -1;
        return i + 2;
    case '<':
        if (c3 != '=' && c3 != '!') { err(b, E_GROUP, pos); return -1; }
        if (open_look(b, K_LOOK, c3 == '=' ? 1 : 3, pos)) return -1;
        return i + 3;
    case 'i': case '-':
        return paren_case(b, f, i, pos);
    case '(':
        return paren_cond(b, i, pos);
    }
    err(b, E_GROUP, pos);
    return -1;
}

/* A backslash escape whose letter is at index i-1 (the \ at pos). */
static int escape(Build *b, Frame *f, uint32_t c, int pos)
{
    int k = class_of(c);
    if (k) return simple(b, f, RXO_CLS, k, 1, true, true) ? 0 : err(b, E_TOO_COMPLEX, pos);
    switch (c) {
    case 'b': case 'B':
        if (!simple(b, f, c == 'b' ? RXO_WB : RXO_NWB, -1, 0, false, false))
            return err(b, E_TOO_COMPLEX, pos);
        return 0;
    case 't':
        return simple(b, f, RXO_CHR, 9, 1, true, true) ? 0 : err(b, E_TOO_COMPLEX, pos);
    }
    if (c >= '1' && c <= '9') {
        int g = (int)(c - '0');
        if (b->refpos[g] == 0) b->refpos[g] = pos;
        b->memo_ok = false;
        int a = b->pc;
        if (!emit(b, RXO_BREF) || !emit(b, g) || !emit(b, b->ci))
            return err(b, E_TOO_COMPLEX, pos);
        atom(f, a, -1, false, true);
        return 0;
    }
    if (is_alnum(c) || c == ' ') return err(b, E_ESCAPE, pos);
    return literal(b, f, c) ? 0 : err(b, E_TOO_COMPLEX, pos);
}

/* A quantifier (c) at index i-1; the index after it, or -1. */
static int quantifier(Build *b, Frame *f, uint32_t c, int i, int pos)
{
    int min = 0, max = RX_INF;
    if (f->lasta < 0) { err(b, E_NOTHING, pos); return -1; }
    switch (c) {
    case '*': min = 0; max = RX_INF; break;
    case '+': min = 1; max = RX_INF; break;
    case '?': min = 0; max = 1; break;
    case '{':
        i = braces(b, i);
        if (i < 0) return -1;
        min = b->bmin; max = b->bmax;
        break;
    }
    int lazy = 0;
    if (i < b->n && b->p[i] == '?') { lazy = 1; i++; }
    if (quantify(b, f, min, max, lazy, pos)) return -1;
    return i;
}

/* One element of the pattern at index i; the index after it, or -1. */
static int element(Build *b, int i)
{
    Frame *f = &b->f[b->depth];
    uint32_t c = b->p[i++];
    int pos = i;
    switch (c) {
    case '\\':
        if (i >= b->n) { err(b, E_ESCAPE, pos); return -1; }
        c = b->p[i++];
        return escape(b, f, c, pos) ? -1 : i;
    case '(':
        return paren(b, i);
    case ')':
        if (b->depth == 0) { err(b, E_UNOPENED, pos); return -1; }
        return close_frame(b, f, pos) ? -1 : i;
    case '|':
        return bar(b, f, pos) ? -1 : i;
    case '.':
        return simple(b, f, RXO_ANY, -1, 1, true, true) ? i : (err(b, E_TOO_COMPLEX, pos), -1);
    case '^': case '$':
        return simple(b, f, c == '^' ? RXO_BOL : RXO_EOL, -1, 0, false, false)
               ? i : (err(b, E_TOO_COMPLEX, pos), -1);
    case '<': case '[':
        return set(b, i, f);
    case '*': case '+': case '?': case '{':
        return quantifier(b, f, c, i, pos);
    }
    return literal(b, f, c) ? i : (err(b, E_TOO_COMPLEX, pos), -1);
}

/* After the last element: unclosed groups, back-references, the end. */
static int finish(Build *b, bool exact)
{
    if (b->depth > 0) return err(b, E_UNCLOSED, b->f[b->depth].pos);
    patch_pending(b, b->f[0].pend);
    int pos = 0;
    for (int k = b->ngroups + 1; k <= 9; k++)
        if (b->refpos[k] > 0 && (pos == 0 || b->refpos[k] < pos)) pos = b->refpos[k];
    if (pos) return err(b, E_BACKREF, pos);
    if (exact && !emit(b, RXO_EOL)) return err(b, E_TOO_COMPLEX, b->n);
    if (!emit(b, RXO_MATCH)) return err(b, E_TOO_COMPLEX, b->n);
    return 0;
}

int rxprog_build(Arena *a, const uint32_t *p, int n, bool ci, bool exact,
                 RxLimits lim, RxProgram *out)
{
    if (lim.prog_size < 1 || lim.max_depth < 0 || lim.prog_size > 1000000 ||
        lim.max_depth > 100000)
        return E_TOO_COMPLEX;
    Build b = { 0 };
    b.p = p;
    b.n = n;
    b.cap = lim.prog_size;
    b.w = arena_alloc(a, (size_t)b.cap * sizeof *b.w);
    b.f = arena_alloc(a, (size_t)(lim.max_depth + 1) * sizeof *b.f);
    b.maxdepth = lim.max_depth;
    b.maxloops = lim.max_loops;
    b.memo_ok = true;
    b.ci = ci;
    b.depth = -1;
    open_frame(&b, K_TOP, 0, 0);
    *out = (RxProgram){ .w = b.w, .first = -1, .anchored = exact };
    if (n == 0) {                   /* the empty pattern never matches */
        if (!emit(&b, RXO_FAIL)) return E_TOO_COMPLEX;
    } else {
        for (int i = 0; i < n;)
            if ((i = element(&b, i)) < 0) return b.err;
        if (finish(&b, exact)) return b.err;
        if (b.w[0] == RXO_BOL) out->anchored = true;
        if (b.w[0] == RXO_CHR) out->first = b.w[1];
    }
    out->n = b.pc;
    out->ngroups = b.ngroups;
    out->nloops = b.nloops;
    out->nslots = b.nslots;
    out->memo_ok = b.memo_ok;
    return 0;
}

int rxprog_length(const RxProgram *prog, int pc)
{
    const int32_t *w = prog->w;
    switch (w[pc]) {
    case RXO_ANY: case RXO_BOL: case RXO_EOL: case RXO_WB: case RXO_NWB:
    case RXO_ATOM: case RXO_ATOMEND: case RXO_LOOKKEEP: case RXO_FAIL:
    case RXO_MATCH:
        return 1;
    case RXO_SET: return 3 + w[pc + 2];
    case RXO_BREF: case RXO_LOOPNEXT: case RXO_CONDG: return 3;
    case RXO_REPC: return 5 + rxprog_length(prog, pc + 5);
    case RXO_LOOPTEST: return 7;
    case RXO_LOOK: return 4;
    }
    return 2;
}
