/* options_switch.c: the -switches (inform6 6.45's letters) and the fields
 * derived from them once all commands are read.
 *
 * Takes the letters after a '-', as given on the command line, in an ICL
 * file, a `!%` line or a Switches directive; sets the Options fields.
 * Letters combine (-~SDv5): `~` turns the next letter off; a, d, g, h, E,
 * v, C, W and w read a level or value from the characters after them. */
#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "options_read.h"
#include "options_settings.h"

/* The plain on/off switches and the field each one sets. */
static const struct { char letter; size_t field; } FLAGS[] = {
    { 'c', offsetof(Options, concise) },
    { 'e', offsetof(Options, economy) },
    { 'f', offsetof(Options, frequencies) },
    { 'i', offsetof(Options, ignore_switches) },
    { 'k', offsetof(Options, debug_file) },
    { 'q', offsetof(Options, quiet_obsolete) },
    { 'r', offsetof(Options, transcript) },
    { 's', offsetof(Options, statistics) },
    { 'u', offsetof(Options, find_abbrevs) },
    { 'x', offsetof(Options, progress) },
    { 'z', offsetof(Options, memory_map) },
    { 'B', offsetof(Options, oddeven) },
    { 'D', offsetof(Options, debug) },
    { 'H', offsetof(Options, huffman) },
    { 'X', offsetof(Options, infix) },
};

/* What replaced the switches inform6 6.40 removed. */
static const char *removed(char c)
{
    switch (c) {
    case 'b': return "it had done nothing since Inform 5";
    case 'j': return "use $!OBJECTS";
    case 'l': return "use $!FILES";
    case 'm': return "use $!MEM";
    case 'n': return "use $!PROPS and $!ACTIONS";
    case 'o': return "use $!MAP";
    case 'p': return "use $!MAP=2";
    case 't': return "use -a2";
    case 'y': return "linking was removed";
    case 'F': return "temporary files were removed";
    case 'M': case 'U': return "modules were removed";
    }
    return NULL;
}

/* A level digit lo..hi after a letter, consumed; `dflt` when absent. */
static int level(const char **p, int lo, int hi, int dflt)
{
    if (**p >= '0' + lo && **p <= '0' + hi) return *(*p)++ - '0';
    return dflt;
}

static bool flag_switch(Reader *r, char c, bool on)
{
    for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++) {
        if (FLAGS[i].letter != c) continue;
        if (r->from == FROM_DIRECTIVE && strchr("kru", c)) {
            rd_error(r, "the switch '-%c' cannot be set with a Switches "
                     "directive; give it on the command line", c);
            return true;
        }
        if (rd_may_set(r, c)) *(bool *)((char *)r->o + FLAGS[i].field) = on;
        return true;
    }
    return false;
}

/* -G -vX.Y.Z: the Glulx version the game file claims. */
static void glulx_version(Reader *r, const char **p)
{
    uint32_t part[3] = { 0, 0, 0 };
    for (int i = 0; i < 3; i++) {
        while (isdigit((unsigned char)**p))
            part[i] = part[i] * 10 + (uint32_t)(*(*p)++ - '0');
        if (**p != '.' || i == 2) break;
        (*p)++;
    }
    if (rd_may_set(r, 'G'))
        r->o->glulx_version = ((part[0] & 0x7FFF) << 16)
            | ((part[1] & 0xFF) << 8) | (part[2] & 0xFF);
}

static void version_switch(Reader *r, const char **p)
{
    Options *o = r->o;
    if (o->glulx) { glulx_version(r, p); return; }
    if (**p < '3' || **p > '8') {
        rd_error(r, "'-v' must be followed by a version from 3 to 8, as in "
                 "-v5 (or by X.Y.Z after -G)");
        return;
    }
    int v = *(*p)++ - '0';
    if (r->from == FROM_DIRECTIVE && o->zversion_set) return;
    if (!rd_may_set(r, 'G')) return;
    o->zversion = v;
    o->zversion_set = true;
}

static void glulx_switch(Reader *r, bool on)
{
    Options *o = r->o;
    if (r->from == FROM_DIRECTIVE) {
        rd_error(r, "the switch '-G' cannot be set with a Switches "
                 "directive; give it on the command line or in a !%% line");
        return;
    }
    if (!rd_may_set(r, 'G')) return;
    if (on && o->zversion_set && !o->glulx) {
        rd_error(r, "the switch '-G' cannot follow '-v%d': give -G alone "
                 "for Glulx, or -G -vX.Y.Z for a Glulx version", o->zversion);
        return;
    }
    o->glulx = on;
}

static void charset_switch(Reader *r, const char **p)
{
    char d = **p;
    if (d) (*p)++;
    Charset cs;
    if (d == 'u') cs = CHARSET_UTF8;
    else if (d >= '0' && d <= '9') cs = (Charset)(d - '0');
    else {
        rd_error(r, "'-C' must be followed by 0 to 9 (ISO 8859-N, 0 = ASCII) "
                 "or u (UTF-8), as in -Cu");
        return;
    }
    if (r->from == FROM_DIRECTIVE) {
        if (cs != r->o->charset)
            rd_error(r, "the character set cannot change inside the source: "
                     "give -C%c on the command line or in a !%% line", d);
        return;
    }
    if (rd_may_set(r, 'C')) r->o->charset = cs;
}

static void help_switch(Reader *r, const char **p)
{
    int page = level(p, 0, 2, 0);
    FILE *out;
    if (page == 0) {
        if (r->from == FROM_CMDLINE) r->o->help = true;
    } else if ((out = rd_info(r)) != NULL) {
        opt_finalize(r->o);     /* the names shown are the current ones */
        if (page == 1) opt_print_help_files(out, r->o);
        else opt_print_help_switches(out);
    }
}

static void warning_switch(Reader *r, const char **p, bool on)
{
    int l = level(p, 0, 2, 1);
    if (!rd_may_set(r, 'w')) return;
    r->o->warnings = !on || l == 0 || l == 2;
    r->o->warnings_as_errors = on && l == 2;
}

/* -Wn: words in the Z-machine header extension table. */
static void header_ext_switch(Reader *r, const char **p)
{
    if (!isdigit((unsigned char)**p)) {
        rd_error(r, "'-W' must be followed by a number of words, as in -W4");
        return;
    }
    int n = *(*p)++ - '0';
    if (isdigit((unsigned char)**p)) n = n * 10 + (*(*p)++ - '0');
    char cmd[40];
    snprintf(cmd, sizeof cmd, "ZCODE_HEADER_EXT_WORDS=%d", n);
    rd_dollar(r, cmd);
}

/* inform6 6.45 prints "Switch unknown" and compiles on; so does vinform,
 * with a warning. */
static void unknown_switch(Reader *r, char c)
{
    const char *why = removed(c);
    if (why)
        rd_warning(r, "the switch '-%c' was removed in Inform 6.40 (%s); it "
                   "is ignored", c, why);
    else if (isprint((unsigned char)c))
        rd_warning(r, "unknown switch '-%c'; it is ignored (see vinform "
                   "--help)", c);
    else
        rd_warning(r, "unknown switch character %d; it is ignored (see "
                   "vinform --help)", (unsigned char)c);
}

/* A letter with a level: -a (1..4), -d (1..2), -g (1..3). */
static bool level_switch(Reader *r, char c, bool on, const char **p)
{
    int *field, l;
    switch (c) {
    case 'a': field = &r->o->asm_trace; l = level(p, 1, 4, 1); break;
    case 'd': field = &r->o->double_space; l = level(p, 1, 2, 1); break;
    case 'g': field = &r->o->trace_calls; l = level(p, 1, 3, 1); break;
    default: return false;
    }
    if (rd_may_set(r, c)) *field = on ? l : 0;
    return true;
}

/* One letter (after any `~`); *p points after it and moves past any value
 * the letter reads. */
static void one_switch(Reader *r, char c, bool on, const char **p)
{
    Options *o = r->o;
    if (flag_switch(r, c, on) || level_switch(r, c, on, p)) return;
    switch (c) {
    case 'h': help_switch(r, p); break;
    case 'v': version_switch(r, p); break;
    case 'w': warning_switch(r, p, on); break;
    case 'C': charset_switch(r, p); break;
    case 'E': {
        int l = level(p, 0, 2, 1);
        if (!rd_may_set(r, c)) break;
        o->diag_style = DIAG_STYLE_E0 + l;
        /* later mistakes on the command line are shown in this style */
        if (r->from == FROM_CMDLINE && !r->quiet) diag_set_style(o->diag_style);
        break;
    }
    case 'G': glulx_switch(r, on); break;
    case 'S':
        if (rd_may_set(r, c)) {
            o->strict = on;
            o->strict_set = true;
        }
        break;
    case 'V': if (r->from == FROM_CMDLINE) o->version = true; break;
    case 'W': header_ext_switch(r, p); break;
    default: unknown_switch(r, c); break;
    }
}

void rd_switches(Reader *r, const char *p)
{
    if (!*p && r->from != FROM_DIRECTIVE) {
        rd_error(r, "'-' alone is not a switch (see vinform --help)");
        return;
    }
    while (*p) {
        bool on = true;
        if (*p == '~') {
            on = false;
            p++;
        }
        if (!*p) {
            rd_error(r, "'~' must be followed by a switch letter, as in -~S");
            return;
        }
        char c = *p++;
        one_switch(r, c, on, &p);
    }
}

/* ---------------------------------------------------------------- derived */

const char *opt_story_name(const Options *o, Arena *a, int zversion)
{
    static const char *const zext[9] = {
        ".z5", ".z5", ".z5", ".z3", ".z4", ".z5", ".z6", ".z7", ".z8",
    };
    if (!o->source) return NULL;
    const char *base = strrchr(o->source, '/');
    base = base ? base + 1 : o->source;
    const char *dot = strrchr(base, '.');
    int n = (int)(dot ? (size_t)(dot - base) : strlen(base));
    const char *ext = o->glulx ? ".ulx"
        : zext[zversion >= 3 && zversion <= 8 ? zversion : 5];
    /* inform6 adds no extension when the name left still has a '.'
     * ("a.b.inf" gives the story "a.b"). */
    if (memchr(base, '.', (size_t)n)) ext = "";
    const char *dir = o->code_path;
    if (!dir || !dir[0])
        return arena_printf(a, "%.*s%s", n, base, ext);
    return arena_printf(a, "%s%s%.*s%s", dir,
                        dir[strlen(dir) - 1] == '/' ? "" : "/", n, base, ext);
}

static void unimplemented(Options *o, const char *what)
{
    int cap = (int)(sizeof o->unimplemented / sizeof o->unimplemented[0]);
    if (o->n_unimplemented < cap) o->unimplemented[o->n_unimplemented++] = what;
}

/* The trace options that are done: another name for a switch (which
 * is listed itself when it is not done), or a listing of their own. */
static bool trace_done(const char *name)
{
    static const char *const done[] = {
        "MAP", "STATS", "ASM", "FREQ", "RUNTIME",
        "VERBS", "ACTIONS", "OBJECTS", "PROPS", /* compiler/traces.c */
        "FINDABBREVS",                          /* compiler/abbrev_find.c */
        "SYMBOLS", "SYMDEF", "FILES", "DICT", "MEM", "BPATCH", "UNICODE",
                                                /* compiler/traces_lists.c */
        "TOKENS",                               /* compiler/filter.c */
        "EXPR",                                 /* compiler/main.c */
    };
    for (size_t i = 0; i < sizeof done / sizeof *done; i++)
        if (!strcmp(name, done[i])) return true;
    return false;
}

/* Every switch that asks for output vinform cannot produce yet. */
static void list_unimplemented(Options *o)
{
    static const char *const dsp[] = { "", "-d", "-d2" };
    o->n_unimplemented = 0;
    /* -d, -s and -z are the Z back end's (codegen/zmachine/zlink*.c); -s
     * and -z Glulx's too (codegen/glulx/gstats.c, glayout.c). */
    if (o->glulx && o->double_space > 0 && o->double_space <= 2)
        unimplemented(o, dsp[o->double_space]);
    if (o->charset_map) unimplemented(o, "+charset_map");
    for (int i = 0; i < o->n_traces; i++)
        if (o->traces[i].level > 0 && !trace_done(o->traces[i].name))
            unimplemented(o, arena_printf(&o->arena, "$!%s",
                                          o->traces[i].name));
}

/* The trace options that are another name for a switch ($!MAP is -z,
 * $!STATS -s, $!ASM=n -an, $!FREQ -f, $!RUNTIME=n -gn), as inform6
 * 6.45 has them: the switch is set and the trace counts as done. */
static bool trace_is_switch(Options *o, const TraceOpt *t)
{
    int n = t->level;
    if (!strcmp(t->name, "MAP")) o->memory_map = n > 0;
    else if (!strcmp(t->name, "STATS")) o->statistics = n > 0;
    else if (!strcmp(t->name, "ASM")) o->asm_trace = n;
    else if (!strcmp(t->name, "FREQ")) o->frequencies = n > 0;
    else if (!strcmp(t->name, "RUNTIME")) o->trace_calls = n;
    else return false;
    return true;
}

void opt_finalize(Options *o)
{
    for (int i = 0; i < o->n_traces; i++) trace_is_switch(o, &o->traces[i]);
    if (!o->strict_set) o->strict = o->glulx || o->zversion >= 5;
    o->include_path = o->include_dirs.dirs;
    o->n_include_path = o->include_dirs.n;
    o->varying_strings = opt_setting(o, "VARYING_STRINGS", 1) != 0;
    o->output_default = opt_story_name(o, &o->arena, o->zversion);
    list_unimplemented(o);
}
