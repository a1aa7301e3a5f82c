/* check_types.c: inform6 6.45's type warnings, given as check walks a
 * routine (check_types, called for each node of its statements).
 *
 * Takes a statement or expression node of a routine; gives the warnings
 * inform6 gives where a name of the wrong kind is used: a property where
 * an attribute is wanted (`give obj cprop`), a routine where a property
 * is (`obj.func`), an array called as a function, a dictionary word
 * given a message...; an array read with the other width (`->` on a
 * word array); and a property name used on its own, not after an
 * object ("not qualified by object", "bare property name").  As in
 * inform6, a name has a type only where it is used after its definition
 * (a name defined later, a local, a global or a constant could hold
 * anything), except that on Glulx a constant naming an object is that
 * object (Target.typed_object_constants); string and dictionary-word
 * literals have theirs.  The wording is inform6's. */
#include "check.h"
#include "declare.h"

#include <string.h>
#include <strings.h>

typedef enum Ty {
    TY_NONE, TY_ROUTINE, TY_OBJECT, TY_CLASS, TY_ATTRIBUTE, TY_PROPERTY,
    TY_INDIV, TY_ARRAY, TY_FAKE_ACTION, TY_STRING, TY_DICT,
} Ty;

static const char *const ty_names[] = {
    [TY_NONE] = "?", [TY_ROUTINE] = "Routine", [TY_OBJECT] = "Object",
    [TY_CLASS] = "Class", [TY_ATTRIBUTE] = "Attribute",
    [TY_PROPERTY] = "Property", [TY_INDIV] = "Individual property",
    [TY_ARRAY] = "Array", [TY_FAKE_ACTION] = "Fake action",
    [TY_STRING] = "String", [TY_DICT] = "Dictionary word",
};

/* The symbol a NAME denotes here, if it is defined by now: NULL for a
 * local, a name not defined yet (or never), and a routine's name in its
 * own body (inform6 gives a routine its type once it has compiled the
 * body). */
static const Symbol *known_symbol(Compiler *c, Scope *sc, const Node *n)
{
    if (!n || n->kind != NODE_NAME || check_local_of(sc, n) >= 0)
        return NULL;
    const Symbol *s = check_name_symbol(c, n);
    if (!s || s->kind == SYM_UNDEFINED || s->defined_in > c->checking ||
        (s->kind == SYM_ROUTINE && s->defined_in == c->checking))
        return NULL;
    return s;
}

static Ty symbol_type(Compiler *c, const Symbol *s)
{
    switch (s->kind) {
    case SYM_ROUTINE: return TY_ROUTINE;
    case SYM_OBJECT: return TY_OBJECT;
    case SYM_CLASS: return TY_CLASS;
    case SYM_ATTRIBUTE: return TY_ATTRIBUTE;
    case SYM_PROPERTY: return TY_PROPERTY;
    case SYM_INDIV_PROPERTY: return TY_INDIV;
    case SYM_ARRAY: return TY_ARRAY;
    case SYM_FAKE_ACTION: return TY_FAKE_ACTION;
    case SYM_CONSTANT: {
        const Node *v = s->decl && s->decl->kind == NODE_CONSTANT &&
                        s->decl->nkids ? s->decl->kids[0] : NULL;
        if (!c->target->typed_object_constants || !v || v->kind != NODE_NAME)
            return TY_NONE;
        const Symbol *o = sym_lookup(c->symbols, v->text);
        return o && o->kind == SYM_OBJECT ? TY_OBJECT : TY_NONE;
    }
    default: return TY_NONE;
    }
}

/* The type of a value, and the symbol it is (NULL for a literal). */
static Ty type_of(Compiler *c, Scope *sc, const Node *n, const Symbol **sym)
{
    *sym = NULL;
    if (!n) return TY_NONE;
    if (n->kind == NODE_STRING) return TY_STRING;
    if (n->kind == NODE_DICT_WORD) return TY_DICT;
    *sym = known_symbol(c, sc, n);
    return *sym ? symbol_type(c, *sym) : TY_NONE;
}

static void type_warning(const Node *n, const char *context, const char *want,
                         Ty found, const Symbol *s)
{
    if (s)
        diag_warning(&n->loc, "In %s, expected %s but found %s \"%s\"",
                     context, want, ty_names[found], s->name);
    else
        diag_warning(&n->loc, "In %s, expected %s but found %s", context,
                     want, ty_names[found]);
}

/* Warns unless `n` is of type `want` or `also` (TY_NONE: none). */
static void want(Compiler *c, Scope *sc, const Node *n, Ty want, Ty also,
                 const char *context)
{
    const Symbol *s;
    Ty t = type_of(c, sc, n, &s);
    if (t == TY_NONE || t == want || (also != TY_NONE && t == also)) return;
    type_warning(n, context, ty_names[want], t, s);
}

/* The receiver of a message: anything with a metaclass. */
static void want_metaclass(Compiler *c, Scope *sc, const Node *n,
                           const char *context)
{
    const Symbol *s;
    Ty t = type_of(c, sc, n, &s);
    if (t == TY_NONE || t == TY_STRING || t == TY_ROUTINE ||
        t == TY_OBJECT || t == TY_CLASS)
        return;
    type_warning(n, context, "Object/Class/Routine/String", t, s);
}

static bool is_op(const Node *n, const char *op)
{
    return n && n->kind == NODE_BINOP && n->text && !strcmp(n->text, op);
}

/* `o.p`, `o.&p`, `o.#p` (and their ++ and -- forms, with their own
 * names in the message). */
static void property_access(Compiler *c, Scope *sc, const Node *n,
                            const char *context)
{
    if (n->nkids < 2) return;
    want(c, sc, n->kids[0], TY_OBJECT, TY_CLASS, context);
    want(c, sc, n->kids[1], TY_PROPERTY, TY_INDIV, context);
}

static const Symbol *property_name(Compiler *c, Scope *sc, const Node *n)
{
    const Symbol *s = known_symbol(c, sc, n);
    return s && (s->kind == SYM_PROPERTY || s->kind == SYM_INDIV_PROPERTY)
           ? s : NULL;
}

/* The property name an operand is, or begins with through `.`: the value
 * of `p.q` counts as `p` for the operator it is given to, as in inform6
 * (`p.q = 1;` warns twice). */
static const Symbol *leading_property(Compiler *c, Scope *sc, const Node *n)
{
    while (is_op(n, ".") && n->nkids) n = n->kids[0];
    return property_name(c, sc, n);
}

/* How an operator treats a property name among its operands (inform6
 * 6.30's check): of the operators that may take a property on their
 * right (OP_RIGHT_OK), only the left operand counts; `<=` and `>=`
 * (OP_DIRS) let a common property named ..._to be compared (libraries
 * compare directions); any other operator, either.  By its first
 * character, so that the operator is not compared with every name in
 * the list (this runs for every operator of every routine). */
enum { OP_RIGHT_OK = 1, OP_DIRS = 2 };

static unsigned op_class(const char *op)
{
    switch (op[0]) {
    case '=':
        return !strcmp(op, "=") || !strcmp(op, "==") ? OP_RIGHT_OK : 0;
    case '~':
        return !strcmp(op, "~=") ? OP_RIGHT_OK : 0;
    case 'p':
        return !strcmp(op, "provides") ? OP_RIGHT_OK : 0;
    case '.':
        return !strcmp(op, ".") || !strcmp(op, ".&") || !strcmp(op, ".#") ||
               !strcmp(op, "..") || !strcmp(op, "..&") || !strcmp(op, "..#")
               ? OP_RIGHT_OK : 0;
    case ':':
        return !strcmp(op, "::") ? OP_RIGHT_OK : 0;
    case '(':
        return !strcmp(op, "()") ? OP_RIGHT_OK : 0;
    case '<': case '>':
        return op[1] == '=' && !op[2] ? OP_DIRS : 0;
    default:
        return 0;
    }
}

/* A property name as an operand of `op`. */
static void unqualified(Compiler *c, Scope *sc, const Node *n, const char *op)
{
    unsigned cls = op_class(op);
    bool left_only = cls & OP_RIGHT_OK, dirs = cls & OP_DIRS;
    for (int i = 0; i < n->nkids; i++) {
        const Symbol *s = i == 0 ? leading_property(c, sc, n->kids[0])
                                 : property_name(c, sc, n->kids[i]);
        if (!s || (left_only && i > 0)) continue;
        size_t len = strlen(s->name);
        if (dirs && i > 0 && s->kind == SYM_PROPERTY && len > 3 &&
            !strcasecmp(s->name + len - 3, "_to"))
            continue;
        diag_warning(&n->kids[i]->loc, "Property name in expression is not "
                     "qualified by object");
    }
}

/* A statement's whole expression that is only a property's name. */
static void bare(Compiler *c, Scope *sc, const Node *n)
{
    if (property_name(c, sc, n))
        diag_warning(&n->loc, "Bare property name found. \"self.prop\" "
                     "intended?");
}

/* The property operators' names in messages (made once, not for each
 * operator). */
static const char *property_op_context(const char *op)
{
    if (!strcmp(op, ".")) return "\".\" expression";
    if (!strcmp(op, ".&")) return "\".&\" expression";
    if (!strcmp(op, ".#")) return "\".#\" expression";
    return NULL;
}

/* An array named after its definition, read or written with the other
 * width: '->' on a --> or table array, '-->' on a -> or string array
 * (a buffer array is either).  inform6 says nothing of a system file's. */
static void array_width(Compiler *c, Scope *sc, const Node *n, bool byte)
{
    const Symbol *s = known_symbol(c, sc, n->kids[0]);
    if (!s || s->kind != SYM_ARRAY || !s->decl || s->decl->kind != NODE_ARRAY ||
        decl_in_system_file(c, n->loc))
        return;
    int kind = s->decl->num & ARRAY_KIND_MASK;
    if (byte && (kind == ARRAY_WORD || kind == ARRAY_TABLE))
        diag_warning(&n->loc, "Using '->' to access a --> or table array");
    else if (!byte && (kind == ARRAY_BYTE || kind == ARRAY_STRING))
        diag_warning(&n->loc, "Using '-->' to access a -> or string array");
}

static void check_binop(Compiler *c, Scope *sc, const Node *n)
{
    const char *op = n->text;
    if (!op || n->nkids < 2 || !strcmp(op, ",")) return;
    unqualified(c, sc, n, op);
    if (op[0] == '.') {
        const char *context = property_op_context(op);
        if (context && n != sc->typed) property_access(c, sc, n, context);
        return;
    }
    if (!strcmp(op, "->") || !strcmp(op, "-->")) {
        array_width(c, sc, n, op[1] == '>');
        return;
    }
    if (op[0] < 'a' || op[0] > 'z') return;    /* the rest are words */
    if (!strcmp(op, "has") || !strcmp(op, "hasnt")) {
        want(c, sc, n->kids[0], TY_OBJECT, TY_NONE, "\"has/hasnt\" expression");
        want(c, sc, n->kids[1], TY_ATTRIBUTE, TY_NONE, "\"has/hasnt\" expression");
    } else if (!strcmp(op, "in") || !strcmp(op, "notin")) {
        want(c, sc, n->kids[0], TY_OBJECT, TY_NONE, "\"in/notin\" expression");
        want(c, sc, n->kids[1], TY_OBJECT, TY_CLASS, "\"in/notin\" expression");
    } else if (!strcmp(op, "ofclass")) {
        want(c, sc, n->kids[1], TY_CLASS, TY_NONE, "\"ofclass\" expression");
    } else if (!strcmp(op, "provides")) {
        want(c, sc, n->kids[1], TY_PROPERTY, TY_INDIV, "\"provides\" expression");
    }
}

static void check_incdec(Compiler *c, Scope *sc, const Node *n,
                         const char *context)
{
    const Node *t = n->nkids ? n->kids[0] : NULL;
    unqualified(c, sc, n, "++");
    if (!is_op(t, ".")) return;
    sc->typed = t;
    property_access(c, sc, t, context);
}

static void check_call(Compiler *c, Scope *sc, const Node *n)
{
    const Node *f = n->nkids ? n->kids[0] : NULL;
    if (!f) return;
    const Symbol *s = f->kind == NODE_NAME && check_local_of(sc, f) < 0
                      ? check_name_symbol(c, f) : NULL;
    if (s && s->kind == SYM_SYSFUNC) {
        if (!strcasecmp(s->name, "indirect") && n->nkids > 1)
            want(c, sc, n->kids[1], TY_ROUTINE, TY_NONE,
                 "indirect function call");
        return;
    }
    if (property_name(c, sc, f))
        diag_warning(&f->loc, "Property name in expression is not "
                     "qualified by object");
    want(c, sc, f, TY_ROUTINE, TY_NONE, "function call");
}

/* The statements whose parts are each a whole expression. */
static void check_statement_types(Compiler *c, Scope *sc, const Node *n)
{
    switch (n->kind) {
    case NODE_GIVE:
        bare(c, sc, n->kids[0]);
        want(c, sc, n->kids[0], TY_OBJECT, TY_NONE, "\"give\" statement");
        for (int i = 1; i < n->nkids; i++) {
            const Node *a = n->kids[i];
            if (!a || !a->nkids) continue;
            bare(c, sc, a->kids[0]);
            want(c, sc, a->kids[0], TY_ATTRIBUTE, TY_NONE, "\"give\" statement");
        }
        return;
    case NODE_MOVE:
        if (n->nkids < 2) return;
        bare(c, sc, n->kids[0]);
        bare(c, sc, n->kids[1]);
        want(c, sc, n->kids[0], TY_OBJECT, TY_NONE, "\"move\" statement");
        want(c, sc, n->kids[1], TY_OBJECT, TY_CLASS, "\"move\" statement");
        return;
    case NODE_REMOVE:
        bare(c, sc, n->kids[0]);
        want(c, sc, n->kids[0], TY_OBJECT, TY_NONE, "\"remove\" statement");
        return;
    case NODE_EXPR_STMT: case NODE_IF: case NODE_WHILE: case NODE_SWITCH:
    case NODE_SPACES:
        bare(c, sc, n->kids[0]);
        return;
    case NODE_DO:
        if (n->nkids > 1) bare(c, sc, n->kids[1]);
        return;
    case NODE_PRINT:
        for (int i = 0; i < n->nkids; i++) bare(c, sc, n->kids[i]);
        return;
    default:
        return;
    }
}

void check_types(Compiler *c, Scope *sc, const Node *n)
{
    switch (n->kind) {
    case NODE_BINOP:
        check_binop(c, sc, n);
        return;
    case NODE_UNARY:
        unqualified(c, sc, n, n->text ? n->text : "-");
        return;
    case NODE_ASSIGN:
        unqualified(c, sc, n, "=");
        return;
    case NODE_PREINC: check_incdec(c, sc, n, "\"++.\" expression"); return;
    case NODE_PREDEC: check_incdec(c, sc, n, "\"--.\" expression"); return;
    case NODE_POSTINC: check_incdec(c, sc, n, "\".++\" expression"); return;
    case NODE_POSTDEC: check_incdec(c, sc, n, "\".--\" expression"); return;
    case NODE_CALL:
        check_call(c, sc, n);
        return;
    case NODE_MESSAGE_CALL:
        if (n->nkids < 2 || !n->text || strcmp(n->text, ".")) return;
        /* `p.q()`: once for the `.`, once for the call of its value */
        for (int i = 0; i < 2 && property_name(c, sc, n->kids[0]); i++)
            diag_warning(&n->kids[0]->loc, "Property name in expression is "
                         "not qualified by object");
        want_metaclass(c, sc, n->kids[0], "\".()\" expression");
        want(c, sc, n->kids[1], TY_PROPERTY, TY_INDIV, "\".()\" expression");
        return;
    default:
        if (n->nkids) check_statement_types(c, sc, n);
        return;
    }
}
