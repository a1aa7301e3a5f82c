/* mdtable.c: rewrites GitHub-style pipe tables (see mdtable.h).
 *
 * Takes the Markdown text of one page; gives the same text with each table
 * (a row starting with `|`, then a delimiter row such as `| --- | :-: |`,
 * then more `|` rows) replaced.  Fenced code blocks are left alone.  Cells
 * are split at every `|` not written `\|`, as GitHub does. */
#include "mdtable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Buf {
    char *data;
    size_t len, cap;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        while (b->len + n + 1 > b->cap) b->cap = b->cap ? b->cap * 2 : 4096;
        b->data = realloc(b->data, b->cap);
        if (!b->data) {
            fputs("mdrender: out of memory\n", stderr);
            exit(1);
        }
    }
    memcpy(b->data + b->len, s, n);
    b->data[b->len += n] = '\0';
}

static void buf_str(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

typedef struct Line {
    const char *s;
    size_t n;
} Line;

/* The line without up to three leading spaces (more make it code). */
static Line unindent(Line l)
{
    for (int i = 0; i < 3 && l.n && *l.s == ' '; i++) l.s++, l.n--;
    return l;
}

static bool is_row(Line l)
{
    l = unindent(l);
    return l.n && l.s[0] == '|';
}

static bool is_delimiter(Line l)
{
    l = unindent(l);
    bool dash = false, pipe = false;
    for (size_t i = 0; i < l.n; i++) {
        char c = l.s[i];
        if (c == '-') dash = true;
        else if (c == '|') pipe = true;
        else if (c != ':' && c != ' ' && c != '\t') return false;
    }
    return dash && pipe;
}

/* A fence line (``` or ~~~) opens or closes fenced code. */
static char fence_char(Line l)
{
    l = unindent(l);
    if (l.n >= 3 && (l.s[0] == '`' || l.s[0] == '~') &&
        l.s[1] == l.s[0] && l.s[2] == l.s[0])
        return l.s[0];
    return 0;
}

enum { MAX_CELLS = 32 };

typedef struct Row {
    Buf cell[MAX_CELLS];
    int n;
} Row;

static void trim_into(Buf *out, const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t')) s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n && s[i + 1] == '|') continue;
        buf_add(out, s + i, 1);
    }
    if (!out->data) buf_add(out, "", 0);
}

static void split_row(Line l, Row *row)
{
    l = unindent(l);
    size_t i = 1, start = 1;       /* after the leading '|' */
    row->n = 0;
    for (; i <= l.n; i++) {
        bool end = i == l.n;
        if (!end && !(l.s[i] == '|' && l.s[i - 1] != '\\')) continue;
        bool trailing_empty = end && i == start;
        if (!trailing_empty && row->n < MAX_CELLS)
            trim_into(&row->cell[row->n++], l.s + start, i - start);
        start = i + 1;
    }
}

static void free_row(Row *row)
{
    for (int i = 0; i < MAX_CELLS; i++) {
        free(row->cell[i].data);
        row->cell[i] = (Buf){0};
    }
    row->n = 0;
}

static const char *align_attr(const Buf *delim)
{
    const char *d = delim->data;
    size_t n = delim->len;
    bool left = n && d[0] == ':', right = n && d[n - 1] == ':';
    if (left && right) return " style=\"text-align:center\"";
    if (right) return " style=\"text-align:right\"";
    return "";
}

static void html_row(Buf *out, const Row *row, const Row *delim,
                     const char *tag, MdtInlineFn cell)
{
    buf_str(out, "<tr>");
    for (int i = 0; i < row->n; i++) {
        char *html = cell(row->cell[i].data, row->cell[i].len);
        buf_str(out, "<");
        buf_str(out, tag);
        if (i < delim->n) buf_str(out, align_attr(&delim->cell[i]));
        buf_str(out, ">");
        buf_str(out, html);
        buf_str(out, "</");
        buf_str(out, tag);
        buf_str(out, ">");
        free(html);
    }
    buf_str(out, "</tr>\n");
}

static void list_row(Buf *out, const Row *row, const Row *head)
{
    buf_str(out, "- ");
    for (int i = 0; i < row->n; i++) {
        if (i == 1) buf_str(out, ": ");
        if (i > 1) {
            buf_str(out, "; ");
            if (i < head->n && head->cell[i].len) {
                buf_add(out, head->cell[i].data, head->cell[i].len);
                buf_str(out, ": ");
            }
        }
        buf_add(out, row->cell[i].data, row->cell[i].len);
    }
    buf_str(out, "\n");
}

/* Rewrites the table whose header is lines[0]; returns how many lines it
 * took. */
static size_t table(Buf *out, const Line *lines, size_t nlines, bool html,
                    MdtInlineFn cell)
{
    Row head = {0}, delim = {0}, body = {0};
    split_row(lines[0], &head);
    split_row(lines[1], &delim);
    buf_str(out, html ? "\n<table>\n<thead>\n" : "\n");
    if (html) html_row(out, &head, &delim, "th", cell);
    if (html) buf_str(out, "</thead>\n<tbody>\n");
    size_t used = 2;
    for (; used < nlines && is_row(lines[used]); used++) {
        split_row(lines[used], &body);
        if (html) html_row(out, &body, &delim, "td", cell);
        else list_row(out, &body, &head);
        free_row(&body);
    }
    buf_str(out, html ? "</tbody>\n</table>\n\n" : "\n");
    free_row(&head);
    free_row(&delim);
    return used;
}

char *mdt_rewrite(const char *text, size_t len, bool html, MdtInlineFn cell,
                  size_t *out_len)
{
    size_t nlines = 0, cap = 256;
    Line *lines = malloc(cap * sizeof *lines);
    for (size_t pos = 0; lines && pos < len; nlines++) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        if (nlines == cap) lines = realloc(lines, (cap *= 2) * sizeof *lines);
        if (!lines) break;
        lines[nlines] = (Line){ text + pos, end - pos };
        pos = end + 1;
    }
    if (!lines) {
        fputs("mdrender: out of memory\n", stderr);
        exit(1);
    }
    Buf out = {0};
    buf_add(&out, "", 0);
    char fence = 0;
    for (size_t i = 0; i < nlines;) {
        char f = fence_char(lines[i]);
        if (f && (!fence || f == fence)) fence = fence ? 0 : f;
        if (!fence && i + 1 < nlines && is_row(lines[i]) &&
            is_delimiter(lines[i + 1])) {
            i += table(&out, lines + i, nlines - i, html, cell);
            continue;
        }
        buf_add(&out, lines[i].s, lines[i].n);
        buf_str(&out, "\n");
        i++;
    }
    free(lines);
    *out_len = out.len;
    return out.data;
}
