/* raw_data.c: inform6's rules for raw assembly data entries (raw_data.h). */
#include "raw_data.h"

#include "../compiler/diag.h"

bool raw_entry_constant(const IrNode *k)
{
    if (k->kind == IR_CONST) return true;
    diag_error(&k->loc, "raw assembly data must be constants");
    return false;
}

bool raw_entry_fits(const IrNode *k, int width, bool is_address,
                    int64_t value, const char *addresses)
{
    if (width == 1 && is_address) {
        /* inform6: "Entries in code byte arrays must be known constants" */
        diag_error(&k->loc, "the bytes of '@ ->' must be numbers: an "
                   "address (of %s) is a word; write it with '@ -->'",
                   addresses);
        return false;
    }
    if (width == 1 && value >= 256)
        diag_warning(&k->loc, "a byte of '@ ->' is not in the range 0 "
                     "to 255: only its low byte, $%02X, is written",
                     (unsigned)value & 0xFF);
    return true;
}
