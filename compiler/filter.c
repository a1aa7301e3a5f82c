/* filter.c: the directive filter (see filter.h and docs/internals.md).
 *
 * Takes tokens from the lexer, one flex scanner per open file; gives the
 * parser one directive at a time.  It handles by itself the directives
 * that may appear anywhere (Include, End, System_file, If.../Ifnot/Endif,
 * Message, Origsource, Trace, and the removed Import and Link), handing
 * declare a node for those that leave a trace in the program.
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
 *     ';' is ':' with a warning.
 * No state of the lexer or the parser changes here, so the parser's
 * one-token lookahead is never a problem; the only thing the parser tells
 * the filter is where an action statement begins and ends, which it does
 * from rules whose lookahead cannot be a '(' that matters. */
#include "filter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "source.h"
#include "text.h"
#include "parser.h"

/* Token codes are below this (bison numbers its own from 258). */
#define YYNTOKENS_MAX 512

typedef struct Raw {
    int kind;
    Tok v;
    SrcLoc loc;
} Raw;

typedef struct Input {
    LexState lx;
    void *scanner;
} Input;

typedef struct IfFrame {
    SrcLoc loc;          /* the If... directive */
    const char *word;    /* "Ifdef", ... as written, for messages */
    bool in_else;        /* an Ifnot has been passed */
    int depth;           /* the routine's '[' depth when inside one, or 0 */
} IfFrame;

/* What the current top-level directive is, as far as reading goes. */
enum { DIR_NONE, DIR_IS_ROUTINE, DIR_IS_ARRAY, DIR_IS_OBJECT, DIR_IS_OTHER };

struct Frontend {
    Compiler *c;             /* first: see flt_compiler() */
    FILE *dump;              /* --dump-tokens: where to print each token */
    uint32_t dump_file;      /* the file of the last token printed */

    Input **inputs;
    int ninputs, capinputs;
    Raw ahead[8];            /* raw tokens put back, a stack */
    int nahead;
    Raw out[4];              /* shaped tokens waiting for the parser */
    int nout;
    SrcLoc last_loc;

    IfFrame *ifs;
    int nifs, capifs;

    bool at_start;           /* the next token begins a directive */
    bool in_directive;
    bool end_pending;        /* the directive's ';' has been given */
    int dir;                 /* DIR_IS_* */
    Tok dir_word;
    int depth;               /* '[' nesting inside the directive */
    int paren;               /* '(' nesting */
    bool routine_closed;     /* a top-level routine's ']' was just given */

    int header;              /* 1: routine name next; 2: reading locals */
    Tok routine_name;        /* of the routine being read (none: embedded) */
    int routine_depth;       /* depth at which the locals are in scope */
    Tok *locals;
    int nlocals, caplocals;

    int prev;                /* the last token given to the parser */
    bool asm_mode;
    bool for_next;           /* the last token was `for` */
    int for_paren, for_colons;
    int lt_paren;            /* paren depth at the latest '<' */
    uint64_t header_parens;  /* bit n: paren level n+1 is a statement's
                                `if (...)`, `while (...)`... */
    bool after_header;       /* a statement header's ')' was just given */
    bool print_mode;         /* in a print statement's items */
    int print_paren;         /* its paren depth */
    int rule_state;          /* 1: '(' of an item seen; 2: then a word */
    int action_paren;        /* paren depth of an action statement, or -1 */
    bool action_ends;        /* a ';' was given: action_paren ends next */
    bool saw_or;             /* the parser built an `or` list */
    bool lexer_gave_up;      /* a string ran to the end of a file */
    bool at_stmt;            /* the token being shaped may begin a statement */
    int ntok;                /* tokens given in this directive so far */
    void **stacks;           /* bison's stacks when they outgrow the C stack */
    int nstacks, capstacks;

    struct Open { int ch; SrcLoc loc; int depth; } *open;
    int nopen, capopen;      /* '[' and '{' of the directive not closed */
    Tok last_tok;            /* the last token given to the parser */
    int last_kind, before_last;   /* its kind, and the kind before it */
    Raw stmt_first;          /* the first token of the current statement */
    int stmt_count;          /* tokens given since it, itself included */

};

static void push_open(Frontend *f, int ch, SrcLoc loc);

/* ---------------------------------------------------------------- names */

/* Directive words: those the filter reads itself have no token. */
enum {
    FD_NONE = 0, FD_INCLUDE, FD_IFDEF, FD_IFNDEF, FD_IFTRUE, FD_IFFALSE,
    FD_IFV3, FD_IFV5, FD_IFNOT, FD_ENDIF, FD_END, FD_SYSTEM_FILE,
    FD_MESSAGE, FD_ORIGSOURCE, FD_TRACE, FD_IMPORT, FD_LINK,
};

typedef struct DirWord {
    const char *name;
    int token;       /* parser token, or 0 */
    int filter;      /* FD_*, or 0 */
    int shape;       /* DIR_IS_* */
} DirWord;

static const DirWord dir_words[] = {
    { "Abbreviate",  DIR_ABBREVIATE, 0, DIR_IS_OTHER },
    { "Array",       DIR_ARRAY, 0, DIR_IS_ARRAY },
    { "Attribute",   DIR_ATTRIBUTE, 0, DIR_IS_OTHER },
    { "Class",       DIR_CLASS, 0, DIR_IS_OBJECT },
    { "Constant",    DIR_CONSTANT, 0, DIR_IS_OTHER },
    { "Default",     DIR_DEFAULT, 0, DIR_IS_OTHER },
    { "Dictionary",  DIR_DICTIONARY, 0, DIR_IS_OTHER },
    { "End",         0, FD_END, 0 },
    { "Endif",       0, FD_ENDIF, 0 },
    { "Extend",      DIR_EXTEND, 0, DIR_IS_OTHER },
    { "Fake_action", DIR_FAKE_ACTION, 0, DIR_IS_OTHER },
    { "Global",      DIR_GLOBAL, 0, DIR_IS_OTHER },
    { "Ifdef",       0, FD_IFDEF, 0 },
    { "Ifndef",      0, FD_IFNDEF, 0 },
    { "Ifnot",       0, FD_IFNOT, 0 },
    { "Ifv3",        0, FD_IFV3, 0 },
    { "Ifv5",        0, FD_IFV5, 0 },
    { "Iftrue",      0, FD_IFTRUE, 0 },
    { "Iffalse",     0, FD_IFFALSE, 0 },
    { "Import",      0, FD_IMPORT, 0 },
    { "Include",     0, FD_INCLUDE, 0 },
    { "Link",        0, FD_LINK, 0 },
    { "Lowstring",   DIR_LOWSTRING, 0, DIR_IS_OTHER },
    { "Message",     0, FD_MESSAGE, 0 },
    { "Nearby",      DIR_NEARBY, 0, DIR_IS_OBJECT },
    { "Object",      DIR_OBJECT, 0, DIR_IS_OBJECT },
    { "Origsource",  0, FD_ORIGSOURCE, 0 },
    { "Property",    DIR_PROPERTY, 0, DIR_IS_OTHER },
    { "Release",     DIR_RELEASE, 0, DIR_IS_OTHER },
    { "Replace",     DIR_REPLACE, 0, DIR_IS_OTHER },
    { "Serial",      DIR_SERIAL, 0, DIR_IS_OTHER },
    { "Statusline",  DIR_STATUSLINE, 0, DIR_IS_OTHER },
    { "Stub",        DIR_STUB, 0, DIR_IS_OTHER },
    { "Switches",    DIR_SWITCHES, 0, DIR_IS_OTHER },
    { "System_file", 0, FD_SYSTEM_FILE, 0 },
    { "Trace",       0, FD_TRACE, 0 },
    { "Undef",       DIR_UNDEF, 0, DIR_IS_OTHER },
    { "Verb",        DIR_VERB, 0, DIR_IS_OTHER },
    { "Version",     DIR_VERSION, 0, DIR_IS_OTHER },
    { "Zcharacter",  DIR_ZCHARACTER, 0, DIR_IS_OTHER },
};

static const DirWord *dir_lookup(const Tok *t)
{
    if (t->len < 3 || t->len > 11) return NULL;
    for (size_t i = 0; i < sizeof dir_words / sizeof dir_words[0]; i++) {
        const DirWord *d = &dir_words[i];
        if (strlen(d->name) == t->len &&
            !strncasecmp(d->name, t->text, t->len))
            return d;
    }
    return NULL;
}

/* What the filter needs to know about each kind of token, looked up in
 * one table (this runs for every token of the program). */
enum {
    TC_WORD = 1,      /* spelt like a name: identifiers and every keyword */
    TC_STMT = 2,      /* a statement keyword */
    TC_VALUE = 4,     /* ends a value: a '(' after it is a call */
    TC_BRACKET = 8,   /* [ ] { } */
    TC_PAREN = 16,    /* what track_parens looks at */
    TC_PRINT = 32,    /* may begin a print statement */
    TC_MODIFIER = 64, /* Property's long, additive, individual */
};

#define STMT_KW (TC_WORD | TC_STMT)
#define NAME_KW (TC_WORD | TC_VALUE)
static const unsigned char token_class[YYNTOKENS_MAX] = {
    [IDENT] = TC_WORD | TC_VALUE,
    [K_BOX] = STMT_KW, [K_BREAK] = STMT_KW, [K_CONTINUE] = STMT_KW,
    [K_DEFAULT] = STMT_KW, [K_DO] = STMT_KW, [K_ELSE] = STMT_KW,
    [K_FONT] = STMT_KW, [K_FOR] = STMT_KW, [K_GIVE] = STMT_KW,
    [K_IF] = STMT_KW, [K_INVERSION] = STMT_KW, [K_JUMP] = STMT_KW,
    [K_MOVE] = STMT_KW, [K_NEW_LINE] = STMT_KW, [K_OBJECTLOOP] = STMT_KW,
    [K_PRINT] = STMT_KW | TC_PRINT, [K_PRINT_RET] = STMT_KW | TC_PRINT,
    [K_QUIT] = STMT_KW,
    [K_READ] = STMT_KW, [K_REMOVE] = STMT_KW, [K_RESTORE] = STMT_KW,
    [K_RETURN] = STMT_KW, [K_RFALSE] = STMT_KW, [K_RTRUE] = STMT_KW,
    [K_SAVE] = STMT_KW, [K_SPACES] = STMT_KW, [K_STRING] = STMT_KW,
    [K_STYLE] = STMT_KW, [K_SWITCH] = STMT_KW, [K_UNTIL] = STMT_KW,
    [K_WHILE] = STMT_KW,
    [K_HAS] = TC_WORD, [K_HASNT] = TC_WORD, [K_IN] = TC_WORD,
    [K_NOTIN] = TC_WORD, [K_OFCLASS] = TC_WORD, [K_OR] = TC_WORD,
    [K_PROVIDES] = TC_WORD, [K_WITH] = TC_WORD, [K_PRIVATE] = TC_WORD,
    [K_CLASS] = TC_WORD, [K_TO] = TC_WORD,
    [K_NEAR] = NAME_KW, [K_FROM] = NAME_KW, [K_ALIAS] = NAME_KW,
    [K_LONG] = NAME_KW | TC_MODIFIER, [K_ADDITIVE] = NAME_KW | TC_MODIFIER,
    [K_INDIVIDUAL] = NAME_KW | TC_MODIFIER,
    [K_STATIC] = NAME_KW, [K_TABLE] = NAME_KW, [K_BUFFER] = NAME_KW,
    [NUMBER] = TC_VALUE, [STRING_LIT] = TC_VALUE | TC_PRINT,
    [DICT_WORD] = TC_VALUE, [CHAR_LIT] = TC_VALUE, [ACTION_LIT] = TC_VALUE,
    [HASH_R] = TC_VALUE, [HASH_G] = TC_VALUE, [HASH_N] = TC_VALUE,
    [')'] = TC_VALUE | TC_PAREN,
    ['['] = TC_BRACKET, [']'] = TC_BRACKET, ['{'] = TC_BRACKET,
    ['}'] = TC_BRACKET,
    [LPAREN] = TC_PAREN, ['<'] = TC_PAREN, ['-'] = TC_PAREN,
    [ASM_OP] = TC_PAREN, [ASM_CUSTOM] = TC_PAREN, ['@'] = TC_PAREN,
    [ARROW] = TC_PAREN, [';'] = TC_PAREN,
};

_Static_assert(ASM_ARROW < YYNTOKENS_MAX && CALL_LPAREN < YYNTOKENS_MAX,
               "token codes outgrew the class table");

static inline unsigned tclass(int kind)
{
    return kind >= 0 && kind < YYNTOKENS_MAX ? token_class[kind] : 0;
}

static bool is_word(int kind) { return tclass(kind) & TC_WORD; }
static bool ends_value(int kind) { return tclass(kind) & TC_VALUE; }

static bool same_word(const Tok *a, const Tok *b)
{
    return a->len == b->len && !strncasecmp(a->text, b->text, a->len);
}

static bool tok_is(const Tok *t, const char *s)
{
    return strlen(s) == t->len && !strncmp(t->text, s, t->len);
}

static char *tok_str(Frontend *f, const Tok *t)
{
    return arena_strndup(&f->c->arena, t->text, t->len);
}

/* The token as the user wrote it, for messages. */
static const char *describe(Frontend *f, const Raw *t)
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

static bool push_input(Frontend *f, SourceFile *file)
{
    Input *in = xcalloc(1, sizeof *in);
    in->scanner = lex_open(&in->lx, file);
    if (!in->scanner) {
        free(in);
        return false;
    }
    if (f->ninputs == f->capinputs) {
        f->capinputs = f->capinputs ? f->capinputs * 2 : 8;
        f->inputs = xrealloc(f->inputs, f->capinputs * sizeof *f->inputs);
    }
    f->inputs[f->ninputs++] = in;
    return true;
}

static void pop_input(Frontend *f)
{
    Input *in = f->inputs[--f->ninputs];
    if (in->lx.ran_off) f->lexer_gave_up = true;
    lex_close(&in->lx, in->scanner);
    free(in);
}

static SourceFile *current_file(Frontend *f)
{
    return f->ninputs ? f->inputs[f->ninputs - 1]->lx.file : NULL;
}

/* The next token of the input, across the ends of included files; kind 0
 * at the end of everything. */
static Raw raw_next(Frontend *f)
{
    if (f->nahead) return f->ahead[--f->nahead];
    Raw t;
    while (f->ninputs) {
        YYSTYPE v;
        t.kind = lex_next(f->inputs[f->ninputs - 1]->scanner, &v, &t.loc);
        if (t.kind) {
            t.v = v.tok;
            f->last_loc = t.loc;
            return t;
        }
        pop_input(f);
    }
    memset(&t, 0, sizeof t);
    t.loc = f->last_loc;
    return t;
}

static void put_back(Frontend *f, Raw t)
{
    if (f->nahead == (int)(sizeof f->ahead / sizeof f->ahead[0]))
        ICE("filter: too many tokens put back");
    f->ahead[f->nahead++] = t;
}

/* Reads the ';' that ends a filter directive; reports anything else (and
 * leaves it to be read again). */
static void expect_semicolon(Frontend *f, const char *after)
{
    Raw t = raw_next(f);
    if (t.kind == ';') return;
    diag_error(&t.loc, "expected ';' after %s, found %s", after,
               describe(f, &t));
    put_back(f, t);
}

/* Skips to the ';' that ends a (broken) directive at this level. */
static void skip_statement(Frontend *f)
{
    /* What is skipped is lost: check must not call its names unused. */
    f->c->syntax_errors++;
    int depth = 0;
    for (;;) {
        Raw t = raw_next(f);
        if (t.kind == 0) return;
        if (t.kind == '[') depth++;
        else if (t.kind == ']' && depth > 0) depth--;
        else if (t.kind == ';' && depth == 0) return;
    }
}

/* ------------------------------------------------- conditional compilation */

static void push_if(Frontend *f, SrcLoc loc, const Tok *word, bool in_else)
{
    if (f->nifs == f->capifs) {
        f->capifs = f->capifs ? f->capifs * 2 : 8;
        f->ifs = xrealloc(f->ifs, f->capifs * sizeof *f->ifs);
    }
    int depth = f->routine_depth && f->depth >= f->routine_depth
                ? f->routine_depth : 0;
    f->ifs[f->nifs++] = (IfFrame){ loc, tok_str(f, word), in_else, depth };
}

/* An If... opened inside a routine must close inside it; the routine's
 * ']' (at `end`) closes it otherwise, with this error. */
static void if_left_open(Frontend *f, SrcLoc if_loc, const char *word,
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
    for (;;) {
        Raw t = raw_next(f);
        if (in_routine && t.kind == '[') brackets++;
        if (in_routine && t.kind == ']' && --brackets < 0) {
            /* The routine ends inside the skipped text: stop there; the
             * If... stays open for the Endif that was meant for it. */
            if_left_open(f, if_loc, tok_str(f, if_word), t.loc);
            put_back(f, t);
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
        const DirWord *d = dir_lookup(&t.v);
        if (!d) continue;
        switch (d->filter) {
        case FD_IFDEF: case FD_IFNDEF: case FD_IFTRUE: case FD_IFFALSE:
        case FD_IFV3: case FD_IFV5:
            level++;
            break;
        case FD_ENDIF:
            if (--level == 0) {
                expect_semicolon(f, "'Endif'");
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
            expect_semicolon(f, "'Ifnot'");
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

static void ev_next(Eval *e) { e->t = raw_next(e->f); }

static void ev_fail(Eval *e, const char *what)
{
    if (e->ok)
        diag_error(&e->t.loc, "expected %s in the condition, found %s",
                   what, describe(e->f, &e->t));
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
        if ((t.v.flags & TOKF_FLOAT) && !e->f->c->opts->glulx)
            diag_error(&t.loc, "floating-point numbers exist only in Glulx");
        v = t.v.num;
        ev_next(e);
        return v;
    case '#':
        ev_next(e);
        if (e->t.kind != IDENT) { ev_fail(e, "a system constant name"); return 0; }
        {
            char *name = tok_str(e->f, &e->t.v);
            if (!decl_system_constant(e->f->c, name, &v)) {
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
            if (!decl_const_value(e->f->c, tok_str(e->f, &t.v), t.loc, &v))
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
    Eval e = { f, raw_next(f), true };
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
                       describe(f, &e.t));
        put_back(f, e.t);
        skip_statement(f);
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
    return decl_is_defined(f->c, tok_str(f, name));
}

static void do_if(Frontend *f, const DirWord *d, const Raw *w)
{
    bool cond = false;
    const Options *o = f->c->opts;
    switch (d->filter) {
    case FD_IFDEF:
    case FD_IFNDEF: {
        Raw t = raw_next(f);
        if (!is_word(t.kind)) {
            /* Read on as if it held, so that its Endif still matches. */
            diag_error(&t.loc, "expected a name after '%.*s', found %s",
                       (int)w->v.len, w->v.text, describe(f, &t));
            if (t.kind != ';') {
                put_back(f, t);
                skip_statement(f);
            }
            push_if(f, w->loc, &w->v, false);
            return;
        }
        cond = is_defined(f, &t.v) == (d->filter == FD_IFDEF);
        expect_semicolon(f, arena_printf(&f->c->arena, "'%.*s %.*s'",
                         (int)w->v.len, w->v.text, (int)t.v.len, t.v.text));
        break;
    }
    case FD_IFTRUE:
    case FD_IFFALSE:
        cond = eval_condition(f, &w->v) == (d->filter == FD_IFTRUE);
        break;
    case FD_IFV3:
    case FD_IFV5:
        cond = (!o->glulx && o->zversion <= 3) == (d->filter == FD_IFV3);
        expect_semicolon(f, arena_printf(&f->c->arena, "'%.*s'",
                                         (int)w->v.len, w->v.text));
        break;
    }
    if (cond) push_if(f, w->loc, &w->v, false);
    else skip_branch(f, w->loc, &w->v, true);
}

static void do_ifnot(Frontend *f, const Raw *w)
{
    expect_semicolon(f, "'Ifnot'");
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
    expect_semicolon(f, "'Endif'");
    if (!f->nifs)
        diag_error(&w->loc, "'Endif' without a matching 'If...' before it");
    else
        f->nifs--;
}

/* ---------------------------------------------------------------- other
 * directives the filter reads */

static Node *string_node(Frontend *f, const Raw *t)
{
    text_check(t->v.text, t->v.len, t->loc, TEXT_STRING);
    return ast_new_text(&f->c->arena, NODE_STRING, t->loc, tok_str(f, &t->v));
}

static void hand_over(Frontend *f, Node *n)
{
    decl_directive(f->c, n);
}

static void do_message(Frontend *f, const Raw *w)
{
    Raw t = raw_next(f);
    int kind = MSG_INFO;
    if (t.kind == IDENT) {
        if (tok_is(&t.v, "error")) kind = MSG_ERROR;
        else if (tok_is(&t.v, "warning")) kind = MSG_WARNING;
        else if (tok_is(&t.v, "fatalerror")) kind = MSG_FATAL;
        if (kind != MSG_INFO) t = raw_next(f);
    }
    if (t.kind != STRING_LIT) {
        diag_error(&t.loc, "expected a message in double quotes (after "
                   "'error', 'warning' or 'fatalerror' if you like), found %s",
                   describe(f, &t));
        put_back(f, t);
        skip_statement(f);
        return;
    }
    Node *n = ast_new_num(&f->c->arena, NODE_MESSAGE, w->loc, kind);
    ast_add(&f->c->arena, n, string_node(f, &t));
    expect_semicolon(f, "the message");
    hand_over(f, n);
}

static void do_origsource(Frontend *f, const Raw *w)
{
    Arena *a = &f->c->arena;
    Node *n = ast_new(a, NODE_ORIGSOURCE, w->loc);
    Node *kids[3] = { NULL, NULL, NULL };
    Raw t = raw_next(f);
    for (int i = 0; i < 3 && t.kind != ';'; i++) {
        if (i == 0 && t.kind == STRING_LIT)
            kids[0] = string_node(f, &t);
        else if (i > 0 && t.kind == NUMBER)
            kids[i] = ast_new_num(a, NODE_NUMBER, t.loc, t.v.num);
        else {
            diag_error(&t.loc, "expected %s in 'Origsource', found %s",
                       i == 0 ? "a file name in double quotes"
                              : "a line or character number",
                       describe(f, &t));
            put_back(f, t);
            skip_statement(f);
            return;
        }
        t = raw_next(f);
    }
    if (t.kind != ';') {
        diag_error(&t.loc, "expected ';' after 'Origsource', found %s",
                   describe(f, &t));
        put_back(f, t);
        skip_statement(f);
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
        Raw t = raw_next(f);
        if (t.kind == ';' || t.kind == 0) break;
        bool ok = t.kind == NUMBER;
        for (size_t i = 0; !ok && i < sizeof trace_words / sizeof *trace_words; i++)
            ok = is_word(t.kind) && tok_is(&t.v, trace_words[i]);
        if (!ok)
            diag_error(&t.loc, "expected one of the Trace words (assembly, "
                       "dictionary, expressions, lines, linker, objects, "
                       "symbols, tokens, verbs, on, off) or a number, found "
                       "%s", describe(f, &t));
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
    skip_statement(f);
    hand_over(f, ast_new_text(&f->c->arena, NODE_OBSOLETE, w->loc,
                              tok_str(f, &w->v)));
}

static void do_include(Frontend *f, const Raw *w)
{
    Raw t = raw_next(f);
    if (t.kind != STRING_LIT) {
        diag_error(&t.loc, "expected the name of a file in double quotes "
                   "after 'Include', found %s", describe(f, &t));
        put_back(f, t);
        skip_statement(f);
        return;
    }
    expect_semicolon(f, "the file name");
    SourceFile *file = src_include(f->c->sources, tok_str(f, &t.v), &t.loc);
    if (file) push_input(f, file);
}

static void do_end(Frontend *f, const Raw *w)
{
    SourceFile *file = current_file(f);
    expect_semicolon(f, "'End'");
    /* Stop reading the file the End is in (tokens put back are its own). */
    f->nahead = 0;
    while (f->ninputs && current_file(f) == file) pop_input(f);
}

static void do_system_file(Frontend *f, const Raw *w)
{
    expect_semicolon(f, "'System_file'");
    SourceFile *file = src_file(f->c->sources, w->loc.file);
    if (file) file->system_file = true;
}

/* A directive the filter handles, at `w` (its word). `nested`: inside a
 * routine or object, where only some are allowed. */
static void filter_directive(Frontend *f, const DirWord *d, const Raw *w,
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
            skip_statement(f);
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
}

static bool is_local(Frontend *f, const Tok *t)
{
    for (int i = 0; i < f->nlocals; i++)
        if (same_word(&f->locals[i], t)) return true;
    return false;
}

static void add_local(Frontend *f, const Tok *t)
{
    if (f->nlocals == f->caplocals) {
        f->caplocals = f->caplocals ? f->caplocals * 2 : 16;
        f->locals = xrealloc(f->locals, f->caplocals * sizeof *f->locals);
    }
    f->locals[f->nlocals++] = *t;
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
        const DirWord *d = dir_lookup(&t->v);
        if (d && d->filter) {
            filter_directive(f, d, t, false);
            return 0;
        }
        if (d) {
            begin_directive(f, d->shape, t);
            return d->token;
        }
        if (t->kind == IDENT) {
            Symbol *s = sym_lookup(f->c->symbols, tok_str(f, &t->v));
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
                   "name of a class, found %s%s", describe(f, t),
                   t->kind == IDENT ? ", which is not a class defined before "
                   "this point" : "");
    if (t->kind != ';') skip_statement(f);
    return 0;
}

static void push_open(Frontend *f, int ch, SrcLoc loc)
{
    if (f->nopen == f->capopen) {
        f->capopen = f->capopen ? f->capopen * 2 : 16;
        f->open = xrealloc(f->open, f->capopen * sizeof *f->open);
    }
    f->open[f->nopen++] = (struct Open){ ch, loc, f->depth };
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
        if (f->dir == DIR_IS_OBJECT && f->depth == 0) {
            f->header = 2;           /* an embedded routine's locals */
            f->nlocals = 0;
        }
        f->depth++;
    } else if (t->kind == ']') {
        if (f->depth > 0) f->depth--;
        if (f->depth < f->routine_depth) {
            /* An If... left open is reported; it stays open for the
             * Endif that was meant for it. */
            for (int i = f->nifs; i > 0 && f->ifs[i - 1].depth > f->depth; i--) {
                if_left_open(f, f->ifs[i - 1].loc, f->ifs[i - 1].word, t->loc);
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
        f->out[f->nout++] = second;
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
static bool statement_position(Frontend *f)
{
    if (!f->routine_depth || f->depth < f->routine_depth) return false;
    switch (f->prev) {
    case 0: case ';': case '{': case '}': case ':': case K_ELSE: case K_DO:
        return true;
    default:
        return false;
    }
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
    if (f->rule_state == 2 && t->kind == ')') f->after_header = true;
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
        put_back(f, *t);
        for (int i = f->nopen; i > 0 && f->open[i - 1].ch == '{'; i--) {
            diag_error(&f->open[i - 1].loc, "this '{' is not closed by a "
                       "'}' before the ']' that ends the routine");
            Raw close = *t;
            close.kind = '}';
            close.v.text = "}";
            put_back(f, close);
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
        Raw n = raw_next(f);
        if (n.kind == 0) { put_back(f, n); break; }
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
        Raw n = raw_next(f);
        put_back(f, n);
        if (!is_word(n.kind)) t->kind = IDENT;
    }
}

/* The shaped form of an ordinary token inside a directive; 0 when the
 * token is dropped.  This runs for every token, so each tracker is asked
 * only about the kinds of token it follows. */
static int shape(Frontend *f, Raw *t)
{
    if (f->routine_closed) {
        f->routine_closed = false;
        if (t->kind != ';') {
            diag_error(&t->loc, "expected ';' after the ']' that ends the "
                       "routine, found %s", describe(f, t));
            put_back(f, *t);
            t->kind = ';';
            t->v.text = ";";
            t->v.len = 1;
        }
    }
    if (f->action_ends) {
        f->action_ends = false;
        f->action_paren = -1;
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
        shape_word(f, t, cls);
        cls = tclass(t->kind);
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

/* Literal checks happen as the parser is given a literal, so that text
 * left out by conditional compilation is never checked. */
static void check_literal(Frontend *f, const Raw *t)
{
    switch (t->kind) {
    case STRING_LIT:
        text_check(t->v.text, t->v.len, t->loc, TEXT_STRING);
        break;
    case CHAR_LIT:
        if (t->v.len > 0 && !(t->v.len == 1 && t->v.text[0] == '\''))
            text_check(t->v.text, t->v.len, t->loc, TEXT_CHAR);
        break;
    case DICT_WORD: {
        size_t word_len, flags_len;
        const char *flags;
        text_dict_split(t->v.text, t->v.len, &word_len, &flags, &flags_len);
        text_check(t->v.text, word_len, t->loc, TEXT_DICT_WORD);
        for (size_t i = 0; flags && i < flags_len; i++) {
            char ch = flags[i];
            if (ch == 'p' || ch == 's' || ch == 'n' ||
                (ch == '~' && i + 1 < flags_len)) continue;
            SrcLoc at = text_loc(t->v.text, (size_t)(flags + i - t->v.text),
                                 t->loc);
            diag_error(&at, "'%c' is not a dictionary flag; after '//' "
                       "write p (plural), s (singular) or n (noun), each "
                       "perhaps after ~ to turn it off", ch);
            break;
        }
        break;
    }
    case NUMBER:
        if ((t->v.flags & TOKF_FLOAT) && !f->c->opts->glulx)
            diag_error(&t->loc, "floating-point numbers like '%.*s' exist "
                       "only in Glulx (compile with -G)", (int)t->v.len,
                       t->v.text);
        break;
    default:
        break;
    }
}

/* The next shaped token for the parser, or 0 at the end of a directive
 * or of the input. */
static int produce(Frontend *f, Raw *out)
{
    if (f->nout) {
        *out = f->out[0];
        memmove(f->out, f->out + 1, --f->nout * sizeof f->out[0]);
        return out->kind;
    }
    for (;;) {
        if (f->end_pending) {
            f->end_pending = false;
            f->in_directive = false;
            f->at_start = true;
            out->kind = 0;
            out->loc = f->last_loc;
            return 0;
        }
        Raw t = raw_next(f);
        if (t.kind == 0) {
            if (f->routine_closed)
                diag_error(&t.loc, "expected ';' after the ']' that ends "
                           "the routine, found the end of the file");
            f->routine_closed = false;
            f->in_directive = false;
            f->at_start = true;
            *out = t;
            return 0;
        }
        if (t.kind == '#') {
            Raw w = raw_next(f);
            const DirWord *d = is_word(w.kind) ? dir_lookup(&w.v) : NULL;
            if (d && d->filter) {
                filter_directive(f, d, &w, !f->at_start);
                continue;
            }
            if (d && f->at_start) {
                t = w;                      /* `#Constant` at top level */
            } else if (d) {
                diag_error(&w.loc, "the '%s' directive cannot be used inside "
                           "a routine or an object definition", d->name);
                skip_statement(f);
                continue;
            } else {
                put_back(f, w);
            }
        }
        if (f->at_start) {
            int k = start_directive(f, &t);
            if (!k) continue;
            t.kind = k;
            f->prev = 0;
            f->at_stmt = false;
            *out = t;
            return k;
        }
        if (!shape(f, &t)) continue;
        /* In an object's header and property list, a comma before a
         * segment (with, has, class, private) or the final ';' only
         * separates: drop it.  What follows is read through the filter,
         * since an #Ifdef may come between. */
        if (t.kind == ',' && f->dir == DIR_IS_OBJECT && !f->depth &&
            !f->paren) {
            Raw n;
            int k = produce(f, &n);
            if (k == K_WITH || k == K_HAS || k == K_CLASS ||
                k == K_PRIVATE || k == ';') {
                *out = n;
                return k;
            }
            f->out[f->nout++] = n;
        }
        *out = t;
        return t.kind;
    }
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
    check_literal(f, &t);
    f->ntok++;
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
    f->prev = f->after_header ? 0 : k;
    f->after_header = false;
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
    if (main_file) push_input(f, main_file);
    return f;
}

bool flt_more(Frontend *f)
{
    if (f->nout) return true;
    Raw t;
    if (!produce(f, &t)) return false;
    f->out[f->nout++] = t;
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
    const DirWord *d = dir_lookup(word);
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

void flt_note_or(Frontend *f) { f->saw_or = true; }

bool flt_take_or(Frontend *f)
{
    bool saw = f->saw_or;
    f->saw_or = false;
    return saw;
}

const char *flt_directive_word(Frontend *f)
{
    return tok_str(f, &f->dir_word);
}

void *flt_stack_alloc(Frontend *f, size_t n)
{
    void *p = xmalloc(n);
    if (f->nstacks == f->capstacks) {
        f->capstacks = f->capstacks ? f->capstacks * 2 : 4;
        f->stacks = xrealloc(f->stacks, f->capstacks * sizeof *f->stacks);
    }
    f->stacks[f->nstacks++] = p;
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
    while (f->ninputs) pop_input(f);
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
