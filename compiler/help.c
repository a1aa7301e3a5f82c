/* help.c: vinform's help pages.
 *
 * Gives the usage line (no arguments), the full page (--help, -h), the
 * file-naming page (-h1) and the switches page (-h2).  docs/vinform.md is
 * the long form of the same text: keep them telling the same story. */
#include <stdio.h>

#include "options_read.h"
#include "options_settings.h"

void opt_print_usage(FILE *out)
{
    fputs("usage: vinform [commands...] SOURCE [OUTPUT]\n"
          "\n"
          "Compiles the Inform 6 program SOURCE (\".inf\" is added when the "
          "name has no\nextension).  Commands are -switches, +path=dir, "
          "$SETTING=N, (file.icl) and\n--long options, as for inform6.\n"
          "\n"
          "  vinform --help       every command, switch and setting\n"
          "  vinform -h1          how file names are found\n"
          "  vinform -h2          the switches\n"
          "  vinform --version    the version\n", out);
}

static void print_commands(FILE *out)
{
    fputs("Commands (given on the command line, in an ICL file, or in `!%' "
          "lines at the\nvery top of the main source; the command line "
          "wins):\n\n"
          "  -SWITCHES           switch letters, combinable: -~SDv5 "
          "(~ turns one off)\n"
          "  +DIR                search DIR for Include files "
          "(= +include_path=DIR)\n"
          "  ++DIR               search DIR first, then the others\n"
          "  +PATH=DIR[,DIR...]  set a path (see -h1); ++PATH=DIR adds in "
          "front\n"
          "  $SETTING=N          change a compiler setting (list below)\n"
          "  $list               list the settings and their values\n"
          "  $?SETTING           explain a setting\n"
          "  $#SYMBOL[=N]        define SYMBOL as a constant (default 0)\n"
          "  $!TRACE[=N]         trace option; $! lists them\n"
          "  (FILE)              read commands from FILE (\".icl\" added), "
          "one a line,\n"
          "                      `!' starts a comment; `compile SOURCE "
          "[OUTPUT]' too\n\n"
          "Long forms:\n\n"
          "  --help  --list  --helptrace  --version\n"
          "  --opt SETTING=N  --helpopt SETTING  --define SYMBOL=N\n"
          "  --trace TRACE[=N]  --path PATH=DIR  --addpath PATH=DIR  "
          "--config FILE\n"
          "  (each may also be written --opt=SETTING=N and so on)\n\n", out);
}

static void print_vinform_options(FILE *out)
{
    fputs("vinform's own options:\n\n"
          "  --syntax-only        check the source; write nothing\n"
          "  --dump-tokens        print the tokens the parser sees, then stop\n"
          "  --dump-ast           print the syntax tree, then stop\n"
          "  --dump-program       print the program's objects, arrays, grammar...,\n"
          "                       then stop\n"
          "  --dump-ir            print the intermediate code, then stop\n"
          "  --dump-asm           print the assembly, then stop\n"
          "  --listing[=BASE]     also write an index of the game for its "
          "author,\n"
          "                       BASE.html and BASE.md (default: the story's "
          "name\n"
          "                       with -index for its extension)\n"
          "  $VARYING_STRINGS=0   braces and bars in printed text are plain "
          "characters,\n"
          "                      as for inform6, not varying text such as "
          "\"{a|b|c}\"\n"
          "                      (1, the default: see "
          "docs/varying-strings.md)\n\n"
          "Without -E, diagnostics look like `file:line:col: error: ...' "
          "with the\nsource line quoted; NO_COLOR turns colour off.\n\n",
          out);
}

void opt_print_help(FILE *out)
{
    opt_print_usage(out);
    fputc('\n', out);
    print_commands(out);
    opt_print_help_switches(out);
    fputs("Settings ($NAME=N; [Z] or [Glulx] when they matter for one "
          "target only):\n\n", out);
    opt_help_settings(out);
    fputc('\n', out);
    print_vinform_options(out);
    fputs("Switches that ask for output vinform does not produce yet (-d "
          "with -G, -B with\n-v6/-v7, +charset_map) are accepted and then "
          "refused with \"accepted but not\nimplemented yet\".  "
          "docs/vinform.md (man vinform) says more.\n", out);
}

void opt_print_help_switches(FILE *out)
{
    fputs("Switches:\n\n"
          "  -a  -a2..-a4  trace assembly (with bytes, branches)\n"
          "  -c        concise diagnostics (no source line)\n"
          "  -d  -d2   contract double spaces after full stops (and ! ?)\n"
          "  -e        economy: use the declared abbreviations\n"
          "  -f        show how useful the abbreviations were\n"
          "  -g  -g2  -g3  trace calls to game (library, veneer) routines\n"
          "  -h  -h1  -h2  help: general, file names, switches\n"
          "  -i        ignore Switches directives in the source\n"
          "  -k        write debugging information to gameinfo.dbg\n"
          "  -q        keep quiet about obsolete usages\n"
          "  -r        record all the game's text to gametext.txt\n"
          "  -s        print statistics\n"
          "  -u        work out useful abbreviations\n"
          "  -v3 .. -v8  Z-machine version (default -v5; -v3, -v5, -v8 "
          "are the usual)\n"
          "  -w        no warnings;  -w2 warnings count as errors\n"
          "  -x        print # for every 100 lines read\n"
          "  -z        print the memory map\n"
          "  -B        odd/even packed addresses (v6/v7 only)\n"
          "  -C0       source is ASCII;  -C1 .. -C9 ISO 8859-1 .. -9 "
          "(default -C1)\n"
          "  -Cu       source is UTF-8\n"
          "  -D        define DEBUG (Constant DEBUG;)\n"
          "  -E0  -E1  -E2  inform6's diagnostics: \"line N:\", \"file(N):\", "
          "MPW style\n"
          "  -G        compile for Glulx (.ulx);  -G -vX.Y.Z claims Glulx "
          "version X.Y.Z\n"
          "  -H        compress Glulx text (default; -~H does not)\n"
          "  -S        strict run-time checks (default, except -v3/-v4)\n"
          "  -V        print the version\n"
          "  -Wn       n words in the Z-machine header extension table\n"
          "  -X        define INFIX (Infix debugger)\n\n", out);
}

static void print_list(FILE *out, const PathList *pl)
{
    for (int i = 0; i < pl->n; i++)
        fprintf(out, "%s%s", i ? ", " : "", pl->dirs[i][0] ? pl->dirs[i]
                : "(current folder)");
    fputc('\n', out);
}

void opt_print_help_files(FILE *out, const Options *o)
{
    fputs("File names:\n\n"
          "  vinform [commands] SOURCE           story named after SOURCE\n"
          "  vinform [commands] SOURCE OUTPUT    story written to OUTPUT, "
          "as given\n\n"
          "SOURCE gets \".inf\" when its name has no extension; a name "
          "ending in \".\" means\n\"no extension\".  The story is named "
          "after SOURCE without its folder and\nextension, plus .z3 .. .z8 "
          "or .ulx, and goes in +code_path (if set).\n\n"
          "Include \"name\" adds \".h\" when the name has no extension and "
          "looks in each\ninclude_path folder in order; a name holding '/' "
          "is used as it is; \">name\"\nlooks beside the main source (then "
          "beside the including file) and adds\n\".inf\".  When no file has "
          "the exact name, vinform takes one whose name\ndiffers only in "
          "case (Include \"Parser\" finds parser.h).\n"
          "Include \"language__\" includes +language_name (English).\n\n"
          "Paths (+NAME=DIR,DIR or ++NAME=DIR):\n\n", out);
    fputs("  source_path    ", out); print_list(out, &o->source_dirs);
    fputs("  include_path   ", out); print_list(out, &o->include_dirs);
    fprintf(out, "  code_path      %s\n",
            o->code_path ? o->code_path : "(current folder)");
    fputs("  icl_path       ", out); print_list(out, &o->icl_dirs);
    fprintf(out, "  debugging_name %s\n  transcript_name %s\n"
            "  language_name  %s\n  charset_map    %s\n\n",
            o->debugging_name, o->transcript_name, o->language_name,
            o->charset_map ? o->charset_map : "(none)");
    fputs("Without +include_path, vinform searches the current folder and "
          "then\n" VINFORM_LIBRARY_DIR ".  +include_path= (empty) means the "
          "current folder only.\n", out);
#ifdef VINFORM_STDLIB_DIR
    fputs("After the include path, vinform looks in its installed stdlib "
          "(Include \"text\"):\n" VINFORM_STDLIB_DIR "\n", out);
#endif
    fputs("\n", out);
    if (o->source)
        fprintf(out, "With the commands read so far, the source is \"%s\" "
                "and the story file\n\"%s\".\n\n", o->source,
                o->output ? o->output : o->output_default);
}
