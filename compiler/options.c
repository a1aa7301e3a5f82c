/* options.c: MINIMAL FIRST VERSION (the command-line owner replaces it):
 * --syntax-only, --dump-*, -G, -v5, -D, +include_path=... */
#include "options.h"

#include <stdlib.h>
#include <string.h>

void opt_defaults(Options *o)
{
    memset(o, 0, sizeof *o);
    o->zversion = 5;
    o->strict = true;
    o->warnings = true;
    o->charset = CHARSET_LATIN1;
    o->varying_strings = true;
}

bool opt_parse_args(Options *o, int argc, char **argv)
{
    static const char *paths[32];
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--syntax-only")) o->syntax_only = true;
        else if (!strcmp(a, "--dump-ast")) o->dump_ast = true;
        else if (!strcmp(a, "--dump-tokens")) o->dump_tokens = true;
        else if (!strcmp(a, "--help")) o->help = true;
        else if (!strcmp(a, "--version")) o->version = true;
        else if (!strncmp(a, "+include_path=", 14) && o->n_include_path < 32) {
            paths[o->n_include_path++] = a + 14;
            o->include_path = paths;
        } else if (a[0] == '-') {
            for (const char *p = a + 1; *p; p++) {
                if (*p == 'G') o->glulx = true;
                else if (*p == 'D') o->debug = true;
                else if (*p == 'v' && p[1]) o->zversion = *++p - '0';
            }
        } else o->source = a;
    }
    return true;
}

bool opt_apply_header_lines(Options *o, const char *text, size_t len,
                            uint32_t file)
{
    return true;
}

int32_t opt_setting(const Options *o, const char *name, int32_t fallback)
{
    for (int i = 0; i < o->n_settings; i++)
        if (!strcmp(o->settings[i].name, name)) return o->settings[i].value;
    return fallback;
}

void opt_print_usage(FILE *out) { fputs("usage: vinform [switches] source [output]\n", out); }
void opt_print_help(FILE *out) { opt_print_usage(out); }
