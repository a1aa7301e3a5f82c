/* filter.c: the directive filter (see filter.h and docs/internals.md).
 *
 * Takes tokens from the lexer, one flex scanner per open file; gives the
 * parser one directive at a time.  The directives that may appear
 * anywhere (Include, End, System_file, If.../Ifnot/Endif, Message,
 * Origsource, Trace, and the removed Import and Link) are read by
 * filter_directives.c; this file reads everything else.
 *
 * Because it sees every token in order, the filter is also where the
 * context-dependent reading of tokens is done, without ever touching the
 * lexer's state:
 *   - the first word of a top-level directive becomes a directive token
 *     (directive names are case-insensitive), '[' there a ROUTINE_START,
 *     and a class name a CLASS_INSTANCE ("Treasure gem ...");
 *   - inside a routine, a keyword spelt like one of its local variables
 *     becomes a name (locals are read from the routine's header);
 *   - '(' right after a value is a call (CALL_LPAREN), except where
 *     inform6 reads juxtaposed values: arrays, property values, assembly
 *     operands, and the values of an action statement;
 *   - '->' in assembly is the store arrow (ASM_ARROW);
 *   - in the header of a `for`, '::' before any ':' is two colons, and
 *     ';' is ':' with a warning;
 *   - a directive read just after a label statement gives the parser a
 *     ';' (an empty statement), as inform6 reads its ';' as one;
 *   - two values with no operator between them get the '+' or ';'
 *     inform6 reads there (filter_operators.c).
 * No state of the lexer or the parser changes here, so the parser's
 * one-token lookahead is never a problem; the only thing the parser tells
 * the filter is where an action statement begins and ends, which it does
 * from rules whose lookahead cannot be a '(' that matters. */
#include "filter_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "options_settings.h"
#include "source.h"
#include "text.h"

static void push_open(Frontend *f, int ch, SrcLoc loc);

/* ---------------------------------------------------------------- tokens */

#define STMT_KW (TC_WORD | TC_STMT)
#define NAME_KW (TC_WORD | TC_VALUE)
const unsigned short flt_token_class[YYNTOKENS_MAX] = {
    [0] = TC_BEFORE_STMT, [';'] = TC_PAREN | TC_BEFORE_STMT,
    ['{'] = TC_BRACKET | TC_BEFORE_STMT, ['}'] = TC_BRACKET | TC_BEFORE_STMT,
    [':'] = TC_BEFORE_STMT,
    [IDENT] = TC_WORD | TC_VALUE,
    /* each keyword's class is a column of its row */
#define KEYWORD(token, word, list, class) [K_##token] = (class),
#include "keywords.def"
    [NUMBER] = TC_VALUE | TC_LITERAL,
    [STRING_LIT] = TC_VALUE | TC_PRINT | TC_LITERAL,
    [DICT_WORD] = TC_VALUE | TC_LITERAL, [CHAR_LIT] = TC_VALUE | TC_LITERAL,
    [ACTION_LIT] = TC_VALUE,
    [HASH_R] = TC_VALUE, [HASH_G] = TC_VALUE, [HASH_N] = TC_VALUE,
    [')'] = TC_VALUE | TC_PAREN,
    ['['] = TC_BRACKET, [']'] = TC_BRACKET,
    [LPAREN] = TC_PAREN, ['<'] = TC_PAREN, ['-'] = TC_PAREN,
    [ASM_OP] = TC_PAREN, [ASM_CUSTOM] = TC_PAREN, ['@'] = TC_PAREN,
    [ARROW] = TC_PAREN,
};

_Static_assert(ASM_ARROW < YYNTOKENS_MAX && CALL_LPAREN < YYNTOKENS_MAX,
               "token codes outgrew the class table");

static bool same_word(const Tok *a, const Tok *b)
{
    return a->len == b->len && !strncasecmp(a->text, b->text, a->len);
}

bool flt_tok_is(const Tok *t, const char *s)
{
    return strlen(s) == t->len && !strncmp(t->text, s, t->len);
}

char *flt_tok_str(Frontend *f, const Tok *t)
{
    return arena_strndup(&f->c->arena, t->text, t->len);
}

/* The token as the user wrote it, for messages. */
const char *flt_describe(Frontend *f, const Raw *t)
{
    switch (t->kind) {
    case 0: return "the end of the file";
    case STRING_LIT: return arena_printf(&f->c->arena, "\"%.*s\"",
                                         (int)(t->v.len > 40 ? 40 : t->v.len),
                                         t->v.text);
    case DICT_WORD: case CHAR_LIT:
        return arena_printf(&f->c->arena, "'%.*s'", (int)t->v.len, t->v.text);
    default:
        if (t->v.text && t->v.len)
            return arena_printf(&f->c->arena, "'%.*s'", (int)t->v.len,
                                t->v.text);
        return parse_token_name(t->kind);
    }
}
/* ---------------------------------------------------------------- input */

bool flt_push_input(Frontend *f, SourceFile *file)
{
    Input *in = xcalloc(1, sizeof *in);
    in->scanner = lex_open(&in->lx, file);
    if (!in->scanner) {
        free(in);
        return false;
    }
    VEC_PUSH(NULL, f->inputs, f->ninputs, f->capinputs, in);
    f->scanner = in->scanner;
    return true;
}

void flt_pop_input(Frontend *f)
{
    Input *in = f->inputs[--f->ninputs];
    if (in->lx.ran_off) f->lexer_gave_up = true;
    lex_close(&in->lx, in->scanner);
    free(in);
    f->scanner = f->ninputs ? f->inputs[f->ninputs - 1]->scanner : NULL;
}

SourceFile *flt_current_file(Frontend *f)
{
    return f->ninputs ? f->inputs[f->ninputs - 1]->lx.file : NULL;
}

Raw flt_raw_next(Frontend *f)
{
    Raw t;
    flt_raw_read(f, &t);
    return t;
}

void flt_put_back(Frontend *f, Raw t)
{
    VEC_PUSH(&f->c->arena, f->ahead, f->nahead, f->capahead, t);
}

/* Reads the ';' that ends a filter directive; reports anything else (and
 * leaves it to be read again). */
void flt_expect_semicolon(Frontend *f, const char *after)
{
    Raw t = flt_raw_next(f);
    if (t.kind == ';') return;
    diag_error(&t.loc, "expected ';' after %s, found %s", after,
               flt_describe(f, &t));
    flt_put_back(f, t);
}

/* Skips to the ';' that ends a (broken) directive at this level. */
void flt_skip_statement(Frontend *f)
{
    /* What is skipped is lost: check must not call its names unused. */
    f->c->syntax_errors++;
    int depth = 0;
    for (;;) {
        Raw t = flt_raw_next(f);
        if (t.kind == 0) return;
        if (t.kind == '[') depth++;
        else if (t.kind == ']' && depth > 0) depth--;
        else if (t.kind == ';' && depth == 0) return;
    }
}
/* ---------------------------------------------------------------- shaping */

static void begin_directive(Frontend *f, int shape, const Raw *w)
{
    f->in_directive = true;
    f->at_start = false;
    f->dir = shape;
    f->dir_word = w->v;
    f->depth = 0;
    f->paren = 0;
    f->header = 0;
    f->routine_depth = 0;
    f->nlocals = 0;
    f->asm_mode = false;
    f->for_paren = -1;
    f->action_paren = -1;
    f->routine_closed = false;
    f->nopen = 0;
    f->ntok = 0;
    f->label_dot = 0;
}

static bool is_local(Frontend *f, const Tok *t)
{
    for (int i = 0; i < f->nlocals; i++)
        if (same_word(&f->locals[i], t)) return true;
    return false;
}

static void add_local(Frontend *f, const Tok *t)
{
    VEC_PUSH(NULL, f->locals, f->nlocals, f->caplocals, *t);
}

/* The first token of a top-level directive.  Returns the token to give
 * the parser, or 0 when the directive was handled here. */
static int start_directive(Frontend *f, Raw *t)
{
    if (t->kind == '[') {
        begin_directive(f, DIR_IS_ROUTINE, t);
        push_open(f, '[', t->loc);
        f->depth = 1;
        f->header = 1;
        return ROUTINE_START;
    }
    if (is_word(t->kind)) {
        const DirWord *d = flt_dir_lookup(&t->v);
        if (d && d->filter) {
            flt_directive(f, d, t, false);
            return 0;
        }
        if (d) {
            begin_directive(f, d->shape, t);
            return d->token;
        }
        if (t->kind == IDENT) {
            Symbol *s = sym_lookup_n(f->c->symbols, t->v.text, t->v.len);
            if (s && s->kind == SYM_CLASS) {
                begin_directive(f, DIR_IS_OBJECT, t);
                return CLASS_INSTANCE;
            }
        }
    }
    if (t->kind == ';')
        diag_error(&t->loc, "a ';' with no directive before it; delete it");
    else
        diag_error(&t->loc, "expected a directive, a routine ('[') or the "
                   "name of a class, found %s%s", flt_describe(f, t),
                   t->kind == IDENT ? ", which is not a class defined before "
                   "this point" : "");
    if (t->kind != ';') flt_skip_statement(f);
    return 0;
}

static void push_open(Frontend *f, int ch, SrcLoc loc)
{
    VEC_PUSH(NULL, f->open, f->nopen, f->capopen,
             (struct Open){ ch, loc, f->depth });
}

static void track_brackets(Frontend *f, Raw *t)
{
    if (t->kind == '{') push_open(f, '{', t->loc);
    else if (t->kind == '}' && f->nopen && f->open[f->nopen - 1].ch == '{')
        f->nopen--;
    else if (t->kind == ']')
        while (f->nopen && f->open[--f->nopen].ch != '[') {}
    if (t->kind == '[') {
        push_open(f, '[', t->loc);
        if ((f->dir == DIR_IS_OBJECT && f->depth == 0) ||
            (f->dir == DIR_IS_ARRAY && f->depth == 1)) {
            /* an embedded routine's locals: a property value, or an
             * entry of `Array a --> [ 1 [; return 2; ] ];` */
            f->header = 2;
            f->nlocals = 0;
        }
        f->depth++;
    } else if (t->kind == ']') {
        if (f->depth > 0) f->depth--;
        if (f->depth < f->routine_depth) {
            /* An If... left open is reported; it stays open for the
             * Endif that was meant for it. */
            for (int i = f->nifs; i > 0 && f->ifs[i - 1].depth > f->depth; i--) {
                flt_if_left_open(f, f->ifs[i - 1].loc, f->ifs[i - 1].word, t->loc);
                f->ifs[i - 1].depth = 0;
            }
            f->routine_depth = 0;
            f->nlocals = 0;
            f->routine_name = (Tok){ 0 };
        }
        if (f->dir == DIR_IS_ROUTINE && f->depth == 0)
            f->routine_closed = true;
    }
}

/* Routine headers: `[ Name * a b c;` and embedded `[ a b;`. */
static void track_header(Frontend *f, Raw *t)
{
    if (t->kind == ';') {
        f->header = 0;
        f->routine_depth = f->depth;
        return;
    }
    if (!is_word(t->kind)) return;
    if (f->header == 2) add_local(f, &t->v);
    else f->routine_name = t->v;
    f->header = 2;
    t->kind = IDENT;
}

static void track_for(Frontend *f, Raw *t)
{
    if (f->for_next && t->kind == LPAREN) {
        f->for_paren = f->paren + 1;
        f->for_colons = 0;
    }
    f->for_next = t->kind == K_FOR;
    if (f->for_paren < 0 || f->paren != f->for_paren) return;
    if (t->kind == ';') {
        diag_warning(&t->loc, "Inform separates the parts of a 'for' with "
                     "':', not ';' as in C; reading this ';' as ':'");
        t->kind = ':';
    }
    if (t->kind == ':') f->for_colons++;
    else if (t->kind == COLONCOLON && f->for_colons == 0) {
        /* `for (i=0:: )`: the first part cannot use '::' (inform6). */
        Raw second = *t;
        second.kind = ':';
        second.v.text++;
        second.v.len = 1;
        second.loc.col++;
        VEC_PUSH(&f->c->arena, f->out, f->nout, f->capout, second);
        t->kind = ':';
        t->v.len = 1;
        f->for_colons = 2;
    }
}

/* Where values are juxtaposed (arrays, property values, assembly), a
 * minus sign between two values is ambiguous. */
static bool juxtaposing(Frontend *f)
{
    return f->asm_mode || f->dir == DIR_IS_ARRAY ||
           (f->dir == DIR_IS_OBJECT && f->depth == 0);
}

/* Outside routines, and in assembly, there are no calls: a '(' after a
 * name groups (`Property p (3*4);`, `Array a --> 1 (-2);`). */
static bool no_calls(Frontend *f)
{
    return f->asm_mode || (f->dir != DIR_IS_ROUTINE && f->depth == 0) ||
           f->dir == DIR_IS_ARRAY;
}

static void track_parens(Frontend *f, Raw *t)
{
    switch (t->kind) {
    case LPAREN: {
        bool header = f->prev == K_IF || f->prev == K_WHILE ||
                      f->prev == K_FOR || f->prev == K_SWITCH ||
                      f->prev == K_OBJECTLOOP || f->prev == K_UNTIL;
        if (ends_value(f->prev) && !no_calls(f) &&
            !(f->action_paren >= 0 && f->paren == f->action_paren))
            t->kind = CALL_LPAREN;
        if (f->paren < 64) {
            uint64_t bit = (uint64_t)1 << f->paren;
            f->header_parens = header ? f->header_parens | bit
                                      : f->header_parens & ~bit;
        }
        f->paren++;
        break;
    }
    case ')':
        if (f->paren > 0) f->paren--;
        if (f->for_paren > f->paren) f->for_paren = -1;
        /* After `if (...)` a statement begins: `(b->1)++` is not a call. */
        if (f->paren < 64 && (f->header_parens >> f->paren & 1))
            f->after_header = true;
        break;
    case '<':
        f->lt_paren = f->paren;
        break;
    case '-':
        if (juxtaposing(f) && f->paren == 0 && ends_value(f->prev))
            diag_warning(&t->loc, "without brackets the minus sign is "
                         "ambiguous: this is a subtraction; write (-n) for "
                         "a negative value");
        break;
    case ASM_OP: case ASM_CUSTOM: case '@':
        f->asm_mode = true;
        break;
    case ARROW:
        if (f->asm_mode) t->kind = ASM_ARROW;
        break;
    case ';':
        /* An action statement never spans a ';' (this matters only after
         * a mistake); the mode ends with the next token, so that a syntax
         * error at the ';' still knows it was in one. */
        f->asm_mode = false;
        f->action_ends = true;
        break;
    default:
        break;
    }
}

/* Where a statement may begin, a statement keyword is a keyword; anywhere
 * else it is a name (`x = box(2);` with a routine called box). */
static inline bool statement_position(Frontend *f)
{
    return f->routine_depth && f->depth >= f->routine_depth &&
           (tclass(f->prev) & TC_BEFORE_STMT);
}

/* `print (rule) (expr)`: the ')' after a print rule's word ends no value,
 * so the '(' after it groups. */
static void track_print(Frontend *f, const Raw *t)
{
    bool stmt = f->at_stmt;
    if ((t->kind == K_PRINT || t->kind == K_PRINT_RET ||
         t->kind == STRING_LIT) && stmt) {
        f->print_mode = true;
        f->print_paren = f->paren;
        f->rule_state = 0;
        if (t->kind == STRING_LIT) return;
    }
    if (!f->print_mode) return;
    if (t->kind == ';') {
        f->print_mode = false;
        return;
    }
    if (f->rule_state == 2 && t->kind == ')') f->after_rule = true;
    if (f->rule_state == 1 && is_word(t->kind)) f->rule_state = 2;
    else if (t->kind == LPAREN && f->paren == f->print_paren &&
             (f->prev == K_PRINT || f->prev == K_PRINT_RET || f->prev == ','))
        f->rule_state = 1;
    else f->rule_state = 0;
}

/* Braces are balanced within a routine: a '}' with no '{' is dropped
 * with an error, and a routine's ']' closes any '{' still open (each
 * reported at the '{'), so that one missing brace is one message.
 * Returns false when `t` is to be dropped. */
static bool balance_braces(Frontend *f, Raw *t)
{
    if (!f->routine_depth) return true;
    bool open_here = f->nopen && f->open[f->nopen - 1].ch == '{' &&
                     f->open[f->nopen - 1].depth == f->depth;
    if (t->kind == '}' && !open_here) {
        diag_error(&t->loc, "this '}' has no '{' to close; delete it");
        return false;
    }
    if (t->kind == ']' && open_here && f->depth == f->routine_depth) {
        flt_put_back(f, *t);
        for (int i = f->nopen; i > 0 && f->open[i - 1].ch == '{'; i--) {
            diag_error(&f->open[i - 1].loc, "this '{' is not closed by a "
                       "'}' before the ']' that ends the routine");
            Raw close = *t;
            close.kind = '}';
            close.v.text = "}";
            flt_put_back(f, close);
        }
        *t = f->ahead[--f->nahead];
    }
    return true;
}

/* A routine inside a routine: reported, and dropped to its ']'. */
static void drop_nested_routine(Frontend *f, const Raw *t)
{
    f->c->syntax_errors++;
    diag_error(&t->loc, "a routine cannot be defined inside another "
               "routine; end this one with '];' first");
    for (int level = 1; level > 0;) {
        Raw n = flt_raw_next(f);
        if (n.kind == 0) { flt_put_back(f, n); break; }
        if (n.kind == '[') level++;
        else if (n.kind == ']') level--;
    }
}

/* Keywords that a routine's header or a local variable makes a name;
 * statement keywords outside statements; Property's modifiers. */
static void shape_word(Frontend *f, Raw *t, unsigned cls)
{
    if (f->header) {
        track_header(f, t);
        return;
    }
    if (t->kind == IDENT) return;
    if (f->routine_depth && f->depth >= f->routine_depth &&
        is_local(f, &t->v)) {
        t->kind = IDENT;
        return;
    }
    /* (`Array a string 5;`: the kind comes second or third, after `static`.) */
    if ((cls & TC_STMT) && !f->at_stmt &&
        !(t->kind == K_STRING && f->dir == DIR_IS_ARRAY && f->ntok <= 3))
        t->kind = IDENT;
    if ((cls & TC_MODIFIER) && f->dir == DIR_IS_OTHER) {
        /* `Property additive long 12;`: a modifier only if a name follows. */
        Raw n = flt_raw_next(f);
        flt_put_back(f, n);
        if (!is_word(n.kind)) t->kind = IDENT;
    }
}

/* The shaped form of an ordinary token inside a directive; 0 when the
 * token is dropped.  This runs for every token, so each tracker is asked
 * only about the kinds of token it follows. */
static inline __attribute__((always_inline)) int shape(Frontend *f, Raw *t)
{
    if (f->routine_closed) {
        f->routine_closed = false;
        if (t->kind != ';') {
            diag_error(&t->loc, "expected ';' after the ']' that ends the "
                       "routine, found %s", flt_describe(f, t));
            flt_put_back(f, *t);
            t->kind = ';';
            t->v.text = ";";
            t->v.len = 1;
        }
    }
    if (f->action_ends) {
        f->action_ends = false;
        f->action_paren = -1;
    }
    /* (The three checks of mistakes are asked only where the token
     * before allows them to fire: the calls cost more than the tests.) */
    if (t->kind == ')' && f->last_kind == LPAREN && flt_empty_header(f, t)) {
        t->kind = NUMBER;
        t->v = (Tok){ .text = "0", .len = 1, .num = 0 };
    }
    int missing = 0;
    if (flt_header_word(f->last_kind))
        missing = flt_missing_open_paren(f, t);
    if (!missing && (f->postfix || ends_value(f->prev)) &&
        flt_may_begin_value(t->kind))
        missing = flt_missing_operator(f, t);
    if (missing) {
        /* `t` is read again, shaped after the token given in between. */
        flt_put_back(f, *t);
        t->kind = missing;
        t->v = (Tok){ .text = missing == '+' ? "+" : missing == ';' ? ";"
                                                           : "(", .len = 1 };
    }
    if (t->kind == ')' && f->paren == 0) {
        diag_error(&t->loc, "this ')' has no '(' to close; delete it");
        f->c->syntax_errors++;
        return 0;
    }
    unsigned cls = tclass(t->kind);
    f->at_stmt = statement_position(f);
    if (cls & TC_BRACKET) {
        if (!balance_braces(f, t)) return 0;
        if (t->kind == '[' && f->routine_depth &&
            f->depth >= f->routine_depth && !f->asm_mode) {
            drop_nested_routine(f, t);
            return 0;
        }
    }
    if (cls & TC_WORD) {
        if (t->kind != IDENT || f->header) {    /* (a name stays a name) */
            shape_word(f, t, cls);
            cls = tclass(t->kind);
        }
    } else if (f->header && t->kind == ';') {
        track_header(f, t);
    }
    if (f->print_mode || (cls & TC_PRINT)) track_print(f, t);
    if (cls & TC_BRACKET) track_brackets(f, t);
    if (f->for_next || f->for_paren >= 0 || t->kind == K_FOR)
        track_for(f, t);
    if (tclass(t->kind) & TC_PAREN) track_parens(f, t);
    if (t->kind == ';' && f->depth == 0) f->end_pending = true;
    return t->kind;
}

/* With $LONG_DICT_FLAG_BUG (the default), inform6 reads no flag, good
 * or bad, after a word longer than the dictionary keeps. */
static bool flags_unread(Frontend *f, const char *word, size_t len)
{
    if (!opt_setting_value(f->c->opts, "LONG_DICT_FLAG_BUG")) return false;
    int chars = 0;
    for (size_t pos = 0; pos < len;) {
        TextUnit u;
        pos = text_next(word, len, pos, TEXT_DICT_WORD, &u);
        if (u.kind == TU_END) break;
        chars++;
    }
    return chars > f->c->target->lim.dict_word_chars;
}

/* A dictionary word's escapes, and its //flags: p, s, n, each after any
 * number of ~ (each ~ turns the next flag off or on again, 6.45). */
static void check_dict_word(Frontend *f, const Raw *t)
{
    size_t word_len, flags_len;
    const char *flags;
    text_dict_split(t->v.text, t->v.len, &word_len, &flags, &flags_len);
    text_check(t->v.text, word_len, t->loc, TEXT_DICT_WORD);
    if (!flags || flags_unread(f, t->v.text, word_len)) return;
    for (size_t i = 0; i < flags_len; i++) {
        char ch = flags[i];
        if (ch == 'p' || ch == 's' || ch == 'n' ||
            (ch == '~' && i + 1 < flags_len)) continue;
        SrcLoc at = text_loc(t->v.text, (size_t)(flags + i - t->v.text),
                             t->loc);
        if (ch == '~')
            diag_error(&at, "'//~' with no flag character (psn) in dict "
                       "word: write p (plural), s (singular) or n (noun) "
                       "after the ~");
        else
            diag_error(&at, "Expected flag character (psn~) after '//' in "
                       "dict word: '%c' is not a dictionary flag; write p "
                       "(plural), s (singular) or n (noun), each perhaps "
                       "after ~ to turn it off", ch);
        break;
    }
}

/* Literal checks happen as the parser is given a literal, so that text
 * left out by conditional compilation is never checked. */
static void check_literal(Frontend *f, const Raw *t)
{
    switch (t->kind) {
    case STRING_LIT:
        /* (Looking the setting up costs more than the check: only a
         * string with an '@' may name a dynamic string.) */
        if (text_check(t->v.text, t->v.len, t->loc, TEXT_STRING) &&
            memchr(t->v.text, '@', t->v.len))
            text_check_dynamic(t->v.text, t->v.len, t->loc,
                               opt_setting_value(f->c->opts,
                                                 "MAX_DYNAMIC_STRINGS"));
        break;
    case CHAR_LIT:
        if (t->v.len > 0 && !(t->v.len == 1 && t->v.text[0] == '\''))
            text_check(t->v.text, t->v.len, t->loc, TEXT_CHAR);
        break;
    case DICT_WORD:
        check_dict_word(f, t);
        break;
    case NUMBER:
        if ((t->v.flags & TOKF_FLOAT) && !f->c->target->floats)
            diag_error(&t->loc, "floating-point numbers like '%.*s' exist "
                       "only in Glulx (compile with -G)", (int)t->v.len,
                       t->v.text);
        break;
    default:
        break;
    }
}

/* True when the tokens just given to the parser are a label statement,
 * `. name ;`, whose '.' began a statement inside a routine. */
static bool label_just_given(const Frontend *f)
{
    return f->routine_depth && f->last_kind == ';' &&
           f->before_last == IDENT && f->label_dot > 0 &&
           f->label_dot == f->ntok - 2;
}

static int produce_again(Frontend *f, Raw *t);

/* The next shaped token for the parser, or 0 at the end of a directive
 * or of the input.  Inlined into flt_next (it runs for every token); the
 * object-header commas recurse through produce_again(). */
static inline __attribute__((always_inline)) int produce(Frontend *f, Raw *t)
{
    if (f->nout) {
        *t = f->out[0];
        memmove(f->out, f->out + 1, --f->nout * sizeof f->out[0]);
        return t->kind;
    }
    for (;;) {
        if (f->end_pending) {
            f->end_pending = false;
            f->in_directive = false;
            f->at_start = true;
            t->kind = 0;
            t->loc = f->last_loc;
            return 0;
        }
        flt_raw_read(f, t);     /* (in place: this runs for every token) */
        if (t->kind == 0) {
            if (f->routine_closed)
                diag_error(&t->loc, "expected ';' after the ']' that ends "
                           "the routine, found the end of the file");
            f->routine_closed = false;
            f->in_directive = false;
            f->at_start = true;
            return 0;
        }
        if (t->kind == '#') {
            Raw w = flt_raw_next(f);
            const DirWord *d = is_word(w.kind) ? flt_dir_lookup(&w.v) : NULL;
            if (d && d->filter) {
                bool after_label = label_just_given(f);
                flt_directive(f, d, &w, !f->at_start);
                if (!after_label) continue;
                /* inform6 reads the directive's ';' as a statement of its
                 * own when a label is just before it (`.L; #Endif; ]`
                 * ends a routine with a label, as PunyInform's v3
                 * RestoreSub does): an empty statement for the parser. */
                t->kind = ';';
                t->v.text = ";";
                t->v.len = 1;
                t->loc = w.loc;
            } else if (d && f->at_start) {
                *t = w;                     /* `#Constant` at top level */
            } else if (d) {
                diag_error(&w.loc, "the '%s' directive cannot be used inside "
                           "a routine or an object definition", d->name);
                flt_skip_statement(f);
                continue;
            } else {
                flt_put_back(f, w);
            }
        }
        if (f->at_start) {
            int k = start_directive(f, t);
            if (!k) continue;
            t->kind = k;
            f->prev = 0;
            f->at_stmt = false;
            return k;
        }
        if (!shape(f, t)) continue;
        /* In an object's header and property list, a comma before a
         * segment (with, has, class, private) or the final ';' only
         * separates: drop it.  What follows is read through the filter,
         * since an #Ifdef may come between. */
        if (t->kind == ',' && f->dir == DIR_IS_OBJECT && !f->depth &&
            !f->paren && f->comma_nest < 16) {
            /* (A run of commas recurses once per comma: bounded, so that
             * garbage cannot exhaust the C stack; the parser reports the
             * rest.) */
            Raw n;
            f->comma_nest++;
            int k = produce_again(f, &n);
            f->comma_nest--;
            if ((tclass(k) & TC_SEGMENT) || k == ';') {
                *t = n;
                return k;
            }
            VEC_PUSH(&f->c->arena, f->out, f->nout, f->capout, n);
        }
        return t->kind;
    }
}

static __attribute__((noinline)) int produce_again(Frontend *f, Raw *t)
{
    return produce(f, t);
}

static void dump_token(Frontend *f, const Raw *t);

int flt_next(Frontend *f, YYSTYPE *value, SrcLoc *loc)
{
    Raw t;
    int k = produce(f, &t);
    if (f->dump) dump_token(f, &t);
    *loc = t.loc;
    if (!k) {
        f->prev = 0;
        memset(value, 0, sizeof *value);
        return 0;
    }
    if (tclass(k) & TC_LITERAL) check_literal(f, &t);
    f->ntok++;
    if (k == '.' && f->at_stmt) f->label_dot = f->ntok;
    value->tok = t.v;
    f->last_tok = t.v;
    f->before_last = f->last_kind;
    f->last_kind = k;
    if (f->at_stmt) {
        f->stmt_first = t;
        f->stmt_count = 1;
    } else {
        f->stmt_count++;
    }
    if (k == ';' || (tclass(k) & TC_BRACKET)) f->recovering = false;
    /* '++' or '--' after a value is postfix, and ends the value */
    f->postfix = (k == INC || k == DEC) && (ends_value(f->prev) || f->postfix);
    /* after a print rule's ')' the next '(' groups, as after a ',' */
    f->prev = f->after_header ? 0 : f->after_rule ? ',' : k;
    f->after_header = f->after_rule = false;
    return k;
}

/* ---------------------------------------------------------------- API */

Frontend *flt_new(Compiler *c, SourceFile *main_file)
{
    frontend_free(c);
    Frontend *f = xcalloc(1, sizeof *f);
    f->c = c;
    f->at_start = true;
    f->for_paren = -1;
    f->action_paren = -1;
    c->frontend = (struct Frontend *)f;
    /* $!TOKENS: each token as the parser reads it, as --dump-tokens */
    if (opt_trace_level(c->opts, "TOKENS") > 0) f->dump = stdout;
    if (main_file) flt_push_input(f, main_file);
    return f;
}

bool flt_more(Frontend *f)
{
    if (f->nout) return true;
    Raw t;
    if (!produce_again(f, &t)) return false;
    VEC_PUSH(&f->c->arena, f->out, f->nout, f->capout, t);
    return true;
}

void flt_skip_directive(Frontend *f)
{
    f->nout = 0;
    if (f->end_pending || !f->in_directive) return;
    YYSTYPE v;
    SrcLoc loc;
    while (flt_next(f, &v, &loc) != 0) {}
}

void flt_finish(Frontend *f)
{
    for (int i = 0; i < f->nifs; i++)
        diag_error(&f->ifs[i].loc, "this '%s' has no matching 'Endif'",
                   f->ifs[i].word);
    f->nifs = 0;
}


const Tok *flt_last_token(Frontend *f) { return &f->last_tok; }

int flt_kind_before_last(Frontend *f) { return f->before_last; }

int flt_statement_kind(Frontend *f)
{
    return f->routine_depth ? f->stmt_first.kind : 0;
}

const Tok *flt_statement_start(Frontend *f, SrcLoc *loc)
{
    if (f->stmt_count != 2 || f->stmt_first.kind != IDENT) return NULL;
    *loc = f->stmt_first.loc;
    return &f->stmt_first.v;
}

const char *flt_directive_name(const Tok *word)
{
    const DirWord *d = flt_dir_lookup(word);
    return d ? d->name : NULL;
}

bool flt_lexer_gave_up(Frontend *f) { return f->lexer_gave_up; }

bool flt_at_end_of_input(Frontend *f)
{
    return f->ninputs == 0 && f->nahead == 0;
}

bool flt_unclosed(Frontend *f, SrcLoc *loc, int *ch)
{
    if (!f->nopen) return false;
    *loc = f->open[f->nopen - 1].loc;
    *ch = f->open[f->nopen - 1].ch;
    return true;
}

void flt_action_begin(Frontend *f) { f->action_paren = f->lt_paren; }
void flt_action_end(Frontend *f) { f->action_paren = -1; }
bool flt_in_action(Frontend *f) { return f->action_paren >= 0; }
void flt_syntax_error(Frontend *f) { f->recovering = true; }

void flt_note_or(Frontend *f) { f->or_nodes++; }
void flt_note_or_compared(Frontend *f) { f->or_compared++; }

int flt_take_or(Frontend *f, int *compared)
{
    int n = f->or_nodes;
    *compared = f->or_compared;
    f->or_nodes = f->or_compared = 0;
    return n;
}

const char *flt_directive_word(Frontend *f)
{
    return flt_tok_str(f, &f->dir_word);
}

void *flt_stack_alloc(Frontend *f, size_t n)
{
    void *p = xmalloc(n);
    VEC_PUSH(NULL, f->stacks, f->nstacks, f->capstacks, p);
    return p;
}

void flt_stack_free(Frontend *f, void *p)
{
    for (int i = 0; i < f->nstacks; i++)
        if (f->stacks[i] == p) {
            f->stacks[i] = f->stacks[--f->nstacks];
            break;
        }
    free(p);
}

void frontend_free(Compiler *c)
{
    Frontend *f = (Frontend *)c->frontend;
    if (!f) return;
    while (f->ninputs) flt_pop_input(f);
    for (int i = 0; i < f->nstacks; i++) free(f->stacks[i]);
    free(f->stacks);
    free(f->inputs);
    free(f->ifs);
    free(f->locals);
    free(f->open);
    free(f);
    c->frontend = NULL;
}

/* --dump-tokens: each token as the parser is given it. */
static void dump_token(Frontend *f, const Raw *t)
{
    FILE *out = f->dump;
    if (t->kind == 0) {
        fprintf(out, "%u:%u %s\n", t->loc.line, t->loc.col,
                flt_at_end_of_input(f) ? "end-of-input" : "end-of-directive");
        return;
    }
    if (t->loc.file != f->dump_file) {
        SourceFile *sf = src_file(f->c->sources, t->loc.file);
        fprintf(out, "# file %s\n", sf ? sf->name : "?");
        f->dump_file = t->loc.file;
    }
    fprintf(out, "%u:%u %s", t->loc.line, t->loc.col, parse_token_name(t->kind));
    switch (t->kind) {
    case NUMBER: case CHAR_LIT:
        fprintf(out, " %.*s = %ld", (int)t->v.len, t->v.text, (long)t->v.num);
        break;
    case IDENT: case STRING_LIT: case DICT_WORD: case ACTION_LIT:
    case HASH_R: case HASH_G: case HASH_N: case HASH_W: case ASM_OP:
    case ASM_CUSTOM: case CLASS_INSTANCE:
        fputc(' ', out);
        for (uint32_t i = 0; i < t->v.len; i++) {
            char ch = t->v.text[i];
            if (ch == '\n') fputs("\\n", out);
            else fputc(ch, out);
        }
        break;
    default:
        break;
    }
    fputc('\n', out);
}

/* The tokens are those the parser reads, so the parser runs (and
 * declare with it: Ifdef and class names need the declarations). */
void dump_tokens(Compiler *c, SourceFile *main_file, FILE *out)
{
    decl_begin(c);
    Frontend *f = flt_new(c, main_file);
    f->dump = out;
    parse_directives(f);
    frontend_free(c);
}
