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
#include "declare.h"
#include "diag.h"
#include "options.h"
#include "source.h"

#ifndef VERSION
#define VERSION "0.0"
#endif

/* Everything after the checked AST belongs to back ends that do not exist
 * yet: say so rather than pretend. */
static void refuse_code_generation(const Options *o)
{
    diag_error(NULL, "vinform cannot write a %s story file yet: the code "
               "generator is not built; use --syntax-only to check the "
               "source", o->glulx ? "Glulx" : "Z-machine");
}

static void refuse_unimplemented(const Options *o)
{
    for (int i = 0; i < o->n_unimplemented; i++)
        diag_error(NULL, "the switch %s is accepted but not implemented yet",
                   o->unimplemented[i]);
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
    if (status == 0 && !opts->syntax_only && !opts->dump_ast) {
        refuse_unimplemented(opts);
        refuse_code_generation(opts);
        status = 1;
    }
done:
    compiler_free(&c);
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
