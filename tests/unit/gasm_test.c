/* gasm_test.c: codegen/glulx/gasm.c and gasm_relax.c — Glulx functions
 * checked byte for byte against the story files inform6 6.41 wrote
 * (`inform6 -G -~S`, the functions' bytes read from the .ulx; the
 * instructions from the `-a2` listing of the source quoted beside each),
 * and the encoder's own rules: operand forms, relaxation, relocations,
 * the version the opcodes need.  Prints one line per failed check; exit
 * status 1 if any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/glulx/gasm.h"
#include "codegen/glulx/glist.h"

#include "check.h"

int failures;

static void hex(const uint8_t *b, size_t n, char *out)
{
    out[0] = 0;
    for (size_t i = 0; i < n; i++)
        sprintf(out + strlen(out), "%s%02x", i ? " " : "", b[i]);
}

static void expect(int line, GAsm *a, const char *want, GRoutineCode *rc)
{
    static char got[4096];
    strcpy(got, "(error)");
    if (gasm_end(a, rc)) hex(rc->bytes, rc->len, got);
    if (strcmp(got, want) != 0) {
        printf("%s:%d: got      %s\n%*s expected %s %s\n", __FILE__, line,
               got, (int)strlen(__FILE__) + 5, "", want, gasm_error(a));
        failures++;
    }
}

static GOperand L(int n) { return gasm_local(n); }
static GOperand K(int32_t v) { return gasm_const(v); }
static GOperand SP(void) { return gasm_stack(); }

/* Global g1; Global g2 = 5;
 * [ Main x y;
 *   x = 1; y = x + 300;
 *   g1 = y * 70000;
 *   if (x == 1 or 2 or y) print "hi";
 *   while (x < 10) x++;
 *   Foo(x, y, 1, 2, 3);
 *   print x, (char) 'a', "^";
 *   new_line;
 *   return g2 - x;
 * ]; */
static void t1_main(GAsm *a)
{
    GRoutineCode rc;
    gasm_begin(a, 2, false);
    GLabel l0 = gasm_new_label(a), l1 = gasm_new_label(a),
           l2 = gasm_new_label(a), l3 = gasm_new_label(a),
           l4 = gasm_new_label(a), l5 = gasm_new_label(a);
    gasm_emit2(a, GOP_COPY, K(1), L(1));
    gasm_emit3(a, GOP_ADD, L(1), K(300), L(2));
    gasm_emit3(a, GOP_MUL, L(2), K(70000), gasm_global(11));
    gasm_emit(a, GOP_JEQ, 2, (GOperand[]){ L(1), K(1) }, l1);
    gasm_emit(a, GOP_JEQ, 2, (GOperand[]){ L(1), K(2) }, l1);
    gasm_emit(a, GOP_JNE, 2, (GOperand[]){ L(1), L(2) }, l0);
    gasm_place_label(a, l1);
    gasm_emit1(a, GOP_STREAMSTR, gasm_reloc(GR_STRING, 5, 0));
    gasm_place_label(a, l0);
    gasm_place_label(a, l2);
    gasm_emit(a, GOP_JGE, 2, (GOperand[]){ L(1), K(10) }, l3);
    gasm_emit3(a, GOP_ADD, L(1), K(1), L(1));
    gasm_jump(a, l2);
    gasm_place_label(a, l3);
    gasm_emit2(a, GOP_COPY, K(3), SP());
    gasm_emit2(a, GOP_COPY, K(2), SP());
    gasm_emit2(a, GOP_COPY, K(1), SP());
    gasm_emit2(a, GOP_COPY, L(2), SP());
    gasm_emit2(a, GOP_COPY, L(1), SP());
    gasm_emit3(a, GOP_CALL, gasm_reloc(GR_ROUTINE, 7, 0), K(5), gasm_discard());
    gasm_emit1(a, GOP_STREAMNUM, L(1));
    gasm_emit(a, GOP_JGEU, 2, (GOperand[]){ K(97), K(256) }, l4);
    gasm_emit1(a, GOP_STREAMCHAR, K(97));
    gasm_jump(a, l5);
    gasm_place_label(a, l4);
    gasm_emit1(a, GOP_STREAMUNICHAR, K(97));
    gasm_place_label(a, l5);
    gasm_emit1(a, GOP_STREAMSTR, gasm_reloc(GR_STRING, 6, 0));
    gasm_emit1(a, GOP_STREAMCHAR, K(10));
    gasm_emit3(a, GOP_SUB, gasm_global(12), L(1), SP());
    gasm_emit1(a, GOP_RETURN, SP());
    gasm_emit1(a, GOP_RETURN, K(1));      /* unreachable: left out */
    expect(__LINE__, a,
           "c1 04 02 00 00 40 91 01 00 10 29 09 00 01 2c 04 12 39 0d 04 00 "
           "01 11 70 2c 24 19 01 00 01 0e 24 19 01 00 02 08 25 99 01 00 04 "
           "08 72 03 00 00 00 00 27 19 01 00 0a 0b 10 19 09 00 01 00 20 01 "
           "f3 40 81 03 40 81 02 40 81 01 40 89 04 40 89 00 30 13 00 00 00 "
           "00 00 05 71 09 00 2b 21 01 61 01 00 08 70 01 61 20 01 05 73 01 "
           "61 72 03 00 00 00 00 70 01 0a 11 9d 08 30 00 31 08", &rc);
    CHECK(rc.nrelocs == 3, "3 relocations, not %zu", rc.nrelocs);
    if (rc.nrelocs == 3) {
        CHECK(rc.relocs[0].offset == 45 && rc.relocs[0].kind == GR_STRING &&
              rc.relocs[0].target == 5 && rc.relocs[0].width == 4,
              "the first string's relocation at 45, not %u",
              (unsigned)rc.relocs[0].offset);
        CHECK(rc.relocs[1].offset == 82 && rc.relocs[1].kind == GR_ROUTINE,
              "the call's relocation at 82, not %u",
              (unsigned)rc.relocs[1].offset);
        CHECK(rc.relocs[2].offset == 108, "the second string's relocation "
              "at 108, not %u", (unsigned)rc.relocs[2].offset);
    }
    CHECK(gasm_version_needed(a) == 0x00030000,
          "@streamunichar needs Glulx 3.0.0, not %08x",
          (unsigned)gasm_version_needed(a));
}

/* [ Foo a b c d e; return a+b+c+d+e; ];
 * [ Bar _vararg_count x; x = _vararg_count; ]; */
static void t1_foo_bar(GAsm *a)
{
    GRoutineCode rc;
    gasm_begin(a, 5, false);
    gasm_emit3(a, GOP_ADD, L(1), L(2), SP());
    gasm_emit3(a, GOP_ADD, SP(), L(3), SP());
    gasm_emit3(a, GOP_ADD, SP(), L(4), SP());
    gasm_emit3(a, GOP_ADD, SP(), L(5), SP());
    gasm_emit1(a, GOP_RETURN, SP());
    expect(__LINE__, a, "c1 04 05 00 00 10 99 08 00 04 10 98 08 08 10 98 08 "
           "0c 10 98 08 10 31 08", &rc);
    gasm_begin(a, 2, true);
    gasm_emit2(a, GOP_COPY, L(1), L(2));
    gasm_emit1(a, GOP_RETURN, K(1));
    expect(__LINE__, a, "c0 04 02 00 00 40 98 00 40 99 00 04 31 01 01", &rc);
    CHECK(gasm_version_needed(a) == 0, "2.0 will do");
}

/* [ Main x y;
 *   @random 10 sp;
 *   @jump ?Far;
 *   @jeq x y ?Near;       ! nothing reaches these two: left out
 *   @nop;
 *   .Near;
 *   @jump ?Next;          ! to the next instruction: dropped
 *   .Next;
 *   @aload x 1 g1;
 *   @copy 100000 sp; @copy -1 sp; @copy -129 sp; @copy $ffff sp;
 *   @copy sp sp;
 *   @glk 2 1 0;
 *   @setiosys 2 0;
 *   @fadd x y sp;
 *   @quit;
 *   .Far;
 *   @jgt x 0 ?Back;
 *   @return 1;
 *   .Back;
 *   @jz x ?Far;
 * ]; */
static void t2_main(GAsm *a)
{
    GRoutineCode rc;
    gasm_begin(a, 2, false);
    GLabel far = gasm_new_label(a), near = gasm_new_label(a),
           next = gasm_new_label(a), back = gasm_new_label(a);
    gasm_emit2(a, GOP_RANDOM, K(10), SP());
    gasm_jump(a, far);
    gasm_emit(a, GOP_JEQ, 2, (GOperand[]){ L(1), L(2) }, near);
    gasm_emit0(a, GOP_NOP);
    gasm_place_label(a, near);
    gasm_jump(a, next);
    gasm_place_label(a, next);
    gasm_emit3(a, GOP_ALOAD, L(1), K(1), gasm_global(11));
    gasm_emit2(a, GOP_COPY, K(100000), SP());
    gasm_emit2(a, GOP_COPY, K(-1), SP());
    gasm_emit2(a, GOP_COPY, K(-129), SP());
    gasm_emit2(a, GOP_COPY, K(0xffff), SP());
    gasm_emit2(a, GOP_COPY, SP(), SP());
    gasm_emit3(a, GOP_GLK, K(2), K(1), K(0));
    gasm_emit2(a, GOP_SETIOSYS, K(2), K(0));
    gasm_emit3(a, GOP_FADD, L(1), L(2), SP());
    gasm_emit0(a, GOP_QUIT);
    gasm_place_label(a, far);
    gasm_emit(a, GOP_JGT, 2, (GOperand[]){ L(1), K(0) }, back);
    gasm_emit1(a, GOP_RETURN, K(1));
    gasm_place_label(a, back);
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, far);
    gasm_emit1(a, GOP_RETURN, K(1));
    expect(__LINE__, a,
           "c1 04 02 00 00 81 10 81 0a 20 01 2f 48 19 0d 00 01 2c 40 83 00 "
           "01 86 a0 40 81 ff 40 82 ff 7f 40 83 00 00 ff ff 40 88 81 30 11 "
           "00 02 01 81 49 01 02 81 a0 99 08 00 04 81 20 28 09 01 00 05 31 "
           "01 01 22 19 00 f6 31 01 01", &rc);
    CHECK(gasm_version_needed(a) == 0x00030102, "@fadd needs 3.1.2, not %08x",
          (unsigned)gasm_version_needed(a));

    /* the same function read back by glist.c (--dump-asm) */
    const char *names[] = { "x", "y" };
    IrRoutine r = { .name = "Main", .nlocals = 2, .local_names = names };
    IrProgram p = { 0 };
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    glist_routine(f, &p, &r, &rc);
    fclose(f);
    const char *want =
        "[ Main x y;\n  random 10 sp\n  jump ?L1\n  aload x 1 global#0\n"
        "  copy 100000 sp\n  copy -1 sp\n  copy -129 sp\n  copy 65535 sp\n"
        "  copy sp sp\n  glk 2 1 0\n  setiosys 2 0\n  fadd x y sp\n  quit\n"
        ".L1\n  jgt x 0 ?L2\n  return 1\n.L2\n  jz x ?L1\n  return 1\n]\n";
    CHECK(!strcmp(text, want), "listing:\n%s", text);
    free(text);
}

/* The encoder's own rules, beyond what the programs above show. */
static void forms(GAsm *a)
{
    GRoutineCode rc;
    /* locals past 64 take two bytes; globals past RAM offset 255 too;
     * rtrue / rfalse branches; 2-, 4-byte opcodes; discarded stores */
    gasm_begin(a, 300, false);
    gasm_emit2(a, GOP_COPY, L(64), L(65));
    gasm_emit2(a, GOP_COPY, gasm_global(64), gasm_global(20000));
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, GBR_RTRUE);
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, GBR_RFALSE);
    gasm_emit_num(a, 0x12345, 1, (GOperand[]){ gasm_discard() }, GBR_NONE);
    gasm_emit2(a, GOP_PUSH, K(7), SP());
    gasm_emit1(a, GOP_PULL, L(2));
    expect(__LINE__, a,
           "c1 04 ff 04 2d 00 00 40 a9 fc 01 00 40 fe 01 00 00 01 38 80 22 "
           "19 00 01 22 09 00 c0 01 23 45 00 40 81 07 40 98 04", &rc);

    /* a branch of 213 bytes takes two, of 40206 four, of 125 one */
    gasm_begin(a, 1, false);
    GLabel far = gasm_new_label(a), farther = gasm_new_label(a),
           mid = gasm_new_label(a);
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, far);
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, farther);
    gasm_emit(a, GOP_JNZ, 1, (GOperand[]){ L(1) }, mid);
    for (int i = 0; i < 123; i++) gasm_emit0(a, GOP_NOP);
    gasm_place_label(a, mid);
    for (int i = 0; i < 77; i++) gasm_emit0(a, GOP_NOP);
    gasm_place_label(a, far);
    uint8_t pad[40000] = { 0 };
    gasm_bytes(a, pad, sizeof pad);
    gasm_place_label(a, farther);
    gasm_emit1(a, GOP_RETURN, K(0));
    CHECK(gasm_end(a, &rc), "%s", gasm_error(a));
    char got[64];
    hex(rc.bytes, 21, got);
    CHECK(!strcmp(got, "c1 04 01 00 00 22 29 00 00 d5 22 39 00 00 00 9d 0e "
                  "23 19 00 7d"), "long, short, byte forms: %s", got);
    /* shrinking one branch can bring another within one byte, which
     * inform6's one pass leaves at two (its offset 129, then 126) */
    gasm_begin(a, 1, false);
    GLabel end = gasm_new_label(a), out = gasm_new_label(a);
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, end);
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, out);
    for (int i = 0; i < 120; i++) gasm_emit0(a, GOP_NOP);
    gasm_place_label(a, out);
    gasm_place_label(a, end);
    gasm_emit1(a, GOP_RETURN, K(0));
    CHECK(gasm_end(a, &rc), "%s", gasm_error(a));
    hex(rc.bytes, 13, got);
    CHECK(!strcmp(got, "c1 04 01 00 00 22 19 00 7e 22 19 00 7a"),
          "both branches one byte: %s", got);
}

/* if (x) return 1; else return 2;  then the routine's closing return 1:
 * the end label only the unreached jump went to is left out, and so is
 * everything up to the next label (inform6: no closing return). */
static void forward_labels(GAsm *a)
{
    GRoutineCode rc;
    gasm_begin(a, 1, false);
    GLabel no = gasm_new_label(a), end = gasm_new_label(a);
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, no);
    gasm_emit1(a, GOP_RETURN, K(1));
    gasm_jump(a, end);
    gasm_place_forward_label(a, no);
    gasm_emit1(a, GOP_RETURN, K(2));
    gasm_place_forward_label(a, end);
    gasm_emit1(a, GOP_RETURN, K(1));
    expect(__LINE__, a, "c1 04 01 00 00 22 19 00 05 31 01 01 31 01 02", &rc);
    /* a label a written branch goes to is placed */
    gasm_begin(a, 1, false);
    end = gasm_new_label(a);
    gasm_emit(a, GOP_JZ, 1, (GOperand[]){ L(1) }, end);
    gasm_emit1(a, GOP_RETURN, K(2));
    gasm_place_forward_label(a, end);
    gasm_emit1(a, GOP_RETURN, K(1));
    expect(__LINE__, a, "c1 04 01 00 00 22 19 00 05 31 01 02 31 01 01", &rc);
}

static void errors(GAsm *a)
{
    GRoutineCode rc;
    gasm_begin(a, 0, false);
    GLabel never = gasm_new_label(a);
    gasm_jump(a, never);
    CHECK(!gasm_end(a, &rc) && strstr(gasm_error(a), "never placed"),
          "a jump to a label never placed is refused: '%s'", gasm_error(a));
}

int main(void)
{
    GAsm *a = gasm_new();
    t1_main(a);
    t1_foo_bar(a);
    t2_main(a);
    forms(a);
    forward_labels(a);
    errors(a);
    gasm_free(a);
    return failures != 0;
}
