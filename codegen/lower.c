/* lower.c: the program-level part of lowering (lower.h).
 *
 * Takes the checked AST, the symbol table and the pools the program
 * builder numbered (value.h: routines, strings, words; Symbol.ir_id of
 * objects, arrays, globals, actions); gives each routine's IR, one at a
 * time, in routine-id order (lower_stmt.c), veneer routines joining the
 * queue as code asks for them.  Also here: the IR node constructors and
 * the routine's scratch memory. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lower_int.h"
#include "../compiler/diag.h"
#include "../compiler/options.h"
#include "../compiler/text.h"

/* ---- the routine's scratch memory ----
 * Chunks kept from routine to routine: most routines fit the first, and
 * memory touched once is not asked of the system again. */

struct ScratchChunk {
    ScratchChunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

/* scratch_take when the current chunk is full (n already rounded). */
static void *scratch_grow(Lower *l, size_t n)
{
    ScratchChunk *c = l->scratch_cur;
    while (c && c->size - c->used < n) {
        c = c->next;
        if (c) c->used = 0;
    }
    if (!c) {
        size_t size = n > 60 * 1024 ? n : 60 * 1024;
        c = xmalloc(sizeof *c + size);
        c->size = size;
        c->used = 0;
        c->next = NULL;
        if (l->scratch_cur) {
            c->next = l->scratch_cur->next;
            l->scratch_cur->next = c;
        } else {
            l->scratch = c;
        }
    }
    l->scratch_cur = c;
    void *p = c->data + c->used;
    c->used += n;
    return p;
}

/* Memory for the routine, not cleared. */
static inline void *scratch_take(Lower *l, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    ScratchChunk *c = l->scratch_cur;
    if (!c || c->size - c->used < n) return scratch_grow(l, n);
    void *p = c->data + c->used;
    c->used += n;
    return p;
}

void *scratch_alloc(Lower *l, size_t n)
{
    return memset(scratch_take(l, n), 0, n);
}

static void scratch_reset(Lower *l)
{
    l->scratch_cur = l->scratch;
    if (l->scratch) l->scratch->used = 0;
}

static void scratch_free(Lower *l)
{
    for (ScratchChunk *c = l->scratch, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    l->scratch = l->scratch_cur = NULL;
}

/* ---- IR node constructors ---- */

/* (Every field set here: a memset of its size per node costs more.) */
IrNode *ir_new(Lower *l, IrKind kind, int nkids, SrcLoc loc)
{
    IrNode *n = scratch_take(l, sizeof *n + (size_t)nkids * sizeof *n->kids);
    *n = (IrNode){ .kind = (uint8_t)kind, .nkids = (uint8_t)nkids,
                   .loc = loc, .value.ref = IRR_NONE };
    if (nkids) {
        n->kids = (IrNode **)(n + 1);
        for (int i = 0; i < nkids; i++) n->kids[i] = NULL;
    }
    return n;
}

IrNode *ir_const(Lower *l, IrValue v, SrcLoc loc)
{
    IrNode *n = ir_new(l, IR_CONST, 0, loc);
    n->value = v;
    const IrProgram *p = l->p;
    if (v.ref == IRR_ROUTINE && v.target < (uint32_t)p->nroutines &&
        p->routines[v.target]->omitted && l->r)
        l->r->names_omitted = true;         /* (ir.h) */
    return n;
}

IrNode *ir_num_node(Lower *l, int32_t v, SrcLoc loc)
{
    if (l->word == 2) v = (int16_t)v;
    return ir_const(l, ir_num(v), loc);
}

IrNode *ir_unary(Lower *l, IrKind kind, IrNode *a, SrcLoc loc)
{
    IrNode *n = ir_new(l, kind, 1, loc);
    n->kids[0] = a;
    return n;
}

IrNode *ir_binary(Lower *l, IrKind kind, IrNode *a, IrNode *b, SrcLoc loc)
{
    IrNode *n = ir_new(l, kind, 2, loc);
    n->kids[0] = a;
    n->kids[1] = b;
    return n;
}

IrNode *ir_call(Lower *l, IrNode *fn, IrNode **args, int nargs, SrcLoc loc)
{
    IrNode *n = ir_new(l, IR_CALL, nargs + 1, loc);
    n->kids[0] = fn;
    for (int i = 0; i < nargs; i++) n->kids[i + 1] = args[i];
    return n;
}

IrNode *ir_veneer_call(Lower *l, const char *name, SrcLoc loc, int nargs, ...)
{
    IrNode *args[8];
    va_list ap;
    va_start(ap, nargs);
    for (int i = 0; i < nargs && i < 8; i++) args[i] = va_arg(ap, IrNode *);
    va_end(ap);
    int id = pools_veneer_routine(l->pools, name);
    IrNode *fn = ir_const(l, ir_ref(IRR_ROUTINE, (uint32_t)(id < 0 ? 0 : id), 0),
                          loc);
    return ir_call(l, fn, args, nargs, loc);
}

static void append(Lower *l, IrNode *stmt)
{
    IrRoutine *r = l->r;
    if (r->ncode == r->code_cap) {
        int cap = r->code_cap ? r->code_cap * 2 : 64;
        IrNode **code = scratch_alloc(l, (size_t)cap * sizeof *code);
        if (r->ncode) memcpy(code, r->code, (size_t)r->ncode * sizeof *code);
        r->code = code;
        r->code_cap = cap;
    }
    r->code[r->ncode++] = stmt;
}

void emit(Lower *l, IrNode *stmt)
{
    if (lr_statement(l, stmt)) append(l, stmt);
}

int new_label(Lower *l)
{
    return l->r->nlabels++;
}

static bool place_label(Lower *l, int label, bool forward)
{
    if (!lr_label(l, label, forward)) return false;
    IrNode *n = ir_new(l, IR_LABEL, 0, (SrcLoc){ 0 });
    n->num = label;
    append(l, n);
    return true;
}

void emit_label(Lower *l, int label)
{
    place_label(l, label, false);
}

bool emit_forward_label(Lower *l, int label)
{
    return place_label(l, label, true);
}

void emit_jump_live(Lower *l, int label, SrcLoc loc)
{
    if (!l->reach) emit_jump(l, label, loc);
}

void emit_jump(Lower *l, int label, SrcLoc loc)
{
    IrNode *n = ir_new(l, IR_JUMP, 0, loc);
    n->num = label;
    emit(l, n);
}

Symbol *lookup(Lower *l, const char *name)
{
    return sym_lookup(l->c->symbols, name);
}

int add_table(Lower *l, IrValue *words, int n)
{
    IrProgram *p = l->p;
    IrValue *copy = arena_alloc(l->a, (size_t)(n ? n : 1) * sizeof *copy);
    memcpy(copy, words, (size_t)n * sizeof *copy);
    VEC_PUSH(l->a, p->tables, p->ntables, p->tables_cap,
             (IrTable){ copy, n, false, false });
    return p->ntables - 1;
}

/* ---- the program ---- */

Lower *lower_program(Compiler *c, IrPools *pools)
{
    Lower *l = xcalloc(1, sizeof *l);
    l->c = c;
    l->a = &c->arena;
    l->pools = pools;
    l->p = pools_ir(pools);
    l->word = c->target->lim.word_size;
    l->strict = c->opts->strict;
    l->debug = c->opts->debug;
    /* (read once: looked up by name for every routine, it was 0.7% of
     * lowering) */
    l->strip_labels =
        opt_setting(c->opts, "STRIP_UNREACHABLE_LABELS", 1) != 0;
    return l;
}

/* Whether the routine called `name` tells strings from arrays by their
 * numbers (IrProgram.strings_apart_from_arrays): the text library's. */
static bool tells_strings_from_arrays(const char *name)
{
    return name && (!strcasecmp(name, "Text__IsText") ||
                    !strcasecmp(name, "Regex__IsText"));
}

const IrRoutine *lower_routine(Lower *l, int id)
{
    scratch_reset(l);
    IrRoutine *r = l->p->routines[id];
    if (tells_strings_from_arrays(r->name))
        l->p->strings_apart_from_arrays = true;
    r->code = NULL;
    r->ncode = r->code_cap = r->nlabels = 0;
    r->names_omitted = false;
    l->nlabs = l->labs_cap = 0;
    l->r = r;
    lr_begin_routine(l);
    lp_begin(l);
    ls_routine(l, id);
    return r;
}

void lower_free(Lower *l)
{
    if (!l) return;
    scratch_free(l);
    free(l);
}

IrProgram *lower_ir(Lower *l)
{
    return l->p;
}

int lower_veneer_routine(Lower *l, const char *name)
{
    return pools_veneer_routine(l->pools, name);
}
