/* bundled_test.c: the stdlib files built into vinform (compiler/bundled.c).
 *
 * Compiles small programs through the front end, reads the veneer after
 * them and asks for its routines by name: the target's file is chosen,
 * the program's own routine wins (any case), `#Ifdef DEBUG` / `#IfV5` /
 * `#Ifdef LibSerial` in the veneer see the switches and the program,
 * errors in a veneer routine appear only when it is asked for, at
 * "veneer-z.h", and nothing is added to the program.  Also compiles each
 * embedded file as a program's own source, which must give no warning
 * and no error for every target and switch (the embedded path hides
 * warnings, so this is where they would show). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bundled.h"
#include "capture.h"
#include "check.h"
#include "diag.h"

int failures;

typedef struct Run {
    Options opts;
    Compiler c;
    int status;             /* compile_front_end's */
    int ndirectives;        /* in the program after the front end */
    const char *err;        /* stderr of the front end and bundled_load */
    bool loaded;
} Run;

/* Compiles `source` with `switches` (blank-separated) and loads the
 * veneer when the front end succeeded. */
static void run_start(Run *r, const char *switches, const char *source)
{
    diag_reset();
    opt_defaults(&r->opts);
    char buf[200];
    char *argv[16];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", switches);
    for (char *t = strtok(buf, " "); t && argc < 15; t = strtok(NULL, " "))
        argv[argc++] = t;
    argv[argc++] = "t.inf";
    CHECK(opt_parse_args(&r->opts, argc, argv), "switches %s", switches);
    compiler_init(&r->c, &r->opts);
    target_select(&r->c);
    SourceFile *f = src_from_memory(r->c.sources, "t.inf", source,
                                    strlen(source));
    capture_begin();
    r->status = compile_front_end(&r->c, f);
    r->ndirectives = r->c.program ? r->c.program->nkids : -1;
    r->loaded = r->status == 0 && bundled_load(&r->c);
    r->err = strdup(capture_end());
}

static void run_end(Run *r)
{
    compiler_free(&r->c);
    opt_free(&r->opts);
    free((void *)r->err);
}

/* A routine asked for with the diagnostics it gives, which are kept in
 * `err` (valid until the next call). */
static const Node *ask(Run *r, const char *name, const char **err)
{
    capture_begin();
    const Node *n = bundled_routine(&r->c, name);
    diag_release();         /* after check, messages wait for source order */
    const char *text = capture_end();
    if (err) *err = text;
    else CHECK(!*text, "%s gave:\n%s", name, text);
    return n;
}

static bool names(const Node *n, const char *name)
{
    if (!n) return false;
    if (n->kind == NODE_NAME && n->text && !strcasecmp(n->text, name))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (names(n->kids[i], name)) return true;
    return false;
}

static const char *file_of(Run *r, const Node *n)
{
    SourceFile *f = src_file(r->c.sources, n->loc.file);
    return f ? f->name : "?";
}

static const char plain[] = "[ Main; print \"hi^\"; ];\n";

/* What the veneer takes from a library, each name used. */
static const char lib[] =
    "Global debug_flag; Global workflag; Global action;\n"
    "Global reason_code; Property life;\n"
    "Constant LibSerial \"000000\";\n"
    "[ DebugAttribute a; print a; ];\n"
    "[ Main p; p = life; print debug_flag, workflag, action, reason_code, "
    "p, (string) LibSerial; DebugAttribute(1); ];\n";

static void test_plain_program(void)
{
    Run r;
    run_start(&r, "", plain);
    CHECK(r.status == 0 && r.loaded, "plain program: %d %d", r.status,
          r.loaded);
    CHECK(!*r.err, "plain program gave:\n%s", r.err);
    CHECK(r.c.program->nkids == r.ndirectives,
          "the veneer added %d directives to the program",
          r.c.program->nkids - r.ndirectives);
    const Node *rv = ask(&r, "RV__Pr", NULL);
    CHECK(rv && rv->kind == NODE_ROUTINE && !strcmp(rv->text, "RV__Pr"),
          "RV__Pr not found");
    if (rv) {
        CHECK(!strcmp(file_of(&r, rv), "veneer-z.h"), "RV__Pr is in %s",
              file_of(&r, rv));
        CHECK(rv->loc.line > 40, "RV__Pr at line %u", rv->loc.line);
    }
    CHECK(ask(&r, "rv__pr", NULL) == rv, "names compare without case");
    CHECK(ask(&r, "RV__PR", NULL) == rv, "names compare without case");
    CHECK(!ask(&r, "Main", NULL), "Main is the program's");
    CHECK(!ask(&r, "No__Such", NULL), "a routine that is nowhere");
    CHECK(ask(&r, "Box__Routine", NULL), "Box__Routine in v5");
    CHECK(ask(&r, "CA__Pr", NULL), "CA__Pr in v5");
    CHECK(!ask(&r, "OB__Move", NULL), "OB__Move is Glulx's");
    CHECK(!names(ask(&r, "WV__Pr", NULL), "RT__TrPS"),
          "WV__Pr traces without -D");
    CHECK(bundled_load(&r.c), "a second load does nothing");
    CHECK(ask(&r, "RV__Pr", NULL) == rv, "the same node after a reload");
    Symbol *s = sym_lookup(r.c.symbols, "RV__Pr");
    CHECK(s && bundled_is_default(s), "RV__Pr's symbol is still the "
          "compiler's");
    run_end(&r);
}

/* The program's own routine wins, whatever its case; the veneer's other
 * routines are still there. */
static void test_program_wins(void)
{
    Run r;
    run_start(&r, "", "[ Main o; print o.&name; ];\n"
              "[ rv__pr o p; return o + p; ];\n"
              "[ Print__PName p; print p; ];\n");
    CHECK(r.status == 0 && r.loaded && !*r.err, "own routines: %s", r.err);
    CHECK(!ask(&r, "RV__Pr", NULL), "the program's rv__pr wins");
    CHECK(!ask(&r, "rv__PR", NULL), "the program's rv__pr wins (case)");
    CHECK(!ask(&r, "Print__PName", NULL), "the program's Print__PName");
    CHECK(ask(&r, "WV__Pr", NULL) != NULL, "WV__Pr is still there");
    run_end(&r);
}

static void test_debug_variant(void)
{
    Run r;
    run_start(&r, "-D", "Global debug_flag;\n" "[ Main; debug_flag++; ];\n");
    CHECK(r.status == 0 && r.loaded && !*r.err, "-D: %s", r.err);
    CHECK(names(ask(&r, "WV__Pr", NULL), "RT__TrPS"), "WV__Pr traces with -D");
    run_end(&r);
}

/* With -D and no library, a routine that needs debug_flag gives the
 * error when (and only when) it is asked for, at its line in the veneer. */
static void test_error_on_demand(void)
{
    Run r;
    run_start(&r, "-D", plain);
    CHECK(r.status == 0 && r.loaded && !*r.err, "-D plain: %s", r.err);
    ask(&r, "RV__Pr", NULL);
    CHECK(!diag_had_errors(), "RV__Pr needs no library");
    const char *err;
    const Node *n = ask(&r, "WV__Pr", &err);
    CHECK(n != NULL, "WV__Pr is given even after its error");
    CHECK(strstr(err, "veneer-z.h:") && strstr(err, "'debug_flag'"),
          "WV__Pr without debug_flag gave:\n%s", err);
    CHECK(diag_had_errors(), "an error was counted");
    ask(&r, "WV__Pr", &err);
    CHECK(!*err, "asked again, no second report:\n%s", err);
    run_end(&r);
}

static void test_targets(void)
{
    Run r;
    run_start(&r, "-v3", plain);
    CHECK(r.status == 0 && r.loaded && !*r.err, "v3: %s", r.err);
    CHECK(!ask(&r, "CA__Pr", NULL), "no CA__Pr in v3");
    CHECK(!ask(&r, "Box__Routine", NULL), "no Box__Routine in v3");
    CHECK(ask(&r, "RV__Pr", NULL), "RV__Pr in v3");
    run_end(&r);

    run_start(&r, "-G", plain);
    CHECK(r.status == 0 && r.loaded && !*r.err, "-G: %s", r.err);
    const Node *n = ask(&r, "OB__Move", NULL);
    CHECK(n && !strcmp(file_of(&r, n), "veneer-g.h"), "OB__Move in Glulx");
    CHECK(ask(&r, "Glk__Wrap", NULL), "Glk__Wrap in Glulx");
    CHECK(!ask(&r, "RT__ChPR", NULL), "no RT__ChPR in Glulx");
    run_end(&r);
}

/* `#Ifdef LibSerial` (and `action`, `reason_code`) see the program. */
static void test_sees_program(void)
{
    Run r;
    run_start(&r, "", lib);
    CHECK(r.status == 0 && r.loaded && !*r.err, "library: %s", r.err);
    CHECK(names(ask(&r, "CA__Pr", NULL), "reason_code"),
          "CA__Pr sets sw__var with a library");
    run_end(&r);
    run_start(&r, "", plain);
    CHECK(!names(ask(&r, "CA__Pr", NULL), "reason_code"),
          "CA__Pr without a library");
    run_end(&r);
}

/* Every routine of the target's veneer asked for: no diagnostics at all
 * (a -D program gets the library's names). */
static void test_every_routine(const char *switches, const char *file)
{
    Run r;
    run_start(&r, switches, lib);
    CHECK(r.status == 0 && r.loaded && !*r.err, "%s: %s", switches, r.err);
    size_t len;
    const char *text = bundled_source(file, &len);
    int found = 0;
    for (const char *p = text; p && (p = strstr(p, "\n[ ")); p++) {
        char name[64];
        if (sscanf(p + 3, "%63[A-Za-z0-9_]", name) != 1) continue;
        const Node *n = ask(&r, name, NULL);
        if (n) found++;
    }
    CHECK(!diag_had_errors(), "%s: errors in %s", switches, file);
    CHECK(found > 30, "%s: only %d routines of %s", switches, found, file);
    run_end(&r);
}

/* The embedded file compiled as part of the program (as `Include
 * "veneer"` would): the routines become the program's own, check runs
 * on all of them with warnings on. */
static void test_as_program(const char *switches, const char *file)
{
    size_t len;
    const char *text = bundled_source(file, &len);
    CHECK(text && len > 1000, "%s is embedded", file);
    if (!text) return;
    char *source = malloc(sizeof lib + len);
    memcpy(source, lib, sizeof lib - 1);
    memcpy(source + sizeof lib - 1, text, len + 1);
    Run r;
    run_start(&r, switches, source);
    CHECK(r.status == 0 && !*r.err, "%s %s as a program gave:\n%s",
          file, switches, r.err);
    CHECK(r.ndirectives > 30, "%s %s: only %d directives (the #Ifndef "
          "guards skipped the routines?)", file, switches, r.ndirectives);
    run_end(&r);
    free(source);
}

int main(void)
{
    CHECK(bundled_source("veneer-z.h", NULL) != NULL, "veneer-z.h embedded");
    CHECK(bundled_source("veneer-g.h", NULL) != NULL, "veneer-g.h embedded");
    CHECK(bundled_source("nothing.h", NULL) == NULL, "nothing.h is not");
    test_plain_program();
    test_program_wins();
    test_debug_variant();
    test_error_on_demand();
    test_targets();
    test_sees_program();
    static const char *const z[] = { "", "-~S", "-D", "-D -S", "-X",
                                     "-v3", "-v3 -S -D", "-v8", "-v8 -D" };
    for (size_t i = 0; i < sizeof z / sizeof *z; i++) {
        test_every_routine(z[i], "veneer-z.h");
        test_as_program(z[i], "veneer-z.h");
    }
    static const char *const g[] = { "-G", "-G -~S", "-G -D", "-G -D -X" };
    for (size_t i = 0; i < sizeof g / sizeof *g; i++) {
        test_every_routine(g[i], "veneer-g.h");
        test_as_program(g[i], "veneer-g.h");
    }
    if (failures) printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
