/* objects_int.h: what objects.c (taking the program's objects) and
 * properties.c (writing the tables) share.  Not for other modules. */
#ifndef VINFORM_ZM_OBJECTS_INT_H
#define VINFORM_ZM_OBJECTS_INT_H

#include "objects.h"

/* One property of an object as it will be written: a common property
 * (num 1..63) or an individual one (num = identifier | ZO_PRIVATE). */
typedef struct ZOProp {
    uint16_t num;
    int n;
    ZOperand *v;       /* n values; property 3's single value is unused */
} ZOProp;

typedef struct ZOPropList {
    ZOProp *items;           /* room for n, and property 3 */
    int n;
} ZOPropList;

typedef struct ZOObj {
    bool is_class;
    uint8_t attrs[6];        /* an instance's attributes; for a class the
                                ones its instances inherit */
    int parent, sibling, child;
    uint8_t *name;
    size_t name_len;
    ZOPropList common;
    ZOPropList indiv;
} ZOObj;

struct ZObjects {
    Arena *arena;            /* the objects' names, property lists and
                                values: the compilation's, or `own` */
    Arena own;
    int version;
    ZOperand defaults[64];
    ZOObj *objs;
    int nobjs, objs_cap;
    int *class_objs;         /* class number -> object number */
    int nclasses, class_cap;
    char err[200];
};

/* Highest common property number: 31 (v3) or 63. */
static inline int zo_max_common(int version) { return version <= 3 ? 31 : 63; }

#endif
