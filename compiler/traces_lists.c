/* traces_lists.c: the $! trace options that list the compiler's own
 * tables once the story is made (see traces.h): $!SYMBOLS, $!SYMDEF,
 * $!FILES, $!DICT, $!MEM, $!BPATCH and $!UNICODE.
 *
 * Takes the symbol table, the sources, and the back end's DebugStory
 * (the dictionary as the story holds it); gives text on standard output,
 * in inform6 6.45's line formats where vinform has the same facts:
 *   $!SYMBOLS   "%4d  %-16s  %2d:%04d  %04x  %s  (flags)" for each symbol
 *               in the order it was made (=1: the program's, not the
 *               compiler's nor a System_file's; =2: all);
 *   $!SYMDEF    "PLACE: Defined symbol N 'name' as V (Type)" for each
 *               symbol the source defines, in order (inform6 prints them
 *               as it meets them; vinform once the story is made);
 *   $!FILES     "Opening file \"path\"" for each source file, in the order
 *               they were opened;
 *   $!DICT      "Dictionary contains N entries:" and each word with its
 *               flags (noun, p, s, preposition, meta, verb:N); =2 with
 *               the entry's bytes first;
 *   $!MEM       the most memory the compiler held (vinform's own line:
 *               it has no allocation log like inform6's);
 *   $!BPATCH    vinform's own line: it backpatches nothing (every
 *               reference is resolved once, when the story is linked);
 *   $!UNICODE   the Z-machine's Unicode translation table, "  $9b: ..."
 *               for each entry, or that it is not used (or, on Glulx,
 *               that there is none). */
#include "traces.h"

#include <string.h>
#include <sys/resource.h>

#include "../codegen/program.h"
#include "compiler.h"
#include "debugfile.h"
#include "options_settings.h"
#include "source.h"
#include "symbols.h"
#include "target.h"

static const char *type_name(const Symbol *s)
{
    switch (s->kind) {
    case SYM_ROUTINE: return "Routine";
    case SYM_GLOBAL: return "Global variable";
    case SYM_ARRAY:
        return (s->flags & SYMF_STATIC) ? "Static array" : "Array";
    case SYM_CONSTANT: return "Defined constant";
    case SYM_ATTRIBUTE: return "Attribute";
    case SYM_PROPERTY: return "Property";
    case SYM_INDIV_PROPERTY: return "Individual property";
    case SYM_OBJECT: return "Object";
    case SYM_CLASS: return "Class";
    case SYM_FAKE_ACTION: return "Fake action";
    case SYM_ACTION: return "Defined constant";   /* inform6's Name__A */
    case SYM_SYSFUNC: return "System function";
    default: return "(Unknown type)";
    }
}

static void put_flags(FILE *out, const Symbol *s)
{
    if (s->kind == SYM_UNDEFINED) fputs("(?) ", out);
    if (s->flags & SYMF_REPLACE) fputs("(Replaced) ", out);
    if (s->flags & SYMF_USED) fputs("(used) ", out);
    if (s->flags & SYMF_DEFAULT) fputs("(Defaulted) ", out);
    if (s->flags & SYMF_STUB) fputs("(Stubbed) ", out);
    if (s->flags & SYMF_BUILTIN) fputs("(System) ", out);
    if (s->flags & SYMF_SYSTEM_FILE) fputs("(created in sys file) ", out);
    if (s->kind == SYM_ACTION) fputs("(Action name) ", out);
}

/* The value inform6 shows: a constant's, an object's number, an
 * array's address, an action's number (0 where vinform has none to
 * hand: routines, globals). */
static long sym_value_of(const Symbol *s, const Program *prog,
                         const DebugStory *st)
{
    if (s->flags & SYMF_VALUE_KNOWN) return (long)(s->value & 0xFFFF);
    if (s->ir_id < 0) return 0;
    switch (s->kind) {
    case SYM_OBJECT: case SYM_CLASS: return s->ir_id;
    case SYM_ARRAY:
        return s->ir_id < st->narrays ? (long)st->arrays[s->ir_id] : 0;
    case SYM_ACTION: case SYM_FAKE_ACTION:
        return progg_action_value(prog->grammar, (uint32_t)s->ir_id);
    default: return 0;
    }
}

static void symbols(FILE *out, Compiler *c, const Program *prog,
                    const DebugStory *st, int level)
{
    int k = 0;
    for (Symbol *s = sym_first(c->symbols); s; s = s->order_next, k++) {
        if (level < 2 && (s->kind == SYM_UNDEFINED ||
                          (s->flags & (SYMF_BUILTIN | SYMF_SYSTEM_FILE))))
            continue;
        bool builtin = (s->flags & SYMF_BUILTIN) != 0;
        fprintf(out, "%4d  %-16s  %2u:%04u  %04lx  %s  ", k, s->name,
                builtin ? 0u : (unsigned)s->loc.file,
                builtin ? 0u : (unsigned)s->loc.line,
                sym_value_of(s, prog, st) & 0xFFFF,
                type_name(s));
        put_flags(out, s);
        fputc('\n', out);
    }
}

static void symdef(FILE *out, Compiler *c, const Program *prog,
                   const DebugStory *st)
{
    int k = 0;
    for (Symbol *s = sym_first(c->symbols); s; s = s->order_next, k++) {
        if ((s->flags & SYMF_BUILTIN) || s->kind == SYM_UNDEFINED) continue;
        const SourceFile *f = src_file(c->sources, s->loc.file);
        if (f && s->loc.file != 1) fprintf(out, "\"%s\", ", f->path);
        fprintf(out, "line %u: Defined symbol %d '%s' as %ld (%s)\n",
                (unsigned)s->loc.line, k, s->name, sym_value_of(s, prog, st),
                type_name(s));
    }
}

static void files(FILE *out, Compiler *c)
{
    const SourceFile *f;
    for (uint32_t i = 1; (f = src_file(c->sources, i)) != NULL; i++)
        if (!f->builtin) fprintf(out, "Opening file \"%s\"\n", f->path);
}

/* One word and its data, as inform6's dictionary listing shows it. */
static void dict_word(FILE *out, const DebugStory *s, int i, int width,
                      int level, int grammar_version)
{
    int flags = s->dict_flags[i];
    fprintf(out, "%-*s", width, s->dict_words[i]);
    if (level >= 2)
        for (int b = 0; b < s->dict_entry_len; b++)
            fprintf(out, "%02x ", s->dict_data[i * s->dict_entry_len + b]);
    fputs(flags & 0x80 ? "noun " : "     ", out);
    fputs(flags & 0x04 ? "p " : "  ", out);
    fputs(flags & 0x10 ? "s " : "  ", out);
    if (flags & 0x08) {
        if (grammar_version == 1)
            fprintf(out, "preposition:%d  ", s->dict_par3[i]);
        else fputs("preposition    ", out);
    }
    if (flags & 0x02) fputs("meta", out);
    if (flags & 0x01) fprintf(out, "verb:%d  ", s->dict_par2[i]);
    fputc('\n', out);
}

static void dictionary(FILE *out, Compiler *c, const Program *prog,
                       const DebugStory *s, int level)
{
    fprintf(out, "Dictionary contains %d entries:\n", s->ndict_words);
    if (!s->dict_flags) return;
    int width = 4 + c->target->lim.dict_word_chars;
    for (int i = 0; i < s->ndict_words; i++)
        dict_word(out, s, i, width, level, prog->grammar->version);
}

static void memory(FILE *out)
{
    struct rusage u;
    long kb = getrusage(RUSAGE_SELF, &u) == 0 ? (long)u.ru_maxrss : 0;
    fprintf(out, "Memory: at most %ld KB held by the compiler\n", kb);
}

/* A character of the Unicode table as the source's character set
 * would spell it; false when only an @{..} escape can. */
static bool show_char(FILE *out, Charset cs, uint32_t u)
{
    char buf[8];
    if (u < 0x80 || cs == CHARSET_UTF8) {
        fwrite(buf, 1, (size_t)text_utf8_encode(u, buf), out);
        return true;
    }
    if (cs == 1 && u < 0x100) {             /* Latin-1: the byte itself */
        fputc((int)u, out);
        return true;
    }
    fprintf(out, "@{%x}", (unsigned)u);
    return false;
}

/* $!UNICODE: each entry "  $9b: CHAR @{hex}" (the escape only after a
 * character shown as itself). */
static void unicode(FILE *out, Compiler *c, const DebugStory *s)
{
    if (!s->unicode_machine) {
        fputs("Glulx does not have a Unicode translation table.\n", out);
        return;
    }
    if (!s->unicode) {
        fputs("The Unicode translation table is not used.\n", out);
        return;
    }
    fputs("Z-machine Unicode translation table:\n", out);
    for (int i = 0; i < s->nunicode; i++) {
        fprintf(out, "  $%02x: ", 155 + i);
        if (show_char(out, c->opts->charset, s->unicode[i]))
            fprintf(out, " @{%x}", (unsigned)s->unicode[i]);
        fputc('\n', out);
    }
}

bool traces_lists_wanted(const Options *o)
{
    static const char *const names[] = { "SYMBOLS", "SYMDEF", "FILES",
                                         "DICT", "MEM", "BPATCH",
                                         "UNICODE" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (opt_trace_level(o, names[i]) > 0) return true;
    return false;
}

void traces_lists_print(FILE *out, Compiler *c, const Program *prog,
                        const DebugStory *s)
{
    const Options *o = c->opts;
    if (opt_trace_level(o, "FILES") > 0) files(out, c);
    if (opt_trace_level(o, "SYMDEF") > 0) symdef(out, c, prog, s);
    if (opt_trace_level(o, "BPATCH") > 0)
        fputs("Backpatching: none (vinform resolves every reference once, "
              "when it links the story)\n", out);
    if (opt_trace_level(o, "DICT") > 0)
        dictionary(out, c, prog, s, opt_trace_level(o, "DICT"));
    if (opt_trace_level(o, "UNICODE") > 0) unicode(out, c, s);
    if (opt_trace_level(o, "SYMBOLS") > 0)
        symbols(out, c, prog, s, opt_trace_level(o, "SYMBOLS"));
    if (opt_trace_level(o, "MEM") > 0) memory(out);
    fflush(out);
}
