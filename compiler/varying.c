/* varying.c: varying strings read from the checked AST (varying.h).
 *
 * Takes PRINT nodes (their items), STRING nodes used as values and
 * property definitions; gives the tree of a print statement's varying
 * text (kept per node in c->varying, so that check and lowering share
 * one parse), errors at the brace for text that does not pair, and the
 * embedded routines that stand for varying property strings.
 *
 * The reading is two passes over the decoded units of every string item.
 * The first (plan_braces) pairs the statement's braces and decides which
 * of them act: a `{` opens a varying substring only when a `}` of the same
 * statement closes it and the group has a `|` at its own level or starts
 * with `%`, `!` or `&`; every other brace, and a `|` outside such a group,
 * is text, as inform6 prints it.  The second reads the units with a stack
 * of the groups still open: an acting `{` opens one, `|` starts its next
 * alternative, `}` closes it into the sequence around it.  Only unescaped
 * characters count (text.h says which came from an escape). */
#include "varying.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "hashmap.h"

/* ---- the parse of each print statement, by node ---- */

typedef struct Parse Parse;

typedef struct Varying {
    HashMap map;               /* a print node's hash -> index in known */
    struct Known {
        const Node *print;
        const VarySeq *tree;   /* NULL: no varying text, or an error */
    } *known;
    int nknown, capknown;
    Parse *scratch;            /* one parse at a time, in the arena (a
                                * fatal error may longjmp out of one) */
    bool runtime;              /* a print chooses between alternatives */
} Varying;

static Varying *varying_state(Compiler *c)
{
    if (!c->varying) {
        c->varying = arena_alloc(&c->arena, sizeof *c->varying);
        c->varying->map.arena = &c->arena;
    }
    return c->varying;
}

static uint32_t node_hash(const Node *key)
{
    uint64_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15u;
    return (uint32_t)(h >> 32);
}

static bool cached(const Varying *v, const Node *key, const VarySeq **out)
{
    for (HmProbe p = hm_probe(node_hash(key)); hm_next(&v->map, &p);)
        if (v->known[p.index].print == key) {
            *out = v->known[p.index].tree;
            return true;
        }
    return false;
}

/* (Once for each key: the caller asks cached() first.) */
static void remember(Compiler *c, const Node *key, const VarySeq *val)
{
    Varying *v = varying_state(c);
    hm_add(&v->map, node_hash(key), (uint32_t)v->nknown);
    struct Known k = { key, val };
    VEC_PUSH(&c->arena, v->known, v->nknown, v->capknown, k);
}

/* ---- building sequences ---- */

typedef struct PartB {
    VaryPart p;
    int ucap;                  /* room in p.units (VARY_TEXT) */
} PartB;

typedef struct SeqB {
    PartB *parts;
    int n, cap;
} SeqB;

typedef struct Frame {         /* a group being read; frames[0] is the
                                * statement itself */
    VaryMethod method;
    SrcLoc loc;
    VarySeq *alts;
    int nalts, altcap;
    SeqB cur;                  /* the alternative being read */
    bool too_many;             /* reported */
} Frame;

/* A plain `{`, `}` or `|` of the statement, in reading order. */
typedef struct Brace {
    char ch;
    SrcLoc loc;
    int owner;                 /* `}`: the `{` it pairs with; `|`: the `{`
                                * open around it; -1 for none */
    bool closed;               /* `{`: a `}` pairs with it */
    bool bar;                  /* `{`: a `|` at its own level */
    bool marked;               /* `{`: `%`, `!` or `&` right after it */
    bool acts;                 /* read as varying-string syntax */
} Brace;

struct Parse {
    Compiler *c;
    Arena *a;
    Brace *braces;             /* plan_braces' plan */
    int nbraces, capbraces;
    int next_brace;            /* the next one read_string meets */
    Frame frames[VARY_MAX_DEPTH + 1];
    int depth;                 /* groups open */
    bool report;               /* errors are reported (else only noted) */
    bool bad;
    bool groups;               /* a group was read */
    bool varies;               /* a group with two or more alternatives */
    SrcLoc first_varying;      /* the earliest such group's `{` */
};

/* The scratch Parse, cleared for a new reading. */
static Parse *new_parse(Compiler *c, bool report)
{
    Varying *v = varying_state(c);
    if (!v->scratch) v->scratch = arena_alloc(&c->arena, sizeof *v->scratch);
    Parse *ps = v->scratch;
    Brace *keep = ps->braces;
    int keepcap = ps->capbraces;
    memset(ps, 0, sizeof *ps);
    ps->braces = keep;
    ps->capbraces = keepcap;
    ps->c = c;
    ps->a = &c->arena;
    ps->report = report;
    return ps;
}

static PartB *new_part(Parse *ps, VaryPartKind kind)
{
    SeqB *q = &ps->frames[ps->depth].cur;
    PartB blank = { { kind, NULL, 0, NULL, NULL }, 0 };
    VEC_PUSH(ps->a, q->parts, q->n, q->cap, blank);
    return &q->parts[q->n - 1];
}

static void add_unit(Parse *ps, const Node *string, const TextUnit *u)
{
    SeqB *q = &ps->frames[ps->depth].cur;
    PartB *t = q->n ? &q->parts[q->n - 1] : NULL;
    if (!t || t->p.kind != VARY_TEXT) {
        t = new_part(ps, VARY_TEXT);
        t->p.item = string;
    }
    TextUnit *units = (TextUnit *)t->p.units;
    VEC_PUSH(ps->a, units, t->p.nunits, t->ucap, *u);
    t->p.units = units;
}

static VarySeq finish_seq(Parse *ps, SeqB *q)
{
    VaryPart *parts = arena_alloc(ps->a, (size_t)(q->n ? q->n : 1) *
                                         sizeof *parts);
    for (int i = 0; i < q->n; i++) parts[i] = q->parts[i].p;
    VarySeq s = { parts, q->n };
    *q = (SeqB){ 0 };
    return s;
}

static void error_at(Parse *ps, SrcLoc at, const char *msg)
{
    ps->bad = true;
    if (ps->report) diag_error(&at, "%s", msg);
}

/* ---- braces ---- */

static void open_group(Parse *ps, SrcLoc at)
{
    if (ps->depth == VARY_MAX_DEPTH) {
        error_at(ps, at, "varying substrings are nested too deeply here "
                 "(at most 64 levels); write @{7B} for a brace that is "
                 "printed");
        return;
    }
    Frame *f = &ps->frames[++ps->depth];
    *f = (Frame){ .method = VARY_SEQUENCE, .loc = at };
    ps->groups = true;
}

static void next_alternative(Parse *ps)
{
    Frame *f = &ps->frames[ps->depth];
    if (f->nalts == VARY_MAX_ALTERNATIVES && !f->too_many) {
        f->too_many = true;
        error_at(ps, f->loc, "this varying substring has more than 4095 "
                 "alternatives; split it in two");
    }
    VEC_PUSH(ps->a, f->alts, f->nalts, f->altcap, finish_seq(ps, &f->cur));
}

static bool before(SrcLoc a, SrcLoc b)
{
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

static void close_group(Parse *ps)
{
    next_alternative(ps);
    Frame *f = &ps->frames[ps->depth];
    VaryGroup *g = arena_alloc(ps->a, sizeof *g);
    *g = (VaryGroup){ f->method, f->loc, f->alts, f->nalts };
    if (g->nalts > 1 && (!ps->varies || before(g->loc, ps->first_varying))) {
        ps->varies = true;
        ps->first_varying = g->loc;
    }
    ps->depth--;
    new_part(ps, VARY_GROUP)->p.group = g;
}

static bool is_mark(uint32_t ch)
{
    return ch == '%' || ch == '!' || ch == '&';
}

static VaryMethod method_of(uint32_t mark)
{
    return mark == '%' ? VARY_RANDOM : mark == '!' ? VARY_NO_REPEAT
                                                   : VARY_CYCLE;
}

/* ---- which braces act ---- */

static bool is_brace(const TextUnit *u)
{
    return u->kind == TU_CHAR && !u->escaped &&
           (u->value == '{' || u->value == '}' || u->value == '|');
}

/* One string item's plain braces and bars onto the plan; `open` is the
 * stack of `{` not yet closed (indices into ps->braces). */
static void plan_string(Parse *ps, const Node *s, int **open, int *nopen,
                        int *capopen)
{
    const char *raw = s->text ? s->text : "";
    size_t len = strlen(raw), pos = 0;
    int opened = -1;           /* the `{` just before this unit */
    while (pos < len) {
        TextUnit u;
        size_t next = text_next(raw, len, pos, TEXT_STRING, &u);
        if (u.kind == TU_END || next <= pos) break;
        pos = next;
        bool after_open = opened >= 0;
        if (after_open && u.kind == TU_CHAR && !u.escaped &&
            is_mark(u.value))
            ps->braces[opened].marked = true;
        opened = -1;
        if (!is_brace(&u)) continue;
        Brace b = { (char)u.value, text_loc(raw, u.start, s->loc), -1,
                    false, false, false, false };
        if (b.ch == '|' && *nopen) {
            b.owner = (*open)[*nopen - 1];
            ps->braces[b.owner].bar = true;
        } else if (b.ch == '}' && *nopen) {
            b.owner = (*open)[--*nopen];
            ps->braces[b.owner].closed = true;
        }
        VEC_PUSH(ps->a, ps->braces, ps->nbraces, ps->capbraces, b);
        if (b.ch == '{') {
            opened = ps->nbraces - 1;
            VEC_PUSH(ps->a, *open, *nopen, *capopen, opened);
        }
    }
}

/* Pairs the braces of `strings` (a statement's string items, NULLs and
 * other items skipped) and marks the ones that act.  A `{` with a `|` of
 * its own that nothing closes was meant to vary: an error at it. */
static void plan_braces(Parse *ps, const Node *const *items, int n)
{
    int *open = NULL, nopen = 0, capopen = 0;
    ps->nbraces = ps->next_brace = 0;
    for (int i = 0; i < n; i++)
        if (items[i] && items[i]->kind == NODE_STRING)
            plan_string(ps, items[i], &open, &nopen, &capopen);
    for (int k = 0; k < ps->nbraces; k++) {
        Brace *b = &ps->braces[k];
        if (b->ch == '{') {
            b->acts = b->closed && (b->bar || b->marked);
            if (!b->closed && b->bar)
                error_at(ps, b->loc, "this '{' is never closed: a varying "
                         "substring ends with '}' in the same statement; "
                         "write @{7B} for a brace that is printed");
        } else {
            b->acts = b->owner >= 0 && ps->braces[b->owner].acts;
        }
    }
}

/* One string item: its units into the open sequence, the braces that act
 * acted on, the others kept as text. */
static void read_string(Parse *ps, const Node *s)
{
    const char *raw = s->text ? s->text : "";
    size_t len = strlen(raw), pos = 0;
    bool just_opened = false;
    while (pos < len && !ps->bad) {
        TextUnit u;
        size_t next = text_next(raw, len, pos, TEXT_STRING, &u);
        if (u.kind == TU_END || next <= pos) break;
        pos = next;
        bool mark_place = just_opened;
        just_opened = false;
        bool acts = false;
        if (is_brace(&u) && ps->next_brace < ps->nbraces)
            acts = ps->braces[ps->next_brace++].acts;
        if (mark_place && u.kind == TU_CHAR && !u.escaped &&
            is_mark(u.value)) {
            ps->frames[ps->depth].method = method_of(u.value);
        } else if (acts && u.value == '{') {
            open_group(ps, text_loc(raw, u.start, s->loc));
            just_opened = true;
        } else if (acts && u.value == '}') {
            close_group(ps);
        } else if (acts && u.value == '|') {
            next_alternative(ps);
        } else if (u.kind != TU_BAD) {
            add_unit(ps, s, &u);
        }
    }
}

static bool has_brace(const Node *s)
{
    return s && s->kind == NODE_STRING && s->text &&
           strpbrk(s->text, "{}") != NULL;
}

/* ---- print statements ---- */

static const VarySeq *parse_print(Compiler *c, const Node *print)
{
    Parse *ps = new_parse(c, true);
    plan_braces(ps, (const Node *const *)print->kids, print->nkids);
    for (int i = 0; i < print->nkids && !ps->bad; i++) {
        const Node *it = print->kids[i];
        if (!it) continue;
        if (it->kind == NODE_STRING) read_string(ps, it);
        else new_part(ps, VARY_ITEM)->p.item = it;
    }
    VarySeq *top = NULL;
    if (!ps->bad && ps->groups) {
        top = arena_alloc(&c->arena, sizeof *top);
        *top = finish_seq(ps, &ps->frames[0].cur);
        if (ps->varies) varying_state(c)->runtime = true;
    }
    return top;
}

const VarySeq *varying_print(Compiler *c, const Node *print)
{
    if (!c->opts->varying_strings || !print) return NULL;
    bool braces = false;
    for (int i = 0; i < print->nkids && !braces; i++)
        braces = has_brace(print->kids[i]);
    if (!braces) return NULL;
    const VarySeq *tree;
    if (c->varying && cached(c->varying, print, &tree)) return tree;
    tree = parse_print(c, print);
    remember(c, print, tree);
    return tree;
}

const VarySeq *varying_tree(const Compiler *c, const Node *print)
{
    const VarySeq *tree;
    if (c->varying && cached(c->varying, print, &tree)) return tree;
    return NULL;
}

int varying_nprints(const Compiler *c)
{
    return c->varying ? c->varying->nknown : 0;
}

const VarySeq *varying_nth(const Compiler *c, int i, const Node **print)
{
    *print = c->varying->known[i].print;
    return c->varying->known[i].tree;
}

bool varying_runtime_needed(const Compiler *c)
{
    return c->varying && c->varying->runtime;
}

/* ---- strings used as values ---- */

/* True when `s` holds well-formed varying text with a choice in it;
 * *at is then the `{` of its first such substring. */
static bool string_varies(Compiler *c, const Node *s, SrcLoc *at)
{
    if (!c->opts->varying_strings || !has_brace(s)) return false;
    Parse *ps = new_parse(c, false);
    plan_braces(ps, &s, 1);
    read_string(ps, s);
    bool varies = !ps->bad && ps->depth == 0 && ps->varies;
    *at = ps->first_varying;
    return varies;
}

void varying_value(Compiler *c, const Node *string, bool short_name)
{
    SrcLoc at;
    if (!string_varies(c, string, &at)) return;
    if (short_name)
        diag_warning(&at, "an object's name is printed as it is written, "
                     "braces and bars included: only printed text varies; "
                     "give the object a property 'short_name \"...\"', "
                     "which may vary");
    else
        diag_warning(&at, "this string is a value, so it is kept as it is "
                     "written, braces and bars included: only printed text "
                     "varies; print it from a routine instead, as in "
                     "[; print \"...\"; ]");
}

/* ---- property values ---- */

/* The properties the library prints without a new line after a string
 * (PrintOrRun(obj, prop, 1)). */
static bool printed_inline(const char *prop)
{
    static const char *const names[] = { "short_name", "short_name_indef",
                                         "article", "plural" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcasecmp(prop, names[i])) return true;
    return false;
}

/* [; print_ret "..."; ] or [; print "..."; rtrue; ] */
static Node *printing_routine(Compiler *c, Node *s, bool inline_text)
{
    Arena *a = &c->arena;
    Node *print = ast_new_num(a, NODE_PRINT, s->loc, inline_text ? 0 : 1);
    ast_add(a, print, s);
    Node *body = ast_add(a, ast_new(a, NODE_BLOCK, s->loc), print);
    if (inline_text) ast_add(a, body, ast_new(a, NODE_RTRUE, s->loc));
    Node *r = ast_new(a, NODE_EMBEDDED_ROUTINE, s->loc);
    ast_add(a, r, ast_new(a, NODE_LOCALS, s->loc));
    return ast_add(a, r, body);
}

void varying_property(Compiler *c, Node *p)
{
    if (!c->opts->varying_strings || !p || !p->text ||
        !strcasecmp(p->text, "name"))
        return;
    int values = 0;
    for (int i = 0; i < p->nkids; i++) values += p->kids[i] != NULL;
    for (int i = 0; i < p->nkids; i++) {
        SrcLoc at;
        Node *v = p->kids[i];
        if (!v || v->kind != NODE_STRING || !string_varies(c, v, &at))
            continue;
        if (values > 1) {
            diag_error(&at, "varying text can be a property's value only "
                       "when it is the only one ('%s' has %d values): "
                       "print it from a routine instead", p->text, values);
            continue;
        }
        p->kids[i] = printing_routine(c, v, printed_inline(p->text));
    }
}
