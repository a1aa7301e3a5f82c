/* index.c: the index of a game for its author (--listing), as Markdown.
 *
 * Takes the compiled Program (codegen/program.h: objects with their
 * resolved properties and attributes, the grammar and actions), the IR
 * (routines, the dictionary), the varying strings check read
 * (compiler/varying.h), the target's limits and, when the back end can
 * describe the story it wrote (the debug_story hook, compiler/debugfile.h),
 * its size and sections.  Gives one Markdown page answering an author's
 * questions without reading the story file: the limits dashboard (how
 * much of each limit of the chosen target is used, as a bar), the object
 * tree, the classes and what inherits from each, the grammar (verbs, lines,
 * tokens, actions, meta verbs), the actions with their routines and the
 * verbs that reach them, the varying strings, the routines of the bundled
 * libraries (veneer, text, regex, varying) with the call that first needed
 * each, and the dictionary.  Every entry names its file:line, linked to
 * the source file.  index_html.c renders the page. */
#define _XOPEN_SOURCE 700      /* realpath */
#include "index.h"

#include <stdlib.h>
#include <string.h>

#include "../codegen/program.h"
#include "debugfile.h"
#include "source.h"
#include "varying.h"

typedef struct Ix {
    Compiler *c;
    const Program *p;
    const IrProgram *ir;
    const IndexCalls *calls;
    FILE *out;
    const char *props[PROG_MAX_COMMON + 1];
    const char *attrs[8 * PROG_ATTR_BYTES];
} Ix;

/* ---- pieces ---- */

/* Text for Markdown: the characters it would read as markup escaped. */
static void put_md(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (strchr("\\`*_[]<>|#{}", *s)) fputc('\\', out);
        if (*s == '\n') fputs(" ", out);
        else fputc(*s, out);
    }
}

/* A value as the dumps name it (ir_print_value), escaped. */
static void put_value(Ix *x, IrValue v)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) return;
    ir_print_value(m, x->ir, v);
    fclose(m);
    put_md(x->out, buf);
    free(buf);
}

/* `file:line`, linked to the file: where an entry was written. */
static void put_where(Ix *x, SrcLoc loc)
{
    const SourceFile *f = loc.file ? src_file(x->c->sources, loc.file) : NULL;
    if (!f) return;
    if (f->builtin) {
        fprintf(x->out, " (vinform's `%s`:%u)", f->name, loc.line);
        return;
    }
    char *abs = realpath(f->path, NULL);
    fputs(" ([", x->out);
    put_md(x->out, f->name);
    fprintf(x->out, ":%u](file://%s))", loc.line, abs ? abs : f->path);
    free(abs);
}

static void put_object_name(Ix *x, int k)
{
    const ProgObject *ob = pobj_get(&x->p->objects, k);
    if (!ob) fprintf(x->out, "object %d", k);
    else if (ob->name && !ob->metaclass) put_md(x->out, ob->name);
    else if (ob->short_text) put_md(x->out, ob->short_text);
    else put_value(x, ir_ref(IRR_STRING, (uint32_t)ob->short_string, 0));
}

static const char *indiv_name(const Ix *x, int num)
{
    for (int i = 0; i < x->p->nnames; i++)
        if (x->p->names[i].kind == PN_PROPERTY && x->p->names[i].value == num)
            return x->p->names[i].name;
    return NULL;
}

static int dict_count(const Ix *x);

/* ---- the limits dashboard ---- */

/* One row: what, used, of (0: no fixed limit), and a bar of 20. */
static void limit_row(Ix *x, const char *what, long used, long of,
                      const char *unit)
{
    fprintf(x->out, "| %s | %ld%s | ", what, used, unit);
    if (of <= 0) {
        fputs("no fixed limit | | |\n", x->out);
        return;
    }
    long pct = used * 100 / of;
    int full = (int)(used * 20 / of);
    if (full > 20) full = 20;
    fprintf(x->out, "%ld%s | %ld%s | ", of, unit, of - used, unit);
    for (int i = 0; i < 20; i++) fputs(i < full ? "\u2588" : "\u2591", x->out);
    fprintf(x->out, " %ld%% |\n", pct);
}

static void limits(Ix *x, const DebugStory *s)
{
    const Target *t = x->c->target;
    const Program *p = x->p;
    FILE *out = x->out;
    fprintf(out, "## Limits\n\nHow much of each limit of %s",
            t->machine);
    if (t->version) fprintf(out, " version %d", t->version);
    fputs(" this game uses.\n\n| limit | used | of | left | |\n"
          "| --- | --- | --- | --- | --- |\n", out);
    if (s && s->story_size) {
        long max = t->version == 3 ? 128 * 1024
                 : t->version == 4 || t->version == 5 ? 256 * 1024
                 : t->version >= 6 ? 512 * 1024 : 0;
        limit_row(x, "story size", (long)s->story_size, max, " bytes");
        uint32_t code = 0;
        for (int i = 0; i < s->nsections; i++)
            if (!strcmp(s->sections[i].type, "code area"))
                code = s->sections[i].address;
        if (code && t->version)
            limit_row(x, "readable memory (below the code)", (long)code,
                      64 * 1024, " bytes");
    }
    int objects = 0, classes = 0;
    for (int k = 1; k <= p->objects.nobjs; k++) {
        const ProgObject *ob = pobj_get(&p->objects, k);
        if (ob->metaclass) continue;
        if (ob->is_class) classes++; else objects++;
    }
    long max_objects = t->version == 3 ? 255 : t->version ? 65535 : 0;
    limit_row(x, "objects and classes", p->objects.nobjs, max_objects, "");
    limit_row(x, "attributes", p->nattributes, t->lim.attributes, "");
    int common = 0, indiv = 0;
    for (int i = 0; i < p->nnames; i++) {
        if (p->names[i].kind != PN_PROPERTY) continue;
        if (p->names[i].value <= t->lim.max_common_property) common++;
        else indiv++;
    }
    limit_row(x, "common properties", common, t->lim.max_common_property, "");
    limit_row(x, "individual properties", indiv, 0, "");
    limit_row(x, "global variables", p->nglobals,
              t->lim.max_globals == INT32_MAX ? 0 : t->lim.max_globals, "");
    if (p->grammar) {
        limit_row(x, "verbs", p->grammar->nverbs, t->lim.max_verbs, "");
        limit_row(x, "actions", p->grammar->nactions, t->lim.max_actions, "");
    }
    limit_row(x, "abbreviations", p->nabbreviations, t->version ? 64 : 0, "");
    limit_row(x, "dictionary words", dict_count(x), 0, "");
    limit_row(x, "routines", x->ir->nroutines, 0, "");
    fprintf(out, "\nObjects: %d. Classes: %d.\n\n", objects, classes);
}

/* ---- objects ---- */

static void attributes_of(Ix *x, const ProgObject *ob)
{
    bool any = false;
    for (int a = 0; a < 8 * PROG_ATTR_BYTES; a++) {
        if (!pobj_has_attr(ob, a)) continue;
        fputs(any ? ", " : "  - has: ", x->out);
        if (x->attrs[a]) put_md(x->out, x->attrs[a]);
        else fprintf(x->out, "attribute %d", a);
        any = true;
    }
    if (any) fputc('\n', x->out);
}

static void props_of(Ix *x, const ProgObject *ob)
{
    const ProgPropList *lists[2] = { &ob->common, &ob->indiv };
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->n; i++) {
            const ProgProp *pr = &lists[l]->items[i];
            if (l == 0 && pr->num == PROP_CLASSES) continue;
            const char *name = l == 0 ? x->props[pr->num]
                                      : indiv_name(x, pr->num);
            fputs("  - ", x->out);
            if (name) { fputc('`', x->out); fputs(name, x->out); fputc('`', x->out); }
            else fprintf(x->out, "property %d", pr->num);
            if (pr->private_) fputs(" (private)", x->out);
            fputc(':', x->out);
            for (int k = 0; k < pr->n; k++) {
                fputc(' ', x->out);
                put_value(x, pr->v[k]);
            }
            fputc('\n', x->out);
        }
}

static void classes_of(Ix *x, const ProgObject *ob)
{
    for (int i = 0; i < ob->common.n; i++) {
        const ProgProp *pr = &ob->common.items[i];
        if (pr->num != PROP_CLASSES || !pr->n) continue;
        fputs(" \u2014 class ", x->out);
        for (int k = 0; k < pr->n; k++) {
            if (k) fputs(", ", x->out);
            put_object_name(x, (int)pr->v[k].num);
        }
    }
}

/* An object and, indented, everything inside it. */
static void object_entry(Ix *x, int k, int depth)
{
    const ProgObject *ob = pobj_get(&x->p->objects, k);
    for (int i = 0; i < depth; i++) fputs("    ", x->out);
    fputs("- **", x->out);
    put_object_name(x, k);
    fputs("**", x->out);
    if (ob->short_string >= 0) {
        fputc(' ', x->out);
        put_value(x, ir_ref(IRR_STRING, (uint32_t)ob->short_string, 0));
    }
    classes_of(x, ob);
    put_where(x, ob->loc);
    fputc('\n', x->out);
    char pad[4 * 64 + 1];
    int n = depth < 64 ? depth : 64;
    memset(pad, ' ', (size_t)(4 * n));
    pad[4 * n] = '\0';
    /* attributes and properties one level in */
    FILE *saved = x->out;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m) {
        x->out = m;
        attributes_of(x, ob);
        props_of(x, ob);
        fclose(m);
        x->out = saved;
        for (char *line = buf; line && *line;) {
            char *nl = strchr(line, '\n');
            fprintf(x->out, "%s  %.*s\n", pad, (int)(nl ? nl - line : (long)strlen(line)), line);
            line = nl ? nl + 1 : NULL;
        }
        free(buf);
    }
    for (int ch = ob->child; ch; ch = pobj_get(&x->p->objects, ch)->sibling)
        object_entry(x, ch, depth + 1);
}

static bool in_system_file(const Ix *x, SrcLoc loc)
{
    const SourceFile *f = loc.file ? src_file(x->c->sources, loc.file) : NULL;
    return f && (f->system_file || f->builtin);
}

static void objects(Ix *x)
{
    fputs("## Objects\n\nThe object tree as the game starts: each object "
          "with its short name, classes, where it is defined, its "
          "attributes and its properties (inherited ones included).\n\n",
          x->out);
    /* the game's own first, then the library's (System_file files) */
    for (int pass = 0; pass < 2; pass++) {
        bool heading = false;
        for (int k = 1; k <= x->p->objects.nobjs; k++) {
            const ProgObject *ob = pobj_get(&x->p->objects, k);
            if (ob->metaclass || ob->is_class || ob->parent) continue;
            if (in_system_file(x, ob->loc) != (pass == 1)) continue;
            if (!heading)
                fputs(pass ? "\n### The library's\n\n" : "### The game's\n\n",
                      x->out);
            heading = true;
            object_entry(x, k, 0);
        }
    }
    fputs("\n## Classes\n\n", x->out);
    for (int k = 1; k <= x->p->objects.nobjs; k++) {
        const ProgObject *ob = pobj_get(&x->p->objects, k);
        if (ob->metaclass || !ob->is_class || !ob->name) continue;
        fputs("- **", x->out);
        put_md(x->out, ob->name);
        fputs("**", x->out);
        put_where(x, ob->loc);
        fputs("\n  - inherited by:", x->out);
        bool any = false;
        for (int j = 1; j <= x->p->objects.nobjs; j++) {
            const ProgObject *o2 = pobj_get(&x->p->objects, j);
            for (int i = 0; i < o2->common.n; i++) {
                const ProgProp *pr = &o2->common.items[i];
                if (pr->num != PROP_CLASSES || j == k) continue;
                for (int v = 0; v < pr->n; v++)
                    if (pr->v[v].num == k) {
                        fputs(any ? ", " : " ", x->out);
                        put_object_name(x, j);
                        any = true;
                    }
            }
        }
        if (!any) fputs(" nothing", x->out);
        fputc('\n', x->out);
        attributes_of(x, ob);
        props_of(x, ob);
    }
    fputc('\n', x->out);
}

/* ---- grammar and actions ---- */

static void put_word(Ix *x, const PgWord *w)
{
    fputc('\'', x->out);
    for (int i = 0; i < w->len; i++) {
        uint32_t u = w->units[i];
        if (u & 0xC0000000u) fputc('?', x->out);
        else if (u < 0x80) { char s[2] = { (char)u, 0 }; put_md(x->out, s); }
        else if (u < 0x800) fprintf(x->out, "%c%c", 0xC0 | (u >> 6), 0x80 | (u & 0x3F));
        else fprintf(x->out, "%c%c%c", 0xE0 | (u >> 12), 0x80 | ((u >> 6) & 0x3F), 0x80 | (u & 0x3F));
    }
    fputc('\'', x->out);
}

static const char *const TOKEN_NAMES[] = {
    "noun", "held", "multi", "multiheld", "multiexcept", "multiinside",
    "creature", "special", "number", "topic",
};

static void put_token(Ix *x, const ProgGrammar *g, const PgToken *t)
{
    switch (t->kind) {
    case PGT_PREP: put_word(x, &g->words[t->word]);
        if (t->slash_after) fputs(" /", x->out);
        return;
    case PGT_ATTRIBUTE: fputs(t->name ? t->name : "attribute", x->out); return;
    case PGT_NOUN_ROUTINE: fprintf(x->out, "noun=%s", t->name ? t->name : "?"); return;
    case PGT_SCOPE_ROUTINE: fprintf(x->out, "scope=%s", t->name ? t->name : "?"); return;
    case PGT_ROUTINE: fputs(t->name ? t->name : "routine", x->out); return;
    default:
        if (t->kind < PGT_ELEMENTARY_COUNT) fputs(TOKEN_NAMES[t->kind], x->out);
        return;
    }
}

static void grammar(Ix *x)
{
    const ProgGrammar *g = x->p->grammar;
    if (!g) return;
    FILE *out = x->out;
    fputs("## Grammar\n\nEach verb: the words that lead to it, then its "
          "lines in the order the parser tries them, each with the action "
          "it gives.\n\n", out);
    for (int v = 0; v < g->nverbs; v++) {
        const PgVerb *vb = &g->verbs[v];
        if (!vb->nwords) continue;
        fputs("### ", out);
        bool first = true;
        for (int i = 0; i < g->nverb_words; i++)
            if (g->verb_words[i].verb == v) {
                if (!first) fputc(' ', out);
                put_word(x, &g->words[g->verb_words[i].word]);
                first = false;
            }
        if (vb->meta) fputs(" (meta)", out);
        fputs("\n\n", out);
        fputs("Defined", out);
        put_where(x, vb->loc);
        fputs(".\n\n| line | action | |\n| --- | --- | --- |\n", out);
        for (int i = 0; i < vb->nlines; i++) {
            const PgLine *ln = &g->lines[vb->lines[i]];
            fputs("| \\* ", out);
            for (int k = 0; k < ln->ntokens; k++) {
                put_token(x, g, &ln->tokens[k]);
                fputc(' ', out);
            }
            fputs("| ", out);
            if (ln->action >= 0 && ln->action < g->nactions)
                fprintf(out, "\\#\\#%s", g->actions[ln->action].name);
            if (ln->reverse) fputs(" reverse", out);
            if (ln->meta) fputs(" (meta)", out);
            fputs(" |", out);
            put_where(x, ln->loc);
            fputs(" |\n", out);
        }
        fputc('\n', out);
    }
    fputs("## Actions\n\n| action | number | routine | reached by | |\n"
          "| --- | --- | --- | --- | --- |\n", out);
    for (int a = 0; a < g->nactions; a++) {
        const PgAction *ac = &g->actions[a];
        fprintf(out, "| \\#\\#%s%s | %d | ", ac->name, ac->meta ? " (meta)" : "",
                ac->value);
        if (ac->routine.ref != IRR_NONE) put_value(x, ac->routine);
        fputs(" | ", out);
        bool any = false;
        for (int v = 0; v < g->nverbs; v++) {
            const PgVerb *vb = &g->verbs[v];
            bool reaches = false;
            for (int i = 0; i < vb->nlines && !reaches; i++)
                reaches = g->lines[vb->lines[i]].action == a;
            if (!reaches || !vb->nwords) continue;
            for (int i = 0; i < g->nverb_words; i++)
                if (g->verb_words[i].verb == v) {
                    fputs(any ? ", " : "", out);
                    put_word(x, &g->words[g->verb_words[i].word]);
                    any = true;
                    break;
                }
        }
        fputs(" |", out);
        put_where(x, ac->loc);
        fputs(" |\n", out);
    }
    for (int f = 0; f < g->nfakes; f++)
        fprintf(out, "| \\#\\#%s (fake) | %d | | | |\n", g->fakes[f].name,
                g->lowest_fake + f);
    fputc('\n', out);
}

/* ---- varying strings ---- */

static const char *const METHODS[] = {
    "in sequence, stopping at the last", "at random",
    "at random, never the same twice running", "in a cycle",
};

static void put_seq(Ix *x, const VarySeq *s);

static void put_group(Ix *x, const VaryGroup *gr, int depth)
{
    fputs("\n", x->out);
    for (int i = 0; i < depth; i++) fputs("    ", x->out);
    fprintf(x->out, "- %s, %d alternatives", METHODS[gr->method], gr->nalts);
    put_where(x, gr->loc);
    fputc(':', x->out);
    for (int a = 0; a < gr->nalts; a++) {
        fputc('\n', x->out);
        for (int i = 0; i <= depth; i++) fputs("    ", x->out);
        fputs("- ", x->out);
        if (!gr->alts[a].nparts) fputs("(nothing)", x->out);
        put_seq(x, &gr->alts[a]);
        for (int k = 0; k < gr->alts[a].nparts; k++)
            if (gr->alts[a].parts[k].kind == VARY_GROUP)
                put_group(x, gr->alts[a].parts[k].group, depth + 2);
    }
}

static void put_seq(Ix *x, const VarySeq *s)
{
    for (int k = 0; k < s->nparts; k++) {
        const VaryPart *pt = &s->parts[k];
        if (pt->kind == VARY_TEXT) {
            fputc('"', x->out);
            for (int i = 0; i < pt->nunits; i++) {
                uint32_t u = pt->units[i].value;
                char b[5] = { 0 };
                if (pt->units[i].kind != TU_CHAR) { fputc('@', x->out); continue; }
                if (u == '\n') { fputs("^", x->out); continue; }
                if (u < 0x80) b[0] = (char)u;
                else if (u < 0x800) { b[0] = (char)(0xC0 | (u >> 6)); b[1] = (char)(0x80 | (u & 0x3F)); }
                else { b[0] = (char)(0xE0 | (u >> 12)); b[1] = (char)(0x80 | ((u >> 6) & 0x3F)); b[2] = (char)(0x80 | (u & 0x3F)); }
                put_md(x->out, b);
            }
            fputc('"', x->out);
        } else if (pt->kind == VARY_ITEM) {
            fputs("(item)", x->out);
        } else {
            fputs("{\u2026}", x->out);
        }
        fputc(' ', x->out);
    }
}

static void varying(Ix *x)
{
    int n = varying_nprints(x->c);
    fputs("## Varying strings\n\n", x->out);
    int shown = 0;
    for (int i = 0; i < n; i++) {
        const Node *print;
        const VarySeq *s = varying_nth(x->c, i, &print);
        if (!s) continue;
        for (int k = 0; k < s->nparts; k++)
            if (s->parts[k].kind == VARY_GROUP) {
                put_group(x, s->parts[k].group, 0);
                shown++;
            }
    }
    fputs(shown ? "\n\n" : "None.\n\n", x->out);
}

/* ---- bundled routines, dictionary ---- */

/* A file of vinform's text, regex or varying-string library, read from
 * the include path rather than built in. */
static bool from_library(const SourceFile *f)
{
    if (!f) return false;
    const char *base = strrchr(f->name, '/') ? strrchr(f->name, '/') + 1 : f->name;
    return !strcmp(base, "text.h") || !strcmp(base, "regex.h") ||
           !strcmp(base, "varying.h");
}

static void bundled(Ix *x)
{
    fputs("## Routines from vinform's libraries\n\nThe routines of the "
          "veneer and of the text, regex and varying-string libraries that "
          "this story holds, and the routine that first needed each.\n\n"
          "| routine | from | needed by |\n| --- | --- | --- |\n", x->out);
    int shown = 0;
    for (int id = 0; id < x->ir->nroutines; id++) {
        const IrRoutine *r = x->ir->routines[id];
        if (!r) continue;
        const SourceFile *f = r->loc.file ? src_file(x->c->sources, r->loc.file) : NULL;
        if (!r->is_veneer && !from_library(f)) continue;
        fputs("| ", x->out);
        put_md(x->out, r->name ? r->name : "?");
        fprintf(x->out, " | `%s` | ", f ? f->name : "veneer");
        if (x->calls && id < x->calls->n && x->calls->by[id] >= 0) {
            const IrRoutine *by = x->ir->routines[x->calls->by[id]];
            put_md(x->out, by && by->name ? by->name : "?");
            put_where(x, x->calls->at[id]);
        } else {
            fputs("nothing: the Include compiled it in", x->out);
        }
        fputs(" |\n", x->out);
        shown++;
    }
    if (!shown) fputs("| (none) | | |\n", x->out);
    fputc('\n', x->out);
}

/* A word as UTF-8 text, for sorting and printing. */
static char *word_text(const uint32_t *units, int len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m) abort();
    for (int i = 0; i < len; i++) {
        uint32_t u = units[i];
        if (u & 0xC0000000u) fputc('?', m);
        else if (u < 0x80) fputc((int)u, m);
        else if (u < 0x800) fprintf(m, "%c%c", 0xC0 | (u >> 6), 0x80 | (u & 0x3F));
        else fprintf(m, "%c%c%c", 0xE0 | (u >> 12), 0x80 | ((u >> 6) & 0x3F), 0x80 | (u & 0x3F));
    }
    fclose(m);
    return buf;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every word of the dictionary, the code's and the grammar's, in
 * alphabetical order (a word may come twice: print it once); *distinct
 * counts them.  The caller frees each and the array. */
static char **dict_words(const Ix *x, int *n, int *distinct)
{
    const ProgGrammar *g = x->p->grammar;
    int cap = x->ir->ndict + (g ? g->nwords : 0), m = 0;
    char **words = malloc((size_t)(cap ? cap : 1) * sizeof *words);
    if (!words) abort();
    for (int i = 0; i < x->ir->ndict; i++)
        words[m++] = word_text(x->ir->dict[i].units, x->ir->dict[i].len);
    for (int i = 0; g && i < g->nwords; i++)
        words[m++] = word_text(g->words[i].units, g->words[i].len);
    qsort(words, (size_t)m, sizeof *words, cmp_text);
    *distinct = 0;
    for (int i = 0; i < m; i++)
        if (!i || strcmp(words[i], words[i - 1])) ++*distinct;
    *n = m;
    return words;
}

static int dict_count(const Ix *x)
{
    int m, distinct;
    char **words = dict_words(x, &m, &distinct);
    for (int i = 0; i < m; i++) free(words[i]);
    free(words);
    return distinct;
}

static void dictionary(Ix *x)
{
    int m, distinct;
    char **words = dict_words(x, &m, &distinct);
    fprintf(x->out, "## Dictionary\n\n%d words:", distinct);
    for (int i = 0, k = 0; i < m; i++) {
        if (i && !strcmp(words[i], words[i - 1])) continue;
        fputs(k++ ? ", '" : " '", x->out);
        put_md(x->out, words[i]);
        fputc('\'', x->out);
    }
    for (int i = 0; i < m; i++) free(words[i]);
    free(words);
    fputs(".\n", x->out);
}

bool index_write_md(Compiler *c, const Program *p, const DebugStory *s,
                    const IndexCalls *calls, const char *title, FILE *out)
{
    Ix x = { .c = c, .p = p, .ir = p->ir, .calls = calls, .out = out };
    for (int i = 0; i < p->nnames; i++) {
        const ProgName *m = &p->names[i];
        if (m->kind == PN_PROPERTY && m->value >= 0 &&
            m->value <= PROG_MAX_COMMON && !x.props[m->value])
            x.props[m->value] = m->name;
        else if (m->kind == PN_ATTRIBUTE && m->value >= 0 &&
                 m->value < 8 * PROG_ATTR_BYTES && !x.attrs[m->value])
            x.attrs[m->value] = m->name;
    }
    fputs("# Index of ", out);
    put_md(out, title);
    fputs("\n\nWritten by vinform with the story: what the game holds, "
          "where each thing is defined, and how much room is left.\n\n"
          "Contents: [Limits](#limits), [Objects](#objects), "
          "[Classes](#classes), [Grammar](#grammar), [Actions](#actions), "
          "[Varying strings](#varying-strings), [Routines from vinform's "
          "libraries](#routines-from-vinforms-libraries), "
          "[Dictionary](#dictionary).\n\n", out);
    limits(&x, s);
    objects(&x);
    grammar(&x);
    varying(&x);
    bundled(&x);
    dictionary(&x);
    return !ferror(out);
}
