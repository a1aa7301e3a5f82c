/* fuzz_frontend.c: libFuzzer target for the whole front end.
 *
 * Takes any bytes as the main source file "fuzz.inf" (held in memory) and
 * runs the same passes as `vinform --syntax-only`: lexer, directive filter,
 * parser, declare, check.  Gives nothing back; a crash, a sanitizer report,
 * a leak or a hang is the finding.  Built and run by `make fuzz`
 * (tests/fuzz/run-fuzz.sh). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "compiler.h"
#include "diag.h"
#include "options.h"
#include "source.h"

/* Runs once before any input: the fuzzer's working folder is an empty one
 * (FUZZ_EMPTY_DIR), so an Include of a relative name finds nothing. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *empty = getenv("FUZZ_EMPTY_DIR");
    if (empty && chdir(empty) != 0) abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    diag_reset();
    diag_set_silent(true);

    Options opts;
    opt_defaults(&opts);
    opts.syntax_only = true;
    opts.include_path = NULL;       /* no +include_path: nothing extra */
    opts.n_include_path = 0;

    Compiler c;
    compiler_init(&c, &opts);
    SourceFile *f = src_from_memory(c.sources, "fuzz.inf",
                                    (const char *)data, size);
    if (f) compile_front_end(&c, f);
    compiler_free(&c);
    return 0;
}
