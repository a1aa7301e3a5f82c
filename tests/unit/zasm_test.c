/* zasm_test.c: codegen/zmachine/assemble.c, relax.c, opcodes.c — every
 * instruction form checked byte for byte against inform6 6.41, branch
 * forms and their relaxation, jumps, relocations, errors.
 *
 * The expected bytes of each instruction were read from `inform6 -v5 -a2`
 * (or -v3) listings of the inline assembly quoted beside it, with locals
 * x = 1, y = 2 and globals g1 = 16, g2 = 17; the routine layouts from the
 * story files inform6 wrote.  Prints one line per failed check; exit
 * status 1 if any. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/zmachine/assemble.h"
#include "codegen/zmachine/ztext.h"

#include "check.h"

int failures;

static void hex(const uint8_t *b, size_t n, char *out)
{
    out[0] = 0;
    for (size_t i = 0; i < n; i++)
        sprintf(out + strlen(out), "%s%02x", i ? " " : "", b[i]);
}

/* Assembles one instruction in a routine with no locals and compares the
 * bytes after the routine header with `expect`. */
static void check_insn(int line, int version, const char *expect,
                       ZOpcode op, int store, ZBranch br, int nops, ...)
{
    ZOperand ops[8];
    va_list ap;
    va_start(ap, nops);
    for (int i = 0; i < nops; i++) ops[i] = va_arg(ap, ZOperand);
    va_end(ap);
    ZAsm *a = zm_asm_new(version);
    zm_begin_routine(a, 0, NULL);
    zm_emit(a, op, nops, ops, store, br);
    ZRoutineCode rc;
    char got[256] = "(error)";
    if (zm_end_routine(a, &rc)) hex(rc.bytes + 1, rc.len - 1, got);
    if (strcmp(got, expect) != 0) {
        printf("%s:%d: got %s, expected %s%s%s\n", __FILE__, line, got,
               expect, zm_asm_error(a) ? ": " : "",
               zm_asm_error(a) ? zm_asm_error(a) : "");
        failures++;
    }
    zm_asm_free(a);
}

#define NOPS(...) ((int)(sizeof((ZOperand[]){ __VA_ARGS__ }) / sizeof(ZOperand)))
/* I(hex, op, store, branch, operands...) in v5; I3 in v3; I0 no operands */
#define I(e, op, st, br, ...) \
    check_insn(__LINE__, 5, e, ZOP_##op, st, br, NOPS(__VA_ARGS__), __VA_ARGS__)
#define I3(e, op, st, br, ...) \
    check_insn(__LINE__, 3, e, ZOP_##op, st, br, NOPS(__VA_ARGS__), __VA_ARGS__)
#define I0(v, e, op, st, br) check_insn(__LINE__, v, e, ZOP_##op, st, br, 0)

#define NS ZM_NO_STORE
#define NB ZM_NO_BRANCH
#define RT zm_branch_rtrue(true)
#define NRT zm_branch_rtrue(false)
#define NRF zm_branch_rfalse(false)
#define V(n) zm_var(n)
#define C(n) zm_const(n)

static void test_two_operand(void)
{
    I("54 01 01 02", ADD, 2, NB, V(1), C(1));          /* add x 1 -> y */
    I("d4 8f 01 01 2c 00", ADD, 0, NB, V(1), C(300));  /* add x 300 -> sp */
    I("74 10 11 10", ADD, 16, NB, V(16), V(17));       /* add g1 g2 -> g1 */
    I("d5 2f 03 e8 01 02", SUB, 2, NB, C(1000), V(1)); /* sub 1000 x -> y */
    I("16 02 03 01", MUL, 1, NB, C(2), C(3));          /* mul 2 3 -> x */
    I("c1 95 01 01 02 03 c1", JE, NS, RT, V(1), C(1), C(2), C(3));
    I("41 01 01 40", JE, NS, NRF, V(1), C(1));         /* je x 1 ?~rfalse */
    I("c1 8f 01 01 f4 c1", JE, NS, RT, V(1), C(500));
    I("04 01 03 c1", DEC_CHK, NS, RT, C(1), C(3));     /* dec_chk x 3 ?rtrue */
    I("c5 4f 10 ff ff 41", INC_CHK, NS, NRT, C(16), C(-1));
    I("0d 01 05", STORE, NS, NB, C(1), C(5));          /* store x 5 */
    I("cd 4f 11 03 e8", STORE, NS, NB, C(17), C(1000));
    I("4f 01 02 02", LOADW, 2, NB, V(1), C(2));
    I("50 01 02 00", LOADB, 0, NB, V(1), C(2));
    I("51 01 04 02", GET_PROP, 2, NB, V(1), C(4));
    I("4a 01 03 c1", TEST_ATTR, NS, RT, V(1), C(3));
    I("4b 01 03", SET_ATTR, NS, NB, V(1), C(3));
    I("4c 01 03", CLEAR_ATTR, NS, NB, V(1), C(3));
    I("6e 01 02", INSERT_OBJ, NS, NB, V(1), V(2));
    I("59 01 07 02", CALL_2S, 2, NB, V(1), C(7));
    I("5a 01 07", CALL_2N, NS, NB, V(1), C(7));
    I("1b 02 09", SET_COLOUR, NS, NB, C(2), C(9));
    I("7c 01 02", THROW, NS, NB, V(1), V(2));
}

static void test_one_operand(void)
{
    I("a0 01 c1", JZ, NS, RT, V(1));                   /* jz x ?rtrue */
    I("a0 00 40", JZ, NS, NRF, V(0));                  /* jz sp ?~rfalse */
    I("90 00 c1", JZ, NS, RT, C(0));
    I("80 03 e8 c1", JZ, NS, RT, C(1000));
    I("95 01", INC, NS, NB, C(1));                     /* inc x */
    I("a5 02", INC, NS, NB, V(2));                     /* inc [y] */
    I("9e 01 00", LOAD, 0, NB, C(1));                  /* load x -> sp */
    I("a2 01 02 c1", GET_CHILD, 2, RT, V(1));
    I("a1 01 02 40", GET_SIBLING, 2, NRF, V(1));
    I("a3 01 02", GET_PARENT, 2, NB, V(1));
    I("af 01", CALL_1N, NS, NB, V(1));
    I("a8 01 02", CALL_1S, 2, NB, V(1));
    I("a9 01", REMOVE_OBJ, NS, NB, V(1));
    I("aa 01", PRINT_OBJ, NS, NB, V(1));
    I("ad 01", PRINT_PADDR, NS, NB, V(1));
    I("a7 01", PRINT_ADDR, NS, NB, V(1));
    I("ab 01", RET, NS, NB, V(1));
    I("8b 01 2c", RET, NS, NB, C(300));
}

static void test_zero_operand(void)
{
    I0(5, "bb", NEW_LINE, NS, NB);
    I0(5, "b9 01", CATCH, 1, NB);
    I0(5, "b8", RET_POPPED, NS, NB);
    I0(5, "bd c1", VERIFY, NS, RT);
    I0(5, "bf c1", PIRACY, NS, RT);
    I0(5, "b4", NOP, NS, NB);
    I0(5, "b7", RESTART, NS, NB);
    I0(5, "b0", RTRUE, NS, NB);
    I0(5, "b1", RFALSE, NS, NB);
    I0(5, "ba", QUIT, NS, NB);
    I0(3, "b5 c1", SAVE_V1, NS, RT);                   /* v3 save ?rtrue */
    I0(3, "b6 40", RESTORE_V1, NS, NRF);
    I0(3, "b9", POP, NS, NB);
    I0(3, "bc", SHOW_STATUS, NS, NB);
}

static void test_variable_operand(void)
{
    I("e6 3f ff ff", PRINT_NUM, NS, NB, C(-1));
    I("e6 bf 01", PRINT_NUM, NS, NB, V(1));
    I("e6 7f 07", PRINT_NUM, NS, NB, C(7));
    I("e9 7f 01", PULL, NS, NB, C(1));                 /* pull x */
    I("e8 7f 0c", PUSH, NS, NB, C(12));
    I("f8 bf 01 02", NOT, 2, NB, V(1));                /* v5 not: VAR */
    I("e0 95 01 01 02 03 02", CALL_VS, 2, NB, V(1), C(1), C(2), C(3));
    I("f9 9f 01 01", CALL_VN, NS, NB, V(1), C(1));
    I("ec 95 5f 01 01 02 03 04 05 02", CALL_VS2, 2, NB, V(1), C(1), C(2),
      C(3), C(4), C(5));
    I("fa 95 55 01 01 02 03 04 05 06 07", CALL_VN2, NS, NB, V(1), C(1), C(2),
      C(3), C(4), C(5), C(6), C(7));
    I("fa bf ff 01", CALL_VN2, NS, NB, V(1));
    I("e1 9b 01 00 02", STOREW, NS, NB, V(1), C(0), V(2));
    I("e2 97 01 01 ff", STOREB, NS, NB, V(1), C(1), C(255));
    I("e3 93 01 04 ff ff", PUT_PROP, NS, NB, V(1), C(4), C(-1));
    I("e5 7f 41", PRINT_CHAR, NS, NB, C(65));
    I("e7 7f 06 01", RANDOM, 1, NB, C(6));
    I("ff 7f 02 c1", CHECK_ARG_COUNT, NS, RT, C(2));
    I("fd a7 01 02 0a", COPY_TABLE, NS, NB, V(1), V(2), C(10));
    I("fe 95 01 05 01 00", PRINT_TABLE, NS, NB, V(1), C(5), C(1), C(0));
    I("f7 a5 01 02 0a 82 00 c1", SCAN_TABLE, 0, RT, V(1), V(2), C(10),
      C(0x82));
    I("fb af 01 02", TOKENISE, NS, NB, V(1), V(2));
    I("f6 7f 01 01", READ_CHAR, 1, NB, C(1));
    I("e4 af 01 02 00", AREAD, 0, NB, V(1), V(2));
    I("f1 7f 01", SET_TEXT_STYLE, NS, NB, C(1));
    I("ea 7f 01", SPLIT_WINDOW, NS, NB, C(1));
    I("eb 7f 00", SET_WINDOW, NS, NB, C(0));
    I("ed 3f ff ff", ERASE_WINDOW, NS, NB, C(-1));
    I("ef 5f 01 01", SET_CURSOR, NS, NB, C(1), C(1));
    I("f3 3f ff fd", OUTPUT_STREAM, NS, NB, C(-3));
    I("f3 6f 03 01", OUTPUT_STREAM, NS, NB, C(3), V(1));
    I("f2 7f 00", BUFFER_MODE, NS, NB, C(0));
    I3("af 01 02", NOT_V1, 2, NB, V(1));               /* v3 not: 1OP */
    I3("e0 9f 01 01 02", CALL, 2, NB, V(1), C(1));
    I3("e4 af 01 02", SREAD, NS, NB, V(1), V(2));
    I3("e9 7f 10", PULL, NS, NB, C(16));               /* pull g1 */
}

static void test_extended(void)
{
    I("be 02 9f 01 02 02", LOG_SHIFT, 2, NB, V(1), C(2));
    I("be 03 8f 01 ff fe 02", ART_SHIFT, 2, NB, V(1), C(-2));
    I0(5, "be 09 ff 01", SAVE_UNDO, 1, NB);
    I0(5, "be 0a ff 01", RESTORE_UNDO, 1, NB);
    I("be 04 7f 04 01", SET_FONT, 1, NB, C(4));
    I("be 0b 3f 20 ac", PRINT_UNICODE, NS, NB, C(0x20AC));
    I("be 0c 7f e9 01", CHECK_UNICODE, 1, NB, C(233));
    I0(5, "be 00 ff 01", SAVE, 1, NB);
    I0(5, "be 01 ff 01", RESTORE, 1, NB);
    I("be 00 9b 01 0a 02 00", SAVE, 0, NB, V(1), C(10), V(2));
}

/* A routine assembled with the given steps; compares all its bytes. */
typedef void (*Build)(ZAsm *a);

static void check_routine(int line, int version, bool branch_ret, Build b,
                          const char *expect)
{
    ZAsm *a = zm_asm_new(version);
    zm_asm_set_branch_to_return(a, branch_ret);
    b(a);
    ZRoutineCode rc;
    char got[1024] = "(error)";
    if (zm_end_routine(a, &rc)) hex(rc.bytes, rc.len, got);
    if (strcmp(got, expect) != 0) {
        printf("%s:%d: got %s\n    expected %s%s%s\n", __FILE__, line, got,
               expect, zm_asm_error(a) ? "\n    " : "",
               zm_asm_error(a) ? zm_asm_error(a) : "");
        failures++;
    }
    zm_asm_free(a);
}

/* print "<n letters>" with the alphabet repeated: 2n/3 + 1 bytes. */
static void print_letters(ZAsm *a, int n)
{
    ZText zt;
    zt_init(&zt, 5);
    uint32_t u[128];
    for (int i = 0; i < n; i++) u[i] = (uint32_t)('a' + i % 26);
    ZBuf b = { 0 };
    zt_encode(&zt, u, (size_t)n, 0, &b, NULL);
    zm_print(a, ZOP_PRINT, b.data, b.len);
    zb_free(&b);
    zt_free(&zt);
}

/* The hex of n letters encoded (the alphabet repeated). */
static void letters_hex(int n, char *out)
{
    ZText zt;
    zt_init(&zt, 5);
    uint32_t u[128];
    for (int i = 0; i < n; i++) u[i] = (uint32_t)('a' + i % 26);
    ZBuf b = { 0 };
    zt_encode(&zt, u, (size_t)n, 0, &b, NULL);
    hex(b.data, b.len, out);
    zb_free(&b);
    zt_free(&zt);
}

/* .Top; @jz x ?Fwd; @inc x; @jz x ?Top; .Fwd; @rtrue; */
static void build_a(ZAsm *a)
{
    zm_begin_routine(a, 2, NULL);
    ZLabel top = zm_new_label(a), fwd = zm_new_label(a);
    zm_place_label(a, top);
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(fwd, true));
    zm_emit1(a, ZOP_INC, C(1));
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(top, true));
    zm_place_label(a, fwd);
    zm_emit0(a, ZOP_RTRUE);
}

/* @jz x ?L; @print "<90 or 93 letters>"; .L; @rtrue; */
static void build_jz_over(ZAsm *a, int letters)
{
    zm_begin_routine(a, 2, NULL);
    ZLabel l = zm_new_label(a);
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(l, true));
    print_letters(a, letters);
    zm_place_label(a, l);
    zm_emit0(a, ZOP_RTRUE);
}
static void build_c(ZAsm *a) { build_jz_over(a, 90); }
static void build_d(ZAsm *a) { build_jz_over(a, 93); }

/* @jz x ?L1; @jz y ?L2; @print "<90 letters>"; .L2; .L1; @rtrue; */
static void build_e(ZAsm *a)
{
    zm_begin_routine(a, 2, NULL);
    ZLabel l1 = zm_new_label(a), l2 = zm_new_label(a);
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(l1, true));
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(2) }, NS, zm_branch(l2, true));
    print_letters(a, 90);
    zm_place_label(a, l2);
    zm_place_label(a, l1);
    zm_emit0(a, ZOP_RTRUE);
}

/* @jz x ?M; @inc y; .M; @rtrue; */
static void build_g(ZAsm *a)
{
    zm_begin_routine(a, 2, NULL);
    ZLabel m = zm_new_label(a);
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(m, true));
    zm_emit1(a, ZOP_INC, C(2));
    zm_place_label(a, m);
    zm_emit0(a, ZOP_RTRUE);
}

/* .M; @inc x; jump M; */
static void build_h(ZAsm *a)
{
    zm_begin_routine(a, 2, NULL);
    ZLabel m = zm_new_label(a);
    zm_place_label(a, m);
    zm_emit1(a, ZOP_INC, C(1));
    zm_jump(a, m);
}

static const char *LETTERS90 =
    "18 e8 25 4b 31 ae 3e 11 4a 74 56 d7 63 3a 6f 9d 7b e6 1d 09 29 6c "
    "35 cf 42 32 4e 95 5a f8 67 5b 73 be 7c c7 21 2a 2d 8d 39 f0 46 53 "
    "52 b6 5f 19 6b 7c 77 df 18 e8 25 4b 31 ae be 11";

static void test_inform_layouts(void)
{
    check_routine(__LINE__, 5, false, build_a,
                  "02 a0 01 c8 95 01 a0 01 bf f9 b0");
    char expect[1024];
    snprintf(expect, sizeof expect, "02 a0 01 ff b2 %s b0", LETTERS90);
    check_routine(__LINE__, 5, false, build_c, expect);   /* offset 63 */
    check_routine(__LINE__, 5, false, build_d,            /* offset 65 */
                  "02 a0 01 80 41 b2 18 e8 25 4b 31 ae 3e 11 4a 74 56 d7 "
                  "63 3a 6f 9d 7b e6 1d 09 29 6c 35 cf 42 32 4e 95 5a f8 67 "
                  "5b 73 be 7c c7 21 2a 2d 8d 39 f0 46 53 52 b6 5f 19 6b 7c "
                  "77 df 18 e8 25 4b 31 ae 3e 11 ca 74 b0");
    snprintf(expect, sizeof expect, "02 a0 01 80 42 a0 02 ff b2 %s b0",
             LETTERS90);
    check_routine(__LINE__, 5, false, build_e, expect);
    check_routine(__LINE__, 5, false, build_g, "02 a0 01 c4 95 02 b0");
    check_routine(__LINE__, 5, false, build_h, "02 95 01 8c ff fd");
}

/* @jz x ?L1; @jz y ?L2; @print "<81 letters>"; @inc x; @new_line; .L2;
 * .L1; @rtrue.  inform6 decides on distances before any branch shrinks,
 * so L1 stays long there (offset 64 unshortened); the fixed point sees
 * that with L2 short it is 63 away, and makes both short. */
static void build_fixed_point(ZAsm *a)
{
    zm_begin_routine(a, 2, NULL);
    ZLabel l1 = zm_new_label(a), l2 = zm_new_label(a);
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(l1, true));
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(2) }, NS, zm_branch(l2, true));
    print_letters(a, 81);
    zm_emit1(a, ZOP_INC, C(1));
    zm_emit0(a, ZOP_NEW_LINE);
    zm_place_label(a, l2);
    zm_place_label(a, l1);
    zm_emit0(a, ZOP_RTRUE);
}

/* jump L; .L; @inc x; jump M; @inc y; .M; @rtrue;  -- the first jump
 * vanishes, the second becomes rtrue (inform6 does both). */
static void build_jumps(ZAsm *a)
{
    zm_begin_routine(a, 2, NULL);
    ZLabel l = zm_new_label(a), m = zm_new_label(a);
    zm_jump(a, l);
    zm_place_label(a, l);
    zm_emit1(a, ZOP_INC, C(1));
    zm_jump(a, m);
    zm_emit1(a, ZOP_INC, C(2));
    zm_place_label(a, m);
    zm_emit0(a, ZOP_RTRUE);
}

/* .L; @jz x ?L; -- a short backward branch is impossible (offset 0
 * would mean rfalse): long, offset -1. */
static void build_self_branch(ZAsm *a)
{
    zm_begin_routine(a, 1, NULL);
    ZLabel l = zm_new_label(a);
    zm_place_label(a, l);
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(l, false));
}

/* v3 header with initial values; a relocated operand after a shrunken
 * branch (its offset must move with it). */
static void build_v3_reloc(ZAsm *a)
{
    zm_begin_routine(a, 2, (uint16_t[]){ 0x1234, 5 });
    ZLabel l = zm_new_label(a);
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(l, false));
    zm_emit(a, ZOP_CALL, 2, (ZOperand[]){ zm_reloc(ZR_ROUTINE, 7, 0), V(2) },
            0, NB);
    zm_place_label(a, l);
    zm_emit1(a, ZOP_PRINT_PADDR, zm_reloc(ZR_STRING, 3, 0));
    zm_emit0(a, ZOP_RFALSE);
}

static void test_layouts(void)
{
    char expect[1024], text[512];
    letters_hex(81, text);
    snprintf(expect, sizeof expect, "02 a0 01 ff a0 02 fc b2 %s 95 01 bb b0",
             text);
    check_routine(__LINE__, 5, false, build_fixed_point, expect);
    check_routine(__LINE__, 5, true, build_jumps, "02 95 01 b0 95 02 b0");
    check_routine(__LINE__, 5, true, build_g, "02 a0 01 c1 95 02 b0");
    check_routine(__LINE__, 5, true, build_self_branch, "01 a0 01 3f fe");
    check_routine(__LINE__, 3, true, build_v3_reloc,
                  "02 12 34 00 05 a0 01 48 e0 2f 00 00 02 00 8d 00 00 b1");

    ZAsm *a = zm_asm_new(3);
    build_v3_reloc(a);
    ZRoutineCode rc;
    CHECK(zm_end_routine(a, &rc) && rc.nrelocs == 2, "two relocations");
    CHECK(rc.relocs[0].offset == 10 && rc.relocs[0].kind == ZR_ROUTINE &&
              rc.relocs[0].target == 7, "call's routine at 10");
    CHECK(rc.relocs[1].offset == 15 && rc.relocs[1].kind == ZR_STRING &&
              rc.relocs[1].target == 3, "print_paddr's string at 15");
    CHECK(zm_label_offset(a, 0) == 14, "label at 14, got %d",
          zm_label_offset(a, 0));
    zm_asm_free(a);
}

/* Long and short branches over a range of distances, both directions:
 * every branch must reach its label exactly. */
static void test_branch_reach(void)
{
    for (int n = 0; n < 40; n++) {
        ZAsm *a = zm_asm_new(5);
        zm_asm_set_branch_to_return(a, false);   /* the label is at rtrue */
        zm_begin_routine(a, 1, NULL);
        ZLabel back = zm_new_label(a), fwd = zm_new_label(a);
        zm_place_label(a, back);
        zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(fwd, true));
        for (int i = 0; i < n; i++) zm_emit1(a, ZOP_INC, C(1));  /* 2 bytes */
        zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(back, false));
        zm_place_label(a, fwd);
        zm_emit0(a, ZOP_RTRUE);
        ZRoutineCode rc;
        CHECK(zm_end_routine(a, &rc), "assembles");
        /* First branch byte at 3; decode and follow it. */
        const uint8_t *p = rc.bytes;
        int after, off;
        if (p[3] & 0x40) { off = p[3] & 0x3F; after = 4; }
        else { off = ((p[3] & 0x3F) << 8) | p[4]; after = 5; }
        CHECK(after + off - 2 == zm_label_offset(a, fwd),
              "n=%d: forward branch lands on its label", n);
        CHECK((after == 4) == (2 * n + 4 + 2 <= 63),
              "n=%d: short exactly when it fits", n);
        zm_asm_free(a);
    }
}

/* Random routines of branches, jumps, labels and filler: with a hidden
 * label before every instruction, each branch and jump is decoded from
 * the final bytes and must reach its label (or return as the label's
 * instruction would). */
enum { R_LABEL, R_BRANCH, R_JUMP, R_INC, R_NUM, R_RTRUE, R_RFALSE };
typedef struct RItem { int kind, label, at; bool sense; } RItem;

static unsigned rnd_state;
static unsigned rnd(unsigned n)
{
    rnd_state = rnd_state * 1103515245u + 12345u;
    return (rnd_state >> 16) % n;
}

static bool check_random_item(ZAsm *a, const uint8_t *code, const RItem *it,
                              const RItem *items, int n, int k)
{
    int32_t here = zm_label_offset(a, it->at);
    int32_t next = zm_label_offset(a, items[k + 1].at);   /* k < n */
    int32_t target = zm_label_offset(a, it->label);
    if (it->kind == R_JUMP) {
        if (next == here) return target == here;             /* deleted */
        if (code[here] != 0x8C) return code[here] == code[target];
        int16_t off = (int16_t)((code[here + 1] << 8) | code[here + 2]);
        return here + 3 + off - 2 == target;
    }
    /* jz x ?(~)L */
    uint8_t b = code[here + 2];
    if (((b & 0x80) != 0) != it->sense) return false;
    int off, after;
    if (b & 0x40) { off = b & 0x3F; after = here + 3; }
    else {
        off = ((b & 0x3F) << 8) | code[here + 3];
        if (off >= 0x2000) off -= 0x4000;
        after = here + 4;
    }
    if (off == 0 || off == 1) return code[target] == (off ? 0xB0 : 0xB1);
    return after + off - 2 == target;
}

static void test_random_routines(void)
{
    for (unsigned seed = 1; seed <= 300; seed++) {
        rnd_state = seed;
        ZAsm *a = zm_asm_new(5);
        zm_asm_set_branch_to_return(a, seed % 2);
        zm_begin_routine(a, 1, NULL);
        int nlab = 1 + (int)rnd(12), n = 5 + (int)rnd(120);
        ZLabel labels[16];
        bool placed[16] = { false };
        for (int i = 0; i < nlab; i++) labels[i] = zm_new_label(a);
        RItem items[129];
        for (int k = 0; k < n; k++) {
            RItem *it = &items[k];
            it->kind = (int)rnd(7);
            it->label = labels[rnd((unsigned)nlab)];
            it->sense = rnd(2);
            it->at = zm_new_label(a);
            if (it->kind == R_LABEL) {
                int l = (int)rnd((unsigned)nlab);
                if (!placed[l]) { zm_place_label(a, labels[l]); placed[l] = true; }
                it->kind = R_INC;
            }
            zm_place_label(a, it->at);
            switch (it->kind) {
            case R_BRANCH:
                zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS,
                        zm_branch(it->label, it->sense));
                break;
            case R_JUMP: zm_jump(a, it->label); break;
            case R_INC: zm_emit1(a, ZOP_INC, C(1)); break;
            case R_NUM:
                for (unsigned r = rnd(6); r-- > 0;)
                    zm_emit1(a, ZOP_PRINT_NUM, C(1000));
                break;
            case R_RTRUE: zm_emit0(a, ZOP_RTRUE); break;
            default: zm_emit0(a, ZOP_RFALSE); break;
            }
        }
        for (int i = 0; i < nlab; i++)
            if (!placed[i]) zm_place_label(a, labels[i]);
        items[n].at = zm_new_label(a);              /* the end */
        zm_place_label(a, items[n].at);
        zm_emit0(a, ZOP_QUIT);
        ZRoutineCode rc;
        CHECK(zm_end_routine(a, &rc), "seed %u: %s", seed,
              zm_asm_error(a) ? zm_asm_error(a) : "");
        for (int k = 0; k < n; k++) {
            if (items[k].kind != R_BRANCH && items[k].kind != R_JUMP) continue;
            CHECK(check_random_item(a, rc.bytes, &items[k], items, n, k),
                  "seed %u: item %d does not reach its label", seed, k);
        }
        zm_asm_free(a);
    }
}

static void test_errors(void)
{
    ZAsm *a = zm_asm_new(5);
    ZRoutineCode rc;
    zm_begin_routine(a, 0, NULL);
    zm_emit(a, ZOP_ADD, 2, (ZOperand[]){ C(1), C(2) }, NS, NB);
    CHECK(!zm_end_routine(a, &rc) && strstr(zm_asm_error(a), "store"),
          "add without a store");
    zm_begin_routine(a, 0, NULL);
    CHECK(zm_asm_error(a) == NULL, "a new routine forgets the error");
    zm_emit(a, ZOP_JZ, 1, (ZOperand[]){ V(1) }, NS, zm_branch(zm_new_label(a),
                                                             true));
    CHECK(!zm_end_routine(a, &rc) && strstr(zm_asm_error(a), "never placed"),
          "unplaced label");
    zm_begin_routine(a, 0, NULL);
    zm_emit0(a, ZOP_SHOW_STATUS);
    CHECK(!zm_end_routine(a, &rc) && strstr(zm_asm_error(a), "version 5"),
          "show_status is v3 only");
    zm_begin_routine(a, 16, NULL);
    CHECK(zm_asm_error(a) && strstr(zm_asm_error(a), "15"), "16 locals");
    zm_begin_routine(a, 0, NULL);
    zm_emit(a, ZOP_JE, 5, (ZOperand[]){ C(1), C(2), C(3), C(4), C(5) }, NS, RT);
    CHECK(!zm_end_routine(a, &rc), "je with 5 operands");
    zm_asm_free(a);
}

static void test_flags2(void)
{
    ZAsm *a = zm_asm_new(5);
    zm_begin_routine(a, 0, NULL);
    zm_emit(a, ZOP_SAVE_UNDO, 0, NULL, 0, NB);
    zm_emit2(a, ZOP_SET_COLOUR, C(2), C(9));
    zm_begin_routine(a, 0, NULL);              /* kept across routines */
    zm_emit0(a, ZOP_SOUND_EFFECT);
    CHECK(zm_asm_flags2(a) == (0x10 | 0x40 | 0x80), "undo, colours, sound: %x",
          zm_asm_flags2(a));
    zm_asm_free(a);
}

static void test_opcode_table(void)
{
    bool other;
    CHECK(zm_op_lookup("NOT", 3, 5, &other) == ZOP_NOT, "not in v5 is VAR");
    CHECK(zm_op_lookup("not", 3, 3, &other) == ZOP_NOT_V1, "not in v3 is 1OP");
    CHECK(zm_op_lookup("save", 4, 3, &other) == ZOP_SAVE_V1, "v3 save");
    CHECK(zm_op_lookup("save", 4, 4, &other) == ZOP_SAVE_V4, "v4 save");
    CHECK(zm_op_lookup("save", 4, 8, &other) == ZOP_SAVE, "v8 save");
    CHECK(zm_op_lookup("pull", 4, 6, &other) == ZOP_PULL_V6 &&
              zm_op_lookup("pull", 4, 8, &other) == ZOP_PULL, "pull forms");
    CHECK(zm_op_lookup("call", 4, 5, &other) == ZOP_CALL, "call in v5");
    CHECK(zm_op_lookup("catch", 5, 3, &other) == ZOP__NONE && other,
          "catch exists elsewhere");
    CHECK(zm_op_lookup("frobnicate", 10, 5, &other) == ZOP__NONE && !other,
          "no such opcode");
    CHECK(zm_op_lookup("draw_picture", 12, 8, &other) == ZOP__NONE && other,
          "v6 only");
    /* Every row: the class holds its number, and v3/v5/v8 have no two
     * rows with one name. */
    for (int i = 0; i < ZOP__COUNT; i++) {
        const ZOpInfo *o = zm_opinfo((ZOpcode)i);
        int lim = o->cls == Z2OP || o->cls == ZVAR ? 32
                : o->cls == ZEXT ? 256 : 16;
        CHECK(o->number < lim && o->min_ops <= o->max_ops, "%s", o->name);
        for (int v = 3; v <= 8; v++) {
            if (!zm_op_in_version((ZOpcode)i, v)) continue;
            ZOpcode f = zm_op_lookup(o->name, strlen(o->name), v, NULL);
            CHECK(f == (ZOpcode)i || (i == ZOP_CALL_VS && f == ZOP_CALL) ||
                      (i == ZOP_CALL && f == ZOP_CALL_VS),
                  "%s in v%d found as %d", o->name, v, (int)f);
        }
    }
}

int main(void)
{
    test_two_operand();
    test_one_operand();
    test_zero_operand();
    test_variable_operand();
    test_extended();
    test_inform_layouts();
    test_layouts();
    test_branch_reach();
    test_random_routines();
    test_errors();
    test_flags2();
    test_opcode_table();
    if (failures) printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
