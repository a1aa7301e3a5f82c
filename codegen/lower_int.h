/* lower_int.h: what the parts of lowering share (lower.c: the Lower,
 * IR node constructors, the routine's scratch memory; lower_expr.c: expressions and
 * conditions; lower_stmt.c: statements; lower_obj.c: the object model;
 * lower_reach.c: which statements execution reaches). */
#ifndef VINFORM_LOWER_INT_H
#define VINFORM_LOWER_INT_H

#include "lower.h"
#include "value.h"
#include "../compiler/ast.h"
#include "../compiler/symbols.h"
#include "../compiler/text.h"

/* Memory for one routine's IR, reused for the next (lower.c). */
typedef struct ScratchChunk ScratchChunk;

struct Lower {
    Compiler *c;
    Arena *a;                 /* what outlives a routine: pools, names */
    ScratchChunk *scratch, *scratch_cur;   /* the routine's IR */
    IrPools *pools;           /* the program's numbers, strings, words */
    IrProgram *p;             /* pools_ir(pools) */
    bool strict;
    bool debug;
    int word;                 /* 2 or 4 */
    /* the routine being lowered */
    IrRoutine *r;
    const Node *locals;
    bool embedded;            /* implicit return is false */
    int break_label, continue_label;   /* -1 outside loops */
    const Node *if_return;    /* the body of the if being lowered: an
                               * rtrue or rfalse there is IR_RETURN num2 1 */
    const char **lab_names;
    int32_t *lab_ids;
    int nlabs, labs_cap;
    /* what execution reaches (lower_reach.c) */
    int reach;                /* REACH_ flags; 0: reachable */
    SrcLoc stmt_loc;          /* the statement being lowered (messages) */
    int32_t *label_uses;      /* per label: kept jumps to it so far */
    bool *label_gone;         /* per label: left out */
    int reach_cap;
    bool strip_labels;        /* $STRIP_UNREACHABLE_LABELS (lower_program) */
    /* -k's sequence points (lower_points.c) */
    bool points;              /* marked in this routine */
    SrcLoc routine_end;       /* its `]` */
    bool end_marked;          /* an action switch's last return took it */
};

enum { REACH_NEVER = 1, REACH_ENTIRE = 2, REACH_NOWARN = 4 };

/* lower.c */
/* Zeroed memory for the current routine's IR (freed by lower_routine). */
void *scratch_alloc(Lower *l, size_t n);
IrNode *ir_new(Lower *l, IrKind kind, int nkids, SrcLoc loc);
IrNode *ir_const(Lower *l, IrValue v, SrcLoc loc);
IrNode *ir_num_node(Lower *l, int32_t v, SrcLoc loc);
IrNode *ir_unary(Lower *l, IrKind kind, IrNode *a, SrcLoc loc);
IrNode *ir_binary(Lower *l, IrKind kind, IrNode *a, IrNode *b, SrcLoc loc);
IrNode *ir_call(Lower *l, IrNode *fn, IrNode **args, int nargs, SrcLoc loc);
/* A call of veneer routine `name` with the given arguments. */
IrNode *ir_veneer_call(Lower *l, const char *name, SrcLoc loc, int nargs, ...);
/* A statement, kept only where execution can reach it (lower_reach.c). */
void emit(Lower *l, IrNode *stmt);
int new_label(Lower *l);
void emit_label(Lower *l, int label);
/* A label only forward jumps go to (the end of an if, a loop's exit):
 * placed only when a kept jump went to it; false when left out. */
bool emit_forward_label(Lower *l, int label);
void emit_jump(Lower *l, int label, SrcLoc loc);
/* A jump made only where execution reaches, with no warning where it
 * does not (the jump inform6 makes after a block only when the block
 * can end). */
void emit_jump_live(Lower *l, int label, SrcLoc loc);
int add_table(Lower *l, IrValue *words, int n);
Symbol *lookup(Lower *l, const char *name);

/* lower_reach.c: what execution reaches, inform6's rules */
void lr_begin_routine(Lower *l);
/* Before statement s (not a LABEL) is added: whether to keep it; warns
 * once where nothing reaches it; counts its jump; notes whether
 * execution goes on after it. */
bool lr_statement(Lower *l, const IrNode *s);
/* Whether to place a label (forward: only if a kept jump went to it). */
bool lr_label(Lower *l, int label, bool forward);
/* Around a statement or a code block: lr_leave(l, lr_enter(l)). */
int lr_enter(Lower *l);
void lr_leave(Lower *l, int saved);

/* lower_points.c: -k's sequence points, inform6's rules (IrSeqMark) */
/* Per routine, once l->r is set: no marks yet; whether to make any. */
void lp_begin(Lower *l);
/* A point waits from here (before the next statement kept), at `loc`. */
void lp_at(Lower *l, SrcLoc loc);
/* ... at the first token of part `part` (0-2) of FOR node `loop`. */
void lp_at_for_part(Lower *l, const Node *loop, int part);
/* ... at the `}` or `]` closing `n` (ast_end), if it has one. */
void lp_end(Lower *l, const Node *n);
/* ... at the first token of the directive that makes the routine: a
 * Stub's, or a routine's `[` (for its tracing prologue). */
void lp_directive(Lower *l, const Node *d);
/* None waits from here (code the compiler adds takes none). */
void lp_none(Lower *l);

/* lower_expr.c */
IrNode *lx_expr(Lower *l, const Node *n);
/* A condition tree (EQ, LT, ..., LAND, LOR, LNOT, NONZERO). */
IrNode *lx_cond(Lower *l, const Node *n);
/* The local variable number of a name in the current routine, or 0. */
int lx_local(Lower *l, const char *name);
/* What NAME node `n` denotes in the current routine: its local variable
 * number, or 0 and *sym = the symbol of the name (NULL when none); as
 * check recorded it (ast_name_local), else looked up. */
int lx_name(Lower *l, const Node *n, Symbol **sym);
/* The symbol of a NAME node's name, locals aside (NULL when none). */
Symbol *lx_symbol(Lower *l, const Node *n);
/* The variable (LOCAL or GLOBAL node) a NAME denotes, or NULL. */
IrNode *lx_variable(Lower *l, const Node *name);
/* Branches to `label` when condition node `cond` is `sense`. */
void lx_branch(Lower *l, IrNode *cond, int label, bool sense, SrcLoc loc);

/* lower_obj.c: property reads and writes, message calls, built-ins */
IrNode *lo_property(Lower *l, const Node *binop);
IrNode *lo_assign_property(Lower *l, const Node *target, IrNode *value,
                           SrcLoc loc);
IrNode *lo_incdec_property(Lower *l, const Node *target, NodeKind op,
                           SrcLoc loc);
IrNode *lo_message(Lower *l, const Node *call);
IrNode *lo_sysfunc(Lower *l, Symbol *f, const Node *call);
IrNode *lo_array_read(Lower *l, const Node *binop);
IrNode *lo_array_write(Lower *l, const Node *target, IrNode *value,
                       SrcLoc loc);
IrNode *lo_incdec_entry(Lower *l, const Node *target, bool inc, bool pre,
                        SrcLoc loc);
bool lo_is_common_property(Lower *l, const Node *n, int32_t *prop);

/* lower_strict.c: strict mode's run-time checks; each gives its operation
 * unchecked when l->strict is false or the check cannot fail */
IrNode *lchk_array_read(Lower *l, const Node *base, IrNode *load);
IrNode *lchk_array_write(Lower *l, const Node *base, IrNode *store);
IrNode *lchk_divide(Lower *l, IrNode *op);      /* other kinds unchanged */
IrNode *lchk_condition(Lower *l, IrNode *op);   /* HAS, IN */
/* PARENT, CHILD, SIBLING, SYSCALL; crime as lchk_tree_crime gives for
 * the function's name (12 for objectloop near). */
IrNode *lchk_tree(Lower *l, IrNode *op, int crime);
int lchk_tree_crime(const char *function);
IrNode *lchk_prop_addr(Lower *l, IrNode *op, bool length);  /* .& / .# */
void lchk_objectloop_step(Lower *l, const IrNode *x, IrNode *o, int brk,
                          SrcLoc loc);
bool lchk_is_leaf(const IrNode *n);

/* lower_stmt.c */
void ls_block(Lower *l, const Node *block);
void ls_stmt(Lower *l, const Node *n);
void ls_routine(Lower *l, int id);
/* One print item that is not a string: a print rule, or a number. */
void ls_print_item(Lower *l, const Node *item);

/* lower_varying.c: a print statement with varying text (compiler/
 * varying.h); false, with nothing emitted, when it has none. */
bool lv_print(Lower *l, const Node *print);

/* lower_infix.c: -X and `[ R * ...`.  The tracing prologue (nothing
 * unless -X or a `*` routine), and -X's numbering of the routine, when
 * routine `id` starts; Symb__Tab's whole body. */
void linfix_prologue(Lower *l, int id, SrcLoc loc);
void linfix_symbol_table(Lower *l, int id);

#endif
