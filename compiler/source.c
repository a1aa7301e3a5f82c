/* source.c: reading source files (see source.h).
 * MINIMAL FIRST VERSION: reads files as UTF-8/Latin-1 bytes unchanged; the
 * command-line/source owner replaces it with the full version. */
#include "source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

struct Sources {
    Arena *arena;
    const Options *opts;
    SourceFile **files;
    int nfiles, cap;
};

Sources *src_new(Arena *arena, const Options *opts)
{
    Sources *s = arena_alloc(arena, sizeof *s);
    s->arena = arena;
    s->opts = opts;
    return s;
}

void src_free(Sources *s) { (void)s; }

SourceFile *src_file(Sources *s, uint32_t index)
{
    return index >= 1 && (int)index <= s->nfiles ? s->files[index - 1] : NULL;
}

static const char *name_of(void *ctx, uint32_t file)
{
    SourceFile *f = src_file(ctx, file);
    return f ? f->name : NULL;
}

static const char *line_of(void *ctx, uint32_t file, uint32_t line, int *len)
{
    SourceFile *f = src_file(ctx, file);
    if (!f) return NULL;
    const char *p = f->text, *end = f->text + f->len;
    for (uint32_t l = 1; l < line; l++) {
        p = memchr(p, '\n', (size_t)(end - p));
        if (!p) return NULL;
        p++;
    }
    const char *e = memchr(p, '\n', (size_t)(end - p));
    *len = (int)((e ? e : end) - p);
    return p;
}

void src_attach_diagnostics(Sources *s) { diag_set_sources(s, name_of, line_of); }

SourceFile *src_from_memory(Sources *s, const char *name, const char *data,
                            size_t len)
{
    SourceFile *f = arena_alloc(s->arena, sizeof *f);
    char *text = arena_alloc(s->arena, len + 1);
    memcpy(text, data, len);
    f->text = text;
    f->len = len;
    f->name = f->path = arena_strdup(s->arena, name);
    VEC_PUSH(s->arena, s->files, s->nfiles, s->cap, f);
    f->index = (uint32_t)s->nfiles;
    return f;
}

static SourceFile *load(Sources *s, const char *path, const char *shown)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    size_t cap = 65536, len = 0;
    char *buf = xmalloc(cap);
    size_t n;
    while ((n = fread(buf + len, 1, cap - len, fp)) > 0) {
        len += n;
        if (len == cap) buf = xrealloc(buf, cap *= 2);
    }
    fclose(fp);
    SourceFile *f = src_from_memory(s, shown, buf, len);
    f->path = arena_strdup(s->arena, path);
    free(buf);
    return f;
}

SourceFile *src_open_main(Sources *s, const char *path)
{
    SourceFile *f = load(s, path, path);
    if (!f) diag_error(NULL, "cannot open the source file \"%s\"", path);
    return f;
}

SourceFile *src_include(Sources *s, const char *name, const SrcLoc *from)
{
    char buf[4096];
    for (int i = -1; i < s->opts->n_include_path; i++) {
        const char *dir = i < 0 ? "." : s->opts->include_path[i];
        snprintf(buf, sizeof buf, "%s/%s", dir, name);
        SourceFile *f = load(s, buf, buf);
        if (f) return f;
        snprintf(buf, sizeof buf, "%s/%s.h", dir, name);
        if ((f = load(s, buf, buf))) return f;
    }
    diag_error(from, "cannot find the file \"%s\" to include", name);
    return NULL;
}
