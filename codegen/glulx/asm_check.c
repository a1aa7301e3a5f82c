/* asm_check.c: an inline assembly statement checked against Glulx (the
 * check_asm hook of gl_target_ops, compiler/target.h).
 *
 * Takes an AsmStatement as the parser read it; reports, each at its
 * place, an opcode Glulx does not have, an operand count other than the
 * specification's, a `->` (Glulx stores in place, as an ordinary
 * operand), and a `?branch` anywhere but as the last operand of a
 * branching opcode; and custom opcodes not written like @"S3:123".  Glulx
 * reads every tree as the parser built it, so no answer is set. */
#include <stdio.h>
#include <string.h>

#include "opcodes.h"
#include "../../compiler/diag.h"
#include "../../compiler/target.h"

/* How an opcode is written, for the messages: "@add <value> <value>
 * <store>". */
static const char *syntax(const GlOpInfo *g, char *buf, size_t size)
{
    size_t at = (size_t)snprintf(buf, size, "@%s", g->name);
    for (const char *o = g->operands; *o && at < size; o++)
        at += (size_t)snprintf(buf + at, size - at, " %s", *o == 'B'
                               ? "?<label>" : *o == 'S' ? "<store>"
                               : "<value>");
    return buf;
}

/* The operands against the opcode's; the syntax is written out (into f)
 * only for a message: most statements are right. */
static void check_shape(GlOpcode op, const AsmStatement *a)
{
    const GlOpInfo *g = gl_opinfo(op);
    char f[200];
    size_t want = strlen(g->operands);
    bool br = want && g->operands[want - 1] == 'B';
    int nops = a->nops + (a->branch ? 1 : 0);
    if (a->store) {
        diag_error(&a->store->loc, "Glulx opcodes have no '->': the result "
                   "is an ordinary operand, as in %s", syntax(g, f, sizeof f));
    } else if ((size_t)nops != want) {
        diag_error(&a->loc, "'@%s' takes %zu operand%s, not %d: write %s",
                   g->name, want, want == 1 ? "" : "s", nops,
                   syntax(g, f, sizeof f));
    } else if (br && !a->branch) {
        diag_error(&a->ops[a->nops - 1].loc, "the last operand of '@%s' is a "
                   "branch, written '?label' or '?~label': write %s", g->name,
                   syntax(g, f, sizeof f));
    } else if (a->branch && (!br || !a->branch_last)) {
        diag_error(&a->branch->loc, br ? "only the last operand of '@%s' can "
                   "be a '?' branch: write %s" : "'@%s' is not a branch, so no "
                   "operand can be '?label': write %s", g->name,
                   syntax(g, f, sizeof f));
    }
}

/* @"S3:123": flags S, SS, B or R, the operand count, ':', the number. */
static void check_custom(const AsmStatement *a)
{
    const char *colon = strchr(a->custom, ':');
    const char *p = a->custom;
    while (*p == 'S' || *p == 'B' || *p == 'R') p++;
    if (*p >= '0' && *p <= '9') p++;
    if (p != colon || !colon[1] || strspn(colon + 1, "0123456789") !=
        strlen(colon + 1))
        diag_error(&a->loc, "a custom Glulx opcode is written like "
                   "@\"S3:123\": flags S, SS, B or R, the number of "
                   "operands (0-9), ':' and the opcode number");
}

void gl_check_asm(const Target *t, AsmStatement *a)
{
    (void)t;
    if (a->custom) {
        check_custom(a);
        /* the R flag: execution never goes on (flags come before ':') */
        const char *colon = strchr(a->custom, ':');
        a->stops = colon && memchr(a->custom, 'R', (size_t)(colon - a->custom));
        return;
    }
    GlOpcode op = gl_op_lookup(a->opcode, strlen(a->opcode));
    if (op == GOP__NONE) {
        diag_error(&a->loc, "'@%s' is not a Glulx opcode", a->opcode);
        return;
    }
    int number = gl_opinfo(op)->number;
    a->stops = number >= 0 && gl_op_never_returns((uint32_t)number);
    if (a->shape) check_shape(op, a);
}
