/* zbuild_objects.c: Property, Object (and Nearby, class instances) and
 * Class directives into the object table writer (objects.h).
 *
 * Takes the directive nodes in source order; gives zo_ calls: property
 * defaults and additive flags, then per object its short name (Z-encoded
 * here), parent (from the `->` arrows or the parent expression), the
 * classes, attributes and property values of its segments in source
 * order, and for `Class C(n)` the n+1 spare instances C_1 ... */
#include "zbuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void zbd_property(ZBuild *b, const Node *n)
{
    bool alias = n->nkids > 1 && n->kids[1];
    if (alias || (n->num & PROPF_INDIVIDUAL)) return;
    Symbol *s = sym_lookup(b->c->symbols, n->text);
    if (!s || s->kind != SYM_PROPERTY) return;
    int prop = (int)s->value;
    if (n->num & PROPF_ADDITIVE) zo_prop_additive(b->objs, prop);
    ZOperand v;
    if (n->nkids && n->kids[0] && zbd_value(b, n->kids[0], &v))
        zo_prop_default(b->objs, prop, v);
}

/* ---- short names ---- */

static void encode_text(ZBuild *b, const char *text, ZBuf *out)
{
    size_t n = strlen(text);
    uint32_t *u = xmalloc((n + 1) * sizeof *u);
    for (size_t i = 0; i < n; i++) u[i] = (unsigned char)text[i];
    zt_encode(&b->zt, u, n, 0, out, NULL);
    free(u);
}

/* The quoted name; else "(Name)", or "(N)" for an object with no name,
 * as inform6 makes them.  A class is called by its name. */
static void short_name(ZBuild *b, const Node *n, int number, ZBuf *out)
{
    const Node *q = n->kind == NODE_OBJECT && n->nkids > 1 ? n->kids[1] : NULL;
    if (q && q->kind == NODE_STRING) {
        const IrString *s = zbd_string(b, q);
        ZTextErr err = { 0 };
        if (s) zt_encode(&b->zt, s->units, (size_t)s->len, 0, out, &err);
        if (err.kind == ZTE_NO_ZSCII) {
            diag_error(&q->loc, "this name holds a character that the "
                       "story's character set does not have (U+%04X); "
                       "declare it with 'Zcharacter table'",
                       (unsigned)err.unit);
            b->errors++;
        }
        return;
    }
    char buf[64];
    const char *text = buf;
    if (n->kind == NODE_CLASS) text = n->text;
    else if (n->text) {
        size_t len = strlen(n->text) + 3;
        char *t = xmalloc(len);
        snprintf(t, len, "(%s)", n->text);
        encode_text(b, t, out);
        free(t);
        return;
    } else snprintf(buf, sizeof buf, "(%d)", number);
    encode_text(b, text ? text : "", out);
}

/* ---- segments ---- */

static void report_zo(ZBuild *b, const SrcLoc *loc)
{
    zbd_report(b, loc, zo_error(b->objs), zo_error_is_warning(b->objs));
}

static void inherit(ZBuild *b, const Node *name)
{
    Symbol *s = sym_lookup(b->c->symbols, name->text);
    if (!s || s->kind != SYM_CLASS) return;      /* declare reported it */
    if (!zo_inherit(b->objs, zbd_object_of(b, s))) report_zo(b, &name->loc);
}

/* A `name` item is a dictionary word, even in double quotes. */
static bool name_word(ZBuild *b, const Node *item, ZOperand *out)
{
    int id = lower_dict_word(b->l, item);
    if (id < 0) {
        b->errors++;
        return false;
    }
    *out = zm_reloc(ZR_DICT, (uint32_t)zbd_dict_word(b, id), 0);
    return true;
}

static void prop_def(ZBuild *b, const Node *p, bool private_)
{
    Symbol *s = p->text ? sym_lookup(b->c->symbols, p->text) : NULL;
    if (!s || (s->kind != SYM_PROPERTY && s->kind != SYM_INDIV_PROPERTY))
        return;                                  /* declare reported it */
    bool common = s->kind == SYM_PROPERTY;
    int id = (int)s->value;
    ZOperand stack[ZO_MAX_VALUES + 1];
    ZOperand *vals = p->nkids <= ZO_MAX_VALUES + 1
        ? stack : xmalloc((size_t)p->nkids * sizeof *vals);
    int n = 0;
    for (int i = 0; i < p->nkids; i++) {
        const Node *item = p->kids[i];
        if (!item) continue;
        bool word = common && id == ZO_PROP_NAME &&
                    (item->kind == NODE_DICT_WORD || item->kind == NODE_STRING);
        if (word ? name_word(b, item, &vals[n]) : zbd_value(b, item, &vals[n]))
            n++;
    }
    bool ok = common ? zo_prop(b->objs, id, vals, n)
                     : zo_indiv(b->objs, id, private_, vals, n);
    if (!ok || zo_error(b->objs)) report_zo(b, &p->loc);
    if (vals != stack) free(vals);
}

static void attributes(ZBuild *b, const Node *seg)
{
    for (int i = 0; i < seg->nkids; i++) {
        const Node *a = seg->kids[i];
        Symbol *s = a && a->text ? sym_lookup(b->c->symbols, a->text) : NULL;
        if (!s || s->kind != SYM_ATTRIBUTE) continue;
        if (!zo_attr(b->objs, (int)s->value, a->num == 0))
            report_zo(b, &a->loc);
    }
}

static void segments(ZBuild *b, const Node *n)
{
    for (int i = 3; i < n->nkids; i++) {
        const Node *seg = n->kids[i];
        if (!seg) continue;
        switch (seg->kind) {
        case NODE_WITH:
        case NODE_PRIVATE:
            for (int k = 0; k < seg->nkids; k++)
                if (seg->kids[k])
                    prop_def(b, seg->kids[k], seg->kind == NODE_PRIVATE);
            break;
        case NODE_HAS: attributes(b, seg); break;
        case NODE_CLASSES:
            for (int k = 0; k < seg->nkids; k++)
                if (seg->kids[k]) inherit(b, seg->kids[k]);
            break;
        default: break;
        }
    }
}

/* ---- objects and classes ---- */

/* The object lowering numbered this directive must be the one the table
 * writer made: the two count alike, or every reference is wrong. */
static void check_number(ZBuild *b, const Node *n, int want, int got)
{
    if (got >= 0 && want > 0 && got != want)
        ICE("object %s is number %d in the table but %d in the code",
            n->text ? n->text : "(anonymous)", got, want);
}

/* An object's level in the `->` tree: its arrows, or one more than its
 * parent's when the parent is named (inform6), else 0. */
static int level_of(const ZBuild *b, int object)
{
    return object >= 0 && object < b->nlevels ? b->levels[object] : 0;
}

static void nest(ZBuild *b, int depth, int number)
{
    if (depth >= b->nest_cap) {
        int cap = b->nest_cap ? 2 * b->nest_cap : 16;
        while (cap <= depth) cap *= 2;
        b->nest = xrealloc(b->nest, (size_t)cap * sizeof *b->nest);
        for (int i = b->nest_cap; i < cap; i++) b->nest[i] = 0;
        b->nest_cap = cap;
    }
    /* Deeper levels stay: `-> -> ->` takes the most recent object ever
     * declared at depth 2 (inform6). */
    b->nest[depth] = number;
    if (depth + 1 > b->nest_len) b->nest_len = depth + 1;
    if (number >= b->nlevels) {
        int n = number + 64;
        b->levels = xrealloc(b->levels, (size_t)n * sizeof *b->levels);
        for (int i = b->nlevels; i < n; i++) b->levels[i] = 0;
        b->nlevels = n;
    }
    if (number >= 0) b->levels[number] = depth;
}

static int parent_of(ZBuild *b, const Node *n, int *depth)
{
    int arrows = (int)n->num;
    *depth = arrows;
    if (arrows > 0)
        return arrows <= b->nest_len ? b->nest[arrows - 1] : 0;
    const Node *p = n->nkids > 2 ? n->kids[2] : NULL;
    IrValue v;
    int32_t num;
    if (!p || !lower_value(b->l, p, &v)) return 0;
    if (!zbd_number(b, v, &num) || num < 0) {
        zbd_report(b, &p->loc, "the parent must be an object", false);
        return 0;
    }
    *depth = level_of(b, num) + 1;
    return num;
}

void zbd_object(ZBuild *b, const Node *n)
{
    int number = lower_object_number(b->l, n), depth;
    int parent = parent_of(b, n, &depth);
    nest(b, depth, number);
    ZBuf name = { 0 };
    short_name(b, n, number, &name);
    zo_begin(b->objs, false, name.data, name.len, parent);
    zb_free(&name);
    if (n->nkids && n->kids[0]) inherit(b, n->kids[0]);
    segments(b, n);
    int got = zo_end(b->objs);
    if (got < 0) report_zo(b, &n->loc);
    check_number(b, n, number, got);
}

/* `Class C(n)`: n+1 spare instances for C.create(), children of C. */
static void duplicates(ZBuild *b, const Node *n, int cls)
{
    IrValue v;
    int32_t count;
    if (!n->kids[0] || !lower_value(b->l, n->kids[0], &v)) return;
    if (!zbd_number(b, v, &count) || count < 0 || count > 0x7FFF) {
        zbd_report(b, &n->kids[0]->loc, "the number of spare objects must "
                   "be a number from 0 to 32767", false);
        return;
    }
    size_t len = strlen(n->text) + 16;
    char *text = xmalloc(len);
    for (int32_t k = 1; k <= count + 1; k++) {
        snprintf(text, len, "%s_%d", n->text, (int)k);
        ZBuf name = { 0 };
        encode_text(b, text, &name);
        zo_begin(b->objs, false, name.data, name.len, cls);
        zb_free(&name);
        zo_inherit(b->objs, cls);
        if (zo_end(b->objs) < 0) report_zo(b, &n->loc);
    }
    free(text);
}

void zbd_class(ZBuild *b, const Node *n)
{
    int number = lower_object_number(b->l, n);
    ZBuf name = { 0 };
    short_name(b, n, number, &name);
    zo_begin(b->objs, true, name.data, name.len, 0);
    zb_free(&name);
    segments(b, n);
    int got = zo_end(b->objs);
    if (got < 0) report_zo(b, &n->loc);
    check_number(b, n, number, got);
    if (n->nkids && got > 0) duplicates(b, n, got);
}
