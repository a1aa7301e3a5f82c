/* program_dump.c: the Program as text (program_dump), for
 * --dump-program and its golden tests: names, never numbers a reader
 * would have to look up (but each object's own number, beside its name).
 *
 * Takes a built Program; gives lines in Inform's own words, values as
 * the IR dump writes them (ir_print_value: routines, objects and arrays
 * by name, strings quoted, dictionary words 'w', actions ##A):
 *
 *     property additive before
 *     property weight 5
 *     class Box (5)
 *       with weight 10, before 1 2
 *       has open container
 *     object chest (12) "chest"
 *       in room
 *       class Box
 *       with name 'chest' 'box', weight 20, before 1 2
 *       private secret 4
 *     array words --> 'crate' 'box'
 *     global score = 0
 *
 * then the text directives, the header's fields and the grammar
 * (progg_dump). */
#include "program.h"

#include <stdlib.h>
#include <string.h>

typedef struct Names {
    const char *props[PROG_MAX_COMMON + 1];   /* common properties */
    const char *attrs[8 * PROG_ATTR_BYTES];
} Names;

static void names_of(const Program *p, Names *n)
{
    memset(n, 0, sizeof *n);
    for (int i = 0; i < p->nnames; i++) {
        const ProgName *m = &p->names[i];
        if (m->kind == PN_PROPERTY && m->value >= 0 &&
            m->value <= PROG_MAX_COMMON && !n->props[m->value])
            n->props[m->value] = m->name;
        else if (m->kind == PN_ATTRIBUTE && m->value >= 0 &&
                 m->value < 8 * PROG_ATTR_BYTES && !n->attrs[m->value])
            n->attrs[m->value] = m->name;
    }
}

/* An individual property's name (a few hundred at most: looked up). */
static const char *indiv_name(const Program *p, int num)
{
    for (int i = 0; i < p->nnames; i++)
        if (p->names[i].kind == PN_PROPERTY && p->names[i].value == num)
            return p->names[i].name;
    return NULL;
}

static void put_string(FILE *out, const Program *p, int id)
{
    if (id >= 0) ir_print_value(out, p->ir, ir_ref(IRR_STRING, (uint32_t)id, 0));
    else fputs("(none)", out);
}

/* An object as a definition names it: its identifier, else its short
 * name. */
static void put_object(FILE *out, const Program *p, int k)
{
    const ProgObject *ob = pobj_get(&p->objects, k);
    if (!ob) fprintf(out, "object#%d", k);
    else if (ob->name && !ob->metaclass) fputs(ob->name, out);
    else if (ob->short_text) fputs(ob->short_text, out);
    else put_string(out, p, ob->short_string);
}

static void put_values(FILE *out, const Program *p, const ProgProp *pr)
{
    for (int i = 0; i < pr->n; i++) {
        fputc(' ', out);
        ir_print_value(out, p->ir, pr->v[i]);
    }
}

/* The classes an object belongs to (property 2, object numbers). */
static void put_classes(FILE *out, const Program *p, const ProgProp *pr)
{
    fputs("  class", out);
    for (int i = 0; i < pr->n; i++) {
        fputc(' ', out);
        put_object(out, p, (int)pr->v[i].num);
    }
    fputc('\n', out);
}

/* The classes (property 2) first, then the common and individual
 * properties, own and inherited, in the order they were gathered. */
static void put_props(FILE *out, const Program *p, const Names *n,
                      const ProgObject *ob)
{
    for (int i = 0; i < ob->common.n; i++)
        if (ob->common.items[i].num == PROP_CLASSES)
            put_classes(out, p, &ob->common.items[i]);
    for (int i = 0; i < ob->common.n; i++) {
        const ProgProp *pr = &ob->common.items[i];
        if (pr->num == PROP_CLASSES) continue;
        const char *name = n->props[pr->num];
        if (name) fprintf(out, "  with %s", name);
        else fprintf(out, "  with property#%d", pr->num);
        put_values(out, p, pr);
        fputc('\n', out);
    }
    for (int i = 0; i < ob->indiv.n; i++) {
        const ProgProp *pr = &ob->indiv.items[i];
        const char *name = indiv_name(p, pr->num);
        fprintf(out, "  %s ", pr->private_ ? "private" : "with");
        if (name) fputs(name, out);
        else fprintf(out, "property#%d", pr->num);
        put_values(out, p, pr);
        fputc('\n', out);
    }
}

static void put_attrs(FILE *out, const Names *n, const ProgObject *ob)
{
    bool any = false;
    for (int a = 0; a < 8 * PROG_ATTR_BYTES; a++) {
        if (!pobj_has_attr(ob, a)) continue;
        fputs(any ? " " : "  has ", out);
        if (n->attrs[a]) fputs(n->attrs[a], out);
        else fprintf(out, "attribute#%d", a);
        any = true;
    }
    if (any) fputc('\n', out);
}

static void put_tree(FILE *out, const Program *p, const ProgObject *ob)
{
    if (ob->parent) {
        fputs("  in ", out);
        put_object(out, p, ob->parent);
        fputc('\n', out);
    }
    if (!ob->child) return;
    fputs("  children", out);
    for (int c = ob->child; c; ) {
        fputc(' ', out);
        put_object(out, p, c);
        const ProgObject *k = pobj_get(&p->objects, c);
        c = k ? k->sibling : 0;
    }
    fputc('\n', out);
}

static void put_objects(FILE *out, const Program *p, const Names *n)
{
    const ProgObjects *o = &p->objects;
    for (int prop = 1; prop <= PROG_MAX_COMMON; prop++) {
        bool def = o->defaults[prop].ref != IRR_NONE || o->defaults[prop].num;
        if (!def && !(o->additive[prop] && prop > PROP_CLASSES)) continue;
        fprintf(out, "property%s %s", o->additive[prop] ? " additive" : "",
                n->props[prop] ? n->props[prop] : "?");
        if (def) {
            fputc(' ', out);
            ir_print_value(out, p->ir, o->defaults[prop]);
        }
        fputc('\n', out);
    }
    for (int k = 1; k <= o->nobjs; k++) {
        const ProgObject *ob = pobj_get(o, k);
        fputs(ob->is_class ? "class " : "object ", out);
        put_object(out, p, k);
        fprintf(out, " (%d)", k);
        if (!ob->is_class && ob->short_string >= 0) {
            fputc(' ', out);
            put_string(out, p, ob->short_string);
        } else if (!ob->is_class && ob->name && ob->short_text) {
            fprintf(out, " \"%s\"", ob->short_text);
        }
        fputc('\n', out);
        put_tree(out, p, ob);
        put_attrs(out, n, ob);
        put_props(out, p, n, ob);
    }
}

static void put_array(FILE *out, const Program *p, const ProgArray *a)
{
    static const char *const kinds[] = { "->", "-->", "string", "table",
                                         "buffer" };
    fprintf(out, "array %s%s %s", a->name ? a->name : "?",
            a->is_static ? " static" : "", kinds[a->kind]);
    switch (a->body) {
    case PAB_SIZE: fprintf(out, " %d", (int)a->size); break;
    case PAB_TEXT:
        fputc(' ', out);
        ir_print_value(out, &(IrProgram){ .strings = &(IrString){
            .units = (uint32_t *)a->text, .len = a->ntext }, .nstrings = 1 },
            ir_ref(IRR_STRING, 0, 0));
        break;
    case PAB_VALUES:
        for (int i = 0; i < a->nvalues; i++) {
            fputc(' ', out);
            if (a->ok[i]) ir_print_value(out, p->ir, a->values[i]);
            else fputs("(error)", out);
        }
        break;
    default: break;
    }
    fputc('\n', out);
}

static void put_data(FILE *out, const Program *p)
{
    for (int i = 0; i < p->narrays; i++) put_array(out, p, &p->arrays[i]);
    for (int i = 0; i < p->nglobals; i++) {
        const ProgGlobal *g = &p->globals[i];
        if (!g->name) continue;           /* the compiler's own */
        fprintf(out, "global %s", g->name);
        if (g->has_value) {
            fputs(" = ", out);
            ir_print_value(out, p->ir, g->value);
        }
        fputc('\n', out);
    }
}

static void put_charset(FILE *out, const Program *p, const ProgCharset *cs)
{
    static const char *const forms[] = { "", "", " table", " table +",
                                         " terminating" };
    fprintf(out, "zcharacter%s", forms[cs->form]);
    if (cs->form == PC_ALPHABETS)
        for (int i = 0; i < 3; i++) {
            fputc(' ', out);
            put_string(out, p, cs->strings[i]);
        }
    for (int i = 0; i < cs->nvalues; i++) {
        fputc(' ', out);
        ir_print_value(out, p->ir, cs->values[i]);
    }
    fputc('\n', out);
}

static void put_text(FILE *out, const Program *p)
{
    for (int i = 0; i < p->nabbreviations; i++) {
        fputs("abbreviate ", out);
        put_string(out, p, p->abbreviations[i].string);
        fputc('\n', out);
    }
    for (int i = 0; i < p->nlowstrings; i++) {
        fprintf(out, "lowstring %s ", p->lowstrings[i].name
                                      ? p->lowstrings[i].name : "?");
        put_string(out, p, p->lowstrings[i].string);
        fputc('\n', out);
    }
    for (int i = 0; i < p->ncharsets; i++) put_charset(out, p, &p->charsets[i]);
    for (int i = 0; i < p->ndictionary; i++) {
        const ProgDictEntry *e = &p->dictionary[i];
        fputs("dictionary '", out);
        for (int k = 0; k < e->word.n; k++) {
            uint32_t u = e->word.units[k];
            if (u >= 0x20 && u < 0x7F && u != '\'') fputc((int)u, out);
            else fprintf(out, "@{%X}", (unsigned)(u & 0xFFFF));
        }
        fprintf(out, "%s%s' %d %d\n", e->word.flags[0] ? "//" : "",
                e->word.flags, (int)e->par1, (int)e->par3);
    }
    if (p->has_release) {
        fputs("release ", out);
        ir_print_value(out, p->ir, p->release);
        fputc('\n', out);
    }
    if (p->has_serial) fprintf(out, "serial \"%s\"\n", p->serial);
    if (p->statusline_time) fputs("statusline time\n", out);
}

void program_dump(FILE *out, const Program *p)
{
    Names *n = xmalloc(sizeof *n);
    names_of(p, n);
    put_objects(out, p, n);
    put_data(out, p);
    put_text(out, p);
    if (p->grammar) progg_dump(out, p->grammar);
    if (p->ir->main_routine >= 0)
        fprintf(out, "main %s\n", p->ir->routines[p->ir->main_routine]->name);
    free(n);
}
