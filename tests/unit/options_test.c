/* options_test.c: compiler/options.c and friends — every inform6 command
 * form, the `!%` lines and their precedence, settings, ICL files.
 * Prints one line per failed check; exit status 1 if any. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "options.h"

#include "check.h"

int failures;

static char captured[16384];
static int saved_err = -1, saved_out = -1;
static FILE *cap;

/* Captures stderr and stdout (the diagnostics and the info pages). */
static void capture_begin(void)
{
    fflush(stderr);
    fflush(stdout);
    cap = tmpfile();
    saved_err = dup(2);
    saved_out = dup(1);
    dup2(fileno(cap), 2);
    dup2(fileno(cap), 1);
}

static const char *capture_end(void)
{
    fflush(stderr);
    fflush(stdout);
    dup2(saved_err, 2);
    dup2(saved_out, 1);
    close(saved_err);
    close(saved_out);
    rewind(cap);
    size_t n = fread(captured, 1, sizeof captured - 1, cap);
    captured[n] = '\0';
    fclose(cap);
    return captured;
}

static Options opts;

/* Parses a NULL-ended argument list into `opts`; the messages go into
 * `captured`. */
static bool parse(const char *first, ...)
{
    char *argv[64];
    int argc = 0;
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a && argc < 64; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    opt_free(&opts);
    opt_defaults(&opts);
    diag_reset();
    capture_begin();
    bool ok = opt_parse_args(&opts, argc, argv);
    capture_end();
    return ok;
}

static bool has_unimpl(const char *what)
{
    for (int i = 0; i < opts.n_unimplemented; i++)
        if (!strcmp(opts.unimplemented[i], what)) return true;
    return false;
}

static const char *dirs(void)
{
    static char buf[512];
    buf[0] = '\0';
    for (int i = 0; i < opts.n_include_path; i++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s[%s]",
                 i ? "," : "", opts.include_path[i]);
    return buf;
}

static void test_switches(void)
{
    CHECK(parse("game.inf", NULL) && !strcmp(opts.source, "game.inf"), "source");
    CHECK(opts.zversion == 5 && opts.strict && opts.warnings && !opts.glulx
          && opts.charset == CHARSET_LATIN1 && opts.varying_strings
          && opts.diag_style == DIAG_STYLE_VINFORM, "defaults");
    CHECK(!strcmp(opts.output_default, "game.z5"), "output %s", opts.output_default);

    CHECK(parse("-~SDv5", "x", NULL), "-~SDv5: %s", captured);
    CHECK(!opts.strict && opts.strict_set && opts.debug && opts.zversion == 5,
          "-~SDv5 fields");
    CHECK(parse("-v3", "x", NULL) && !opts.strict, "-v3 turns strict off");
    CHECK(parse("-v3", "-S", "x", NULL) && opts.strict, "-v3 -S keeps strict");
    CHECK(parse("-v8", "dir/sub/game.inf", NULL)
          && !strcmp(opts.output_default, "game.z8"), "v8 name %s",
          opts.output_default);
    CHECK(parse("-G", "+code_path=out", "game", NULL)
          && opts.glulx && !strcmp(opts.output_default, "out/game.ulx"),
          "glulx name %s", opts.output_default);
    CHECK(parse("-v4", "a.b.inf", "story", NULL)
          && !strcmp(opts.output_default, "a.b")
          && !strcmp(opts.output, "story"), "explicit output");
    CHECK(!parse("a", "b", "c", NULL) && strstr(captured, "unexpected argument 'c'"),
          "third file: %s", captured);
    CHECK(parse("-G", "-v3.1.2", "x", NULL) && opts.glulx_version == 0x030102,
          "-G -v3.1.2: %x", opts.glulx_version);
    CHECK(!parse("-v5", "-G", "x", NULL) && strstr(captured, "cannot follow"),
          "-v5 -G: %s", captured);
    CHECK(!parse("-v9", "x", NULL) && strstr(captured, "3 to 8"), "-v9");

    CHECK(parse("-E0", NULL) && opts.diag_style == DIAG_STYLE_E0, "-E0");
    CHECK(parse("-E1", NULL) && opts.diag_style == DIAG_STYLE_E1, "-E1");
    CHECK(parse("-E2", NULL) && opts.diag_style == DIAG_STYLE_E2, "-E2");
    CHECK(parse("-E", NULL) && opts.diag_style == DIAG_STYLE_E1, "-E alone");

    CHECK(parse("-w", NULL) && !opts.warnings, "-w");
    CHECK(parse("-w", "-~w", NULL) && opts.warnings, "-~w");
    CHECK(parse("-w2", NULL) && opts.warnings && opts.warnings_as_errors
          && !has_unimpl("-w2"), "-w2");
    CHECK(parse("-Cu", NULL) && opts.charset == CHARSET_UTF8, "-Cu");
    CHECK(parse("-C7", NULL) && opts.charset == 7, "-C7");
    CHECK(parse("-C0", NULL) && opts.charset == CHARSET_ASCII, "-C0");
    CHECK(parse("-DCuX", NULL) && opts.charset == CHARSET_UTF8 && opts.debug
          && opts.infix, "-Cu inside a combination");
    CHECK(!parse("-Cx", NULL) && strstr(captured, "'-C' must be followed"), "-Cx");
    CHECK(parse("-eiqX", NULL) && opts.economy && opts.ignore_switches
          && opts.quiet_obsolete && opts.infix && opts.n_unimplemented == 0,
          "-eiqX");
    CHECK(parse("-W4", NULL)
          && opt_setting_value(&opts, "ZCODE_HEADER_EXT_WORDS") == 4, "-W4");
    CHECK(parse("-V", NULL) && opts.version, "-V");
    CHECK(parse("-h", NULL) && opts.help, "-h");
    CHECK(parse("-h2", NULL) && opts.info_printed && !opts.help
          && strstr(captured, "-Cu") && strstr(captured, "-E0"), "-h2");
    CHECK(parse("-h1", NULL) && opts.info_printed
          && strstr(captured, "include_path"), "-h1");
}

static void test_unimplemented(void)
{
    CHECK(parse("-k", "-r", "-s", "-z", "-a2", "-u", "-f", "-g3", "-d2",
                "-c", "-x", "x", NULL), "output switches accepted");
    CHECK(!has_unimpl("-g3"), "-g3 is done (lower_infix.c)");
    /* -a, -u and -f are done (compiler/abbrev_find.c, the listings) */
    CHECK(!has_unimpl("-a2") && !has_unimpl("-u") && !has_unimpl("-f"),
          "-a2 -u -f listed as unimplemented");
    CHECK(parse("-G", "-f", "x", NULL) && !has_unimpl("-f"), "-G -f");
    /* -k and -r are the back end's to refuse (its debug_story hook). */
    CHECK(!has_unimpl("-k") && !has_unimpl("-r") && !has_unimpl("-c")
          && !has_unimpl("-x"), "-k, -r, -c or -x listed as unimplemented");
    /* The Z back end does -d, -s and -z; Glulx -s and -z, not -d yet. */
    CHECK(!has_unimpl("-s") && !has_unimpl("-z") && !has_unimpl("-d2"),
          "-s -z -d2 are done for the Z-machine");
    CHECK(parse("-G", "-s", "-z", "-d2", "x", NULL) && !has_unimpl("-s")
          && !has_unimpl("-z") && has_unimpl("-d2"), "-G -s -z -d2");
    CHECK(parse("-G", "-fdz", "-~f", "x", NULL) && !has_unimpl("-f")
          && has_unimpl("-d"), "-~f turns -f off");
    CHECK(parse("-B", "x", NULL) && opts.oddeven && !has_unimpl("-B"),
          "-B has no effect before v6");
    CHECK(parse("-v6", "-B", "x", NULL) && opts.oddeven && !has_unimpl("-B"),
          "-v6 -B");
    CHECK(parse("-G", "-~H", "x", NULL) && !opts.huffman && !has_unimpl("-~H"),
          "-G -~H writes plain strings");
    CHECK(parse("$!UNICODE", "$!SYMBOLS", "$!DICT=0", "$!VERBS", "x", NULL)
          && !has_unimpl("$!UNICODE") && !has_unimpl("$!SYMBOLS")
          && !has_unimpl("$!DICT") && !has_unimpl("$!VERBS"), "trace options");
    /* Another name for a switch: the switch is set (and refused itself
     * when it is not done). */
    CHECK(parse("$!ASM=2", "$!MAP", "$!STATS", "x", NULL) && opts.asm_trace == 2
          && opts.memory_map && opts.statistics && !has_unimpl("-a2")
          && !has_unimpl("$!ASM") && !has_unimpl("$!MAP"), "$!ASM $!MAP $!STATS");
    CHECK(parse("+charset_map=map.txt", "x", NULL) && has_unimpl("+charset_map"),
          "charset_map");
}

static void test_unknown(void)
{
    /* inform6 reports these and compiles on: warnings */
    CHECK(parse("-Q", "x", NULL) && strstr(captured, "unknown switch '-Q'")
          && strstr(captured, "vinform --help")
          && diag_counts().warnings == 1, "-Q: %s", captured);
    CHECK(parse("-j", "x", NULL) && strstr(captured, "$!OBJECTS")
          && diag_counts().warnings == 1, "-j: %s", captured);
    CHECK(!parse("--bogus", NULL) && strstr(captured, "'--bogus'"), "--bogus");
    CHECK(!parse("-", NULL), "'-' alone");
    CHECK(!parse("-~", NULL), "'-~' alone");
    CHECK(!parse("+nopath=x", NULL) && strstr(captured, "no path called"),
          "+nopath");
}

static void test_paths(void)
{
    CHECK(parse("x", NULL) && !strcmp(dirs(), "[],[" VINFORM_LIBRARY_DIR "]"),
          "default include path %s", dirs());
    CHECK(parse("+include_path=a,b", NULL) && !strcmp(dirs(), "[a],[b]"),
          "set %s", dirs());
    CHECK(parse("+include_path=a,b", "++include_path=c", NULL)
          && !strcmp(dirs(), "[c],[a],[b]"), "add %s", dirs());
    CHECK(parse("+lib", NULL) && !strcmp(dirs(), "[lib]"), "+dir %s", dirs());
    CHECK(parse("++x", NULL)
          && !strcmp(dirs(), "[x],[],[" VINFORM_LIBRARY_DIR "]"), "++dir %s",
          dirs());
    CHECK(parse("+include_path=", NULL) && !strcmp(dirs(), "[]"), "unset %s",
          dirs());
    CHECK(parse("+Include_Path=Q", NULL) && !strcmp(dirs(), "[Q]"),
          "path names ignore case");
    CHECK(parse("+code_path=out", NULL) && !strcmp(opts.code_path, "out"),
          "code_path");
    CHECK(!parse("+code_path=a,b", NULL), "code_path takes one folder");
    CHECK(!parse("++code_path=a", NULL), "code_path cannot be added to");
    CHECK(parse("+language_name=French", NULL)
          && !strcmp(opts.language_name, "French"), "language_name");
    CHECK(parse("--path", "include_path=p", "--addpath", "include_path=q",
                NULL) && !strcmp(dirs(), "[q],[p]"), "--path %s", dirs());
    CHECK(parse("--path=include_path=p", NULL) && !strcmp(dirs(), "[p]"),
          "--path=");
}

static void test_settings(void)
{
    CHECK(parse("$MAX_ABBREVS=80", NULL)
          && opt_setting(&opts, "MAX_ABBREVS", 0) == 80
          && opt_setting_value(&opts, "MAX_DYNAMIC_STRINGS") == 16,
          "abbrevs and dynamic strings share 96");
    CHECK(parse("$max_abbrevs=200", NULL)
          && opt_setting_value(&opts, "MAX_ABBREVS") == 96, "limit to 96");
    CHECK(parse("-G", "$MAX_STACK_SIZE=100", NULL)
          && opt_setting_value(&opts, "MAX_STACK_SIZE") == 256, "mul 256");
    CHECK(parse("--opt", "max_stack_size=65536", NULL)
          && opt_setting(&opts, "MAX_STACK_SIZE", 0) == 65536, "--opt");
    CHECK(parse("x", NULL) && opt_setting_value(&opts, "INDIV_PROP_START") == 64
          && opt_setting_value(&opts, "MAX_DYNAMIC_STRINGS") == 32, "z defaults");
    CHECK(parse("-G", "x", NULL)
          && opt_setting_value(&opts, "INDIV_PROP_START") == 256
          && opt_setting_value(&opts, "DICT_WORD_SIZE") == 9
          && opt_setting_value(&opts, "MAX_DYNAMIC_STRINGS") == 100,
          "glulx defaults");
    CHECK(parse("$FOO=3", "x", NULL) && strstr(captured, "note")
          && strstr(captured, "$FOO") && diag_counts().errors == 0,
          "unknown setting is a note: %s", captured);
    CHECK(parse("$MAX_SYMBOLS=10", "x", NULL)
          && strstr(captured, "$MAX_SYMBOLS is no longer needed"),
          "withdrawn: %s", captured);
    CHECK(parse("$BUFFER_LENGTH=10", "x", NULL)
          && strstr(captured, "Inform 5"), "Inform 5 setting");
    CHECK(parse("$HUGE", "x", NULL) && strstr(captured, "withdrawn"), "$HUGE");
    CHECK(parse("$MAX_ABBREVS=abc", NULL) && strstr(captured, "number")
          && strstr(captured, "warning"), "abc");
    CHECK(parse("$MAX_ABBREVS", NULL) && strstr(captured, "needs a value")
          && strstr(captured, "warning"), "no value");
    CHECK(parse("$ZCHAR_TABLE=+ @@945 @{3B2}", NULL)
          && !strcmp(opt_setting_text(&opts, "ZCHAR_TABLE"), "+ @@945 @{3B2}"),
          "text setting");
    CHECK(parse("$VARYING_STRINGS=0", NULL) && !opts.varying_strings,
          "$VARYING_STRINGS=0");
    CHECK(parse("$list", NULL) && opts.info_printed
          && strstr(captured, "MAX_ABBREVS") && strstr(captured, "= 64")
          && !strstr(captured, "MAX_STACK_SIZE"), "$list: %s", captured);
    CHECK(parse("-G", "--list", NULL) && strstr(captured, "MAX_STACK_SIZE")
          && !strstr(captured, "MAX_ABBREVS"), "-G $list");
    CHECK(parse("$?MAX_ABBREVS", NULL) && strstr(captured, "abbreviations")
          && strstr(captured, "64"), "$?: %s", captured);
    CHECK(parse("--helpopt", "max_symbols", NULL)
          && strstr(captured, "no longer needed"), "--helpopt");
    CHECK(parse("$!", NULL) && strstr(captured, "FINDABBREVS"), "$!");
    CHECK(parse("--helptrace", NULL) && strstr(captured, "TOKENS"), "--helptrace");
    CHECK(parse("$!NOSUCH", "x", NULL) && strstr(captured, "$!NOSUCH"), "$!NOSUCH");
}

static void test_defines(void)
{
    CHECK(parse("$#SYMBOL=5", "$#Other", "--define", "third=-2", NULL)
          && opts.n_defines == 3, "defines: %d", opts.n_defines);
    CHECK(opts.n_defines == 3 && !strcmp(opts.defines[0].name, "SYMBOL")
          && opts.defines[0].value == 5 && opts.defines[1].value == 0
          && opts.defines[2].value == -2, "define values");
    CHECK(parse("$#A=2", "$#a=2", NULL) && opts.n_defines == 1
          && opts.defines[0].value == 2, "same symbol, any case");
    CHECK(!parse("$#A=1", "$#a=2", NULL)
          && strstr(captured, "already defined as 1"),
          "same symbol, another value: %s", captured);
    CHECK(parse("$#3ab", NULL) && strstr(captured, "not a symbol")
          && opts.n_defines == 0, "$#3ab");
    CHECK(parse("$#X=y", NULL) && strstr(captured, "warning")
          && opts.n_defines == 0, "$#X=y");
}

static const char HEADER[] =
    "!% -G\n"
    "!% $MAX_STACK_SIZE=65536;\n"
    "!%   +include_path=lib   ! a comment\n"
    "!% $#FROM_HEADER=7\n"
    "!%\n"
    "!% -~S\n"
    "\n"
    "!% -X\n"
    "[ Main; ];\n";

static bool header(const char *text)
{
    diag_reset();
    capture_begin();
    bool ok = opt_apply_header_lines(&opts, text, strlen(text), 1);
    capture_end();
    return ok;
}

static void test_header(void)
{
    parse("game.inf", NULL);
    CHECK(header(HEADER), "header: %s", captured);
    CHECK(opts.glulx && opt_setting(&opts, "MAX_STACK_SIZE", 0) == 65536
          && !strcmp(dirs(), "[lib]") && !opts.strict && !opts.infix,
          "header fields %d %d %s %d", opts.glulx,
          opt_setting(&opts, "MAX_STACK_SIZE", 0), dirs(), opts.infix);
    CHECK(opts.n_defines == 1 && opts.defines[0].value == 7, "header $#");
    CHECK(!strcmp(opts.output_default, "game.ulx"), "name after -G in header");

    /* The command line wins (inform6 6.44+). */
    parse("-v5", "-S", "$MAX_STACK_SIZE=4096", "+include_path=cmd", "x", NULL);
    CHECK(header(HEADER), "header 2: %s", captured);
    CHECK(!opts.glulx && opts.strict && !strcmp(dirs(), "[cmd]")
          && opt_setting(&opts, "MAX_STACK_SIZE", 0) == 4096,
          "command line wins: %d %d %s", opts.glulx, opts.strict, dirs());
    parse("++include_path=mine", "x", NULL);
    header("!% +include_path=theirs\n");
    CHECK(!strcmp(dirs(), "[mine],[theirs]"), "++ stays in front: %s", dirs());

    parse("x", NULL);
    CHECK(!header("!% -G\n!% bogus\n") && strstr(captured, ":2:4:")
          && strstr(captured, "'bogus'"), "bad line located: %s", captured);
    parse("x", NULL);
    CHECK(!header("!% -G extra\n") && strstr(captured, ":1:7:"),
          "extra word: %s", captured);
    parse("x", NULL);
    CHECK(header("!% -Q\n") && strstr(captured, ":1:4: warning:")
          && strstr(captured, "unknown switch '-Q'"), "bad switch: %s", captured);
    parse("x", NULL);
    CHECK(header("!% $MAX_SYMBOLS=10\n") && strstr(captured, "note"),
          "withdrawn in header: %s", captured);

    parse("x", NULL);
    CHECK(opt_header_charset(&opts, "!% -Cu\r\n[;", 11) == CHARSET_UTF8,
          "header -Cu");
    CHECK(opt_header_charset(&opts, "\xEF\xBB\xBF!% -Cu\n", 10) == CHARSET_UTF8,
          "byte-order mark before !%% -Cu");
    CHECK(opt_header_charset(&opts, "! -Cu\n", 7) == CHARSET_LATIN1,
          "not a !%% line");
    parse("-C2", "x", NULL);
    CHECK(opt_header_charset(&opts, "!% -Cu\n", 7) == 2, "command line -C wins");
}

static void test_directive(void)
{
    SrcLoc at = { 1, 3, 1 };
    parse("x", NULL);
    diag_reset();
    capture_begin();
    bool ok = opt_switches_directive(&opts, "dexs", at);
    capture_end();
    CHECK(ok && opts.economy && opts.double_space == 1 && opts.statistics,
          "Switches dexs");
    capture_begin();
    ok = opt_switches_directive(&opts, "k", at);
    capture_end();
    CHECK(!ok && strstr(captured, "Switches"), "Switches k: %s", captured);
    parse("-i", "x", NULL);
    CHECK(opt_switches_directive(&opts, "G", at) && !opts.glulx, "-i ignores");
    parse("-v3", "x", NULL);
    opt_switches_directive(&opts, "v5", at);
    CHECK(opts.zversion == 3, "-v wins over Switches v5");
}

static void test_icl(void)
{
    char dir[] = "/tmp/vinform-opt-XXXXXX";
    if (!mkdtemp(dir)) { CHECK(0, "mkdtemp"); return; }
    char path[256];
    snprintf(path, sizeof path, "%s/setup.icl", dir);
    FILE *f = fopen(path, "w");
    fputs("! a setup file\n-G   ! Glulx\n\n$MAX_STACK_SIZE=8192\n"
          "+include_path=\"with space\",x\ncompile game.inf out.ulx\n", f);
    fclose(f);
    char arg[300];
    snprintf(arg, sizeof arg, "(%s/setup)", dir);
    CHECK(parse(arg, NULL), "ICL: %s", captured);
    CHECK(opts.glulx && opt_setting(&opts, "MAX_STACK_SIZE", 0) == 8192
          && !strcmp(dirs(), "[with space],[x]")
          && opts.source && !strcmp(opts.source, "game.inf")
          && opts.output && !strcmp(opts.output, "out.ulx"), "ICL fields %s",
          dirs());
    CHECK(parse("--config", path, NULL) && opts.glulx, "--config");
    snprintf(path, sizeof path, "%s/bad.icl", dir);
    f = fopen(path, "w");
    fputs("-G\nnonsense\n", f);
    fclose(f);
    snprintf(arg, sizeof arg, "(%s)", path);
    CHECK(!parse(arg, NULL) && strstr(captured, "line 2")
          && strstr(captured, "'nonsense'"), "bad ICL: %s", captured);
    CHECK(!parse("(/nonexistent/file.icl)", NULL)
          && strstr(captured, "cannot open the ICL file"), "missing ICL");
    snprintf(path, sizeof path, "%s/self.icl", dir);
    f = fopen(path, "w");
    fprintf(f, "(%s)\n", path);
    fclose(f);
    snprintf(arg, sizeof arg, "(%s)", path);
    CHECK(!parse(arg, NULL) && strstr(captured, "nested"), "ICL loop");
    snprintf(arg, sizeof arg, "rm -rf '%s'", dir);
    if (system(arg) != 0) CHECK(0, "cleanup");
}

int main(void)
{
    opt_defaults(&opts);
    test_switches();
    test_unimplemented();
    test_unknown();
    test_paths();
    test_settings();
    test_defines();
    test_header();
    test_directive();
    test_icl();
    opt_free(&opts);
    return failures ? 1 : 0;
}
