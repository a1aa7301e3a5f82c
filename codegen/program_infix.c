/* program_infix.c: what -X gives the Infix debugger about the program's
 * data (ir.h, IrInfix), as inform6 6.45 gives it.
 *
 * Takes the numbered program (its arrays, objects and classes) and the
 * symbol table; gives IrProgram.infix_tables: the constants, objects and
 * classes in the order their symbols were made, and the word tables
 * Symb__Tab(kind, n) reads its answers from: each array's highest index,
 * kind and address, each constant's value and kind.  The two routine
 * tables start empty: routines are numbered as they are lowered
 * (lower_infix.c adds to them). */
#include "program_int.h"

#include <string.h>

enum { INFIX_SYSTEM = 16 };     /* the kind of a library or compiler name */

static int new_table(Builder *b, IrValue *words, int n)
{
    IrProgram *ir = b->p->ir;
    VEC_PUSH(b->a, ir->tables, ir->ntables, ir->tables_cap,
             ((IrTable){ words, n, false, true }));
    return ir->ntables - 1;
}

static IrValue *words(Builder *b, int n)
{
    return arena_alloc(b->a, (size_t)(n ? n : 1) * sizeof(IrValue));
}

static bool from_library(const Symbol *s)
{
    return s && (s->flags & (SYMF_SYSTEM_FILE | SYMF_BUILTIN));
}

/* inform6's "size" of an array: its highest index, in entries (bytes
 * for a buffer, whose count word is not an entry). */
static int32_t highest_index(const ProgArray *a, int word)
{
    int32_t n = a->body == PAB_SIZE ? a->size
              : a->body == PAB_TEXT ? a->ntext
              : a->body == PAB_VALUES ? a->nvalues : 0;
    switch (a->kind) {
    case PA_BYTE: case PA_WORD: return n - 1;
    case PA_BUFFER: return n + word - 1;
    default: return n;
    }
}

static void arrays(Builder *b, IrInfix *x)
{
    const IrProgram *ir = b->p->ir;
    int n = b->p->narrays, word = b->c->target->lim.word_size;
    IrValue *size = words(b, n), *kind = words(b, n), *addr = words(b, n);
    for (int i = 0; i < n; i++) {
        const ProgArray *a = &b->p->arrays[i];
        size[i] = ir_num(highest_index(a, word));
        int k = (int)a->kind;
        if (i < ir->narrays && from_library(ir->arrays[i])) k += INFIX_SYSTEM;
        kind[i] = ir_num(k);
        addr[i] = ir_ref(IRR_ARRAY, (uint32_t)i, 0);
    }
    x->array_size = new_table(b, size, n);
    x->array_kind = new_table(b, kind, n);
    x->array_addr = new_table(b, addr, n);
}

static bool is_constant(const Symbol *s)
{
    return s->kind == SYM_CONSTANT || s->kind == SYM_OBJECT ||
           s->kind == SYM_CLASS;
}

static void constants(Builder *b, IrInfix *x)
{
    int n = 0;
    for (Symbol *s = sym_first(b->c->symbols); s; s = s->order_next)
        n += is_constant(s);
    x->constants = arena_alloc(b->a, (size_t)(n + 1) * sizeof *x->constants);
    IrValue *value = words(b, n), *kind = words(b, n);
    int k = 0;
    for (Symbol *s = sym_first(b->c->symbols); s; s = s->order_next) {
        if (!is_constant(s)) continue;
        IrValue v;
        if (!value_of_symbol(b->pools, s, s->loc, &v)) v = ir_num(0);
        int t = s->kind == SYM_OBJECT ? 2 : s->kind == SYM_CLASS ? 1 : 0;
        x->constants[k] = s;
        value[k] = v;
        kind[k++] = ir_num(t + (from_library(s) ? INFIX_SYSTEM : 0));
    }
    x->nconstants = k;
    x->constant_value = new_table(b, value, k);
    x->constant_kind = new_table(b, kind, k);
}

void pb_infix(Builder *b)
{
    IrProgram *ir = b->p->ir;
    if (!ir->infix) return;
    IrInfix *x = &ir->infix_tables;
    arrays(b, x);
    constants(b, x);
    x->routine_value = new_table(b, words(b, 0), 0);
    x->routine_kind = new_table(b, words(b, 0), 0);
}
