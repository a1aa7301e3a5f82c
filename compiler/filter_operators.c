/* filter_operators.c: two values with no operator between them, inside a
 * routine, read as inform6 6.45 reads them (flt_missing_operator).
 *
 * Takes the raw token about to be shaped and what the filter knows of the
 * tokens before it; gives, when a value begins right after one ends, the
 * token inform6 puts between them: inside brackets a '+' ("Missing
 * operator": `(1 ~ 2)` is `(1 + ~2)`), and at the top level of an
 * expression statement a ';' (the statement ends, and the next begins at
 * the value: `x = 1 ~ 2;` is `x = 1; ~2;`).  Reading on this way, rather
 * than skipping to the ';', finds the further mistakes inform6 finds, so
 * that a build counting errors counts the same.
 *
 * After a postfix '++' or '--', inform6 takes '-', '++', '--' and '(' to
 * begin a new value (a prefix operator, a bracket), so `(x++ -2)` is a
 * missing operator too; vinform follows it.
 *
 * A statement word whose header is bracketed (`if`, `while`, `for`,
 * `switch`, `objectloop`, `until`) with no '(' after it: inform6 reports
 * the '(' and reads on as if it were there, so the header's ')' it then
 * misses is a second error (`if x print "a";`), as here
 * (flt_missing_open_paren).  Empty brackets there (`if () ...`): inform6
 * reports the value missing, takes the ')' as that value's, and misses
 * the ')' after it, a second error; here the ')' is read as a 0
 * (flt_empty_header), so the parser misses the ')' at the same place.
 *
 * Left to the parser's own messages: the brackets of a statement's header
 * (`if (a b)`, `for (...)`), where inform6 reports a missing ')' or ':';
 * values juxtaposed on purpose (assembly, an action statement's values,
 * `give`, `read`, print items); and the rest of a statement the parser is
 * skipping after an error. */
#include "filter_int.h"

#include "diag.h"

/* A token that can only begin a value (never continue one); at the top
 * level of a statement, a statement word begins the next statement. */
static bool begins_value(const Frontend *f, int kind, bool top)
{
    switch (kind) {
    case NUMBER: case STRING_LIT: case DICT_WORD: case CHAR_LIT:
    case ACTION_LIT: case HASH_R: case HASH_G: case HASH_N: case HASH_W:
    case IDENT: case '~': case NOTNOT: case '#':
        return true;
    case '-': case INC: case DEC: case LPAREN:
        return f->postfix;
    case K_NEAR: case K_FROM:   /* objectloop (x near y), (x from y) */
        return false;
    default: {
        unsigned cls = tclass(kind);
        if (top && (cls & TC_STMT)) return true;
        return (cls & (TC_WORD | TC_VALUE | TC_STMT)) == (TC_WORD | TC_VALUE);
    }
    }
}

/* Whether the last token given ends a value. */
static bool value_ended(const Frontend *f)
{
    if (f->postfix) return true;
    return ends_value(f->prev) && f->prev != K_NEAR && f->prev != K_FROM;
}

/* The statements whose top level is one expression: the ones a ';' may
 * end early (not print, give, read, an action..., whose values are
 * juxtaposed).  The value must not be the statement's first token
 * (`Constant X 1;` in a routine has its own message). */
static bool in_expression_statement(const Frontend *f)
{
    if (f->stmt_count < 2) return false;
    switch (f->stmt_first.kind) {
    case IDENT: case NUMBER: case LPAREN: case INC: case DEC: case '-':
    case '~': case NOTNOT: case '#': case ACTION_LIT: case K_RETURN:
        return true;
    default:
        return false;
    }
}

/* The innermost bracket is a statement's header: `if (`, `for (`... */
static bool in_header(const Frontend *f)
{
    int level = f->paren - 1;
    if (f->for_paren >= 0 && f->paren == f->for_paren) return true;
    return level < 64 && (f->header_parens >> level & 1);
}

int flt_missing_operator(Frontend *f, const Raw *t)
{
    if (!f->routine_depth || f->depth < f->routine_depth || f->header ||
        f->asm_mode || f->recovering ||
        (f->action_paren >= 0 && f->paren == f->action_paren))
        return 0;
    bool top = f->paren == 0;
    if (!value_ended(f) || !begins_value(f, t->kind, top)) return 0;
    if (!top) {
        if (in_header(f)) return 0;
        Raw last = { .kind = f->last_kind, .v = f->last_tok };
        diag_error(&t->loc, "missing operator after %s: two values cannot "
                   "follow one another; write an operator between them "
                   "(read as '+' from here)", flt_describe(f, &last));
        return '+';
    }
    if (!in_expression_statement(f)) return 0;
    diag_error(&t->loc, "expected ';', found %s (a new statement is read "
               "from here)", flt_describe(f, t));
    return ';';
}

int flt_missing_open_paren(Frontend *f, const Raw *t)
{
    if (!f->routine_depth || f->asm_mode || f->recovering ||
        !flt_header_word(f->last_kind) || t->kind == LPAREN || t->kind == 0)
        return 0;
    Raw word = { .kind = f->last_kind, .v = f->last_tok };
    diag_error(&t->loc, "expected '(' after %s, found %s (read as if the "
               "'(' were there)", flt_describe(f, &word), flt_describe(f, t));
    f->c->syntax_errors++;
    return LPAREN;
}

bool flt_empty_header(Frontend *f, const Raw *t)
{
    if (!f->routine_depth || f->asm_mode || f->recovering ||
        t->kind != ')' || f->last_kind != LPAREN ||
        !flt_header_word(f->before_last) || f->before_last == K_FOR)
        return false;
    int w = f->before_last;
    diag_error(&t->loc, "the brackets after '%s' are empty: write the %s in "
               "them", w == K_IF ? "if" : w == K_WHILE ? "while"
               : w == K_SWITCH ? "switch" : w == K_UNTIL ? "until"
               : "objectloop", w == K_SWITCH ? "value to switch on"
               : w == K_OBJECTLOOP ? "loop variable" : "condition");
    f->c->syntax_errors++;
    return true;
}

