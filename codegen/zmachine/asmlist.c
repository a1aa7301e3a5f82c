/* asmlist.c: the Z back end's assembly listing (--dump-asm).
 *
 * Takes each routine's instructions as the assembler kept them
 * (zm_listing: in the forms the story has, after branch relaxation) and
 * the IR program they came from; gives them as text, one instruction a
 * line, everything by name where the program has one:
 *
 *     [ Main x;
 *       call_vs Foo lamp room -> x
 *       je x 3 4 ?~L1
 *       print_ret "three"
 *     .L1
 *       rtrue
 *     ]
 *
 * Locals and globals by name, sp for the stack, [x] for "the variable
 * whose number is in x"; routines, objects, arrays, strings ("cut
 * short..."), dictionary words, actions and # constants as --dump-ir
 * names them (ir_print_value); properties, attributes and Constants by
 * the names the selector passed on (zm_const_named), with a key before
 * Main__, "! weight = 4", one line for each name (so that a reader, and
 * tests/harness/zlistcheck, can check the numbers); labels L1, L2... in
 * the order they are placed, only those something branches or jumps to.
 * The text is kept in memory while the code is selected and printed by
 * zlink_dump_asm, the back end's dump hook, the key first, then Main__
 * and every routine in the order of the code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"
#include "zbuild.h"
#include "zlink.h"
#include "zref.h"

typedef struct Lister {
    FILE *out;
    const IrProgram *p;
    const IrRoutine *r;       /* NULL for Main__ */
    const ZAsm *a;            /* the names of its named constants */
    ZLink *k;                 /* (where those names are kept) */
    int32_t *label_no;        /* by assembler label: 1, 2... or 0 */
    size_t nlabels;
} Lister;

typedef struct ZListName {
    const char *name;
    int16_t value;
} ZListName;

/* ---- operands ---- */

/* A number the source wrote as a name (zm_const_named): the name, kept
 * with its value for the key. */
static void named(const Lister *ls, const char *name, uint16_t value)
{
    fputs(name, ls->out);
    ZLink *k = ls->k;
    VEC_PUSH(NULL, k->listing_names, k->nlisting_names,
             k->listing_names_cap, ((ZListName){ name, (int16_t)value }));
}

static void variable(const Lister *ls, int v)
{
    if (v == 0) {
        fputs("sp", ls->out);
    } else if (v < 16) {
        if (ls->r) ir_print_local(ls->out, ls->r, v);
        else fprintf(ls->out, "local#%d", v);
    } else {
        int32_t g = zgm_global(&ls->k->b.gm, v);
        if (g >= 0) ir_print_global(ls->out, ls->p, g);
        else fprintf(ls->out, "global#%d", v);
    }
}

/* A value the linker fills in, by the IR reference it came from
 * (zref.h), but for the low copy of a `string N "..."` literal. */
static void reloc(const Lister *ls, const ZOperand *o)
{
    IrValue v = zref_to_ir((ZRelocKind)o->reloc, o->target, o->addend);
    if (o->reloc == ZR_SYMBOL &&
        (o->target & ~ZLINK_SYMBOL_MASK) == ZLINK_LOW_COPY) {
        fputs("low:", ls->out);
        v = ir_ref(IRR_STRING, o->target & ZLINK_SYMBOL_MASK, o->addend);
    }
    ir_print_value(ls->out, ls->p, v);
}

/* `names_var`: the operand of inc, store, pull... that names a variable
 * by its number. */
static void operand(const Lister *ls, const ZOperand *o, bool names_var)
{
    switch (o->kind) {
    case ZO_CONST: case ZO_LARGE:
        if (names_var) variable(ls, o->value);
        else if (zm_operand_name(ls->a, o))           /* zm_const_named */
            named(ls, zm_operand_name(ls->a, o), o->value);
        else if (o->kind == ZO_CONST && o->reloc)      /* zm_const_of */
            ir_print_value(ls->out, ls->p,
                           zref_to_ir((ZRelocKind)(o->reloc - 1), o->target,
                                      o->addend));
        else fprintf(ls->out, "%d", (int)(int16_t)o->value);
        break;
    case ZO_VAR:
        if (names_var) fputc('[', ls->out);
        variable(ls, o->value);
        if (names_var) fputc(']', ls->out);
        break;
    default:
        reloc(ls, o);
        break;
    }
}

/* ---- instructions ---- */

static void label(const Lister *ls, ZLabel l)
{
    if (l == ZBR_RTRUE) fputs("rtrue", ls->out);
    else if (l == ZBR_RFALSE) fputs("rfalse", ls->out);
    else if (l >= 0 && (size_t)l < ls->nlabels && ls->label_no[l])
        fprintf(ls->out, "L%d", (int)ls->label_no[l]);
    else fprintf(ls->out, "L?%d", (int)l);
}

static void instruction(const Lister *ls, const ZListItem *it)
{
    /* a custom opcode (@"VAR:56S") by its description, quoted */
    fprintf(ls->out, strchr(it->name, ':') ? "  \"%s\"" : "  %s", it->name);
    for (int i = 0; i < it->nops; i++) {
        fputc(' ', ls->out);
        operand(ls, &it->ops[i], i == 0 && (it->flags & ZOF_VR));
    }
    if (it->store != ZM_NO_STORE) {
        fputs(" -> ", ls->out);
        variable(ls, it->store);
    }
    if (it->br.label != ZBR_NONE) {
        fputs(it->br.on_true ? " ?" : " ?~", ls->out);
        label(ls, it->br.label);
    }
    fputc('\n', ls->out);
}

static void item(const Lister *ls, const ZListItem *it)
{
    switch (it->kind) {
    case ZL_INSN: instruction(ls, it); break;
    case ZL_TEXT:
        fprintf(ls->out, "  %s ", it->name);
        if (it->text >= 0)
            ir_print_value(ls->out, ls->p, ir_ref(IRR_STRING,
                                                  (uint32_t)it->text, 0));
        else fputs("(text)", ls->out);
        fputc('\n', ls->out);
        break;
    case ZL_LABEL:
        if (it->label >= 0 && (size_t)it->label < ls->nlabels &&
            ls->label_no[it->label]) {
            fputc('.', ls->out);
            label(ls, it->label);
            fputc('\n', ls->out);
        }
        break;
    case ZL_JUMP:
        fputs("  jump ", ls->out);
        label(ls, it->label);
        fputc('\n', ls->out);
        break;
    default:                  /* ZL_GONE */
        break;
    }
}

/* Numbers the labels that something branches or jumps to, 1, 2 ... in
 * the order they are placed. */
static void number_labels(Lister *ls, const ZListItem *items, size_t n)
{
    size_t max = 0;
    for (size_t i = 0; i < n; i++)
        if (items[i].kind == ZL_LABEL && (size_t)items[i].label + 1 > max)
            max = (size_t)items[i].label + 1;
    ls->nlabels = max;
    ls->label_no = xcalloc(max + 1, sizeof *ls->label_no);
    for (size_t i = 0; i < n; i++) {
        ZLabel l = items[i].kind == ZL_JUMP ? items[i].label
                 : items[i].kind == ZL_INSN ? items[i].br.label : -1;
        if (l >= 0 && (size_t)l < max) ls->label_no[l] = -1;
    }
    int32_t next = 1;
    for (size_t i = 0; i < n; i++)
        if (items[i].kind == ZL_LABEL && ls->label_no[items[i].label] == -1)
            ls->label_no[items[i].label] = next++;
}

/* ---- the hooks zlink.c calls ---- */

void zlink_listing_begin(ZLink *k)
{
    k->listing = open_memstream(&k->listing_text, &k->listing_len);
    if (!k->listing) {
        fputs("vinform: out of memory\n", stderr);
        exit(2);
    }
}

void zlink_list_routine(ZLink *k, ZAsm *a, const IrRoutine *r)
{
    size_t n;
    const ZListItem *items = zm_listing(a, &n);
    Lister ls = { .out = k->listing, .p = k->ir, .r = r, .a = a,
                  .k = k };
    number_labels(&ls, items, n);
    fprintf(ls.out, "[ %s", r ? (r->name ? r->name : "(anonymous)")
                              : "Main__");
    for (int i = 1; r && i <= r->nlocals; i++) {
        fputc(' ', ls.out);
        ir_print_local(ls.out, r, i);
    }
    fputs(";\n", ls.out);
    for (size_t i = 0; i < n; i++) item(&ls, &items[i]);
    fputs("]\n", ls.out);
    free(ls.label_no);
}

static int by_name(const void *x, const void *y)
{
    const ZListName *a = x, *b = y;
    int c = strcmp(a->name, b->name);
    return c ? c : (a->value > b->value) - (a->value < b->value);
}

/* The key: each name and the number it stands for, once (a name with
 * two numbers, which would be a bug, shows both). */
static void print_key(ZLink *k, FILE *out)
{
    ZListName *v = k->listing_names;
    size_t n = k->nlisting_names;
    if (!n) return;
    qsort(v, n, sizeof *v, by_name);
    for (size_t i = 0; i < n; i++)
        if (i == 0 || by_name(&v[i - 1], &v[i]))
            fprintf(out, "! %s = %d\n", v[i].name, (int)v[i].value);
}

void zlink_dump_asm(ZLink *k, FILE *out)
{
    if (!k->listing) return;
    print_key(k, out);
    fflush(k->listing);
    fwrite(k->listing_text, 1, k->listing_len, out);
}

void zlink_listing_free(ZLink *k)
{
    if (k->listing) fclose(k->listing);
    free(k->listing_text);
    free(k->listing_names);
    k->listing_names = NULL;
    k->nlisting_names = 0;
    k->listing = NULL;
    k->listing_text = NULL;
}
