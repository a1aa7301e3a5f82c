/* options.c: reads inform6-compatible commands into an Options.
 *
 * Takes argv, ICL files ("(setup.icl)", --config), the `!%` lines at the
 * top of the main source and Switches directives; gives an Options.  The
 * forms are those of inform6 6.45: -switches (combinable, `~` negates),
 * +path=dir / ++path=dir, $SETTING=N, $#SYMBOL=N, $!TRACE=N, $list,
 * $?SETTING, (file.icl) and the --long forms, plus vinform's own --long
 * switches.  Command-line values win over `!%` ones (inform6 6.44+): each
 * switch letter, path and setting remembers that the command line set it.
 * The `$` settings table is in options_settings.c, the help pages in
 * help.c. */
#include "options.h"

#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "options_read.h"
#include "options_settings.h"

/* Never written: opt_defaults() points the include path at it until a
 * +include_path replaces the list. */
static const char *default_include[] = { "", VINFORM_LIBRARY_DIR };
static const char *current_folder[] = { "" };

void opt_defaults(Options *o)
{
    memset(o, 0, sizeof *o);
    o->zversion = 5;
    o->strict = true;
    o->warnings = true;
    o->charset = CHARSET_LATIN1;
    o->varying_strings = true;
    o->huffman = true;
    o->include_dirs.dirs = default_include;
    o->include_dirs.n = 2;
    o->source_dirs.dirs = current_folder;
    o->source_dirs.n = 1;
    o->icl_dirs.dirs = current_folder;
    o->icl_dirs.n = 1;
    o->include_path = o->include_dirs.dirs;
    o->n_include_path = o->include_dirs.n;
    o->debugging_name = "gameinfo.dbg";
    o->transcript_name = "gametext.txt";
    o->language_name = "English";
}

void opt_free(Options *o)
{
    arena_release(&o->arena);
}

/* ---------------------------------------------------------------- reports */

typedef enum RdKind { RD_ERROR, RD_WARNING, RD_NOTE } RdKind;

/* One report of the reader, where the option came from (an ICL file's
 * line, a `!%` line, the command line); nothing when quiet. */
static void rd_report(Reader *r, RdKind kind, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    if (r->quiet) return;
    void (*say)(const SrcLoc *, const char *, ...) =
        kind == RD_ERROR ? diag_error : kind == RD_WARNING ? diag_warning
                                                           : diag_note;
    if (r->icl_name)
        say(NULL, "%s, line %d: %s", r->icl_name, r->icl_line, buf);
    else
        say(r->loc.file ? &r->loc : NULL, "%s", buf);
}

void rd_error(Reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    r->ok = false;
    rd_report(r, RD_ERROR, fmt, ap);
    va_end(ap);
}

/* A mistake inform6 reports and then goes on past (an unknown switch, a
 * setting that is not a number): a warning, and the reading goes on. */
void rd_warning(Reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rd_report(r, RD_WARNING, fmt, ap);
    va_end(ap);
}

void rd_note(Reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rd_report(r, RD_NOTE, fmt, ap);
    va_end(ap);
}

/* Whether this command may set `key` (a switch letter or a RDKEY_*): the
 * command line always may, and marks it; `!%` lines and Switches
 * directives may only set what the command line left alone. */
bool rd_may_set(Reader *r, int key)
{
    if (r->from == FROM_CMDLINE) {
        r->o->cmdline_keys[key & 127] = 1;
        return true;
    }
    return !r->o->cmdline_keys[key & 127];
}

/* Information pages go to stdout at once, in the order asked, as inform6
 * prints them. */
FILE *rd_info(Reader *r)
{
    if (r->quiet) return NULL;
    r->o->info_printed = true;
    diag_flush();
    fflush(stdout);
    return stdout;
}

/* ---------------------------------------------------------------- commands */

bool rd_is_command(const char *w)
{
    size_t n = strlen(w);
    return w[0] == '+' || w[0] == '-' || w[0] == '$'
        || (w[0] == '(' && n > 1 && w[n - 1] == ')');
}

void rd_command(Reader *r, const char *w)
{
    switch (w[0]) {
    case '-': rd_switches(r, w + 1); break;
    case '+': rd_path(r, w + 1); break;
    case '$': rd_dollar(r, w + 1); break;
    case '(': {
        size_t n = strlen(w);
        char *name = arena_strndup(&r->o->arena, w + 1, n - 2);
        rd_icl_file(r, name);
        break;
    }
    default:
        rd_error(r, "'%s' is not a command (commands begin with -, +, $ or "
                 "'(')", w);
    }
}

/* A --long option that takes a value: the text after '=' or the next
 * argument.  Returns how many arguments it used (0 or 1). */
static int long_value(Reader *r, const char *name, const char *eq,
                      const char *next, const char *what, const char **val)
{
    if (eq) { *val = eq + 1; return 0; }
    if (next) { *val = next; return 1; }
    *val = NULL;
    rd_error(r, "--%s must be followed by %s", name, what);
    return 0;
}

static char *upper(Arena *a, const char *s)
{
    char *u = arena_strdup(a, s);
    for (char *p = u; *p; p++) *p = (char)toupper((unsigned char)*p);
    return u;
}

/* A --long option; `next` is the following argument or NULL.  Returns
 * how many following arguments it used. */
static int long_option(Reader *r, const char *arg, const char *next)
{
    Options *o = r->o;
    Arena *a = &o->arena;
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
    char *name = arena_strndup(a, arg, n);
    const char *v;
    int used;

    static const struct { const char *name; size_t offset; } FLAGS[] = {
        { "syntax-only", offsetof(Options, syntax_only) },
        { "dump-tokens", offsetof(Options, dump_tokens) },
        { "dump-ast", offsetof(Options, dump_ast) },
        { "dump-program", offsetof(Options, dump_program) },
        { "dump-ir", offsetof(Options, dump_ir) },
        { "dump-asm", offsetof(Options, dump_asm) },
        { "help", offsetof(Options, help) },
        { "version", offsetof(Options, version) },
    };
    for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++)
        if (!strcmp(name, FLAGS[i].name)) {
            if (eq) rd_error(r, "--%s takes no value", name);
            else *(bool *)((char *)o + FLAGS[i].offset) = true;
            return 0;
        }
    if (!strcmp(name, "listing")) {
        o->listing = true;
        if (eq) {
            if (!eq[1]) rd_error(r, "--listing= must be followed by a file "
                                 "name without extension, e.g. --listing=game-index");
            else o->listing_name = arena_strdup(a, eq + 1);
        }
        return 0;
    }
    if (!strcmp(name, "list")) { rd_dollar(r, "LIST"); return 0; }
    if (!strcmp(name, "helptrace")) { rd_dollar(r, "!"); return 0; }

    static const struct { const char *name, *prefix, *what; bool up; }
    VALUED[] = {
        { "opt", "$", "SETTING=NUMBER", true },
        { "helpopt", "$?", "SETTING", true },
        { "define", "$#", "SYMBOL=NUMBER", false },
        { "trace", "$!", "TRACEOPT or TRACEOPT=LEVEL", true },
        { "path", "+", "PATH=DIR", false },
        { "addpath", "++", "PATH=DIR", false },
        { "size", "$", "huge, large or small", true },
    };
    for (size_t i = 0; i < sizeof VALUED / sizeof VALUED[0]; i++) {
        if (strcmp(name, VALUED[i].name)) continue;
        used = long_value(r, name, eq, next, VALUED[i].what, &v);
        if (!v) return used;
        if (VALUED[i].prefix[0] == '+' && !strchr(v, '=')) {
            rd_error(r, "--%s must be followed by PATH=DIR, e.g. "
                     "include_path=lib", name);
            return used;
        }
        if (!strcmp(name, "opt") && !strchr(v, '=')) {
            rd_error(r, "--opt must be followed by SETTING=NUMBER, e.g. "
                     "MAX_STACK_SIZE=65536");
            return used;
        }
        const char *val = VALUED[i].up ? upper(a, v) : v;
        rd_command(r, arena_printf(a, "%s%s", VALUED[i].prefix, val));
        return used;
    }
    if (!strcmp(name, "config")) {
        used = long_value(r, name, eq, next, "an ICL file name", &v);
        if (v) rd_icl_file(r, v);
        return used;
    }
    rd_error(r, "unknown option '--%s' (see vinform --help)", name);
    return 0;
}

static void file_argument(Reader *r, const char *arg)
{
    Options *o = r->o;
    if (!o->source) o->source = arg;
    else if (!o->output) o->output = arg;
    else
        rd_error(r, "unexpected argument '%s': vinform takes one source file "
                 "and at most one output name", arg);
}

bool opt_parse_args(Options *o, int argc, char **argv)
{
    Reader r = { .o = o, .from = FROM_CMDLINE, .ok = true };
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] == '-' && a[2])
            i += long_option(&r, a + 2, i + 1 < argc ? argv[i + 1] : NULL);
        else if (rd_is_command(a))
            rd_command(&r, a);
        else
            file_argument(&r, a);
    }
    opt_finalize(o);
    return r.ok;
}

/* ---------------------------------------------------------------- !% lines */

/* Strips the `;` that Inform 7 10.1 left after some `!%` commands (inform6
 * 6.45 tolerates it). */
static void strip_semicolon(char *w)
{
    size_t n = strlen(w);
    if (n > 1 && w[n - 1] == ';') w[n - 1] = '\0';
}

/* Carries out the command of every `!%` line at the very top of `text`
 * (no blank line or other comment before or between them); with
 * `switches_only`, only the -switches. */
static void header_lines(Reader *r, const char *text, size_t len,
                         bool switches_only)
{
    size_t pos = 0;
    uint32_t line = 1;
    while (pos + 1 < len && text[pos] == '!' && text[pos + 1] == '%') {
        size_t end = pos;
        while (end < len && text[end] != '\n') end++;
        size_t at = pos + 2, start;
        char *w = rd_word(&r->o->arena, text, end, &at, &start);
        r->loc.line = line;
        r->loc.col = (uint32_t)(start - pos + 1);
        if (w[0]) {
            strip_semicolon(w);
            if (switches_only) {
                if (w[0] == '-') rd_switches(r, w + 1);
            } else if (rd_is_command(w)) {
                rd_command(r, w);
                char *rest = rd_word(&r->o->arena, text, end, &at, &start);
                r->loc.col = (uint32_t)(start - pos + 1);
                if (rest[0] && strcmp(rest, ";"))
                    rd_error(r, "a !%% line holds one command; found '%s' "
                             "after '%s'", rest, w);
            } else {
                rd_error(r, "a !%% line holds one command (-switches, "
                         "+path=dir, $SETTING=N or (file.icl)), not '%s'", w);
            }
        }
        pos = end + 1;
        line++;
    }
}

bool opt_apply_header_lines(Options *o, const char *text, size_t len,
                            uint32_t file)
{
    Reader r = { .o = o, .from = FROM_HEADER, .ok = true };
    r.loc.file = file;
    header_lines(&r, text, len, false);
    opt_finalize(o);
    opt_check_settings(o);
    return r.ok;
}

Charset opt_header_charset(const Options *o, const char *raw, size_t len)
{
    if (o->cmdline_keys['C']) return o->charset;
    /* A UTF-8 byte-order mark may come before "!% -Cu". */
    if (len >= 3 && !memcmp(raw, "\xEF\xBB\xBF", 3)) {
        raw += 3;
        len -= 3;
    }
    Options scratch;
    opt_defaults(&scratch);
    scratch.charset = o->charset;
    Reader r = { .o = &scratch, .from = FROM_CMDLINE, .quiet = true,
                 .ok = true };
    header_lines(&r, raw, len, true);
    Charset cs = scratch.charset;
    opt_free(&scratch);
    return cs;
}

bool opt_switches_directive(Options *o, const char *switches, SrcLoc at)
{
    if (o->ignore_switches) return true;
    Reader r = { .o = o, .from = FROM_DIRECTIVE, .loc = at, .ok = true };
    rd_switches(&r, switches[0] == '-' ? switches + 1 : switches);
    opt_finalize(o);
    return r.ok;
}

int32_t opt_setting(const Options *o, const char *name, int32_t fallback)
{
    for (int i = 0; i < o->n_settings; i++)
        if (!strcmp(o->settings[i].name, name)) return o->settings[i].value;
    return fallback;
}
