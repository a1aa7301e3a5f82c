/* check_code.c: walks every directive's expressions and every routine's
 * statements for check.c, knowing which children are names in use and
 * which are not (a property being defined, a label, a print rule word). */
#include "check.h"

#include <string.h>
#include <strings.h>

#include "declare.h"

static void check_values(Compiler *c, const Node *n, int from)
{
    for (int i = from; i < n->nkids; i++) check_tree(c, NULL, n->kids[i]);
}

static void check_prop_values(Compiler *c, const Node *seg)
{
    for (int i = 0; i < seg->nkids; i++) {
        const Node *p = seg->kids[i];
        for (int j = 0; p && j < p->nkids; j++) {
            const Node *v = p->kids[j];
            if (!v) continue;
            if (v->kind == NODE_EMBEDDED_ROUTINE)
                check_routine_body(c, v->nkids > 0 ? v->kids[0] : NULL,
                                   v->nkids > 1 ? v->kids[1] : NULL, false);
            else
                check_tree(c, NULL, v);
        }
    }
}

static void check_object(Compiler *c, const Node *n)
{
    if (n->kind == NODE_CLASS && n->nkids && n->kids[0])
        check_tree(c, NULL, n->kids[0]);
    if (n->nkids > 2 && n->kids[2]) check_tree(c, NULL, n->kids[2]);
    for (int i = 3; i < n->nkids; i++) {
        const Node *seg = n->kids[i];
        if (seg && (seg->kind == NODE_WITH || seg->kind == NODE_PRIVATE))
            check_prop_values(c, seg);
    }
}

/* A grammar token naming an attribute (an object filter) or a routine. */
static void check_grammar_name(Compiler *c, const Node *t, bool routine_only)
{
    Symbol *s = sym_lookup(c->symbols, t->text);
    if (s && (s->kind == SYM_ROUTINE ||
              (!routine_only && s->kind == SYM_ATTRIBUTE))) {
        s->flags |= SYMF_USED;
        return;
    }
    diag_error(&t->loc, routine_only
               ? "'%s' is not a routine, so it cannot be used here"
               : "'%s' is neither an attribute nor a routine, so it cannot "
                 "be a grammar token", t->text);
}

static void check_grammar(Compiler *c, const Node *n)
{
    for (int i = 1; i < n->nkids; i++) {
        const Node *line = n->kids[i];
        if (!line || line->kind != NODE_GRAMMAR_LINE) continue;
        for (int j = 0; j < line->nkids; j++) {
            const Node *t = line->kids[j];
            if (!t) continue;
            if (t->kind == NODE_GT_ATTRIBUTE_OR_ROUTINE)
                check_grammar_name(c, t, false);
            else if (t->kind == NODE_GT_NOUN_ROUTINE || t->kind == NODE_GT_SCOPE)
                check_grammar_name(c, t, true);
        }
    }
}

void check_directive(Compiler *c, const Node *n)
{
    if (!n) return;
    switch (n->kind) {
    case NODE_ROUTINE:
        if (n->num & ROUTINE_SKIPPED) return;
        check_routine_body(c, n->nkids > 0 ? n->kids[0] : NULL,
                           n->nkids > 1 ? n->kids[1] : NULL,
                           decl_in_system_file(c, n->loc));
        return;
    case NODE_OBJECT:
    case NODE_CLASS:
        check_object(c, n);
        return;
    case NODE_CONSTANT:
    case NODE_DEFAULT:
    case NODE_GLOBAL:
    case NODE_ARRAY:
    case NODE_RELEASE:
    case NODE_VERSION:
        check_values(c, n, 0);
        return;
    case NODE_PROPERTY:
        if (n->nkids && n->kids[0]) check_tree(c, NULL, n->kids[0]);
        return;
    case NODE_VERB:
    case NODE_EXTEND:
        check_grammar(c, n);
        return;
    default:
        return;
    }
}

/* Children that are not uses of names. */
static bool is_leaf(const Node *n)
{
    switch (n->kind) {
    case NODE_STRING:
    case NODE_DICT_WORD:
    case NODE_CHAR_LIT:
    case NODE_NUMBER:
        return true;
    default:
        return false;
    }
}

void check_tree(Compiler *c, Scope *sc, const Node *n)
{
    if (!n || is_leaf(n)) return;
    switch (n->kind) {
    case NODE_NAME:
        check_name(c, sc, n);
        return;
    case NODE_SYSCONST:
        check_sysconst(c, n);
        return;
    case NODE_ACTION_REF:
        check_action_ref(c, n);
        return;
    case NODE_EMBEDDED_ROUTINE:
        check_routine_body(c, n->nkids > 0 ? n->kids[0] : NULL,
                           n->nkids > 1 ? n->kids[1] : NULL, false);
        return;
    default:
        break;
    }
    for (int i = 0; i < n->nkids; i++) check_tree(c, sc, n->kids[i]);
}

void check_labels(Compiler *c, const Node *body)
{
    (void)c;
    (void)body;
}
