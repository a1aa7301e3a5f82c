/* objects.h: the Z-machine object table as inform6 lays it out:
 * property defaults, object entries, property tables (short name,
 * properties in descending order), class objects with their second,
 * inheritable table, the class-number table and the individual property
 * tables (zmachine-layout.md sections 5-7).
 *
 * Takes the program's objects (codegen/program_objects.h: numbered, with
 * inheritance resolved), one call each in number order, metaclasses
 * first, with the short name Z-encoded by the caller and a function that
 * turns an IrValue into a ZOperand; adds property 3 (the address of the
 * individual table) to each object that has individual properties, and
 * checks the Z-machine's own limits; gives ZBlocks whose table addresses
 * are ZR_SYSCONST relocations (#cpv__start, #ipv__start), so the layout
 * can put them anywhere.
 *
 *     ZObjects *o = zo_new(5, &c->arena);
 *     zo_prop_default(o, 4, zm_const(5));
 *     for (int k = 1; k <= nobjects; k++)
 *         if (zo_object(o, pobj_get(&objs, k), name, len, value, ctx) < 0)
 *             report(zo_error(o));
 *     ZObjTables t;
 *     zo_write(o, &t);
 *
 * Nothing here prints: a call that finds a mistake returns -1 and
 * zo_error() says what, for the caller to report at the right line. */
#ifndef VINFORM_ZM_OBJECTS_H
#define VINFORM_ZM_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../program_objects.h"
#include "assemble.h"
#include "zblock.h"
#include "ztext.h"

enum {
    ZO_PROP_NAME = PROP_NAME,         /* `name`: additive */
    ZO_PROP_CLASSES = PROP_CLASSES,   /* the classes an object belongs to */
    ZO_PROP_INDIV = 3,        /* address of the individual table */
    ZO_FIRST_INDIV = 64,      /* create, recreate, ... print_to_array */
    ZO_FIRST_USER_INDIV = 72,
    ZO_MAX_VALUES = PROP_MAX_VALUES,  /* words in one property */
    ZO_PRIVATE = 0x8000,      /* individual identifier bit for `private` */
};

typedef struct ZObjects ZObjects;

/* `arena` keeps names and property lists as long as the table is needed
 * (the compilation's); NULL: the table keeps its own, freed by zo_free. */
ZObjects *zo_new(int version, Arena *arena);
void zo_free(ZObjects *o);

/* The limits the program's objects must keep for this version (highest
 * common property, attributes, values in a property). */
ProgLimits zo_limits(int version);

/* `Property p default;` (2 up).  A default may be a relocation. */
void zo_prop_default(ZObjects *o, int prop, ZOperand value);

/* A property value as the table holds it. */
typedef ZOperand (*ZOValueFn)(void *ctx, IrValue v);

/* Adds object number zo_count() + 1: `ob` (its links, attributes and
 * resolved properties) with its Z-encoded short name.  Returns its
 * number, or -1 after a mistake (zo_error; the object is still added,
 * so later numbers stay right). */
int zo_object(ZObjects *o, const ProgObject *ob, const uint8_t *name,
              size_t len, ZOValueFn value, void *ctx);

/* The last mistake, or NULL; cleared by the next zo_object. */
const char *zo_error(const ZObjects *o);

/* Counts for the # constants: objects (#actual_largest_object), classes
 * (#highest_class_number + 1). */
int zo_count(const ZObjects *o);
int zo_class_count(const ZObjects *o);
/* The object number of class number k (0 = Class), or 0. */
int zo_class_object(const ZObjects *o, int k);

/* The tables, in the order they go into the story.  Addresses inside them
 * are relocations: ZR_SYSCONST ZSC_cpv__start + offset for property
 * tables (the object entries), ZSC_ipv__start + offset for individual
 * tables (property 3); other relocations are the property values'. */
typedef struct ZObjTables {
    ZBlock defaults;     /* 31 or 63 words: #prop_defaults (header $0A) */
    ZBlock entries;      /* 9 or 14 bytes per object */
    ZBlock props;        /* property tables: #cpv__start..#cpv__end */
    ZBlock classes;      /* class-number table, 0-terminated */
    ZBlock indiv;        /* individual property tables: #ipv__start */
} ZObjTables;

/* Writes the tables; the caller frees them with zo_tables_free. */
void zo_write(const ZObjects *o, ZObjTables *out);
void zo_tables_free(ZObjTables *t);

#endif
