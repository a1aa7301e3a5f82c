/* traces.c: the trace listings inform6 prints once the story is made
 * ($!PROPS, $!VERBS, $!ACTIONS, $!OBJECTS), in its format; see traces.h.
 *
 * Takes the Program (grammar, actions, objects) and the back end's
 * DebugStory (a routine's value as the story calls it, for the grammar's
 * noun=, scope= and parsing routines); gives text on standard output. */
#include "traces.h"

#include <ctype.h>
#include <string.h>

#include "../codegen/program.h"
#include "debugfile.h"
#include "source.h"
#include "symbols.h"
#include "text.h"

/* A word as inform6 prints it from the dictionary: lower case, cut to
 * the dictionary's length (`cut` 0: whole). */
static void put_word(FILE *out, const PgWord *w, int cut)
{
    for (int i = 0; i < w->len && (!cut || i < cut); i++) {
        uint32_t u = w->units[i];
        char buf[8];
        if (u & 0x80000000u) fprintf(out, "@@%u", (unsigned)(u & 0xFFFF));
        else if (u < 0x80) fputc(tolower((int)u), out);
        else fwrite(buf, 1, (size_t)text_utf8_encode(u, buf), out);
    }
}

static long routine_value(const DebugStory *s, IrValue v)
{
    if (v.ref == IRR_ROUTINE && (int)v.target < s->nroutines &&
        s->routines[v.target].address != DEBUG_NOWHERE)
        return (long)s->routines[v.target].value + v.num;
    return v.num;
}

static void put_token(FILE *out, Compiler *c, const ProgGrammar *g,
                      const DebugStory *s, const PgToken *t)
{
    static const char *const elementary[PGT_ELEMENTARY_COUNT] = { "noun",
        "held", "multi", "multiheld", "multiexcept", "multiinside",
        "creature", "special", "number", "topic" };
    switch ((PgTokenKind)t->kind) {
    case PGT_PREP:
        fputs(" '", out);
        if (t->word >= 0 && t->word < g->nwords)
            put_word(out, &g->words[t->word], c->target->lim.dict_word_chars);
        fputc('\'', out);
        break;
    case PGT_ATTRIBUTE: fprintf(out, " attr=%d", (int)t->value.num); break;
    case PGT_NOUN_ROUTINE:
        fprintf(out, " noun=%ld", routine_value(s, t->value));
        break;
    case PGT_SCOPE_ROUTINE:
        fprintf(out, " scope=%ld", routine_value(s, t->value));
        break;
    case PGT_ROUTINE:
        fprintf(out, " routine=%ld", routine_value(s, t->value));
        break;
    default:
        fprintf(out, " %s", t->kind < PGT_ELEMENTARY_COUNT
                            ? elementary[t->kind] : "???");
        break;
    }
}

/* $!VERBS: "Grammar table: N verbs", each verb with its words and lines. */
static void verbs(FILE *out, Compiler *c, const ProgGrammar *g,
                  const DebugStory *s)
{
    fprintf(out, "Grammar table: %d verbs\n", g->nverbs);
    for (int v = 0; v < g->nverbs; v++) {
        fputs("Verb", out);
        int words = 0;
        for (int i = 0; i < g->nverb_words; i++) {
            if (g->verb_words[i].verb != v) continue;
            fputs(" '", out);
            put_word(out, &g->words[g->verb_words[i].word], 0);
            fputc('\'', out);
            words++;
        }
        if (!words) fputs(" <none>", out);
        fputc('\n', out);
        const PgVerb *verb = &g->verbs[v];
        for (int k = 0; k < verb->nlines; k++) {
            const PgLine *l = &g->lines[verb->lines[k]];
            fputs("  *", out);
            for (int i = 0; i < l->ntokens; i++) {
                if (i && l->tokens[i - 1].slash_after) fputs(" /", out);
                put_token(out, c, g, s, &l->tokens[i]);
            }
            const PgAction *a = &g->actions[l->action];
            fprintf(out, " -> %s%s%s\n", a->name, a->meta ? " (meta)" : "",
                    l->reverse ? " (reversed)" : "");
        }
    }
}

/* $!ACTIONS: by number, each with its internal number when meta actions
 * were sorted first ($GRAMMAR_META_FLAG). */
static void actions(FILE *out, const ProgGrammar *g)
{
    fprintf(out, "Action table: %d actions, %d fake actions\n", g->nactions,
            g->nfakes);
    for (int n = 0; n < g->nactions; n++) {
        int id = n;
        for (int k = 0; k < g->nactions; k++)
            if (g->actions[k].value == n) id = k;
        const PgAction *a = &g->actions[id];
        fprintf(out, "%d: %s__A%s", n, a->name, a->meta ? " (meta)" : "");
        if (g->meta_flag) fprintf(out, " (originally numbered %d)", id);
        fputc('\n', out);
    }
}

/* $!OBJECTS: number, name, parent, next sibling, first child. */
static void objects(FILE *out, const ProgObjects *o)
{
    fputs("Object tree:\nobj name                             par nxt chl:\n",
          out);
    for (int n = 1; n <= o->nobjs; n++) {
        const ProgObject *ob = &o->objs[n - 1];
        const char *name = ob->name ? ob->name
                         : ob->metaclass && ob->short_text ? ob->short_text
                         : "...";
        fprintf(out, "%3d %-32s %3d %3d %3d\n", n, name, ob->parent,
                ob->sibling, ob->child);
    }
}

/* Where a symbol was defined, as inform6's trace lines say it: "line N"
 * in the main file, "\"file\", line N" in another, "compiler setup" for
 * the compiler's own. */
static void put_place(FILE *out, Compiler *c, const Symbol *s)
{
    const SourceFile *f = s->loc.file ? src_file(c->sources, s->loc.file)
                                      : NULL;
    if ((s->flags & SYMF_BUILTIN) || !f || f->builtin) {
        fputs("compiler setup", out);
        return;
    }
    if (s->loc.file != 1) fprintf(out, "\"%s\", ", f->path);
    fprintf(out, "line %u", (unsigned)s->loc.line);
}

/* $!PROPS: every attribute and property with its number (a common one
 * marked A when additive), in the order they were made. */
static void props(FILE *out, Compiler *c, const ProgObjects *o)
{
    for (Symbol *s = sym_first(c->symbols); s; s = s->order_next) {
        const char *kind = s->kind == SYM_ATTRIBUTE ? "Attr"
                         : s->kind == SYM_PROPERTY ? "Prop"
                         : s->kind == SYM_INDIV_PROPERTY ? "Indiv" : NULL;
        if (!kind) continue;
        long n = (long)s->value;
        fprintf(out, "%-5s  %02ld  ", kind, n);
        if (s->kind != SYM_PROPERTY) fputs("  ", out);
        else fprintf(out, " %s", n >= 0 && n <= PROG_MAX_COMMON &&
                                 o->additive[n] ? "A" : " ");
        fprintf(out, "  %-24s  (", s->name);
        put_place(out, c, s);
        fputs(")\n", out);
    }
}

static int level(const Options *o, const char *name)
{
    for (int i = 0; i < o->n_traces; i++)
        if (!strcmp(o->traces[i].name, name)) return o->traces[i].level;
    return 0;
}

bool traces_wanted(const Options *o)
{
    return level(o, "VERBS") > 0 || level(o, "ACTIONS") > 0 ||
           level(o, "OBJECTS") > 0 || level(o, "PROPS") > 0;
}

void traces_print(FILE *out, Compiler *c, const Program *prog,
                  const DebugStory *s)
{
    const Options *o = c->opts;
    if (level(o, "PROPS") > 0) props(out, c, &prog->objects);
    if (level(o, "VERBS") > 0) verbs(out, c, prog->grammar, s);
    if (level(o, "ACTIONS") > 0) actions(out, prog->grammar);
    if (level(o, "OBJECTS") > 0) objects(out, &prog->objects);
    fflush(out);
}
