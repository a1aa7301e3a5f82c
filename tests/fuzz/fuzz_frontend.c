/* fuzz_frontend.c: libFuzzer target for the whole compiler.
 *
 * Takes any bytes as the main source file "fuzz.inf" (held in memory) and
 * runs the same steps as `vinform`: `!%` header lines, then lexer,
 * directive filter, parser, declare, check, for Z-machine v3, v5, v8 or
 * Glulx (by the input's length); when the program has no errors, also
 * the veneer, lowering and the back end (Z or Glulx), writing the story
 * to "fuzz.z" in the (empty) working folder, or for every other Glulx
 * input the --dump-asm listing (codegen/glulx/glist.c reads the encoded
 * code back) to /dev/null.  Gives nothing back; a crash, a sanitizer
 * report, a leak or a hang is the finding.  Built and run by `make fuzz`
 * (tests/fuzz/run-fuzz.sh). */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bundled.h"
#include "compiler.h"
#include "diag.h"
#include "../../codegen/lower.h"
#include "../../codegen/program.h"
#include "options.h"
#include "source.h"
#include "target.h"

/* Runs once before any input: the fuzzer's working folder is an empty one
 * (FUZZ_EMPTY_DIR), so an Include of a relative name finds nothing. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *empty = getenv("FUZZ_EMPTY_DIR");
    if (empty && chdir(empty) != 0) abort();
    return 0;
}

/* The target is chosen by the input's length, so that every input is
 * reproducible on its own and mutations visit all four; for Glulx, the
 * next bit of the length chooses the story or --dump-asm. */
static void choose_target(Options *o, size_t size)
{
    switch (size % 4) {
    case 0: o->zversion = 5; break;
    case 1:
        o->glulx = true;
        o->dump_asm = (size / 4) % 2 == 1;
        break;
    case 2: o->zversion = 3; break;
    default: o->zversion = 8; break;
    }
}

/* The story, or the listing where --dump-asm asks for it (into
 * /dev/null: the text is not the finding, reading the code back is). */
static void finish(Compiler *c, const TargetOps *ops, TargetEmit *e)
{
    if (!c->opts->dump_asm || !ops->dump_asm) {
        ops->finish(e, "fuzz.z");
        return;
    }
    FILE *null = fopen("/dev/null", "w");
    if (!null) abort();
    ops->dump_asm(e, null);
    fclose(null);
}

/* What the driver's generate(), write_story() and lower_next() do, with
 * its stop after too many errors caught as above. */
static void generate(Compiler *c)
{
    if (diag_had_errors()) return;
    const Target t = *c->target;
    jmp_buf stop;
    IrPools *volatile pools = NULL;
    Program *volatile prog = NULL;
    Lower *volatile l = NULL;
    TargetEmit *volatile e = NULL;
    if (setjmp(stop)) {
        diag_catch_fatal(NULL);
        goto done;
    }
    diag_catch_fatal(&stop);
    if (t.ops->supports(c) && bundled_load(c)) {
        pools = pools_new(c);
        prog = program_build(c, pools);
        l = lower_program(c, pools);
        if (!diag_had_errors()) e = t.ops->begin(c, prog, lower_ir(l));
        if (e) {
            const IrProgram *p = lower_ir(l);
            for (int id = 0; id < p->nroutines; id++) {
                const char *name = pools_bundled_wanted(pools, id);
                if (name && !pools_set_bundled(pools, id,
                                               bundled_routine(c, name)))
                    continue;
                t.ops->emit_routine(e, id, lower_routine(l, id));
            }
            finish(c, t.ops, e);
        }
    }
    diag_catch_fatal(NULL);
done:
    if (e) t.ops->end(e);
    lower_free(l);
    program_free(prog);
    pools_free(pools);
    unlink("fuzz.z");
}

/* `!%` lines, as the driver reads them.  vinform stops after 100 errors;
 * outside compile_front_end() that is exit(1), which is right for the
 * command line but would end the fuzzer, so the stop is caught here. */
static bool read_header_lines(Options *o, const SourceFile *f)
{
    jmp_buf stop;
    if (setjmp(stop)) {
        diag_catch_fatal(NULL);
        return false;
    }
    diag_catch_fatal(&stop);
    bool ok = opt_apply_header_lines(o, f->text, f->len, f->index);
    diag_catch_fatal(NULL);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    diag_reset();
    diag_set_silent(true);

    Options opts;
    opt_defaults(&opts);
    opts.syntax_only = true;
    opts.include_path = NULL;       /* no include folders: Include of a */
    opts.n_include_path = 0;        /* plain name finds nothing */
    choose_target(&opts, size);

    /* The same steps as the driver's run() (compiler/main.c). */
    Compiler c;
    compiler_init(&c, &opts);
    SourceFile *f = src_from_memory(c.sources, "fuzz.inf",
                                    (const char *)data, size);
    if (f && read_header_lines(&opts, f)) {
        target_select(&c);
        if (compile_front_end(&c, f) == 0) generate(&c);
    }
    compiler_free(&c);
    opt_free(&opts);
    return 0;
}
