/* index_html.c: the index page's files (--listing): BASE.md as index.c
 * writes it, and BASE.html rendered from it with libcmark, pipe tables
 * first turned into HTML tables (tools/mdtable.c, as the manual's pages
 * are) and each section heading given the id the page's contents links
 * to.  Also what the driver notes while routines are lowered: which
 * routine first needed each routine of the bundled libraries. */
#include "index.h"

#include <cmark.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/ir.h"
#include "../tools/mdtable.h"
#include "diag.h"
#include "source.h"

/* ---- who needed the bundled routines ---- */

static void note_tree(IndexCalls *calls, const IrProgram *ir, int id,
                      const IrNode *n)
{
    if (!n) return;
    if (n->kind == IR_CONST && n->value.ref == IRR_ROUTINE) {
        uint32_t t = n->value.target;
        if (t < (uint32_t)ir->nroutines && (int)t != id) {
            while (calls->cap < ir->nroutines) {
                int cap = calls->cap ? 2 * calls->cap : 256;
                calls->by = realloc(calls->by, (size_t)cap * sizeof *calls->by);
                calls->at = realloc(calls->at, (size_t)cap * sizeof *calls->at);
                if (!calls->by || !calls->at) abort();
                for (int i = calls->cap; i < cap; i++) calls->by[i] = -1;
                calls->cap = cap;
            }
            if (calls->n < ir->nroutines) calls->n = ir->nroutines;
            if (calls->by[t] < 0) {
                calls->by[t] = id;
                calls->at[t] = n->loc;
            }
        }
    }
    for (int i = 0; i < n->nkids; i++) note_tree(calls, ir, id, n->kids[i]);
}

void index_note_calls(IndexCalls *calls, const IrProgram *ir, int id,
                      const IrRoutine *r)
{
    for (int i = 0; i < r->ncode; i++) note_tree(calls, ir, id, r->code[i]);
}

void index_calls_free(IndexCalls *calls)
{
    free(calls->by);
    free(calls->at);
    *calls = (IndexCalls){ 0 };
}

/* ---- rendering ---- */

static char *render_cell(const char *md, size_t len)
{
    char *html = cmark_markdown_to_html(md, len, CMARK_OPT_DEFAULT);
    size_t n = strlen(html);
    const char *p = html;
    if (!strncmp(p, "<p>", 3)) p += 3, n -= 3;
    if (n >= 5 && !strncmp(p + n - 5, "</p>\n", 5)) n -= 5;
    char *out = malloc(n + 1);
    if (!out) abort();
    memcpy(out, p, n);
    out[n] = '\0';
    cmark_get_default_mem_allocator()->free(html);
    return out;
}

/* `<h2>Text</h2>` with the id a Markdown reader gives it ("Varying
 * strings" -> "varying-strings"), so that the contents' links work. */
static void put_html(FILE *out, const char *html)
{
    const char *p = html;
    for (const char *h; (h = strstr(p, "<h2>")); ) {
        fwrite(p, 1, (size_t)(h - p), out);
        const char *text = h + 4, *end = strstr(text, "</h2>");
        if (!end) break;
        fputs("<h2 id=\"", out);
        bool dash = false;
        for (const char *q = text; q < end; q++) {
            if (*q == '&') { while (q < end && *q != ';') q++; continue; }
            if (isalnum((unsigned char)*q)) {
                if (dash) fputc('-', out);
                dash = false;
                fputc(tolower((unsigned char)*q), out);
            } else if (*q == ' ' || *q == '-') {
                dash = true;
            }
        }
        fputs("\">", out);
        p = text;
    }
    fputs(p, out);
}

static const char STYLE[] =
    "body{max-width:60em;margin:2em auto;padding:0 1em;line-height:1.45;"
    "font-family:sans-serif;color:#222}\n"
    "table{border-collapse:collapse;margin:0.5em 0}\n"
    "td,th{border:1px solid #ccc;padding:0.15em 0.5em;vertical-align:top;"
    "text-align:left}\n"
    "td:last-child{white-space:nowrap}\n"
    "h2{border-bottom:1px solid #ccc;margin-top:1.5em}\n"
    "code{background:#f3f3f3;padding:0 0.2em}\n"
    "a{color:#1a4f8b}\n";

static bool fail_file(const char *path)
{
    diag_error(NULL, "cannot write the index %s: %s", path, strerror(errno));
    return false;
}

bool index_write(Compiler *c, const struct Program *p,
                 const struct DebugStory *s,
                 const IndexCalls *calls, const char *base)
{
    size_t blen = strlen(base);
    char *md_path = malloc(blen + 6), *html_path = malloc(blen + 6);
    if (!md_path || !html_path) abort();
    snprintf(md_path, blen + 6, "%s.md", base);
    snprintf(html_path, blen + 6, "%s.html", base);
    const SourceFile *main_file = src_file(c->sources, 1);
    const char *title = main_file ? main_file->name : base;
    if (strrchr(title, '/')) title = strrchr(title, '/') + 1;

    char *md = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&md, &len);
    bool ok = m && index_write_md(c, p, s, calls, title, m);
    if (m) fclose(m);
    if (!ok) {
        free(md);
        free(md_path);
        free(html_path);
        return fail_file(base);
    }
    FILE *f = fopen(md_path, "w");
    if (!f || fwrite(md, 1, len, f) != len || fclose(f) != 0) {
        ok = fail_file(md_path);
    } else {
        size_t tlen;
        char *tables = mdt_rewrite(md, len, true, render_cell, &tlen);
        char *html = cmark_markdown_to_html(tables, tlen,
                                            CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE);
        FILE *h = fopen(html_path, "w");
        if (!h) {
            ok = fail_file(html_path);
        } else {
            fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                  "<meta charset=\"utf-8\">\n<title>Index of ", h);
            for (const char *q = title; *q; q++)
                if (*q == '<') fputs("&lt;", h);
                else if (*q == '&') fputs("&amp;", h);
                else fputc(*q, h);
            fprintf(h, "</title>\n<style>\n%s</style>\n</head>\n<body>\n",
                    STYLE);
            put_html(h, html);
            fputs("</body>\n</html>\n", h);
            if (fclose(h) != 0) ok = fail_file(html_path);
        }
        cmark_get_default_mem_allocator()->free(html);
        free(tables);
    }
    free(md);
    free(md_path);
    free(html_path);
    return ok;
}
