/* zobjects_test.c: codegen/program_objects.c (inheritance) with
 * codegen/zmachine/objects.c and properties.c, checked byte for byte
 * against inform6 6.41 (-v3, -v5, -v8): property defaults,
 * object entries, property tables (short names, descending order, v3 and
 * v4+ size bytes, 32-value properties), the metaclass objects, classes
 * with their second table and inheritable attributes, class duplicates,
 * additive properties and property 2 through a class chain, the first
 * class winning, `has ~attr` after a class, individual properties (private,
 * inherited, merged), embedded routines, objects without short names, the
 * class-number table and the identifier names of properties and
 * attributes; with the layout of everything below the code.
 *
 * The object data of each program is entered by hand below, in the order
 * the directives give it. */
#include <stdarg.h>
#include <stdlib.h>

#include "ztables_harness.h"

/* The # constants compared (each a routine SC_name returning #name). */
#define SYSCONST_ROUTINES                                                  \
    "[ SC_classes_table; return #classes_table; ];\n"                      \
    "[ SC_identifiers_table; return #identifiers_table; ];\n"              \
    "[ SC_cpv__start; return #cpv__start; ];\n"                            \
    "[ SC_cpv__end; return #cpv__end; ];\n"                                \
    "[ SC_ipv__start; return #ipv__start; ];\n"                            \
    "[ SC_ipv__end; return #ipv__end; ];\n"                                \
    "[ SC_largest_object; return #largest_object; ];\n"                    \
    "[ SC_actual_largest_object; return #actual_largest_object; ];\n"      \
    "[ SC_highest_object_number; return #highest_object_number; ];\n"      \
    "[ SC_highest_class_number; return #highest_class_number; ];\n"        \
    "[ SC_highest_property_number; return #highest_property_number; ];\n"  \
    "[ SC_highest_attribute_number; return #highest_attribute_number; ];\n"\
    "[ SC_property_names_array; return #property_names_array; ];\n"        \
    "[ SC_attribute_names_array; return #attribute_names_array; ];\n"      \
    "[ SC_class_objects_array; return #class_objects_array; ];\n"          \
    "[ SC_globals_array; return #globals_array; ];\n"                      \
    "[ SC_array__start; return #array__start; ];\n"                        \
    "[ SC_array__end; return #array__end; ];\n"                            \
    "[ SC_grammar_table; return #grammar_table; ];\n"                      \
    "[ SC_static_memory_offset; return #static_memory_offset; ];\n"        \
    "[ SC_readable_memory_offset; return #readable_memory_offset; ];\n"    \
    "[ SC_code_offset; return #code_offset; ];\n"                          \
    "[ SC_dictionary_table; return #dictionary_table; ];\n"                \
    "[ SC_strings_offset; return #strings_offset; ];\n"

/* The program; COLOUR_VALUES: 32 values, or 4 in version 3, where a
 * property holds no more (more is an error in inform6 6.45). */
#define PROGRAM(COLOUR_VALUES)                                             \
    "Attribute light;\n"                                                   \
    "Attribute open;\n"                                                    \
    "Attribute container;\n"                                               \
    "Property weight 5;\n"                                                 \
    "Property additive before;\n"                                          \
    "Property size;\n"                                                     \
    "Property colour 3;\n"                                                 \
    "Class Box\n"                                                          \
    "  with weight 10, size 3, before 1 2, heavy 7,\n"                     \
    "  has open container;\n"                                              \
    "Class BigBox\n"                                                       \
    "  class Box\n"                                                        \
    "  with size 99, before 3,\n"                                          \
    "  has ~open light;\n"                                                 \
    "Class Big(2)\n"                                                       \
    "  with size 99;\n"                                                    \
    "Object room \"Room\" has light;\n"                                    \
    "Box chest \"chest\" room\n"                                           \
    "  with name 'chest' 'box', weight 20, heavy 8,\n"                     \
    "  private secret 4;\n"                                                \
    "Object -> ball \"ball\" class Big\n"                                  \
    "  with name 'ball//p' 'x//';\n"                                       \
    "BigBox crate \"crate\"\n"                                             \
    "  with name \"crate\", before 4, colour " COLOUR_VALUES ",\n"         \
    "  has ~container;\n"                                                  \
    "Object -> -> marble \"marble\" class Box Big\n"                       \
    "  with weight, glow [; rtrue; ];\n"                                   \
    "Object \"\" room;\n"                                                  \
    "Object;\n"                                                            \
    "Object room2;\n"                                                      \
    "[ Main; ];\n"                                                         \
    SYSCONST_ROUTINES

static const char program_v3[] = PROGRAM("1 2 3 4");
static const char program[] = PROGRAM("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 "
                                      "17 18 19 20 21 22 23 24 25 26 27 28 29 "
                                      "30 31 32");

enum { LIGHT, OPEN, CONTAINER };
enum { NAME = 1, WEIGHT = 4, BEFORE, SIZE, COLOUR };
enum { HEAVY = 72, SECRET, GLOW };
enum { BOX = 5, BIGBOX, BIG, ROOM = 11, CHEST, BALL };

/* pobj_prop with n integer values. */
static void prop(Build *b, int p, int n, ...)
{
    IrValue v[32];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) v[i] = ir_num(va_arg(ap, int));
    va_end(ap);
    bool ok = pobj_prop(&b->pobjs, p, v, n);
    CHECK(ok, "pobj_prop %d: %s", p, pobj_error(&b->pobjs));
}

static void indiv(Build *b, int id, bool private_, int value)
{
    IrValue v = ir_num(value);
    CHECK(pobj_indiv(&b->pobjs, id, private_, &v, 1), "pobj_indiv %d: %s",
          id, pobj_error(&b->pobjs));
}

static void end(Build *b, int expect)
{
    int n = pobj_end(&b->pobjs);
    CHECK(n == expect, "object %d came out as %d: %s", expect, n,
          pobj_error(&b->pobjs));
}

static void declarations(Build *b)
{
    ZIdents *z = b->ids;
    build_standard_symbols(b);
    zi_symbol(z, ZI_ATTRIBUTE, LIGHT, "light", false);
    zi_symbol(z, ZI_ATTRIBUTE, OPEN, "open", false);
    zi_symbol(z, ZI_ATTRIBUTE, CONTAINER, "container", false);
    b->attributes = 3;
    zo_prop_default(b->objs, WEIGHT, zm_const(5));
    zi_symbol(z, ZI_PROPERTY, WEIGHT, "weight", false);
    pobj_prop_additive(&b->pobjs, BEFORE);
    zi_symbol(z, ZI_PROPERTY, BEFORE, "before", false);
    zi_symbol(z, ZI_PROPERTY, SIZE, "size", false);
    zo_prop_default(b->objs, COLOUR, zm_const(3));
    zi_symbol(z, ZI_PROPERTY, COLOUR, "colour", false);
    build_metaclasses(b);
}

static void classes(Build *b)
{
    ProgObjects *o = &b->pobjs;
    build_object(b, true, "Box", 0);
    prop(b, WEIGHT, 1, 10);
    prop(b, SIZE, 1, 3);
    prop(b, BEFORE, 2, 1, 2);
    indiv(b, HEAVY, false, 7);
    zi_symbol(b->ids, ZI_PROPERTY, HEAVY, "heavy", false);
    pobj_attr(o, OPEN, true);
    pobj_attr(o, CONTAINER, true);
    end(b, BOX);
    build_object(b, true, "BigBox", 0);
    pobj_inherit(o, BOX);
    prop(b, SIZE, 1, 99);
    prop(b, BEFORE, 1, 3);
    pobj_attr(o, OPEN, false);
    pobj_attr(o, LIGHT, true);
    end(b, BIGBOX);
    build_object(b, true, "Big", 0);
    prop(b, SIZE, 1, 99);
    end(b, BIG);
    static const char *const dup[3] = { "Big_1", "Big_2", "Big_3" };
    for (int i = 0; i < 3; i++) {
        build_object(b, false, dup[i], BIG);
        pobj_inherit(o, BIG);
        end(b, BIG + 1 + i);
    }
}

static void objects(Build *b)
{
    ProgObjects *o = &b->pobjs;
    build_object(b, false, "Room", 0);
    pobj_attr(o, LIGHT, true);
    end(b, ROOM);
    build_object(b, false, "chest", ROOM);
    pobj_inherit(o, BOX);
    IrValue names[2] = { build_word_ir(b, "chest"), build_word_ir(b, "box") };
    pobj_prop(o, NAME, names, 2);
    prop(b, WEIGHT, 1, 20);
    indiv(b, HEAVY, false, 8);
    indiv(b, SECRET, true, 4);
    zi_symbol(b->ids, ZI_PROPERTY, SECRET, "secret", false);
    end(b, CHEST);
    build_object(b, false, "ball", ROOM);
    pobj_inherit(o, BIG);
    IrValue bn[2] = { build_word_ir(b, "ball//p"), build_word_ir(b, "x//") };
    pobj_prop(o, NAME, bn, 2);
    end(b, BALL);
    build_object(b, false, "crate", 0);
    pobj_inherit(o, BIGBOX);
    IrValue cn = build_word_ir(b, "crate");
    pobj_prop(o, NAME, &cn, 1);
    prop(b, BEFORE, 1, 4);
    if (b->version == 3)
        prop(b, COLOUR, 4, 1, 2, 3, 4);
    else
        prop(b, COLOUR, 32, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
             16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
             32);
    pobj_attr(o, CONTAINER, false);
    end(b, BALL + 1);
    build_object(b, false, "marble", BALL);
    pobj_inherit(o, BOX);
    pobj_inherit(o, BIG);
    CHECK(pobj_prop(o, WEIGHT, NULL, 0), "a property with no value");
    IrValue glow = build_routine_ir(b, "marble.glow");
    pobj_indiv(o, GLOW, false, &glow, 1);
    zi_symbol(b->ids, ZI_PROPERTY, GLOW, "glow", false);
    end(b, BALL + 2);
    build_object(b, false, "", ROOM);
    end(b, BALL + 3);
    build_object(b, false, "(17)", 0);
    end(b, 17);
    build_object(b, false, "(room2)", 0);
    end(b, 18);
}

static void test_objects(int version)
{
    char switches[8], what[32];
    snprintf(switches, sizeof switches, "-v%d", version);
    snprintf(what, sizeof what, "objects -v%d", version);
    Oracle o;
    if (!oracle_compile(&o, version == 3 ? program_v3 : program, switches))
        return;
    Build b;
    build_init(&b, version, 1);
    declarations(&b);
    classes(&b);
    objects(&b);
    build_compare(&b, &o, what);
    build_free(&b);
    oracle_free(&o);
}

/* Calls in the wrong order or with wrong numbers are refused with a
 * message, never a crash (the program builder reports them). */
static void test_misuse(void)
{
    Build b;
    build_init(&b, 3, 1);
    ProgObjects *o = &b.pobjs;
    IrValue one = ir_num(1);
    CHECK(!pobj_prop(o, 4, &one, 1) && pobj_error(o),
          "a property outside an object");
    CHECK(pobj_end(o) == -1, "pobj_end without pobj_begin");
    build_metaclasses(&b);
    build_object(&b, false, "x", 0);
    CHECK(!pobj_inherit(o, 99) && !pobj_inherit(o, 5), "not classes");
    CHECK(!pobj_attr(o, 32, true), "v3 has 32 attributes");
    CHECK(!pobj_prop(o, 32, &one, 1) && !pobj_prop(o, 2, &one, 1) &&
          !pobj_prop(o, 3, &one, 1), "v3 has common properties 1-31, 2 and "
          "3 are the compiler's");
    CHECK(pobj_prop(o, 4, &one, 1) && !pobj_prop(o, 4, &one, 1),
          "given twice");
    CHECK(!pobj_indiv(o, 12, false, &one, 1), "not an individual property");
    CHECK(pobj_indiv(o, 72, false, &one, 1) &&
          !pobj_indiv(o, 72, true, &one, 1),
          "an individual property given twice");
    CHECK(pobj_end(o) == -1 && pobj_error(o),
          "the object's errors are reported");
    CHECK(o->nobjs == 5, "the object still counts");
    progg_begin_lines(b.pg, 7, PGM_REPLACE);
    progg_line(b.pg, &(PgLine){ NULL, 0, 0, false, false, { 0 } });
    CHECK(b.pg->nlines == 0, "a line for no verb is dropped");
    CHECK(zd_par(b.dict, 42, 1) == 0, "no such word");
    zd_set_par(b.dict, -1, 2, 1);
    CHECK(zd_add_text(b.dict, "w//q", 0, 0, 0) == -1 && zd_error(b.dict),
          "a bad dictionary flag");
    CHECK(progg_action_name(b.pg, 3) == NULL && za_final(b.acts, 9) == 9,
          "no such action");
    build_free(&b);
}

int main(void)
{
    test_misuse();
    if (!oracle_available()) return failures ? 1 : 77;
    test_objects(5);
    test_objects(3);
    test_objects(8);
    if (failures) printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
