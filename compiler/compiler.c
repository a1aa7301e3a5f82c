/* compiler.c: one compilation's state, made and freed, and the passes up
 * to the checked AST (see compiler.h): parse (declaring inside), the
 * bundled library, check and fold.  compiler/main.c runs them and the
 * passes after; the unit tests and the fuzz target run them alone. */
#include "compiler.h"

#include <setjmp.h>
#include <string.h>

#include "bundled.h"
#include "declare.h"
#include "diag.h"

void compiler_init(Compiler *c, Options *opts)
{
    memset(c, 0, sizeof *c);
    c->opts = opts;
    c->sources = src_new(&c->arena, opts);
    c->symbols = sym_new(&c->arena);
    src_attach_diagnostics(c->sources);
}

void compiler_free(Compiler *c)
{
    frontend_free(c);
    bundled_free(c);
    decl_free(c);
    src_free(c->sources);
    sym_free(c->symbols);
    arena_release(&c->arena);
}

int compile_front_end(Compiler *c, SourceFile *main_file)
{
    jmp_buf fatal;
    if (setjmp(fatal)) {
        diag_catch_fatal(NULL);
        return 1;
    }
    diag_catch_fatal(&fatal);
    decl_begin(c);
    parse_program(c, main_file);
    bundled_load_library(c);
    check_program(c);
    diag_catch_fatal(NULL);
    return diag_had_errors() ? 1 : 0;
}
