/* filter_int.h: the directive filter's own state, shared by its two
 * files: compiler/filter.c (reading, shaping tokens, the API) and
 * compiler/filter_directives.c (the directives the filter reads itself:
 * Include, End, System_file, conditional compilation, Message,
 * Origsource, Trace, Import, Link).  Nothing else includes it. */
#ifndef VINFORM_FILTER_INT_H
#define VINFORM_FILTER_INT_H

#include <stdio.h>
#include <string.h>
#include "filter.h"
#include "parser.h"

/* Token codes are below this (bison numbers its own from 258). */
#define YYNTOKENS_MAX 512

typedef struct Raw {
    int kind;
    union {
        Tok v;
        YYSTYPE yv;          /* v as the lexer fills it in */
    };
    SrcLoc loc;
} Raw;

_Static_assert(sizeof(YYSTYPE) == sizeof(Tok), "a token's value is a Tok");

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
    void *scanner;           /* the innermost input's, or NULL */
    Raw *ahead;              /* raw tokens put back, a stack (arena; a
                              * routine's ']' may push one '}' per
                              * brace left open) */
    int nahead, capahead;
    Raw *out;                /* shaped tokens waiting for the parser, a
                              * queue (arena) */
    int capout;
    int comma_nest;          /* object-header commas being looked past */
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
    bool postfix;            /* it was a postfix '++' or '--' */
    bool recovering;         /* the parser skips a statement (an error) */
    bool asm_mode;
    bool for_next;           /* the last token was `for` */
    int for_paren, for_colons;
    int lt_paren;            /* paren depth at the latest '<' */
    uint64_t header_parens;  /* bit n: paren level n+1 is a statement's
                                `if (...)`, `while (...)`... */
    bool after_header;       /* a statement header's ')' was just given */
    bool after_rule;        /* the ')' of `print (rule)`: a value follows,
                             * not a statement (`print (name) box`) */
    bool print_mode;         /* in a print statement's items */
    int print_paren;         /* its paren depth */
    int rule_state;          /* 1: '(' of an item seen; 2: then a word */
    int action_paren;        /* paren depth of an action statement, or -1 */
    bool action_ends;        /* a ';' was given: action_paren ends next */
    int or_nodes;            /* `or` lists the parser built */
    int or_compared;         /* of those, put right of a comparison */
    bool lexer_gave_up;      /* a string ran to the end of a file */
    bool at_stmt;            /* the token being shaped may begin a statement */
    int ntok;                /* tokens given in this directive so far */
    void **stacks;           /* bison's stacks when they outgrow the C stack */
    int nstacks, capstacks;

    struct Open { int ch; SrcLoc loc; int depth; } *open;
    int nopen, capopen;      /* '[' and '{' of the directive not closed */
    Tok last_tok;            /* the last token given to the parser */
    int last_kind, before_last;   /* its kind, and the kind before it */
    int label_dot;           /* ntok of the last '.' that began a statement */
    Raw stmt_first;          /* the first token of the current statement */
    int stmt_count;          /* tokens given since it, itself included */

};

/* Directive words (compiler/keywords.def): those the filter reads itself
 * have no token. */
enum {
    FD_NONE = 0,
#define FILTER_DIRECTIVE(name, word) FD_##name,
#include "keywords.def"
};

typedef struct DirWord {
    const char *name;
    size_t len;      /* strlen(name) */
    int token;       /* parser token, or 0 */
    int filter;      /* FD_*, or 0 */
    int shape;       /* DIR_IS_* */
} DirWord;

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
    TC_BEFORE_STMT = 128, /* a statement may begin after it (0: nothing) */
    TC_LITERAL = 256, /* checked as it is given (check_literal) */
    TC_SEGMENT = 512, /* begins an object's segment: with, has, class... */
};

extern const unsigned short flt_token_class[YYNTOKENS_MAX];

static inline unsigned tclass(int kind)
{
    return kind >= 0 && kind < YYNTOKENS_MAX ? flt_token_class[kind] : 0;
}

static inline bool is_word(int kind) { return tclass(kind) & TC_WORD; }
static inline bool ends_value(int kind) { return tclass(kind) & TC_VALUE; }

/* The statement words whose header is bracketed. */
static inline bool flt_header_word(int kind)
{
    return kind == K_IF || kind == K_WHILE || kind == K_FOR ||
           kind == K_SWITCH || kind == K_OBJECTLOOP || kind == K_UNTIL;
}

/* False for most tokens that cannot begin a value (operators, ')', ';',
 * ','), true for every one that can: what flt_missing_operator asks of
 * the token, first and cheaply. */
static inline bool flt_may_begin_value(int kind)
{
    return ((tclass(kind) & (TC_WORD | TC_VALUE)) && kind != ')') ||
           kind == '~' || kind == NOTNOT || kind == '#' || kind == '-' ||
           kind == INC || kind == DEC || kind == LPAREN || kind == HASH_W;
}

/* filter_operators.c: the token to give before `t` when a value begins
 * right after one ends in a routine ('+' inside brackets, ';' ending an
 * expression statement), reported as inform6 reports it; 0 if none. */
int flt_missing_operator(Frontend *f, const Raw *t);
/* LPAREN when `t` follows a statement word whose header needs a '(' and
 * is none (reported; `t` is to be read again after it), else 0. */
int flt_missing_open_paren(Frontend *f, const Raw *t);
/* True when `t` is the ')' of a statement header's empty brackets (not
 * a for's): reported; the caller reads it as the value 0. */
bool flt_empty_header(Frontend *f, const Raw *t);

/* filter.c */
bool flt_tok_is(const Tok *t, const char *s);
char *flt_tok_str(Frontend *f, const Tok *t);
/* The token as the user wrote it, for messages. */
const char *flt_describe(Frontend *f, const Raw *t);
bool flt_push_input(Frontend *f, SourceFile *file);
void flt_pop_input(Frontend *f);
SourceFile *flt_current_file(Frontend *f);
/* The next token of the input, across the ends of included files; kind 0
 * at the end of everything.  flt_raw_read reads it in place, for the
 * loops that run for every token. */
Raw flt_raw_next(Frontend *f);
static inline void flt_raw_read(Frontend *f, Raw *t)
{
    if (f->nahead) {
        *t = f->ahead[--f->nahead];
        return;
    }
    while (f->scanner) {
        t->kind = lex_next(&t->yv, &t->loc, f->scanner);
        if (t->kind) {
            f->last_loc = t->loc;
            return;
        }
        flt_pop_input(f);
    }
    memset(t, 0, sizeof *t);
    t->loc = f->last_loc;
}
void flt_put_back(Frontend *f, Raw t);
/* Reads the ';' that ends a filter directive; reports anything else (and
 * leaves it to be read again). */
void flt_expect_semicolon(Frontend *f, const char *after);
/* Skips to the ';' that ends a (broken) directive at this level. */
void flt_skip_statement(Frontend *f);

/* filter_directives.c */
/* The directive a word names (any case), or NULL. */
const DirWord *flt_dir_lookup(const Tok *t);
/* A directive the filter handles, at `w` (its word). `nested`: inside a
 * routine or object, where only some are allowed. */
void flt_directive(Frontend *f, const DirWord *d, const Raw *w, bool nested);
/* An If... opened inside a routine and not closed there, reported at the
 * routine's end `end`. */
void flt_if_left_open(Frontend *f, SrcLoc if_loc, const char *word,
                      SrcLoc end);

#endif
