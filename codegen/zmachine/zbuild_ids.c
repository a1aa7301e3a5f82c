/* zbuild_ids.c: the program's identifier names into the Z-machine's
 * identifier tables (identifiers.h).
 *
 * Takes the Program's names (property, attribute, action and fake-action
 * names in symbol-table order, aliases marked) and arrays; gives the zi_
 * calls, each fake action with its ##value (program_grammar.h), -X's
 * names of globals, routines and constants (IrInfix), and keeps
 * the name strings zi_write asks for (compiled after every other string,
 * as inform6 does). */
#include "zbuild.h"

#include <stdlib.h>
#include <string.h>

static uint32_t id_string(void *ctx, const char *text)
{
    ZBuild *b = ctx;
    VEC_PUSH(NULL, b->id_strings, b->nid_strings, b->id_strings_cap,
             xstrdup(text));
    return b->id_strings_base + (uint32_t)(b->nid_strings - 1);
}

static void name(ZBuild *b, const ProgName *n)
{
    switch (n->kind) {
    case PN_PROPERTY:
        zi_symbol(b->ids, ZI_PROPERTY, n->value, n->joined, n->aliased);
        break;
    case PN_ATTRIBUTE:
        zi_symbol(b->ids, ZI_ATTRIBUTE, n->value, n->joined, n->aliased);
        break;
    case PN_ACTION:
        zi_symbol(b->ids, ZI_ACTION, n->value, n->name, false);
        break;
    case PN_FAKE_ACTION:
        zi_symbol(b->ids, ZI_FAKE_ACTION,
                  progg_action_value(b->prog->grammar, (uint32_t)n->value),
                  n->name, false);
        break;
    }
}

/* -X: the names Infix prints, in the IR's orders (ir.h, IrInfix); a
 * global's slot is its variable less 16. */
static void infix_names(ZBuild *b)
{
    const IrProgram *ir = b->ir;
    const IrInfix *x = &ir->infix_tables;
    zi_infix(b->ids);
    for (int g = 0; g < ir->nglobals; g++)
        if (ir->globals[g])
            zi_global(b->ids, zgm_var(&b->gm, g) - 16, ir->globals[g]->name);
    for (int i = 0; i < x->nroutines; i++) {
        const IrRoutine *r = ir->routines[x->routines[i]];
        zi_routine(b->ids, r->name, r->traced);
    }
    for (int i = 0; i < x->nconstants; i++)
        zi_constant(b->ids, x->constants[i]->name);
}

void zbd_identifiers(ZBuild *b, ZIdentTables *out)
{
    const Program *p = b->prog;
    for (int i = 0; i < p->nnames; i++) name(b, &p->names[i]);
    for (int i = 0; i < p->narrays; i++)
        if (p->arrays[i].name) zi_array(b->ids, p->arrays[i].name);
    if (b->ir->infix) infix_names(b);
    b->id_strings_base = (uint32_t)b->ir->nstrings;
    zi_write(b->ids, p->nprops, b->acts, id_string, b, out);
}
