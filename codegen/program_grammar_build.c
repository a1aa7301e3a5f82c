/* program_grammar_build.c: the ProgGrammar of the checked program
 * (progg_build in program_grammar.h).
 *
 * Takes the symbol table (actions in order of first mention, fake
 * actions), the Verb, Extend and Fake_action directives in source order,
 * and the values of routine names (value.h); gives the ProgGrammar, with
 * every action symbol's ir_id set to its id. */
#include "program_grammar.h"

#include <string.h>

#include "../compiler/ast.h"
#include "../compiler/compiler.h"
#include "../compiler/diag.h"
#include "../compiler/symbols.h"
#include "../compiler/target.h"
#include "../compiler/text.h"
#include "value.h"

typedef struct PgBuild {
    Compiler *c;
    IrPools *pools;
    ProgGrammar *g;
} PgBuild;

/* Grammar__Version as the program leaves it, else the target's. */
static int grammar_version(Compiler *c)
{
    Symbol *s = sym_lookup(c->symbols, "Grammar__Version");
    if (s && s->kind == SYM_CONSTANT && (s->flags & SYMF_VALUE_KNOWN) &&
        s->value >= 1 && s->value <= 3)
        return (int)s->value;
    return c->target->grammar_version;
}

/* The meta flag as the program leaves it: $GRAMMAR_META_FLAG, or
 * `Constant Grammar_Meta__Value` (decl_grammar_meta). */
static bool meta_flag(Compiler *c)
{
    Symbol *s = sym_lookup(c->symbols, "Grammar_Meta__Value");
    return s && s->kind == SYM_CONSTANT && s->value == 1;
}

/* "Take__A" -> "Take". */
static const char *action_name(PgBuild *b, const Symbol *s)
{
    size_t n = strlen(s->name);
    if (n >= 3 && !strcmp(s->name + n - 3, "__A")) n -= 3;
    return arena_strndup(&b->c->arena, s->name, n);
}

/* Actions in order of first mention and fake actions in declaration
 * order: the one numbering there is (Symbol.ir_id). */
static void number_actions(PgBuild *b)
{
    for (Symbol *s = sym_first(b->c->symbols); s; s = s->order_next) {
        if (s->kind == SYM_ACTION)
            s->ir_id = progg_add_action(b->g, action_name(b, s), s, s->loc);
        else if (s->kind == SYM_FAKE_ACTION)
            s->ir_id = IR_FAKE_ACTION_BASE +
                       progg_fake_action(b->g, action_name(b, s), s, s->loc);
    }
}

/* The routine a routine symbol names (a Stub's too); false when it is
 * no routine. */
static bool routine_of(PgBuild *b, Symbol *s, SrcLoc loc, IrValue *out)
{
    if (!s || s->kind != SYM_ROUTINE) return false;
    Node name = { .kind = NODE_NAME, .loc = loc, .text = s->name };
    return value_of(b->pools, &name, out) && out->ref == IRR_ROUTINE;
}

static void action_routines(PgBuild *b)
{
    for (int i = 0; i < b->g->nactions; i++) {
        PgAction *a = &b->g->actions[i];
        const char *sub = arena_strcat(&b->c->arena, a->name, "Sub");
        if (routine_of(b, sym_lookup(b->c->symbols, sub), a->loc, &a->routine))
            continue;
        a->routine.ref = IRR_NONE;
        diag_error(&a->loc, "the action '%s' has no routine '%s': define "
                   "[ %s; ... ];", a->name, sub, sub);
    }
}

/* ---- words ---- */

/* A word written in the source (DICT_WORD or STRING node): its units as
 * lowering decodes a dictionary word, its //flags. */
static int source_word(PgBuild *b, const Node *word)
{
    const char *raw = word->text ? word->text : "";
    size_t len = strlen(raw), wlen = len, flen = 0;
    const char *flags = NULL;
    int set = 0, clear = 0;
    if (word->kind == NODE_DICT_WORD) {
        text_dict_split(raw, len, &wlen, &flags, &flen);
        if (flags)      /* the filter reported a bad flag */
            text_dict_flags_in(flags, flen, word->loc, false, &set, &clear);
    }
    uint32_t stack[64];
    uint32_t *units = wlen < 64 ? stack
                                : arena_alloc(&b->c->arena, wlen * sizeof *units);
    int n = 0;
    for (size_t pos = 0; pos < wlen;) {
        TextUnit u;
        pos = text_next(raw, wlen, pos, TEXT_DICT_WORD, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_CHAR) continue;
        units[n++] = u.raw_code ? IR_TEXT_RAW(u.value) : u.value;
    }
    return progg_word(b->g, units, n, set, clear, word->loc);
}

/* The words of a VERB_WORDS node; returns how many. */
static int verb_words(PgBuild *b, const Node *words, int **ids)
{
    *ids = arena_alloc(&b->c->arena, ((size_t)words->nkids + 1) * sizeof **ids);
    int n = 0;
    for (int i = 0; i < words->nkids; i++)
        if (words->kids[i]) (*ids)[n++] = source_word(b, words->kids[i]);
    return n;
}

/* ---- tokens and lines ---- */

static IrValue routine_token(PgBuild *b, const Node *t)
{
    Symbol *s = t->text ? sym_lookup(b->c->symbols, t->text) : NULL;
    IrValue v;
    if (routine_of(b, s, t->loc, &v)) return v;
    diag_error(&t->loc, "a grammar token must name a routine here");
    return ir_ref(IRR_ROUTINE, 0, 0);
}

static bool elementary(const char *s, uint8_t *kind)
{
    static const char *const names[PGT_ELEMENTARY_COUNT] = { "noun", "held",
        "multi", "multiheld", "multiexcept", "multiinside", "creature",
        "special", "number", "topic" };
    for (int i = 0; i < PGT_ELEMENTARY_COUNT; i++)
        if (s && !strcmp(s, names[i])) return *kind = (uint8_t)i, true;
    return false;
}

/* Appends the tokens of one grammar token node; returns how many. */
static int tokens(PgBuild *b, const Node *t, PgToken *out)
{
    *out = (PgToken){ .word = -1, .name = t->text };
    switch (t->kind) {
    case NODE_GT_PREP: {
        int n = 0;
        for (int i = 0; i < t->nkids; i++) {
            if (!t->kids[i]) continue;
            out[n++] = (PgToken){ PGT_PREP, i + 1 < t->nkids,
                                  source_word(b, t->kids[i]), ir_num(0), NULL };
        }
        return n;
    }
    case NODE_GT_TOKEN:
        if (!elementary(t->text, &out->kind))
            diag_error(&t->loc, "this is not a grammar token");
        return 1;
    case NODE_GT_ATTRIBUTE_OR_ROUTINE: {
        Symbol *s = t->text ? sym_lookup(b->c->symbols, t->text) : NULL;
        if (s && s->kind == SYM_ATTRIBUTE) {
            out->kind = PGT_ATTRIBUTE;
            out->value = ir_num((int32_t)s->value);
            return 1;
        }
        out->kind = PGT_ROUTINE;
        out->value = routine_token(b, t);
        return 1;
    }
    case NODE_GT_NOUN_ROUTINE:
        out->kind = PGT_NOUN_ROUTINE;
        out->value = routine_token(b, t);
        return 1;
    case NODE_GT_SCOPE:
        out->kind = PGT_SCOPE_ROUTINE;
        out->value = routine_token(b, t);
        return 1;
    default:
        return 0;
    }
}

static int line_tokens(PgBuild *b, const Node *line, PgToken **out)
{
    int cap = 0;
    for (int i = 0; i + 1 < line->nkids; i++)
        if (line->kids[i])
            cap += line->kids[i]->kind == NODE_GT_PREP ? line->kids[i]->nkids
                                                        : 1;
    *out = arena_alloc(&b->c->arena, (size_t)(cap + 1) * sizeof **out);
    int n = 0;
    for (int i = 0; i + 1 < line->nkids; i++)
        if (line->kids[i]) n += tokens(b, line->kids[i], *out + n);
    return n;
}

static int line_action(PgBuild *b, const Node *act)
{
    const char *name = arena_strcat(&b->c->arena, act->text ? act->text : "",
                                    "__A");
    Symbol *s = sym_lookup(b->c->symbols, name);
    if (s && s->kind == SYM_ACTION && s->ir_id >= 0 &&
        s->ir_id < b->g->nactions)
        return s->ir_id;
    diag_error(&act->loc, "this action was not numbered");
    return -1;
}

static void lines(PgBuild *b, const Node *n, int verb, PgMode mode)
{
    progg_begin_lines(b->g, verb, mode);
    for (int i = 1; i < n->nkids; i++) {
        const Node *line = n->kids[i];
        if (!line || line->kind != NODE_GRAMMAR_LINE || !line->nkids) continue;
        const Node *act = line->kids[line->nkids - 1];
        if (!act || act->kind != NODE_GRAMMAR_ACTION) continue;
        PgToken *toks;
        int ntoks = line_tokens(b, line, &toks);
        int a = line_action(b, act);
        if (a < 0) continue;
        progg_line(b->g, &(PgLine){ toks, ntoks, a,
                                    (act->num & GAF_REVERSE) != 0,
                                    (act->num & GAF_META) != 0, line->loc });
    }
    progg_end_lines(b->g);
}

/* ---- directives ---- */

static void verb(PgBuild *b, const Node *n)
{
    const Node *words = n->nkids ? n->kids[0] : NULL;
    if (!words) return;
    bool meta = n->num == 1;
    int *ids;
    int nw = verb_words(b, words, &ids);
    const Node *syn = n->nkids > 1 ? n->kids[1] : NULL;
    if (syn && syn->kind == NODE_VERB_SYNONYM) {
        int old = syn->nkids && syn->kids[0] ? source_word(b, syn->kids[0])
                                             : -1;
        if (old < 0) diag_error(&syn->loc, "there is no previous grammar "
                                "for the verb");
        else progg_verb_alias(b->g, ids, nw, meta, old, syn->loc);
        return;
    }
    /* 6.43: words of one existing verb get these lines after its others,
     * as `Extend last` (declare warned); new words join that verb. */
    int existing = -1, known = -1, fresh = 0;
    for (int i = 0; i < nw; i++) {
        int v = progg_verb_of_word(b->g, ids[i]);
        if (v >= 0) existing = v, known = ids[i];
        else ids[fresh++] = ids[i];
    }
    if (existing >= 0) {
        if (fresh) progg_verb_alias(b->g, ids, fresh, meta, known, n->loc);
        lines(b, n, existing, PGM_LAST);
        return;
    }
    lines(b, n, progg_verb(b->g, ids, nw, meta, n->loc), PGM_NEW);
}

static void extend(PgBuild *b, const Node *n)
{
    const Node *words = n->nkids ? n->kids[0] : NULL;
    if (!words) return;
    int *ids;
    int nw = verb_words(b, words, &ids);
    int verb = -1;
    if (n->num & EXTEND_ONLY) {
        verb = progg_extend_only(b->g, ids, nw, n->loc);
    } else if (nw) {
        verb = progg_verb_of_word(b->g, ids[0]);
        if (verb < 0)
            diag_error(&n->loc, "there is no earlier grammar for this verb "
                       "to extend");
    }
    if (verb < 0) return;
    PgMode mode = n->num & EXTEND_FIRST ? PGM_FIRST
                : n->num & EXTEND_REPLACE ? PGM_REPLACE : PGM_LAST;
    lines(b, n, verb, mode);
}

/* The target's limits (c->target->lim) on the whole grammar; grammar
 * version 1 names an action in one byte. */
static void check_limits(PgBuild *b)
{
    const Target *t = b->c->target;
    const ProgGrammar *g = b->g;
    if (g->nverbs > t->lim.max_verbs)
        diag_error(&g->verbs[t->lim.max_verbs].loc, "%s is limited to %d verbs: "
                   "this one is verb %d; give more words to fewer verbs",
                   t->version ? "Z-code" : "Glulx", t->lim.max_verbs,
                   t->lim.max_verbs + 1);
    int max = g->version == 1 ? 256 : t->lim.max_actions;
    if (g->nactions > max)
        diag_error(&g->actions[max].loc, "cannot create action '%s': %s "
                   "allows %d actions%s", g->actions[max].name, t->machine,
                   max, g->version == 1 ? " in grammar version 1" : "");
}

/* What the target's dict_key hook is given, and keeps, for each word. */
typedef struct TargetKey {
    const Target *t;
    Arena *arena;
    void *state;
} TargetKey;

/* A target without a dict_key hook: the first dict_word_chars
 * characters, lower-cased. */
static size_t truncated_key(void *ctx, const uint32_t *units, int len,
                            uint8_t *key, size_t cap)
{
    const Target *t = ((TargetKey *)ctx)->t;
    size_t n = 0;
    for (int i = 0; i < len && i < t->lim.dict_word_chars && n + 4 <= cap;
         i++, n += 4) {
        uint32_t u = units[i];
        if (u >= 'A' && u <= 'Z') u += 'a' - 'A';
        memcpy(key + n, &u, 4);
    }
    return n;
}

static size_t target_key(void *ctx, const uint32_t *units, int len,
                         uint8_t *key, size_t cap)
{
    TargetKey *k = ctx;
    return k->t->ops->dict_key(k->t, &k->state, k->arena, units, len, key,
                               cap);
}

ProgGrammar *progg_build(Compiler *c, IrPools *pools)
{
    int gv = grammar_version(c);
    PgBuild b = { c, pools, progg_new(&c->arena, gv, meta_flag(c)) };
    b.g->lowest_fake = target_fake_action_base(c, gv);
    b.g->dict_key = c->target->ops && c->target->ops->dict_key ? target_key
                                                                : truncated_key;
    TargetKey *key = arena_alloc(&c->arena, sizeof *key);
    *key = (TargetKey){ c->target, &c->arena, NULL };
    b.g->dict_key_ctx = key;
    number_actions(&b);
    const Node *prog = c->program;
    for (int i = 0; prog && i < prog->nkids; i++) {
        const Node *n = prog->kids[i];
        if (n && n->kind == NODE_VERB) verb(&b, n);
        else if (n && n->kind == NODE_EXTEND) extend(&b, n);
    }
    action_routines(&b);
    check_limits(&b);
    progg_finish(b.g);
    return b.g;
}
