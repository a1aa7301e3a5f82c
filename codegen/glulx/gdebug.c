/* gdebug.c: the Glulx back end's part of the debugging information file
 * (-k) and of the text transcript (-r): the linked story described as
 * compiler/debugfile.h asks, through the back end's debug_story hook.
 *
 * Takes the linker's state after gl_link (every area placed); gives a
 * DebugStory: each function's address (its value is its address on
 * Glulx), length (up to the next function: Glulx code has no padding)
 * and sequence points (as the linker kept them), Main__, the globals' and arrays' addresses, the artificial
 * properties 2 and 3, the sections inform6 6.45 names for a Glulx story,
 * the first 64 bytes, the # system constants the layout knows, each
 * grammar line's bytes (read back from the grammar table), and for
 * the transcript the release, serial, version and the dictionary's words
 * in the story's order (with their data and bytes, for $!DICT).  Addresses come from the linker's own resolver
 * (gl_resolve), so that the file says what the story holds. */
#include "glink.h"

#include <stdlib.h>
#include <string.h>

#include "../../compiler/debugfile.h"
#include "../../compiler/target.h"
#include "../../compiler/text.h"

#define NOWHERE UINT32_MAX

static uint32_t resolved(GLink *k, int kind, uint32_t target)
{
    GReloc r = { .kind = kind, .target = target };
    uint32_t v = 0;
    return gl_resolve(k, &r, &v) ? v : 0;
}

static int by_offset(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The code offset where the function placed at `at` ends: the first
 * start in `starts[0..n)` (ascending) after it, or `end` (the end of the
 * code).  A binary search: I7's outputs place thousands of functions. */
static uint32_t end_of(const uint32_t *starts, int n, uint32_t at,
                       uint32_t end)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (starts[mid] <= at) lo = mid + 1;
        else hi = mid;
    }
    return lo < n ? starts[lo] : end;
}

static void routines(GLink *k, DebugStory *out, Arena *arena)
{
    int n = k->routine_cap, nstarts = 0;
    uint32_t *starts = arena_alloc(arena, (size_t)(n ? n : 1) *
                                          sizeof *starts);
    for (int id = 0; id < n; id++)
        if (k->routine_at[id] != NOWHERE) starts[nstarts++] = k->routine_at[id];
    qsort(starts, (size_t)nstarts, sizeof *starts, by_offset);
    uint32_t code_end = (uint32_t)k->code.len;
    out->routines = arena_alloc(arena, (size_t)(n ? n : 1) *
                                       sizeof *out->routines);
    out->nroutines = n;
    for (int id = 0; id < n; id++) {
        DebugRoutine *d = &out->routines[id];
        *d = (DebugRoutine){ .address = DEBUG_NOWHERE };
        uint32_t at = k->routine_at[id];
        if (at == NOWHERE) continue;
        d->address = d->value = k->at[GA_CODE] + at;
        d->size = end_of(starts, nstarts, at, code_end) - at;
    }
    debug_place_points(out, k->points, k->npoints, arena);
    out->entry_name = "Main__";
    out->entry.address = out->entry.value = k->at[GA_CODE];
    out->entry.size = end_of(starts, nstarts, 0, code_end);
}

static void variables(GLink *k, DebugStory *out, Arena *arena)
{
    out->nglobals = k->ir->nglobals;
    out->globals = arena_alloc(arena, (size_t)(out->nglobals + 1) *
                                      sizeof *out->globals);
    for (int i = 0; i < out->nglobals; i++)
        out->globals[i] = resolved(k, GR_GLOBAL_ADDR, (uint32_t)i);
    /* and sys_statusline_flag (IRG_END, ir_system_global_name) */
    out->nsystem_globals = IRG_END - IRG_SYSTEM +
                           (k->c->target->statusline_global ? 1 : 0);
    for (int i = 0; i < out->nsystem_globals; i++)
        out->system_globals[i] = resolved(k, GR_GLOBAL_ADDR,
                                          (uint32_t)(IRG_SYSTEM + i));
    out->narrays = k->prog->narrays;
    out->arrays = arena_alloc(arena, (size_t)(out->narrays + 1) *
                                     sizeof *out->arrays);
    for (int i = 0; i < out->narrays; i++)
        out->arrays[i] = resolved(k, GR_ARRAY, (uint32_t)i);
}

/* inform6's sections of a Glulx story, in address order; "zero
 * padding" where the static arrays end short of RAMSTART and after the
 * story when $MEMORY_MAP_EXTENSION adds memory. */
static void sections(GLink *k, DebugStory *out, Arena *arena)
{
    static const struct { const char *type; GArea a; } ram[] = {
        { "global variables", GA_GLOBALS },
        { "array space", GA_ARRAYS },
        { "abbreviations table", GA_DYNSTR },
        { "object tree", GA_OBJECTS },
        { "common properties", GA_PROPS },
        { "property defaults", GA_CPV },
        { "class numbers", GA_CLASSES },
        { "identifier names", GA_IDS },
        { "grammar table", GA_GRAMMAR },
        { "actions table", GA_ACTIONS },
        { "dictionary", GA_DICT },
    };
    enum { NRAM = sizeof ram / sizeof *ram };
    DebugSection *s = arena_alloc(arena, (NRAM + 10) * sizeof *s);
    int n = 0;
    s[n++] = (DebugSection){ "header", 0 };
    s[n++] = (DebugSection){ "memory layout id", 36 };
    s[n++] = (DebugSection){ "code area", k->at[GA_CODE] };
    s[n++] = (DebugSection){ "string decoding table", k->at[GA_DECODE] };
    s[n++] = (DebugSection){ "strings area",
                             k->at[GA_DECODE] + k->decode_len };
    s[n++] = (DebugSection){ "static array space", k->at[GA_STATIC] };
    uint32_t static_end = k->at[GA_STATIC] + (uint32_t)k->area[GA_STATIC].len;
    if (static_end < k->at[GA_GLOBALS])
        s[n++] = (DebugSection){ "zero padding", static_end };
    for (int i = 0; i < NRAM; i++)
        s[n++] = (DebugSection){ ram[i].type, k->at[ram[i].a] };
    uint32_t ext = (uint32_t)opt_setting_value(k->c->opts,
                                               "MEMORY_MAP_EXTENSION");
    if (ext) s[n++] = (DebugSection){ "zero padding", k->at[GA_END] };
    out->sections = s;
    out->nsections = n;
    out->story_size = k->at[GA_END] + ext;
}

static void constants(GLink *k, DebugStory *out, Arena *arena)
{
    static DebugNamed props[] = {
        { "inheritance class", 2 },
        { "instance variables table address (Z-code)", 3 },
    };
    out->properties = props;
    out->nproperties = 2;
    out->sysconsts = arena_alloc(arena, IRSC_COUNT * sizeof *out->sysconsts);
    for (uint32_t sc = 0; sc < IRSC_COUNT; sc++) {
        uint32_t v;
        const char *name = ir_sysconst_name(sc);
        if (!name || !gl_sysconst(k, sc, &v)) continue;
        out->sysconsts[out->nsysconsts++] = (DebugNamed){
            arena_printf(arena, "#%s", name), (int32_t)v };
    }
    out->prefix = k->image.data;
    out->prefix_len = k->image.len < 64 ? (int)k->image.len : 64;
    out->locals_by_index = false;
    out->frame_slot = 4;
}

/* The dictionary's words in the story's order (sorted), as UTF-8. */
static void dictionary(GLink *k, DebugStory *out, Arena *arena)
{
    const GDict *d = &k->dict;
    if (!d->rank || !d->n) return;
    const char **words = arena_alloc(arena, (size_t)d->n * sizeof *words);
    int *data = arena_alloc(arena, 3 * (size_t)d->n * sizeof *data);
    for (int id = 0; id < d->n; id++) {
        int r = (int)d->rank[id];
        data[r] = (int)d->e[id].par1;
        data[d->n + r] = (int)d->e[id].par2;
        data[2 * d->n + r] = (int)d->e[id].par3;
    }
    out->dict_flags = data;
    out->dict_par2 = data + d->n;
    out->dict_par3 = data + 2 * d->n;
    out->dict_entry_len = (int)((k->area[GA_DICT].len - 4) / (size_t)d->n);
    out->dict_data = k->image.data + k->at[GA_DICT] + 4;
    for (int id = 0; id < d->n; id++) {
        char *buf = arena_alloc(arena, (size_t)d->word_size * 4 + 1);
        int len = 0;
        for (int i = 0; i < d->word_size && d->e[id].chars[i]; i++)
            len += text_utf8_encode(d->e[id].chars[i], buf + len);
        buf[len] = '\0';
        words[d->rank[id]] = buf;
    }
    out->dict_words = words;
    out->ndict_words = d->n;
}

/* Each grammar line's bytes, read back from the story's grammar table
 * (a count and an address per verb; the verb's line count, its lines:
 * action, flags, 5-byte tokens, ENDIT (15)). */
static void grammar_lines(GLink *k, DebugStory *out, Arena *arena)
{
    const ProgGrammar *g = k->prog->grammar;
    const uint8_t *img = k->image.data;
    size_t len = k->image.len;
    uint32_t base = k->at[GA_GRAMMAR];
    if (!g || !g->nlines || base + 4 > len) return;
    DebugRange *r = arena_alloc(arena, (size_t)g->nlines * sizeof *r);
    memset(r, 0, (size_t)g->nlines * sizeof *r);
    for (int v = 0; v < g->nverbs && base + 8 + 4 * (size_t)v <= len; v++) {
        uint32_t at = gk_get32(img + base + 4 + 4 * v);
        if (at >= len) break;
        uint32_t p = at + 1;
        const PgVerb *verb = &g->verbs[v];
        for (int i = 0; i < img[at] && i < verb->nlines && p < len; i++) {
            uint32_t q = p + 3;
            while (q < len && img[q] != 15) q += 5;
            r[verb->lines[i]] = (DebugRange){ p, q + 1 };
            p = q + 1;
        }
    }
    out->grammar_lines = r;
    out->ngrammar_lines = g->nlines;
}

static void header(GLink *k, DebugStory *out, Arena *arena)
{
    const uint8_t *h = k->image.data;
    uint32_t v = gk_get32(h + 4);
    out->compiled_as = arena_printf(arena, "Glulx version %u.%u.%u",
                                    (unsigned)(v >> 16),
                                    (unsigned)(v >> 8 & 0xFF),
                                    (unsigned)(v & 0xFF));
    out->release = h[52] << 8 | h[53];
    memcpy(out->serial, h + 54, 6);
    out->serial[6] = '\0';
}

void gl_describe(GLink *k, DebugStory *out, Arena *arena)
{
    routines(k, out, arena);
    variables(k, out, arena);
    sections(k, out, arena);
    constants(k, out, arena);
    dictionary(k, out, arena);
    grammar_lines(k, out, arena);
    header(k, out, arena);
}
