/* declare_objects.c: Object, Class and class-instance directives: their
 * names, their place in the `->` tree (decided here once, in source
 * order, as inform6 does; the program builder reads it: DeclObject), and
 * the names their segments use (properties in `with`/`private`,
 * attributes in `has`, classes in `class`), which must be known at this
 * point in the source as inform6 requires. */
#include "declare.h"

#include <string.h>
#include <strings.h>

static void declare_prop_defs(Compiler *c, const Node *seg, bool private_seg,
                              const Node **seen, Symbol **seen_sym,
                              int *nseen)
{
    for (int i = 0; i < seg->nkids; i++) {
        const Node *p = seg->kids[i];
        if (!p || !p->text) continue;
        Symbol *s = sym_lookup(c->symbols, p->text);
        if (!s || s->kind == SYM_UNDEFINED) {
            s = decl_define(c, p->text, SYM_INDIV_PROPERTY, p->loc, NULL);
            if (!s) continue;
            s->value = c->declare->next_individual_property++;
            s->flags |= SYMF_VALUE_KNOWN | SYMF_USED;
        } else if (s->kind != SYM_PROPERTY && s->kind != SYM_INDIV_PROPERTY) {
            diag_error(&p->loc, "'%s' is %s %s %s, not a property", p->text,
                       decl_a_kind(s->kind), sym_kind_name(s->kind),
                       decl_where(c, s));
            continue;
        }
        s->flags |= SYMF_USED;
        if (private_seg && s->kind == SYM_PROPERTY)
            diag_error(&p->loc, "'%s' is a common property and cannot be "
                       "private; only individual properties can", p->text);
        for (int j = 0; j < *nseen; j++) {
            Symbol *o = seen_sym[j];    /* sym_lookup(seen[j]->text) */
            if (!o || o->kind != s->kind || o->value != s->value) continue;
            if (o == s)
                diag_error(&p->loc, "property '%s' is given twice in this "
                           "object (first at line %u)", p->text,
                           seen[j]->loc.line);
            else
                diag_error(&p->loc, "'%s' is an alias of '%s', which this "
                           "object already gives (at line %u); a property "
                           "can be given only once", p->text, seen[j]->text,
                           seen[j]->loc.line);
            break;
        }
        if (*nseen < 512) {
            seen_sym[*nseen] = s;
            seen[(*nseen)++] = p;
        }
    }
}

static void check_attributes(Compiler *c, const Node *seg)
{
    for (int i = 0; i < seg->nkids; i++) {
        const Node *a = seg->kids[i];
        Symbol *s = sym_lookup(c->symbols, a->text);
        if (!s || s->kind != SYM_ATTRIBUTE)
            diag_error(&a->loc, "'%s' is not an attribute defined before "
                       "this point", a->text);
        else
            s->flags |= SYMF_USED;
    }
}

static void check_classes(Compiler *c, const Node *seg)
{
    for (int i = 0; i < seg->nkids; i++) {
        const Node *k = seg->kids[i];
        Symbol *s = sym_lookup(c->symbols, k->text);
        if (!s || s->kind != SYM_CLASS)
            diag_error(&k->loc, "'%s' is not a class defined before this "
                       "point", k->text);
        else
            s->flags |= SYMF_USED;
    }
}

static void declare_segments(Compiler *c, Node *n)
{
    const Node *seen[512];
    Symbol *seen_sym[512];      /* the property symbol of each */
    int nseen = 0;
    for (int i = 3; i < n->nkids; i++) {
        const Node *seg = n->kids[i];
        if (!seg) continue;
        switch (seg->kind) {
        case NODE_WITH:
            declare_prop_defs(c, seg, false, seen, seen_sym, &nseen);
            break;
        case NODE_PRIVATE:
            declare_prop_defs(c, seg, true, seen, seen_sym, &nseen);
            break;
        case NODE_HAS: check_attributes(c, seg); break;
        case NODE_CLASSES: check_classes(c, seg); break;
        default: break;
        }
    }
}

/* ---- the `->` tree ---- */

static uint32_t node_hash(const Node *n)
{
    uint64_t h = (uintptr_t)n;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15u;
    return (uint32_t)(h >> 32);
}

int decl_object_entry(const Compiler *c, const Node *n)
{
    const Declare *d = c->declare;
    for (HmProbe p = hm_probe(node_hash(n)); hm_next(&d->object_of, &p);)
        if (d->objects[p.index].node == n) return (int)p.index;
    return -1;
}

/* Entry `e` is the last object at `depth`.  Deeper levels are kept:
 * inform6 gives `-> -> ->` the most recent object ever declared at depth
 * 2, even after shallower ones. */
static void nest(Compiler *c, int e, int depth)
{
    Declare *d = c->declare;
    VEC_RESERVE(&c->arena, d->nest, d->nest_len, d->nest_cap, depth + 1);
    d->nest[depth] = e;
    if (depth + 1 > d->nest_len) d->nest_len = depth + 1;
}

/* The depth of an object given its parent by name: one more than the
 * parent's (a class, or a parent that is not a name, stands at 0). */
static int named_depth(Compiler *c, const Symbol *s)
{
    int e = s && s->kind == SYM_OBJECT && s->decl
        ? decl_object_entry(c, s->decl) : -1;
    return e >= 0 ? c->declare->objects[e].depth + 1 : 1;
}

static void check_parent(Compiler *c, Node *n)
{
    Declare *d = c->declare;
    int arrows = (int)n->num;
    const Node *parent = n->nkids > 2 ? n->kids[2] : NULL;
    DeclObject o = { n, -1, arrows };
    if (arrows && parent) {
        diag_error(&parent->loc, "an object placed with '->' cannot also "
                   "name a parent; use one or the other");
    } else if (arrows > d->nest_len) {
        diag_error(&n->loc, "this object has %d '->' arrow%s, but no object "
                   "before it is at depth %d", arrows, arrows == 1 ? "" : "s",
                   arrows - 1);
    } else if (arrows) {
        o.parent = d->nest[arrows - 1];
    } else if (parent) {
        Symbol *s = parent->kind == NODE_NAME
            ? sym_lookup(c->symbols, parent->text) : NULL;
        if (parent->kind == NODE_NAME &&
            (!s || (s->kind != SYM_OBJECT && s->kind != SYM_CLASS)))
            diag_error(&parent->loc, "'%s' is not an object defined before "
                       "this point, so it cannot be the parent", parent->text);
        else if (s)
            s->flags |= SYMF_USED;
        o.depth = named_depth(c, s);
    }
    VEC_PUSH(&c->arena, d->objects, d->nobjects, d->objects_cap, o);
    hm_add(&d->object_of, node_hash(n), (uint32_t)(d->nobjects - 1));
    nest(c, d->nobjects - 1, o.depth);
}

void decl_object(Compiler *c, Node *n)
{
    const Node *cls = n->nkids ? n->kids[0] : NULL;
    if (cls) {
        Symbol *s = sym_lookup(c->symbols, cls->text);
        if (!s || s->kind != SYM_CLASS)
            diag_error(&cls->loc, "'%s' is not a class, so it cannot begin "
                       "an object definition", cls->text);
        else
            s->flags |= SYMF_USED;
    }
    if (n->text) decl_define(c, n->text, SYM_OBJECT, n->loc, n);
    check_parent(c, n);
    declare_segments(c, n);
}

void decl_class(Compiler *c, Node *n)
{
    decl_define(c, n->text, SYM_CLASS, n->loc, n);
    declare_segments(c, n);
}
