/* identifiers.h: the identifier-names tables (zmachine-layout.md section
 * 9): the names of properties, attributes, actions, fake actions and
 * arrays as packed string addresses, which `print (property) p`, the
 * run-time error messages and the library's debugging verbs print.
 *
 * Takes the names in the order inform6's symbol table holds them (the
 * order in which each name first appeared in the source, library
 * included), and the arrays in declaration order; gives the table, and
 * asks the caller to compile each name string through a callback, in the
 * order inform6 compiles them (so the strings area can match inform6's):
 * "<unknown attribute>" first, then properties, attributes and actions in
 * symbol order (aliases once, as "a/b"), then fake actions, then arrays.
 * Strings are ZR_STRING relocations with the ids the callback returns.
 * Under -X (zi_infix) the array names are followed by the names of the
 * globals (by variable, from 16), of the routines that are not embedded
 * and of the constants, objects and classes, then by the routine flags
 * array: a bit per routine, set for a `*` routine (the Infix tables;
 * their strings are asked for in that order, after the arrays').
 *
 * inform6 keeps each name as an offset into the strings area until the
 * end, 0 meaning "no name", and adds the area's packed address only to
 * offsets that are not 0: a name that is the very first static string
 * of the story (a program with no other strings at all) comes out as 0.
 * A linker that wants inform6's bytes in that corner resolves such a
 * ZR_STRING to 0. */
#ifndef VINFORM_ZM_IDENTIFIERS_H
#define VINFORM_ZM_IDENTIFIERS_H

#include <stdbool.h>
#include <stdint.h>
#include "actions.h"
#include "zblock.h"

typedef enum ZIdKind {
    ZI_PROPERTY,        /* common (1-63) or individual (64 up) property */
    ZI_ATTRIBUTE,
    ZI_ACTION,          /* value: the action id (program_grammar.h) */
    ZI_FAKE_ACTION,     /* value: the fake action's number (256/4096 up) */
} ZIdKind;

typedef struct ZIdents ZIdents;

ZIdents *zi_new(void);
void zi_free(ZIdents *z);

/* One symbol, in symbol-table order.  `aliased`: the symbol was named in
 * (or made by) `Property/Attribute x alias y`; the first aliased symbol
 * of a number names it, by `name` as given (the Program's
 * ProgName.joined: "x/y/..."), and no later one does. */
void zi_symbol(ZIdents *z, ZIdKind kind, int value, const char *name,
               bool aliased);
/* An array, in declaration order. */
void zi_array(ZIdents *z, const char *name);
/* -X: the Infix tables are made, with these names, in their orders
 * (a global's slot is its variable less 16; NULL: no name). */
void zi_infix(ZIdents *z);
void zi_global(ZIdents *z, int slot, const char *name);
void zi_routine(ZIdents *z, const char *name, bool traced);
void zi_constant(ZIdents *z, const char *name);

/* Compiles `text` as a static string; returns its ZR_STRING target. */
typedef uint32_t (*ZIStringFn)(void *ctx, const char *text);

typedef struct ZIdentTables {
    ZBlock table;       /* #identifiers_table */
    /* Offsets in it of the # arrays. */
    uint32_t property_names, attribute_names, action_names,
             fake_action_names, array_names;
    /* -X's; without it all at the table's end, as inform6 puts them */
    uint32_t global_names, routine_names, constant_names, routine_flags;
    int property_count; /* the first word: highest property number + 1 */
} ZIdentTables;

/* `nprops`: the next individual property number to be handed out (72
 * when there are none), or 0 to take the highest property seen + 1. */
void zi_write(const ZIdents *z, int nprops, const ZActions *actions,
              ZIStringFn string, void *ctx, ZIdentTables *out);
void zi_tables_free(ZIdentTables *t);

#endif
