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

bool zref_of_ir(IrValue v, ZRelocKind *kind, uint32_t *target)
{
    *target = v.target;
    switch ((IrRefKind)v.ref) {
    case IRR_ROUTINE: *kind = ZR_ROUTINE; return true;
    case IRR_STRING: *kind = ZR_STRING; return true;
    case IRR_DICT: *kind = ZR_DICT; return true;
    case IRR_ARRAY: *kind = ZR_ARRAY; return true;
    case IRR_OBJECT: *kind = ZR_OBJECT; return true;
    case IRR_SYMBOL: *kind = ZR_SYMBOL; return true;
    case IRR_ACTION: *kind = ZR_ACTION; return true;
    case IRR_GLOBAL_ADDR: *kind = ZR_GLOBAL_ADDR; return true;
    case IRR_TABLE: *kind = ZR_TABLE; return true;
    case IRR_CHAR: *kind = ZR_CHAR; return true;
    case IRR_GLOBAL_NUM: *kind = ZR_GLOBAL_NUM; return true;
    case IRR_SYSCONST: {
        int sc = zsc_from_ir(v.target);
        *kind = ZR_SYSCONST;
        *target = (uint32_t)sc;
        if (sc >= 0) return true;
        break;
    }
    case IRR_NONE: break;
    }
    diag_error(NULL, "internal error: the reference %d:%u has no Z-machine "
               "relocation", (int)v.ref, (unsigned)v.target);
    return false;
}

ZOperand zref_operand(IrValue v)
{
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
