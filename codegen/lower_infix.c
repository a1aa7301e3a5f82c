/* lower_infix.c: the code -X (Infix) and `[ R * ...` add to routines,
 * and -X's Symb__Tab, as inform6 6.45 compiles them.
 *
 * Takes the routine being lowered and IrProgram.infix_tables (ir.h,
 * filled by program_infix.c); gives
 *  - the tracing prologue at a routine's start: it prints
 *    "[ Name(a = 1, b = 2) ]" and a new line, the arguments given (Z v5+;
 *    in v3 every local; at most seven on the Z-machine).  Under -X a routine that is not
 *    embedded prints it when its bit of #routine_flags_array is set
 *    (Infix's `;watch Name`), an embedded one when `self` has attribute 0
 *    (infix__watching, `;watch object`); without -X a `*` routine
 *    always prints it, and under -g (-g2, -g3) every routine of the
 *    program (and the library's, and the veneer's) does;
 *  - under -X, every routine that is not embedded numbered in the order
 *    lowered, with its value and kind added to Symb__Tab's tables;
 *  - Symb__Tab(kind, n) itself: kind 1 array n (its address;
 *    temp__global2 = its highest index, temp__global3 = its kind), 2
 *    routine n (its value; temp__global3 = 0 or 16 for the library's),
 *    3 constant n (its value; temp__global3 = its kind); true for a number
 *    out of range (false for a constant), as inform6's chain of tests
 *    answers. */
#include "lower_int.h"

#include <string.h>

#include "../compiler/source.h"

enum { TRACE_LOCALS = 7, INFIX_SYSTEM = 16 };

static void print_text(Lower *l, const char *text, SrcLoc loc)
{
    IrNode *p = ir_new(l, IR_PRINT_TEXT, 0, loc);
    p->num = pools_string_text(l->pools, text);
    emit(l, p);
}

static IrNode *global(Lower *l, int id, SrcLoc loc)
{
    IrNode *g = ir_new(l, IR_GLOBAL, 0, loc);
    g->num = id;
    return g;
}

static IrNode *local(Lower *l, int n, SrcLoc loc)
{
    IrNode *v = ir_new(l, IR_LOCAL, 0, loc);
    v->num = n;
    return v;
}

static IrNode *table_entry(Lower *l, int table, IrNode *index, SrcLoc loc)
{
    return ir_binary(l, IR_LOADW, ir_const(l, ir_ref(IRR_TABLE,
                                                    (uint32_t)table, 0), loc),
                     index, loc);
}

/* Appends one word to a table lowering grows (the routine tables). */
static void table_push(Lower *l, int table, IrValue v)
{
    IrTable *t = &l->p->tables[table];
    IrValue *w = arena_alloc(l->a, (size_t)(t->nwords + 1) * sizeof *w);
    if (t->nwords) memcpy(w, t->words, (size_t)t->nwords * sizeof *w);
    w[t->nwords] = v;
    t->words = w;
    t->nwords++;
}

/* Whether the library or the compiler gave routine `r` (kind + 16). */
static bool from_library(Lower *l, const IrRoutine *r)
{
    if (r->is_veneer || r->is_symbol_table) return true;
    Symbol *s = r->name ? lookup(l, r->name) : NULL;
    return s && (s->flags & (SYMF_SYSTEM_FILE | SYMF_BUILTIN));
}

/* Routine `id`'s number among the routines that are not embedded. */
static int number_routine(Lower *l, int id, const IrRoutine *r)
{
    IrInfix *x = &l->p->infix_tables;
    VEC_PUSH(l->a, x->routines, x->nroutines, x->routines_cap, id);
    table_push(l, x->routine_value, ir_ref(IRR_ROUTINE, (uint32_t)id, 0));
    table_push(l, x->routine_kind,
               ir_num(from_library(l, r) ? INFIX_SYSTEM : 0));
    return x->nroutines - 1;
}

/* "[ Name(a = 1, b = 2) ]^": the arguments given, where the machine can
 * tell (else every local), at most seven. */
static void print_call(Lower *l, const IrRoutine *r, SrcLoc loc)
{
    const char *name = r->trace_name ? r->trace_name
                     : r->name ? r->name : "";
    print_text(l, arena_strcat(l->a, "[ ", arena_strcat(l->a, name, "(")),
               loc);
    int end = new_label(l);
    /* (inform6: seven at most on the Z-machine, every local on Glulx) */
    int most = l->word == 2 ? TRACE_LOCALS : r->nlocals;
    for (int i = 1; i <= r->nlocals && i <= most; i++) {
        if (l->c->target->arg_count) {
            IrNode *given = ir_new(l, IR_ARG_GIVEN, 0, loc);
            given->num = i;
            lx_branch(l, given, end, false, loc);
        }
        const char *lname = r->local_names[i - 1];
        print_text(l, arena_strcat(l->a, i == 1 ? "" : ", ",
                                   arena_strcat(l->a, lname, " = ")), loc);
        emit(l, ir_unary(l, IR_PRINT_NUM, local(l, i, loc), loc));
    }
    emit_label(l, end);
    print_text(l, ") ]\n", loc);
}

/* -g, -g2, -g3 ($!RUNTIME), by inform6 6.45's rule: every routine of
 * the program, embedded ones too, prints its call; -g2 the library's
 * (a System_file's) as well, -g3 the veneer's too; never a Stub. */
static bool traced_by_switch(Lower *l, const IrRoutine *r)
{
    int g = l->c->opts->trace_calls;
    if (g <= 0 || r->is_symbol_table) return false;
    Symbol *s = r->name && !r->is_embedded ? lookup(l, r->name) : NULL;
    if (s && (s->flags & SYMF_STUB)) return false;
    if (g >= 3) return true;
    if (r->is_veneer) return false;
    if (g == 2) return true;
    const SourceFile *f = src_file(l->c->sources, r->loc.file);
    return !(f && (f->system_file || f->builtin));
}

void linfix_prologue(Lower *l, int id, SrcLoc loc)
{
    const IrRoutine *r = l->p->routines[id];
    bool infix = l->p->infix;
    if (!infix && !(r->traced && !r->is_embedded) &&
        !traced_by_switch(l, r))
        return;
    int skip = new_label(l);
    if (infix && r->is_embedded) {
        /* @test_attr self 0 ?~skip */
        IrNode *watched = ir_binary(l, IR_HAS, global(l, IRG_SELF, loc),
                                    ir_num_node(l, 0, loc), loc);
        lx_branch(l, watched, skip, false, loc);
    } else if (infix) {
        int n = number_routine(l, id, r);
        IrNode *flags = ir_const(l, ir_ref(IRR_SYSCONST,
                                           IRSC_routine_flags_array, 0), loc);
        IrNode *byte = ir_binary(l, IR_LOADB, flags,
                                 ir_num_node(l, n / 8, loc), loc);
        IrNode *bit = ir_binary(l, IR_AND, byte,
                                ir_num_node(l, 1 << (n % 8), loc), loc);
        lx_branch(l, ir_unary(l, IR_NONZERO, bit, loc), skip, false, loc);
    }
    print_call(l, r, loc);
    emit_label(l, skip);
}

/* if (kind == k) the answer for the n-th entry of the kind's tables:
 * temp__global2 and 3 set from `t2`, `t3` (-1: left alone), the value
 * from `value`; `count` entries (NULL: #highest_routine_number + 1). */
static void answer(Lower *l, int kind, int count, int t2, int t3, int value,
                   int32_t missing, SrcLoc loc)
{
    int next = new_label(l), out = new_label(l);
    IrNode *is = ir_new(l, IR_EQ, 2, loc);
    is->kids[0] = local(l, 1, loc);
    is->kids[1] = ir_num_node(l, kind, loc);
    lx_branch(l, is, next, false, loc);
    IrNode *top = count >= 0 ? ir_num_node(l, count - 1, loc)
        : ir_const(l, ir_ref(IRR_SYSCONST, IRSC_highest_routine_number, 0),
                   loc);
    IrNode *outside = ir_binary(l, IR_LOR,
        ir_binary(l, IR_LT, local(l, 2, loc), ir_num_node(l, 0, loc), loc),
        ir_binary(l, IR_GT, local(l, 2, loc), top, loc), loc);
    lx_branch(l, outside, out, true, loc);
    if (t2 >= 0)
        emit(l, ir_unary(l, IR_EVAL, ir_binary(l, IR_SET,
            global(l, IRG_TEMP2, loc),
            table_entry(l, t2, local(l, 2, loc), loc), loc), loc));
    emit(l, ir_unary(l, IR_EVAL, ir_binary(l, IR_SET,
        global(l, IRG_TEMP3, loc),
        table_entry(l, t3, local(l, 2, loc), loc), loc), loc));
    emit(l, ir_unary(l, IR_RETURN, table_entry(l, value, local(l, 2, loc),
                                               loc), loc));
    emit_label(l, out);
    emit(l, ir_unary(l, IR_RETURN, ir_num_node(l, missing, loc), loc));
    emit_label(l, next);
}

void linfix_symbol_table(Lower *l, int id)
{
    IrRoutine *r = l->p->routines[id];
    const IrInfix *x = &l->p->infix_tables;
    SrcLoc loc = r->loc;
    static const char *const names[] = { "dummy1", "dummy2" };
    r->nlocals = 2;
    r->local_names = arena_alloc(l->a, 3 * sizeof *r->local_names);
    memcpy(r->local_names, names, sizeof names);
    linfix_prologue(l, id, loc);
    answer(l, 1, l->p->narrays, x->array_size, x->array_kind, x->array_addr,
           1, loc);
    answer(l, 2, -1, -1, x->routine_kind, x->routine_value, 1, loc);
    answer(l, 3, x->nconstants, -1, x->constant_kind, x->constant_value, 0,
           loc);
    emit(l, ir_unary(l, IR_RETURN, ir_num_node(l, 1, loc), loc));
}
