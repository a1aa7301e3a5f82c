/* zbuild_grammar.c: actions, Fake_action, Verb and Extend, and the
 * identifier-names tables.
 *
 * Takes the program's actions (IrProgram.actions, numbered by lowering
 * in order of first mention), its Fake_action, Verb and Extend
 * directives in source order, and the symbol table; gives the za_ and
 * zg_ calls (every action with its ...Sub routine) and the zi_ symbols
 * in the order inform6's symbol table holds them. */
#include "zbuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../compiler/declare.h"

/* snprintf(out, cap, "%s%s", a, b) without the format machinery (one
 * call per action and per grammar line). */
static void join(char *out, size_t cap, const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > cap - 1) na = cap - 1;
    if (nb > cap - 1 - na) nb = cap - 1 - na;
    memcpy(out, a, na);
    memcpy(out + na, b, nb);
    out[na + nb] = 0;
}

/* "Take__A" -> "Take" in buf. */
static const char *action_name(const char *sym, char *buf, size_t len)
{
    size_t n = strlen(sym);
    if (n >= 3 && !strcmp(sym + n - 3, "__A")) n -= 3;
    if (n >= len) n = len - 1;
    memcpy(buf, sym, n);
    buf[n] = 0;
    return buf;
}

void zbd_actions_begin(ZBuild *b)
{
    for (int i = 0; i < b->ir->nactions; i++) {
        const Symbol *s = b->ir->actions[i];
        char name[256];
        int a = za_action(b->acts, action_name(s->name, name, sizeof name));
        if (a < 0) {
            zbd_report(b, &s->loc, za_error(b->acts), false);
            return;
        }
        if (a != i)
            ICE("action %s is number %d in the table but %d in the code",
                name, a, i);
    }
}

void zbd_fake_action(ZBuild *b, const Node *n)
{
    if (za_fake_action(b->acts, n->text) < 0)
        zbd_report(b, &n->loc, za_error(b->acts), false);
}

/* The routine id of a routine symbol, as lowering gives it for its name
 * (a Stub's too); -1 when it is no routine. */
static int routine_of(ZBuild *b, Symbol *s, SrcLoc loc)
{
    if (!s || s->kind != SYM_ROUTINE) return -1;
    Node name = { .kind = NODE_NAME, .loc = loc, .text = s->name };
    IrValue v;
    if (!lower_value(b->l, &name, &v) || v.ref != IRR_ROUTINE) return -1;
    return (int)v.target;
}

void zbd_actions_end(ZBuild *b)
{
    for (int i = 0; i < b->ir->nactions; i++) {
        const Symbol *s = b->ir->actions[i];
        char name[256], sub[300];
        join(sub, sizeof sub, action_name(s->name, name, sizeof name), "Sub");
        int r = routine_of(b, sym_lookup(b->c->symbols, sub), s->loc);
        if (r >= 0) {
            za_set_routine(b->acts, i, (uint32_t)r);
            continue;
        }
        diag_error(&s->loc, "the action '%s' has no routine '%s': define "
                   "[ %s; ... ];", name, sub, sub);
        b->errors++;
    }
}

/* ---- grammar ---- */

static void report_zg(ZBuild *b, const SrcLoc *loc)
{
    zbd_report(b, loc, zg_error(b->gram), zg_error_is_warning(b->gram));
}

static int routine_id(ZBuild *b, const Node *t)
{
    Symbol *s = t->text ? sym_lookup(b->c->symbols, t->text) : NULL;
    int r = routine_of(b, s, t->loc);
    if (r >= 0) return r;
    zbd_report(b, &t->loc, "a grammar token must name a routine here", false);
    return 0;
}

static bool elementary(const char *s, uint32_t *code)
{
    static const char *const names[] = { "noun", "held", "multi",
        "multiheld", "multiexcept", "multiinside", "creature", "special",
        "number", "topic" };
    for (uint32_t i = 0; i < sizeof names / sizeof *names; i++)
        if (s && !strcmp(s, names[i])) return *code = i, true;
    return false;
}

/* Appends the tokens of one grammar token node; returns how many. */
static int tokens(ZBuild *b, const Node *t, ZGToken *out)
{
    switch (t->kind) {
    case NODE_GT_PREP: {
        int n = 0;
        for (int i = 0; i < t->nkids; i++) {
            if (!t->kids[i]) continue;
            int w = zbd_source_word(b, t->kids[i], 0, 0);
            out[n++] = (ZGToken){ ZGT_PREP, i + 1 < t->nkids,
                                  (uint32_t)(w < 0 ? 0 : w) };
        }
        return n;
    }
    case NODE_GT_TOKEN:
        out->kind = ZGT_ELEMENTARY;
        out->slash_after = false;
        if (!elementary(t->text, &out->data))
            zbd_report(b, &t->loc, "this is not a grammar token", false);
        return 1;
    case NODE_GT_ATTRIBUTE_OR_ROUTINE: {
        Symbol *s = t->text ? sym_lookup(b->c->symbols, t->text) : NULL;
        if (s && s->kind == SYM_ATTRIBUTE) {
            *out = (ZGToken){ ZGT_ATTR, false, (uint32_t)s->value };
            return 1;
        }
        *out = (ZGToken){ ZGT_ROUTINE, false, (uint32_t)routine_id(b, t) };
        return 1;
    }
    case NODE_GT_NOUN_ROUTINE:
        *out = (ZGToken){ ZGT_NOUN_ROUTINE, false, (uint32_t)routine_id(b, t) };
        return 1;
    case NODE_GT_SCOPE:
        *out = (ZGToken){ ZGT_SCOPE_ROUTINE, false,
                          (uint32_t)routine_id(b, t) };
        return 1;
    default:
        return 0;
    }
}

static int line_tokens(ZBuild *b, const Node *line, ZGToken **out)
{
    int cap = 0;
    for (int i = 0; i + 1 < line->nkids; i++)
        if (line->kids[i])
            cap += line->kids[i]->kind == NODE_GT_PREP ? line->kids[i]->nkids
                                                        : 1;
    *out = xmalloc((size_t)(cap + 1) * sizeof **out);
    int n = 0;
    for (int i = 0; i + 1 < line->nkids; i++)
        if (line->kids[i]) n += tokens(b, line->kids[i], *out + n);
    return n;
}

static int line_action(ZBuild *b, const Node *act)
{
    char name[300];
    join(name, sizeof name, act->text ? act->text : "", "__A");
    Symbol *s = sym_lookup(b->c->symbols, name);
    if (s && s->kind == SYM_ACTION && s->ir_id >= 0) return s->ir_id;
    zbd_report(b, &act->loc, "this action was not numbered", false);
    return 0;
}

static void lines(ZBuild *b, const Node *n, int verb, ZGMode mode)
{
    zg_begin_lines(b->gram, verb, mode);
    for (int i = 1; i < n->nkids; i++) {
        const Node *line = n->kids[i];
        if (!line || line->kind != NODE_GRAMMAR_LINE || !line->nkids) continue;
        const Node *act = line->kids[line->nkids - 1];
        if (!act || act->kind != NODE_GRAMMAR_ACTION) continue;
        ZGToken *toks;
        int ntoks = line_tokens(b, line, &toks);
        ZGLine gl = { toks, ntoks, line_action(b, act),
                      (act->num & GAF_REVERSE) != 0,
                      (act->num & GAF_META) != 0 };
        if (!zg_line(b->gram, &gl) || zg_error(b->gram))
            report_zg(b, &line->loc);
        free(toks);
    }
    zg_end_lines(b->gram);
}

/* The dictionary ids of the verb words; returns how many. */
static int verb_words(ZBuild *b, const Node *words, int **ids)
{
    *ids = xmalloc(((size_t)words->nkids + 1) * sizeof **ids);
    int n = 0;
    for (int i = 0; i < words->nkids; i++) {
        if (!words->kids[i]) continue;
        int w = zbd_source_word(b, words->kids[i], 0, 0);
        if (w >= 0) (*ids)[n++] = w;
    }
    return n;
}

void zbd_verb(ZBuild *b, const Node *n)
{
    const Node *words = n->nkids ? n->kids[0] : NULL;
    if (!words) return;
    bool meta = n->num == 1;
    int *ids;
    int nw = verb_words(b, words, &ids);
    const Node *syn = n->nkids > 1 ? n->kids[1] : NULL;
    if (syn && syn->kind == NODE_VERB_SYNONYM) {
        int old = syn->nkids && syn->kids[0]
            ? zbd_source_word(b, syn->kids[0], 0, 0) : -1;
        if (old < 0 || !zg_verb_alias(b->gram, ids, nw, meta, old))
            report_zg(b, &syn->loc);
        free(ids);
        return;
    }
    /* 6.43: words of one existing verb get these lines after its others,
     * as `Extend last` (declare warned); new words join that verb. */
    int existing = -1, known = -1, fresh = 0;
    for (int i = 0; i < nw; i++) {
        int v = zg_verb_of_word(b->gram, ids[i]);
        if (v >= 0) existing = v, known = ids[i];
        else ids[fresh++] = ids[i];
    }
    if (existing >= 0) {
        if (fresh && !zg_verb_alias(b->gram, ids, fresh, meta, known))
            report_zg(b, &n->loc);
        lines(b, n, existing, ZG_LAST);
        free(ids);
        return;
    }
    int verb = zg_verb(b->gram, ids, nw, meta);
    free(ids);
    if (verb < 0 || zg_error(b->gram)) report_zg(b, &n->loc);
    if (verb >= 0) lines(b, n, verb, ZG_NEW);
}

void zbd_extend(ZBuild *b, const Node *n)
{
    const Node *words = n->nkids ? n->kids[0] : NULL;
    if (!words) return;
    int *ids;
    int nw = verb_words(b, words, &ids);
    int verb = -1;
    if (n->num & EXTEND_ONLY) {
        verb = zg_extend_only(b->gram, ids, nw);
        if (verb < 0 || zg_error(b->gram)) report_zg(b, &n->loc);
    } else if (nw) {
        verb = zg_verb_of_word(b->gram, ids[0]);
        if (verb < 0)
            zbd_report(b, &n->loc, "there is no earlier grammar for this "
                       "verb to extend", false);
    }
    free(ids);
    if (verb < 0) return;
    ZGMode mode = n->num & EXTEND_FIRST ? ZG_FIRST
                : n->num & EXTEND_REPLACE ? ZG_REPLACE : ZG_LAST;
    lines(b, n, verb, mode);
}

/* ---- identifier names ---- */

/* The names in `Property/Attribute x alias y` directives: both x and y
 * (a few, looked up linearly). */
typedef struct AliasNames {
    const char **names;
    int n, cap;
} AliasNames;

static void add_alias_name(AliasNames *a, const char *name)
{
    if (!name) return;
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->names = xrealloc(a->names, (size_t)a->cap * sizeof *a->names);
    }
    a->names[a->n++] = name;
}

static void alias_names(const ZBuild *b, AliasNames *a)
{
    const Node *prog = b->c->program;
    for (int i = 0; prog && i < prog->nkids; i++) {
        const Node *n = prog->kids[i];
        const Node *alias = NULL;
        if (!n) continue;
        if (n->kind == NODE_PROPERTY && n->nkids > 1) alias = n->kids[1];
        else if (n->kind == NODE_ATTRIBUTE && n->nkids) alias = n->kids[0];
        if (!alias || !alias->text) continue;
        add_alias_name(a, alias->text);
        add_alias_name(a, n->text);
    }
}

static bool is_aliased(const AliasNames *a, const Symbol *s)
{
    for (int i = 0; i < a->n; i++)
        if (!strcasecmp(a->names[i], s->name)) return true;
    return false;
}

static uint32_t id_string(void *ctx, const char *text)
{
    ZBuild *b = ctx;
    if (b->nid_strings == b->id_strings_cap) {
        b->id_strings_cap = b->id_strings_cap ? 2 * b->id_strings_cap : 64;
        b->id_strings = xrealloc(b->id_strings, (size_t)b->id_strings_cap *
                                 sizeof *b->id_strings);
    }
    b->id_strings[b->nid_strings] = xstrdup(text);
    return b->id_strings_base + (uint32_t)b->nid_strings++;
}

void zbd_identifiers(ZBuild *b, ZIdentTables *out)
{
    AliasNames aliases = { 0 };
    alias_names(b, &aliases);
    for (Symbol *s = sym_first(b->c->symbols); s; s = s->order_next) {
        char name[256];
        bool al = (s->kind == SYM_PROPERTY || s->kind == SYM_ATTRIBUTE) &&
                  is_aliased(&aliases, s);
        switch (s->kind) {
        case SYM_PROPERTY:
        case SYM_INDIV_PROPERTY:
            zi_symbol(b->ids, ZI_PROPERTY, (int)s->value, s->name, al);
            break;
        case SYM_ATTRIBUTE:
            zi_symbol(b->ids, ZI_ATTRIBUTE, (int)s->value, s->name, al);
            break;
        case SYM_ACTION:
            if (s->ir_id >= 0 && s->ir_id < b->ir->nactions &&
                b->ir->actions[s->ir_id] == s)
                zi_symbol(b->ids, ZI_ACTION, s->ir_id,
                          action_name(s->name, name, sizeof name), false);
            break;
        case SYM_FAKE_ACTION: {
            action_name(s->name, name, sizeof name);
            int a = za_find(b->acts, name);
            if (a >= 0) zi_symbol(b->ids, ZI_FAKE_ACTION, a, name, false);
            break;
        }
        default: break;
        }
    }
    free(aliases.names);
    b->id_strings_base = (uint32_t)b->ir->nstrings;
    zi_write(b->ids, b->c->declare->next_individual_property, b->acts,
             id_string, b, out);
}
