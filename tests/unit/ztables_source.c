/* ztables_source.c: reads the grammar part of a test program into a
 * Build (see build_source in ztables_harness.h).  A test convenience, not
 * a parser of Inform: directives are recognised by their first word
 * wherever it stands, so test programs keep to simple forms. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ztables_harness.h"

typedef enum { T_END, T_IDENT, T_SQ, T_DQ, T_ACTION, T_ARROW, T_PUNCT } TokKind;

typedef struct Reader {
    Build *b;
    const char *p;
    TokKind kind;
    char text[128];
    char *attrs[48];
    int nattrs;
    bool ok;
} Reader;

static void next(Reader *r)
{
    for (;;) {
        while (isspace((unsigned char)*r->p)) r->p++;
        if (*r->p != '!') break;
        while (*r->p && *r->p != '\n') r->p++;
    }
    const char *s = r->p;
    size_t n = 0;
    r->text[0] = 0;
    if (!*s) {
        r->kind = T_END;
        return;
    }
    if (*s == '\'' || *s == '"') {
        char q = *s++;
        while (s[n] && s[n] != q) n++;
        r->kind = q == '\'' ? T_SQ : T_DQ;
        r->p = s + n + (s[n] ? 1 : 0);
    } else if (s[0] == '#' && s[1] == '#') {
        s += 2;
        while (isalnum((unsigned char)s[n]) || s[n] == '_') n++;
        r->kind = T_ACTION;
        r->p = s + n;
    } else if (isalnum((unsigned char)*s) || *s == '_') {
        while (isalnum((unsigned char)s[n]) || s[n] == '_') n++;
        r->kind = T_IDENT;
        r->p = s + n;
    } else if (s[0] == '-' && s[1] == '>') {
        n = 2;
        r->kind = T_ARROW;
        r->p = s + 2;
    } else {
        n = 1;
        r->kind = T_PUNCT;
        r->p = s + 1;
    }
    if (n >= sizeof r->text) n = sizeof r->text - 1;
    memcpy(r->text, s, n);
    r->text[n] = 0;
}

static bool is(const Reader *r, TokKind k, const char *text)
{
    return r->kind == k && (!text || !strcasecmp(r->text, text));
}

static void fail(Reader *r, const char *what)
{
    CHECK(false, "build_source: %s at '%s'", what, r->text);
    r->ok = false;
}

static int attribute(const Reader *r, const char *name)
{
    for (int i = 0; i < r->nattrs; i++)
        if (!strcasecmp(r->attrs[i], name)) return i;
    return -1;
}

/* ##Name or -> Name: the action, made (and named) on first mention; -1
 * for a fake action. */
static const SrcLoc nowhere;

static int action(Reader *r, const char *name)
{
    for (int k = 0; k < r->b->pg->nfakes; k++)
        if (!strcasecmp(r->b->pg->fakes[k].name, name)) return -1;
    int n = r->b->pg->nactions;
    int a = progg_action(r->b->pg, name, nowhere);
    if (a == n) zi_symbol(r->b->ids, ZI_ACTION, a, name, false);
    return a;
}

static int word(Reader *r)
{
    return progg_word_text(r->b->pg, r->text, nowhere);
}

static bool elementary(const char *s, uint8_t *kind)
{
    static const char *const names[] = { "noun", "held", "multi",
        "multiheld", "multiexcept", "multiinside", "creature", "special",
        "number", "topic" };
    for (int i = 0; i < 10; i++)
        if (!strcasecmp(s, names[i])) return *kind = (uint8_t)i, true;
    return false;
}

/* One token of a grammar line; the reader is on it. */
static PgToken token(Reader *r)
{
    PgToken t = { .word = -1 };
    if (r->kind == T_SQ || r->kind == T_DQ) {
        t.kind = PGT_PREP;
        t.word = word(r);
    } else if ((is(r, T_IDENT, "noun") || is(r, T_IDENT, "scope")) &&
               *r->p == '=') {
        t.kind = is(r, T_IDENT, "noun") ? PGT_NOUN_ROUTINE : PGT_SCOPE_ROUTINE;
        next(r);
        next(r);
        t.value = build_routine_ir(r->b, r->text);
    } else if (r->kind == T_IDENT && elementary(r->text, &t.kind)) {
        /* the kind is the token */
    } else if (r->kind == T_IDENT && attribute(r, r->text) >= 0) {
        t.kind = PGT_ATTRIBUTE;
        t.value = ir_num(attribute(r, r->text));
    } else if (r->kind == T_IDENT) {
        t.kind = PGT_ROUTINE;
        t.value = build_routine_ir(r->b, r->text);
    } else {
        fail(r, "not a grammar token");
    }
    next(r);
    if (is(r, T_PUNCT, "/")) {
        t.slash_after = true;
        next(r);
    }
    return t;
}

/* `* tokens -> Action [reverse] [meta]` lines up to the ';'. */
static void lines(Reader *r)
{
    while (r->ok && is(r, T_PUNCT, "*")) {
        PgToken toks[40];
        int n = 0;
        next(r);
        while (r->ok && r->kind != T_ARROW && r->kind != T_END && n < 40)
            toks[n++] = token(r);
        next(r);
        PgLine line = { toks, n, action(r, r->text), false, false, nowhere };
        next(r);
        for (;; next(r)) {
            if (is(r, T_IDENT, "reverse")) line.reverse = true;
            else if (is(r, T_IDENT, "meta")) line.meta = true;
            else break;
        }
        progg_line(r->b->pg, &line);
    }
    if (!is(r, T_PUNCT, ";")) fail(r, "expected ';' after grammar lines");
    progg_end_lines(r->b->pg);
}

/* Quoted words into ids; returns how many. */
static int words(Reader *r, int *ids)
{
    int n = 0;
    while ((r->kind == T_SQ || r->kind == T_DQ) && n < 16) {
        ids[n++] = word(r);
        next(r);
    }
    return n;
}

static void verb(Reader *r)
{
    int ids[16];
    next(r);
    bool meta = is(r, T_IDENT, "meta");
    if (meta) next(r);
    int n = words(r, ids);
    if (is(r, T_PUNCT, "=")) {
        next(r);
        CHECK(progg_verb_alias(r->b->pg, ids, n, meta, word(r), nowhere),
              "alias");
        next(r);
        return;
    }
    int v = progg_verb(r->b->pg, ids, n, meta, nowhere);
    progg_begin_lines(r->b->pg, v, PGM_NEW);
    lines(r);
}

static void extend(Reader *r)
{
    int ids[16], v;
    next(r);
    if (is(r, T_IDENT, "only")) {
        next(r);
        int n = words(r, ids);
        v = progg_extend_only(r->b->pg, ids, n, nowhere);
    } else {
        v = progg_verb_of_word(r->b->pg, word(r));
        next(r);
    }
    CHECK(v >= 0, "Extend of no verb");
    PgMode mode = PGM_LAST;
    if (is(r, T_IDENT, "first")) mode = PGM_FIRST;
    else if (is(r, T_IDENT, "replace")) mode = PGM_REPLACE;
    if (r->kind == T_IDENT) next(r);
    progg_begin_lines(r->b->pg, v, mode);
    lines(r);
}

static void directive_name(Reader *r, ZIdKind kind)
{
    next(r);
    if (kind == ZI_ATTRIBUTE) {
        zi_symbol(r->b->ids, ZI_ATTRIBUTE, r->nattrs, r->text, false);
        r->attrs[r->nattrs++] = strdup(r->text);
        r->b->attributes = r->nattrs;
    } else {
        int k = progg_fake_action(r->b->pg, r->text, NULL, nowhere);
        zi_symbol(r->b->ids, ZI_FAKE_ACTION, r->b->pg->fakes[k].value,
                  r->text, false);
    }
}

bool build_source(Build *b, const char *source)
{
    Reader r = { .b = b, .p = source, .ok = true };
    for (next(&r); r.ok && r.kind != T_END; next(&r)) {
        if (is(&r, T_IDENT, "Attribute")) directive_name(&r, ZI_ATTRIBUTE);
        else if (is(&r, T_IDENT, "Fake_action"))
            directive_name(&r, ZI_FAKE_ACTION);
        else if (is(&r, T_IDENT, "Verb")) verb(&r);
        else if (is(&r, T_IDENT, "Extend")) extend(&r);
        else if (r.kind == T_ACTION) action(&r, r.text);
        else if (r.kind == T_SQ && (strlen(r.text) > 1 || strstr(r.text, "//")))
            build_word(b, r.text);
    }
    for (int a = 0; a < b->pg->nactions; a++) {
        char sub[160];
        snprintf(sub, sizeof sub, "%sSub", b->pg->actions[a].name);
        b->pg->actions[a].routine = build_routine_ir(b, sub);
    }
    for (int i = 0; i < r.nattrs; i++) free(r.attrs[i]);
    return r.ok;
}
