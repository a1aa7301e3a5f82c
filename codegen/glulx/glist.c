/* glist.c: a Glulx function as assembly text, for --dump-asm.
 *
 * Takes a function's bytes and relocations as selection gave them
 * (gcode.h's GRoutineCode) and the IR program and routine they came from;
 * gives one instruction a line, read back from the bytes (so the listing
 * shows what the story holds, branch forms settled), everything by name
 * where the program has one:
 *
 *     [ Main x y;
 *       copy 1 x
 *       add x 300 y
 *       jne x y ?L1
 *       streamstr "hi"
 *     .L1
 *       return 1
 *     ]
 *
 * Locals and globals by name (the compiler's own as inform6 names them),
 * sp for the stack, a discarded result as 0; values only the linker knows
 * as --dump-ir names them (ir_print_value: routines, objects, strings
 * "cut short...", 'words', ##Actions, #constants); branches as ?L1, ?rtrue,
 * ?rfalse, labels L1, L2... in the order of the code.  Bytes that are no
 * instruction (inline `@ ->` data, unknown custom opcodes) end the
 * listing of the function with a line saying so. */
#include "glist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opcodes.h"

typedef struct Reader {
    const uint8_t *b;
    size_t len, at;
    bool bad;
} Reader;

static uint32_t take(Reader *r, int width)
{
    if (r->at + (size_t)width > r->len) {
        r->bad = true;
        return 0;
    }
    uint32_t v = 0;
    for (int i = 0; i < width; i++) v = v << 8 | r->b[r->at++];
    return v;
}

/* The opcode numbered n, or GOP__NONE. */
static GlOpcode op_numbered(uint32_t n)
{
    for (int i = 0; i < GOP__COUNT; i++)
        if (gl_opinfo((GlOpcode)i)->number == (int)n) return (GlOpcode)i;
    return GOP__NONE;
}

static const GReloc *reloc_at(const GRoutineCode *rc, size_t at)
{
    for (size_t i = 0; i < rc->nrelocs; i++)
        if (rc->relocs[i].offset == at) return &rc->relocs[i];
    return NULL;
}

static IrRefKind ir_kind_of(uint8_t k)
{
    switch ((GRelocKind)k) {
    case GR_ROUTINE: return IRR_ROUTINE;
    case GR_STRING: return IRR_STRING;
    case GR_DICT: return IRR_DICT;
    case GR_ARRAY: return IRR_ARRAY;
    case GR_OBJECT: return IRR_OBJECT;
    case GR_SYSCONST: return IRR_SYSCONST;
    case GR_ACTION: return IRR_ACTION;
    case GR_GLOBAL_ADDR: return IRR_GLOBAL_ADDR;
    case GR_TABLE: return IRR_TABLE;
    }
    return IRR_NONE;
}

/* The IrGlobal id of global variable n (gcode.h's numbering), or -1 for
 * sys_statusline_flag, which has none. */
static int32_t ir_global_of(uint32_t n)
{
    if (n < 10) return IRG_SYSTEM + (int32_t)n;
    if (n == 10) return -1;
    return (int32_t)(n - GL_FIRST_USER_GLOBAL);
}

typedef struct Lister {
    FILE *out;
    const IrProgram *p;
    const IrRoutine *r;
    const GRoutineCode *rc;
    size_t *targets;          /* branch targets, in order */
    size_t ntargets, cap;
    bool collect;             /* first pass: only gather targets */
} Lister;

static int label_number(const Lister *ls, size_t at)
{
    for (size_t i = 0; i < ls->ntargets; i++)
        if (ls->targets[i] == at) return (int)i + 1;
    return 0;
}

static void add_target(Lister *ls, size_t at)
{
    if (label_number(ls, at)) return;
    if (ls->ntargets == ls->cap) {
        ls->cap = ls->cap ? 2 * ls->cap : 16;
        ls->targets = realloc(ls->targets, ls->cap * sizeof *ls->targets);
        if (!ls->targets) abort();
    }
    size_t i = ls->ntargets++;      /* kept sorted */
    while (i > 0 && ls->targets[i - 1] > at) {
        ls->targets[i] = ls->targets[i - 1];
        i--;
    }
    ls->targets[i] = at;
}

static void print_local(const Lister *ls, uint32_t offset)
{
    int n = (int)(offset / 4) + 1;
    if (ls->r && n <= ls->r->nlocals && ls->r->local_names)
        ir_print_local(ls->out, ls->r, n);
    else fprintf(ls->out, "local%d", n);
}

static void print_global(const Lister *ls, uint32_t offset)
{
    int32_t id = ir_global_of(offset / 4);
    if (offset % 4) fprintf(ls->out, "ram%u", (unsigned)offset);
    else if (id < 0) fputs("sys_statusline_flag", ls->out);
    else ir_print_global(ls->out, ls->p, id);
}

/* Reads one operand of mode m; prints it unless collecting (a store's
 * mode 0, a result thrown away, prints as 0 like a constant zero). */
static int32_t operand(Lister *ls, Reader *rd, unsigned m)
{
    static const int widths[16] = { 0, 1, 2, 4, 0, 1, 2, 4, 0, 1, 2, 4, 0, 1,
                                    2, 4 };
    size_t at = rd->at;
    uint32_t v = take(rd, widths[m]);
    int32_t sv = m == 1 ? (int8_t)v : m == 2 ? (int16_t)v : (int32_t)v;
    if (ls->collect || rd->bad) return sv;
    FILE *o = ls->out;
    const GReloc *rl = m == 3 ? reloc_at(ls->rc, at) : NULL;
    if (rl)
        ir_print_value(o, ls->p, ir_ref(ir_kind_of(rl->kind), rl->target,
                                        rl->addend));
    else if (m == 0) fputs("0", o);
    else if (m <= 3) fprintf(o, "%d", sv);
    else if (m <= 7) fprintf(o, "[%u]", (unsigned)v);
    else if (m == 8) fputs("sp", o);
    else if (m <= 11) print_local(ls, v);
    else if (m >= 13) print_global(ls, v);
    else fprintf(o, "?mode%u", m);
    return sv;
}

/* One instruction; false at bytes that are none. */
static bool instruction(Lister *ls, Reader *rd)
{
    size_t start = rd->at;
    uint32_t n = take(rd, 1);
    if (n >= 0xC0) { rd->at = start; n = take(rd, 4) & 0x0FFFFFFF; }
    else if (n >= 0x80) { rd->at = start; n = take(rd, 2) & 0x3FFF; }
    GlOpcode op = op_numbered(n);
    if (rd->bad || op == GOP__NONE) {
        if (!ls->collect)
            fprintf(ls->out, "  ! %zu bytes that are not instructions (opcode "
                    "%u?)\n", rd->len - start, (unsigned)n);
        return false;
    }
    const GlOpInfo *g = gl_opinfo(op);
    int nops = (int)strlen(g->operands);
    uint8_t modes[8] = { 0 };
    for (int i = 0; i < nops; i += 2) {
        uint32_t b = take(rd, 1);
        modes[i] = b & 15;
        modes[i + 1] = (uint8_t)(b >> 4);
    }
    if (!ls->collect) fprintf(ls->out, "  %s", g->name);
    for (int i = 0; i < nops; i++) {
        if (!ls->collect) fputc(' ', ls->out);
        /* a branch offset held in a variable or memory (glulxercise's
         * '@"1:32" loc;'): computed at run time, shown as the operand */
        if (g->operands[i] != 'B' || modes[i] > 3) {
            operand(ls, rd, modes[i]);
            continue;
        }
        bool saved = ls->collect;
        ls->collect = true;
        int32_t off = operand(ls, rd, modes[i]);
        ls->collect = saved;
        if (modes[i] == 0 || (modes[i] == 1 && (off == 0 || off == 1))) {
            if (!ls->collect) fputs(off ? "?rtrue" : "?rfalse", ls->out);
            continue;
        }
        size_t to = (size_t)((int64_t)rd->at + off - 2);
        if (ls->collect) add_target(ls, to);
        else fprintf(ls->out, "?L%d", label_number(ls, to));
    }
    if (!ls->collect) fputc('\n', ls->out);
    return !rd->bad;
}

static void walk(Lister *ls, Reader *rd)
{
    while (rd->at < rd->len) {
        if (!ls->collect && label_number(ls, rd->at))
            fprintf(ls->out, ".L%d\n", label_number(ls, rd->at));
        if (!instruction(ls, rd)) return;
    }
}

void glist_routine(FILE *out, const IrProgram *p, const IrRoutine *r,
                   const GRoutineCode *rc)
{
    Lister ls = { .out = out, .p = p, .r = r, .rc = rc };
    Reader rd = { .b = rc->bytes, .len = rc->len };
    take(&rd, 1);                               /* type */
    while (!rd.bad && (take(&rd, 1) | take(&rd, 1))) {}   /* locals */
    size_t code = rd.at;
    fprintf(out, "[ %s", r && r->name ? r->name : "(embedded)");
    for (int i = 1; r && i <= r->nlocals; i++) {
        fputc(' ', out);
        ir_print_local(out, r, i);
    }
    fputs(";\n", out);
    ls.collect = true;
    walk(&ls, &rd);
    ls.collect = false;
    rd.at = code;
    rd.bad = false;
    walk(&ls, &rd);
    fputs("]\n", out);
    free(ls.targets);
}
