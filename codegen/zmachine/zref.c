/* zref.c: IR references to Z relocations and back (zref.h).
 *
 * Takes an IrValue (or a relocation); gives the relocation (or the
 * IrValue).  Symbol targets keep their numbers: the linker's
 * ZLINK_LOWSTRING is the IR's IR_SYM_LOWSTRING (zbuild.h). */
#include "zref.h"

#include "../../compiler/diag.h"
#include "sysconst.h"
#include "zbuild.h"

_Static_assert((long)ZLINK_LOWSTRING == (long)IR_SYM_LOWSTRING,
               "a Lowstring's symbol number is the IR's");

/* Each reference kind's relocation kind (IRR_SYSCONST's target is
 * renumbered as well: zsc_from_ir). */
static const ZRelocKind of_ir[] = {
    [IRR_ROUTINE] = ZR_ROUTINE, [IRR_STRING] = ZR_STRING,
    [IRR_DICT] = ZR_DICT, [IRR_ARRAY] = ZR_ARRAY,
    [IRR_OBJECT] = ZR_OBJECT, [IRR_SYSCONST] = ZR_SYSCONST,
    [IRR_SYMBOL] = ZR_SYMBOL, [IRR_ACTION] = ZR_ACTION,
    [IRR_GLOBAL_ADDR] = ZR_GLOBAL_ADDR, [IRR_TABLE] = ZR_TABLE,
    [IRR_CHAR] = ZR_CHAR, [IRR_GLOBAL_NUM] = ZR_GLOBAL_NUM,
};
enum { NKINDS = sizeof of_ir / sizeof *of_ir };
_Static_assert(NKINDS == IRR_GLOBAL_NUM + 1,
               "every reference kind has its relocation");

bool zref_of_ir(IrValue v, ZRelocKind *kind, uint32_t *target)
{
    *target = v.target;
    if (v.ref == IRR_SYSCONST) {
        int sc = zsc_from_ir(v.target);
        *kind = ZR_SYSCONST;
        *target = (uint32_t)sc;
        if (sc >= 0) return true;
    } else if ((unsigned)v.ref < NKINDS) {
        *kind = of_ir[v.ref];
        return true;
    }
    diag_error(NULL, "internal error: the reference %d:%u has no Z-machine "
               "relocation", (int)v.ref, (unsigned)v.target);
    return false;
}

/* (Every operand of code that refers to something comes here: the
 * common kinds are mapped without a call.) */
ZOperand zref_operand(IrValue v)
{
    if (v.ref != IRR_SYSCONST && (unsigned)v.ref < NKINDS)
        return zm_reloc(of_ir[v.ref], v.target, v.num);
    ZRelocKind kind;
    uint32_t target;
    if (!zref_of_ir(v, &kind, &target)) return zm_const(0);
    return zm_reloc(kind, target, v.num);
}

IrValue zref_to_ir(ZRelocKind kind, uint32_t target, int32_t addend)
{
    static const IrRefKind of[] = {
        [ZR_ROUTINE] = IRR_ROUTINE, [ZR_STRING] = IRR_STRING,
        [ZR_DICT] = IRR_DICT, [ZR_ARRAY] = IRR_ARRAY,
        [ZR_OBJECT] = IRR_OBJECT, [ZR_SYSCONST] = IRR_SYSCONST,
        [ZR_SYMBOL] = IRR_SYMBOL, [ZR_ACTION] = IRR_ACTION,
        [ZR_GLOBAL_ADDR] = IRR_GLOBAL_ADDR, [ZR_TABLE] = IRR_TABLE,
        [ZR_CHAR] = IRR_CHAR, [ZR_GLOBAL_NUM] = IRR_GLOBAL_NUM,
    };
    if ((unsigned)kind >= sizeof of / sizeof *of) return ir_num(addend);
    if (kind == ZR_SYSCONST) target = zsc_to_ir((ZSysConst)target);
    return ir_ref(of[kind], target, addend);
}
