/* source.c: source files (see source.h).
 *
 * Takes file names (the main source, Include'd names) and the Options;
 * gives SourceFiles holding UTF-8 text with '\n' line ends, numbered for
 * SrcLoc, and the text of any line to the diagnostics.  File names are
 * found as inform6 finds them (compiler/incpath.c); bytes are read as
 * characters by compiler/charsets.c. */
#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "charsets.h"
#include "diag.h"
#include "incpath.h"

/* A SourceFile and what only this file needs; the SourceFile comes first
 * so that the two pointers are the same. */
typedef struct Entry {
    SourceFile file;
    uint32_t *mark;         /* the start of line 1 + k * LINES_PER_MARK
                             * for each k found so far (in the arena): the
                             * text is read only as far as a diagnostic
                             * asks */
    uint32_t n_marks, cap_marks;
    uint32_t cur_line;      /* the line found last (0: none) */
    uint32_t cur_offset;    /* and where it starts */
} Entry;

struct Sources {
    Arena *arena;
    int missing_includes;       /* Includes that failed */
    const Options *opts;
    Entry **files;
    int nfiles, cap;
};

/* More files than any real program includes: beyond this an Include that
 * includes itself would otherwise never stop. */
#define MAX_FILES 4096

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
    return index >= 1 && index <= (uint32_t)s->nfiles
        ? &s->files[index - 1]->file : NULL;
}

/* ---------------------------------------------------------------- lines */

/* Finding a line: diagnostics mostly come in the order of the text, so a
 * line is found by counting line breaks on from the one found last (the
 * cursor), or, when it lies before that, from the nearest mark: the start
 * of every LINES_PER_MARK-th line, recorded as the counting first passes
 * it.  No index of every line is made (4 bytes a line of fresh memory:
 * its page faults cost more than the counting), and the text is read
 * once when the diagnostics follow it from the first line to the last. */
#define LINES_PER_MARK 64

#ifdef __SSE2__
/* The number of bits set in `m`. */
static inline unsigned bits_set(uint64_t m)
{
    m -= (m >> 1) & 0x5555555555555555u;
    m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (unsigned)((m * 0x0101010101010101u) >> 56);
}

/* Bit k set when byte k of the 64 at `p` is a line break. */
static inline uint64_t line_breaks(const char *p)
{
    const __m128i nl = _mm_set1_epi8('\n');
    uint64_t m = 0;
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
        m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl))
             << (16 * k);
    }
    return m;
}
#endif

/* Just after the n-th line break from `p` (p itself when n is 0); NULL
 * when the text ends before it.  64 bytes at a time: a memchr call for
 * each line cost more than the line. */
static const char *skip_breaks(const char *p, const char *end, uint32_t n)
{
#ifdef __SSE2__
    for (; n && end - p >= 64; p += 64) {
        uint64_t m = line_breaks(p);
        unsigned c = bits_set(m);
        if (c < n) {
            n -= c;
            continue;
        }
        while (--n) m &= m - 1;
        return p + __builtin_ctzll(m) + 1;
    }
#endif
    for (; n && p < end; p++)
        if (*p == '\n') n--;
    return n ? NULL : p;
}

/* Records a mark at `offset`, the start of line 1 + n_marks * LINES_PER_MARK. */
static void add_mark(Sources *s, Entry *e, size_t offset)
{
    VEC_PUSH(s->arena, e->mark, e->n_marks, e->cap_marks, (uint32_t)offset);
}

/* The start of line `line` (from 1) of `e`, NULL when it has fewer. */
static const char *find_line(Sources *s, Entry *e, uint32_t line)
{
    const char *t = e->file.text, *end = t + e->file.len, *p;
    if (!e->n_marks) add_mark(s, e, 0);
    uint32_t j = (line - 1) / LINES_PER_MARK;
    if (j >= e->n_marks) j = e->n_marks - 1;
    uint32_t at = 1 + j * LINES_PER_MARK;
    p = t + e->mark[j];
    if (e->cur_line > at && e->cur_line <= line) {
        at = e->cur_line;
        p = t + e->cur_offset;
    }
    while (at < line) {
        /* (stopping at the first line with no mark yet, to record it) */
        uint32_t unmarked = 1 + e->n_marks * LINES_PER_MARK;
        uint32_t stop = unmarked > at && unmarked <= line ? unmarked : line;
        if (!(p = skip_breaks(p, end, stop - at))) return NULL;
        at = stop;
        if (at == unmarked) add_mark(s, e, (size_t)(p - t));
    }
    e->cur_line = line;
    e->cur_offset = (uint32_t)(p - t);
    return p;
}

static const char *line_of(void *ctx, uint32_t file, uint32_t line, int *len)
{
    Sources *s = ctx;
    if (file < 1 || file > (uint32_t)s->nfiles || line < 1) return NULL;
    Entry *e = s->files[file - 1];
    const char *p = find_line(s, e, line);
    if (!p) return NULL;
    const char *end = e->file.text + e->file.len;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *len = (int)((nl ? nl : end) - p);
    return p;
}

const char *src_line(Sources *s, uint32_t file, uint32_t line, int *len)
{
    return line_of(s, file, line, len);
}

static const char *name_of(void *ctx, uint32_t file)
{
    SourceFile *f = src_file(ctx, file);
    return f ? f->name : NULL;
}

void src_attach_diagnostics(Sources *s) { diag_set_sources(s, name_of, line_of); }

/* Line and column (in characters) of byte `offset` of a file's text. */
static SrcLoc loc_of(const SourceFile *f, size_t offset)
{
    SrcLoc start = { f->index, 1, 1 };
    return srcloc_advance(start, f->text, offset < f->len ? offset : f->len);
}

/* ---------------------------------------------------------------- reading */

static const char *charset_name(Charset cs)
{
    static const char *const names[] = {
        "ASCII (-C0)", "ISO 8859-1 (-C1)", "ISO 8859-2 (-C2)",
        "ISO 8859-3 (-C3)", "ISO 8859-4 (-C4)", "ISO 8859-5 (-C5)",
        "ISO 8859-6 (-C6)", "ISO 8859-7 (-C7)", "ISO 8859-8 (-C8)",
        "ISO 8859-9 (-C9)",
    };
    return cs == CHARSET_UTF8 ? "UTF-8 (-Cu)"
        : (unsigned)cs < 10 ? names[cs] : "?";
}

/* Bytes that were not characters: malformed UTF-8 is an error; the rest
 * are read as '?' as inform6 reads them, with a note at the first. */
static void report_problems(const SourceFile *f, const CsResult *r,
                            Charset cs)
{
    int shown = r->n_problems < CS_MAX_PROBLEMS ? r->n_problems
        : CS_MAX_PROBLEMS;
    bool noted = false;
    for (int i = 0; i < shown; i++) {
        const CsProblem *p = &r->problems[i];
        SrcLoc at = loc_of(f, p->offset);
        if (p->kind == CS_BAD_UTF8)
            diag_error(&at, "malformed UTF-8 (byte $%02X): the file is not "
                       "UTF-8; give the right -C switch (-C1 is ISO 8859-1)",
                       (unsigned)p->byte);
        else if (!noted && p->kind == CS_CONTROL)
            diag_note(&at, "control character $%02X read as '?'",
                      (unsigned)p->byte), noted = true;
        else if (!noted)
            diag_note(&at, "byte $%02X is not a character in %s; read as "
                      "'?' (is the file in another character set?)",
                      (unsigned)p->byte, charset_name(cs)), noted = true;
    }
    if (r->n_problems > shown) {
        SrcLoc at = { f->index, 0, 0 };
        diag_note(&at, "%d more bytes of %s could not be read as characters",
                  r->n_problems - shown, f->name);
    }
}

/* `data` holds `len` bytes of the file in arena memory with room for
 * `room` (at least len + 2); the text is converted in it when it fits. */
static SourceFile *add_file(Sources *s, const char *name, const char *path,
                            unsigned char *data, size_t len, size_t room,
                            Charset cs)
{
    if (s->nfiles >= MAX_FILES) return NULL;
    CsResult r = { .text = NULL };
    char *text = (char *)data;
    size_t text_len = len;
    /* Most sources are plain ASCII, which reads as itself. */
    if (cs_plain_prefix(data, len) != len) {
        cs_convert(data, len, cs, &r);
        if (r.len + 2 > room) text = arena_alloc_text(s->arena, r.len + 2);
        memcpy(text, r.text, r.len);
        free(r.text);
        text_len = r.len;
    }
    /* Two NULs after the text: the lexer scans it in place. */
    text[text_len] = text[text_len + 1] = '\0';
    Entry *e = arena_alloc(s->arena, sizeof *e);
    e->file.text = text;
    e->file.len = text_len;
    e->file.utf8 = cs == CHARSET_UTF8;
    e->file.name = arena_strdup(s->arena, name);
    e->file.path = arena_strdup(s->arena, path);
    VEC_PUSH(s->arena, s->files, s->nfiles, s->cap, e);
    e->file.index = (uint32_t)s->nfiles;
    if (r.n_problems) report_problems(&e->file, &r, cs);
    if (r.bom && cs != CHARSET_UTF8) {
        SrcLoc at = { e->file.index, 1, 1 };
        diag_note(&at, "the file begins with a UTF-8 byte-order mark: is it "
                  "UTF-8? then compile with -Cu");
    }
    return &e->file;
}

static Charset charset(const Sources *s)
{
    return s->opts ? s->opts->charset : CHARSET_LATIN1;
}

SourceFile *src_from_memory(Sources *s, const char *name, const char *data,
                            size_t len)
{
    unsigned char *copy = (unsigned char *)arena_alloc_text(s->arena, len + 2);
    memcpy(copy, data, len);
    SourceFile *f = add_file(s, name, name, copy, len, len + 2, charset(s));
    if (!f) ICE("too many source files");
    return f;
}

SourceFile *src_builtin(Sources *s, const char *name, const char *data,
                        size_t len)
{
    unsigned char *copy = (unsigned char *)arena_alloc_text(s->arena, len + 2);
    memcpy(copy, data, len);
    SourceFile *f = add_file(s, name, name, copy, len, len + 2, CHARSET_UTF8);
    if (!f) ICE("too many source files");
    f->system_file = true;
    f->builtin = true;
    return f;
}

/* Reads a whole regular file into arena memory, with room for two more
 * bytes; NULL (errno set) when it cannot. */
static unsigned char *read_file(Sources *s, const char *path, size_t *len,
                                size_t *room)
{
    struct stat st;
    if (stat(path, &st) != 0) return NULL;
    if (!S_ISREG(st.st_mode)) {
        errno = EISDIR;
        return NULL;
    }
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    /* One byte more than the size, to see whether the file has grown. */
    size_t cap = (size_t)st.st_size + 1, n = 0, got;
    unsigned char *buf = (unsigned char *)arena_alloc_text(s->arena, cap + 2);
    unsigned char *grown = NULL;
    while ((got = fread(buf + n, 1, cap - n, fp)) > 0) {
        if ((n += got) < cap) continue;
        /* It has: read the rest into memory of our own. */
        grown = grown ? grown : memcpy(xmalloc(cap), buf, n);
        buf = grown = xrealloc(grown, cap *= 2);
    }
    bool failed = ferror(fp);
    fclose(fp);
    if (grown && !failed) {
        buf = memcpy(arena_alloc_text(s->arena, n + 2), grown, n);
        cap = n;
    }
    free(grown);
    if (failed) {
        errno = EIO;
        return NULL;
    }
    *len = n;
    *room = cap + 2;
    return buf;
}

/* The length of the `!%` lines at the top of `data` (after a UTF-8
 * byte-order mark), each ended by '\n' as inform6 reads them. */
static size_t header_length(const unsigned char *data, size_t len)
{
    size_t pos = len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3) ? 3 : 0;
    while (pos + 1 < len && data[pos] == '!' && data[pos + 1] == '%') {
        const unsigned char *nl = memchr(data + pos, '\n', len - pos);
        pos = nl ? (size_t)(nl - data) + 1 : len;
    }
    return pos;
}

static SourceFile *load(Sources *s, const char *path, bool main_file)
{
    size_t len, room;
    unsigned char *data = read_file(s, path, &len, &room);
    if (!data) return NULL;
    Charset cs = charset(s);
    /* The `!%` lines may choose the main file's character set, so they
     * are read (as ASCII) before the rest. */
    if (main_file && s->opts)
        cs = opt_header_charset(s->opts, (const char *)data, len);
    CsResult head = { .text = NULL };
    if (main_file) {
        size_t hlen = header_length(data, len);
        unsigned char *copy = xmalloc(hlen + 1);
        for (size_t i = 0; i < hlen; i++)
            copy[i] = data[i] == '\r' && (i + 1 == hlen || data[i + 1] != '\n')
                ? ' ' : data[i];
        cs_convert(copy, hlen, cs, &head);
        free(copy);
    }
    SourceFile *f = add_file(s, path, path, data, len, room, cs);
    if (f && head.text) {
        f->header = arena_strndup(s->arena, head.text, head.len);
        f->header_len = head.len;
    }
    free(head.text);
    return f;
}

/* ---------------------------------------------------------------- finding */

SourceFile *src_open_main(Sources *s, const char *path)
{
    IncSearch search;
    inc_main_candidates(&search, s->arena, s->opts, path);
    for (int i = 0; i < search.n; i++) {
        SourceFile *f = load(s, search.paths[i], true);
        if (f) return f;
        if (errno == EISDIR || errno == EIO || errno == EACCES) {
            diag_error(NULL, "cannot read the source file \"%s\": %s",
                       search.paths[i], strerror(errno));
            return NULL;
        }
    }
    if (search.n == 1)
        diag_error(NULL, "cannot find the source file \"%s\"",
                   search.paths[0]);
    else
        diag_error(NULL, "cannot find the source file \"%s\" (tried %s)",
                   path, inc_tried(&search, s->arena));
    return NULL;
}

SourceFile *src_include(Sources *s, const char *name, const SrcLoc *from)
{
    if (s->nfiles >= MAX_FILES) {
        diag_error(from, "too many files included (%d): does a file include "
                   "itself?", MAX_FILES);
        return NULL;
    }
    const SourceFile *cur = from ? src_file(s, from->file) : NULL;
    const SourceFile *main_file = src_file(s, 1);
    IncSearch search;
    inc_include_candidates(&search, s->arena, s->opts, name,
                           main_file ? main_file->path : NULL,
                           cur ? cur->path : NULL);
    const char *found = inc_find(&search, s->arena);
    if (found) {
        SourceFile *f = load(s, found, false);
        if (f) return f;
        s->missing_includes++;
        diag_error(from, "cannot read the file \"%s\" to include: %s", found,
                   strerror(errno));
        return NULL;
    }
    s->missing_includes++;
    diag_error(from, "cannot find the file \"%s\" to include; looked in %s%s",
               search.wanted, inc_folders(&search, s->arena),
               search.uses_include_path
                   ? " (give the folders with +include_path=DIR,DIR)" : "");
    return NULL;
}

int src_missing_includes(const Sources *s) { return s->missing_includes; }
