/* asm_check.c: an inline assembly statement checked against the Z-machine
 * (the check_asm hook of zm_target_ops, compiler/target.h).
 *
 * Takes an AsmStatement as the parser read it (opcode name or custom
 * text, the operands' kinds and places, the store and the branch) and the
 * target's version; reports what inform6 reports as "Assembly mistake"
 * (the opcode in this version, the operand count by opcode class, store,
 * branch, text and label operands), each at its place, and answers how
 * the tree is to be read: `@jump L`'s operand is a label, and a storing
 * opcode's last operand is its store when `->` was left out (the
 * library's `@save_undo i;`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opcodes.h"
#include "../../compiler/diag.h"
#include "../../compiler/target.h"

/* How an opcode is written, for the messages: "@add <operand1>
 * <operand2> -> <result-variable>" (inform6's words). */
static const char *syntax(const ZOpInfo *z, char *buf, size_t size)
{
    char ops[64] = "";
    int many = (z->flags & ZOF_W2) ? 8 : 4;
    if (z->flags & ZOF_TX) snprintf(ops, sizeof ops, " <text>");
    else if (z->flags & ZOF_LB) snprintf(ops, sizeof ops, " <label>");
    else if (z->flags & (ZOF_VR | ZOF_CL)) {
        const char *first = (z->flags & ZOF_VR) ? " <variable>" : " <routine>";
        if (z->cls == Z1OP) snprintf(ops, sizeof ops, "%s", first);
        else if (z->cls == Z2OP) snprintf(ops, sizeof ops, "%s <operand>", first);
        else snprintf(ops, sizeof ops, "%s <0 to %d operands>", first, many - 1);
    } else if (z->cls == Z1OP) snprintf(ops, sizeof ops, " <operand>");
    else if (!strcmp(z->name, "je"))
        snprintf(ops, sizeof ops, " <operand> <1 to 3 operands>");
    else if (z->cls == Z2OP) snprintf(ops, sizeof ops, " <operand1> <operand2>");
    else if (z->cls == ZVAR || z->cls == ZEXT)
        snprintf(ops, sizeof ops, " <0 to %d operands>", many);
    snprintf(buf, size, "@%s%s%s%s", z->name, ops,
             (z->flags & ZOF_ST) ? " -> <result-variable>" : "",
             (z->flags & ZOF_BR) ? " ?[~]<label>" : "");
    return buf;
}

/* The operand counts the opcode's class allows. */
static void counts(ZOpcode op, const ZOpInfo *z, int *lo, int *hi)
{
    switch (z->cls) {
    case Z0OP: *lo = *hi = 0; break;
    case Z1OP: *lo = *hi = 1; break;
    case Z2OP:                  /* je alone may have 3 or 4 */
        *lo = 2;
        *hi = op == ZOP_JE ? 4 : 2;
        break;
    default:
        *lo = (z->flags & (ZOF_VR | ZOF_CL)) ? 1 : 0;
        *hi = (z->flags & ZOF_W2) ? 8 : 4;
        break;
    }
    if (z->flags & (ZOF_TX | ZOF_LB)) *lo = *hi = 1;
}

/* @print "text", @jump label: one operand of a fixed kind.  True when
 * the opcode is one of them (checked, reported; `form` is room for the
 * syntax a message shows). */
static bool text_or_label(const ZOpInfo *z, AsmStatement *a, char *form,
                          size_t size)
{
    int n = a->nops;
    if (z->flags & ZOF_TX) {
        if (n == 1 && a->ops[0].kind == ASMO_TEXT && !a->store && !a->branch)
            return true;
        diag_error(n == 1 ? &a->ops[0].loc : &a->loc, "'@%s' is followed by "
                   "text in double quotes: write %s", z->name,
                   syntax(z, form, size));
        return true;
    }
    if (!(z->flags & ZOF_LB)) return false;
    /* The operand is a label, as after '?' elsewhere (Glulx writes @jump
     * ?label), so the tree has the same shape on both machines. */
    if (n == 1 && a->ops[0].kind == ASMO_NAME && !a->store && !a->branch) {
        a->label_operand = true;
        return true;
    }
    diag_error(a->branch ? &a->branch->loc : n ? &a->ops[0].loc : &a->loc,
               "'@%s' takes the name of a label, without '?': write %s",
               z->name, syntax(z, form, size));
    return true;
}

/* The operands, store and branch against the opcode's shape.  The syntax
 * is written out (into f) only for a message: most statements are right. */
static void check_shape(ZOpcode op, AsmStatement *a)
{
    const ZOpInfo *z = zm_opinfo(op);
    char f[160];
    int lo, hi, nops = a->nops;
    counts(op, z, &lo, &hi);
    if (text_or_label(z, a, f, sizeof f)) return;
    bool store = a->store != NULL;
    if ((z->flags & ZOF_ST) && !store && nops > lo) {
        const AsmOperand *v = &a->ops[--nops];
        a->last_is_store = true;
        if (v->kind != ASMO_NAME && v->kind != ASMO_SP) {
            diag_error(&v->loc, "the result of '@%s' must be stored in a "
                       "variable or 'sp': write %s", z->name,
                       syntax(z, f, sizeof f));
            return;
        }
        store = true;
    }
    if (nops < lo || nops > hi) {
        if (lo == hi)
            diag_error(&a->loc, "'@%s' takes %d operand%s, not %d: write %s",
                       z->name, lo, lo == 1 ? "" : "s", nops,
                       syntax(z, f, sizeof f));
        else
            diag_error(&a->loc, "'@%s' takes %d to %d operands, not %d: "
                       "write %s", z->name, lo, hi, nops,
                       syntax(z, f, sizeof f));
    } else if ((z->flags & ZOF_ST) && !store) {
        diag_error(&a->loc, "'@%s' stores a result, so it needs '-> variable' "
                   "(or '-> sp'): write %s", z->name, syntax(z, f, sizeof f));
    } else if (!(z->flags & ZOF_ST) && store) {
        diag_error(&a->store->loc, "'@%s' does not store a result, so '->' "
                   "cannot follow it: write %s", z->name,
                   syntax(z, f, sizeof f));
    } else if ((z->flags & ZOF_BR) && !a->branch) {
        diag_error(&a->loc, "'@%s' is a branch, so it needs '?label' or "
                   "'?~label': write %s", z->name, syntax(z, f, sizeof f));
    } else if (!(z->flags & ZOF_BR) && a->branch) {
        diag_error(&a->branch->loc, "'@%s' is not a branch, so '?' cannot "
                   "follow it: write %s", z->name, syntax(z, f, sizeof f));
    }
}

/* @"VAR:38S": form, ':', the opcode number, flags B S T I Fn. */
static void check_custom(const AsmStatement *a)
{
    static const struct { const char *form; int lo, hi; } forms[] = {
        { "0OP", 0, 15 }, { "1OP", 0, 15 }, { "2OP", 0, 31 },
        { "VAR", 32, 63 }, { "VAR_LONG", 32, 63 }, { "EXT", 0, 255 },
        { "EXT_LONG", 0, 255 },
    };
    const char *spec = a->custom;
    const char *colon = strchr(spec, ':');
    int f = -1;
    for (int i = 0; colon && i < (int)(sizeof forms / sizeof *forms); i++)
        if ((size_t)(colon - spec) == strlen(forms[i].form) &&
            !strncmp(spec, forms[i].form, (size_t)(colon - spec)))
            f = i;
    if (f < 0 || !(colon[1] >= '0' && colon[1] <= '9')) {
        diag_error(&a->loc, "a custom Z-machine opcode is written like "
                   "@\"VAR:38S\": 0OP, 1OP, 2OP, VAR, EXT, VAR_LONG or "
                   "EXT_LONG, ':', the opcode number and any flags");
        return;
    }
    char *end;
    long num = strtol(colon + 1, &end, 10);
    if (num < forms[f].lo || num > forms[f].hi)
        diag_error(&a->loc, "a %s opcode number must be between %d and %d, "
                   "not %ld", forms[f].form, forms[f].lo, forms[f].hi, num);
    for (; *end; end++) {
        if (*end == 'B' || *end == 'S' || *end == 'T' || *end == 'I') continue;
        if (*end == 'F' && end[1] >= '0' && end[1] <= '9') {
            while (end[1] >= '0' && end[1] <= '9') end++;
            continue;
        }
        diag_error(&a->loc, "'%c' is not a custom opcode flag: the flags are "
                   "B (branch), S (store), T (text), I (indirect) and Fn "
                   "(set bit n of Flags 2)", *end);
        break;
    }
}

void zm_check_asm(const Target *t, AsmStatement *a)
{
    if (a->custom) {
        check_custom(a);
        return;
    }
    bool other = false;
    ZOpcode op = zm_op_lookup(a->opcode, strlen(a->opcode), t->version, &other);
    if (op == ZOP__NONE) {
        if (other)
            diag_error(&a->loc, "the opcode '@%s' does not exist in version %d "
                       "of the Z-machine", a->opcode, t->version);
        else
            diag_error(&a->loc, "'@%s' is not a Z-machine opcode", a->opcode);
        return;
    }
    /* inform6's Rf opcodes: its @throw and @restart are not among them */
    a->stops = (zm_opinfo(op)->flags & ZOF_SP) && op != ZOP_THROW &&
               op != ZOP_RESTART;
    if (a->shape) check_shape(op, a);
}
