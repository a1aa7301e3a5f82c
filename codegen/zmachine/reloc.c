/* reloc.c: resolving relocation records into a block of bytes.
 *
 * Takes a block, its ZRelocs and a resolver; gives the patched block. */
#include "reloc.h"

#include "../bytes.h"

size_t zm_apply_relocs(uint8_t *bytes, const ZReloc *relocs, size_t n,
                       ZResolveFn resolve, void *ctx)
{
    size_t failed = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v = 0;
        if (!resolve(ctx, &relocs[i], &v)) {
            failed++;
            v = 0;
        } else {
            v += (uint32_t)relocs[i].addend;
        }
        be_set16(bytes + relocs[i].offset, v);
    }
    return failed;
}
