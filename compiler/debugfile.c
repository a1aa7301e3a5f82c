/* debugfile.c: writes the debugging information file (-k), inform6's
 * gameinfo.dbg XML (see debugfile.h for the format and who gives what).
 *
 * Takes the Program, its IR, the symbol table and the sources, and the
 * DebugStory the back end filled after linking; gives the file.  The
 * elements come in this order (a reader finds them by tag; inform6 writes
 * them as it meets them): the sources, constants, attributes, properties,
 * fake actions, objects and classes, globals, arrays, routines, the
 * grammar lines (table entries), actions,
 * the story's sections and first bytes, the system constants.  A source
 * place is written as inform6 writes the start of one (file index among
 * the files read, byte offset, line, column in bytes: the file's own
 * bytes, read again, not the text's); bundled stdlib files are
 * not sources of the game, and what comes from them has no place (a
 * sequence point there is left out). */
#include "debugfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/program.h"
#include "arena.h"
#include "diag.h"
#include "source.h"
#include "symbols.h"

#ifndef VERSION
#define VERSION "0.0"
#endif

/* A source file as it is on disk, read again when a place in it is first
 * wanted: inform6 gives a place as a byte offset in the file and a column
 * in bytes, where vinform's text is UTF-8 with '\n' line ends (a
 * Latin-1 'e' with an accent is one byte in the file and two in the
 * text; "\r\n" two and one). */
typedef struct RawFile {
    const unsigned char *bytes; /* the file's, or else the text's */
    unsigned char *read;        /* the file's when read (malloc'd) */
    size_t len;
    uint32_t *start;            /* byte offset of each line's start */
    uint32_t n;
    bool made, utf8;
    bool bom;                   /* it begins with a UTF-8 byte-order mark
                                   that the text has not */
} RawFile;

typedef struct Dbg {
    FILE *out;
    Compiler *c;
    const Program *prog;
    const DebugStory *s;
    int *file_index;            /* by SrcLoc file: index written, -1 none */
    RawFile *raw;               /* by SrcLoc file, made when first asked */
    uint32_t nfiles;
} Dbg;

/* ---- XML ---- */

static void put_text(FILE *out, const char *t)
{
    for (; *t; t++) {
        switch (*t) {
        case '"': fputs("&quot;", out); break;
        case '&': fputs("&amp;", out); break;
        case '\'': fputs("&apos;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        default: fputc(*t, out);
        }
    }
}

static void put_ident(Dbg *d, const char *name, bool artificial)
{
    fputs(artificial ? "<identifier artificial=\"true\">" : "<identifier>",
          d->out);
    put_text(d->out, name);
    fputs("</identifier>", d->out);
}

/* <tag>v</tag>, made by hand: a file with sequence points holds a
 * number for each statement of the game, four for its place, and
 * fprintf was a third of -k's time on the I7 10.1 output. */
static void put_num(Dbg *d, const char *tag, int64_t v)
{
    char buf[128], digits[24];
    size_t len = strlen(tag), n = 0;
    if (len > 48) {
        fprintf(d->out, "<%s>%lld</%s>", tag, (long long)v, tag);
        return;
    }
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do digits[n++] = (char)('0' + u % 10); while (u /= 10);
    if (v < 0) digits[n++] = '-';
    char *p = buf;
    *p++ = '<';
    memcpy(p, tag, len);
    p += len;
    *p++ = '>';
    while (n) *p++ = digits[--n];
    *p++ = '<';
    *p++ = '/';
    memcpy(p, tag, len);
    p += len;
    *p++ = '>';
    fwrite(buf, 1, (size_t)(p - buf), d->out);
}

/* ---- source places ---- */

/* Reads `path` whole into malloc'd memory; NULL when it cannot. */
static unsigned char *read_whole(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *buf = xmalloc(cap);
    while ((got = fread(buf + n, 1, cap - n, fp)) > 0)
        if ((n += got) == cap) buf = xrealloc(buf, cap *= 2);
    bool failed = ferror(fp);
    fclose(fp);
    if (failed) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* The starts of the lines of `b`, found as the reader finds them
 * (compiler/charsets.c: "\r\n", '\r', '\n' and a form feed each end
 * one). */
static void find_lines(RawFile *rf)
{
    uint32_t cap = 64;
    rf->n = 0;
    rf->start = xrealloc(rf->start, cap * sizeof *rf->start);
    rf->start[rf->n++] = 0;
    const unsigned char *b = rf->bytes;
    for (size_t i = 0; i < rf->len; i++) {
        if (b[i] != '\n' && b[i] != '\r' && b[i] != '\f') continue;
        if (b[i] == '\r' && i + 1 < rf->len && b[i + 1] == '\n') i++;
        if (rf->n == cap) rf->start = xrealloc(rf->start,
                                               (cap *= 2) * sizeof *rf->start);
        rf->start[rf->n++] = (uint32_t)i + 1;
    }
}

/* The file of SrcLoc file `file` as on disk.  One that cannot be read
 * again, or has changed since so that its lines no longer match the
 * text's, is measured in the text instead (exact for a UTF-8 file with
 * '\n' line ends). */
static const RawFile *raw_file(Dbg *d, uint32_t file)
{
    RawFile *rf = &d->raw[file];
    if (rf->made) return rf;
    rf->made = true;
    const SourceFile *f = src_file(d->c->sources, file);
    uint32_t text_lines = 1;
    for (size_t i = 0; i < f->len; i++) text_lines += f->text[i] == '\n';
    rf->read = read_whole(f->path, &rf->len);
    rf->bytes = rf->read;
    if (rf->read) find_lines(rf);
    if (!rf->read || rf->n != text_lines) {
        free(rf->read);
        rf->read = NULL;
        rf->bytes = (const unsigned char *)f->text;
        rf->len = f->len;
        find_lines(rf);
    }
    rf->utf8 = f->utf8 || !rf->read;      /* the text is UTF-8 */
    rf->bom = f->utf8 && rf->read && rf->len >= 3 &&
              !memcmp(rf->bytes, "\xEF\xBB\xBF", 3) &&
              strncmp(f->text, "\xEF\xBB\xBF", 3) != 0;
    return rf;
}

/* Where character `at.col` of line `at.line` is in the file on disk, as
 * a byte offset from the file's start and a column in bytes from the
 * line's start (both from 0): a character is one byte, or its UTF-8
 * sequence in a file read as UTF-8 (in the text, as UTF-8; but the
 * column of a file read otherwise still counts characters). */
static void file_place(Dbg *d, SrcLoc at, uint32_t *offset, uint32_t *column)
{
    const RawFile *rf = raw_file(d, at.file);
    const SourceFile *f = src_file(d->c->sources, at.file);
    if (at.line > rf->n) {
        *offset = *column = 0;
        return;
    }
    const unsigned char *b = rf->bytes;
    size_t start = rf->start[at.line - 1];
    /* a byte-order mark the text left out counts in the column, as in
     * inform6 */
    uint32_t bytes = rf->bom && at.line == 1 ? 3 : 0;
    size_t off = start + bytes;
    for (uint32_t ch = 1; ch < at.col && off < rf->len && b[off] != '\n' &&
                          b[off] != '\r' && b[off] != '\f'; ch++) {
        size_t from = off++;
        while (rf->utf8 && off < rf->len && (b[off] & 0xC0) == 0x80) off++;
        bytes += f->utf8 ? (uint32_t)(off - from) : 1;
    }
    *offset = (uint32_t)off;
    *column = bytes;
}

/* Whether `at` is in a source of the game (not a bundled file). */
static bool has_place(const Dbg *d, SrcLoc at)
{
    return at.file != 0 && at.file <= d->nfiles &&
           d->file_index[at.file] >= 0 && at.line != 0;
}

static void put_loc(Dbg *d, SrcLoc at)
{
    if (!has_place(d, at)) return;
    fputs("<source-code-location>", d->out);
    put_num(d, "file-index", d->file_index[at.file]);
    uint32_t offset, column;
    file_place(d, at, &offset, &column);
    put_num(d, "file-position", offset + 1);    /* as inform6 */
    put_num(d, "line", at.line);
    put_num(d, "character", column + 1);
    fputs("</source-code-location>", d->out);
}

/* <source> for every file read but the bundled ones; numbers them. */
static void sources(Dbg *d)
{
    int n = 0;
    for (uint32_t i = 1; i <= d->nfiles; i++) {
        const SourceFile *f = src_file(d->c->sources, i);
        d->file_index[i] = -1;
        if (!f || f->builtin) continue;
        d->file_index[i] = n;
        fprintf(d->out, "<source index=\"%d\"><given-path>", n++);
        put_text(d->out, f->name);
        fputs("</given-path><language>Inform 6</language></source>", d->out);
    }
}

/* ---- the symbols ---- */

static void named_value(Dbg *d, const char *tag, const Symbol *s,
                        const char *prefix)
{
    fprintf(d->out, "<%s>", tag);
    char buf[256];
    snprintf(buf, sizeof buf, "%s%s", prefix, s->name);
    put_ident(d, buf, false);
    if (s->flags & SYMF_VALUE_KNOWN) put_num(d, "value", s->value);
    put_loc(d, s->loc);
    fprintf(d->out, "</%s>", tag);
}

/* Constants, attributes and properties, in the order they were made. */
static void symbols(Dbg *d)
{
    for (Symbol *s = sym_first(d->c->symbols); s; s = s->order_next) {
        switch (s->kind) {
        case SYM_CONSTANT:      /* a Default one is not written (inform6) */
            if (!(s->flags & SYMF_DEFAULT)) named_value(d, "constant", s, "");
            break;
        case SYM_ATTRIBUTE: named_value(d, "attribute", s, ""); break;
        case SYM_PROPERTY: case SYM_INDIV_PROPERTY:
            named_value(d, "property", s, "");
            break;
        default: break;
        }
    }
    for (int i = 0; i < d->s->nproperties; i++) {
        fputs("<property>", d->out);
        put_ident(d, d->s->properties[i].name, true);
        put_num(d, "value", d->s->properties[i].value);
        fputs("</property>", d->out);
    }
}

static void actions(Dbg *d, bool fake)
{
    const ProgGrammar *g = d->prog->grammar;
    int n = fake ? g->nfakes : g->nactions;
    for (int i = 0; i < n; i++) {
        uint32_t id = fake ? IR_FAKE_ACTION_BASE + (uint32_t)i : (uint32_t)i;
        const PgAction *a = fake ? &g->fakes[i] : &g->actions[i];
        char buf[256];
        snprintf(buf, sizeof buf, "##%s", progg_action_name(g, id));
        fputs(fake ? "<fake-action>" : "<action>", d->out);
        put_ident(d, buf, false);
        put_num(d, "value", progg_action_value(g, id));
        if (fake) put_loc(d, a->loc);
        fputs(fake ? "</fake-action>" : "</action>", d->out);
    }
}

static int class_number(const ProgObjects *o, int obj)
{
    for (int k = 0; k < o->nclasses; k++)
        if (o->class_objs[k] == obj) return k;
    return -1;
}

/* Objects and classes, by number; `nothing` first, as inform6. */
static void objects(Dbg *d)
{
    const ProgObjects *o = &d->prog->objects;
    fputs("<object><identifier>nothing</identifier><value>0</value>"
          "</object>", d->out);
    for (int n = 1; n <= o->nobjs; n++) {
        const ProgObject *ob = &o->objs[n - 1];
        int cls = ob->is_class || ob->metaclass ? class_number(o, n) : -1;
        const char *name = ob->name ? ob->name : ob->short_text;
        if (cls >= 0) {
            fputs("<class>", d->out);
            put_ident(d, name ? name : "?", false);
            put_num(d, "class-number", cls);
            put_num(d, "value", n);
            put_loc(d, ob->loc);
            fputs("</class>", d->out);
            continue;
        }
        char buf[48];
        if (!ob->name) snprintf(buf, sizeof buf, "nameless_obj__%d", n);
        fputs("<object>", d->out);
        put_ident(d, ob->name ? ob->name : buf, !ob->name);
        put_num(d, "value", n);
        put_loc(d, ob->loc);
        fputs("</object>", d->out);
    }
}

static void global(Dbg *d, const char *name, uint32_t at, SrcLoc loc)
{
    if (!at) return;
    fputs("<global-variable>", d->out);
    put_ident(d, name, false);
    put_num(d, "address", at);
    put_loc(d, loc);
    fputs("</global-variable>", d->out);
}

static void globals(Dbg *d)
{
    const DebugStory *s = d->s;
    for (int i = 0; i < s->nsystem_globals; i++)
        global(d, ir_system_global_name(IRG_SYSTEM + i), s->system_globals[i],
               (SrcLoc){ 0, 0, 0 });
    const IrProgram *ir = d->prog->ir;
    for (int i = 0; i < s->nglobals && i < ir->nglobals; i++)
        if (ir->globals[i])
            global(d, ir->globals[i]->name, s->globals[i], ir->globals[i]->loc);
}

static int32_t array_entries(const ProgArray *a)
{
    switch (a->body) {
    case PAB_SIZE: return a->size;
    case PAB_TEXT: return a->ntext;
    case PAB_VALUES: return a->nvalues;
    default: return 0;
    }
}

static void arrays(Dbg *d)
{
    int word = d->c->target->lim.word_size;
    for (int i = 0; i < d->prog->narrays && i < d->s->narrays; i++) {
        const ProgArray *a = &d->prog->arrays[i];
        bool words = a->kind == PA_WORD || a->kind == PA_TABLE;
        int32_t n = array_entries(a);
        int32_t bytes = n * (words ? word : 1);
        if (a->kind == PA_STRING) bytes += 1;
        if (a->kind == PA_TABLE || a->kind == PA_BUFFER) bytes += word;
        fputs("<array>", d->out);
        put_ident(d, a->name, false);
        put_num(d, "value", d->s->arrays[i]);
        put_num(d, "byte-count", bytes);
        put_num(d, "bytes-per-element", words ? word : 1);
        fprintf(d->out, "<zeroth-element-holds-length>%s"
                "</zeroth-element-holds-length>",
                a->kind == PA_BYTE || a->kind == PA_WORD ? "false" : "true");
        put_loc(d, a->loc);
        fputs("</array>", d->out);
    }
}

/* ---- routines ---- */

/* The object whose own property holds routine `id` (0: none). */
static int owner_of(const ProgObjects *o, int id)
{
    for (int n = 1; n <= o->nobjs; n++) {
        const ProgPropList *lists[2] = { &o->objs[n - 1].common,
                                         &o->objs[n - 1].indiv };
        for (int l = 0; l < 2; l++)
            for (int i = 0; i < lists[l]->n; i++)
                for (int k = 0; k < lists[l]->items[i].n; k++) {
                    IrValue v = lists[l]->items[i].v[k];
                    if (v.ref == IRR_ROUTINE && (int)v.target == id) return n;
                }
    }
    return 0;
}

/* inform6's name for an embedded routine: C::prop for a class's,
 * nameless_obj__N.prop for an object with no name's. */
static const char *routine_name(Dbg *d, int id, const IrRoutine *r,
                                char *buf, size_t size)
{
    const char *dot = r->is_embedded ? strchr(r->name, '.') : NULL;
    if (!dot) return r->name;
    if (!strncmp(r->name, "(object).", 9)) {
        snprintf(buf, size, "nameless_obj__%d%s",
                 owner_of(&d->prog->objects, id), dot);
        return buf;
    }
    char owner[200];
    snprintf(owner, sizeof owner, "%.*s", (int)(dot - r->name), r->name);
    const Symbol *s = sym_lookup(d->c->symbols, owner);
    if (!s || s->kind != SYM_CLASS) return r->name;
    snprintf(buf, size, "%s::%s", owner, dot + 1);
    return buf;
}

static void routine(Dbg *d, const char *name, bool artificial,
                    const DebugRoutine *dr, const IrRoutine *r)
{
    fputs("<routine>", d->out);
    put_ident(d, name, artificial);
    put_num(d, "value", dr->value);
    put_num(d, "address", dr->address);
    put_num(d, "byte-count", dr->size);
    if (r) {
        put_loc(d, r->loc);
        for (int i = 0; i < r->nlocals; i++) {
            fputs("<local-variable>", d->out);
            put_ident(d, r->local_names && r->local_names[i]
                         ? r->local_names[i] : "?", false);
            if (d->s->locals_by_index) put_num(d, "index", i + 1);
            else put_num(d, "frame-offset", (int64_t)d->s->frame_slot * i);
            fputs("</local-variable>", d->out);
        }
    }
    for (int i = 0; i < dr->npoints; i++) {
        if (!has_place(d, dr->points[i].loc)) continue;
        fputs("<sequence-point>", d->out);
        put_num(d, "address", dr->points[i].address);
        put_loc(d, dr->points[i].loc);
        fputs("</sequence-point>", d->out);
    }
    fputs("</routine>", d->out);
}

static void routines(Dbg *d)
{
    const DebugStory *s = d->s;
    if (s->entry_name) routine(d, s->entry_name, false, &s->entry, NULL);
    const IrProgram *ir = d->prog->ir;
    static const DebugRoutine left_out = { 0 };
    for (int id = 0; id < ir->nroutines; id++) {
        const IrRoutine *r = ir->routines[id];
        if (!r || !r->name) continue;
        /* One $OMIT_UNUSED_ROUTINES left out: at address 0, as inform6
         * lists it (its code, never made, has no length here). */
        const DebugRoutine *dr = r->omitted ? &left_out
                                 : id < s->nroutines ? &s->routines[id]
                                                     : NULL;
        if (!dr || dr->address == DEBUG_NOWHERE) continue;
        char buf[256];
        routine(d, routine_name(d, id, r, buf, sizeof buf), r->is_embedded,
                dr, r);
    }
}

/* ---- the story ---- */

static void put_base64(FILE *out, const uint8_t *b, int n)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)b[i] << 16;
        if (i + 1 < n) v |= (uint32_t)b[i + 1] << 8;
        if (i + 2 < n) v |= b[i + 2];
        fputc(digits[v >> 18 & 63], out);
        fputc(digits[v >> 12 & 63], out);
        fputc(i + 1 < n ? digits[v >> 6 & 63] : '=', out);
        fputc(i + 2 < n ? digits[v & 63] : '=', out);
    }
}

static void story(Dbg *d)
{
    const DebugStory *s = d->s;
    for (int i = 0; i < s->nsections; i++) {
        uint32_t end = i + 1 < s->nsections ? s->sections[i + 1].address
                                            : s->story_size;
        fputs("<story-file-section><type>", d->out);
        put_text(d->out, s->sections[i].type);
        fputs("</type>", d->out);
        put_num(d, "address", s->sections[i].address);
        put_num(d, "end-address", end);
        fputs("</story-file-section>", d->out);
    }
    if (s->prefix_len) {
        fputs("<story-file-prefix>", d->out);
        put_base64(d->out, s->prefix, s->prefix_len);
        fputs("</story-file-prefix>", d->out);
    }
    for (int i = 0; i < s->nsysconsts; i++) {
        fputs("<constant>", d->out);
        put_ident(d, s->sysconsts[i].name, false);
        put_num(d, "value", s->sysconsts[i].value);
        fputs("</constant>", d->out);
    }
}

/* <table-entry> for each grammar line, in the grammar table's order:
 * its bytes there and where the source wrote it. */
static void table_entries(Dbg *d)
{
    const DebugStory *s = d->s;
    const ProgGrammar *g = d->prog->grammar;
    if (!s->grammar_lines || !g) return;
    for (int v = 0; v < g->nverbs; v++)
        for (int i = 0; i < g->verbs[v].nlines; i++) {
            int n = g->verbs[v].lines[i];
            if (n < 0 || n >= s->ngrammar_lines ||
                !s->grammar_lines[n].address)
                continue;
            fputs("<table-entry><type>grammar line</type>", d->out);
            put_num(d, "address", s->grammar_lines[n].address);
            put_num(d, "end-address", s->grammar_lines[n].end);
            put_loc(d, g->lines[n].loc);
            fputs("</table-entry>", d->out);
        }
}

bool debugfile_write(Compiler *c, const Program *prog, const DebugStory *s,
                     const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        diag_error(NULL, "cannot write the debugging information file "
                   "'%s': %s (choose another with +debugging_name=FILE)",
                   path, strerror(errno));
        return false;
    }
    Dbg d = { .out = out, .c = c, .prog = prog, .s = s };
    while (src_file(c->sources, d.nfiles + 1)) d.nfiles++;
    d.file_index = xcalloc(d.nfiles + 1, sizeof *d.file_index);
    d.raw = xcalloc(d.nfiles + 1, sizeof *d.raw);
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            "<inform-story-file version=\"1.0\" content-creator=\"vinform\" "
            "content-creator-version=\"%s\">", VERSION);
    sources(&d);
    symbols(&d);
    actions(&d, true);
    objects(&d);
    globals(&d);
    arrays(&d);
    routines(&d);
    table_entries(&d);
    actions(&d, false);
    story(&d);
    fputs("</inform-story-file>\n", out);
    bool ok = !ferror(out);
    if (fclose(out) != 0) ok = false;
    for (uint32_t i = 0; i <= d.nfiles; i++) {
        free(d.raw[i].read);
        free(d.raw[i].start);
    }
    free(d.raw);
    free(d.file_index);
    if (!ok)
        diag_error(NULL, "could not write the debugging information file "
                   "'%s'", path);
    return ok;
}

void debug_place_points(DebugStory *out, const DebugCodePoint *p, size_t n,
                        Arena *arena)
{
    for (size_t i = 0, j; i < n; i = j) {
        int id = p[i].routine;
        for (j = i; j < n && p[j].routine == id; j++) {}
        DebugRoutine *d = &out->routines[id];
        DebugSeqPoint *q = arena_alloc(arena, (j - i) * sizeof *q);
        for (size_t m = i; m < j; m++)
            q[m - i] = (DebugSeqPoint){ d->address + p[m].offset, p[m].loc };
        d->points = q;
        d->npoints = (int)(j - i);
    }
}
