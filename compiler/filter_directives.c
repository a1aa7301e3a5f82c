/* filter_directives.c: the directives the filter reads itself.
 *
 * Takes the word of a directive that may appear anywhere (at the top
 * level, or with '#' inside a routine or an object) and reads the rest of
 * it from the filter's raw tokens: Include opens a file, End closes one,
 * System_file marks one; If.../Ifnot/Endif decide which text the parser
 * sees (Iftrue with a small evaluator over the constants declared so
 * far); Message, Origsource and Trace become nodes for declare; Import and
 * Link are reported as removed.  See docs/internals.md. */
#include "filter_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "hashmap.h"
#include "source.h"
#include "text.h"

/* ---------------------------------------------------------------- names */

/* The directive words (compiler/keywords.def), and a map of them made at
 * the first lookup and never changed after that. */
static const DirWord dir_words[] = {
#define DIRECTIVE(token, word, shape) \
    { word, sizeof word - 1, DIR_##token, 0, DIR_IS_##shape },
#define FILTER_DIRECTIVE(name, word) { word, sizeof word - 1, 0, FD_##name, 0 },
#include "keywords.def"
};
static HashMap dir_map;

/* A hash of a word from its first and last characters, case folded (as
 * far as the comparison of letters needs), and its length: skipped text
 * asks about every word it holds, so it must be cheap. */
static uint32_t dir_hash(const char *p, size_t n)
{
    uint32_t x = (uint32_t)((unsigned char)p[0] | 0x20) |
                 (uint32_t)((unsigned char)p[n - 1] | 0x20) << 8 |
                 (uint32_t)n << 16;
    x *= 0x9E3779B1u;
    return x ^ x >> 16;
}

const DirWord *flt_dir_lookup(const Tok *t)
{
    if (!dir_map.count)
        for (size_t i = 0; i < sizeof dir_words / sizeof *dir_words; i++)
            hm_add(&dir_map, dir_hash(dir_words[i].name, dir_words[i].len),
                   (uint32_t)i);
    if (t->len == 0) return NULL;
    for (HmProbe p = hm_probe(dir_hash(t->text, t->len)); hm_next(&dir_map, &p);) {
        const DirWord *d = &dir_words[p.index];
        if (d->len == t->len && !strncasecmp(d->name, t->text, t->len))
            return d;
    }
    return NULL;
}

/* ------------------------------------------------- conditional compilation */

/* Reads a ';' when one is next; otherwise leaves the token to be read
 * again (by flt_expect_semicolon, whose message is then worth making). */
static bool semicolon_next(Frontend *f)
{
    Raw t;
    flt_raw_read(f, &t);
    if (t.kind == ';') return true;
    flt_put_back(f, t);
    return false;
}

/* inform6 keeps 32 open If... directives at most (MAX_IFDEF_STACK, fixed);
 * a source nesting more would not compile there, so it is refused here
 * too, with inform6's words. */
#define MAX_OPEN_IFS 32

static void push_if(Frontend *f, SrcLoc loc, const Tok *word, bool in_else)
{
    if (f->nifs == MAX_OPEN_IFS)
        diag_error(&loc, "'If' directives nested too deeply: this '%.*s' "
                   "opens level %d, and inform6 allows %d",
                   (int)word->len, word->text, MAX_OPEN_IFS + 1, MAX_OPEN_IFS);
    int depth = f->routine_depth && f->depth >= f->routine_depth
                ? f->routine_depth : 0;
    VEC_PUSH(NULL, f->ifs, f->nifs, f->capifs,
             (IfFrame){ loc, flt_tok_str(f, word), in_else, depth });
}

/* An If... opened inside a routine must close inside it; the routine's
 * ']' (at `end`) closes it otherwise, with this error. */
void flt_if_left_open(Frontend *f, SrcLoc if_loc, const char *word,
                         SrcLoc end)
{
    if (f->routine_name.text)
        diag_error(&if_loc, "this '#%s' inside routine '%.*s' is not closed "
                   "by '#Endif' before the routine ends (at line %u)", word,
                   (int)f->routine_name.len, f->routine_name.text, end.line);
    else
        diag_error(&if_loc, "this '#%s' inside a routine is not closed by "
                   "'#Endif' before the routine ends (at line %u)", word,
                   end.line);
}

/* Skips text that is compiled out, up to the Endif that closes it (or,
 * when `ifnot_ends` and the If... has had no Ifnot yet, to an Ifnot at
 * the same level, after which the text is live again).  Skipped text is
 * tokenised but not parsed; any directive word counts, with or without
 * '#', as in inform6. */
static void skip_branch(Frontend *f, SrcLoc if_loc, const Tok *if_word,
                        bool ifnot_ends)
{
    int level = 1;
    bool in_routine = f->routine_depth && f->depth >= f->routine_depth;
    int brackets = 0;
    Raw t;
    for (;;) {
        flt_raw_read(f, &t);
        if (in_routine && t.kind == '[') brackets++;
        if (in_routine && t.kind == ']' && --brackets < 0) {
            /* The routine ends inside the skipped text: stop there; the
             * If... stays open for the Endif that was meant for it. */
            flt_if_left_open(f, if_loc, flt_tok_str(f, if_word), t.loc);
            flt_put_back(f, t);
            push_if(f, if_loc, if_word, false);
            f->ifs[f->nifs - 1].depth = 0;
            return;
        }
        if (t.kind == 0) {
            diag_error(&if_loc, "this '%.*s' has no matching 'Endif', so "
                       "everything after it was left out",
                       (int)if_word->len, if_word->text);
            return;
        }
        if (!is_word(t.kind)) continue;
        const DirWord *d = flt_dir_lookup(&t.v);
        if (!d) continue;
        switch (d->filter) {
        case FD_IFDEF: case FD_IFNDEF: case FD_IFTRUE: case FD_IFFALSE:
        case FD_IFV3: case FD_IFV5:
            level++;
            break;
        case FD_ENDIF:
            if (--level == 0) {
                flt_expect_semicolon(f, "'Endif'");
                return;
            }
            break;
        case FD_IFNOT:
            if (level != 1) break;
            if (!ifnot_ends) {
                diag_error(&t.loc, "a second 'Ifnot' for the same '%.*s'",
                           (int)if_word->len, if_word->text);
                break;
            }
            flt_expect_semicolon(f, "'Ifnot'");
            push_if(f, if_loc, if_word, true);
            return;
        default:
            break;
        }
    }
}

/* ---- the constant expression of Iftrue / Iffalse ---- */

typedef struct Eval {
    Frontend *f;
    Raw t;           /* the current token */
    bool ok;
} Eval;

static void ev_next(Eval *e) { e->t = flt_raw_next(e->f); }

static void ev_fail(Eval *e, const char *what)
{
    if (e->ok)
        diag_error(&e->t.loc, "expected %s in the condition, found %s",
                   what, flt_describe(e->f, &e->t));
    e->ok = false;
}

static int64_t ev_logic(Eval *e);

static int64_t ev_primary(Eval *e)
{
    int64_t v = 0;
    Raw t = e->t;
    switch (t.kind) {
    case NUMBER:
    case CHAR_LIT:
        if ((t.v.flags & TOKF_FLOAT) && !e->f->c->target->floats)
            diag_error(&t.loc, "floating-point numbers exist only in Glulx");
        v = t.v.num;
        ev_next(e);
        return v;
    case '#':
        ev_next(e);
        if (e->t.kind != IDENT) { ev_fail(e, "a system constant name"); return 0; }
        {
            char *name = flt_tok_str(e->f, &e->t.v);
            if (!target_sysconst(e->f->c, name, &v)) {
                diag_error(&e->t.loc, "'#%s' is not known when the source "
                           "is read, so it cannot be used in a condition",
                           name);
                e->ok = false;
            }
        }
        ev_next(e);
        return v;
    case LPAREN:
        ev_next(e);
        v = ev_logic(e);
        if (e->t.kind != ')') { ev_fail(e, "')'"); return v; }
        ev_next(e);
        return v;
    default:
        if (is_word(t.kind)) {
            if (!decl_const_value(e->f->c, flt_tok_str(e->f, &t.v), t.loc, &v))
                e->ok = false;
            ev_next(e);
            return v;
        }
        ev_fail(e, "a constant");
        return 0;
    }
}

static int64_t ev_unary(Eval *e)
{
    if (e->t.kind == '-') {
        ev_next(e);
        return -ev_unary(e);
    }
    return ev_primary(e);
}

/* Level 6: * / % & |, with prefix ~ at 5.5 (~a & b is ~(a & b)). */
static int64_t ev_product(Eval *e)
{
    if (e->t.kind == '~') {
        ev_next(e);
        return ~ev_product(e);
    }
    int64_t v = ev_unary(e);
    for (;;) {
        int op = e->t.kind;
        if (op != '*' && op != '/' && op != '%' && op != '&' && op != '|')
            return v;
        SrcLoc at = e->t.loc;
        ev_next(e);
        int64_t r = e->t.kind == '~' ? ev_product(e) : ev_unary(e);
        switch (op) {
        case '*': v *= r; break;
        case '&': v &= r; break;
        case '|': v |= r; break;
        default:
            if (r == 0) {
                if (e->ok) diag_error(&at, "division by zero in a condition");
                e->ok = false;
            } else v = op == '/' ? v / r : v % r;
        }
    }
}

static int64_t ev_sum(Eval *e)
{
    int64_t v = ev_product(e);
    while (e->t.kind == '+' || e->t.kind == '-') {
        int op = e->t.kind;
        ev_next(e);
        int64_t r = ev_product(e);
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

static int64_t ev_compare(Eval *e)
{
    int64_t v = ev_sum(e);
    int op = e->t.kind;
    if (op != EQ && op != NE && op != '<' && op != '>' && op != LE &&
        op != GE)
        return v;
    ev_next(e);
    int64_t r = ev_sum(e);
    switch (op) {
    case EQ: v = v == r; break;
    case NE: v = v != r; break;
    case '<': v = v < r; break;
    case '>': v = v > r; break;
    case LE: v = v <= r; break;
    default: v = v >= r; break;
    }
    op = e->t.kind;
    if (op == EQ || op == NE || op == '<' || op == '>' || op == LE ||
        op == GE) {
        if (e->ok)
            diag_error(&e->t.loc, "comparisons cannot be chained; add "
                       "brackets to say which comes first");
        e->ok = false;
    }
    return v;
}

/* Level 2 (&& ||, left to right), with prefix ~~ at 1.5. */
static int64_t ev_logic(Eval *e)
{
    if (e->t.kind == NOTNOT) {
        ev_next(e);
        return !ev_logic(e);
    }
    int64_t v = ev_compare(e);
    while (e->t.kind == ANDAND || e->t.kind == OROR) {
        int op = e->t.kind;
        ev_next(e);
        int64_t r;
        if (e->t.kind == NOTNOT) {
            ev_next(e);
            r = !ev_logic(e);
        } else r = ev_compare(e);
        v = op == ANDAND ? (v && r) : (v || r);
    }
    return v;
}

/* Reads `expr ;` and returns whether the condition holds. */
static bool eval_condition(Frontend *f, const Tok *word)
{
    Eval e = { f, flt_raw_next(f), true };
    if (e.t.kind == ';') {
        diag_error(&e.t.loc, "'%.*s' needs a condition before the ';'",
                   (int)word->len, word->text);
        return false;
    }
    int64_t v = ev_logic(&e);
    if (e.t.kind != ';') {
        if (e.ok)
            diag_error(&e.t.loc, "expected ';' after the condition of "
                       "'%.*s', found %s", (int)word->len, word->text,
                       flt_describe(f, &e.t));
        flt_put_back(f, e.t);
        flt_skip_statement(f);
        return false;
    }
    return e.ok && v != 0;
}

/* Ifdef: "defined so far"; VN_nnnn is defined for versions up to ours. */
static bool is_defined(Frontend *f, const Tok *name)
{
    if (name->len == 7 && !strncmp(name->text, "VN_", 3)) {
        int n = 0;
        for (int i = 3; i < 7; i++) {
            char ch = name->text[i];
            if (ch < '0' || ch > '9') { n = -1; break; }
            n = n * 10 + ch - '0';
        }
        if (n >= 0) return n <= 1645;
    }
    char *text = flt_tok_str(f, name);
    decl_note_ifdef(f->c, text, f->routine_depth && f->routine_name.len
                                ? flt_tok_str(f, &f->routine_name) : NULL);
    return decl_is_defined(f->c, text);
}

static void do_if(Frontend *f, const DirWord *d, const Raw *w)
{
    bool cond = false;
    switch (d->filter) {
    case FD_IFDEF:
    case FD_IFNDEF: {
        Raw t = flt_raw_next(f);
        if (!is_word(t.kind)) {
            /* Read on as if it held, so that its Endif still matches. */
            diag_error(&t.loc, "expected a name after '%.*s', found %s",
                       (int)w->v.len, w->v.text, flt_describe(f, &t));
            if (t.kind != ';') {
                flt_put_back(f, t);
                flt_skip_statement(f);
            }
            push_if(f, w->loc, &w->v, false);
            return;
        }
        cond = is_defined(f, &t.v) == (d->filter == FD_IFDEF);
        if (!semicolon_next(f))
            flt_expect_semicolon(f, arena_printf(&f->c->arena, "'%.*s %.*s'",
                             (int)w->v.len, w->v.text, (int)t.v.len, t.v.text));
        break;
    }
    case FD_IFTRUE:
    case FD_IFFALSE:
        cond = eval_condition(f, &w->v) == (d->filter == FD_IFTRUE);
        break;
    case FD_IFV3:
    case FD_IFV5:
        cond = f->c->target->ifv3 == (d->filter == FD_IFV3);
        if (!semicolon_next(f))
            flt_expect_semicolon(f, arena_printf(&f->c->arena, "'%.*s'",
                                             (int)w->v.len, w->v.text));
        break;
    }
    if (cond) push_if(f, w->loc, &w->v, false);
    else skip_branch(f, w->loc, &w->v, true);
}

static void do_ifnot(Frontend *f, const Raw *w)
{
    flt_expect_semicolon(f, "'Ifnot'");
    if (!f->nifs) {
        diag_error(&w->loc, "'Ifnot' without a matching 'If...' before it");
        return;
    }
    IfFrame *fr = &f->ifs[f->nifs - 1];
    if (fr->in_else) {
        /* What follows belongs to neither branch: leave it out. */
        diag_error(&w->loc, "a second 'Ifnot' for the same '%s'", fr->word);
        f->nifs--;
        Tok word = { fr->word, (uint32_t)strlen(fr->word), 0, 0 };
        skip_branch(f, fr->loc, &word, false);
        return;
    }
    /* The If... branch was live, so the Ifnot branch is left out. */
    f->nifs--;
    Tok word = { fr->word, (uint32_t)strlen(fr->word), 0, 0 };
    skip_branch(f, fr->loc, &word, false);
}

static void do_endif(Frontend *f, const Raw *w)
{
    flt_expect_semicolon(f, "'Endif'");
    if (!f->nifs)
        diag_error(&w->loc, "'Endif' without a matching 'If...' before it");
    else
        f->nifs--;
}

/* ---------------------------------------------------------------- other
 * directives the filter reads */

static Node *string_node(Frontend *f, const Raw *t)
{
    if (text_check(t->v.text, t->v.len, t->loc, TEXT_STRING) &&
        memchr(t->v.text, '@', t->v.len))
        text_check_dynamic(t->v.text, t->v.len, t->loc,
                           opt_setting_value(f->c->opts, "MAX_DYNAMIC_STRINGS"));
    return ast_new_text(&f->c->arena, NODE_STRING, t->loc, flt_tok_str(f, &t->v));
}

static void hand_over(Frontend *f, Node *n)
{
    decl_directive(f->c, n);
}

static void do_message(Frontend *f, const Raw *w)
{
    Raw t = flt_raw_next(f);
    int kind = MSG_INFO;
    if (t.kind == IDENT) {
        if (flt_tok_is(&t.v, "error")) kind = MSG_ERROR;
        else if (flt_tok_is(&t.v, "warning")) kind = MSG_WARNING;
        else if (flt_tok_is(&t.v, "fatalerror")) kind = MSG_FATAL;
        if (kind != MSG_INFO) t = flt_raw_next(f);
    }
    if (t.kind != STRING_LIT) {
        diag_error(&t.loc, "expected a message in double quotes (after "
                   "'error', 'warning' or 'fatalerror' if you like), found %s",
                   flt_describe(f, &t));
        flt_put_back(f, t);
        flt_skip_statement(f);
        return;
    }
    Node *n = ast_new_num(&f->c->arena, NODE_MESSAGE, w->loc, kind);
    ast_add(&f->c->arena, n, string_node(f, &t));
    flt_expect_semicolon(f, "the message");
    hand_over(f, n);
}

static void do_origsource(Frontend *f, const Raw *w)
{
    Arena *a = &f->c->arena;
    Node *n = ast_new(a, NODE_ORIGSOURCE, w->loc);
    Node *kids[3] = { NULL, NULL, NULL };
    Raw t = flt_raw_next(f);
    for (int i = 0; i < 3 && t.kind != ';'; i++) {
        if (i == 0 && t.kind == STRING_LIT)
            kids[0] = string_node(f, &t);
        else if (i > 0 && t.kind == NUMBER)
            kids[i] = ast_new_num(a, NODE_NUMBER, t.loc, t.v.num);
        else {
            diag_error(&t.loc, "expected %s in 'Origsource', found %s",
                       i == 0 ? "a file name in double quotes"
                              : "a line or character number",
                       flt_describe(f, &t));
            flt_put_back(f, t);
            flt_skip_statement(f);
            return;
        }
        t = flt_raw_next(f);
    }
    if (t.kind != ';') {
        diag_error(&t.loc, "expected ';' after 'Origsource', found %s",
                   flt_describe(f, &t));
        flt_put_back(f, t);
        flt_skip_statement(f);
        return;
    }
    for (int i = 0; i < 3; i++) ast_add(a, n, kids[i]);
    hand_over(f, n);
}

static const char *const trace_words[] = {
    "dictionary", "symbols", "objects", "verbs", "assembly", "expressions",
    "lines", "tokens", "linker", "on", "off",
};

static void do_trace(Frontend *f, const Raw *w)
{
    char buf[256];
    size_t used = 0;
    buf[0] = 0;
    for (;;) {
        Raw t = flt_raw_next(f);
        if (t.kind == ';' || t.kind == 0) break;
        bool ok = t.kind == NUMBER;
        for (size_t i = 0; !ok && i < sizeof trace_words / sizeof *trace_words; i++)
            ok = is_word(t.kind) && flt_tok_is(&t.v, trace_words[i]);
        if (!ok)
            diag_error(&t.loc, "expected one of the Trace words (assembly, "
                       "dictionary, expressions, lines, linker, objects, "
                       "symbols, tokens, verbs, on, off) or a number, found "
                       "%s", flt_describe(f, &t));
        if (t.v.text && used + t.v.len + 2 < sizeof buf) {
            if (used) buf[used++] = ' ';
            memcpy(buf + used, t.v.text, t.v.len);
            used += t.v.len;
            buf[used] = 0;
        }
    }
    hand_over(f, ast_new_text(&f->c->arena, NODE_TRACE, w->loc,
                              arena_strdup(&f->c->arena, buf)));
}

static void do_obsolete(Frontend *f, const Raw *w)
{
    diag_error(&w->loc, "the '%.*s' directive was removed from Inform in "
               "version 6.40 (it served the old module system); delete it",
               (int)w->v.len, w->v.text);
    flt_skip_statement(f);
    hand_over(f, ast_new_text(&f->c->arena, NODE_OBSOLETE, w->loc,
                              flt_tok_str(f, &w->v)));
}

static void do_include(Frontend *f, const Raw *w)
{
    Raw t = flt_raw_next(f);
    if (t.kind != STRING_LIT) {
        diag_error(&t.loc, "expected the name of a file in double quotes "
                   "after 'Include', found %s", flt_describe(f, &t));
        flt_put_back(f, t);
        flt_skip_statement(f);
        return;
    }
    flt_expect_semicolon(f, "the file name");
    SourceFile *file = src_include(f->c->sources, flt_tok_str(f, &t.v), &t.loc);
    if (file) flt_push_input(f, file);
}

static void do_end(Frontend *f, const Raw *w)
{
    SourceFile *file = flt_current_file(f);
    flt_expect_semicolon(f, "'End'");
    /* Stop reading the file the End is in (tokens put back are its own). */
    f->nahead = 0;
    while (f->ninputs && flt_current_file(f) == file) flt_pop_input(f);
}

static void do_system_file(Frontend *f, const Raw *w)
{
    flt_expect_semicolon(f, "'System_file'");
    SourceFile *file = src_file(f->c->sources, w->loc.file);
    if (file) file->system_file = true;
}

/* A directive the filter handles, at `w` (its word). `nested`: inside a
 * routine or object, where only some are allowed. */
void flt_directive(Frontend *f, const DirWord *d, const Raw *w,
                             bool nested)
{
    if (nested) {
        switch (d->filter) {
        case FD_IFDEF: case FD_IFNDEF: case FD_IFTRUE: case FD_IFFALSE:
        case FD_IFV3: case FD_IFV5: case FD_IFNOT: case FD_ENDIF:
        case FD_MESSAGE: case FD_ORIGSOURCE: case FD_TRACE:
            break;
        default:
            diag_error(&w->loc, "the '%s' directive cannot be used inside a "
                       "routine or an object definition", d->name);
            flt_skip_statement(f);
            return;
        }
    }
    switch (d->filter) {
    case FD_INCLUDE: do_include(f, w); break;
    case FD_IFNOT: do_ifnot(f, w); break;
    case FD_ENDIF: do_endif(f, w); break;
    case FD_END: do_end(f, w); break;
    case FD_SYSTEM_FILE: do_system_file(f, w); break;
    case FD_MESSAGE: do_message(f, w); break;
    case FD_ORIGSOURCE: do_origsource(f, w); break;
    case FD_TRACE: do_trace(f, w); break;
    case FD_IMPORT: case FD_LINK: do_obsolete(f, w); break;
    default: do_if(f, d, w); break;
    }
}
