/* main.c: the vinform driver.  Reads the command line, then runs the
 * passes in order, one call each (run, compile_front_end, generate, write_story):
 *
 *   read the sources     the main file and its `!%` lines (options)
 *   parse                lexer -> directive filter -> parser; declare runs
 *                        on each directive as soon as it is parsed, inside
 *                        parsing: Inform's meaning depends on source order
 *                        (Iftrue, Ifdef and array sizes see the constants
 *                        defined so far), so it cannot wait for the end
 *   library              text.h and regex.h when the program names them
 *   check (+ fold)       every name resolved, constants folded, warnings
 *   veneer, library      the target's veneer indexed, and varying.h read
 *                        when a print chooses between alternatives
 *                        (bundled_load)
 *   build the program    objects, classes, arrays, globals, names ...
 *                        decided and numbered once (codegen/program.h)
 *   lower, emit          each routine lowered and handed to the target
 *                        (TargetOps.emit_routine), in routine-id order
 *                        (but those $OMIT_UNUSED_ROUTINES leaves out); the
 *                        count grows while lowering asks for veneer
 *                        routines, each read and checked just before it
 *                        is lowered (lower_next); then the strings and
 *                        words of Constants nothing used
 *                        (pools_keep_constants)
 *   link, write          the target lays the story out and writes it
 *   listings             -k, -r: the debugging information file and the
 *                        text transcript, from what the target says of
 *                        the story (debugfile.c, transcript.c); the
 *                        $!VERBS, $!ACTIONS, $!OBJECTS tables (traces.c);
 *                        -u, the abbreviations search (abbrev_find.c),
 *                        printed after the summary line as inform6 does
 *
 * No pass calls an earlier one; the target (c->target, target.h) is the
 * only way to the back end.  --dump-tokens, --dump-ast, --dump-program and
 * --dump-ir print the state after that pass and stop. */
#define _DEFAULT_SOURCE 1   /* MAP_ANONYMOUS, MAP_NORESERVE, MAP_STACK */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "compiler.h"
#include "abbrev_find.h"
#include "bundled.h"
#include "check.h"
#include "../codegen/lower.h"
#include "../codegen/program.h"
#include "debugfile.h"
#include "index.h"
#include "declare.h"
#include "diag.h"
#include "options.h"
#include "options_settings.h"
#include "source.h"
#include "target.h"
#include "traces.h"
#include "transcript.h"

#ifndef VERSION
#define VERSION "0.0"
#endif

static void refuse_unimplemented(const Options *o)
{
    for (int i = 0; i < o->n_unimplemented; i++)
        diag_error(NULL, "the switch %s is accepted but not implemented yet",
                   o->unimplemented[i]);
}

/* Routine `id` lowered, or NULL after an error.  A bundled routine (the
 * veneer's, the library's) that the program or lowering asked for by name
 * is read and checked here first, just before it is lowered: which of
 * them a story needs is known only as lowering meets the constructs that
 * call them, and checking the whole veneer up front would double a small
 * program's compile time.  An error in one is reported only when the
 * story needs it, as inform6 does. */
static const IrRoutine *lower_next(Compiler *c, IrPools *pools, Lower *l,
                                   int id, bool omitting)
{
    const char *name = pools_bundled_wanted(pools, id);
    if (name && !pools_set_bundled(pools, id, bundled_routine(c, name)))
        return NULL;
    const IrRoutine *r = lower_routine(l, id);
    if (r && omitting) ir_keep_named(pools_ir(pools), r);
    return r;
}

/* Whether the program builder left routines out ($OMIT_UNUSED_ROUTINES):
 * only then need the lowered code be searched for routines to keep (a
 * walk over all of it, 1% of a big program's compile); a veneer routine
 * lowering asks for is never left out. */
static bool omitting(const IrProgram *p)
{
    return ir_omitted_count(p) > 0;
}

/* The routines to lower, in routine-id order: the next one after `id`
 * (-1 to start) that is not left out ($OMIT_UNUSED_ROUTINES) and not
 * done; -1 when there is none.  Lowering may ask for veneer routines,
 * which join the end of the list, and name a routine the program builder
 * left out, which is kept after all (ir_keep_named): those before `id`
 * are taken on a further round, so `done` records what was lowered. */
static int next_routine(const IrProgram *p, bool **done, int *ndone, int id)
{
    if (*ndone < p->nroutines) {
        *done = xrealloc(*done, (size_t)p->nroutines * sizeof **done);
        memset(*done + *ndone, 0,
               (size_t)(p->nroutines - *ndone) * sizeof **done);
        *ndone = p->nroutines;
    }
    for (int round = 0; round < 2; round++, id = -1)
        for (int i = id + 1; i < p->nroutines; i++)
            if (!(*done)[i] && !p->routines[i]->omitted) {
                (*done)[i] = true;
                return i;
            }
    return -1;
}

/* --dump-ir: every routine the story would get, in routine-id order. */
static void dump_ir(Compiler *c, IrPools *pools, Lower *l)
{
    const IrProgram *p = lower_ir(l);
    bool *done = NULL, omit = omitting(p);
    int ndone = 0;
    for (int id = -1; (id = next_routine(p, &done, &ndone, id)) >= 0;) {
        const IrRoutine *r = lower_next(c, pools, l, id, omit);
        if (r) ir_dump_routine(stdout, p, r);
    }
    free(done);
}

/* The compilation's memory is left to the system, which takes it back at
 * exit all at once: unmapping it block by block first was 2% of a library
 * game's compile.  Under the sanitizers it is freed, so that a leak shows. */
#ifdef VINFORM_SANITIZERS
#define FREE_AT_EXIT 1
#else
#define FREE_AT_EXIT 0
#endif

/* -k and -r: the debugging information file and the text transcript,
 * from what the back end says of the story it wrote
 * (compiler/debugfile.h, transcript.h); then $!VERBS, $!ACTIONS and
 * $!OBJECTS (traces.h). */
static bool write_listings(Compiler *c, const Program *prog, TargetEmit *e,
                           const IndexCalls *calls)
{
    const TargetOps *ops = c->target->ops;
    const Options *o = c->opts;
    if (!ops->debug_story && (o->debug_file || o->transcript)) {
        diag_error(NULL, "%s is not written for %s yet: compile without %s",
                   o->debug_file ? "-k (the debugging information file)"
                                 : "-r (the text transcript)",
                   c->target->machine, o->debug_file ? "-k" : "-r");
        return false;
    }
    DebugStory story = { 0 };
    if (ops->debug_story && !ops->debug_story(e, &story, &c->arena))
        return false;
    bool ok = true;
    if (o->debug_file)
        ok = debugfile_write(c, prog, &story, o->debugging_name);
    if (o->transcript)
        ok &= transcript_write(c, prog, &story, o->transcript_name,
                               opt_setting_value(o, "TRANSCRIPT_FORMAT"));
    diag_flush();
    if (traces_wanted(o)) traces_print(stdout, c, prog, &story);
    if (traces_lists_wanted(o)) traces_lists_print(stdout, c, prog, &story);
    if (o->find_abbrevs) {
        /* inform6 searches once the story is written and the compile's
         * summary printed: the choices come after the "Compiled" line */
        size_t len;
        FILE *m = open_memstream(&c->after_summary, &len);
        abbrev_find(m ? m : stdout, c, prog, calls);
        if (m) fclose(m);
    }
    return ok;
}

/* --listing: the index for the author (compiler/index.h), beside the
 * story: with the story's size when the back end can describe it. */
static bool write_index(Compiler *c, const Program *prog, TargetEmit *e,
                        const IndexCalls *calls, const char *path)
{
    const TargetOps *ops = c->target->ops;
    DebugStory story = { 0 };
    bool have = ops->debug_story && ops->debug_story(e, &story, &c->arena);
    const char *base = c->opts->listing_name;
    if (!base) {
        const char *slash = strrchr(path, '/');
        const char *dot = strrchr(path, '.');
        size_t n = dot && (!slash || dot > slash) ? (size_t)(dot - path)
                                                  : strlen(path);
        base = arena_printf(&c->arena, "%.*s-index", (int)n, path);
    }
    return index_write(c, prog, have ? &story : NULL, calls, base);
}

/* Whether $OMIT_UNUSED_ROUTINES left out directive `n`'s routine: one
 * the builder left out and no lowered code named after all, or the
 * routine a Stub made (numbered only when named, codegen/value.c) that
 * nothing execution reaches names. */
static bool left_out(Compiler *c, IrPools *pools, const Node *n)
{
    int id = pools_routine_id(pools, n);
    if (n->kind == NODE_ROUTINE)
        return id >= 0 && pools_ir(pools)->routines[id]->omitted;
    if (n->kind != NODE_STUB) return false;
    const Symbol *s = sym_lookup(c->symbols, n->text);
    if (!s || s->decl != n) return false;          /* defined elsewhere */
    return id < 0 || pools_ir(pools)->routines[id]->omitted;
}

/* $WARN_UNUSED_ROUTINES under $OMIT_UNUSED_ROUTINES=1: a warning for
 * each routine left out, in source order, once lowering has kept those
 * its code calls after all (inform6 too warns once its code is made);
 * without the omission, check warns (check_unused.c). */
static void warn_omitted(Compiler *c, IrPools *pools)
{
    int level = opt_setting_value(c->opts, "WARN_UNUSED_ROUTINES");
    if (!level || c->syntax_errors || !c->program ||
        !opt_setting_value(c->opts, "OMIT_UNUSED_ROUTINES"))
        return;
    for (unsigned i = 0; i < c->program->nkids; i++) {
        const Node *n = c->program->kids[i];
        if (!n || !n->text || !left_out(c, pools, n) ||
            (level < 2 && decl_in_system_file(c, n->loc)))
            continue;
        diag_warning(&n->loc, "routine '%s' is unused and omitted: nothing "
                     "the story runs calls it ($OMIT_UNUSED_ROUTINES)",
                     n->text);
    }
}

/* The directive (index in c->program) routine `id` comes from, for the
 * diagnostics' order (diag_hold), or DIAG_HOLD_END for a veneer routine. */
typedef struct RoutineKeys {
    int *key;
    int n;
} RoutineKeys;

static void note_embedded(RoutineKeys *k, IrPools *pools, const Node *n,
                          int directive)
{
    if (!n) return;
    if (n->kind == NODE_EMBEDDED_ROUTINE) {
        int id = pools_routine_id(pools, n);
        if (id >= 0 && id < k->n) k->key[id] = directive;
        return;
    }
    for (unsigned i = 0; i < n->nkids; i++)
        note_embedded(k, pools, n->kids[i], directive);
}

static RoutineKeys routine_keys(Compiler *c, IrPools *pools)
{
    RoutineKeys k = { NULL, pools_ir(pools)->nroutines };
    k.key = xmalloc(((size_t)k.n + 1) * sizeof *k.key);
    for (int id = 0; id < k.n; id++) k.key[id] = DIAG_HOLD_END;
    for (unsigned i = 0; c->program && i < c->program->nkids; i++) {
        const Node *n = c->program->kids[i];
        if (!n) continue;
        if (n->kind == NODE_ROUTINE || n->kind == NODE_STUB) {
            int id = pools_routine_id(pools, n);
            if (id >= 0 && id < k.n) k.key[id] = (int)i;
        } else {
            note_embedded(&k, pools, n, (int)i);
        }
    }
    return k;
}

static int routine_key(const RoutineKeys *k, int id)
{
    return id >= 0 && id < k->n ? k->key[id] : DIAG_HOLD_END;
}

/* inform6's "never reached" warnings in the routines left out in the end
 * (check_unreached.c): it compiles them before it drops them. */
static void warn_unreached_omitted(Compiler *c, const IrPools *pools,
                                   const IrProgram *p, const RoutineKeys *k)
{
    if (c->syntax_errors) return;
    for (int id = 0; id < p->nroutines; id++) {
        const IrRoutine *r = p->routines[id];
        diag_hold(routine_key(k, id));
        if (r->omitted && !r->is_veneer)
            check_unreached_omitted(c, pools_routine_source(pools, id));
    }
    diag_hold(DIAG_HOLD_END);
}

/* lower each routine -> the target emits it -> link -> write (or print
 * the assembly), in the order next_routine gives. */
static bool write_story(Compiler *c, const Program *prog, IrPools *pools,
                        Lower *l, const char *path)
{
    const TargetOps *ops = c->target->ops;
    TargetEmit *e = ops->begin(c, prog, lower_ir(l));
    if (!e) return false;
    const IrProgram *p = lower_ir(l);
    IndexCalls calls = { 0 };
    bool listing = c->opts->listing && !c->opts->dump_asm;
    /* $!EXPR: each routine's expression trees, as --dump-ir prints them */
    bool expr = opt_trace_level(c->opts, "EXPR") > 0 && !c->opts->dump_asm;
    bool *done = NULL, omit = omitting(p);
    int ndone = 0;
    RoutineKeys keys = routine_keys(c, pools);
    for (int id = -1; (id = next_routine(p, &done, &ndone, id)) >= 0;) {
        diag_hold(routine_key(&keys, id));   /* beside check's (diag.h) */
        const IrRoutine *r = lower_next(c, pools, l, id, omit);
        if (!r) continue;
        /* who first called each bundled routine: for the index, and
         * for -u, which follows inform6's veneer from those calls */
        if (listing || c->opts->find_abbrevs)
            index_note_calls(&calls, p, id, r);
        if (expr) ir_dump_routine(stdout, p, r);
        ops->emit_routine(e, id, r);
    }
    free(done);
    warn_unreached_omitted(c, pools, p, &keys);
    free(keys.key);
    warn_omitted(c, pools);
    diag_release();
    diag_hold(DIAG_HOLD_NONE);
    pools_keep_constants(pools, c->symbols);
    bool ok = c->opts->dump_asm && ops->dump_asm ? ops->dump_asm(e, stdout)
                                                  : ops->finish(e, path);
    if (ok && listing) ok = write_index(c, prog, e, &calls, path);
    if (ok && !c->opts->dump_asm && (c->opts->debug_file ||
                                      c->opts->transcript ||
                                      c->opts->find_abbrevs ||
                                      traces_wanted(c->opts) ||
                                      traces_lists_wanted(c->opts)))
        ok = write_listings(c, prog, e, &calls);
    index_calls_free(&calls);
    ops->end(e);
    return ok;
}

/* The passes after check.  Returns the exit status. */
static int generate(Compiler *c, const Options *opts)
{
    if (!c->target->ops->supports(c)) return 1;   /* -v3 ... before lowering */
    if (!bundled_load(c)) return 1;
    IrPools *pools = pools_new(c);
    Program *prog = program_build(c, pools);
    Lower *l = lower_program(c, pools);
    int status = 1;
    if (opts->dump_program) {
        program_dump(stdout, prog);
        status = diag_had_errors();
    } else if (opts->dump_ir) {
        dump_ir(c, pools, l);
        status = diag_had_errors();
    } else if (!diag_had_errors()) {
        refuse_unimplemented(opts);
        if (!diag_had_errors() &&
            write_story(c, prog, pools, l,
                        opts->output ? opts->output
                                     : opt_story_name(opts, &c->arena,
                                                      c->target->version)))
            status = 0;
    }
    if (FREE_AT_EXIT) {
        lower_free(l);
        program_free(prog);
        pools_free(pools);
    }
    return status;
}


/* -x: inform6's "::" and one '#' for every 100 lines of source read
 * (the game's files; the bundled stdlib is not source the author
 * wrote), printed once the sources are read. */
static void print_progress(Compiler *c)
{
    long lines = 0;
    const SourceFile *f;
    for (uint32_t i = 1; (f = src_file(c->sources, i)) != NULL; i++) {
        if (f->builtin) continue;
        for (size_t k = 0; k < f->len; k++) lines += f->text[k] == '\n';
    }
    if (lines < 100) return;
    diag_flush();
    fputs("::", stdout);
    for (long n = lines / 100; n > 0; n--) putchar('#');
    putchar('\n');
    fflush(stdout);
}

/* Returns the exit status; *after_summary (malloc'd, or NULL) is for
 * the caller to print after the summary line. */
static int run(Options *opts, char **after_summary)
{
    Compiler c;
    compiler_init(&c, opts);
    int status = 1;

    SourceFile *main_file = src_open_main(c.sources, opts->source);
    if (!main_file) goto done;
    diag_set_main_file(main_file->index);
    if (!opt_apply_header_lines(opts, main_file->header,
                                main_file->header_len, main_file->index))
        goto done;
    target_select(&c);
    diag_set_style(opts->diag_style);
    if (opts->infix && !c.target->infix) {
        /* inform6's words; it then compiles as if -X were not given */
        diag_note(NULL, "Infix (-X) facilities are not available in %s: "
                  "disabling -X switch", c.target->ops->name);
        opts->infix = false;
    }
    diag_set_warnings(opts->warnings);
    diag_set_concise(opts->concise);
    diag_set_warnings_are_errors(opts->warnings_as_errors);

    if (opts->dump_tokens) {
        dump_tokens(&c, main_file, stdout);
        status = diag_had_errors();
        goto done;
    }
    status = compile_front_end(&c, main_file);
    if (opts->progress) print_progress(&c);
    if (opts->dump_ast && c.program) ast_dump(stdout, c.program, 0);
    if (status == 0 && !opts->syntax_only && !opts->dump_ast)
        status = generate(&c, opts);
done:
    diag_release();
    diag_hold(DIAG_HOLD_NONE);
    *after_summary = c.after_summary;
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
    if (opts->dump_ast || opts->dump_tokens || opts->dump_program ||
        opts->dump_ir || opts->dump_asm)
        diag_set_summary_stream(stderr);
    /* Messages in blocks when standard error is a file or a pipe, unless
     * standard output is written as the compile goes (diag.h). */
    diag_set_batched(!isatty(2) && !opts->dump_ast && !opts->dump_tokens &&
                     !opts->dump_program && !opts->dump_ir &&
                     !opts->dump_asm &&
                     opt_trace_level(opts, "TOKENS") <= 0 &&
                     opt_trace_level(opts, "EXPR") <= 0);
    char *after_summary = NULL;
    int status = run(opts, &after_summary);
    fflush(stderr);
    diag_print_summary(status == 0 && !opts->syntax_only && !opts->dump_ast);
    if (after_summary) {
        fputs(after_summary, stdout);
        fflush(stdout);
        free(after_summary);
    }
    bool warned = opts->warnings_as_errors && diag_counts().warnings > 0;
    return status || diag_had_errors() || warned ? 1 : 0;
}

static int compile_main(int argc, char **argv)
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

/* The passes walk expressions recursively, and a generated source may
 * nest one very deeply (`x = 1 + 1 + ... + 1` with 100,000 terms is
 * 100,000 levels): the compiler runs on a stack with room for millions
 * of levels rather than on the main thread's 8 MB, which such a source
 * overflowed (a crash).  The stack is reserved, not used: only the pages
 * a deep expression touches are ever given memory. */
enum { COMPILER_STACK = 1 << 30 };

typedef struct MainArgs {
    int argc;
    char **argv;
    int status;
} MainArgs;

#ifndef VINFORM_SANITIZERS
/* (makecontext passes a function no pointer: the arguments wait here.) */
static MainArgs *big_stack_args;

static void compile_on_big_stack(void)
{
    big_stack_args->status = compile_main(big_stack_args->argc,
                                          big_stack_args->argv);
}

/* Runs the compiler on a big stack of its own, switched to in this
 * thread (swapcontext).  It was a second thread, which on a busy machine
 * made a compile of 30 ms wait some 10 ms more (the median of 40): the
 * system queues a new thread behind the programs already running.  False
 * when the stack cannot be had. */
static bool run_on_big_stack(MainArgs *m)
{
    long page = sysconf(_SC_PAGESIZE);
    unsigned char *stack = mmap(NULL, COMPILER_STACK, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
                                MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return false;
    /* a guard page: an overflow stops the program rather than writing on */
    if (page > 0) mprotect(stack, (size_t)page, PROT_NONE);
    ucontext_t back, compile;
    if (getcontext(&compile) != 0) return false;
    compile.uc_stack.ss_sp = stack;
    compile.uc_stack.ss_size = COMPILER_STACK;
    compile.uc_link = &back;
    big_stack_args = m;
    makecontext(&compile, compile_on_big_stack, 0);
    return swapcontext(&back, &compile) == 0;
}
#endif

static void *compile_thread(void *p)
{
    MainArgs *m = p;
    m->status = compile_main(m->argc, m->argv);
    return NULL;
}

/* On a thread with the big stack: when none could be switched to, and in
 * the sanitizers' builds (AddressSanitizer does not follow a switch of
 * stacks). */
static bool run_on_big_thread(MainArgs *m)
{
    pthread_attr_t attr;
    pthread_t t;
    if (pthread_attr_init(&attr) != 0) return false;
    bool ok = pthread_attr_setstacksize(&attr, COMPILER_STACK) == 0 &&
              pthread_create(&t, &attr, compile_thread, m) == 0;
    if (ok) pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    return ok;
}

int main(int argc, char **argv)
{
    MainArgs m = { argc, argv, 1 };
#ifndef VINFORM_SANITIZERS
    if (run_on_big_stack(&m)) return m.status;
#endif
    if (run_on_big_thread(&m)) return m.status;
    return compile_main(argc, argv);    /* the usual stack */
}
