/* zglobals.c: the Z variable numbers of globals (zglobals.h): the usual
 * arrangement and $ZCODE_COMPACT_GLOBALS's, as inform6 6.45 numbers
 * them. */
#include "zglobals.h"

#include "../ir.h"

enum { FIRST = 16, SYSTEM = 7, V3_STATUS = 3, TABLE = 240 };

ZGlobalMap zgm_make(int version, bool compact, int user_globals)
{
    return (ZGlobalMap){ version, compact, user_globals };
}

/* Where the compiler's seven start (temp_global's variable, the others
 * after it) in the compact arrangement. */
static int compact_system_base(const ZGlobalMap *m)
{
    return FIRST + (m->version <= 3 ? V3_STATUS : 0);
}

int zgm_var(const ZGlobalMap *m, int32_t g)
{
    if (g >= IRG_SYS0 && g <= IRG_SYS2) return FIRST + (int)(g - IRG_SYS0);
    if (g >= IRG_SYSTEM && g < IRG_SYS0) {
        int k = (int)(g - IRG_SYSTEM);
        return m->compact ? compact_system_base(m) + k : 255 - k;
    }
    if (g < 0 || g >= IRG_SYSTEM) return 0;
    if (!m->compact) return FIRST + (int)g;
    if (m->version <= 3 && g < V3_STATUS) return FIRST + (int)g;
    return FIRST + SYSTEM + (int)g;
}

int32_t zgm_global(const ZGlobalMap *m, int var)
{
    int32_t k = var - FIRST;
    if (m->compact && !(m->version <= 3 && k < V3_STATUS)) k -= SYSTEM;
    if (k >= 0 && k < m->user) return k;
    /* the seven before sys__glob0..2, which share 16-18 with others */
    for (int32_t g = IRG_SYSTEM; g < IRG_END; g++)
        if (zgm_var(m, g) == var) return g;
    return -1;
}

int zgm_table_words(const ZGlobalMap *m)
{
    if (!m->compact) return TABLE;
    int user = m->user;
    if (m->version <= 3 && user < V3_STATUS) user = V3_STATUS;
    return SYSTEM + user;
}
