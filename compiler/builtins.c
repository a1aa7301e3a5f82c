/* builtins.c: the symbols every program starts with, as inform6 defines
 * them before reading the source: target constants, true/false/nothing,
 * the system globals and the metaclass objects, the class-message
 * properties, the system functions, and the switches' constants
 * (DEBUG for -D, STRICT_MODE for -S, ...). */
#include "builtins.h"

#include <string.h>
#include <strings.h>

#include "declare.h"

static Symbol *builtin(Compiler *c, const char *name, SymKind kind,
                       int64_t value, unsigned extra_flags)
{
    Symbol *s = sym_intern(c->symbols, name, (SrcLoc){0, 0, 0});
    s->kind = kind;
    s->value = value;
    s->flags |= SYMF_BUILTIN | SYMF_VALUE_KNOWN | SYMF_USED | extra_flags;
    return s;
}

/* The machine's own: TARGET_ZCODE or TARGET_GLULX, WORDSIZE, the
 * dictionary and object-record sizes ... (compiler/target.c). */
static void define_target_constants(Compiler *c)
{
    const Target *t = c->target;
    for (int i = 0; i < t->nconstants; i++)
        builtin(c, t->constants[i].name, SYM_CONSTANT, t->constants[i].value, 0);
}

void builtins_follow_target(Compiler *c)
{
    const Target *t = c->target;
    for (int i = 0; i < t->nconstants; i++) {
        Symbol *s = sym_lookup(c->symbols, t->constants[i].name);
        if (s && (s->flags & SYMF_BUILTIN)) s->value = t->constants[i].value;
    }
}

/* Switch-dependent constants may be redefined by the source without error
 * (the library says `Constant DEBUG;` whether or not -D was given). */
static void define_switch_constants(Compiler *c)
{
    const Options *o = c->opts;
    /* $GRAMMAR_VERSION outranks the target's default (and, later, the
     * program's constant: decl_grammar_version). */
    int32_t gv = opt_setting(o, "GRAMMAR_VERSION", 0);
    if (gv && decl_grammar_version_ok(c, gv, NULL))
        c->target->grammar_version = gv;
    builtin(c, "Grammar__Version", SYM_CONSTANT, c->target->grammar_version,
            SYMF_DEFAULT);
    /* $GRAMMAR_META_FLAG's value, which the program may change with a
     * constant (decl_grammar_meta); GRAMMAR_META_FLAG exists while it is 1. */
    bool meta = opt_setting_value(o, "GRAMMAR_META_FLAG") != 0;
    builtin(c, "Grammar_Meta__Value", SYM_CONSTANT, meta, SYMF_DEFAULT);
    if (meta) builtin(c, "GRAMMAR_META_FLAG", SYM_CONSTANT, 0, SYMF_DEFAULT);
    if (o->strict) builtin(c, "STRICT_MODE", SYM_CONSTANT, 0, SYMF_DEFAULT);
    if (o->debug) builtin(c, "DEBUG", SYM_CONSTANT, 0, SYMF_DEFAULT);
    if (o->infix) {
        builtin(c, "INFIX", SYM_CONSTANT, 0, SYMF_DEFAULT);
        builtin(c, "infix__watching", SYM_ATTRIBUTE, 0, 0);
    }
    /* (the veneer leaves out what reads the identifier tables) */
    if (opt_setting_value(o, "OMIT_SYMBOL_TABLE"))
        builtin(c, "OMIT_SYMBOL_TABLE", SYM_CONSTANT, 0, 0);
}

static void define_system_globals(Compiler *c)
{
    static const char *const globals[] = {
        "temp_global", "temp__global2", "temp__global3", "temp__global4",
        "self", "sender", "sw__var", "sys__glob0", "sys__glob1", "sys__glob2",
    };
    for (size_t i = 0; i < sizeof globals / sizeof *globals; i++)
        builtin(c, globals[i], SYM_GLOBAL, (int64_t)i, 0);
    if (c->target->statusline_global)
        builtin(c, "sys_statusline_flag", SYM_GLOBAL, 10, 0);
}

static void define_class_messages(Compiler *c)
{
    static const char *const props[] = {
        "create", "recreate", "destroy", "remaining", "copy", "call",
        "print", "print_to_array",
    };
    int64_t first = c->target->lim.first_individual_property;
    for (size_t i = 0; i < sizeof props / sizeof *props; i++)
        builtin(c, props[i], SYM_INDIV_PROPERTY, first + (int64_t)i, 0);
}

static void define_system_functions(Compiler *c)
{
    static const char *const funcs[] = {
        "child", "children", "elder", "eldest", "indirect", "parent",
        "random", "sibling", "younger", "youngest", "metaclass", "glk",
    };
    for (size_t i = 0; i < sizeof funcs / sizeof *funcs; i++) {
        if (!strcmp(funcs[i], "glk") && !c->target->glk) continue;
        builtin(c, funcs[i], SYM_SYSFUNC, (int64_t)i, 0);
    }
}

/* The veneer's routines (spec/veneer.md): compiled into the story when
 * code refers to them, unless the program defines a routine of the same
 * name, which then wins silently. */
static const char *const veneer_names[] = {
    "Box__Routine", "R_Process", "DefArt", "InDefArt", "CDefArt",
    "CInDefArt", "PrintShortName", "EnglishNumber", "Print__PName",
    "WV__Pr", "RV__Pr", "CA__Pr", "IB__Pr", "IA__Pr", "DB__Pr", "DA__Pr",
    "RA__Pr", "RL__Pr", "RA__Sc", "OP__Pr", "OC__Cl", "Copy__Primitive",
    "RT__Err", "Z__Region", "Unsigned__Compare", "Meta__class", "CP__Tab",
    "Cl__Ms", "RT__ChT", "RT__ChR", "RT__ChG", "RT__ChGt", "RT__ChPS",
    "RT__ChPR", "RT__TrPS", "RT__ChLDB", "RT__ChLDW", "RT__ChSTB",
    "RT__ChSTW", "RT__ChPrintC", "RT__ChPrintA", "RT__ChPrintS",
    "RT__ChPrintO", "OB__Move", "OB__Remove", "Print__Addr", "Glk__Wrap",
    "Dynam__String", "Symb__Tab", "Main__",
};

static void define_veneer_routines(Compiler *c)
{
    for (size_t i = 0; i < sizeof veneer_names / sizeof *veneer_names; i++)
        builtin(c, veneer_names[i], SYM_ROUTINE, 0, SYMF_DEFAULT);
}

/* (check_unused asks this of every routine of the program, thousands in
 * Inform 7's output: the names are compared only where the lengths and
 * the first letters, folded, agree.) */
bool builtins_is_veneer_name(const char *name)
{
    static size_t len[sizeof veneer_names / sizeof *veneer_names];
    if (!len[0])
        for (size_t i = 0; i < sizeof veneer_names / sizeof *veneer_names; i++)
            len[i] = strlen(veneer_names[i]);
    size_t n = strlen(name);
    unsigned c0 = (unsigned char)name[0] | 0x20u;  /* a letter's, folded */
    for (size_t i = 0; i < sizeof veneer_names / sizeof *veneer_names; i++)
        if (len[i] == n && ((unsigned char)veneer_names[i][0] | 0x20u) == c0 &&
            !strcasecmp(veneer_names[i], name))
            return true;
    return false;
}

void builtins_define(Compiler *c)
{
    define_target_constants(c);
    builtin(c, "nothing", SYM_OBJECT, 0, 0);
    builtin(c, "name", SYM_PROPERTY, 1, 0);
    builtin(c, "true", SYM_CONSTANT, 1, 0);
    builtin(c, "false", SYM_CONSTANT, 0, 0);
    define_switch_constants(c);
    define_system_globals(c);
    define_class_messages(c);
    define_system_functions(c);
    define_veneer_routines(c);
    /* The four metaclass objects, numbered 1-4 in the object table. */
    builtin(c, "Class", SYM_CLASS, 1, 0);
    builtin(c, "Object", SYM_CLASS, 2, 0);
    builtin(c, "Routine", SYM_CLASS, 3, 0);
    builtin(c, "String", SYM_CLASS, 4, 0);
}
