/* abbrev_text.c: the text -u searches, gathered as inform6 6.45 gathers
 * it (see abbrev_text.h).
 *
 * Takes the program's tree (c->program, every directive in source
 * order), its objects' short names, the routines lowering compiled and
 * who first called each bundled one; gives one buffer of texts.  inform6
 * adds a string to its buffer each time it translates one, and it
 * translates a literal as it reads it, so the tree, walked in source
 * order, gives its order; its veneer's texts are its own
 * (abbrev_veneer.h). */
#include "abbrev_text.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../codegen/program.h"
#include "abbrev_names.h"
#include "abbrev_veneer.h"
#include "ast.h"
#include "compiler.h"
#include "declare.h"
#include "fold.h"
#include "index.h"
#include "options.h"
#include "source.h"
#include "symbols.h"
#include "target.h"
#include "text.h"

typedef struct Gather {
    Compiler *c;
    const Program *p;
    char *t;
    int32_t len;
    size_t cap;
    int next_obj;               /* objects before this one are told */
    AbbrevNames *names;         /* the symbols as inform6 made them */
} Gather;

/* ---- the buffer ---- */

static void put_raw(Gather *g, const char *s, size_t n)
{
    while ((size_t)g->len + n + 8 > g->cap) {
        g->cap = g->cap ? g->cap * 2 : 4096;
        g->t = xrealloc(g->t, g->cap);
    }
    memcpy(g->t + g->len, s, n);
    g->len += (int32_t)n;
}

/* One text, then the two new lines that wall it off. */
static void put_text(Gather *g, const char *s, size_t n)
{
    put_raw(g, s, n);
    put_raw(g, "\n\n", 2);
}

static void put_text_cb(void *g, const char *s, size_t n)
{
    put_text(g, s, n);
}

/* A string literal as inform6's lexer keeps it: escapes as written, ^
 * and ~ themselves, a line break and the white space around it one
 * space (none after a ^), a `\` line join nothing (text.h decodes it so;
 * each unit is written back as it was spelt). */
static void put_literal(Gather *g, const Node *s)
{
    const char *raw = s->text ? s->text : "";
    size_t len = strlen(raw);
    TextUnit u;
    for (size_t pos = 0;;) {
        pos = text_next(raw, len, pos, TEXT_STRING, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_CHAR || u.escaped)
            put_raw(g, raw + u.start, u.end - u.start);
        else if (u.value == '\n')
            put_raw(g, "^", 1);
        else if (u.value == '"')
            put_raw(g, "~", 1);
        else {
            char buf[8];
            put_raw(g, buf, (size_t)text_utf8_encode(u.value, buf));
        }
    }
    put_raw(g, "\n\n", 2);
}

/* ---- the program, in source order ---- */

/* Every string literal under n that inform6 translates.  `live`: the
 * code of n can be reached; inform6 translates no string of a routine's
 * code that is never reached (its compile_string gives up there): after
 * a return, rtrue, rfalse, print_ret, <<...>>, quit, jump, break or
 * continue, until a label; in a branch whose condition is known never
 * to take it. */
static void walk(Gather *g, const Node *n, bool live);

static bool known(Gather *g, const Node *n, bool *truth);

/* Whether execution never goes on after statement s: it returns, jumps
 * or quits; or it is a block whose run ends so (before any label); or an
 * if whose branch taken ends so (both, when the condition is not
 * known). */
static bool stops(Gather *g, const Node *s)
{
    if (!s) return false;
    switch (s->kind) {
    case NODE_RETURN: case NODE_RTRUE: case NODE_RFALSE: case NODE_QUIT:
    case NODE_JUMP: case NODE_BREAK: case NODE_CONTINUE:
        return true;
    case NODE_PRINT: case NODE_ACTION_STMT:
        return s->num == 1;
    case NODE_BLOCK: {
        bool live = true;
        for (unsigned i = 0; i < s->nkids; i++) {
            if (!s->kids[i]) continue;
            if (s->kids[i]->kind == NODE_LABEL) live = true;
            else if (live && stops(g, s->kids[i])) live = false;
        }
        return !live;
    }
    case NODE_IF: {
        const Node *e = s->nkids > 2 ? s->kids[2] : NULL;
        bool truth;
        if (known(g, s->kids[0], &truth))
            return truth ? stops(g, s->kids[1]) : stops(g, e);
        return e && stops(g, s->kids[1]) && stops(g, e);
    }
    default:
        return false;
    }
}

/* A statement list (a block, a case): dead after a statement that
 * stops, live again at a label. */
static void walk_list(Gather *g, const Node *n, unsigned from, bool live)
{
    for (unsigned i = from; i < n->nkids; i++) {
        const Node *s = n->kids[i];
        if (!s) continue;
        if (s->kind == NODE_LABEL) live = true;
        walk(g, s, live);
        if (stops(g, s)) live = false;
    }
}

/* Whether condition n is known now, and its truth in *truth: a
 * constant, or an && with a false side, an || with a true side. */
static bool known(Gather *g, const Node *n, bool *truth)
{
    int64_t v;
    if (!n) return false;
    if (fold_result(g->c, n, &v)) {
        *truth = v != 0;
        return true;
    }
    bool t;
    if (n->kind == NODE_UNARY && !strcmp(n->text, "~~") &&
        known(g, n->kids[0], &t)) {
        *truth = !t;
        return true;
    }
    if (n->kind != NODE_BINOP) return false;
    bool and = !strcmp(n->text, "&&"), or = !strcmp(n->text, "||");
    for (int i = 0; (and || or) && i < 2; i++)
        if (known(g, n->kids[i], &t) && t == or) {
            *truth = or;
            return true;
        }
    return false;
}

/* A branch taken only when the condition is `when`: dead when the
 * condition is known never to be. */
static bool branch_live(Gather *g, const Node *cond, bool when, bool live)
{
    bool truth;
    if (known(g, cond, &truth)) return live && truth == when;
    return live;
}

/* print "^" is a new_line: no string. */
static void walk_print(Gather *g, const Node *n, bool live)
{
    for (unsigned i = 0; i < n->nkids; i++)
        if (n->kids[i]->kind != NODE_STRING || strcmp(n->kids[i]->text, "^"))
            walk(g, n->kids[i], live);
}

static void walk(Gather *g, const Node *n, bool live)
{
    if (!n) return;
    switch (n->kind) {
    case NODE_STRING:
        if (live) put_literal(g, n);
        return;
    case NODE_ARRAY_TEXT:           /* characters of an array */
    case NODE_INVERSION:            /* not a string in inform6 */
        return;
    case NODE_PRINT:
        walk_print(g, n, live);
        return;
    case NODE_STRING_STMT:          /* `string N "..."`: a low string */
        walk(g, n->kids[0], live);
        if (n->kids[1] && n->kids[1]->kind != NODE_STRING)
            walk(g, n->kids[1], live);
        return;
    case NODE_BLOCK:
        walk_list(g, n, 0, live);
        return;
    case NODE_DEFAULT_CASE:         /* a case is a label: reached */
        walk_list(g, n, 0, true);
        return;
    case NODE_CASE:
        walk(g, n->kids[0], true);
        walk_list(g, n, 1, true);
        return;
    case NODE_IF:
        walk(g, n->kids[0], live);
        walk(g, n->kids[1], branch_live(g, n->kids[0], true, live));
        if (n->nkids > 2)
            walk(g, n->kids[2], branch_live(g, n->kids[0], false, live));
        return;
    case NODE_WHILE:
        walk(g, n->kids[0], live);
        walk(g, n->kids[1], branch_live(g, n->kids[0], true, live));
        return;
    default:
        for (unsigned i = 0; i < n->nkids; i++) walk(g, n->kids[i], live);
    }
}

/* "(Name)", an object's short name when it has none: the name as inform6
 * first met it (its symbol's spelling), which may differ in case from the
 * definition's. */
static void put_paren_name(Gather *g, const char *name)
{
    name = abbrev_names_spelling(g->names, name, false);
    put_raw(g, "(", 1);
    put_raw(g, name, strlen(name));
    put_text(g, ")", 1);
}

static bool same_place(SrcLoc a, SrcLoc b)
{
    return a.file == b.file && a.line == b.line && a.col == b.col;
}

/* The short names of the objects directive n made (an object, or a
 * class and its duplicates), told as inform6 tells them: as the
 * directive ends. */
static void put_short_names(Gather *g, const Node *n)
{
    const ProgObjects *o = &g->p->objects;
    int k = g->next_obj;
    while (k < o->nobjs && !same_place(o->objs[k].loc, n->loc)) k++;
    const Node *q = n->kind == NODE_OBJECT && n->nkids > 1 ? n->kids[1]
                                                          : NULL;
    for (; k < o->nobjs && same_place(o->objs[k].loc, n->loc); k++, q = NULL) {
        const ProgObject *ob = &o->objs[k];
        if (ob->short_string >= 0 && q && q->kind == NODE_STRING)
            put_literal(g, q);
        else if (ob->name && !ob->is_class && ob->short_text &&
                 ob->short_text[0] == '(')
            put_paren_name(g, ob->name);
        else if (ob->short_text)
            put_text(g, ob->short_text, strlen(ob->short_text));
        g->next_obj = k + 1;
    }
}

/* An object or class: its property values (the strings of `name` are
 * dictionary words), then its short name. */
static void walk_object(Gather *g, const Node *n)
{
    for (unsigned i = 3; i < n->nkids; i++) {
        const Node *seg = n->kids[i];
        if (!seg || (seg->kind != NODE_WITH && seg->kind != NODE_PRIVATE))
            continue;
        for (unsigned j = 0; j < seg->nkids; j++) {
            const Node *prop = seg->kids[j];
            bool words = prop && prop->text && !strcasecmp(prop->text, "name");
            for (unsigned k = 0; prop && k < prop->nkids; k++)
                if (!words || prop->kids[k]->kind != NODE_STRING)
                    walk(g, prop->kids[k], true);
        }
    }
    put_short_names(g, n);
}

/* `[ Name * a b;`: the texts of the call's trace, "[ Name(", "a = ",
 * ", b = ", ") ]^": for the first seven locals on the Z-machine; for
 * every one on Glulx, or the first alone when the routine takes its
 * arguments on the stack. */
static void put_trace(Gather *g, const Node *n)
{
    const Node *locals = n->kids[0];
    unsigned nl = locals ? locals->nkids : 0, most = nl;
    bool z = g->c->target->version > 0;
    if (z && most > 7) most = 7;
    if (!z && nl && !strcmp(locals->kids[0]->text, "_vararg_count")) most = 1;
    put_raw(g, "[ ", 2);
    put_raw(g, n->text, strlen(n->text));
    put_text(g, "(", 1);
    for (unsigned i = 0; i < most; i++) {
        const char *name = locals->kids[i]->text;
        if (i > 0 && (z || most > 1)) put_raw(g, ", ", 2);
        put_raw(g, name, strlen(name));
        put_text(g, " = ", 3);
    }
    put_text(g, ") ]^", 4);
}

static void walk_directive(Gather *g, const Node *n)
{
    switch (n->kind) {
    case NODE_ROUTINE:
        /* inform6 reads a replaced routine of a system file as tokens
         * only; elsewhere it compiles it, and the last one wins */
        if ((n->num & ROUTINE_SKIPPED) && decl_in_system_file(g->c, n->loc))
            return;
        if (n->num & ROUTINE_TRACED) put_trace(g, n);
        walk(g, n->kids[1], true);
        return;
    case NODE_OBJECT:
    case NODE_CLASS:
        walk_object(g, n);
        return;
    case NODE_ABBREVIATE:           /* texts in low memory */
    case NODE_LOWSTRING:
    case NODE_DICTIONARY:           /* words, not strings */
    case NODE_VERB:
    case NODE_EXTEND:
    case NODE_MESSAGE:              /* printed by the compiler */
    case NODE_SERIAL:
    case NODE_SWITCHES:
    case NODE_ZCHARACTER:
    case NODE_ORIGSOURCE:
        return;
    default:
        walk(g, n, true);
    }
}

/* ---- after the source ---- */

/* A routine of the bundled libraries (text.h, regex.h, varying.h) the
 * story has: vinform's own, after the program's routines. */
static bool bundled_library(Gather *g, const IrRoutine *r)
{
    const SourceFile *f = src_file(g->c->sources, r->loc.file);
    return !r->is_veneer && !r->omitted && f && f->builtin;
}

static void walk_routine(Gather *g, int id)
{
    const Node *n = pools_routine_source(g->p->pools, id);
    if (n && n->kind == NODE_ROUTINE) walk(g, n->kids[1], true);
}

static bool defined(Compiler *c, const char *name)
{
    const Symbol *s = sym_lookup(c->symbols, name);
    return s && s->kind != SYM_UNDEFINED;
}

/* The veneer: inform6's own, from the routines the program's code
 * called (or defines itself); vinform's, as compiled, for a routine
 * inform6 has no row for. */
static void put_veneer(Gather *g, const IndexCalls *calls)
{
    const IrProgram *ir = g->p->ir;
    AbbrevVeneerCase vc = {
        .glulx = g->c->target->version == 0,
        .strict = g->c->opts->strict,
        .debug = defined(g->c, "DEBUG") || defined(g->c, "INFIX"),
        .debug_library = defined(g->c, "DEBUG") &&
                         defined(g->c, "InformLibrary"),
        .omit_symbols = defined(g->c, "OMIT_SYMBOL_TABLE"),
        .v3 = g->c->target->version == 3,
    };
    bool wanted[ABBREV_VENEER_ROWS] = { 0 }, own[ABBREV_VENEER_ROWS] = { 0 };
    for (int id = 0; id < ir->nroutines; id++) {
        const IrRoutine *r = ir->routines[id];
        int row = abbrev_veneer_row(&vc, r->name);
        if (!r->is_veneer) {
            if (row >= 0) own[row] = true;
            continue;
        }
        if (r->omitted) continue;
        if (row < 0) {
            walk_routine(g, id);
            continue;
        }
        int by = calls && id < calls->n ? calls->by[id] : -1;
        if (by < 0 || !ir->routines[by]->is_veneer) wanted[row] = true;
    }
    abbrev_veneer_texts(&vc, wanted, own, put_text_cb, g);
}

/* An aliased property's or attribute's name, "light/lit"
 * (ProgName.joined, as the tables have it), told once for its number,
 * where the first of its names comes. */
static void put_alias(Gather *g, int i, bool *told)
{
    const ProgName *names = g->p->names, *s = &names[i];
    for (int j = 0; j < g->p->nnames; j++)
        if (names[j].aliased && names[j].kind == s->kind &&
            names[j].value == s->value) {
            if (!told[j]) put_text(g, names[j].joined, strlen(names[j].joined));
            told[j] = true;
            return;
        }
}

/* A name as inform6 first met it. */
static void put_name(Gather *g, const ProgName *n)
{
    bool action = n->kind == PN_ACTION || n->kind == PN_FAKE_ACTION;
    const char *name = abbrev_names_spelling(g->names, n->name, action);
    if (!name) name = n->name;
    put_text(g, name, strlen(name));
}

/* The identifier names the story keeps, in inform6's order: the
 * attributes' stand-in, then properties, attributes and actions as
 * their symbols were made, the fake actions, the arrays
 * (codegen/zmachine/identifiers.c, glulx/gids.c lay them out); Glulx's
 * table of names is followed by its "   ". */
static void put_names(Gather *g)
{
    const Program *p = g->p;
    if (opt_setting_value(g->c->opts, "OMIT_SYMBOL_TABLE") == 0) {
        put_text(g, "<unknown attribute>", 19);
        int *order = abbrev_names_order(g->names, p);
        bool *told = xcalloc((size_t)p->nnames + 1, 1);
        for (int k = 0; k < p->nnames; k++) {
            const ProgName *n = &p->names[order[k]];
            if (n->kind == PN_FAKE_ACTION) continue;
            if (n->aliased) {
                put_alias(g, order[k], told);
                continue;
            }
            put_name(g, n);
        }
        free(told);
        for (int k = 0; k < p->nnames; k++)
            if (p->names[order[k]].kind == PN_FAKE_ACTION)
                put_name(g, &p->names[order[k]]);
        free(order);
        for (int i = 0; i < p->narrays; i++)
            if (p->arrays[i].name)
                put_text(g, p->arrays[i].name, strlen(p->arrays[i].name));
    }
    if (g->c->target->version == 0) put_text(g, "   ", 3);
}

char *abbrev_text_gather(Compiler *c, const Program *p,
                         const IndexCalls *calls, int32_t *len)
{
    Gather g = { .c = c, .p = p, .names = abbrev_names_new(c) };
    put_raw(&g, "", 0);
    /* the metaclasses Class, Object, Routine, String come first */
    for (int k = 0; k < p->objects.nobjs && p->objects.objs[k].metaclass; k++) {
        const char *s = p->objects.objs[k].short_text;
        if (s) put_text(&g, s, strlen(s));
        g.next_obj = k + 1;
    }
    const Node *prog = c->program;
    for (unsigned i = 0; prog && i < prog->nkids; i++)
        if (prog->kids[i]) walk_directive(&g, prog->kids[i]);
    for (int id = 0; id < p->ir->nroutines; id++)
        if (bundled_library(&g, p->ir->routines[id])) walk_routine(&g, id);
    put_veneer(&g, calls);
    put_names(&g);
    abbrev_names_free(g.names);
    memcpy(g.t + g.len, "\n\n\0\0\0\0", 6);
    *len = g.len;
    return g.t;
}
