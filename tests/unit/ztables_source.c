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

/* ##Name or -> Name: the action, made (and named) on first mention. */
static int action(Reader *r, const char *name)
{
    int a = za_find(r->b->acts, name);
    if (a >= 0) return a;
    a = za_action(r->b->acts, name);
    zi_symbol(r->b->ids, ZI_ACTION, a, name, false);
    return a;
}

static int word(Reader *r)
{
    return zd_add_text(r->b->dict, r->text, 0, 0, 0);
}

static bool elementary(const char *s, uint32_t *code)
{
    static const char *const names[] = { "noun", "held", "multi",
        "multiheld", "multiexcept", "multiinside", "creature", "special",
        "number", "topic" };
    for (uint32_t i = 0; i < 10; i++)
        if (!strcasecmp(s, names[i])) return *code = i, true;
    return false;
}

/* One token of a grammar line; the reader is on it. */
static ZGToken token(Reader *r)
{
    ZGToken t = { 0 };
    if (r->kind == T_SQ || r->kind == T_DQ) {
        t.kind = ZGT_PREP;
        t.data = (uint32_t)word(r);
    } else if ((is(r, T_IDENT, "noun") || is(r, T_IDENT, "scope")) &&
               *r->p == '=') {
        t.kind = is(r, T_IDENT, "noun") ? ZGT_NOUN_ROUTINE : ZGT_SCOPE_ROUTINE;
        next(r);
        next(r);
        t.data = build_routine(r->b, r->text);
    } else if (r->kind == T_IDENT && elementary(r->text, &t.data)) {
        t.kind = ZGT_ELEMENTARY;
    } else if (r->kind == T_IDENT && attribute(r, r->text) >= 0) {
        t.kind = ZGT_ATTR;
        t.data = (uint32_t)attribute(r, r->text);
    } else if (r->kind == T_IDENT) {
        t.kind = ZGT_ROUTINE;
        t.data = build_routine(r->b, r->text);
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
        ZGToken toks[40];
        int n = 0;
        next(r);
        while (r->ok && r->kind != T_ARROW && r->kind != T_END && n < 40)
            toks[n++] = token(r);
        next(r);
        ZGLine line = { toks, n, action(r, r->text), false, false };
        next(r);
        for (;; next(r)) {
            if (is(r, T_IDENT, "reverse")) line.reverse = true;
            else if (is(r, T_IDENT, "meta")) line.meta = true;
            else break;
        }
        bool ok = zg_line(r->b->gram, &line);
        CHECK(ok || zg_error_is_warning(r->b->gram), "zg_line: %s",
              zg_error(r->b->gram));
    }
    if (!is(r, T_PUNCT, ";")) fail(r, "expected ';' after grammar lines");
    zg_end_lines(r->b->gram);
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
        CHECK(zg_verb_alias(r->b->gram, ids, n, meta, word(r)), "alias: %s",
              zg_error(r->b->gram));
        next(r);
        return;
    }
    int v = zg_verb(r->b->gram, ids, n, meta);
    CHECK(v >= 0, "zg_verb: %s", zg_error(r->b->gram));
    zg_begin_lines(r->b->gram, v, ZG_NEW);
    lines(r);
}

static void extend(Reader *r)
{
    int ids[16], v;
    next(r);
    if (is(r, T_IDENT, "only")) {
        next(r);
        int n = words(r, ids);
        v = zg_extend_only(r->b->gram, ids, n);
    } else {
        v = zg_verb_of_word(r->b->gram, word(r));
        next(r);
    }
    CHECK(v >= 0, "Extend: %s", zg_error(r->b->gram));
    ZGMode mode = ZG_LAST;
    if (is(r, T_IDENT, "first")) mode = ZG_FIRST;
    else if (is(r, T_IDENT, "replace")) mode = ZG_REPLACE;
    if (r->kind == T_IDENT) next(r);
    zg_begin_lines(r->b->gram, v, mode);
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
        int a = za_fake_action(r->b->acts, r->text);
        zi_symbol(r->b->ids, ZI_FAKE_ACTION, a, r->text, false);
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
    for (int a = 0; a < za_count(b->acts); a++) {
        char sub[160];
        snprintf(sub, sizeof sub, "%sSub", za_name(b->acts, a));
        za_set_routine(b->acts, a, build_routine(b, sub));
    }
    for (int i = 0; i < r.nattrs; i++) free(r.attrs[i]);
    return r.ok;
}
