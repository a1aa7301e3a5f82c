/* zbuild_ids.c: the identifier-names tables (property, attribute,
 * action, fake-action and array names, as inform6's symbol table holds
 * them).
 *
 * Takes the symbol table in order of creation, the `alias` names of
 * Property and Attribute directives, and the program's actions
 * (lower_grammar); gives the zi_ calls and, after code selection, the
 * tables with their name strings.  (Moved out of zbuild_grammar.c
 * unchanged but for the actions; the program layer is to give the
 * identifier names, so that this file reads no AST either.) */
#include "zbuild.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../compiler/declare.h"

/* "Take__A" -> "Take" in buf. */
static const char *action_name(const char *sym, char *buf, size_t len)
{
    size_t n = strlen(sym);
    if (n >= 3 && !strcmp(sym + n - 3, "__A")) n -= 3;
    if (n >= len) n = len - 1;
    memcpy(buf, sym, n);
    buf[n] = 0;
    return buf;
}

/* The names in `Property/Attribute x alias y` directives: both x and y
 * (a few, looked up linearly). */
typedef struct AliasNames {
    const char **names;
    int n, cap;
} AliasNames;

static void add_alias_name(AliasNames *a, const char *name)
{
    if (!name) return;
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->names = xrealloc(a->names, (size_t)a->cap * sizeof *a->names);
    }
    a->names[a->n++] = name;
}

static void alias_names(const ZBuild *b, AliasNames *a)
{
    const Node *prog = b->c->program;
    for (int i = 0; prog && i < prog->nkids; i++) {
        const Node *n = prog->kids[i];
        const Node *alias = NULL;
        if (!n) continue;
        if (n->kind == NODE_PROPERTY && n->nkids > 1) alias = n->kids[1];
        else if (n->kind == NODE_ATTRIBUTE && n->nkids) alias = n->kids[0];
        if (!alias || !alias->text) continue;
        add_alias_name(a, alias->text);
        add_alias_name(a, n->text);
    }
}

static bool is_aliased(const AliasNames *a, const Symbol *s)
{
    for (int i = 0; i < a->n; i++)
        if (!strcasecmp(a->names[i], s->name)) return true;
    return false;
}

static uint32_t id_string(void *ctx, const char *text)
{
    ZBuild *b = ctx;
    if (b->nid_strings == b->id_strings_cap) {
        b->id_strings_cap = b->id_strings_cap ? 2 * b->id_strings_cap : 64;
        b->id_strings = xrealloc(b->id_strings, (size_t)b->id_strings_cap *
                                 sizeof *b->id_strings);
    }
    b->id_strings[b->nid_strings] = xstrdup(text);
    return b->id_strings_base + (uint32_t)b->nid_strings++;
}

void zbd_identifiers(ZBuild *b, ZIdentTables *out)
{
    const ProgGrammar *g = lower_grammar(b->l);
    AliasNames aliases = { 0 };
    alias_names(b, &aliases);
    for (Symbol *s = sym_first(b->c->symbols); s; s = s->order_next) {
        char name[256];
        bool al = (s->kind == SYM_PROPERTY || s->kind == SYM_ATTRIBUTE) &&
                  is_aliased(&aliases, s);
        switch (s->kind) {
        case SYM_PROPERTY:
        case SYM_INDIV_PROPERTY:
            zi_symbol(b->ids, ZI_PROPERTY, (int)s->value, s->name, al);
            break;
        case SYM_ATTRIBUTE:
            zi_symbol(b->ids, ZI_ATTRIBUTE, (int)s->value, s->name, al);
            break;
        case SYM_ACTION:
            if (s->ir_id >= 0 && s->ir_id < g->nactions &&
                g->actions[s->ir_id].sym == s)
                zi_symbol(b->ids, ZI_ACTION, s->ir_id,
                          action_name(s->name, name, sizeof name), false);
            break;
        case SYM_FAKE_ACTION:
            if (s->ir_id >= IR_FAKE_ACTION_BASE &&
                s->ir_id - IR_FAKE_ACTION_BASE < g->nfakes)
                zi_symbol(b->ids, ZI_FAKE_ACTION,
                          progg_action_value(g, (uint32_t)s->ir_id),
                          action_name(s->name, name, sizeof name), false);
            break;
        default: break;
        }
    }
    free(aliases.names);
    b->id_strings_base = (uint32_t)b->ir->nstrings;
    zi_write(b->ids, b->c->declare->next_individual_property, b->acts,
             id_string, b, out);
}
