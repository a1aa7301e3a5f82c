/* kwgen.c: gives the parser its keyword declarations, and the lexer its
 * keyword lookup, from compiler/keywords.def.
 *
 * `kwgen --lexer` gives on standard output grammar/keyword-gen.h, which
 * lexer.l includes: keyword(), the token of a name that is a keyword, as
 * one switch over the first character with a test of the length and
 * memcmp() of constant size for each keyword beginning with it.  That is
 * as fast as a lookup gets (the lexer runs it for every name), and the
 * C preprocessor cannot group the rows by their first character.
 *
 * `kwgen grammar/parser.y` (bison cannot include the .def) gives the same
 * text (grammar/parser-gen.y, which bison reads) with each marker line
 * replaced by what it stands for, on one line, so that every other line
 * keeps its number and bison's messages and #line directives point at
 * the right line of parser.y:
 *   @DIRECTIVE_TOKENS@  %token for each DIRECTIVE row (DIR_TOKEN "Word")
 *   @KEYWORD_TOKENS@    %token for each KEYWORD row (K_TOKEN "word"), and
 *                       %type <tok> for the name lists
 *   @KEYWORD_LISTS@     one rule per name list: `list : K_A | K_B ... ;`
 * A marker line holds nothing but the marker in a comment.  Fails (exit
 * 1) when the file cannot be read or a marker is missing.  Used by
 * `make`; not installed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Row {
    const char *token, *word, *list;
} Row;

static const Row keywords[] = {
#define KEYWORD(token, word, list, class) { #token, word, #list },
#include "keywords.def"
};
static const Row directives[] = {
#define DIRECTIVE(token, word, shape) { #token, word, NULL },
#include "keywords.def"
};
#define COUNT(a) (sizeof (a) / sizeof *(a))

static void tokens(FILE *out, const char *prefix, const Row *rows, size_t n)
{
    fputs("%token <tok>", out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, " %s%s \"%s\"", prefix, rows[i].token, rows[i].word);
}

/* Whether row i is the first of its list. */
static int first_of_list(size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (!strcmp(keywords[j].list, keywords[i].list)) return 0;
    return 1;
}

static void list_types(FILE *out)
{
    fputs(" %type <tok>", out);
    for (size_t i = 0; i < COUNT(keywords); i++)
        if (first_of_list(i)) fprintf(out, " %s", keywords[i].list);
}

static void list_rules(FILE *out)
{
    for (size_t i = 0; i < COUNT(keywords); i++) {
        if (!first_of_list(i)) continue;
        const char *list = keywords[i].list;
        fprintf(out, "%s%s :", i ? " " : "", list);
        const char *sep = "";
        for (size_t j = i; j < COUNT(keywords); j++)
            if (!strcmp(keywords[j].list, list)) {
                fprintf(out, "%s K_%s", sep, keywords[j].token);
                sep = " |";
            }
        fputs(" ;", out);
    }
}

static const char *const markers[] = {
    "/* @DIRECTIVE_TOKENS@ */", "/* @KEYWORD_TOKENS@ */",
    "/* @KEYWORD_LISTS@ */",
};

/* The marker the line is (its index), or -1. */
static int marker(const char *line)
{
    size_t n = strcspn(line, "\r\n");
    for (size_t i = 0; i < COUNT(markers); i++)
        if (strlen(markers[i]) == n && !strncmp(line, markers[i], n))
            return (int)i;
    return -1;
}

/* keyword() for the lexer. */
static void lexer(FILE *out)
{
    fputs("/* keyword-gen.h: made by tools/kwgen from compiler/keywords.def; "
          "do not edit. */\n\n"
          "/* The keyword token of the n characters of a name at p, or "
          "IDENT. */\n"
          "static int keyword(const char *p, size_t n)\n{\n"
          "    switch (p[0]) {\n", out);
    for (int ch = 1; ch < 128; ch++) {
        int any = 0;
        for (size_t i = 0; i < COUNT(keywords); i++) {
            const char *w = keywords[i].word;
            if (w[0] != ch) continue;
            if (!any) fprintf(out, "    case '%c':\n", ch);
            any = 1;
            fprintf(out, "        if (n == %zu && !memcmp(p, \"%s\", %zu)) "
                    "return K_%s;\n", strlen(w), w, strlen(w),
                    keywords[i].token);
        }
        if (any) fputs("        break;\n", out);
    }
    fputs("    default:\n        break;\n    }\n    return IDENT;\n}\n", out);
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--lexer")) {
        lexer(stdout);
        return ferror(stdout) ? 1 : 0;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: kwgen grammar/parser.y >parser-gen.y\n"
                "       kwgen --lexer >keyword-gen.h\n");
        return 1;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    int seen[COUNT(markers)] = { 0 };
    char line[4096];
    while (fgets(line, sizeof line, in)) {
        int m = marker(line);
        if (m < 0) {
            fputs(line, stdout);
            continue;
        }
        seen[m] = 1;
        if (m == 0) tokens(stdout, "DIR_", directives, COUNT(directives));
        if (m == 1) {
            tokens(stdout, "K_", keywords, COUNT(keywords));
            list_types(stdout);
        }
        if (m == 2) list_rules(stdout);
        putchar('\n');
    }
    fclose(in);
    for (size_t i = 0; i < COUNT(markers); i++)
        if (!seen[i]) {
            fprintf(stderr, "kwgen: %s has no line %s\n", argv[1], markers[i]);
            return 1;
        }
    return ferror(stdout) ? 1 : 0;
}
