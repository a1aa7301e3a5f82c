/* declare_verbs.c: Verb and Extend.  Keeps the table of verb words (so
 * Extend and `Verb 'a' = 'b'` can find earlier grammar) and declares the
 * actions grammar lines name; check.c later requires each action's
 * ...Sub routine. */
#include "declare.h"

#include <ctype.h>
#include <string.h>

#include "fold.h"
#include "text.h"

/* ------------------------------------------------------ grammar version */

bool decl_grammar_version_ok(Compiler *c, int64_t n, const SrcLoc *at)
{
    bool z = c->target->version != 0;
    if (z ? n >= 1 && n <= 3 : n == 2) return true;
    diag_error(at, "%s: not %lld", z ? "Z-code only supports grammar "
               "version 1, 2, or 3" : "Glulx only supports grammar "
               "version 2", (long long)n);
    return false;
}

/* Whether a fake action has been declared yet. */
static bool any_fake_action(Compiler *c)
{
    for (Symbol *s = sym_first(c->symbols); s; s = s->order_next)
        if (s->kind == SYM_FAKE_ACTION) return true;
    return false;
}

/* As inform6 6.45: the constant must be a number; a $GRAMMAR_VERSION
 * setting (command line or `!%`) outranks it, silently; the last
 * constant wins; and once a fake action or a grammar line exists the
 * version can no longer change, their numbers depending on it.  The
 * symbol stays the compiler's, so it may be given again. */
void decl_grammar_version(Compiler *c, Node *n)
{
    Symbol *s = sym_lookup(c->symbols, "Grammar__Version");
    const Node *value = n->nkids ? n->kids[0] : NULL;
    const SrcLoc *at = value ? &value->loc : &n->loc;
    int64_t v;
    if (!s || !value || !fold_const(c, value, &v)) {
        diag_error(at, "Grammar__Version must be given an explicit constant "
                   "value: 1, 2 or 3 on the Z-machine, 2 on Glulx");
        return;
    }
    if (opt_setting(c->opts, "GRAMMAR_VERSION", 0)) return;
    if (v == s->value) return;
    const char *what = any_fake_action(c) ? "a fake action"
                     : c->declare->next_verb ? "an action" : NULL;
    if (what) {
        diag_error(at, "Once %s has been defined it is too late to change "
                   "Grammar__Version: it is %lld already; set it before any "
                   "Verb or Fake_Action", what, (long long)s->value);
        return;
    }
    if (!decl_grammar_version_ok(c, v, at)) return;
    s->value = v;
    c->target->grammar_version = (int)v;
}

/* Whether an action has been named yet (a grammar line, ##Name, an
 * action switch's label...): its number may depend on the meta flag. */
static bool any_action(Compiler *c)
{
    for (Symbol *s = sym_first(c->symbols); s; s = s->order_next)
        if (s->kind == SYM_ACTION) return true;
    return false;
}

/* Makes the constant GRAMMAR_META_FLAG exist exactly while the flag is
 * set, as `#Ifdef GRAMMAR_META_FLAG` asks. */
static void follow_meta_flag(Compiler *c, bool on, SrcLoc at)
{
    Symbol *f = sym_lookup(c->symbols, "GRAMMAR_META_FLAG");
    if (on && (!f || f->kind == SYM_UNDEFINED)) {
        f = sym_intern(c->symbols, "GRAMMAR_META_FLAG", at);
        f->kind = SYM_CONSTANT;
        f->value = 0;
        f->flags |= SYMF_BUILTIN | SYMF_VALUE_KNOWN | SYMF_USED;
    } else if (!on && f && (f->flags & SYMF_BUILTIN)) {
        sym_remove(c->symbols, f);
    }
}

/* As inform6 6.45 (`Constant Grammar_Meta__Value = 0 or 1;`): a number,
 * silently outranked by a $GRAMMAR_META_FLAG setting, and too late once a
 * fake action, a grammar line or any action exists, since actions are
 * numbered by it (meta ones first).  Grammar_Meta__Value is the one
 * place the flag lives (progg_build reads it). */
void decl_grammar_meta(Compiler *c, Node *n)
{
    Symbol *s = sym_lookup(c->symbols, "Grammar_Meta__Value");
    const Node *value = n->nkids ? n->kids[0] : NULL;
    const SrcLoc *at = value ? &value->loc : &n->loc;
    int64_t v;
    if (!s || !value || !fold_const(c, value, &v)) {
        diag_error(at, "Grammar_Meta__Value must be given an explicit "
                   "constant value: 0 or 1");
        return;
    }
    if (opt_setting(c->opts, "GRAMMAR_META_FLAG", -1) != -1) return;
    if (v == s->value) return;
    const char *what = any_fake_action(c) ? "a fake action has been defined"
                     : c->declare->next_verb ? "an action has been defined"
                     : any_action(c) ? "an action value has been referenced"
                     : NULL;
    if (what) {
        diag_error(at, "Once %s it is too late to change Grammar_Meta__Value: "
                   "it is %lld already; set it before any Verb, Fake_Action "
                   "or action name", what, (long long)s->value);
        return;
    }
    if (v != 0 && v != 1) {
        diag_error(at, "Grammar_Meta__Value must be 0 or 1, not %lld",
                   (long long)v);
        return;
    }
    s->value = v;
    follow_meta_flag(c, v == 1, n->loc);
}

/* The verb word of a DICT_WORD node: flags removed, lower case (the
 * dictionary lower-cases A-Z). */
static const char *verb_word(Compiler *c, const Node *w)
{
    size_t word_len, flags_len;
    const char *flags;
    text_dict_split(w->text, strlen(w->text), &word_len, &flags, &flags_len);
    char *s = arena_strndup(&c->arena, w->text, word_len);
    for (char *p = s; *p; p++) *p = (char)tolower((unsigned char)*p);
    return s;
}

/* The verb word as the dictionary keeps it: inform6 6.45 finds verbs by
 * dictionary entry, so 'stockpilexx' is the verb 'stockpile' where words
 * keep 9 characters.  (Only plain ASCII words are cut here; a word with
 * escapes is kept whole, as before, and the program's grammar, which
 * asks the target for the true key, still merges it.) */
static const char *verb_key(Compiler *c, const Node *w)
{
    const char *s = verb_word(c, w);
    size_t len = strlen(s), keep = (size_t)c->target->lim.dict_word_chars;
    if (len <= keep) return s;
    for (size_t i = 0; i < len; i++)
        if (s[i] < ' ' || s[i] > '~' || s[i] == '@' || s[i] == '^' ||
            s[i] == '~')
            return s;
    return arena_strndup(&c->arena, s, keep);
}

static Symbol *find_verb(Compiler *c, const Node *w)
{
    Symbol *s = sym_lookup(c->declare->verb_words, verb_key(c, w));
    return s && s->kind == SYM_CONSTANT ? s : NULL;
}

static void add_verb_word(Compiler *c, const Node *w, int64_t verb)
{
    Symbol *s = sym_intern(c->declare->verb_words, verb_key(c, w), w->loc);
    s->kind = SYM_CONSTANT;
    s->value = verb;
    s->loc = w->loc;
}

/* Grammar version 1 (inform6's Z-code default) has no '/' alternatives
 * and no 'reverse'; the library asks for version 2 with a constant. */
static void check_grammar_version(Compiler *c, const Node *line,
                                  const Symbol *gv)
{
    if (!gv || !(gv->flags & SYMF_VALUE_KNOWN) || gv->value != 1) return;
    static const char advice[] = "needs grammar version 2: define 'Constant "
        "Grammar__Version 2;' before the first Verb (the library does)";
    for (int i = 0; i < line->nkids; i++) {
        const Node *t = line->kids[i];
        if (t && t->kind == NODE_GT_PREP && t->nkids > 1)
            diag_error(&t->kids[1]->loc, "'/' between prepositions %s", advice);
        if (t && t->kind == NODE_GRAMMAR_ACTION && (t->num & GAF_REVERSE))
            diag_error(&t->loc, "'reverse' %s", advice);
    }
}

/* A line's own `-> Action meta` needs the meta flag, as in inform6 6.45
 * (without it only a whole verb is meta, through its dictionary words). */
static void check_line_meta(Compiler *c, const Node *act)
{
    if (!(act->num & GAF_META)) return;
    const Symbol *m = sym_lookup(c->symbols, "Grammar_Meta__Value");
    if (m && m->value == 1) return;
    diag_error(&act->loc, "$GRAMMAR_META_FLAG must be set before marking "
               "individual actions as 'meta': give $GRAMMAR_META_FLAG=1, or "
               "'Constant Grammar_Meta__Value = 1;' before the first Verb, or "
               "write 'Verb meta ...' for a whole verb");
}

static void declare_actions(Compiler *c, const Node *n, int first_line)
{
    const Symbol *gv = sym_lookup(c->symbols, "Grammar__Version");
    for (int i = first_line; i < n->nkids; i++) {
        const Node *line = n->kids[i];
        if (!line || line->kind != NODE_GRAMMAR_LINE || !line->nkids) continue;
        check_grammar_version(c, line, gv);
        const Node *act = line->kids[line->nkids - 1];
        if (!act || act->kind != NODE_GRAMMAR_ACTION || !act->text) continue;
        check_line_meta(c, act);
        Symbol *s = sym_action(c->symbols, act->text, act->loc);
        if (s->kind == SYM_FAKE_ACTION) {
            diag_error(&act->loc, "'%s' is a fake action (%s): a grammar "
                       "line needs a real action, with a routine %sSub",
                       act->text, decl_where(c, s), act->text);
        }
        s->flags |= SYMF_USED;
    }
}

/* A Verb whose words are all one existing verb adds to it (6.43: with a
 * warning, as `Extend last`); words of two different verbs are an error. */
static bool verb_words_new(Compiler *c, const Node *words, int64_t *existing)
{
    *existing = -1;
    int fresh = 0;
    for (int i = 0; i < words->nkids; i++) {
        Symbol *s = find_verb(c, words->kids[i]);
        if (!s) {
            fresh++;
            continue;
        }
        if (*existing >= 0 && s->value != *existing) {
            diag_error(&words->kids[i]->loc, "'%s' already belongs to another "
                       "verb; a verb word can belong to only one verb",
                       verb_word(c, words->kids[i]));
            return false;
        }
        *existing = s->value;
    }
    if (*existing < 0 || !fresh) return true;
    /* Some words are a verb's and some new: as inform6 6.45, no
     * `Extend last` can be meant. */
    for (int i = 0; i < words->nkids; i++)
        if (find_verb(c, words->kids[i]))
            diag_error(&words->kids[i]->loc, "Two different verb definitions "
                       "refer to '%s': it is already a verb, and this Verb "
                       "has new words too; add words to a verb with 'Verb "
                       "'new' = '%s';' and grammar with 'Extend'",
                       verb_word(c, words->kids[i]),
                       verb_word(c, words->kids[i]));
    return false;
}

void decl_verb(Compiler *c, Node *n)
{
    const Node *words = n->nkids ? n->kids[0] : NULL;
    if (!words) return;
    Node *syn = n->nkids > 1 ? n->kids[1] : NULL;
    if (syn && syn->kind == NODE_VERB_SYNONYM) {
        Symbol *target = syn->nkids ? find_verb(c, syn->kids[0]) : NULL;
        if (!target) {
            diag_error(syn->nkids ? &syn->kids[0]->loc : &syn->loc,
                       "'%s' is not a verb defined before this point",
                       syn->nkids ? verb_word(c, syn->kids[0]) : "?");
            return;
        }
        for (int i = 0; i < words->nkids; i++)
            add_verb_word(c, words->kids[i], target->value);
        return;
    }
    int64_t existing;
    if (!verb_words_new(c, words, &existing)) return;
    if (existing >= 0)
        diag_warning(&n->loc, "'%s' is already a verb; these grammar lines "
                     "are added after its others, as 'Extend last' would",
                     verb_word(c, words->kids[0]));
    int64_t verb = existing >= 0 ? existing : c->declare->next_verb++;
    for (int i = 0; i < words->nkids; i++)
        add_verb_word(c, words->kids[i], verb);
    declare_actions(c, n, 1);
}

/* Whether any verb word still leads to verb number `verb`. */
static bool verb_has_words(Compiler *c, int64_t verb)
{
    for (Symbol *s = sym_first(c->declare->verb_words); s; s = s->order_next)
        if (s->kind == SYM_CONSTANT && s->value == verb) return true;
    return false;
}

void decl_extend(Compiler *c, Node *n)
{
    const Node *words = n->nkids ? n->kids[0] : NULL;
    if (!words) return;
    int64_t verb = -1;
    for (int i = 0; i < words->nkids; i++) {
        Symbol *s = find_verb(c, words->kids[i]);
        if (!s) {
            diag_error(&words->kids[i]->loc, "there is no earlier grammar "
                       "for the verb '%s' to extend; use 'Verb' to define it",
                       verb_word(c, words->kids[i]));
            declare_actions(c, n, 1);   /* its actions are still uses */
            return;
        }
        verb = s->value;
    }
    if (n->num & EXTEND_ONLY) {
        /* The named words become a verb of their own. */
        verb = c->declare->next_verb++;
        for (int i = 0; i < words->nkids; i++) {
            Symbol *old = find_verb(c, words->kids[i]);
            int64_t was = old->value;
            SrcLoc at = old->loc;
            add_verb_word(c, words->kids[i], verb);
            if (!verb_has_words(c, was))
                diag_warning(&at, "Verb declaration no longer has any verbs "
                             "associated. Use \"Extend replace\" instead of "
                             "\"Extend only\"? (the 'Extend only' at line %u "
                             "took its last word, and its grammar lines are "
                             "left with no word to reach them)", n->loc.line);
        }
    }
    (void)verb;
    declare_actions(c, n, 1);
}
