/* declare.c: FIRST VERSION, appends directives to the program; symbol
 * definitions follow once the AST shapes are fixed. */
#include "compiler.h"

void decl_begin(Compiler *c)
{
    c->program = ast_new(&c->arena, NODE_PROGRAM, (SrcLoc){0, 0, 0});
}

void decl_directive(Compiler *c, Node *directive)
{
    if (directive) ast_add(&c->arena, c->program, directive);
}
