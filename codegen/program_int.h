/* program_int.h: what the parts of the program builder share (program.c:
 * the entry point, numbering, the walk and the small directives;
 * program_build_objects.c: Property, Object and Class; program_data.c:
 * Global and Array).  Not for other modules. */
#ifndef VINFORM_PROGRAM_INT_H
#define VINFORM_PROGRAM_INT_H

#include "program.h"
#include "../compiler/ast.h"
#include "../compiler/diag.h"
#include "../compiler/symbols.h"

typedef struct Builder {
    Program *p;
    Compiler *c;
    IrPools *pools;
    Arena *a;
    int *dups;              /* by directive index: Class C(n)'s n + 1 */
    int *number;            /* by directive index: the object's number */
    int *entry_number;      /* by declare's DeclObject entry: the object's
                               number, once it is made */
    /* capacities of the Program's lists (VEC_PUSH) */
    int steps_cap, abbrevs_cap, lowstrings_cap, charsets_cap, dict_cap,
        names_cap;
} Builder;

/* program.c */
void pb_step(Builder *b, ProgStepKind kind, int index);
Symbol *pb_lookup(Builder *b, const char *name);
/* Reports a complaint of the object builder (or `msg`) at `loc`. */
void pb_report(const SrcLoc *loc, const char *msg, bool warning);

/* program_build_objects.c */
void pb_property(Builder *b, const Node *n);
void pb_object(Builder *b, const Node *n, int index);
void pb_class(Builder *b, const Node *n, int index);

/* program_data.c */
/* The globals and arrays by id, once numbering has counted them. */
void pb_data_init(Builder *b);
void pb_global(Builder *b, const Node *n);
void pb_array(Builder *b, const Node *n);

/* program_infix.c: -X's constants and Symb__Tab's tables (IrInfix),
 * once every directive is built; nothing without -X. */
void pb_infix(Builder *b);

#endif
