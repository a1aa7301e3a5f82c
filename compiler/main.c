/* main.c: the vinform driver.  Reads the command line, then runs the passes
 * in order, one call each:
 *
 *   options -> sources (+ `!%` lines) -> lex/filter/parse with declare
 *           -> check and fold -> [lower -> back end -> story file]
 *
 * --dump-tokens and --dump-ast print the state after that pass and stop. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compiler.h"
#include "bundled.h"
#include "../codegen/backend.h"
#include "../codegen/lower.h"
#include "declare.h"
#include "diag.h"
#include "options.h"
#include "source.h"

#ifndef VERSION
#define VERSION "0.0"
#endif

static void refuse_unimplemented(const Options *o)
{
    for (int i = 0; i < o->n_unimplemented; i++)
        diag_error(NULL, "the switch %s is accepted but not implemented yet",
                   o->unimplemented[i]);
}

/* The Glulx back end is not built yet: say so rather than pretend. */
static void refuse_glulx(void)
{
    diag_error(NULL, "vinform cannot write a Glulx story file yet: the "
               "Glulx code generator is not built; use --syntax-only to "
               "check the source");
}

/* --dump-ir: every routine the story would get, in routine-id order. */
static void dump_ir(Lower *l)
{
    const IrProgram *p = lower_ir(l);
    for (int i = 0; i < p->nroutines; i++)
        ir_dump_routine(stdout, p, lower_routine(l, i));
}

/* The compilation's memory is left to the system, which takes it back at
 * exit all at once: unmapping it block by block first was 2% of a library
 * game's compile.  Under the sanitizers it is freed, so that a leak shows. */
#ifdef VINFORM_SANITIZERS
#define FREE_AT_EXIT 1
#else
#define FREE_AT_EXIT 0
#endif

/* lower -> back end -> story file.  Returns the exit status. */
static int generate(Compiler *c, const Options *opts)
{
    if (opts->glulx) {
        refuse_glulx();
        return 1;
    }
    if (!zm_backend.check_target(c)) return 1;    /* -v3 ... before lowering */
    if (opts->infix) {
        diag_error(NULL, "-X (Infix debugging) is not supported by vinform "
                   "yet: compile without -X (use -D for the debugging verbs)");
        return 1;
    }
    if (!bundled_load(c)) return 1;
    Lower *l = lower_program(c);
    int status = 1;
    if (opts->dump_ir) {
        dump_ir(l);
        status = diag_had_errors();
    } else if (!diag_had_errors()) {
        refuse_unimplemented(opts);
        if (!diag_had_errors() && zm_backend.write_story(c, l, opts->output ? opts->output : opts->output_default))
            status = 0;
    }
    if (FREE_AT_EXIT) lower_free(l);
    return status;
}


static int run(Options *opts)
{
    Compiler c;
    compiler_init(&c, opts);
    int status = 1;

    SourceFile *main_file = src_open_main(c.sources, opts->source);
    if (!main_file) goto done;
    diag_set_main_file(main_file->index);
    if (!opt_apply_header_lines(opts, main_file->text, main_file->len,
                                main_file->index))
        goto done;
    c.word_size = opts->glulx ? 4 : 2;
    diag_set_style(opts->diag_style);
    diag_set_warnings(opts->warnings);

    if (opts->dump_tokens) {
        dump_tokens(&c, main_file, stdout);
        status = diag_had_errors();
        goto done;
    }
    status = compile_front_end(&c, main_file);
    if (opts->dump_ast && c.program) ast_dump(stdout, c.program, 0);
    if (status == 0 && !opts->syntax_only && !opts->dump_ast)
        status = generate(&c, opts);
done:
    if (FREE_AT_EXIT) compiler_free(&c);
    return status;
}

/* Everything after the options are read; returns the exit status. */
static int drive(Options *opts)
{
    diag_set_style(opts->diag_style);
    if (opts->version) {
        printf("vinform %s (Inform 6.45 compatible)\n", VERSION);
        return 0;
    }
    if (opts->help) {
        opt_print_help(stdout);
        return 0;
    }
    if (!opts->source) {
        /* -h1, $list and the like printed their page already */
        if (!opts->info_printed) opt_print_usage(stdout);
        return diag_had_errors() ? 1 : 0;
    }
    if (opts->dump_ast || opts->dump_tokens || opts->dump_ir || opts->dump_asm)
        diag_set_summary_stream(stderr);
    int status = run(opts);
    fflush(stderr);
    diag_print_summary(status == 0 && !opts->syntax_only && !opts->dump_ast);
    return status || diag_had_errors() ? 1 : 0;
}

int main(int argc, char **argv)
{
    diag_reset();
    diag_set_colour(isatty(2) && !getenv("NO_COLOR"));

    Options opts;
    opt_defaults(&opts);
    if (argc < 2) {
        opt_print_usage(stdout);
        return 0;
    }
    int status;
    if (!opt_parse_args(&opts, argc - 1, argv + 1)) {
        diag_print_summary(false);
        status = 1;
    } else {
        status = drive(&opts);
    }
    opt_free(&opts);
    return status;
}
