/* program_objects.h: the program's objects and classes, with inform6's
 * inheritance rules applied (part of the Program, program.h).
 *
 * Takes each Object/Class definition in source order, one call per
 * segment item as the directive gives it; applies inheritance when the
 * definition ends: attributes OR-ed in when a class is named (so a later
 * `has ~a` can clear them), common properties from the first class that
 * has them, additive properties and property 2 (the classes an object
 * belongs to) concatenated, individual properties merged; links the
 * object as the last child of its parent.  Gives per object its final
 * attributes, tree links and property lists as IrValues.
 *
 *     ProgObjects o;
 *     pobj_init(&o, &limits, NULL);
 *     pobj_add_metaclasses(&o);                    // objects 1-4
 *     pobj_begin(&o, true, 0);                     // Class Box ...
 *     pobj_prop(&o, 4, (IrValue[]){ ir_num(10) }, 1);
 *     int box = pobj_end(&o);
 *     pobj_begin(&o, false, room);                 // Box chest "chest" room
 *     pobj_inherit(&o, box);
 *     int chest = pobj_end(&o);
 *
 * Nothing here prints: a call that finds a mistake returns false (or -1)
 * and pobj_error() says what, for the caller to report at the right
 * line. */
#ifndef VINFORM_PROGRAM_OBJECTS_H
#define VINFORM_PROGRAM_OBJECTS_H

#include <stdbool.h>
#include <stdint.h>
#include "../compiler/arena.h"
#include "ir.h"
#include "srcloc.h"

enum {
    PROP_NAME = 1,            /* `name`: additive */
    PROP_CLASSES = 2,         /* the classes an object belongs to */
    PROP_RESERVED = 3,        /* no common property (the Z-machine's
                                 individual-table address) */
    PROP_MAX_VALUES = 32,     /* values in one property (Z-machine) */
    PROG_ATTR_BYTES = 32,     /* room for 256 attributes */
    PROG_MAX_COMMON = 255,    /* room for the common property numbers */
};

/* What the target allows, as the definitions are checked. */
typedef struct ProgLimits {
    int max_common_property;  /* highest common property number */
    int attributes;           /* attributes 0..attributes-1 */
    int max_values;           /* values a property may hold (v3: 4; more
                                 are an error, as in inform6 6.45) */
    int most_values;          /* values one list may give, more are an
                                 error (0: PROP_MAX_VALUES; Glulx 32768) */
    int most_inherited;       /* values an additive property may hold
                                 with what it inherits (0: the lesser of
                                 max_values and most_values) */
} ProgLimits;

/* One property: common (num 1..max) or individual (num = identifier,
 * 64 up).  A property given no values holds one 0. */
typedef struct ProgProp {
    int num;
    bool private_;            /* individual, from a `private` segment */
    int n;
    IrValue *v;
} ProgProp;

typedef struct ProgPropList {
    ProgProp *items;
    int n, cap;
} ProgPropList;

typedef struct ProgObject {
    bool is_class;
    bool metaclass;           /* objects 1-4 */
    const char *name;         /* the identifier, NULL when none */
    /* The short name: string id of the quoted name, else -1 and
     * `short_text` ("(Name)", "(17)", a class's own name, "C_1"). */
    int short_string;
    const char *short_text;
    uint8_t attrs[PROG_ATTR_BYTES];   /* attribute a: byte a/8, bit
                                         0x80 >> a%8; a class's are the
                                         ones its instances inherit */
    int parent, sibling, child;       /* object numbers, 0 for none */
    ProgPropList common;      /* own (property 2 first for a class), then
                                 inherited */
    ProgPropList indiv;       /* own, then inherited */
    int *classes;             /* classes named, as class numbers */
    int nclasses, classes_cap;
    SrcLoc loc;
} ProgObject;

typedef struct ProgObjects {
    Arena *arena;             /* the property lists and their values: the
                               * compilation's, or `own` */
    Arena own;
    ProgLimits lim;
    IrValue defaults[PROG_MAX_COMMON + 1];   /* Property p default */
    bool additive[PROG_MAX_COMMON + 1];
    ProgObject *objs;         /* object number k is objs[k - 1] */
    int nobjs, objs_cap;
    int *class_objs;          /* class number -> object number */
    int nclasses, class_cap;
    ProgPropList spare[2];    /* the open object's common and individual
                               * lists grow here (malloc'd, reused object
                               * after object); pobj_end copies them to
                               * the arena at their exact size */
    bool open;                /* between pobj_begin and pobj_end */
    bool failed;              /* this definition had an error */
    char err[200];
    bool err_warning;
} ProgObjects;

/* `arena` keeps the property lists as long as the objects are needed
 * (the compilation's: one more arena of its own would start its own
 * blocks); NULL: the objects keep their own, freed by pobj_free. */
void pobj_init(ProgObjects *o, const ProgLimits *lim, Arena *arena);
void pobj_free(ProgObjects *o);

/* `Property [additive] p [default];`.  Properties 1 and 2 are always
 * additive. */
void pobj_prop_default(ProgObjects *o, int prop, IrValue value);
void pobj_prop_additive(ProgObjects *o, int prop);

/* Makes the metaclass objects Class, Object, Routine and String
 * (objects 1-4).  Call once, before any other object. */
void pobj_add_metaclasses(ProgObjects *o);

/* Starts an object or a class, child of `parent` (0: none).  Every class
 * but the metaclasses is a child of Class (object 1), `parent` then
 * ignored; each class starts with property 2 holding its own number.
 * The short name is set in the object afterwards (pobj_current). */
void pobj_begin(ProgObjects *o, bool is_class, int parent);
ProgObject *pobj_current(ProgObjects *o);

/* The class `class_obj` (an object number) is named: its attributes are
 * OR-ed in now, its properties when the object ends.  False if it is
 * not a class. */
bool pobj_inherit(ProgObjects *o, int class_obj);
/* `has attr` / `has ~attr`, in source order among the pobj_inherit
 * calls. */
bool pobj_attr(ProgObjects *o, int attr, bool on);
/* A common property with n values.  More than lim.max_values is an
 * error (the first max_values are kept, so later numbers stay right). */
bool pobj_prop(ProgObjects *o, int prop, const IrValue *values, int n);
/* An individual property (identifier 64 up) with n values. */
bool pobj_indiv(ProgObjects *o, int id, bool private_, const IrValue *values,
                int n);
/* Ends the definition: applies inheritance, links the object as the last
 * child of its parent.  Returns its number, or -1 after an error (the
 * object still exists, so later numbers stay right). */
int pobj_end(ProgObjects *o);

/* The last mistake, or NULL; cleared by the next call that succeeds. */
const char *pobj_error(const ProgObjects *o);
bool pobj_error_is_warning(const ProgObjects *o);

/* Object number k (1-based), or NULL. */
const ProgObject *pobj_get(const ProgObjects *o, int k);
bool pobj_has_attr(const ProgObject *ob, int attr);

#endif
