/* parser.y: the Inform 6 grammar.
 *
 * Takes the tokens of one directive from the directive filter
 * (compiler/filter.c), which ends each directive with the end-of-input
 * token; gives declare (decl_directive) one AST node per directive, as
 * soon as its ';' has been read.  The node shapes are listed in
 * compiler/ast.def.  parse_program() calls the parser once per directive,
 * so a mistake loses at most the rest of its directive, and inside
 * routines recovery is at the next ';', '}' or ']'.
 *
 * Keywords are not reserved.  The lexer returns a keyword token for every
 * spelling of a statement keyword and a few others; the nonterminals
 * expr_name and any_name accept them where a name is legal.  The keyword
 * and directive tokens and the lists of keywords legal as names are
 * written once, in compiler/keywords.def: tools/kwgen puts them on the
 * marker lines below, and bison reads the result (grammar/parser-gen.y in
 * the build folder, with the same line numbers).  Precedence
 * declarations give inform6's operator table, and also settle the places
 * where values are juxtaposed (arrays, property values, action and
 * assembly operands): a juxtaposed value ends before a comparison and
 * before '=', but a following '-' is a subtraction, as in inform6.
 * Every other conflict is an error: %expect 0. */

%code requires {
#include "ast.h"
#include "filter.h"
}

%code {
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "declare.h"
#include "diag.h"

/* A node's location is that of its first token. */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                                       \
    do {                                                                  \
        if (N) (Cur) = YYRHSLOC(Rhs, 1);                                  \
        else   (Cur) = YYRHSLOC(Rhs, 0);                                  \
    } while (0)

/* Bison's stack starts on the C stack; when a deeply nested construct
 * (a long else-if chain) outgrows it, the bigger stacks are malloc'd
 * through the front end, which frees them even if diag_fatal() longjmps
 * out of the parser.  The limit keeps trees shallow enough for the
 * recursive walks of the later passes. */
#define YYINITDEPTH 1000
#define YYMAXDEPTH 50000
#define YYMALLOC(n) flt_stack_alloc(fe, (n))
#define YYFREE(p) flt_stack_free(fe, (p))

/* Only for bison's own "memory exhausted" (a nesting deeper than
 * YYMAXDEPTH); syntax errors go through yyreport_syntax_error. */
static void yyerror(const SrcLoc *loc, Frontend *fe, const char *msg)
{
    (void)fe;
    diag_error(loc, "this is nested too deeply for vinform (%s); split "
               "the expression or the statement up", msg);
}

static int yylex(YYSTYPE *v, YYLTYPE *l, Frontend *fe)
{
    return flt_next(fe, v, l);
}

#define ARENA (&flt_compiler(fe)->arena)

static char *str(Frontend *fe, Tok t)
{
    return arena_strndup(ARENA, t.text, t.len);
}

static Node *mk(Frontend *fe, NodeKind k, SrcLoc loc)
{
    return ast_new(ARENA, k, loc);
}

/* (Counts the nodes declare's walk looks for, and the strings: see
 * Declare.notes and Declare.strings_made.) */
static Node *mk_text(Frontend *fe, NodeKind k, SrcLoc loc, Tok t)
{
    if (k == NODE_ACTION_REF ||
        (k == NODE_NAME && decl_library_candidate(t.text, t.len)))
        flt_compiler(fe)->declare->notes++;
    if (k == NODE_STRING) flt_compiler(fe)->declare->strings_made++;
    else if (k == NODE_DICT_WORD) flt_compiler(fe)->declare->words_made++;
    return ast_new_text(ARENA, k, loc, str(fe, t));
}

static Node *mk_num(Frontend *fe, NodeKind k, SrcLoc loc, int64_t num)
{
    return ast_new_num(ARENA, k, loc, num);
}

static Node *add(Frontend *fe, Node *parent, Node *kid)
{
    return ast_add(ARENA, parent, kid);
}

/* Room for exactly `n` kids, so that nodes of fixed shape do not get the
 * larger array ast_add() would start with: the tree is most of the
 * memory a compilation touches. */
static Node *reserve(Frontend *fe, Node *n, int cap)
{
    n->kids = ast_kids(ARENA, (unsigned)cap);
    return n;
}

static Node *mk1(Frontend *fe, NodeKind k, SrcLoc loc, Node *a)
{
    Node *n = reserve(fe, mk(fe, k, loc), 1);
    n->kids[n->nkids++] = a;
    return n;
}

static Node *mk2(Frontend *fe, NodeKind k, SrcLoc loc, Node *a, Node *b)
{
    Node *n = reserve(fe, mk(fe, k, loc), 2);
    n->kids[0] = a;
    n->kids[1] = b;
    n->nkids = 2;
    return n;
}

/* A temporary list (a BLOCK used as a bag of nodes). */
static Node *list(Frontend *fe, SrcLoc loc) { return mk(fe, NODE_BLOCK, loc); }

static Node *binop(Frontend *fe, const char *op, Node *l, Node *r, SrcLoc loc)
{
    Node *n = mk2(fe, NODE_BINOP, loc, l, r);
    n->text = op;
    return n;
}

/* A comparison: an `or` list on its right is where one belongs (the
 * directive's check for misplaced lists, check_or, is left out when
 * every list is in such a place). */
static Node *comparison(Frontend *fe, const char *op, Node *l, Node *r,
                        SrcLoc loc)
{
    if (r && r->kind == NODE_OR) flt_note_or_compared(fe);
    return binop(fe, op, l, r, loc);
}

static Node *unary(Frontend *fe, const char *op, Node *e, SrcLoc loc)
{
    Node *n = mk1(fe, NODE_UNARY, loc, e);
    n->text = op;
    return n;
}

static Node *or_alternatives(Frontend *fe, Node *l, Node *r, SrcLoc loc)
{
    Node *n = l;
    if (!l || l->kind != NODE_OR) {
        flt_note_or(fe);
        n = mk1(fe, NODE_OR, loc, l);
    }
    return add(fe, n, r);
}

static Node *message_or_call(Frontend *fe, Node *f, Node *call);
static Node *expr_stmt(Frontend *fe, Node *e, SrcLoc loc);
static Node *case_values(Frontend *fe, Node *e, SrcLoc loc);
static Node *assign(Frontend *fe, Node *target, Node *value, SrcLoc loc);
static Node *print_rule(Frontend *fe, Tok word, SrcLoc wloc, Node *e, SrcLoc loc);
static Node *statements(Frontend *fe, Node *items, SrcLoc loc);
static Node *switch_body(Frontend *fe, Node *value, Node *items, SrcLoc loc);
static Node *routine_body(Frontend *fe, Node *items, SrcLoc loc, SrcLoc end);
static int routine_words(Frontend *fe);
static Node *object_node(Frontend *fe, Node *word, int arrows, Node *header,
                         Node *segments, SrcLoc word_loc);
static Node *objectloop(Frontend *fe, Node *cond, Node *body, SrcLoc loc);
static Node *give_attr(Frontend *fe, Node *e);
static Node *array_body(Frontend *fe, Node *items, SrcLoc loc);
static Node *asm_stmt(Frontend *fe, Node *n, Node *ops);
static Node *asm_operand(Frontend *fe, Node *e);
static Node *gtoken(Frontend *fe, Tok word, SrcLoc loc);
static Node *gtoken_routine(Frontend *fe, Tok word, SrcLoc wloc, Tok routine,
                            SrcLoc rloc);
static int extend_priority(Frontend *fe, Tok word, SrcLoc loc);
static void grammar_flag(Frontend *fe, Node *action, Tok word, SrcLoc loc);
static Node *verb_word(Frontend *fe, Tok t, SrcLoc loc);
static Node *verb_words_of(Frontend *fe, Node *words, int64_t *meta);
static void action_actor_check(Frontend *fe, const Node *actor);
static void second_short_name(Frontend *fe, Tok first, SrcLoc loc);
static bool range_end_check(Frontend *fe, const Node *e, SrcLoc first_token);
static void z_only(Frontend *fe, const char *what, SrcLoc loc);
static void check_name_not_directive(Frontend *fe, Tok t, SrcLoc loc,
                                     const char *what);
static void done(Frontend *fe, Node *directive);
static void done_list(Frontend *fe, Node *directives);
}

%define api.pure full
%define api.location.type {SrcLoc}
%define parse.error custom
%define lr.default-reduction consistent
%locations
%param {Frontend *fe}
%expect 0

%union {
    Tok tok;
    Node *node;
    int num;
}

/* ---- tokens ---- */
%token END 0 "end of directive"
%token <tok> IDENT "name"
%token <tok> NUMBER "number"
%token <tok> STRING_LIT "string in double quotes"
%token <tok> DICT_WORD "dictionary word"
%token <tok> CHAR_LIT "character constant"
%token <tok> ACTION_LIT "##action"
%token <tok> HASH_R "#r$name"
%token <tok> HASH_G "#g$name"
%token <tok> HASH_N "#n$word"
%token <tok> HASH_W "#w$word"
%token <tok> ASM_OP "assembly opcode"
%token <tok> ASM_CUSTOM "custom opcode"
%token <tok> ROUTINE_START "'[' (routine)"
%token <tok> CLASS_INSTANCE "class name"

/* The directive words (DIR_*) and the keywords (K_*): written once, in
 * compiler/keywords.def; tools/kwgen puts their declarations on the next
 * lines (in grammar/parser-gen.y, which is what bison reads). */
/* @DIRECTIVE_TOKENS@ */
/* @KEYWORD_TOKENS@ */

%token <tok> ARROW "->" DARROW "-->" INC "++" DEC "--" OROR "||"
%token <tok> ANDAND "&&" NOTNOT "~~" NE "~=" EQ "==" GE ">=" LE "<="
%token <tok> PROP_ADDR ".&" PROP_LEN ".#" IPROP_ADDR "..&" IPROP_LEN "..#"
%token <tok> DOTDOT ".." COLONCOLON "::" QTILDE "?~"
%token <tok> LPAREN "(" CALL_LPAREN "'(' (call)" ASM_ARROW "'->' (store)"
%token <tok> ';' ',' ':' ')' '[' ']' '{' '}' '+' '-' '*' '/' '%' '&' '|'
%token <tok> '~' '=' '<' '>' '.' '@' '?' '#'

/* ---- precedence, lowest first (inform6's operator table) ---- */
%precedence IDENT STRING_LIT    /* see print_item and stmt below */
%precedence ')' ';' ','
%precedence THEN
%precedence K_ELSE
%right '='                      /* 1 */
%precedence NOTNOT              /* 1.5: ~~a && b is ~~(a && b) */
%left OROR ANDAND               /* 2 */
%nonassoc EQ NE '<' '>' LE GE K_HAS K_HASNT K_IN K_NOTIN K_OFCLASS K_PROVIDES
%left K_OR                      /* 4 */
%precedence JUXT                /* a juxtaposed value ends here */
%left '+' '-'                   /* 5 */
%precedence '~'                 /* 5.5: ~a & b is ~(a & b) */
%left '*' '/' '%' '&' '|'       /* 6 */
%left ARROW DARROW              /* 7 */
%precedence UMINUS              /* 8 */
%right INC DEC                  /* 9 */
%left PROP_ADDR PROP_LEN IPROP_ADDR IPROP_LEN   /* 10 */
%precedence CALL_LPAREN         /* 11 */
%left '.' DOTDOT                /* 12 */
%left COLONCOLON                /* 13 */

%type <node> constant_dir cdefs cdef default_dir global_dir
%type <node> array_dir array_body bracket_items routine locals body
%type <node> stmt stmt_noexpr object_dir obj_word obj_header segments segment
%type <node> opt_props props prop pvalues attrs attr classes class_dir
%type <node> attribute_dir property_dir prop_tail verb_dir verb_words
%type <node> verb_rest glines gline gtokens gtok prep extend_dir
%type <node> simple_dir zchar_dir zvals dictionary_dir strings
%type <node> expr other_leaf arglist elist range exprs opt_exprs
%type <node> comma_list
%type <node> for_exprs
%type <node> jexpr jlist pitems rule_item action_stmt act_what act_args act_actor
%type <node> asm_stmt asm_ops asm_op gattrs bstrings embedded opt_count
%type <node> expr_name_node dict_value cname gname vwords
%type <num> arrows array_kind opt_static prop_mods opt_star
%type <tok> any_name expr_name expr_kw def_name obj_name
%type <tok> prop_name
%type <tok> blabel old_global

%%

/* (Each kind of directive is an alternative here, with no `directive`
 * in between: one reduction fewer a directive.) */
unit
    : %empty
    | constant_dir                  { done_list(fe, $1); }
    | default_dir                   { done(fe, $1); }
    | global_dir                    { done(fe, $1); }
    | array_dir                     { done(fe, $1); }
    | routine                       { done(fe, $1); }
    | object_dir                    { done(fe, $1); }
    | class_dir                     { done(fe, $1); }
    | attribute_dir                 { done(fe, $1); }
    | property_dir                  { done(fe, $1); }
    | verb_dir                      { done(fe, $1); }
    | extend_dir                    { done(fe, $1); }
    | simple_dir                    { done(fe, $1); }
    | zchar_dir                     { done(fe, $1); }
    | dictionary_dir                { done(fe, $1); }
    | error
    ;

/* ---------------------------------------------------------------- names */

expr_name : IDENT | expr_kw ;
expr_kw : soft_kw | kw_modifier ;

/* The keywords by the nonterminal that lists them, kw_stmt, kw_other,
 * soft_kw and kw_modifier (compiler/keywords.def, put on the next line by
 * tools/kwgen). */
/* @KEYWORD_LISTS@ */

/* A name being defined: any spelling will do. */
any_name : expr_name | kw_stmt | kw_other ;

/* Names that cannot be mistaken for what may follow them. */
def_name : expr_name | kw_stmt ;
obj_name : IDENT | expr_kw | kw_stmt | K_ALIAS ;
/* A property being declared: the modifiers come before it (the filter
 * makes `long` a name when no name follows it). */
prop_name : IDENT | kw_stmt | soft_kw | K_ALIAS ;

/* ---------------------------------------------------------------- directives */

constant_dir
    : DIR_CONSTANT cdefs ';'        { $$ = $2; }
    ;
cdefs
    : cdef                          { $$ = add(fe, list(fe, @1), $1); }
    | cdefs ',' cdef                { $$ = add(fe, $1, $3); }
    ;
cdef
    : cname                         { $$ = add(fe, $1, NULL); }
    | cname expr                    { $$ = add(fe, $1, $2); }
    | cname '=' expr                { $$ = add(fe, $1, $3); }
    ;
cname
    : any_name
        { check_name_not_directive(fe, $1, @1, "constant");
          $$ = mk_text(fe, NODE_CONSTANT, @1, $1); }
    ;

default_dir
    : DIR_DEFAULT any_name expr ';' { $$ = add(fe, mk_text(fe, NODE_DEFAULT, @2, $2), $3); }
    | DIR_DEFAULT any_name '=' expr ';' { $$ = add(fe, mk_text(fe, NODE_DEFAULT, @2, $2), $4); }
    ;

global_dir
    : DIR_GLOBAL gname ';'          { $$ = add(fe, $2, NULL); }
    | DIR_GLOBAL gname expr ';'     { $$ = add(fe, $2, $3); }
    | DIR_GLOBAL gname '=' expr ';' { $$ = add(fe, $2, $4); }
    | DIR_GLOBAL gname old_global jlist ';'
        { $$ = add(fe, $2, NULL);
          diag_error(&@3, "'Global %s %.*s ...' was removed from Inform in "
                     "6.40; define an array with 'Array %s %.*s ...;'",
                     $2->text, (int)$3.len, $3.text, $2->text,
                     (int)$3.len, $3.text);
          flt_compiler(fe)->syntax_errors++; }
    ;
old_global : ARROW | DARROW ;
gname
    : any_name
        { check_name_not_directive(fe, $1, @1, "global variable");
          $$ = mk_text(fe, NODE_GLOBAL, @1, $1); }
    ;

array_dir
    : DIR_ARRAY def_name opt_static array_kind array_body ';'
        { $$ = add(fe, mk_text(fe, NODE_ARRAY, @2, $2), $5);
          $$->num = $4 | $3; }
    ;
opt_static
    : %empty                        { $$ = 0; }
    | K_STATIC                      { $$ = ARRAY_STATIC; }
    ;
array_kind
    : ARROW                         { $$ = ARRAY_BYTE; }
    | DARROW                        { $$ = ARRAY_WORD; }
    | K_STRING                      { $$ = ARRAY_STRING; }
    | K_TABLE                       { $$ = ARRAY_TABLE; }
    | K_BUFFER                      { $$ = ARRAY_BUFFER; }
    ;
array_body
    : jlist                         { $$ = array_body(fe, $1, @1); }
    | '[' bracket_items ']'
        { $$ = $2; $$->loc = @1;
          if (!$$->nkids)
              diag_error(&@1, "an array needs at least one entry; '[ ]' "
                         "gives none"); }
    ;
bracket_items
    : %empty                        { $$ = mk(fe, NODE_ARRAY_BRACKETS, @$); }
    | bracket_items jexpr           { $$ = add(fe, $1, $2); }
    | bracket_items embedded        { $$ = add(fe, $1, $2); }
    | bracket_items ';'             { $$ = $1; }
    ;

/* Juxtaposed values: each ends before an operator of precedence JUXT or
 * lower (comparisons, '=', '&&'...), while '-' continues it. */
jexpr : expr %prec JUXT ;
jlist
    : jexpr                         { $$ = add(fe, list(fe, @1), $1); }
    | jlist jexpr                   { $$ = add(fe, $1, $2); }
    ;

/* ---- routines ---- */

routine
    : ROUTINE_START IDENT opt_star locals ';' body ']' ';'
        { $$ = mk_text(fe, NODE_ROUTINE, @2, $2);
          $$->num = $3 | routine_words(fe);
          add(fe, $$, $4);
          add(fe, $$, routine_body(fe, $6, @5, @7)); }
    | ROUTINE_START IDENT opt_star locals ';' body error ']' ';'
        { $$ = mk_text(fe, NODE_ROUTINE, @2, $2);
          $$->num = $3 | routine_words(fe);
          add(fe, $$, $4);
          add(fe, $$, routine_body(fe, $6, @5, @8)); }
    ;
opt_star
    : %empty                        { $$ = 0; }
    | '*'                           { $$ = ROUTINE_TRACED; }
    ;
locals
    : %empty                        { $$ = mk(fe, NODE_LOCALS, @$); }
    | locals IDENT                  { $$ = add(fe, $1, mk_text(fe, NODE_LOCAL, @2, $2)); }
    ;
embedded
    : '[' locals ';' body ']'
        { $$ = mk2(fe, NODE_EMBEDDED_ROUTINE, @1, $2, routine_body(fe, $4, @3, @5)); }
    | '[' locals ';' body error ']'
        { $$ = mk2(fe, NODE_EMBEDDED_ROUTINE, @1, $2, routine_body(fe, $4, @3, @6)); }
    ;

/* ---- objects and classes ---- */

object_dir
    : obj_word arrows obj_header segments ';'
        { $$ = object_node(fe, $1, $2, $3, $4, @1); }
    | obj_word arrows obj_header segments error ';'
        { /* Still declared, so that the mistake is not followed by an
           * "undefined" error for every use of the object. */
          $$ = object_node(fe, $1, $2, $3, $4, @1); }
    ;
obj_word
    : DIR_OBJECT                    { $$ = NULL; }
    | DIR_NEARBY                    { $$ = mk(fe, NODE_OBJECT, @1); /* marks Nearby */ }
    | CLASS_INSTANCE                { $$ = mk_text(fe, NODE_NAME, @1, $1); }
    ;
arrows
    : %empty                        { $$ = 0; }
    | arrows ARROW                  { $$ = $1 + 1; }
    ;
obj_header
    : %empty                        { $$ = mk(fe, NODE_OBJECT, @$); add(fe, $$, NULL); add(fe, $$, NULL); add(fe, $$, NULL); }
    | obj_name
        { $$ = mk_text(fe, NODE_OBJECT, @1, $1); add(fe, $$, NULL); add(fe, $$, NULL); add(fe, $$, NULL); }
    | obj_name STRING_LIT
        { $$ = mk_text(fe, NODE_OBJECT, @1, $1); add(fe, $$, NULL);
          add(fe, $$, mk_text(fe, NODE_STRING, @2, $2)); add(fe, $$, NULL); }
    | obj_name STRING_LIT expr_name_node
        { $$ = mk_text(fe, NODE_OBJECT, @1, $1); add(fe, $$, NULL);
          add(fe, $$, mk_text(fe, NODE_STRING, @2, $2)); add(fe, $$, $3); }
    | obj_name expr_name_node
        { $$ = mk_text(fe, NODE_OBJECT, @1, $1); add(fe, $$, NULL);
          add(fe, $$, NULL); add(fe, $$, $2); }
    | STRING_LIT
        { $$ = mk(fe, NODE_OBJECT, @1); add(fe, $$, NULL);
          add(fe, $$, mk_text(fe, NODE_STRING, @1, $1)); add(fe, $$, NULL); }
    | STRING_LIT expr_name_node
        { $$ = mk(fe, NODE_OBJECT, @1); add(fe, $$, NULL);
          add(fe, $$, mk_text(fe, NODE_STRING, @1, $1)); add(fe, $$, $2); }
    | STRING_LIT STRING_LIT
        { $$ = mk(fe, NODE_OBJECT, @1); add(fe, $$, NULL);
          add(fe, $$, mk_text(fe, NODE_STRING, @1, $1)); add(fe, $$, NULL);
          second_short_name(fe, $1, @2); }
    | obj_name STRING_LIT STRING_LIT
        { $$ = mk_text(fe, NODE_OBJECT, @1, $1); add(fe, $$, NULL);
          add(fe, $$, mk_text(fe, NODE_STRING, @2, $2)); add(fe, $$, NULL);
          second_short_name(fe, $2, @3); }
    ;
expr_name_node : expr_name          { $$ = mk_text(fe, NODE_NAME, @1, $1); } ;

segments
    : %empty                        { $$ = list(fe, @$); }
    | segments segment              { $$ = add(fe, $1, $2); }
    ;
segment
    : K_WITH opt_props              { $$ = $2; $$->kind = NODE_WITH; $$->loc = @1; }
    | K_PRIVATE opt_props           { $$ = $2; $$->kind = NODE_PRIVATE; $$->loc = @1; }
    | K_HAS attrs                   { $$ = $2; $$->loc = @1; }
    | K_CLASS classes               { $$ = $2; $$->loc = @1; }
    ;
/* A segment may be empty ('with with p 1', 'with has light'), as inform6
 * reads it; a comma needs a property on each side. */
opt_props
    : %empty                        { $$ = list(fe, @$); }
    | props
    ;
props
    : prop                          { $$ = add(fe, list(fe, @1), $1); }
    | props ',' prop                { $$ = add(fe, $1, $3); }
    ;
prop
    : obj_name pvalues
        { $$ = $2; $$->kind = NODE_PROP_DEF; $$->text = str(fe, $1); $$->loc = @1; }
    ;
/* (The value rules are written out here rather than through jexpr: they
 * run for every value of every property.) */
pvalues
    : %empty                        { $$ = list(fe, @$); }
    | pvalues expr %prec JUXT       { $$ = add(fe, $1, $2); }
    | pvalues embedded              { $$ = add(fe, $1, $2); }
    ;
attrs
    : %empty                        { $$ = mk(fe, NODE_HAS, @$); }
    | attrs attr                    { $$ = add(fe, $1, $2); }
    ;
attr
    : obj_name                      { $$ = mk_text(fe, NODE_ATTR_REF, @1, $1); }
    | '~' obj_name                  { $$ = mk_text(fe, NODE_ATTR_REF, @1, $2); $$->num = 1; }
    ;
classes
    : %empty                        { $$ = mk(fe, NODE_CLASSES, @$); }
    | classes expr_name_node        { $$ = add(fe, $1, $2); }
    ;

class_dir
    : DIR_CLASS def_name opt_count segments ';'
        { $$ = mk_text(fe, NODE_CLASS, @2, $2);
          add(fe, $$, $3); add(fe, $$, NULL); add(fe, $$, NULL);
          for (int i = 0; i < $4->nkids; i++) add(fe, $$, $4->kids[i]); }
    ;
opt_count
    : %empty                        { $$ = NULL; }
    | LPAREN exprs ')'              { $$ = $2; }
    ;

/* ---- attributes and properties ---- */

attribute_dir
    : DIR_ATTRIBUTE def_name ';'
        { $$ = add(fe, mk_text(fe, NODE_ATTRIBUTE, @2, $2), NULL); }
    | DIR_ATTRIBUTE def_name K_ALIAS def_name ';'
        { $$ = add(fe, mk_text(fe, NODE_ATTRIBUTE, @2, $2), mk_text(fe, NODE_NAME, @4, $4)); }
    ;

property_dir
    : DIR_PROPERTY prop_mods prop_name prop_tail ';'
        { $$ = $4; $$->text = str(fe, $3); $$->loc = @3; $$->num = $2; }
    ;
prop_mods
    : %empty                        { $$ = 0; }
    | prop_mods K_ADDITIVE          { $$ = $1 | PROPF_ADDITIVE; }
    | prop_mods K_LONG              { $$ = $1 | PROPF_LONG; }
    | prop_mods K_INDIVIDUAL        { $$ = $1 | PROPF_INDIVIDUAL; }
    ;
prop_tail
    : %empty                        { $$ = mk(fe, NODE_PROPERTY, @$); add(fe, $$, NULL); add(fe, $$, NULL); }
    | expr                          { $$ = mk(fe, NODE_PROPERTY, @$); add(fe, $$, $1); add(fe, $$, NULL); }
    | K_ALIAS obj_name
        { $$ = mk(fe, NODE_PROPERTY, @$); add(fe, $$, NULL);
          add(fe, $$, mk_text(fe, NODE_NAME, @2, $2)); }
    ;

/* ---- grammar ---- */

/* `meta` is read as one of the words, and sorted out in verb_words(),
 * so that a verb word left unquoted is one mistake, not two. */
verb_dir
    : DIR_VERB vwords verb_rest ';'
        { $$ = mk(fe, NODE_VERB, @1);
          add(fe, $$, verb_words_of(fe, $2, &$$->num));
          for (int i = 0; i < $3->nkids; i++) add(fe, $$, $3->kids[i]); }
    ;
vwords
    : dict_value                    { $$ = add(fe, mk(fe, NODE_VERB_WORDS, @1), $1); }
    | IDENT                         { $$ = add(fe, mk(fe, NODE_VERB_WORDS, @1), mk_text(fe, NODE_NAME, @1, $1)); }
    | vwords dict_value             { $$ = add(fe, $1, $2); }
    | vwords IDENT                  { $$ = add(fe, $1, mk_text(fe, NODE_NAME, @2, $2)); }
    ;
verb_words
    : dict_value                    { $$ = add(fe, mk(fe, NODE_VERB_WORDS, @1), $1); }
    | verb_words dict_value         { $$ = add(fe, $1, $2); }
    ;
dict_value
    : DICT_WORD                     { $$ = verb_word(fe, $1, @1); }
    | CHAR_LIT                      { $$ = verb_word(fe, $1, @1); }
    | STRING_LIT                    { $$ = verb_word(fe, $1, @1); }
    ;
verb_rest
    : '=' dict_value                { $$ = add(fe, list(fe, @1), mk1(fe, NODE_VERB_SYNONYM, @1, $2)); }
    | glines
    ;
glines
    : gline                         { $$ = add(fe, list(fe, @1), $1); }
    | glines gline                  { $$ = add(fe, $1, $2); }
    ;
gline
    : '*' gtokens ARROW any_name
        { $$ = $2; $$->kind = NODE_GRAMMAR_LINE; $$->loc = @1;
          add(fe, $$, mk_text(fe, NODE_GRAMMAR_ACTION, @4, $4)); }
    | gline IDENT
        { $$ = $1; grammar_flag(fe, $$->kids[$$->nkids - 1], $2, @2); }
    ;
gtokens
    : %empty                        { $$ = list(fe, @$); }
    | gtokens gtok                  { $$ = add(fe, $1, $2); }
    ;
gtok
    : prep
    | any_name                      { $$ = gtoken(fe, $1, @1); }
    | any_name '=' any_name         { $$ = gtoken_routine(fe, $1, @1, $3, @3); }
    ;
prep
    : dict_value                    { $$ = add(fe, mk(fe, NODE_GT_PREP, @1), $1); }
    | prep '/' dict_value           { $$ = add(fe, $1, $3); }
    ;

extend_dir
    : DIR_EXTEND verb_words glines ';'
        { $$ = mk(fe, NODE_EXTEND, @1); add(fe, $$, $2);
          for (int i = 0; i < $3->nkids; i++) add(fe, $$, $3->kids[i]); }
    | DIR_EXTEND verb_words IDENT glines ';'
        { $$ = mk(fe, NODE_EXTEND, @1); $$->num = extend_priority(fe, $3, @3);
          add(fe, $$, $2);
          for (int i = 0; i < $4->nkids; i++) add(fe, $$, $4->kids[i]); }
    | DIR_EXTEND IDENT verb_words glines ';'
        { $$ = mk(fe, NODE_EXTEND, @1);
          $$->num = extend_priority(fe, $2, @2) == EXTEND_ONLY ? EXTEND_ONLY : 0;
          if ($$->num != EXTEND_ONLY)
              diag_error(&@2, "expected 'only' or a verb word in quotes "
                         "after 'Extend', found '%.*s'", (int)$2.len, $2.text);
          add(fe, $$, $3);
          for (int i = 0; i < $4->nkids; i++) add(fe, $$, $4->kids[i]); }
    | DIR_EXTEND IDENT verb_words IDENT glines ';'
        { $$ = mk(fe, NODE_EXTEND, @1);
          $$->num = extend_priority(fe, $2, @2);
          if ($$->num != EXTEND_ONLY) {
              diag_error(&@2, "expected 'only' or a verb word in quotes "
                         "after 'Extend', found '%.*s'", (int)$2.len, $2.text);
              $$->num = 0;
          }
          $$->num |= extend_priority(fe, $4, @4) & ~EXTEND_ONLY;
          add(fe, $$, $3);
          for (int i = 0; i < $5->nkids; i++) add(fe, $$, $5->kids[i]); }
    ;

/* ---- the rest ---- */

simple_dir
    : DIR_FAKE_ACTION any_name ';'  { $$ = mk_text(fe, NODE_FAKE_ACTION, @2, $2); }
    | DIR_REPLACE any_name ';'      { $$ = add(fe, mk_text(fe, NODE_REPLACE, @2, $2), NULL); }
    | DIR_REPLACE any_name any_name ';'
        { $$ = add(fe, mk_text(fe, NODE_REPLACE, @2, $2), mk_text(fe, NODE_NAME, @3, $3)); }
    | DIR_STUB any_name NUMBER ';'
        { $$ = mk_text(fe, NODE_STUB, @2, $2); $$->num = $3.num; }
    | DIR_UNDEF any_name ';'        { $$ = mk_text(fe, NODE_UNDEF, @2, $2); }
    | DIR_LOWSTRING any_name STRING_LIT ';'
        { $$ = add(fe, mk_text(fe, NODE_LOWSTRING, @2, $2), mk_text(fe, NODE_STRING, @3, $3)); }
    | DIR_ABBREVIATE strings ';'    { $$ = $2; $$->kind = NODE_ABBREVIATE; $$->loc = @1; }
    | DIR_RELEASE expr ';'          { $$ = mk1(fe, NODE_RELEASE, @1, $2); }
    | DIR_VERSION expr ';'          { $$ = mk1(fe, NODE_VERSION, @1, $2); }
    | DIR_SERIAL STRING_LIT ';'     { $$ = mk1(fe, NODE_SERIAL, @1, mk_text(fe, NODE_STRING, @2, $2)); }
    | DIR_SWITCHES STRING_LIT ';'   { $$ = mk1(fe, NODE_SWITCHES, @1, mk_text(fe, NODE_STRING, @2, $2)); }
    /* The DM4's form, a bare word (Switches dexs;): inform6 reads both. */
    | DIR_SWITCHES prop_name ';'    { $$ = mk1(fe, NODE_SWITCHES, @1, mk_text(fe, NODE_STRING, @2, $2)); }
    | DIR_STATUSLINE IDENT ';'
        { $$ = mk_text(fe, NODE_STATUSLINE, @1, $2);
          if (strcmp($$->text, "score") && strcmp($$->text, "time"))
              diag_error(&@2, "expected 'score' or 'time' after "
                         "'Statusline', found '%s'", $$->text); }
    ;
strings
    : %empty                        { $$ = list(fe, @$); }
    | strings STRING_LIT            { $$ = add(fe, $1, mk_text(fe, NODE_STRING, @2, $2)); }
    ;

dictionary_dir
    : DIR_DICTIONARY dict_value ';'
        { $$ = mk1(fe, NODE_DICTIONARY, @1, $2); add(fe, $$, NULL); add(fe, $$, NULL); }
    | DIR_DICTIONARY dict_value jexpr ';'
        { $$ = mk2(fe, NODE_DICTIONARY, @1, $2, $3); add(fe, $$, NULL); }
    | DIR_DICTIONARY dict_value jexpr jexpr ';'
        { $$ = mk2(fe, NODE_DICTIONARY, @1, $2, $3); add(fe, $$, $4); }
    ;

zchar_dir
    : DIR_ZCHARACTER STRING_LIT STRING_LIT STRING_LIT ';'
        { $$ = mk_num(fe, NODE_ZCHARACTER, @1, ZCHAR_ALPHABETS);
          add(fe, $$, mk_text(fe, NODE_STRING, @2, $2));
          add(fe, $$, mk_text(fe, NODE_STRING, @3, $3));
          add(fe, $$, mk_text(fe, NODE_STRING, @4, $4)); }
    | DIR_ZCHARACTER CHAR_LIT ';'
        { $$ = mk_num(fe, NODE_ZCHARACTER, @1, ZCHAR_CHAR);
          Node *ch = mk_text(fe, NODE_CHAR_LIT, @2, $2);
          ch->num = $2.num;
          add(fe, $$, ch); }
    | DIR_ZCHARACTER K_TABLE zvals ';'
        { $$ = $3; $$->kind = NODE_ZCHARACTER; $$->num = ZCHAR_TABLE; $$->loc = @1; }
    | DIR_ZCHARACTER K_TABLE '+' zvals ';'
        { $$ = $4; $$->kind = NODE_ZCHARACTER; $$->num = ZCHAR_TABLE_PLUS; $$->loc = @1; }
    | DIR_ZCHARACTER IDENT zvals ';'
        { $$ = $3; $$->kind = NODE_ZCHARACTER; $$->num = ZCHAR_TERMINATING; $$->loc = @1;
          if ($2.len != 11 || strncmp($2.text, "terminating", 11))
              diag_error(&@2, "expected three alphabet strings, a character "
                         "in quotes, 'table' or 'terminating' after "
                         "'Zcharacter', found '%.*s'", (int)$2.len, $2.text); }
    ;
zvals
    : %empty                        { $$ = list(fe, @$); }
    | zvals jexpr                   { $$ = add(fe, $1, $2); }
    ;

/* ---------------------------------------------------------------- statements */

/* A sequence of statements and labels (`Take:`, `default:`); where
 * labels may stand is decided when the sequence is complete. */
/* (The items are alternatives of body itself, not of an `item` between:
 * one reduction fewer for every statement.  A statement of one
 * expression is the common case: `expr ';'` is an alternative of its
 * own, one reduction fewer than through elist.) */
body
    : %empty                        { $$ = list(fe, @$); }
    | body stmt_noexpr              { $$ = add(fe, $1, $2); }
    | body expr ';'                 { $$ = add(fe, $1, expr_stmt(fe, $2, @2)); }
    | body elist ';'                { $$ = add(fe, $1, expr_stmt(fe, $2, @2)); }
    | body expr ':'                 { $$ = add(fe, $1, case_values(fe, $2, @2)); }
    | body elist ':'                { $$ = add(fe, $1, case_values(fe, $2, @2)); }
    | body K_DEFAULT ':'            { $$ = add(fe, $1, mk(fe, NODE_DEFAULT_CASE, @2)); }
    | body error ';'                { $$ = add(fe, $1, NULL); }
    ;
stmt
    : stmt_noexpr
    | expr ';'                      { $$ = expr_stmt(fe, $1, @1); }
    | elist ';'                     { $$ = expr_stmt(fe, $1, @1); }
    ;

/* Expressions separated by commas: a comma expression, or case values. */
/* A range, or a BINOP ',' chain of values and ranges (one expression
 * alone is not an elist: see body); case values are taken out of the
 * chain again. */
elist
    : range
    | expr ',' expr                 { $$ = binop(fe, ",", $1, $3, $3->loc); }
    | expr ',' range                { $$ = binop(fe, ",", $1, $3, $3->loc); }
    | elist ',' expr                { $$ = binop(fe, ",", $1, $3, $3->loc); }
    | elist ',' range               { $$ = binop(fe, ",", $1, $3, $3->loc); }
    ;
range
    : expr K_TO expr
        { $$ = mk2(fe, NODE_CASE_RANGE, @1, $1, $3);
          if (range_end_check(fe, $1, @1)) range_end_check(fe, $3, @3); }
    ;

stmt_noexpr
    : ';'                           { $$ = mk(fe, NODE_BLOCK, @1); }
    | '{' body '}'
        { $$ = statements(fe, $2, @1); ast_set_end($$, @3); }
    | '{' body error '}'
        { $$ = statements(fe, $2, @1); ast_set_end($$, @4); }
    | K_PRINT pitems ';'            { $$ = $2; $$->loc = @1; }
    | K_PRINT_RET pitems ';'        { $$ = $2; $$->loc = @1; $$->num = 1; }
    | STRING_LIT ';'
        { $$ = mk_num(fe, NODE_PRINT, @1, 1); add(fe, $$, mk_text(fe, NODE_STRING, @1, $1)); }
    | STRING_LIT ',' pitems ';'
        { $$ = $3; $$->loc = @1; $$->num = 1;
          add(fe, $$, NULL);
          memmove($$->kids + 1, $$->kids, ($$->nkids - 1) * sizeof *$$->kids);
          $$->kids[0] = mk_text(fe, NODE_STRING, @1, $1); }
    | K_IF LPAREN exprs ')' stmt %prec THEN
        { $$ = mk2(fe, NODE_IF, @1, $3, $5); add(fe, $$, NULL); }
    | K_IF LPAREN exprs ')' stmt K_ELSE stmt
        { $$ = mk2(fe, NODE_IF, @1, $3, $5); add(fe, $$, $7); }
    | K_WHILE LPAREN exprs ')' stmt
        { $$ = mk2(fe, NODE_WHILE, @1, $3, $5); }
    | K_DO stmt K_UNTIL LPAREN exprs ')' ';'
        { $$ = mk2(fe, NODE_DO, @1, $2, $5); }
    | K_FOR LPAREN opt_exprs ':' opt_exprs ':' opt_exprs ')' stmt
        { $$ = mk2(fe, NODE_FOR, @1, $3, $5); add(fe, $$, $7); add(fe, $$, $9);
          if ($3) ast_for_set_start($$, 0, @3);
          if ($5) ast_for_set_start($$, 1, @5);
          if ($7) ast_for_set_start($$, 2, @7); }
    | K_OBJECTLOOP LPAREN exprs ')' stmt
        { $$ = objectloop(fe, $3, $5, @1); }
    | K_OBJECTLOOP LPAREN IDENT K_NEAR expr ')' stmt
        { $$ = mk_text(fe, NODE_OBJECTLOOP, @1, $4);
          add(fe, $$, mk_text(fe, NODE_NAME, @3, $3)); add(fe, $$, $5); add(fe, $$, $7); }
    | K_OBJECTLOOP LPAREN IDENT K_FROM expr ')' stmt
        { $$ = mk_text(fe, NODE_OBJECTLOOP, @1, $4);
          add(fe, $$, mk_text(fe, NODE_NAME, @3, $3)); add(fe, $$, $5); add(fe, $$, $7); }
    | K_SWITCH LPAREN exprs ')' '{' body '}'
        { $$ = switch_body(fe, $3, $6, @1); ast_set_end($$, @7); }
    | K_SWITCH LPAREN exprs ')' '{' body error '}'
        { $$ = switch_body(fe, $3, $6, @1); ast_set_end($$, @8); }
    | K_BREAK ';'                   { $$ = mk(fe, NODE_BREAK, @1); }
    | K_CONTINUE ';'                { $$ = mk(fe, NODE_CONTINUE, @1); }
    | K_RTRUE ';'                   { $$ = mk(fe, NODE_RTRUE, @1); }
    | K_RFALSE ';'                  { $$ = mk(fe, NODE_RFALSE, @1); }
    | K_RETURN ';'                  { $$ = mk1(fe, NODE_RETURN, @1, NULL); }
    | K_RETURN expr ';'             { $$ = mk1(fe, NODE_RETURN, @1, $2); }
    | K_QUIT ';'                    { $$ = mk(fe, NODE_QUIT, @1); }
    | K_NEW_LINE ';'                { $$ = mk(fe, NODE_NEW_LINE, @1); }
    | K_INVERSION ';'               { $$ = mk(fe, NODE_INVERSION, @1); }
    | K_JUMP IDENT ';'              { $$ = mk_text(fe, NODE_JUMP, @1, $2); }
    | '.' IDENT ';'                 { $$ = mk_text(fe, NODE_LABEL, @1, $2); }
    | K_GIVE jexpr gattrs ';'
        { $$ = $3; $$->loc = @1; $$->kind = NODE_GIVE;
          add(fe, $$, NULL);
          memmove($$->kids + 1, $$->kids, ($$->nkids - 1) * sizeof *$$->kids);
          $$->kids[0] = $2; }
    | K_MOVE expr K_TO expr ';'     { $$ = mk2(fe, NODE_MOVE, @1, $2, $4); }
    | K_REMOVE expr ';'             { $$ = mk1(fe, NODE_REMOVE, @1, $2); }
    | K_SPACES expr ';'             { $$ = mk1(fe, NODE_SPACES, @1, $2); }
    | K_BOX bstrings ';'            { $$ = $2; $$->loc = @1; }
    | K_FONT IDENT ';'
        { $$ = mk(fe, NODE_FONT, @1);
          if ($2.len == 2 && !strncmp($2.text, "on", 2)) $$->num = 1;
          else if (!($2.len == 3 && !strncmp($2.text, "off", 3)))
              diag_error(&@2, "expected 'on' or 'off' after 'font', found "
                         "'%.*s'", (int)$2.len, $2.text); }
    | K_STYLE IDENT ';'
        { $$ = mk_text(fe, NODE_STYLE, @1, $2);
          if (strcmp($$->text, "roman") && strcmp($$->text, "bold") &&
              strcmp($$->text, "underline") && strcmp($$->text, "reverse") &&
              strcmp($$->text, "fixed"))
              diag_error(&@2, "expected 'roman', 'bold', 'underline', "
                         "'reverse' or 'fixed' after 'style', found '%s'",
                         $$->text); }
    | K_STRING jexpr jexpr ';'      { $$ = mk2(fe, NODE_STRING_STMT, @1, $2, $3); }
    | K_READ jexpr jexpr ';'
        { $$ = mk2(fe, NODE_READ, @1, $2, $3); add(fe, $$, NULL); z_only(fe, "read", @1); }
    | K_READ jexpr jexpr jexpr ';'
        { $$ = mk2(fe, NODE_READ, @1, $2, $3); add(fe, $$, $4); z_only(fe, "read", @1); }
    | K_SAVE IDENT ';'              { $$ = mk_text(fe, NODE_SAVE, @1, $2); }
    | K_RESTORE IDENT ';'           { $$ = mk_text(fe, NODE_RESTORE, @1, $2); }
    | action_stmt
    | asm_stmt
    ;

/* A nonterminal of its own, so that ':' is not expected after every
 * bracketed expression in error messages. */
opt_exprs
    : %empty                        { $$ = NULL; }
    | for_exprs
    ;
for_exprs
    : expr
    | for_exprs ',' expr            { $$ = binop(fe, ",", $1, $3, $3->loc); }
    ;
exprs
    : expr
    | exprs ',' expr                { $$ = binop(fe, ",", $1, $3, $3->loc); }
    ;
/* exprs with two values or more. */
comma_list
    : expr ',' expr                 { $$ = binop(fe, ",", $1, $3, $3->loc); }
    | comma_list ',' expr           { $$ = binop(fe, ",", $1, $3, $3->loc); }
    ;

pitems
    : expr                          { $$ = add(fe, mk(fe, NODE_PRINT, @1), $1); }
    | rule_item                     { $$ = add(fe, mk(fe, NODE_PRINT, @1), $1); }
    | pitems ',' expr               { $$ = add(fe, $1, $3); }
    | pitems ',' rule_item          { $$ = add(fe, $1, $3); }
    ;
/* `print (x) y` is always a print rule, and `print (x);` an error, as in
 * inform6: after "( name" a ')' is shifted rather than the name reduced
 * to an expression (IDENT has a lower precedence than ')'). */
rule_item
    : LPAREN IDENT ')' expr         { $$ = print_rule(fe, $2, @2, $4, @1); }
    | LPAREN K_STRING ')' expr      { $$ = print_rule(fe, $2, @2, $4, @1); }
    ;

bstrings
    : STRING_LIT                    { $$ = add(fe, mk(fe, NODE_BOX, @1), mk_text(fe, NODE_STRING, @1, $1)); }
    | bstrings STRING_LIT           { $$ = add(fe, $1, mk_text(fe, NODE_STRING, @2, $2)); }
    ;

gattrs
    : jexpr                         { $$ = add(fe, list(fe, @1), give_attr(fe, $1)); }
    | gattrs jexpr                  { $$ = add(fe, $1, give_attr(fe, $2)); }
    ;

/* <Action noun second, actor> and <<...>>; between '<' and '>' a '('
 * after a value starts the next value (the filter is told). */
action_stmt
    : '<' { flt_action_begin(fe); } act_what act_args act_actor '>' ';'
        { $$ = mk1(fe, NODE_ACTION_STMT, @1, $3);
          add(fe, $$, $4->nkids > 0 ? $4->kids[0] : NULL);
          add(fe, $$, $4->nkids > 1 ? $4->kids[1] : NULL);
          add(fe, $$, $5);
          action_actor_check(fe, $5);
          flt_action_end(fe); }
    | '<' '<' { flt_action_begin(fe); } act_what act_args act_actor '>' '>' ';'
        { $$ = mk1(fe, NODE_ACTION_STMT, @1, $4);
          $$->num = 1;
          add(fe, $$, $5->nkids > 0 ? $5->kids[0] : NULL);
          add(fe, $$, $5->nkids > 1 ? $5->kids[1] : NULL);
          add(fe, $$, $6);
          action_actor_check(fe, $6);
          flt_action_end(fe); }
    ;
act_what
    : IDENT                         { $$ = mk_text(fe, NODE_ACTION_REF, @1, $1); }
    | LPAREN exprs ')'              { $$ = $2; }
    ;
act_args
    : %empty                        { $$ = list(fe, @$); }
    | jexpr                         { $$ = add(fe, list(fe, @1), $1); }
    | jexpr jexpr                   { $$ = add(fe, add(fe, list(fe, @1), $1), $2); }
    ;
act_actor
    : %empty                        { $$ = NULL; }
    | ',' jexpr                     { $$ = $2; }
    ;

/* ---- inline assembly ---- */

asm_stmt
    : ASM_OP asm_ops ';'
        { $$ = asm_stmt(fe, mk_text(fe, NODE_ASM, @1, $1), $2); }
    | ASM_CUSTOM asm_ops ';'
        { Node *n = mk_text(fe, NODE_ASM, @1, $1); n->num = 1;
          $$ = asm_stmt(fe, n, $2); }
    | '@' ASM_ARROW asm_ops ';'
        { Node *n = mk(fe, NODE_ASM, @1); n->num = 2; $$ = asm_stmt(fe, n, $3); }
    | '@' DARROW asm_ops ';'
        { Node *n = mk(fe, NODE_ASM, @1); n->num = 3; $$ = asm_stmt(fe, n, $3); }
    ;
asm_ops
    : %empty                        { $$ = list(fe, @$); }
    | asm_ops asm_op                { $$ = add(fe, $1, $2); }
    ;
asm_op
    : jexpr                         { $$ = asm_operand(fe, $1); }
    | '[' expr ']'                  { $$ = mk1(fe, NODE_ASM_INDIRECT, @1, $2); }
    | ASM_ARROW jexpr                { $$ = mk1(fe, NODE_ASM_STORE, @1, asm_operand(fe, $2)); }
    | '?' blabel                    { $$ = mk_text(fe, NODE_ASM_BRANCH, @1, $2); }
    | QTILDE blabel                 { $$ = mk_text(fe, NODE_ASM_BRANCH, @1, $2); $$->num = 1; }
    ;
blabel : IDENT | K_RTRUE | K_RFALSE ;

/* ---------------------------------------------------------------- expressions */

/* Leaves are alternatives of expr itself (no `primary` in between): one
 * reduction fewer for every name and number. */
expr
    : NUMBER                        { $$ = mk_num(fe, NODE_NUMBER, @1, $1.num); }
    | STRING_LIT                    { $$ = mk_text(fe, NODE_STRING, @1, $1); }
    | DICT_WORD                     { $$ = mk_text(fe, NODE_DICT_WORD, @1, $1); }
    | CHAR_LIT                      { $$ = mk_text(fe, NODE_CHAR_LIT, @1, $1); $$->num = $1.num; }
    | IDENT                         { $$ = mk_text(fe, NODE_NAME, @1, $1); }
    | expr_kw                       { $$ = mk_text(fe, NODE_NAME, @1, $1); }
    | other_leaf
    /* (Brackets are common: an alternative of expr itself, and one
     * value apart from a list, each one reduction fewer.) */
    | LPAREN expr ')'               { $$ = $2; }
    | LPAREN comma_list ')'         { $$ = $2; }
    | expr '=' expr                 { $$ = assign(fe, $1, $3, @2); }
    | expr ANDAND expr              { $$ = binop(fe, "&&", $1, $3, @2); }
    | expr OROR expr                { $$ = binop(fe, "||", $1, $3, @2); }
    | expr EQ expr                  { $$ = comparison(fe, "==", $1, $3, @2); }
    | expr NE expr                  { $$ = comparison(fe, "~=", $1, $3, @2); }
    | expr '<' expr                 { $$ = comparison(fe, "<", $1, $3, @2); }
    | expr '>' expr                 { $$ = comparison(fe, ">", $1, $3, @2); }
    | expr LE expr                  { $$ = comparison(fe, "<=", $1, $3, @2); }
    | expr GE expr                  { $$ = comparison(fe, ">=", $1, $3, @2); }
    | expr K_HAS expr               { $$ = comparison(fe, "has", $1, $3, @2); }
    | expr K_HASNT expr             { $$ = comparison(fe, "hasnt", $1, $3, @2); }
    | expr K_IN expr                { $$ = comparison(fe, "in", $1, $3, @2); }
    | expr K_NOTIN expr             { $$ = comparison(fe, "notin", $1, $3, @2); }
    | expr K_OFCLASS expr           { $$ = comparison(fe, "ofclass", $1, $3, @2); }
    | expr K_PROVIDES expr          { $$ = comparison(fe, "provides", $1, $3, @2); }
    | expr K_OR expr                { $$ = or_alternatives(fe, $1, $3, @2); }
    | expr '+' expr                 { $$ = binop(fe, "+", $1, $3, @2); }
    | expr '-' expr                 { $$ = binop(fe, "-", $1, $3, @2); }
    | expr '*' expr                 { $$ = binop(fe, "*", $1, $3, @2); }
    | expr '/' expr                 { $$ = binop(fe, "/", $1, $3, @2); }
    | expr '%' expr                 { $$ = binop(fe, "%", $1, $3, @2); }
    | expr '&' expr                 { $$ = binop(fe, "&", $1, $3, @2); }
    | expr '|' expr                 { $$ = binop(fe, "|", $1, $3, @2); }
    | expr ARROW expr               { $$ = binop(fe, "->", $1, $3, @2); }
    | expr DARROW expr              { $$ = binop(fe, "-->", $1, $3, @2); }
    | expr PROP_ADDR expr           { $$ = binop(fe, ".&", $1, $3, @2); }
    | expr PROP_LEN expr            { $$ = binop(fe, ".#", $1, $3, @2); }
    | expr IPROP_ADDR expr          { $$ = binop(fe, "..&", $1, $3, @2); }
    | expr IPROP_LEN expr           { $$ = binop(fe, "..#", $1, $3, @2); }
    | expr '.' expr                 { $$ = binop(fe, ".", $1, $3, @2); }
    | expr DOTDOT expr              { $$ = binop(fe, "..", $1, $3, @2); }
    | expr '.' kw_stmt              { $$ = binop(fe, ".", $1, mk_text(fe, NODE_NAME, @3, $3), @2); }
    | expr COLONCOLON expr          { $$ = binop(fe, "::", $1, $3, @2); }
    | '-' expr %prec UMINUS         { $$ = unary(fe, "-", $2, @1); }
    | '~' expr                      { $$ = unary(fe, "~", $2, @1); }
    | NOTNOT expr                   { $$ = unary(fe, "~~", $2, @1); }
    | INC expr %prec INC            { $$ = mk1(fe, NODE_PREINC, @1, $2); }
    | DEC expr %prec INC            { $$ = mk1(fe, NODE_PREDEC, @1, $2); }
    | expr INC                      { $$ = mk1(fe, NODE_POSTINC, @2, $1); }
    | expr DEC                      { $$ = mk1(fe, NODE_POSTDEC, @2, $1); }
    /* (The three forms of the arguments are alternatives here rather
     * than of an `args` in between: one reduction fewer a call.  The
     * CALL node is made for the arguments, with kids[0], the function,
     * left for message_or_call.  A comma before the first argument
     * (Inform 7 6G60 writes `Prop_7(,t_0)`) is warned about and
     * ignored, as inform6 does.) */
    | expr CALL_LPAREN ')' %prec CALL_LPAREN
        { $$ = message_or_call(fe, $1, add(fe, mk(fe, NODE_CALL, @2), NULL)); }
    | expr CALL_LPAREN arglist ')' %prec CALL_LPAREN
                                    { $$ = message_or_call(fe, $1, $3); }
    | expr CALL_LPAREN ',' arglist ')' %prec CALL_LPAREN
        { diag_warning(&@3, "Ignoring spurious leading comma: an argument "
                       "list starts with its first value; remove the "
                       "','");
          $$ = message_or_call(fe, $1, $4); }
    ;

other_leaf
    : ACTION_LIT
        { $$ = mk_text(fe, NODE_ACTION_REF, @1, $1);
          if ($1.flags & TOKF_OBSOLETE)
              diag_warning(&@1, "'#a$%s' is an old form; write '##%s'",
                           $$->text, $$->text); }
    | HASH_R
        { $$ = mk_text(fe, NODE_NAME, @1, $1);
          diag_warning(&@1, "'#r$%s' is an old form; write just '%s'",
                       $$->text, $$->text); }
    | HASH_G                        { $$ = mk_text(fe, NODE_GLOBAL_INDEX, @1, $1); }
    | HASH_N
        { $$ = mk_text(fe, NODE_DICT_WORD, @1, $1);
          if ($1.len > 1)
              diag_warning(&@1, "'#n$%s' is an old form; write '%s'",
                           $$->text, $$->text); }
    | HASH_W
        { $$ = mk_num(fe, NODE_NUMBER, @1, 0);
          diag_error(&@1, "the '#w$' form was removed from Inform; write "
                     "the dictionary word in single quotes"); }
    | '#' IDENT                     { $$ = mk_text(fe, NODE_SYSCONST, @1, $2); }
    ;
/* A call's arguments, in its CALL node (see expr). */
arglist
    : expr                          { $$ = add(fe, add(fe, mk(fe, NODE_CALL, @1), NULL), $1); }
    | arglist ',' expr              { $$ = add(fe, $1, $3); }
    ;

%%

/* ---------------------------------------------------------------- helpers */

static bool is_kind(const Node *n, NodeKind k) { return n && n->kind == k; }

static bool is_op(const Node *n, const char *op)
{
    return is_kind(n, NODE_BINOP) && !strcmp(n->text, op);
}

/* `f(args)`, or `o.p(args)`, a message: `call` is the CALL node the
 * argument list made, with kids[0] still to fill. */
static Node *message_or_call(Frontend *fe, Node *f, Node *call)
{
    call->loc = f->loc;
    if (is_op(f, ".") || is_op(f, "..")) {
        Node *m = ast_new_text(ARENA, NODE_MESSAGE_CALL, f->loc, f->text);
        add(fe, m, f->kids[0]);
        add(fe, m, f->kids[1]);
        for (int i = 1; i < call->nkids; i++) add(fe, m, call->kids[i]);
        return m;
    }
    call->kids[0] = f;
    return call;
}

/* An expression statement; `to` ranges belong only in case labels. */
static Node *expr_stmt(Frontend *fe, Node *e, SrcLoc loc)
{
    for (Node *n = e; n; n = is_op(n, ",") ? n->kids[0] : NULL) {
        Node *last = is_op(n, ",") ? n->kids[1] : n;
        if (is_kind(last, NODE_CASE_RANGE))
            diag_error(&last->loc, "'to' makes a range of case values; it "
                       "can only be used in a 'switch' label, before ':'");
    }
    return mk1(fe, NODE_EXPR_STMT, loc, e);
}

/* The values of a case label, taken out of a ',' chain in order. */
static Node *case_values(Frontend *fe, Node *e, SrcLoc loc)
{
    int n = 0;
    for (Node *k = e; is_op(k, ","); k = k->kids[0]) n++;
    Node *v = mk(fe, NODE_CASE_VALUES, loc);
    v->kids = ast_kids(ARENA, (unsigned)(n + 1));
    v->nkids = (unsigned)(n + 1);
    for (Node *k = e; n >= 0; n--) {
        if (is_op(k, ",")) {
            v->kids[n] = k->kids[1];
            k = k->kids[0];
        } else {
            v->kids[n] = k;
        }
    }
    return v;
}

/* (Whether the target can be assigned to is check's question.) */
static Node *assign(Frontend *fe, Node *target, Node *value, SrcLoc loc)
{
    return mk2(fe, NODE_ASSIGN, loc, target, value);
}


static const char *const builtin_rules[] = {
    "char", "string", "address", "object", "name", "the", "The", "a", "an",
    "A", "number", "property",
};

static Node *print_rule(Frontend *fe, Tok word, SrcLoc wloc, Node *e,
                        SrcLoc loc)
{
    Node *n = mk_text(fe, NODE_PRINT_RULE, loc, word);
    add(fe, n, e);
    for (size_t i = 0; i < sizeof builtin_rules / sizeof *builtin_rules; i++)
        if (!strcmp(n->text, builtin_rules[i])) return n;
    Symbol *s = sym_lookup(flt_compiler(fe)->symbols, n->text);
    if (!s || s->kind == SYM_UNDEFINED) {
        /* (THE) is not (the): say so rather than "not defined". */
        for (size_t i = 0; i < sizeof builtin_rules / sizeof *builtin_rules; i++)
            if (!strcasecmp(n->text, builtin_rules[i])) {
                bool cap = !strcasecmp(n->text, "the") || !strcmp(n->text, "A") ||
                           !strcasecmp(n->text, "a");
                diag_error(&wloc, "'%s' is neither a print rule nor a "
                           "routine; print rules are case-sensitive: write "
                           "(%s)%s", n->text, builtin_rules[i][0] == 'T' ||
                           builtin_rules[i][0] == 'A'
                           ? (builtin_rules[i][0] == 'T' ? "the" : "a")
                           : builtin_rules[i],
                           cap ? (n->text[0] == 't' || n->text[0] == 'T'
                                  ? " or (The)" : " or (A)") : "");
                n->text = builtin_rules[i][0] == 'T' ? "the"
                        : builtin_rules[i][0] == 'A' ? "a" : builtin_rules[i];
                return n;
            }
    }
    n->num = 1;
    return add(fe, n, mk_text(fe, NODE_NAME, wloc, word));
}

static bool is_label(const Node *n)
{
    return is_kind(n, NODE_CASE_VALUES) || is_kind(n, NODE_DEFAULT_CASE);
}

/* A { } block: labels are not allowed in it.  The list of items
 * becomes the BLOCK. */
static Node *statements(Frontend *fe, Node *items, SrcLoc loc)
{
    int n = 0;
    for (int i = 0; i < items->nkids; i++) {
        Node *s = items->kids[i];
        if (!s) continue;
        if (is_label(s)) {
            diag_error(&s->loc, "a case label like this can only begin a "
                       "clause of a 'switch' (or, with action names, the "
                       "top level of a routine)");
            continue;
        }
        items->kids[n++] = s;
    }
    items->nkids = n;
    items->loc = loc;
    return items;
}

/* Groups statements after each label into CASE / DEFAULT_CASE clauses,
 * appended to `into`.  Returns the index of the first label. */
static int clauses(Frontend *fe, Node *items, Node *into, bool actions)
{
    int first = -1;
    Node *clause = NULL;
    for (int i = 0; i < items->nkids; i++) {
        Node *s = items->kids[i];
        if (!s) continue;
        if (is_label(s)) {
            if (first < 0) first = i;
            if (s->kind == NODE_DEFAULT_CASE) {
                clause = s;
            } else {
                clause = mk1(fe, NODE_CASE, s->loc, s);
                for (int j = 0; j < s->nkids; j++) {
                    Node *v = s->kids[j];
                    if (actions && is_kind(v, NODE_NAME)) {
                        v->kind = NODE_ACTION_REF;
                        flt_compiler(fe)->declare->notes++;
                    }
                    else if (actions)
                        diag_error(&v->loc, "at the top level of a routine, "
                                   "case labels are bare action names, like "
                                   "'Take:' (not ##Take or expressions)");
                }
            }
            add(fe, into, clause);
        } else if (first >= 0) {
            add(fe, clause, s);
        }
    }
    return first;
}

static Node *switch_body(Frontend *fe, Node *value, Node *items, SrcLoc loc)
{
    Node *sw = mk1(fe, NODE_SWITCH, loc, value);
    int first = clauses(fe, items, sw, false);
    int stop = first < 0 ? items->nkids : first;
    for (int i = 0; i < stop; i++)
        if (items->kids[i]) {
            diag_error(&items->kids[i]->loc, "a statement in a 'switch' "
                       "before any case label would never run; put a label "
                       "like '1:' or 'default:' before it");
            break;
        }
    return sw;
}

/* An Object (or Nearby, or class-instance) directive from its parts: the
 * header node gains the directive's class word, its depth and the
 * segments.  A named object is located at its name (as other definitions
 * are), an anonymous one at the directive word. */
static Node *object_node(Frontend *fe, Node *word, int arrows, Node *header,
                         Node *segments, SrcLoc word_loc)
{
    if (!header->text) header->loc = word_loc;
    header->num = arrows + (word && word->kind == NODE_OBJECT);
    header->kids[0] = word && word->kind == NODE_NAME ? word : NULL;
    for (int i = 0; i < segments->nkids; i++)
        add(fe, header, segments->kids[i]);
    return header;
}

/* ROUTINE_WORDS when the routine being reduced holds a DICT_WORD node:
 * a parse reads one directive, and only the parser makes such nodes. */
static int routine_words(Frontend *fe)
{
    return flt_compiler(fe)->declare->words_made ? ROUTINE_WORDS : 0;
}

/* A routine body: statements, then perhaps action-switch clauses; `end`
 * is the `]` closing it (ast_set_end). */
static Node *routine_body(Frontend *fe, Node *items, SrcLoc loc, SrcLoc end)
{
    Node *b;
    Node *last = items->nkids ? items->kids[items->nkids - 1] : NULL;
    if (is_kind(last, NODE_LABEL))
        diag_error(&last->loc, "the label '%s' needs a statement after it "
                   "before the routine ends (a ';' alone will do)",
                   last->text);
    int i = 0;
    while (i < items->nkids && !is_label(items->kids[i])) i++;
    if (i == items->nkids) {
        b = statements(fe, items, loc);
        ast_set_end(b, end);
        return b;
    }
    b = mk(fe, NODE_BLOCK, loc);
    ast_set_end(b, end);
    for (int j = 0; j < i; j++)
        if (items->kids[j]) add(fe, b, items->kids[j]);
    {
        Node *rest = list(fe, items->kids[i]->loc);
        for (; i < items->nkids; i++) add(fe, rest, items->kids[i]);
        Node *sw = mk(fe, NODE_ACTION_SWITCH, rest->loc);
        clauses(fe, rest, sw, true);
        add(fe, b, sw);
    }
    return b;
}

/* objectloop (v), (v in o) with o a single token, or (any condition):
 * the loop variable is the condition's first name. */
static Node *objectloop(Frontend *fe, Node *cond, Node *body, SrcLoc loc)
{
    Node *n = mk(fe, NODE_OBJECTLOOP, loc);
    Node *v = cond;
    while (v && (v->kind == NODE_BINOP || v->kind == NODE_ASSIGN ||
                 v->kind == NODE_POSTINC || v->kind == NODE_POSTDEC ||
                 v->kind == NODE_CALL || v->kind == NODE_MESSAGE_CALL) &&
           v->nkids)
        v = v->kids[0];
    if (!is_kind(v, NODE_NAME)) {
        diag_error(cond ? &cond->loc : &loc, "'objectloop' needs a variable "
                   "first, as in 'objectloop (obj in box)'");
        v = NULL;
    }
    if (cond == v) {
        add(fe, n, v);
        add(fe, n, NULL);
    } else if (is_op(cond, "in") && cond->kids[0] == v &&
               (is_kind(cond->kids[1], NODE_NAME) ||
                is_kind(cond->kids[1], NODE_NUMBER))) {
        n->text = "in";
        add(fe, n, v);
        add(fe, n, cond->kids[1]);
    } else {
        add(fe, n, v ? ast_new_text(ARENA, NODE_NAME, v->loc, v->text) : NULL);
        add(fe, n, cond);
    }
    return add(fe, n, body);
}

static Node *give_attr(Frontend *fe, Node *e)
{
    Node *n = mk(fe, NODE_GIVE_ATTR, e->loc);
    if (is_kind(e, NODE_UNARY) && !strcmp(e->text, "~")) {
        n->num = 1;
        e = e->kids[0];
    }
    return add(fe, n, e);
}

/* One value is a size, a single string the characters, more values the
 * entries (`Array a --> 5;` vs `Array a --> 1 2;`). */
static Node *array_body(Frontend *fe, Node *items, SrcLoc loc)
{
    Node *n;
    if (items->nkids == 1 && is_kind(items->kids[0], NODE_STRING))
        n = mk(fe, NODE_ARRAY_TEXT, loc);
    else if (items->nkids == 1)
        n = mk(fe, NODE_ARRAY_SIZE, loc);
    else
        n = mk(fe, NODE_ARRAY_VALUES, loc);
    for (int i = 0; i < items->nkids; i++) add(fe, n, items->kids[i]);
    return n;
}

static Node *asm_operand(Frontend *fe, Node *e)
{
    if (is_kind(e, NODE_NAME) && !strcmp(e->text, "sp"))
        return mk(fe, NODE_ASM_SP, e->loc);
    return e;
}

/* What the target's check_asm hook sees of an operand. */
static AsmOperand asm_operand_shape(const Node *o)
{
    AsmOperandKind k = is_kind(o, NODE_NAME) ? ASMO_NAME
                     : is_kind(o, NODE_ASM_SP) ? ASMO_SP
                     : is_kind(o, NODE_STRING) ? ASMO_TEXT : ASMO_VALUE;
    return (AsmOperand){ k, o->loc };
}

/* The statement checked by the target (target.h: check_asm), whose
 * answers reshape the tree: `@jump L`'s operand becomes a branch, and a
 * storing opcode's last operand its store when `->` was left out. */
static void asm_check(Frontend *fe, Node *n, Node **store, Node *branch,
                      bool branch_last, bool store_ok)
{
    const Target *t = flt_compiler(fe)->target;
    AsmOperand ops[16], st = {0}, br = {0};
    AsmOperand *shapes = n->nkids <= 16 ? ops
                       : arena_alloc(ARENA, (size_t)n->nkids * sizeof *shapes);
    for (int i = 0; i < n->nkids; i++) shapes[i] = asm_operand_shape(n->kids[i]);
    if (*store) st = (AsmOperand){ ASMO_NAME, (*store)->loc };
    if (branch) br = (AsmOperand){ ASMO_NAME, branch->loc };
    AsmStatement a = {
        .loc = n->loc, .opcode = n->num == 0 ? n->text : NULL,
        .custom = n->num == 1 ? n->text : NULL, .ops = shapes,
        .nops = n->nkids, .store = *store ? &st : NULL,
        .branch = branch ? &br : NULL, .branch_last = branch_last,
        .shape = store_ok,
    };
    t->ops->check_asm(t, &a);
    if (a.stops) n->num |= ASMF_STOPS;
    if (a.label_operand) {
        Node *l = n->kids[0];
        Node *b = mk(fe, NODE_ASM_BRANCH, l->loc);
        b->text = l->text;
        n->kids[0] = b;
    }
    if (a.last_is_store) {
        Node *v = n->kids[--n->nkids];
        if (is_kind(v, NODE_NAME) || is_kind(v, NODE_ASM_SP))
            *store = mk1(fe, NODE_ASM_STORE, v->loc, v);
    }
}

/* Operands first, then the store and the branch, whatever the order
 * they were written in; the target checks the opcode. */
static Node *asm_stmt(Frontend *fe, Node *n, Node *ops)
{
    Node *store = NULL, *branch = NULL;
    bool branch_last = false;
    for (int i = 0; i < ops->nkids; i++) {
        Node *o = ops->kids[i];
        if (is_kind(o, NODE_ASM_STORE)) {
            if (store)
                diag_error(&o->loc, "only one '->' store can be given");
            store = o;
        } else if (is_kind(o, NODE_ASM_BRANCH)) {
            if (branch)
                diag_error(&o->loc, "only one '?' branch can be given");
            branch = o;
            branch_last = i == ops->nkids - 1;
        } else {
            add(fe, n, o);
        }
    }
    bool store_ok = true;
    if (store) {
        const Node *v = store->kids[0];
        if (!is_kind(v, NODE_NAME) && !is_kind(v, NODE_ASM_SP)) {
            const char *what = is_kind(v, NODE_NUMBER)
                ? arena_printf(ARENA, "'%lld'", (long long)v->num)
                : "an expression";
            diag_error(&v->loc, "the result of '@%s' must be stored in a "
                       "variable or 'sp', not in %s",
                       n->num == 0 ? n->text : "...", what);
            store_ok = false;   /* reported: later passes need not see it */
        }
    }
    if (n->num == 0 || n->num == 1)
        asm_check(fe, n, &store, branch, branch_last, store_ok);
    if (store && store_ok) add(fe, n, store);
    if (branch) add(fe, n, branch);
    return n;
}

static const char *const grammar_token_words[] = {
    "noun", "held", "multi", "multiheld", "multiexcept", "multiinside",
    "creature", "special", "number", "topic",
};

static Node *gtoken(Frontend *fe, Tok word, SrcLoc loc)
{
    for (size_t i = 0; i < sizeof grammar_token_words / sizeof *grammar_token_words; i++)
        if (strlen(grammar_token_words[i]) == word.len &&
            !strncmp(grammar_token_words[i], word.text, word.len))
            return mk_text(fe, NODE_GT_TOKEN, loc, word);
    return mk_text(fe, NODE_GT_ATTRIBUTE_OR_ROUTINE, loc, word);
}

static Node *gtoken_routine(Frontend *fe, Tok word, SrcLoc wloc, Tok routine,
                            SrcLoc rloc)
{
    if (word.len == 4 && !strncmp(word.text, "noun", 4))
        return mk_text(fe, NODE_GT_NOUN_ROUTINE, rloc, routine);
    if (word.len == 5 && !strncmp(word.text, "scope", 5))
        return mk_text(fe, NODE_GT_SCOPE, rloc, routine);
    diag_error(&wloc, "only 'noun=Routine' and 'scope=Routine' can be "
               "written with '=' in a grammar line, not '%.*s='",
               (int)word.len, word.text);
    return mk_text(fe, NODE_GT_NOUN_ROUTINE, wloc, routine);
}

static int extend_priority(Frontend *fe, Tok word, SrcLoc loc)
{
    static const struct { const char *w; int f; } p[] = {
        { "only", EXTEND_ONLY }, { "first", EXTEND_FIRST },
        { "last", EXTEND_LAST }, { "replace", EXTEND_REPLACE },
    };
    for (size_t i = 0; i < sizeof p / sizeof *p; i++)
        if (strlen(p[i].w) == word.len && !strncmp(p[i].w, word.text, word.len))
            return p[i].f;
    diag_error(&loc, "expected 'first', 'last' or 'replace' (or the grammar "
               "line's '*'), found '%.*s'", (int)word.len, word.text);
    return 0;
}

static void grammar_flag(Frontend *fe, Node *action, Tok word, SrcLoc loc)
{
    if (word.len == 7 && !strncmp(word.text, "reverse", 7))
        action->num |= GAF_REVERSE;
    else if (word.len == 4 && !strncmp(word.text, "meta", 4))
        action->num |= GAF_META;
    else
        diag_error(&loc, "expected 'reverse', 'meta', the next grammar line's "
                   "'*' or ';' after the action, found '%.*s'",
                   (int)word.len, word.text);
}

/* The words of `Verb [meta] 'w'...`: a first `meta` sets *meta; any
 * other unquoted word is reported (once) and left out. */
static Node *verb_words_of(Frontend *fe, Node *words, int64_t *meta)
{
    int n = 0;
    bool reported = false;
    for (int i = 0; i < words->nkids; i++) {
        Node *w = words->kids[i];
        if (is_kind(w, NODE_NAME)) {
            if (i == 0 && !strcmp(w->text, "meta") && words->nkids > 1) {
                *meta = 1;
            } else if (!reported) {
                diag_error(&w->loc, "expected 'meta' or a verb word in "
                           "quotes, found '%s'", w->text);
                flt_compiler(fe)->syntax_errors++;
                reported = true;
            }
            continue;
        }
        words->kids[n++] = w;
    }
    words->nkids = n;
    if (n) words->loc = words->kids[0]->loc;
    return words;
}

/* Verb words may be written in single or double quotes. */
static Node *verb_word(Frontend *fe, Tok t, SrcLoc loc)
{
    return mk_text(fe, NODE_DICT_WORD, loc, t);
}

/* The ends of `lo to hi` are plain: a number, a name or a character,
 * perhaps negated, without brackets (first_token is where the end's text
 * begins: a bracketed leaf begins before its node). */
static bool range_end_check(Frontend *fe, const Node *e, SrcLoc first_token)
{
    const Node *leaf = is_kind(e, NODE_UNARY) && !strcmp(e->text, "-")
                       ? e->kids[0] : e;
    bool plain = (is_kind(leaf, NODE_NUMBER) || is_kind(leaf, NODE_NAME) ||
                  is_kind(leaf, NODE_CHAR_LIT)) &&
                 e->loc.line == first_token.line &&
                 e->loc.col == first_token.col;
    if (!plain)
        diag_error(&first_token, "the ends of a 'to' range must be plain "
                   "values (a number or a constant), not expressions");
    return plain;
}

static void second_short_name(Frontend *fe, Tok first, SrcLoc loc)
{
    diag_error(&loc, "this object already has a short name (\"%.*s\"); an "
               "object has only one", (int)first.len, first.text);
}

static void action_actor_check(Frontend *fe, const Node *actor)
{
    if (actor && !flt_compiler(fe)->target->actor_actions)
        diag_error(&actor->loc, "the actor form <Action noun second, actor> "
                   "needs Z-machine version 4 or later (or Glulx)");
}

static void z_only(Frontend *fe, const char *what, SrcLoc loc)
{
    if (!flt_compiler(fe)->target->read_statement)
        diag_error(&loc, "the '%s' statement exists only in Z-code; in Glulx "
                   "the library reads input through Glk", what);
}

/* inform6 reads the name after Constant or Global with the directive
 * words switched on, so `Constant release 3;` is an error there too. */
static void check_name_not_directive(Frontend *fe, Tok t, SrcLoc loc,
                                     const char *what)
{
    if (flt_directive_name(&t)) {
        diag_error(&loc, "'%.*s' is the name of a directive, so it cannot "
                   "be the name of a %s", (int)t.len, t.text, what);
        flt_compiler(fe)->syntax_errors++;
    }
}

/* ---- checks on a whole directive, then the hand-over to declare ---- */

static bool is_comparison(const Node *n)
{
    static const char *const ops[] = {
        "==", "~=", "<", ">", "<=", ">=", "has", "hasnt", "in", "notin",
        "ofclass", "provides",
    };
    if (!is_kind(n, NODE_BINOP)) return false;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (!strcmp(n->text, ops[i])) return true;
    return false;
}

/* `or` belongs only on the right of a comparison.  *left is the number
 * of OR nodes not met yet: the walk stops when it has met them all. */
static void check_or(Frontend *fe, const Node *n, int *left)
{
    if (!n) return;
    for (int i = 0; i < n->nkids && *left > 0; i++) {
        const Node *k = n->kids[i];
        if (is_kind(k, NODE_OR)) {
            --*left;
            if (!(i == 1 && is_comparison(n)))
                diag_error(&k->loc, "'or' can only list the alternatives on "
                           "the right of a comparison, as in 'x == 1 or 2'");
        }
        check_or(fe, k, left);
    }
}

static void done(Frontend *fe, Node *directive)
{
    if (!directive) return;
    int compared;
    int ors = flt_take_or(fe, &compared);
    if (ors && compared != ors) check_or(fe, directive, &ors);
    decl_directive(flt_compiler(fe), directive);
}

static void done_list(Frontend *fe, Node *directives)
{
    for (int i = 0; i < directives->nkids; i++) done(fe, directives->kids[i]);
}

/* ---------------------------------------------------------------- errors */

static bool parse_token_is_word(yysymbol_kind_t k);

static bool sym_in(yysymbol_kind_t k, const int *tokens, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (YYTRANSLATE(tokens[i]) == k) return true;
    return false;
}
#define SYM_IN(k, ...) \
    sym_in((k), (const int[]){ __VA_ARGS__ }, \
           sizeof (const int[]){ __VA_ARGS__ } / sizeof (int))

/* Keyword rows of compiler/keywords.def chosen by their name list. */
#define STMT_kw_stmt(x) x,
#define STMT_kw_other(x)
#define STMT_soft_kw(x)
#define STMT_kw_modifier(x)
#define VALUE_kw_stmt(x)
#define VALUE_kw_other(x)
#define VALUE_soft_kw(x) x,
#define VALUE_kw_modifier(x) x,

/* The keywords that may stand for a value (expr_kw). */
static const int value_keywords[] = {
#define KEYWORD(token, word, list, class) VALUE_##list(K_##token)
#include "keywords.def"
};

/* Tokens that can begin a value (except '-', which also continues one). */
static bool starts_value(yysymbol_kind_t k)
{
    return SYM_IN(k, IDENT, NUMBER, STRING_LIT, DICT_WORD, CHAR_LIT,
                  ACTION_LIT, HASH_R, HASH_G, HASH_N, HASH_W, LPAREN, NOTNOT,
                  '~', '#', '-', INC, DEC) ||
           sym_in(k, value_keywords,
                  sizeof value_keywords / sizeof *value_keywords);
}

static bool is_comparison_token(yysymbol_kind_t k)
{
    return SYM_IN(k, EQ, NE, '<', '>', LE, GE, K_HAS, K_HASNT, K_IN,
                  K_NOTIN, K_OFCLASS, K_PROVIDES);
}

/* Tokens that continue a value (binary and postfix operators). */
static bool continues_value(yysymbol_kind_t k)
{
    return is_comparison_token(k) ||
           SYM_IN(k, ARROW, DARROW, INC, DEC, OROR, ANDAND, PROP_ADDR,
                  PROP_LEN, IPROP_ADDR, IPROP_LEN, DOTDOT, COLONCOLON,
                  CALL_LPAREN, '+', '-', '*', '/', '%', '&', '|', '=', '.',
                  K_OR);
}

/* How an expected token is named in a message. */
static const char *expected_name(yysymbol_kind_t k)
{
    static const struct { yysymbol_kind_t k; const char *s; } names[] = {
        { YYSYMBOL_IDENT, "a name" },
        { YYSYMBOL_NUMBER, "a number" },
        { YYSYMBOL_STRING_LIT, "a string in double quotes" },
        { YYSYMBOL_DICT_WORD, "a word in single quotes" },
        { YYSYMBOL_CHAR_LIT, "a character in single quotes" },
        { YYSYMBOL_YYEOF, "the end of the directive" },
        { YYSYMBOL_ROUTINE_START, "'['" },
        { YYSYMBOL_CALL_LPAREN, "'('" },
        { YYSYMBOL_ASM_ARROW, "'->'" },
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (names[i].k == k) return names[i].s;
    return NULL;
}

/* The unexpected token, quoted as written. */
static void found_text(Frontend *fe, yysymbol_kind_t found, char *buf,
                       size_t size)
{
    const Tok *t = flt_last_token(fe);
    if (found == YYSYMBOL_YYEOF)
        snprintf(buf, size, "%s", flt_at_end_of_input(fe)
                 ? "the end of the file" : "the end of the directive");
    else if (found == YYSYMBOL_STRING_LIT)
        snprintf(buf, size, "the string \"%.*s%s\"",
                 (int)(t->len > 30 ? 30 : t->len), t->text,
                 t->len > 30 ? "..." : "");
    else if (found == YYSYMBOL_DICT_WORD || found == YYSYMBOL_CHAR_LIT)
        snprintf(buf, size, "'%.*s'", (int)t->len, t->text);
    else if (found == YYSYMBOL_ACTION_LIT)
        snprintf(buf, size, "'##%.*s'", (int)t->len, t->text);
    else if (t->text && t->len)
        snprintf(buf, size, "'%.*s'", (int)t->len, t->text);
    else
        snprintf(buf, size, "'%s'", yysymbol_name(found));
}

/* The statement words: the rows of kw_stmt in compiler/keywords.def. */
static const char *const statement_words[] = {
#define KEYWORD(token, word, list, class) STMT_##list(word)
#include "keywords.def"
};

/* Mistakes common enough to deserve their own words; true if reported. */
static bool special_error(Frontend *fe, yysymbol_kind_t found,
                          const SrcLoc *loc, const yysymbol_kind_t *exp,
                          int nexp)
{
    bool op = false;
    for (int i = 0; i < nexp; i++) op = op || continues_value(exp[i]);
    if (is_comparison_token(found) && op) {
        diag_error(loc, "comparisons cannot follow one another without "
                   "brackets: write (a == b) == c, or a == b && b == c");
        return true;
    }
    if (found == YYTRANSLATE(K_ELSE)) {
        diag_error(loc, "this 'else' has no 'if' before it (if there is one, "
                   "the ';' or '}' before 'else' may have ended it)");
        return true;
    }
    if (found == YYTRANSLATE(K_UNTIL)) {
        diag_error(loc, "this 'until' has no 'do' before it");
        return true;
    }
    bool want_gt = false, want_arrow = false, want_value = false;
    bool want_comma = false;
    for (int i = 0; i < nexp; i++) {
        want_gt = want_gt || exp[i] == YYTRANSLATE('>');
        want_arrow = want_arrow || exp[i] == YYTRANSLATE(ARROW);
        want_value = want_value || exp[i] == YYTRANSLATE(NUMBER);
        want_comma = want_comma || exp[i] == YYTRANSLATE(',');
    }
    char what[160];
    found_text(fe, found, what, sizeof what);
    if (flt_in_action(fe) && want_gt && found == YYTRANSLATE(';')) {
        diag_error(loc, "expected '>' to close the action statement, found "
                   "%s", what);
        return true;
    }
    if (want_value && flt_kind_before_last(fe) == '~' &&
        flt_statement_kind(fe) == K_GIVE) {
        diag_error(loc, "expected an attribute after '~', found %s", what);
        return true;
    }
    int stmt = flt_statement_kind(fe);
    if (want_comma && starts_value(found) &&
        (stmt == K_PRINT || stmt == K_PRINT_RET || stmt == STRING_LIT)) {
        diag_error(loc, "expected ',' or ';', found %s (print items are "
                   "separated by commas)", what);
        return true;
    }
    const char *dir = flt_directive_word(fe);
    if (want_arrow && !want_value &&
        (!strcasecmp(dir, "Verb") || !strcasecmp(dir, "Extend"))) {
        diag_error(loc, "expected a grammar token or '-> Action' to end the "
                   "grammar line, found %s", what);
        return true;
    }
    /* A string that ran to the end of the file has been reported. */
    if (found == YYSYMBOL_YYEOF && flt_lexer_gave_up(fe)) return true;
    SrcLoc at;
    int ch;
    if (found == YYSYMBOL_YYEOF && flt_at_end_of_input(fe) &&
        flt_unclosed(fe, &at, &ch)) {
        diag_error(&at, "this '%c' is never closed: the file ends first", ch);
        return true;
    }
    /* inform6 reads an array's entries up to the ';': where the file
     * ends first it reports the entry and the ';' it did not find, two
     * errors (Inform6-Testing counts them) */
    if (found == YYSYMBOL_YYEOF && flt_at_end_of_input(fe) &&
        !strcasecmp(dir, "Array")) {
        diag_error(loc, "expected another entry or ';', found the end of "
                   "the file");
        diag_error(loc, "the Array directive is never ended: the file ends "
                   "before its ';'");
        return true;
    }
    const Tok *first = flt_statement_start(fe, &at);
    if (!first) return false;
    const char *named = flt_directive_name(first);
    if (named) {
        diag_error(&at, "the '%s' directive cannot be used inside a routine; "
                   "put it between routines (only #Ifdef and the like may "
                   "appear inside, written with '#')", named);
        return true;
    }
    for (size_t i = 0; i < sizeof statement_words / sizeof *statement_words; i++)
        if (strlen(statement_words[i]) == first->len &&
            !strncasecmp(statement_words[i], first->text, first->len)) {
            if (!strncmp(statement_words[i], first->text, first->len))
                /* the statement word itself, read as a name: a local */
                diag_error(&at, "'%s' is a local variable of this routine, "
                           "so here it is a name and does not begin a '%s' "
                           "statement; rename the local", statement_words[i],
                           statement_words[i]);
            else
                diag_error(&at, "statement words are written in lower case: "
                           "'%s', not '%.*s'", statement_words[i],
                           (int)first->len, first->text);
            return true;
        }
    return false;
}

/* "expected X, found Y": a value, a name, a quoted word are named as
 * such and operators left out, so that the list stays short. */
static int yyreport_syntax_error(const yypcontext_t *ctx, Frontend *fe)
{
    /* Recovery drops constructs: check must not call their names unused. */
    flt_compiler(fe)->syntax_errors++;
    flt_syntax_error(fe);
    yysymbol_kind_t found = yypcontext_token(ctx);
    const SrcLoc *loc = yypcontext_location(ctx);
    char what[160];
    found_text(fe, found, what, sizeof what);

    yysymbol_kind_t exp[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, exp, YYNTOKENS);
    if (n < 0) n = 0;
    if (special_error(fe, found, loc, exp, n)) return 0;

    /* Operators are left out only where any operator could follow, so
     * that '->' in a grammar line or '>' closing an action still show. */
    bool value = false, name = false, quoted = false, op = false;
    bool eq = false;
    for (int i = 0; i < n; i++) {
        if (exp[i] == YYTRANSLATE('+')) op = true;
        if (exp[i] == YYTRANSLATE(EQ)) eq = !flt_in_action(fe);
        if (exp[i] == YYTRANSLATE(NUMBER)) value = true;
        if (exp[i] == YYTRANSLATE(IDENT)) name = true;
        if (exp[i] == YYTRANSLATE(DICT_WORD)) quoted = true;
    }
    const char *items[8];
    int nitems = 0;
    bool semicolon = false, too_many = false;
    if (value) items[nitems++] = "a value";
    else if (name) items[nitems++] = "a name";
    if (quoted && !value) items[nitems++] = "a word in quotes";
    for (int i = 0; i < n; i++) {
        yysymbol_kind_t k = exp[i];
        if (op && continues_value(k) && (eq || k != YYTRANSLATE('>')))
            continue;
        if (value && starts_value(k)) continue;
        if ((value || name) && k == YYTRANSLATE(IDENT)) continue;
        if (name && k != YYTRANSLATE(IDENT) &&
            parse_token_is_word(k)) continue;
        if (quoted && (k == YYTRANSLATE(DICT_WORD) ||
                       k == YYTRANSLATE(STRING_LIT) ||
                       k == YYTRANSLATE(CHAR_LIT))) continue;
        if (k == YYTRANSLATE(';')) semicolon = true;
        const char *s = expected_name(k);
        if (!s)
            s = arena_printf(ARENA, yysymbol_name(k)[0] == '\''
                             ? "%s" : "'%s'", yysymbol_name(k));
        if (nitems < 6) items[nitems++] = s;
        else too_many = true;
    }
    if (semicolon && (op || too_many || nitems > 4)) {
        diag_error(loc, "expected ';', found %s", what);
        return 0;
    }
    if (too_many || nitems > 5 || nitems == 0) {
        diag_error(loc, nitems == 0 && op ? "expected an operator, found %s"
                                          : "%s was not expected here", what);
        return 0;
    }
    char list[400];
    size_t used = 0;
    for (int i = 0; i < nitems && used < sizeof list - 60; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                 i == 0 ? "" : i == nitems - 1 ? " or " : ", ",
                                 items[i]);
    diag_error(loc, "expected %s, found %s", list, what);
    return 0;
}

/* Keyword tokens (spelt like names). */
static bool parse_token_is_word(yysymbol_kind_t k)
{
    const char *s = yysymbol_name(k);
    if (!s[0] || s[0] == '\'') return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || *s == '_')) return false;
    return true;
}

const char *parse_token_name(int kind)
{
    return yysymbol_name(YYTRANSLATE(kind));
}

/* ---------------------------------------------------------------- driver */

void parse_directives(Frontend *fe)
{
    while (flt_more(fe)) {
        flt_compiler(fe)->declare->notes = 0;
        flt_compiler(fe)->declare->words_made = 0;
        yyparse(fe);
        flt_skip_directive(fe);
    }
    flt_finish(fe);
}

void parse_program(Compiler *c, SourceFile *main_file)
{
    parse_directives(flt_new(c, main_file));
}
