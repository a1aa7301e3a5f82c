/* symbols.h: the program's symbol table.
 *
 * Names are case-insensitive (Inform 6 rule): "Foo", "FOO" and "foo" are
 * one symbol, shown with the spelling of its definition.  Declare puts
 * symbols in as directives arrive, in source order, so Ifdef and Iftrue see
 * exactly what inform6 would see; a name used before its definition gets an
 * UNDEFINED symbol that the definition later fills in. */
#ifndef VINFORM_SYMBOLS_H
#define VINFORM_SYMBOLS_H

#include <stdbool.h>
#include <stdint.h>
#include "arena.h"
#include "srcloc.h"

struct Node;

typedef enum SymKind {
    SYM_UNDEFINED,       /* referred to, not (yet) defined */
    SYM_CONSTANT,
    SYM_GLOBAL,
    SYM_ARRAY,
    SYM_ROUTINE,
    SYM_OBJECT,
    SYM_CLASS,
    SYM_ATTRIBUTE,
    SYM_PROPERTY,        /* common property */
    SYM_INDIV_PROPERTY,  /* individual property */
    SYM_FAKE_ACTION,
    SYM_ACTION,          /* Name__A, made by ##Name or a grammar line */
    SYM_SYSFUNC,         /* parent, child, random, ... (until Replaced) */
    SYM_KIND_COUNT
} SymKind;

enum {
    SYMF_SYSTEM_FILE = 1 << 0,  /* defined in a System_file */
    SYMF_REPLACE     = 1 << 1,  /* named by a Replace directive */
    SYMF_USED        = 1 << 2,  /* referred to somewhere */
    SYMF_STUB        = 1 << 3,  /* made by Stub */
    SYMF_DEFAULT     = 1 << 4,  /* made by Default */
    SYMF_COMMANDLINE = 1 << 5,  /* $#SYMBOL=N / --define */
    SYMF_VALUE_KNOWN = 1 << 6,  /* `value` is a compile-time constant */
    SYMF_BUILTIN     = 1 << 7,  /* defined by the compiler, not the source */
    SYMF_STATIC      = 1 << 8,  /* a static array */
    SYMF_TEXT_ARRAY  = 1 << 9,  /* `--> N` given to the text library:
                                 * laid out as `table N-1` (text_arrays.c) */
};

typedef struct Symbol Symbol;
struct Symbol {
    SrcLoc loc;             /* where defined (or first used) */
    uint32_t made;          /* its place in the order of creation */
    const char *replacement_of;   /* Replace X Y: Y's name for X's original */
    Symbol *order_next;     /* in order of creation */
    /* What lookups and the passes read, last, next to the name's text,
     * which the table puts just after the symbol: fewer cache lines for a
     * lookup and the reading of what it found. */
    struct Node *decl;      /* defining directive, or NULL */
    int64_t value;          /* when SYMF_VALUE_KNOWN */
    int32_t ir_id;          /* the program's number (codegen/program.c):
                             * array id, object number, global id, action
                             * id, Lowstring number; written by
                             * program_build alone (numbering, before any
                             * value is asked for), meaningless before */
    int32_t defined_in;     /* index in Compiler.program of the directive
                             * that defined it (0 for the compiler's):
                             * before it, inform6 knows no type for it */
    SymKind kind;
    unsigned flags;
    uint32_t hash;          /* of the name, case folded */
    uint32_t len;           /* of the name */
    const char *name;       /* spelling of the definition (or first use) */
};

typedef struct Symtab Symtab;

Symtab *sym_new(Arena *arena);
/* Frees the symbols (they have an arena of their own) and their map. */
void sym_free(Symtab *t);
/* NULL when the name was never seen. */
Symbol *sym_lookup(Symtab *t, const char *name);
/* The same for the `n` bytes at `name` (a token's text: no NUL). */
Symbol *sym_lookup_n(Symtab *t, const char *name, size_t n);
/* Finds or creates (as SYM_UNDEFINED at `loc`). */
Symbol *sym_intern(Symtab *t, const char *name, SrcLoc loc);
/* The action `name` (##Name, `-> Name`): the symbol Name__A, made an
 * action at `loc` when the name is new (actions are numbered in order of
 * first mention), else whatever it is (a Fake_action...). */
Symbol *sym_action(Symtab *t, const char *name, SrcLoc loc);
/* The symbol's name becomes `name` (the same but for case: the spelling
 * of its definition); copied. */
void sym_rename(Symtab *t, Symbol *s, const char *name);
/* Undef: the name becomes unknown again (a later use is a fresh symbol). */
void sym_remove(Symtab *t, Symbol *s);
/* All symbols, in order of creation. */
Symbol *sym_first(Symtab *t);
/* The symbols sym_action made actions, in order of creation as
 * sym_first's list has them (so a walk over them meets them as a walk
 * over all symbols would), *n of them; each is still an action unless
 * something redefined it since (the caller looks at its kind). */
Symbol *const *sym_actions(Symtab *t, uint32_t *n);
const char *sym_kind_name(SymKind k);   /* "constant", "routine", ... */

#endif
