/* zstory_test.c: codegen/zmachine/story.c — header fields, packed
 * addresses, limits, length and checksum; and, end to end with the
 * zmachine API alone, a minimal v5/v8 story (empty object table, empty
 * dictionary, two routines, one static string) run in dfrotz when it is
 * installed: it prints text and numbers, follows relocations to a routine
 * and a string, and checks itself with @verify.
 * Prints one line per failed check; exit status 1 if any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen/zmachine/assemble.h"
#include "codegen/zmachine/story.h"
#include "codegen/zmachine/ztext.h"

#include "check.h"

int failures;

static unsigned word(const uint8_t *p, size_t at)
{
    return ((unsigned)p[at] << 8) | p[at + 1];
}

/* ---- building a story with the API ---- */

typedef struct Story {
    int version;
    ZText zt;
    ZBuf img;
    ZHeader h;
    uint32_t routine_addr[2];   /* Main, Double */
    uint32_t string_addr;
} Story;

static bool resolve(void *ctx, const ZReloc *r, uint32_t *value)
{
    Story *s = ctx;
    int32_t p = -1;
    if (r->kind == ZR_ROUTINE && r->target < 2)
        p = zs_pack(s->version, s->routine_addr[r->target], 0);
    else if (r->kind == ZR_STRING && r->target == 0)
        p = zs_pack(s->version, s->string_addr, 0);
    if (p < 0) return false;
    *value = (uint32_t)p;
    return true;
}

static void print_text(Story *s, ZAsm *a, ZOpcode op, const char *text)
{
    uint32_t u[128];
    size_t n = 0;
    for (const char *p = text; *p; p++) u[n++] = (unsigned char)*p;
    ZBuf b = { 0 };
    zt_encode(&s->zt, u, n, 0, &b, NULL);
    zm_print(a, op, b.data, b.len);
    zb_free(&b);
}

/* Low memory as inform6 lays it out, for a program with no objects,
 * globals, grammar or words. */
static void build_tables(Story *s)
{
    ZBuf *img = &s->img;
    zb_zeros(img, ZS_HEADER_SIZE);
    zb_put16(img, 0x8000);                 /* "   ", the first low string */
    s->h.abbreviations = (uint16_t)img->len;
    for (int i = 0; i < 96; i++) zb_put16(img, 0x40 / 2);
    s->h.header_ext = zs_append_header_ext(img, 0, 0, 3);
    s->h.objects = (uint16_t)img->len;     /* property defaults, no objects */
    zb_zeros(img, (s->version <= 3 ? 31 : 63) * 2);
    s->h.globals = (uint16_t)img->len;
    zb_zeros(img, 480);
    s->h.terminating = (uint16_t)img->len;
    zb_put8(img, 0);
    s->h.static_mem = (uint16_t)img->len;
    s->h.dictionary = (uint16_t)img->len;
    zb_append(img, "\3.,\"", 4);           /* separators */
    zb_put8(img, s->version <= 3 ? 7 : 9); /* entry length */
    zb_put16(img, 0);                      /* no entries */
}

/* Main: prints, calls Double(21) through a relocated address, prints the
 * relocated static string, checks @verify, quits. */
static void build_main(Story *s, ZAsm *a)
{
    zm_begin_routine(a, 0, NULL);
    print_text(s, a, ZOP_PRINT, "Hello, world!^");
    zm_emit1(a, ZOP_PRINT_NUM, zm_const(-1234));
    zm_emit0(a, ZOP_NEW_LINE);
    ZOperand call[2] = { zm_reloc(ZR_ROUTINE, 1, 0), zm_const(21) };
    zm_emit(a, ZOP_CALL_VS, 2, call, 0, ZM_NO_BRANCH);
    zm_emit1(a, ZOP_PRINT_NUM, zm_sp());
    zm_emit0(a, ZOP_NEW_LINE);
    zm_emit1(a, ZOP_PRINT_PADDR, zm_reloc(ZR_STRING, 0, 0));
    ZLabel ok = zm_new_label(a), done = zm_new_label(a);
    zm_emit(a, ZOP_VERIFY, 0, NULL, ZM_NO_STORE, zm_branch(ok, true));
    print_text(s, a, ZOP_PRINT, "verify failed^");
    zm_jump(a, done);
    zm_place_label(a, ok);
    print_text(s, a, ZOP_PRINT, "verify passed^");
    zm_place_label(a, done);
    zm_emit0(a, ZOP_QUIT);
}

/* [ Double x; return x * 2; ] */
static void build_double(ZAsm *a)
{
    zm_begin_routine(a, 1, NULL);
    zm_emit(a, ZOP_MUL, 2, (ZOperand[]){ zm_var(1), zm_const(2) }, 0,
            ZM_NO_BRANCH);
    zm_emit0(a, ZOP_RET_POPPED);
}

/* Assembles a routine into the image at the next packable address. */
static void place_routine(Story *s, ZAsm *a, int which, ZReloc *relocs,
                          size_t *nrelocs)
{
    ZRoutineCode rc;
    CHECK(zm_end_routine(a, &rc), "routine %d: %s", which,
          zm_asm_error(a) ? zm_asm_error(a) : "");
    zs_align(&s->img, zs_scale(s->version));
    uint32_t at = (uint32_t)s->img.len;
    s->routine_addr[which] = at;
    zb_append(&s->img, rc.bytes, rc.len);
    for (size_t i = 0; i < rc.nrelocs; i++) {
        relocs[*nrelocs] = rc.relocs[i];
        relocs[(*nrelocs)++].offset += at;
    }
}

static bool build_story(Story *s, int version)
{
    memset(s, 0, sizeof *s);
    s->version = version;
    zt_init(&s->zt, version);
    zs_header_init(&s->h, version);
    s->h.release = 7;
    build_tables(s);

    /* High memory: code, then the strings. */
    zs_align(&s->img, zs_scale(version));
    s->h.high_mem = (uint16_t)s->img.len;
    ZAsm *a = zm_asm_new(version);
    ZReloc relocs[8];
    size_t nrelocs = 0;
    build_main(s, a);
    place_routine(s, a, 0, relocs, &nrelocs);
    build_double(a);
    place_routine(s, a, 1, relocs, &nrelocs);
    zm_asm_free(a);
    s->h.initial_pc = s->routine_addr[0] + 1;   /* after the header byte */

    zs_align(&s->img, zs_scale(version));
    s->string_addr = (uint32_t)s->img.len;
    uint32_t u[32];
    size_t n = 0;
    for (const char *p = "A packed string.^"; *p; p++) u[n++] = (uint8_t)*p;
    zt_encode(&s->zt, u, n, 0, &s->img, NULL);

    CHECK(zm_apply_relocs(s->img.data, relocs, nrelocs, resolve, s) == 0,
          "every relocation resolves");
    char err[200];
    bool ok = zs_finish(&s->img, &s->h, true, err, sizeof err);
    CHECK(ok, "zs_finish: %s", err);
    zt_free(&s->zt);
    return ok;
}

/* ---- checks on the finished file ---- */

static void check_header(const Story *s)
{
    const uint8_t *p = s->img.data;
    unsigned unit = s->version <= 3 ? 2 : s->version <= 5 ? 4 : 8;
    CHECK(p[0] == s->version && word(p, 2) == 7, "version and release");
    CHECK(word(p, 4) == s->h.high_mem && word(p, 6) == s->h.initial_pc,
          "high memory and initial PC");
    CHECK(word(p, 8) == s->h.dictionary && word(p, 0x0A) == s->h.objects &&
              word(p, 0x0C) == s->h.globals &&
              word(p, 0x0E) == s->h.static_mem &&
              word(p, 0x18) == 0x42 && word(p, 0x2E) == s->h.terminating &&
              word(p, 0x34) == 0 && word(p, 0x36) == s->h.header_ext,
          "table addresses");
    CHECK(memcmp(p + 0x12, "231114", 6) == 0, "serial from SOURCE_DATE_EPOCH");
    CHECK(memcmp(p + 0x3C, "6.45", 4) == 0, "Inform version bytes");
    CHECK(word(p, 0x32) == 0 && p[0x1E] == 0 && p[0x20] == 0,
          "interpreter fields left zero");
    /* Recompute length and checksum from the file itself. */
    size_t len = word(p, 0x1A) * unit;
    CHECK(len <= s->img.len && s->img.len % 512 == 0, "length %zu of %zu",
          len, s->img.len);
    for (size_t i = len; i < s->img.len; i++)
        CHECK(p[i] == 0, "padding is zero");
    uint32_t sum = 0;
    for (size_t i = 0x40; i < len; i++) sum += p[i];
    CHECK((sum & 0xFFFF) == word(p, 0x1C), "checksum %04x vs %04x",
          (unsigned)(sum & 0xFFFF), word(p, 0x1C));
    unsigned ext = word(p, 0x36);
    CHECK(word(p, ext) == 3 && word(p, ext + 2) == 0 && word(p, ext + 6) == 0,
          "header extension: 3 words, all zero");
}

static void run_dfrotz(const Story *s)
{
    const char *dfrotz = "/usr/games/dfrotz";
    if (access(dfrotz, X_OK) != 0) {
        printf("note: %s not installed, story not run\n", dfrotz);
        return;
    }
    char path[] = "/tmp/zstory_test_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "temporary file");
    if (fd < 0) return;
    close(fd);
    CHECK(zs_write_file(&s->img, path), "write %s", path);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s -q -m -w 255 %s </dev/null 2>&1", dfrotz,
             path);
    FILE *f = popen(cmd, "r");
    char out[1024] = "";
    size_t n = f ? fread(out, 1, sizeof out - 1, f) : 0;
    out[n] = 0;
    if (f) pclose(f);
    unlink(path);
    const char *expect = "Hello, world!\n-1234\n42\nA packed string.\n"
                         "verify passed\n";
    /* dfrotz may add blank lines around the game's output. */
    CHECK(strstr(out, expect) != NULL, "v%d dfrotz printed:\n%s", s->version,
          out);
}

static void test_story(int version)
{
    Story s;
    if (!build_story(&s, version)) return;
    check_header(&s);
    CHECK(zs_checksum(s.img.data, s.img.len) == word(s.img.data, 0x1C),
          "padding does not change the checksum");
    run_dfrotz(&s);
    zb_free(&s.img);
}

static void test_packing_and_limits(void)
{
    CHECK(zs_pack(3, 0x1234, 0) == 0x91A && zs_pack(5, 0x1234, 0) == 0x48D &&
              zs_pack(8, 0x1238, 0) == 0x247, "packed addresses");
    CHECK(zs_pack(5, 0x1236, 0) == -1 && zs_pack(8, 0x1234, 0) == -1,
          "unaligned addresses do not pack");
    CHECK(zs_pack(8, 0x7FFF8, 0) == 0xFFFF && zs_pack(5, 0x40000, 0) == -1,
          "largest packed address");
    CHECK(zs_pack(6, 0x1000, 0x800) == 0x200 &&
              zs_unpack(6, 0x200, 0x800) == 0x1000, "v6 offsets");
    CHECK(zs_unpack(8, 0x247, 0) == 0x1238, "unpack v8");

    ZHeader h;
    zs_header_init(&h, 3);
    ZBuf img = { 0 };
    char err[200];
    zb_zeros(&img, 0x80200);                     /* room for every case */
    img.len = 0x20000;                           /* 128K: length 0x10000 */
    CHECK(!zs_finish(&img, &h, true, err, sizeof err) && strstr(err, "-v8"),
          "v3 at 128K is too large: %s", err);
    img.len = 0x1FFFE;
    CHECK(zs_finish(&img, &h, true, err, sizeof err) &&
              word(img.data, 0x1A) == 0xFFFF, "v3 just fits");
    h.version = 5;
    img.len = 0x40001;
    CHECK(!zs_finish(&img, &h, false, err, sizeof err), "v5 over 256K");
    h.version = 8;
    img.len = 0x40001;
    CHECK(zs_finish(&img, &h, false, err, sizeof err) &&
              img.len == 0x40008 && word(img.data, 0x1A) == 0x8001,
          "v8 takes it, length in units of 8");
    img.len = 0x80001;
    CHECK(!zs_finish(&img, &h, false, err, sizeof err) &&
              !strstr(err, "-v8"), "over 512K: %s", err);
    zb_free(&img);
}

static void test_serial(void)
{
    char s[6];
    setenv("SOURCE_DATE_EPOCH", "0", 1);
    zs_serial(s);
    CHECK(memcmp(s, "700101", 6) == 0, "epoch 0 is 700101");
    setenv("SOURCE_DATE_EPOCH", "951782400", 1);   /* 2000-02-29 UTC */
    zs_serial(s);
    CHECK(memcmp(s, "000229", 6) == 0, "leap day");
    setenv("SOURCE_DATE_EPOCH", "junk", 1);        /* ignored: today */
    zs_serial(s);
    for (int i = 0; i < 6; i++) CHECK(s[i] >= '0' && s[i] <= '9', "digits");
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);  /* 2023-11-14 UTC */
}

/* The inform6 binary to compare with: $INFORM6 when set (empty = none,
 * as tests/run-tests.sh does), else /usr/bin/inform6 if present. */
static const char *inform6_path(void)
{
    const char *env = getenv("INFORM6");
    if (env) return *env ? env : NULL;
    return access("/usr/bin/inform6", X_OK) == 0 ? "/usr/bin/inform6" : NULL;
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    uint8_t *buf = malloc(1 << 20);
    *len = fread(buf, 1, 1 << 20, f);
    fclose(f);
    return buf;
}

/* Compiles a small program with inform6, takes its story apart (the
 * image up to the header's length, the header fields) and has zs_finish
 * put it back together: every byte must come out as inform6 wrote it. */
static void test_inform6_header(int version)
{
    const char *inform6 = inform6_path();
    if (!inform6) {
        printf("note: no inform6, header not compared\n");
        return;
    }
    char dir[] = "/tmp/zstory_i6_XXXXXX";
    if (!mkdtemp(dir)) return;
    char src[64], story[64], cmd[256];
    snprintf(src, sizeof src, "%s/t.inf", dir);
    snprintf(story, sizeof story, "%s/t.z%d", dir, version);
    FILE *f = fopen(src, "w");
    fputs("Release 12; Serial \"010203\";\n"
          "Object box \"box\" with name 'box' 'carton';\n"
          "[ Main; print \"Hello, world!^\", (name) box;\n"
          "#IfV5; @save_undo -> sp; #Endif; ];\n",
          f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' -v%d '%s' '%s' >/dev/null 2>&1", inform6,
             version, src, story);
    size_t n = 0;
    uint8_t *orig = system(cmd) == 0 ? read_file(story, &n) : NULL;
    CHECK(orig != NULL, "inform6 -v%d compiled the test program", version);
    if (orig) {
        const uint8_t *p = orig;
        ZHeader h;
        zs_header_init(&h, version);
        h.flags1 = p[1];
        h.release = (uint16_t)word(p, 2);
        h.high_mem = (uint16_t)word(p, 4);
        h.initial_pc = word(p, 6);
        h.dictionary = (uint16_t)word(p, 8);
        h.objects = (uint16_t)word(p, 0x0A);
        h.globals = (uint16_t)word(p, 0x0C);
        h.static_mem = (uint16_t)word(p, 0x0E);
        h.flags2 = (uint16_t)word(p, 0x10);
        memcpy(h.serial, p + 0x12, 6);
        h.abbreviations = (uint16_t)word(p, 0x18);
        h.terminating = (uint16_t)word(p, 0x2E);
        h.alphabet = (uint16_t)word(p, 0x34);
        h.header_ext = (uint16_t)word(p, 0x36);
        memcpy(h.inform_version, p + 0x3C, 4);
        unsigned unit = zs_length_unit(version);
        ZBuf img = { 0 };
        zb_append(&img, p, word(p, 0x1A) * unit);
        memset(img.data, 0, ZS_HEADER_SIZE);
        char err[200];
        CHECK(zs_finish(&img, &h, true, err, sizeof err), "%s", err);
        CHECK(img.len == n && memcmp(img.data, orig, n) == 0,
              "v%d: the rebuilt story differs from inform6's", version);
        CHECK(h.release == 12 && memcmp(h.serial, "010203", 6) == 0 &&
                  (version < 5 || h.flags2 == 0x10),
              "v%d: release, serial, flags 2 (undo)", version);
        zb_free(&img);
        free(orig);
    }
    unlink(story);
    unlink(src);
    rmdir(dir);
}

int main(void)
{
    test_serial();
    test_packing_and_limits();
    test_story(5);
    test_story(8);
    test_inform6_header(3);
    test_inform6_header(5);
    test_inform6_header(8);
    if (failures) printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
