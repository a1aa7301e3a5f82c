/* objects.h: the Z-machine object table as inform6 builds it: property
 * defaults, object entries, property tables (short name, properties in
 * descending order), class objects with their second, inheritable table,
 * the four metaclass objects, the class-number table and the individual
 * property tables (zmachine-layout.md sections 5-7).
 *
 * Takes object and class definitions in source order, one call per
 * segment item, as the directives give them; applies inform6's
 * inheritance rules (attributes OR-ed when a class is named, common
 * properties from the first class that has them, additive properties and
 * the hidden property 2 concatenated, individual property tables merged);
 * gives ZBlocks whose table addresses are ZR_SYSCONST relocations
 * (#cpv__start, #ipv__start), so the layout can put them anywhere.
 *
 *     ZObjects *o = zo_new(5);
 *     zo_add_metaclasses(o, &zt);               // objects 1-4
 *     zo_begin(o, true, name, len, 0);          // Class Box ...
 *     zo_prop(o, 4, (ZOperand[]){ zm_const(10) }, 1);
 *     int box = zo_end(o);
 *     zo_begin(o, false, name2, len2, room);    // Box chest "chest" room
 *     zo_inherit(o, box);
 *     ...
 *     int chest = zo_end(o);
 *     ZObjTables t;
 *     zo_write(o, &t);
 *
 * Nothing here prints: a call that finds a mistake returns false (or -1)
 * and zo_error() says what, for the caller to report at the right line. */
#ifndef VINFORM_ZM_OBJECTS_H
#define VINFORM_ZM_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "assemble.h"
#include "zblock.h"
#include "ztext.h"

enum {
    ZO_PROP_NAME = 1,         /* `name`: additive */
    ZO_PROP_CLASSES = 2,      /* hidden: the classes an object belongs to */
    ZO_PROP_INDIV = 3,        /* hidden: address of the individual table */
    ZO_FIRST_INDIV = 64,      /* create, recreate, ... print_to_array */
    ZO_FIRST_USER_INDIV = 72,
    ZO_MAX_VALUES = 32,       /* words in one property */
    ZO_PRIVATE = 0x8000,      /* individual identifier bit for `private` */
};

typedef struct ZObjects ZObjects;

ZObjects *zo_new(int version);
void zo_free(ZObjects *o);

/* `Property [additive] p [default];`.  Property 1 (name) and 2 are
 * always additive.  A default may be a relocation. */
void zo_prop_default(ZObjects *o, int prop, ZOperand value);
void zo_prop_additive(ZObjects *o, int prop);

/* Makes the metaclass objects Class, Object, Routine and String (objects
 * 1-4), as inform6 does before reading any source; their short names are
 * encoded with zt, without abbreviations (none are declared yet when
 * inform6 makes them).  Call once, before any other object. */
void zo_add_metaclasses(ZObjects *o, ZText *zt);

/* Starts an object (`Object`, `Nearby`, `->`, a class instance, a class
 * duplicate) or a class.  `name` is the Z-encoded short name (zt_encode:
 * the quoted name, else "(ObjName)" or "(N)"; a class's name is its
 * identifier), `parent` its parent's object number or 0.  Every class but
 * the metaclasses is made a child of Class (object 1); `parent` is then
 * ignored.  inform6 makes the n+1 duplicates of `Class C(n)` right after
 * the class: begin(false, "C_1", C), inherit(C), end(), and so on. */
void zo_begin(ZObjects *o, bool is_class, const uint8_t *name, size_t len,
              int parent);

/* The class `class_obj` (an object number) is named, in the `class`
 * segment or before the name (`Box chest`): its inheritable attributes
 * are OR-ed in now, its properties when the object ends.  False if it is
 * not a class. */
bool zo_inherit(ZObjects *o, int class_obj);

/* `has attr` / `has ~attr`, in source order among the zo_inherit calls. */
bool zo_attr(ZObjects *o, int attr, bool on);

/* A common property (1..31 in v3, 1..63) with n values (none: one 0
 * word).  More than 32 values is an error; in v3 more than 4 are cut to
 * 4 and zo_error() holds inform6's warning (zo_error_is_warning()). */
bool zo_prop(ZObjects *o, int prop, const ZOperand *values, int n);

/* An individual property (identifier 64 up) with n values (none: one 0
 * word); `private` sets the top bit of its identifier. */
bool zo_indiv(ZObjects *o, int id, bool private_, const ZOperand *values,
              int n);

/* Ends the definition: applies inheritance, links the object as the last
 * child of its parent.  Returns its object number, or -1 after an error
 * (the object still exists, so later numbers stay right). */
int zo_end(ZObjects *o);

/* The last mistake, or NULL; cleared by the next call that succeeds. */
const char *zo_error(const ZObjects *o);
bool zo_error_is_warning(const ZObjects *o);

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
