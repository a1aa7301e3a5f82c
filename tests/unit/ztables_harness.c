/* ztables_harness.c: compile with inform6, build by hand, lay out,
 * compare (see ztables_harness.h). */
#include "ztables_harness.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

int failures;

/* ---- the oracle ---- */

static const char *inform6_path(void)
{
    const char *env = getenv("INFORM6");
    if (env) return *env ? env : NULL;
    return access("/usr/bin/inform6", X_OK) == 0 ? "/usr/bin/inform6" : NULL;
}

bool oracle_available(void)
{
    if (inform6_path()) return true;
    printf("note: no inform6, nothing compared with it\n");
    return false;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

/* The text between `open` and the next '<' after p, or NULL. */
static const char *field(const char *p, const char *open, const char *end,
                         char *out, size_t outlen)
{
    const char *s = strstr(p, open);
    if (!s || (end && s > end)) return NULL;
    s = strchr(s, '>') + 1;      /* <identifier artificial="true"> too */
    while (*s == ' ') s++;
    size_t n = strcspn(s, "<");
    if (n >= outlen) n = outlen - 1;
    memcpy(out, s, n);
    out[n] = 0;
    return s + n;
}

/* <routine><identifier>N</identifier>...<address>A</address> */
static void read_routines(Oracle *o, const char *dbg)
{
    int cap = 64;
    o->rnames = malloc((size_t)cap * sizeof *o->rnames);
    o->raddrs = malloc((size_t)cap * sizeof *o->raddrs);
    for (const char *p = dbg; (p = strstr(p, "<routine>")); ) {
        const char *end = strstr(p, "</routine>");
        char name[256], addr[32];
        if (!end || !field(p, "<identifier", end, name, sizeof name) ||
            !field(p, "<address>", end, addr, sizeof addr)) break;
        if (o->nroutines == cap) {
            cap *= 2;
            o->rnames = realloc(o->rnames, (size_t)cap * sizeof *o->rnames);
            o->raddrs = realloc(o->raddrs, (size_t)cap * sizeof *o->raddrs);
        }
        o->rnames[o->nroutines] = strdup(name);
        o->raddrs[o->nroutines++] = (uint32_t)strtoul(addr, NULL, 10);
        p = end;
    }
}

bool oracle_compile(Oracle *o, const char *source, const char *switches)
{
    memset(o, 0, sizeof *o);
    FILE *f = fopen("t.inf", "w");
    fputs(source, f);
    fclose(f);
    remove("t.story");
    remove("gameinfo.dbg");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' -k %s t.inf t.story >inform6.out 2>&1",
             inform6_path(), switches);
    int rc = system(cmd);
    size_t n;
    char *story = rc == 0 ? slurp("t.story", &n) : NULL;
    CHECK(story != NULL, "inform6 %s did not compile the program", switches);
    if (!story) {
        size_t m;
        char *msg = slurp("inform6.out", &m);
        if (msg) printf("%s", msg);
        free(msg);
        return false;
    }
    o->story = (uint8_t *)story;
    o->version = o->story[0];
    o->len = (size_t)oracle_word(o, 0x1A) * zs_length_unit(o->version);
    char *dbg = slurp("gameinfo.dbg", &n);
    if (dbg) read_routines(o, dbg);
    free(dbg);
    return true;
}

void oracle_free(Oracle *o)
{
    for (int i = 0; i < o->nroutines; i++) free(o->rnames[i]);
    free(o->rnames);
    free(o->raddrs);
    free(o->story);
    memset(o, 0, sizeof *o);
}

unsigned oracle_word(const Oracle *o, uint32_t at)
{
    return ((unsigned)o->story[at] << 8) | o->story[at + 1];
}

uint32_t oracle_routine(const Oracle *o, const char *name)
{
    for (int i = 0; i < o->nroutines; i++)
        if (!strcasecmp(o->rnames[i], name)) return o->raddrs[i];
    return 0;
}

/* A routine with no locals whose first instruction returns a constant:
 * ret (1OP) with a large or small constant, or rtrue / rfalse. */
bool oracle_return_value(const Oracle *o, const char *routine,
                         uint32_t *value)
{
    uint32_t a = oracle_routine(o, routine);
    if (!a || a + 4 > o->len) return false;
    const uint8_t *p = o->story + a + 1;
    switch (p[0]) {
    case 0x8B: *value = ((uint32_t)p[1] << 8) | p[2]; return true;
    case 0x9B: *value = p[1]; return true;
    case 0xB0: *value = 1; return true;
    case 0xB1: *value = 0; return true;
    }
    return false;
}

/* ---- building ---- */

void build_init(Build *b, int version, int grammar_version)
{
    memset(b, 0, sizeof *b);
    b->version = version;
    zt_init(&b->zt, version);
    ProgLimits lim = zo_limits(version);
    pobj_init(&b->pobjs, &lim, NULL);
    b->objs = zo_new(version, NULL);
    b->dict = zd_new(&b->zt, zd_default_options());
    b->pg = progg_new(&b->arena, grammar_version, false);
    b->acts = za_new(b->pg);
    b->ids = zi_new();
    b->global_vars = -1;
    b->arrays_count = -1;
}

void build_free(Build *b)
{
    for (int i = 0; i < b->pobjs.nobjs; i++)
        if (!b->pobjs.objs[i].metaclass)
            free((char *)b->pobjs.objs[i].short_text);
    pobj_free(&b->pobjs);
    zo_free(b->objs);
    zd_free(b->dict);
    zg_free(b->gram);
    za_free(b->acts);
    free(b->word_ids);
    arena_release(&b->arena);
    zi_free(b->ids);
    for (int i = 0; i < b->nstrings; i++) free(b->strings[i]);
    for (int i = 0; i < b->nroutines; i++) free(b->routines[i]);
    zt_free(&b->zt);
}

uint32_t build_routine(Build *b, const char *name)
{
    for (int i = 0; i < b->nroutines; i++)
        if (!strcmp(b->routines[i], name)) return (uint32_t)i;
    b->routines[b->nroutines] = strdup(name);
    return (uint32_t)b->nroutines++;
}

ZOperand build_routine_value(Build *b, const char *name)
{
    return zm_reloc(ZR_ROUTINE, build_routine(b, name), 0);
}

IrValue build_routine_ir(Build *b, const char *name)
{
    return ir_ref(IRR_ROUTINE, build_routine(b, name), 0);
}

/* A ProgGrammar word as zd_add_text reads it (ASCII, ^ for '). */
static void word_text(const PgWord *w, char *out, size_t size)
{
    size_t n = 0;
    for (int i = 0; i < w->len && n + 8 < size; i++)
        out[n++] = w->units[i] == '\'' ? '^' : (char)w->units[i];
    if (w->flags_set || w->flags_clear) {
        out[n++] = '/';
        out[n++] = '/';
        static const char f[3] = { 'p', 's', 'n' };
        for (int i = 0; i < 3 && n + 3 < size; i++) {
            if (w->flags_set & (1 << i)) out[n++] = f[i];
            if (w->flags_clear & (1 << i)) {
                out[n++] = '~';
                out[n++] = f[i];
            }
        }
    }
    out[n] = 0;
}

static void grammar_report(void *ctx, const SrcLoc *loc, const char *msg,
                           bool warning)
{
    (void)ctx;
    (void)loc;
    CHECK(warning, "grammar: %s", msg);
}

void build_grammar(Build *b)
{
    if (b->gram) return;
    progg_finish(b->pg);
    b->word_ids = malloc(((size_t)b->pg->nwords + 1) * sizeof *b->word_ids);
    for (int w = 0; w < b->pg->nwords; w++) {
        char text[160];
        word_text(&b->pg->words[w], text, sizeof text);
        b->word_ids[w] = zd_add_text(b->dict, text, 0, 0, 0);
        CHECK(b->word_ids[w] >= 0, "grammar word '%s'", text);
    }
    b->gram = zg_new(b->pg, b->acts, b->dict, b->word_ids, grammar_report,
                     b);
}

void build_encode(Build *b, const char *text, ZBuf *out)
{
    size_t n = strlen(text);
    uint32_t *u = malloc((n + 1) * sizeof *u);
    for (size_t i = 0; i < n; i++) u[i] = (unsigned char)text[i];
    zt_encode(&b->zt, u, n, 0, out, NULL);
    free(u);
}

void build_metaclasses(Build *b)
{
    pobj_add_metaclasses(&b->pobjs);
}

void build_object(Build *b, bool is_class, const char *name, int parent)
{
    pobj_begin(&b->pobjs, is_class, parent);
    pobj_current(&b->pobjs)->short_text = strdup(name);
}

int build_word(Build *b, const char *word)
{
    int id = zd_add_text(b->dict, word, ZD_NOUN, 0, 0);
    CHECK(id >= 0, "dictionary word '%s': %s", word, zd_error(b->dict));
    return id;
}

ZOperand build_word_value(Build *b, const char *word)
{
    return zm_reloc(ZR_DICT, (uint32_t)build_word(b, word), 0);
}

IrValue build_word_ir(Build *b, const char *word)
{
    return ir_ref(IRR_DICT, (uint32_t)build_word(b, word), 0);
}

void build_standard_symbols(Build *b)
{
    static const char *const msgs[8] = { "create", "recreate", "destroy",
        "remaining", "copy", "call", "print", "print_to_array" };
    zi_symbol(b->ids, ZI_PROPERTY, 1, "name", false);
    for (int i = 0; i < 8; i++)
        zi_symbol(b->ids, ZI_PROPERTY, 64 + i, msgs[i], false);
}

/* ---- layout and comparison ---- */

/* The identifier-name strings, as the writer asks for them. */
static uint32_t add_string(void *ctx, const char *text)
{
    Build *b = ctx;
    ZBuf z = { 0 };
    build_encode(b, text, &z);
    unsigned scale = zs_scale(b->version);
    b->string_size[b->nstrings] =
        (uint32_t)((z.len + scale - 1) / scale * scale);
    zb_free(&z);
    b->strings[b->nstrings] = strdup(text);
    return (uint32_t)b->nstrings++;
}

typedef struct Resolver {
    Build *b;
    const Oracle *o;
    ZLayout *l;
} Resolver;

static bool resolve(void *ctx, const ZReloc *r, uint32_t *value)
{
    Resolver *rs = ctx;
    unsigned scale = zs_scale(rs->b->version);
    switch ((ZRelocKind)r->kind) {
    case ZR_ROUTINE: {
        if (r->target >= (uint32_t)rs->b->nroutines) return false;
        uint32_t a = oracle_routine(rs->o, rs->b->routines[r->target]);
        *value = a / scale;
        return a != 0;
    }
    case ZR_STRING: {
        uint32_t a = (uint32_t)rs->o->len, first;
        for (int k = rs->b->nstrings - 1; k >= (int)r->target; k--)
            a -= rs->b->string_size[k];
        *value = a / scale;
        /* inform6 keeps a name as its offset in the strings area, 0
         * meaning "no name": a name that is the area's first string
         * (a program with no other strings) comes out as 0. */
        if (oracle_return_value(rs->o, "SC_strings_offset", &first) &&
            first == *value)
            *value = 0;
        return r->target < (uint32_t)rs->b->nstrings;
    }
    case ZR_OBJECT:
        *value = r->target;
        return true;
    default:
        return zl_resolve(rs->l, r, value);
    }
}

static const char *const region_names[ZL_REGION_COUNT] = {
    "low strings", "abbreviations table", "header extension", "alphabet",
    "Unicode table", "property defaults", "object entries",
    "property tables", "class numbers", "identifier names",
    "individual properties", "globals", "arrays", "terminating characters",
    "grammar table", "actions table", "parsing routines", "adjectives",
    "dictionary", "static arrays", "code",
};

static const char *region_of(const ZLayout *l, uint32_t at)
{
    int best = -1;
    for (int r = 0; r < ZL_REGION_COUNT; r++)
        if (l->at[r] && l->at[r] <= at && (best < 0 || l->at[r] >= l->at[best]))
            best = r;
    return best < 0 ? "header" : region_names[best];
}

/* The blocks the writers do not make, copied from the oracle. */
typedef struct Copied {
    ZBlock globals, arrays;
    int32_t abbrevs[96];
} Copied;

static void copy_from_oracle(const Oracle *o, ZLayoutInput *in, Copied *c)
{
    uint32_t abbr = oracle_word(o, 0x18), globals = oracle_word(o, 0x0C);
    in->low_strings = o->story + 0x42;
    in->low_strings_len = abbr - 0x42;
    for (int e = 0; e < 96; e++) {
        uint32_t a = 2 * oracle_word(o, abbr + 2 * (uint32_t)e);
        c->abbrevs[e] = a == 0x40 ? -1 : (int32_t)(a - 0x42);
    }
    in->abbrevs = c->abbrevs;
    uint32_t ext = oracle_word(o, 0x36);
    in->header_ext_words = (int)oracle_word(o, ext);
    if (in->header_ext_words >= 4)
        in->flags3 = (uint16_t)oracle_word(o, ext + 8);
    if (o->version >= 5 && oracle_word(o, 0x34))
        in->alphabet = o->story + oracle_word(o, 0x34);
    uint32_t uni = in->header_ext_words >= 3 ? oracle_word(o, ext + 6) : 0;
    if (uni) {
        in->unicode = o->story + uni;
        in->unicode_len = 1 + 2 * (size_t)o->story[uni];
    }
    zb_append(&c->globals.b, o->story + globals, 480);
    uint32_t end = oracle_word(o, 0x0E);
    if (o->version >= 5) {
        uint32_t term = oracle_word(o, 0x2E);
        in->terminating = o->story + term;
        in->terminating_len = strlen((const char *)o->story + term);
        end = term;
    }
    if (end > globals + 480)
        zb_append(&c->arrays.b, o->story + globals + 480, end - globals - 480);
    in->globals = &c->globals;
    if (!in->arrays) in->arrays = &c->arrays;
}

static void compare_image(const ZLayout *l, const Oracle *o, const char *what)
{
    uint32_t code = l->at[ZL_CODE];
    CHECK(code == oracle_word(o, 0x04), "%s: code starts at $%X, inform6 $%X",
          what, (unsigned)code, oracle_word(o, 0x04));
    int shown = 0;
    for (uint32_t i = 0x40; i < code && i < o->len && shown < 8; i++) {
        if (l->image.data[i] == o->story[i]) continue;
        CHECK(false, "%s: byte $%X (%s) is $%02X, inform6 $%02X", what,
              (unsigned)i, region_of(l, i), l->image.data[i], o->story[i]);
        shown++;
    }
}

static void compare_header(const ZLayout *l, const Oracle *o, const char *what)
{
    ZHeader h;
    zs_header_init(&h, o->version);
    zl_fill_header(l, &h);
    struct { const char *name; unsigned at, mine; } f[] = {
        { "high memory", 0x04, h.high_mem },
        { "initial PC", 0x06, (unsigned)h.initial_pc },
        { "dictionary", 0x08, h.dictionary },
        { "objects", 0x0A, h.objects },
        { "globals", 0x0C, h.globals },
        { "static memory", 0x0E, h.static_mem },
        { "abbreviations", 0x18, h.abbreviations },
        { "terminating characters", 0x2E, h.terminating },
        { "alphabet", 0x34, h.alphabet },
        { "header extension", 0x36, h.header_ext },
    };
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) {
        if (f[i].at >= 0x2E && f[i].at < 0x36 && o->version < 5) continue;
        CHECK(f[i].mine == oracle_word(o, f[i].at),
              "%s: header %s is $%X, inform6 $%X", what, f[i].name,
              f[i].mine, oracle_word(o, f[i].at));
    }
}

static void compare_sysconsts(const ZLayout *l, const Oracle *o,
                              const char *what)
{
    for (int sc = 0; sc < ZSC_COUNT; sc++) {
        char name[80];
        snprintf(name, sizeof name, "SC_%s", zsc_name((ZSysConst)sc));
        uint32_t want, mine;
        if (sc == ZSC_strings_offset) continue;   /* known after code */
        if (!oracle_return_value(o, name, &want)) continue;
        bool known = zl_sysconst(l, (ZSysConst)sc, &mine);
        /* inform6 6.41 writes a constant of -1 (no attributes...) as the
         * small constant 255: compare what it kept. */
        if (want < 256) mine &= 0xFF;
        CHECK(known && (mine & 0xFFFF) == want, "%s: #%s is %s$%X, inform6 $%X",
              what, zsc_name((ZSysConst)sc), known ? "" : "unknown ",
              (unsigned)mine, (unsigned)want);
    }
}

/* The test's values: numbers, dictionary words (ZDict ids), routines. */
static ZOperand z_value(void *ctx, IrValue v)
{
    (void)ctx;
    if (v.ref == IRR_NONE) return zm_const(v.num);
    return zref_operand(v);
}

/* The objects entered, as the Z back end encodes them. */
static void z_objects(Build *b, const char *what)
{
    for (int k = 1; k <= b->pobjs.nobjs; k++) {
        const ProgObject *ob = pobj_get(&b->pobjs, k);
        const char *t = ob->short_text ? ob->short_text : "";
        size_t n = strlen(t);
        uint32_t u[256];
        for (size_t i = 0; i < n && i < 256; i++) u[i] = (unsigned char)t[i];
        ZBuf z = { 0 };
        zt_encode(&b->zt, u, n < 256 ? n : 256,
                  ob->metaclass ? ZTE_NO_ABBREV : 0, &z, NULL);
        CHECK(zo_object(b->objs, ob, z.data, z.len, z_value, b) == k,
              "%s: object %d: %s", what, k, zo_error(b->objs));
        zb_free(&z);
    }
}

void build_compare(Build *b, const Oracle *o, const char *what)
{
    z_objects(b, what);
    ZObjTables ot;
    ZGrammarTables gt;
    ZIdentTables it;
    ZBlock dict = { 0 };
    build_grammar(b);
    zo_write(b->objs, &ot);
    zd_write(b->dict, &dict);
    zg_write(b->gram, &gt);
    zi_write(b->ids, 0, b->acts, add_string, b, &it);
    ZLayoutInput in = {
        .version = b->version, .objects = &ot,
        .object_count = zo_count(b->objs),
        .class_count = zo_class_count(b->objs),
        .idents = b->omit_symbols ? NULL : &it, .grammar = &gt,
        .actions = b->acts, .dict = b->dict, .dictionary = &dict,
        .attributes = b->attributes, .global_vars = b->global_vars,
        .arrays_count = b->arrays_count, .routines = -1, .constants = -1,
        .arrays = b->arrays, .static_arrays = b->static_arrays,
    };
    Copied c = { 0 };
    copy_from_oracle(o, &in, &c);
    ZLayout l;
    char err[200];
    CHECK(zl_build(&in, &l, err, sizeof err), "%s: %s", what, err);
    Resolver rs = { b, o, &l };
    size_t bad = zm_apply_relocs(l.image.data, l.relocs, l.nrelocs, resolve,
                                 &rs);
    CHECK(bad == 0, "%s: %zu relocations left unresolved", what, bad);
    if (getenv("ZTABLES_DUMP")) {       /* for debugging: mine.bin */
        FILE *f = fopen("mine.bin", "wb");
        fwrite(l.image.data, 1, l.image.len, f);
        fclose(f);
    }
    compare_image(&l, o, what);
    compare_header(&l, o, what);
    compare_sysconsts(&l, o, what);
    zl_free(&l);
    zblk_free(&c.globals);
    zblk_free(&c.arrays);
    zo_tables_free(&ot);
    zg_tables_free(&gt);
    zi_tables_free(&it);
    zblk_free(&dict);
}
