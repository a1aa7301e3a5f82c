/* filter.h: the token layer between the lexer and the parser.
 *
 * The lexer (grammar/lexer.l) turns one file's text into tokens without
 * knowing any context.  The directive filter (compiler/filter.c) reads
 * those tokens in order and gives the parser the stream it should see:
 * Include'd files spliced in, conditional compilation done (skipped text
 * is tokenised but never reaches the parser), directive names recognised
 * at the start of each top-level directive, keywords turned back into
 * names where a local variable of that spelling is in scope, and the few
 * tokens whose meaning depends on what came before told apart (a call's
 * '(' from a grouping '(', '->' as an assembly store, '::' in a `for`).
 * The parser parses one directive per call and hands it to declare. */
#ifndef VINFORM_FILTER_H
#define VINFORM_FILTER_H

#include <stdbool.h>
#include <stdint.h>
#include "compiler.h"
#include "srcloc.h"

/* A token's value.  The text is raw source text (inside the quotes for
 * literals, after the marker for ##Name and the like); it points into
 * SourceFile.text and is not NUL-ended. */
typedef struct Tok {
    const char *text;
    uint32_t len : 28;
    uint32_t flags : 4; /* TOKF_* */
    int32_t num;        /* NUMBER and CHAR_LIT: the value (32 bits, as in
                           inform6; later stages fit it to the word) */
} Tok;

enum {
    TOKF_FLOAT = 1,     /* NUMBER written as a floating-point literal */
    TOKF_OBSOLETE = 2,  /* ACTION_LIT written #a$Name */
};

/* The lexer's state for one file (flex's "extra" data). */
typedef struct LexState {
    SourceFile *file;
    char *buf;          /* the text flex scans: SourceFile.text */
    uint32_t line, col;
    bool ran_off;       /* a string ran to the end of the file (reported) */
} LexState;

union YYSTYPE;

/* grammar/lexer.l.  lex_open returns the scanner, or NULL.  lex_next
 * gives the token kind (0 at the end of the file) and fills in the value
 * and location. */
void *lex_open(LexState *s, SourceFile *file);
void lex_close(LexState *s, void *scanner);
int lex_next(union YYSTYPE *value, SrcLoc *loc, void *scanner);

/* compiler/filter.c */
typedef struct Frontend Frontend;

/* Starts reading `main_file`; the state is kept in c->frontend. */
Frontend *flt_new(Compiler *c, SourceFile *main_file);
/* True when another directive is there for the parser (reading past any
 * the filter handles itself); false at the end of the input. */
bool flt_more(Frontend *f);
/* The parser's next token; 0 (end of input) after the ';' that ends the
 * current directive, so that each directive is one parse. */
int flt_next(Frontend *f, union YYSTYPE *value, SrcLoc *loc);
/* After a parse that stopped early: drops the rest of the directive. */
void flt_skip_directive(Frontend *f);
/* At the end of the input: reports If... directives left open. */
void flt_finish(Frontend *f);
/* The compilation (the first member of struct Frontend, so that the
 * parser can reach its arena without a call for every node). */
static inline Compiler *flt_compiler(Frontend *f) { return *(Compiler **)f; }
/* The parser has just read the '<' of an action statement / finished it:
 * in between, a '(' after a value starts the next value (as in
 * `<Insert button (random(p1, p2))>`) instead of a call. */
void flt_action_begin(Frontend *f);
void flt_action_end(Frontend *f);
bool flt_in_action(Frontend *f);
/* The parser has reported a syntax error and skips to the end of the
 * statement: until a ';', '{', '}' or ']', no operator is made up for it
 * (filter_operators.c). */
void flt_syntax_error(Frontend *f);
/* The last token given to the parser (the one a syntax error is at). */
const Tok *flt_last_token(Frontend *f);
/* The kind of the token given before that one. */
int flt_kind_before_last(Frontend *f);
/* The kind of the first token of the current statement (in a routine). */
int flt_statement_kind(Frontend *f);
/* When the current statement began with a name and only one token has
 * followed it: that name and where it is (for messages about `Constant`
 * inside a routine, or `PRINT`); NULL otherwise. */
const Tok *flt_statement_start(Frontend *f, SrcLoc *loc);
/* The directive `word` names (any case), as spelt in the manual; NULL
 * when it names none. */
const char *flt_directive_name(const Tok *word);
/* True when a string ran to the end of a file: brackets left open then
 * need no second report. */
bool flt_lexer_gave_up(Frontend *f);
/* True once the whole input has been read. */
bool flt_at_end_of_input(Frontend *f);
/* The innermost '[' or '{' of the current directive left open; false
 * when there is none. */
bool flt_unclosed(Frontend *f, SrcLoc *loc, int *ch);
/* The parser built an `or` list: the directive is then checked for
 * misplaced ones (flt_take_or says how many lists, and forgets).
 * flt_note_or_compared: a list was made the right side of a comparison,
 * where it belongs; when every list was, the check can be left out
 * (flt_take_or sets *compared, and forgets it too). */
void flt_note_or(Frontend *f);
void flt_note_or_compared(Frontend *f);
int flt_take_or(Frontend *f, int *compared);
/* The directive word of the current directive as written ("Object"). */
const char *flt_directive_word(Frontend *f);

/* Memory for bison's stack when it grows, freed with the front end. */
void *flt_stack_alloc(Frontend *f, size_t n);
void flt_stack_free(Frontend *f, void *p);

/* grammar/parser.y: the spelling or description of a token kind. */
const char *parse_token_name(int kind);
/* grammar/parser.y: parses every directive the filter gives, handing each
 * to declare, then reports If... left open. */
void parse_directives(Frontend *f);

#endif
