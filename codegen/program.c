/* program.c: the program builder's entry point (program.h): numbering,
 * the walk over the directives in source order, the small directives
 * (Abbreviate, Lowstring, Zcharacter, Dictionary, Release, Serial,
 * Statusline) and the identifier names.
 *
 * Takes the checked AST (c->program), the symbol table and fresh pools;
 * gives the Program.  Objects and classes are built in
 * program_build_objects.c, arrays and globals in program_data.c. */
#include "program_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../compiler/declare.h"
#include "../compiler/fold.h"
#include "../compiler/target.h"
#include "../compiler/text.h"

Symbol *pb_lookup(Builder *b, const char *name)
{
    return name ? sym_lookup(b->c->symbols, name) : NULL;
}

void pb_step(Builder *b, ProgStepKind kind, int index)
{
    Program *p = b->p;
    VEC_PUSH(b->a, p->steps, p->nsteps, b->steps_cap,
             ((ProgStep){ kind, index }));
}

void pb_report(const SrcLoc *loc, const char *msg, bool warning)
{
    if (!msg) msg = "the table could not be written";
    if (warning) diag_warning(loc, "%s", msg);
    else diag_error(loc, "%s", msg);
}

bool program_number(IrValue v, int32_t *out)
{
    switch (v.ref) {
    case IRR_NONE: *out = v.num; return true;
    case IRR_OBJECT: *out = (int32_t)v.target + v.num; return true;
    default: return false;
    }
}

/* ---- numbering ---- */

/* "Owner.prop", an embedded routine's name. */
static const char *embedded_name(Builder *b, const char *owner,
                                 const char *prop)
{
    return arena_strcat(b->a, owner ? owner : "",
                        arena_strcat(b->a, ".", prop));
}

/* Numbers the embedded routines under `n`, named after `owner` and the
 * property `prop` they are a value of (NULL outside one); the name is made
 * only for a routine, not for every property of every object. */
static void number_embedded(Builder *b, const Node *n, const char *owner,
                            const char *prop)
{
    if (!n) return;
    if (n->kind == NODE_EMBEDDED_ROUTINE) {
        pools_routine(b->pools, n, prop ? embedded_name(b, owner, prop)
                                        : owner);
        return;
    }
    for (int i = 0; i < n->nkids; i++) {
        const Node *k = n->kids[i];
        if (k && k->kind == NODE_PROP_DEF) {
            const char *o = prop ? embedded_name(b, owner, prop) : owner;
            for (int j = 0; j < k->nkids; j++)
                number_embedded(b, k->kids[j], o, k->text);
        } else if (k && (k->kind == NODE_WITH || k->kind == NODE_PRIVATE ||
                         k->kind == NODE_EMBEDDED_ROUTINE ||
                         k->kind == NODE_ARRAY_BRACKETS)) {
            number_embedded(b, k, owner, prop);
        }
    }
}

/* inform6's names for the embedded routines of class or object `n`
 * (number `object`), routines `first` on, where they are not vinform's:
 * "C::prop", "nameless_obj__N.prop" (IrRoutine.trace_name). */
static void trace_names(Builder *b, const Node *n, int first, int object)
{
    IrProgram *ir = b->p->ir;
    bool cls = n->kind == NODE_CLASS;
    if (!cls && n->text) return;
    for (int id = first; id < ir->nroutines; id++) {
        IrRoutine *r = ir->routines[id];
        const char *dot = r->name ? strchr(r->name, '.') : NULL;
        if (!r->is_embedded || !dot) continue;
        r->trace_name = cls
            ? arena_printf(b->a, "%.*s::%s", (int)(dot - r->name), r->name,
                           dot + 1)
            : arena_printf(b->a, "nameless_obj__%d%s", object, dot);
    }
}

static void number_symbol(Builder *b, const char *name, int32_t id)
{
    Symbol *s = pb_lookup(b, name);
    if (s) s->ir_id = id;
}

/* `Class C(n)`: n + 1 duplicates (0 when n is not a constant: declare
 * reported it). */
static int class_duplicates(Builder *b, const Node *n)
{
    int64_t k;
    if (!n->nkids || !n->kids[0] || !fold_result(b->c, n->kids[0], &k))
        return 0;
    if (k < 0 || k > 0x7FFF) {
        diag_error(&n->kids[0]->loc, "the number of spare objects must be a "
                   "number from 0 to 32767");
        return 0;
    }
    return (int)k + 1;
}

/* The grammar, which numbers the actions (program_grammar.h), and
 * IrProgram's lists of action symbols by the ids it gave (the dumps'
 * names). */
static void grammar(Builder *b)
{
    const ProgGrammar *g = b->p->grammar = progg_build(b->c, b->pools);
    IrProgram *ir = b->p->ir;
    ir->actions = arena_alloc(b->a, (size_t)(g->nactions + 1) *
                                    sizeof *ir->actions);
    ir->fake_actions = arena_alloc(b->a, (size_t)(g->nfakes + 1) *
                                         sizeof *ir->fake_actions);
    for (int i = 0; i < g->nactions; i++) ir->actions[i] = g->actions[i].sym;
    for (int k = 0; k < g->nfakes; k++) ir->fake_actions[k] = g->fakes[k].sym;
    ir->nactions = g->nactions;
    ir->nfake_actions = g->nfakes;
}

/* The objects, arrays and globals by number (IrProgram's lists: the
 * dumps' names). */
static void list_data(Builder *b, int narrays, int nglobals)
{
    IrProgram *ir = b->p->ir;
    const Node *prog = b->c->program;
    ir->objects = arena_alloc(b->a, ((size_t)ir->nobjects + 1) *
                                    sizeof *ir->objects);
    ir->arrays = arena_alloc(b->a, (size_t)(narrays + 1) * sizeof *ir->arrays);
    ir->globals = arena_alloc(b->a, (size_t)(nglobals + 1) * sizeof *ir->globals);
    for (int i = 0; i < prog->nkids; i++) {
        const Node *n = prog->kids[i];
        /* (only these: a lookup for every routine and constant was a
         * third of the builder's) */
        if (!n || !n->text || (n->kind != NODE_OBJECT && n->kind != NODE_CLASS &&
                               n->kind != NODE_ARRAY && n->kind != NODE_GLOBAL))
            continue;
        Symbol *s = pb_lookup(b, n->text);
        if (!s) continue;
        if (n->kind == NODE_OBJECT || n->kind == NODE_CLASS)
            ir->objects[b->number[i]] = s;
        else if (n->kind == NODE_ARRAY) ir->arrays[ir->narrays++] = s;
        else if (n->kind == NODE_GLOBAL) ir->globals[ir->nglobals++] = s;
    }
}

/* The 'words' under `n`, into the dictionary. */
static void keep_words(Builder *b, const Node *n)
{
    if (!n) return;
    if (n->kind == NODE_DICT_WORD) {
        pools_dict_word(b->pools, n);
        return;
    }
    for (unsigned i = 0; i < n->nkids; i++) keep_words(b, n->kids[i]);
}

/* A routine directive.  One nothing reaches (check_unused.c) is numbered,
 * so that listings name it, but left out under $OMIT_UNUSED_ROUTINES=1;
 * its dictionary words stay, as inform6 compiles the routine before it
 * leaves it out (the parser understands them all the same).  Only a
 * routine the parser marked as holding words is walked for them (most
 * hold none, and their nodes are cold by now). */
static void number_routine(Builder *b, const Node *n)
{
    int id = pools_routine(b->pools, n, n->text);
    if (!(n->num & ROUTINE_UNUSED)) return;
    pools_ir(b->pools)->routines[id]->omitted = true;
    if (n->num & ROUTINE_WORDS) keep_words(b, n);
}

/* Routines (named and embedded) in source order, objects from 5,
 * arrays, globals and Lowstrings: every number code and tables refer to
 * (but the actions, which the grammar numbers), before any value is asked
 * for. */
static void number_program(Builder *b)
{
    int object = 5, narrays = 0, nglobals = 0, nlowstrings = 0, first;
    const Node *prog = b->c->program;
    b->dups = xcalloc((size_t)prog->nkids + 1, sizeof *b->dups);
    b->number = xcalloc((size_t)prog->nkids + 1, sizeof *b->number);
    for (int i = 0; i < prog->nkids; i++) {
        const Node *n = prog->kids[i];
        if (!n) continue;
        switch (n->kind) {
        case NODE_ROUTINE:
            if (!(n->num & ROUTINE_SKIPPED)) number_routine(b, n);
            break;
        case NODE_OBJECT: case NODE_CLASS:
            number_symbol(b, n->text, object);
            b->number[i] = object;
            if (n->kind == NODE_CLASS) b->dups[i] = class_duplicates(b, n);
            object += 1 + b->dups[i];
            first = b->p->ir->nroutines;
            number_embedded(b, n, n->text ? n->text : "(object)", NULL);
            trace_names(b, n, first, b->number[i]);
            break;
        case NODE_ARRAY:
            number_symbol(b, n->text, narrays++);
            if (n->nkids && n->kids[0])
                number_embedded(b, n->kids[0], n->text, NULL);
            break;
        case NODE_GLOBAL:
            number_symbol(b, n->text, nglobals++);
            break;
        case NODE_LOWSTRING:
            number_symbol(b, n->text, nlowstrings++);
            break;
        default:
            break;
        }
    }
    b->p->ir->nobjects = object - 1;
    list_data(b, narrays, nglobals);
}

static void find_main(Builder *b)
{
    Symbol *m = pb_lookup(b, "Main");
    if (m && m->kind == SYM_ROUTINE && m->decl)
        b->p->ir->main_routine = pools_routine_of_symbol(b->pools, m, m->loc);
    else
        diag_error(NULL, "the program has no 'Main' routine: every story "
                   "starts by calling [ Main; ... ];");
}

/* ---- source words ---- */

void program_word(const Node *word, ProgWord *out)
{
    const char *raw = word->text ? word->text : "";
    size_t len = strlen(raw), wlen = len, flen = 0;
    const char *flags = NULL;
    if (word->kind == NODE_DICT_WORD)
        text_dict_split(raw, len, &wlen, &flags, &flen);
    memset(out, 0, sizeof *out);
    out->loc = word->loc;
    out->units = xmalloc((wlen + 1) * sizeof *out->units);
    for (size_t pos = 0; pos < wlen;) {
        TextUnit u;
        pos = text_next(raw, wlen, pos, TEXT_DICT_WORD, &u);
        if (u.kind == TU_END) break;
        if (u.kind != TU_CHAR) continue;
        out->units[out->n++] = u.raw_code ? IR_TEXT_RAW(u.value) : u.value;
    }
    if (flags && flen < sizeof out->flags) {
        memcpy(out->flags, flags, flen);
        out->flags[flen] = 0;
    }
}

void program_word_free(ProgWord *w)
{
    free(w->units);
    w->units = NULL;
}

/* ---- small directives ---- */

static ProgLowString low_string(Builder *b, const char *name, const Node *s,
                                SrcLoc loc)
{
    return (ProgLowString){ name, s ? pools_string(b->pools, s) : -1, loc };
}

/* Abbreviate "a" "b" ...: one text each. */
static void abbreviate(Builder *b, const Node *n)
{
    Program *p = b->p;
    for (int i = 0; i < n->nkids; i++) {
        if (!n->kids[i]) continue;
        VEC_PUSH(b->a, p->abbreviations, p->nabbreviations, b->abbrevs_cap,
                 low_string(b, NULL, n->kids[i], n->kids[i]->loc));
        pb_step(b, PS_ABBREVIATE, p->nabbreviations - 1);
    }
}

static void lowstring(Builder *b, const Node *n)
{
    Program *p = b->p;
    VEC_PUSH(b->a, p->lowstrings, p->nlowstrings, b->lowstrings_cap,
             low_string(b, n->text, n->nkids ? n->kids[0] : NULL, n->loc));
    pb_step(b, PS_LOWSTRING, p->nlowstrings - 1);
}

/* A character of a Zcharacter directive: a character literal is its
 * code point, anything else a constant value. */
static bool charset_value(Builder *b, const Node *e, IrValue *out)
{
    if (e->kind == NODE_CHAR_LIT) {
        *out = ir_num((int32_t)e->num);
        return true;
    }
    if (value_of(b->pools, e, out)) return true;
    diag_error(&e->loc, "expected a number or a character here");
    return false;
}

static void charset_values(Builder *b, const Node *n, ProgCharset *cs)
{
    cs->values = arena_alloc(b->a, (size_t)(n->nkids + 1) * sizeof *cs->values);
    cs->locs = arena_alloc(b->a, (size_t)(n->nkids + 1) * sizeof *cs->locs);
    for (int i = 0; i < n->nkids; i++) {
        const Node *e = n->kids[i];
        if (!e) {
            cs->failed = cs->form != PC_TERMINATING;
            if (cs->failed) return;
            continue;
        }
        if (!charset_value(b, e, &cs->values[cs->nvalues])) {
            if (cs->form == PC_TERMINATING) continue;
            cs->failed = true;
            return;
        }
        cs->locs[cs->nvalues++] = e->loc;
    }
}

static void zcharacter(Builder *b, const Node *n)
{
    static const ProgCharsetForm forms[] = {
        [ZCHAR_ALPHABETS] = PC_ALPHABETS, [ZCHAR_CHAR] = PC_CHAR,
        [ZCHAR_TABLE] = PC_TABLE, [ZCHAR_TABLE_PLUS] = PC_TABLE_PLUS,
        [ZCHAR_TERMINATING] = PC_TERMINATING,
    };
    if (n->num < ZCHAR_ALPHABETS || n->num > ZCHAR_TERMINATING) return;
    ProgCharset cs = { .form = forms[n->num], .strings = { -1, -1, -1 },
                       .loc = n->loc };
    if (cs.form == PC_ALPHABETS) {
        for (int i = 0; i < 3 && i < n->nkids; i++)
            if (n->kids[i]) cs.strings[i] = pools_string(b->pools, n->kids[i]);
    } else if (cs.form == PC_CHAR) {
        cs.values = arena_alloc(b->a, sizeof *cs.values);
        cs.locs = arena_alloc(b->a, sizeof *cs.locs);
        if (!n->nkids || !n->kids[0] ||
            !charset_value(b, n->kids[0], &cs.values[0]))
            cs.failed = true;
        else cs.nvalues = 1, cs.locs[0] = n->kids[0]->loc;
    } else {
        charset_values(b, n, &cs);
    }
    Program *p = b->p;
    VEC_PUSH(b->a, p->charsets, p->ncharsets, b->charsets_cap, cs);
    pb_step(b, PS_CHARSET, p->ncharsets - 1);
}

/* `Dictionary 'word' [v1 [v3]];`: data bits, no noun flag (inform6). */
static void dictionary(Builder *b, const Node *n)
{
    if (!n->nkids || !n->kids[0]) return;
    int32_t par[2] = { 0, 0 };
    for (int i = 1; i < 3 && i < n->nkids; i++) {
        IrValue v;
        if (!n->kids[i]) continue;
        if (!value_of(b->pools, n->kids[i], &v) ||
            !program_number(v, &par[i - 1])) {
            diag_error(&n->kids[i]->loc, "the flag values of 'Dictionary' "
                       "must be numbers known at compile time");
            return;
        }
    }
    ProgDictEntry e = { .par1 = par[0] & 0xFF, .par3 = par[1] & 0xFF,
                        .has_par3 = n->nkids > 2 && n->kids[2] };
    if (e.has_par3) e.par3_loc = n->kids[2]->loc;
    program_word(n->kids[0], &e.word);
    uint32_t *units = arena_alloc(b->a, ((size_t)e.word.n + 1) * sizeof *units);
    memcpy(units, e.word.units, (size_t)e.word.n * sizeof *units);
    program_word_free(&e.word);
    e.word.units = units;
    Program *p = b->p;
    VEC_PUSH(b->a, p->dictionary, p->ndictionary, b->dict_cap, e);
    pb_step(b, PS_DICTIONARY, p->ndictionary - 1);
}

static void release(Builder *b, const Node *n)
{
    if (n->nkids && n->kids[0] &&
        value_of(b->pools, n->kids[0], &b->p->release))
        b->p->has_release = true;
}

static void serial(Builder *b, const Node *n)
{
    const char *t = n->nkids && n->kids[0] ? n->kids[0]->text : NULL;
    if (!t || strlen(t) != 6) return;     /* declare reported it */
    memcpy(b->p->serial, t, 7);
    b->p->has_serial = true;
}

/* ---- the walk ---- */

/* The grammar lines of a Verb or Extend and their tokens, counted as
 * inform6 counts them for -s: each word of 'a'/'b' is a token. */
static void count_grammar(Builder *b, const Node *n)
{
    for (int j = 1; j < n->nkids; j++) {
        const Node *line = n->kids[j];
        if (!line || line->kind != NODE_GRAMMAR_LINE) continue;
        b->p->grammar_lines++;
        for (int t = 0; t + 1 < line->nkids; t++) {
            const Node *tok = line->kids[t];
            b->p->grammar_tokens += tok && tok->kind == NODE_GT_PREP
                                    ? tok->nkids : 1;
        }
    }
}

static void directive(Builder *b, const Node *n, int index)
{
    switch (n->kind) {
    case NODE_PROPERTY: pb_property(b, n); break;
    case NODE_OBJECT: pb_object(b, n, index); break;
    case NODE_CLASS: pb_class(b, n, index); break;
    case NODE_GLOBAL: pb_global(b, n); break;
    case NODE_ARRAY: pb_array(b, n); break;
    case NODE_ABBREVIATE: abbreviate(b, n); break;
    case NODE_LOWSTRING: lowstring(b, n); break;
    case NODE_ZCHARACTER: zcharacter(b, n); break;
    case NODE_DICTIONARY: dictionary(b, n); break;
    case NODE_RELEASE: release(b, n); break;
    case NODE_SERIAL: serial(b, n); break;
    case NODE_STATUSLINE:
        if (n->text && !strcmp(n->text, "time")) b->p->statusline_time = true;
        break;
    case NODE_VERB: case NODE_EXTEND: count_grammar(b, n); break;
    default: break;
    }
}

/* ---- identifier names ---- */

/* The names in `Property/Attribute x alias y` directives: both x and y
 * (a few, looked up linearly). */
typedef struct AliasNames {
    const char **names;
    int n, cap;
} AliasNames;

static void alias_names(Builder *b, AliasNames *a)
{
    const Node *prog = b->c->program;
    for (int i = 0; i < prog->nkids; i++) {
        const Node *n = prog->kids[i];
        const Node *alias = NULL;
        if (!n) continue;
        if (n->kind == NODE_PROPERTY && n->nkids > 1) alias = n->kids[1];
        else if (n->kind == NODE_ATTRIBUTE && n->nkids) alias = n->kids[0];
        if (!alias || !alias->text) continue;
        VEC_PUSH(b->a, a->names, a->n, a->cap, alias->text);
        if (n->text) VEC_PUSH(b->a, a->names, a->n, a->cap, n->text);
    }
}

static bool is_aliased(const AliasNames *a, const Symbol *s)
{
    for (int i = 0; i < a->n; i++)
        if (!strcasecmp(a->names[i], s->name)) return true;
    return false;
}

/* "Take__A" -> "Take". */
static const char *action_name(Builder *b, const char *sym)
{
    size_t n = strlen(sym);
    if (n >= 3 && !strcmp(sym + n - 3, "__A")) n -= 3;
    return arena_strndup(b->a, sym, n);
}

static void add_name(Builder *b, ProgNameKind kind, int value,
                     const char *name, bool aliased)
{
    Program *p = b->p;
    VEC_PUSH(b->a, p->names, p->nnames, b->names_cap,
             ((ProgName){ kind, value, name, aliased, name }));
}

/* inform6's name for aliased name i in the identifier tables: joined
 * by '/' with up to three later names of the same kind and number. */
static void join_aliases(Builder *b, int i)
{
    enum { MAX_ALIASES = 3 };
    const ProgName *names = b->p->names;
    const char *out = names[i].name;
    for (int j = i + 1, n = 0; j < b->p->nnames && n < MAX_ALIASES; j++)
        if (names[j].kind == names[i].kind &&
            names[j].value == names[i].value) {
            out = arena_strcat(b->a, arena_strcat(b->a, out, "/"),
                               names[j].name);
            n++;
        }
    b->p->names[i].joined = out;
}

static void names(Builder *b)
{
    AliasNames aliases = { 0 };
    alias_names(b, &aliases);
    const IrProgram *ir = b->p->ir;
    for (Symbol *s = sym_first(b->c->symbols); s; s = s->order_next) {
        switch (s->kind) {
        case SYM_PROPERTY: case SYM_INDIV_PROPERTY:
            add_name(b, PN_PROPERTY, (int)s->value, s->name,
                     s->kind == SYM_PROPERTY && is_aliased(&aliases, s));
            break;
        case SYM_ATTRIBUTE:
            add_name(b, PN_ATTRIBUTE, (int)s->value, s->name,
                     is_aliased(&aliases, s));
            break;
        case SYM_ACTION:
            if (s->ir_id >= 0 && s->ir_id < ir->nactions &&
                ir->actions[s->ir_id] == s)
                add_name(b, PN_ACTION, s->ir_id, action_name(b, s->name),
                         false);
            break;
        case SYM_FAKE_ACTION:
            if (s->ir_id >= IR_FAKE_ACTION_BASE &&
                s->ir_id - IR_FAKE_ACTION_BASE < b->p->grammar->nfakes)
                add_name(b, PN_FAKE_ACTION, s->ir_id, action_name(b, s->name),
                         false);
            break;
        default: break;
        }
    }
    for (int i = 0; i < b->p->nnames; i++)
        if (b->p->names[i].aliased) join_aliases(b, i);
}

/* ---- the program ---- */

/* What the objects may hold: the target's limits.  (A property keeps
 * 4 values in a version 3 story, 32 in any other Z-machine story,
 * 32768 on Glulx.) */
static ProgLimits limits(const Compiler *c)
{
    const TargetLimits *t = &c->target->lim;
    return (ProgLimits){ .max_common_property = t->max_common_property,
                         .attributes = t->attributes,
                         .max_values = t->max_common_property <= 31
                                       ? 4 : t->max_prop_values,
                         .most_values = t->max_prop_values,
                         .most_inherited = t->max_inherited_values };
}

Program *program_build(Compiler *c, IrPools *pools)
{
    Program *p = xcalloc(1, sizeof *p);
    p->c = c;
    p->pools = pools;
    p->ir = pools_ir(pools);
    Builder b = { .p = p, .c = c, .pools = pools, .a = &c->arena };
    ProgLimits lim = limits(c);
    pobj_init(&p->objects, &lim, &c->arena);
    pobj_add_metaclasses(&p->objects);
    p->nprops = c->declare->next_individual_property;
    p->nattributes = c->declare->next_attribute;
    b.entry_number = xcalloc((size_t)c->declare->nobjects + 1,
                             sizeof *b.entry_number);
    number_program(&b);
    pb_data_init(&b);
    grammar(&b);
    find_main(&b);
    const Node *prog = c->program;
    for (int i = 0; prog && i < prog->nkids; i++)
        if (prog->kids[i]) directive(&b, prog->kids[i], i);
    names(&b);
    pb_infix(&b);
    pools_fix_omitted(pools);
    free(b.dups);
    free(b.number);
    free(b.entry_number);
    return p;
}

void program_free(Program *p)
{
    if (!p) return;
    pobj_free(&p->objects);
    free(p);
}
