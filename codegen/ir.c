/* ir.c: names of the IR kinds, and --dump-ir, the IR's one debugging view.
 *
 * Takes an IrProgram and one of its routines; gives the routine as text,
 * everything it refers to by name (ir_print_value, which the back ends'
 * listings use too, so that the dumps read alike). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ir.h"
#include "../compiler/ast.h"
#include "../compiler/symbols.h"

static const char *const kind_names[] = {
#define IR_NAME(k, n, d) #k,
    IR_KINDS(IR_NAME)
#undef IR_NAME
};

static const int kind_arity[] = {
#define IR_ARITY(k, n, d) n,
    IR_KINDS(IR_ARITY)
#undef IR_ARITY
};

const char *ir_kind_name(IrKind k)
{
    return k < IR_KIND_COUNT ? kind_names[k] : "?";
}

int ir_kind_arity(IrKind k)
{
    return k < IR_KIND_COUNT ? kind_arity[k] : -1;
}

static bool is_number(const IrNode *n, int32_t v)
{
    return n->kind == IR_CONST && n->value.ref == IRR_NONE &&
           (v < 0 ? n->value.num > 0 : n->value.num == v);
}

bool ir_random_choice(const IrNode *n, int32_t *k, const IrNode **table)
{
    if (n->kind != IR_LOADW || n->kids[0]->kind != IR_CONST ||
        n->kids[0]->value.ref != IRR_TABLE)
        return false;
    const IrNode *i = n->kids[1];
    if (i->kind != IR_SUB || i->kids[0]->kind != IR_RANDOM ||
        !is_number(i->kids[1], 1) || !is_number(i->kids[0]->kids[0], -1))
        return false;
    *k = i->kids[0]->kids[0]->value.num;
    *table = n->kids[0];
    return true;
}

/* ---- names ---- */

/* The longest text a dump quotes; longer strings end in "...". */
enum { QUOTE_MAX = 24 };

/* Writes units as Inform would spell them between `quote`s: ^ for a new
 * line, ~ for a double quote in a string, ^ for an apostrophe in a word,
 * @@z and @nn for raw and dynamic units, @{hex} for what is not printable
 * ASCII. */
static void print_units(FILE *out, const uint32_t *u, int32_t len, char quote)
{
    fputc(quote, out);
    for (int32_t i = 0; i < len && i < QUOTE_MAX; i++) {
        uint32_t c = u[i];
        if (c & 0x80000000u) fprintf(out, "@@%u", (unsigned)(c & 0x3FF));
        else if (c & 0x40000000u) fprintf(out, "@%02u", (unsigned)(c & 0x3FF));
        else if (c == '\n') fputc('^', out);
        else if (c == '"' && quote == '"') fputc('~', out);
        else if (c == '\'' && quote == '\'') fputc('^', out);
        else if (c >= 32 && c < 127) fputc((int)c, out);
        else fprintf(out, "@{%X}", (unsigned)c);
    }
    if (len > QUOTE_MAX) fputs("...", out);
    if (quote == '\'' && len == 1) fputs("//", out);    /* not a character */
    fputc(quote, out);
}

/* One place that knows where the program keeps an object's name
 * (IrProgram.objects: the symbols the program builder numbered). */
static const char *object_name(const IrProgram *p, uint32_t n)
{
    static const char *const metaclasses[] = { "nothing", "Class", "Object",
                                               "Routine", "String" };
    if (n <= 4) return metaclasses[n];
    if (p->objects && n <= (uint32_t)p->nobjects && p->objects[n])
        return p->objects[n]->name;
    return NULL;
}

/* An action's name without the "__A" its symbol has. */
static void print_action(FILE *out, const IrProgram *p, uint32_t t)
{
    const struct Symbol *s = NULL;
    if (t >= IR_FAKE_ACTION_BASE) {
        if (t - IR_FAKE_ACTION_BASE < (uint32_t)p->nfake_actions)
            s = p->fake_actions[t - IR_FAKE_ACTION_BASE];
    } else if (t < (uint32_t)p->nactions) {
        s = p->actions[t];
    }
    if (!s) {
        fprintf(out, "##action#%u", (unsigned)t);
        return;
    }
    size_t len = strlen(s->name);
    if (len > 3 && !strcmp(s->name + len - 3, "__A")) len -= 3;
    fprintf(out, "##%.*s", (int)len, s->name);
}

static const char *const sysconst_names[IRSC_COUNT] = {
#define X(name, where) [IRSC_##name] = #name,
#include "../compiler/sysconst.def"
#undef X
};

int ir_sysconst_lookup(const char *name)
{
    for (int i = 0; i < IRSC_COUNT; i++)
        if (!strcmp(sysconst_names[i], name)) return i;
    return -1;
}

const char *ir_sysconst_name(uint32_t sc)
{
    return sc < IRSC_COUNT ? sysconst_names[sc] : NULL;
}

/* A variable's name; one called sp (a legal name) is printed as
 * local:sp or global:sp, since a dump's sp is the stack. */
static void print_variable_name(FILE *out, const char *kind, const char *name)
{
    if (!strcasecmp(name, "sp")) fprintf(out, "%s:", kind);
    fputs(name, out);
}

void ir_print_local(FILE *out, const IrRoutine *r, int32_t n)
{
    if (n >= 1 && n <= r->nlocals && r->local_names && r->local_names[n - 1])
        print_variable_name(out, "local", r->local_names[n - 1]);
    else fprintf(out, "local#%d", (int)n);
}

const char *ir_system_global_name(int32_t id)
{
    static const char *const system[] = {
        "temp_global", "temp__global2", "temp__global3", "temp__global4",
        "self", "sender", "sw__var", "sys__glob0", "sys__glob1", "sys__glob2",
    };
    /* Glulx's sys_statusline_flag is the compiler's global 10 too
     * (compiler/builtins.c), just past the ids every target has */
    if (id == IRG_END) return "sys_statusline_flag";
    return id >= IRG_SYSTEM && id < IRG_END ? system[id - IRG_SYSTEM] : NULL;
}

void ir_print_global(FILE *out, const IrProgram *p, int32_t id)
{
    if (id >= IRG_SYSTEM && id < IRG_END) fputs(ir_system_global_name(id), out);
    else if (id >= 0 && id < p->nglobals && p->globals[id])
        print_variable_name(out, "global", p->globals[id]->name);
    else fprintf(out, "global#%d", (int)id);
}

/* The name of reference v (without its addend); false when the program
 * has none, and the kind and number are printed instead. */
static bool print_ref(FILE *out, const IrProgram *p, IrValue v)
{
    uint32_t t = v.target;
    const char *name = NULL;
    switch ((IrRefKind)v.ref) {
    case IRR_ROUTINE:
        if (t < (uint32_t)p->nroutines && p->routines[t])
            name = p->routines[t]->name;
        break;
    case IRR_STRING:
        if (t >= (uint32_t)p->nstrings) break;
        print_units(out, p->strings[t].units, p->strings[t].len, '"');
        return true;
    case IRR_DICT:
        if (t >= (uint32_t)p->ndict) break;
        print_units(out, p->dict[t].units, p->dict[t].len, '\'');
        return true;
    case IRR_ARRAY:
        if (t < (uint32_t)p->narrays && p->arrays[t]) name = p->arrays[t]->name;
        break;
    case IRR_OBJECT: name = object_name(p, t); break;
    case IRR_SYSCONST:
        if (ir_sysconst_name(t)) {
            fprintf(out, "#%s", ir_sysconst_name(t));
            return true;
        }
        break;
    case IRR_ACTION: print_action(out, p, t); return true;
    case IRR_GLOBAL_ADDR:
        fputs("&", out);
        ir_print_global(out, p, (int32_t)t);
        return true;
    case IRR_GLOBAL_NUM:
        fputs("#g$", out);
        ir_print_global(out, p, (int32_t)t);
        return true;
    case IRR_CHAR:                 /* Inform's character constant */
        if (t >= 32 && t < 127 && t != '\'' && t != '@') fprintf(out, "'%c'", (int)t);
        else fprintf(out, "'@{%X}'", (unsigned)t);
        return true;
    default:
        break;
    }
    if (name) fputs(name, out);
    return name != NULL;
}

void ir_print_value(FILE *out, const IrProgram *p, IrValue v)
{
    static const char *const kinds[] = {
        "routine", "string", "dict", "array", "object", "sysconst",
        "symbol", "action", "global-addr", "table", "char", "global-num",
    };
    if (v.ref == IRR_NONE) {
        fprintf(out, "%d", (int)v.num);
        return;
    }
    if (v.ref == IRR_SYMBOL && v.target >= IR_SYM_LOWSTRING)
        fprintf(out, "lowstring#%u", (unsigned)(v.target - IR_SYM_LOWSTRING));
    else if (!print_ref(out, p, v))
        fprintf(out, "%s#%u", v.ref >= 0 && v.ref <= IRR_GLOBAL_NUM
                              ? kinds[v.ref] : "ref", (unsigned)v.target);
    if (v.num) fprintf(out, "%+d", (int)v.num);
}

const char *ir_const_name(const IrNode *n)
{
    return n->kind == IR_CONST && n->value.ref == IRR_NONE && n->sym
           ? n->sym->name : NULL;
}

/* ---- the dump ---- */

typedef struct Dump {
    FILE *out;
    const IrProgram *p;
    const IrRoutine *r;
} Dump;

enum { LINE_WIDTH = 78 };

/* Leaves print as their value alone: 3, x, Foo, "text". */
static bool is_leaf(const IrNode *n)
{
    return n->kind == IR_CONST || n->kind == IR_LOCAL ||
           n->kind == IR_GLOBAL || n->kind == IR_POP;
}

static void print_leaf(const Dump *d, const IrNode *n)
{
    switch (n->kind) {
    case IR_CONST:
        if (ir_const_name(n)) fputs(ir_const_name(n), d->out);
        else ir_print_value(d->out, d->p, n->value);
        break;
    case IR_LOCAL: ir_print_local(d->out, d->r, n->num); break;
    case IR_GLOBAL: ir_print_global(d->out, d->p, n->num); break;
    default: fputs("sp", d->out); break;
    }
}

static void print_label(FILE *out, int32_t id)
{
    if (id == -2) fputs("rfalse", out);
    else if (id == -3) fputs("rtrue", out);
    else fprintf(out, "L%d", (int)id);
}

/* What follows the kind's name before the operands: the numbers some
 * kinds carry (labels, strings, styles ...), with a leading blank. */
static void print_extras(const Dump *d, const IrNode *n)
{
    static const char *const styles[] = { "roman", "bold", "underline",
                                          "reverse", "fixed" };
    static const char *const syscalls[] = { "children", "elder", "youngest" };
    FILE *out = d->out;
    switch (n->kind) {
    case IR_LABEL: case IR_JUMP: case IR_SAVE: case IR_RESTORE:
        fputc(' ', out);
        print_label(out, n->num);
        break;
    case IR_BRANCH:
        fputc(' ', out);
        print_label(out, n->num);
        fprintf(out, " if %s", n->num2 ? "true" : "false");
        break;
    case IR_PRINT_TEXT: case IR_PRINT_RET_TEXT:
        fputc(' ', out);
        ir_print_value(out, d->p, ir_ref(IRR_STRING, (uint32_t)n->num, 0));
        break;
    case IR_STYLE:
        fprintf(out, " %s", n->num >= 0 && n->num <= IR_STYLE_FIXED
                            ? styles[n->num] : "?");
        break;
    case IR_FONT: fprintf(out, " %s", n->num ? "on" : "off"); break;
    case IR_SYSCALL:
        fprintf(out, " %s", n->num >= 0 && n->num <= IR_SYS_YOUNGEST
                            ? syscalls[n->num] : "?");
        break;
    case IR_SUBJECT: case IR_ARG_GIVEN: fprintf(out, " %d", (int)n->num); break;
    case IR_CHECKED: if (n->num2) fputs(" keep", out); break;
    case IR_ASM:
        fprintf(out, " @%s", n->asm_node && n->asm_node->text
                             ? n->asm_node->text : "?");
        break;
    default:
        break;
    }
}

static void print_flat(const Dump *d, const IrNode *n);

/* Inline assembly as it was written: operands, -> store, ?label. */
static void print_asm_operands(const Dump *d, const IrNode *n)
{
    int nops = n->nkids - 1;
    for (int i = 0; i < nops; i++) {
        fputc(' ', d->out);
        print_flat(d, n->kids[i]);
    }
    if (nops >= 0 && n->kids[nops]) {
        fputs(" -> ", d->out);
        print_flat(d, n->kids[nops]);
    }
    if (n->num != -1) {
        fprintf(d->out, " ?%s", n->num2 ? "" : "~");
        print_label(d->out, n->num);
    }
    fputc(')', d->out);
}

static void print_flat(const Dump *d, const IrNode *n)
{
    if (!n) {
        fputs("()", d->out);
        return;
    }
    if (is_leaf(n)) {
        print_leaf(d, n);
        return;
    }
    fprintf(d->out, "(%s", ir_kind_name((IrKind)n->kind));
    print_extras(d, n);
    if (n->kind == IR_ASM) {
        print_asm_operands(d, n);
        return;
    }
    for (int i = 0; i < n->nkids; i++) {
        fputc(' ', d->out);
        print_flat(d, n->kids[i]);
    }
    fputc(')', d->out);
}

/* The width of n on one line (open_memstream; a huge width when that
 * fails, so that the node is broken over lines instead). */
static size_t flat_width(const Dump *d, const IrNode *n)
{
    char *flat = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&flat, &len);
    if (!m) return (size_t)-1 / 2;
    Dump md = { m, d->p, d->r };
    print_flat(&md, n);
    fclose(m);
    free(flat);
    return len;
}

/* Node n at `indent`, then `closers` closing parentheses: on one line
 * when it fits, else its head on this line and each operand on a line
 * of its own, two columns further in. */
static void dump_node(const Dump *d, const IrNode *n, int indent, int closers)
{
    fprintf(d->out, "%*s", indent, "");
    if (!n || is_leaf(n) || n->nkids == 0 || n->kind == IR_ASM ||
        (size_t)indent + flat_width(d, n) + (size_t)closers <= LINE_WIDTH) {
        print_flat(d, n);
    } else {
        fprintf(d->out, "(%s", ir_kind_name((IrKind)n->kind));
        print_extras(d, n);
        fputc('\n', d->out);
        for (int i = 0; i < n->nkids; i++)
            dump_node(d, n->kids[i], indent + 2,
                      i == n->nkids - 1 ? closers + 1 : 0);
        return;
    }
    for (int i = 0; i < closers; i++) fputc(')', d->out);
    fputc('\n', d->out);
}

void ir_dump_routine(FILE *out, const IrProgram *p, const IrRoutine *r)
{
    Dump d = { out, p, r };
    fprintf(out, "[ %s", r->name ? r->name : "(anonymous)");
    for (int i = 1; i <= r->nlocals; i++) {
        fputc(' ', out);
        ir_print_local(out, r, i);
    }
    fputs(";\n", out);
    for (int i = 0; i < r->ncode; i++) dump_node(&d, r->code[i], 2, 0);
    fputs("]\n", out);
}

/* ---- routines left out ---- */

static bool keep_tree(IrProgram *p, const IrNode *n)
{
    if (!n) return false;
    bool kept = false;
    if (n->kind == IR_CONST && n->value.ref == IRR_ROUTINE &&
        n->value.target < (uint32_t)p->nroutines &&
        p->routines[n->value.target]->omitted) {
        p->routines[n->value.target]->omitted = false;
        kept = true;
    }
    for (int i = 0; i < n->nkids; i++) kept |= keep_tree(p, n->kids[i]);
    return kept;
}

bool ir_keep_named(IrProgram *p, const IrRoutine *r)
{
    bool kept = false;
    if (!r->names_omitted) return false;    /* (most routines: no walk) */
    for (int i = 0; i < r->ncode; i++) kept |= keep_tree(p, r->code[i]);
    return kept;
}

int ir_omitted_count(const IrProgram *p)
{
    int n = 0;
    for (int i = 0; i < p->nroutines; i++) n += p->routines[i]->omitted;
    return n;
}
