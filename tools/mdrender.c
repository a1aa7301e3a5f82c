/* mdrender.c: renders one CommonMark file of the manual with libcmark.
 *
 * Takes a Markdown file; gives on standard output either
 *   --html   a complete HTML page (title from the first heading, links to
 *            other pages of the manual, NAME.md, rewritten to NAME.html), or
 *   --man    a roff man page: a .TH line built from --title, --section,
 *            --date, --source and --manual, then cmark's man rendering
 *            (level-1 headings become .SH sections, level-2 .SS).
 * Pipe tables, which plain CommonMark lacks, are rewritten first
 * (mdtable.c): HTML tables in --html, bullet lists in --man.
 * Used by `make` for docs/NAME.html and docs/vinform.1; not installed. */
#include <cmark.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdtable.h"

typedef struct ManHeader {
    const char *title, *section, *date, *source, *manual;
} ManHeader;

static void usage(void)
{
    fputs("usage: mdrender --html FILE.md\n"
          "       mdrender --man --title T --section N [--date D]"
          " [--source S] [--manual M] FILE.md\n", stderr);
    exit(2);
}

/* Reads the whole file; exits with a message when it cannot. */
static char *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        perror(path);
        exit(1);
    }
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    if (!buf || ferror(fp)) {
        fprintf(stderr, "mdrender: cannot read %s\n", path);
        exit(1);
    }
    fclose(fp);
    *len = n;
    return buf;
}

/* A relative link to another page of the manual ("options.md",
 * "internals.md#lexer") must point at its rendered page. */
static void rewrite_md_link(cmark_node *link)
{
    const char *url = cmark_node_get_url(link);
    if (!url || strstr(url, "://") || url[0] == '/') return;
    size_t base = strcspn(url, "#?");
    if (base < 3 || strncmp(url + base - 3, ".md", 3) != 0) return;
    size_t len = strlen(url);
    char *fixed = malloc(len + 3);
    if (!fixed) return;
    memcpy(fixed, url, base - 3);
    memcpy(fixed + base - 3, ".html", 5);
    memcpy(fixed + base + 2, url + base, len - base + 1);
    cmark_node_set_url(link, fixed);
    free(fixed);
}

/* Appends the plain text under `node` to buf (at most cap-1 bytes). */
static void plain_text(cmark_node *node, char *buf, size_t cap)
{
    cmark_iter *it = cmark_iter_new(node);
    cmark_event_type ev;
    size_t n = strlen(buf);
    while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
        cmark_node *cur = cmark_iter_get_node(it);
        cmark_node_type t = cmark_node_get_type(cur);
        if (ev != CMARK_EVENT_ENTER ||
            (t != CMARK_NODE_TEXT && t != CMARK_NODE_CODE)) continue;
        const char *s = cmark_node_get_literal(cur);
        size_t k = strlen(s);
        if (k > cap - 1 - n) k = cap - 1 - n;
        memcpy(buf + n, s, k);
        buf[n += k] = '\0';
    }
    cmark_iter_free(it);
}

/* Rewrites links and finds the page title (the first level-1 heading). */
static void prepare_html(cmark_node *doc, char *title, size_t cap);

/* A table cell: its inline Markdown as HTML, without the <p> wrapper. */
static char *render_cell(const char *md, size_t len)
{
    cmark_node *doc = cmark_parse_document(md, len, CMARK_OPT_DEFAULT);
    char title[8] = "x";   /* a cell never gives the page title */
    prepare_html(doc, title, sizeof title);
    char *html = cmark_render_html(doc, CMARK_OPT_DEFAULT);
    cmark_node_free(doc);
    size_t n = strlen(html);
    char *out = malloc(n + 1);
    if (!out) exit(1);
    const char *p = html;
    if (!strncmp(p, "<p>", 3)) p += 3, n -= 3;
    if (n >= 5 && !strncmp(p + n - 5, "</p>\n", 5)) n -= 5;
    memcpy(out, p, n);
    out[n] = '\0';
    cmark_get_default_mem_allocator()->free(html);
    return out;
}


static void prepare_html(cmark_node *doc, char *title, size_t cap)
{
    cmark_iter *it = cmark_iter_new(doc);
    cmark_event_type ev;
    while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
        cmark_node *cur = cmark_iter_get_node(it);
        if (ev != CMARK_EVENT_ENTER) continue;
        cmark_node_type t = cmark_node_get_type(cur);
        if (t == CMARK_NODE_LINK)
            rewrite_md_link(cur);
        else if (t == CMARK_NODE_HEADING && !title[0] &&
                 cmark_node_get_heading_level(cur) == 1)
            plain_text(cur, title, cap);
    }
    cmark_iter_free(it);
}

static void put_escaped_html(const char *s, FILE *out)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", out);
        else if (*s == '>') fputs("&gt;", out);
        else if (*s == '&') fputs("&amp;", out);
        else if (*s == '"') fputs("&quot;", out);
        else putc(*s, out);
    }
}

static const char STYLE[] =
    "body{max-width:46em;margin:2em auto;padding:0 1em;line-height:1.5;"
    "font-family:sans-serif;color:#222}\n"
    "pre,code{font-family:monospace;background:#f4f4f4}\n"
    "pre{padding:.6em;overflow-x:auto}\n"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;"
    "padding:.2em .5em}\n";

static void render_html(cmark_node *doc, const char *path, FILE *out)
{
    char title[256] = "";
    prepare_html(doc, title, sizeof title);
    if (!title[0]) {
        const char *slash = strrchr(path, '/');
        snprintf(title, sizeof title, "%s", slash ? slash + 1 : path);
    }
    /* UNSAFE only lets through raw HTML, which this manual's own pages
     * (and mdtable's tables) hold on purpose. */
    char *body = cmark_render_html(doc, CMARK_OPT_UNSAFE);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\">\n<title>", out);
    put_escaped_html(title, out);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n%s%s"
            "</body>\n</html>\n", STYLE,
            strcmp(base, "index.md") ? "<p><a href=\"index.html\">The vinform "
            "manual</a></p>\n" : "", body);
    cmark_get_default_mem_allocator()->free(body);
}

/* One .TH argument: quoted, with any quote or backslash dropped. */
static void put_th_arg(const char *s, FILE *out)
{
    fputs(" \"", out);
    for (; s && *s; s++)
        if (*s != '"' && *s != '\\' && *s != '\n') putc(*s, out);
    putc('"', out);
}

static void render_man(cmark_node *doc, const ManHeader *h, FILE *out)
{
    fputs(".TH", out);
    put_th_arg(h->title, out);
    put_th_arg(h->section, out);
    put_th_arg(h->date, out);
    put_th_arg(h->source, out);
    put_th_arg(h->manual, out);
    putc('\n', out);
    char *page = cmark_render_man(doc, CMARK_OPT_DEFAULT, 0);
    fputs(page, out);
    cmark_get_default_mem_allocator()->free(page);
}

int main(int argc, char **argv)
{
    bool html = false, man = false;
    ManHeader h = { NULL, NULL, "", "", "" };
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = !strcmp(a, "--title") ? &h.title
            : !strcmp(a, "--section") ? &h.section
            : !strcmp(a, "--date") ? &h.date
            : !strcmp(a, "--source") ? &h.source
            : !strcmp(a, "--manual") ? &h.manual : NULL;
        if (slot) {
            if (++i == argc) usage();
            *slot = argv[i];
        } else if (!strcmp(a, "--html")) html = true;
        else if (!strcmp(a, "--man")) man = true;
        else if (a[0] == '-' || path) usage();
        else path = a;
    }
    if (!path || html == man || (man && (!h.title || !h.section))) usage();

    size_t len;
    char *raw = read_file(path, &len);
    char *text = mdt_rewrite(raw, len, html, render_cell, &len);
    free(raw);
    cmark_node *doc = cmark_parse_document(text, len, CMARK_OPT_DEFAULT);
    free(text);
    if (html) render_html(doc, path, stdout);
    else render_man(doc, &h, stdout);
    cmark_node_free(doc);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("mdrender: writing the output");
        return 1;
    }
    return 0;
}
