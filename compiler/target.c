/* target.c: the target chosen once from the options (see target.h).
 *
 * Takes the Options after every switch, `!%` line and `$` setting has been
 * read; gives c->target: the limits and facts of the Z-machine version or
 * of Glulx, and the back end's hooks; and the `#` system constants those
 * facts fix (target_sysconst), which the directive filter, check and the
 * program builder ask for.  This file and the options files are the only
 * ones above the back ends that know which machine it is. */
#include "target.h"

#include <string.h>

#include "compiler.h"

/* ---- the Z-machine ---- */

/* Everything that follows from the version, so that -v3 and `Version 3;`
 * give the same answers. */
static void z_version(Target *t, int version)
{
    bool v3 = version <= 3;
    t->version = version;
    t->lim.attributes = v3 ? 32 : 48;
    t->lim.max_common_property = v3 ? 31 : 63;
    t->lim.dict_word_chars = v3 ? 6 : 9;
    t->lim.max_call_args = v3 ? 3 : 7;
    t->lim.max_inherited_values = v3 ? 4 : 32;
    /* CA__Pr's arguments less the two of its own; v3's veneer has no
     * CA__Pr (inform6's cannot be compiled there) */
    t->lim.max_message_args = t->lim.max_call_args - 2;
    t->message_veneer = version >= 5;   /* CA__Pr: @check_arg_count */
    /* (messages name the version where it is not one of the usual two) */
    static const char *const named[] = {
        "the Z-machine", "the Z-machine", "the Z-machine",
        "version 3 of the Z-machine", "version 4 of the Z-machine",
        "the Z-machine", "version 6 of the Z-machine",
        "version 7 of the Z-machine", "the Z-machine",
    };
    t->machine = named[version >= 0 && version <= 8 ? version : 0];
    t->alphabet_tables = version >= 5;
    t->actor_actions = version >= 4;
    t->box = version >= 4;
    t->arg_count = version >= 5;
    t->ifv3 = v3;
    t->dict_par[0] = v3 ? 4 : 6;
    t->dict_par[1] = t->dict_par[0] + 1;
    t->dict_par[2] = t->dict_par[0] + 2;
    TargetConstant *k = t->constants;
    k[0] = (TargetConstant){ "TARGET_ZCODE", 0 };
    k[1] = (TargetConstant){ "WORDSIZE", 2 };
    k[2] = (TargetConstant){ "DICT_ENTRY_BYTES", v3 ? 7 : 9 };
    k[3] = (TargetConstant){ "DICT_WORD_SIZE", v3 ? 4 : 6 };
    k[4] = (TargetConstant){ "NUM_ATTR_BYTES", v3 ? 4 : 6 };
    t->nconstants = 5;
}

static void z_select(Compiler *c, Target *t)
{
    t->ops = &zm_target_ops;
    t->version_switch = c->opts->zversion_set;
    t->lim = (TargetLimits){
        .word_size = 2,
        .max_locals = 15,
        .first_individual_property = 64,
        .max_globals = 233,         /* 240 variables less the system's 7 */
        .max_verbs = 255,
        .max_actions = 1024,
        .max_prepositions = 255,
        .max_signed = 32767,
        .max_prop_values = 32,
    };
    t->veneer = "veneer-z.h";
    t->grammar_version = 1;
    t->lowstrings = true;
    t->read_statement = true;
    t->object_opcodes = true;
    t->infix = true;
    t->object_chain_word = -1;
    t->const_index_run_check = true;
    t->lowest_global_number = 16;
    z_version(t, c->opts->zversion);
}

/* ---- Glulx ---- */

/* The object record and settings-dependent constants inform6 defines. */
static void g_constants(Compiler *c, Target *t)
{
    const Options *o = c->opts;
    int word = opt_setting_value(o, "DICT_WORD_SIZE");
    int chars = opt_setting_value(o, "DICT_CHAR_SIZE");
    int attr_bytes = opt_setting_value(o, "NUM_ATTR_BYTES");
    int fields = (1 + attr_bytes) / 4;   /* type byte, attributes, words */
    int ext = opt_setting_value(o, "GLULX_OBJECT_EXT_BYTES");
    TargetConstant all[] = {
        { "TARGET_GLULX", 0 },
        { "WORDSIZE", 4 },
        { "DICT_ENTRY_BYTES", chars == 1 ? word + 7 : 4 * word + 12 },
        { "DICT_WORD_SIZE", word },
        { "DICT_CHAR_SIZE", chars },
        { "DICT_IS_UNICODE", 1 },
        { "NUM_ATTR_BYTES", attr_bytes },
        { "GOBJFIELD_CHAIN", fields },
        { "GOBJFIELD_NAME", fields + 1 },
        { "GOBJFIELD_PROPTAB", fields + 2 },
        { "GOBJFIELD_PARENT", fields + 3 },
        { "GOBJFIELD_SIBLING", fields + 4 },
        { "GOBJFIELD_CHILD", fields + 5 },
        { "GOBJ_EXT_START", 1 + attr_bytes + 24 },
        { "GOBJ_TOTAL_LENGTH", 1 + attr_bytes + 24 + ext },
        { "INDIV_PROP_START", opt_setting_value(o, "INDIV_PROP_START") },
        { "FLOAT_INFINITY", 0x7F800000 },
        { "FLOAT_NINFINITY", 0xFF800000 },
        { "FLOAT_NAN", 0x7FC00000 },
        { "DOUBLE_HI_INFINITY", 0x7FF00000 },
        { "DOUBLE_LO_INFINITY", 0 },
        { "DOUBLE_HI_NINFINITY", 0xFFF00000 },
        { "DOUBLE_LO_NINFINITY", 0 },
        { "DOUBLE_HI_NAN", 0x7FF80000 },
        { "DOUBLE_LO_NAN", 1 },
    };
    _Static_assert(sizeof all <= sizeof t->constants, "room for them");
    int m = 0;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (strcmp(all[i].name, "DICT_IS_UNICODE") || chars != 1)
            t->constants[m++] = all[i];     /* (only when it is) */
    t->nconstants = m;
}

static void g_select(Compiler *c, Target *t)
{
    const Options *o = c->opts;
    int indiv_start = opt_setting_value(o, "INDIV_PROP_START");
    t->ops = &gl_target_ops;
    t->version = 0;
    t->lim = (TargetLimits){
        .word_size = 4,
        .max_locals = 118,
        .attributes = 8 * opt_setting_value(o, "NUM_ATTR_BYTES"),
        .max_common_property = indiv_start - 1,
        .first_individual_property = indiv_start,
        .dict_word_chars = opt_setting_value(o, "DICT_WORD_SIZE"),
        .max_globals = INT32_MAX,           /* memory, not numbers */
        .max_call_args = INT32_MAX,
        .max_message_args = INT32_MAX,      /* CA__Pr takes any number */
        .max_verbs = 65535,
        .max_actions = 4096,                /* fake actions start there */
        .max_prepositions = 255,
        .max_signed = INT32_MAX,
        .max_prop_values = 32768,
        .max_inherited_values = 65535,
    };
    t->machine = "Glulx";
    t->veneer = "veneer-g.h";
    t->grammar_version = 2;
    t->glk = true;
    t->floats = true;
    t->typed_object_constants = true;
    t->alphabet_tables = true;
    t->actor_actions = true;
    t->box = true;
    t->message_veneer = true;
    t->statusline_global = true;
    t->object_chain_word = (1 + opt_setting_value(o, "NUM_ATTR_BYTES")) / 4;
    /* The low byte of the first data short, after the type byte (a word
     * in the Unicode form) and the characters (inform6 counts from the
     * setting as given, default 9). */
    int chars = opt_setting_value(o, "DICT_CHAR_SIZE");
    t->dict_par[0] = chars * (1 + opt_setting(o, "DICT_WORD_SIZE", 9)) + 1;
    t->dict_par[1] = t->dict_par[0] + 2;
    t->dict_par[2] = t->dict_par[0] + 4;
    t->lowest_global_number = 0;
    g_constants(c, t);
}

void target_select(Compiler *c)
{
    Target *t = arena_alloc(&c->arena, sizeof *t);
    memset(t, 0, sizeof *t);
    if (c->opts->glulx) g_select(c, t);
    else z_select(c, t);
    c->target = t;
}

TargetVersion target_set_version(Compiler *c, int version)
{
    Target *t = c->target;
    if (t->version_switch) return TARGET_VERSION_OVERRIDDEN;
    if (c->opts->glulx) return TARGET_VERSION_NONE;
    z_version(t, version);
    return TARGET_VERSION_SET;
}

void target_follow_switches(Compiler *c)
{
    Target *t = c->target;
    if (c->opts->glulx || !c->opts->zversion_set || t->version_switch) return;
    t->version_switch = true;
    z_version(t, c->opts->zversion);
}

bool target_has_sysconst(const Compiler *c, char where)
{
    if (where == 'Z') return !c->opts->glulx;
    if (where == 'G') return c->opts->glulx;
    return true;
}

int target_fake_action_base(const Compiler *c, int64_t gv)
{
    /* Grammar version 1 numbers them from 256, 2 and 3 (and Glulx
     * always) from 4096. */
    return c->opts->glulx || gv >= 2 ? 4096 : 256;
}

bool target_sysconst(const Compiler *c, const char *name, int64_t *value)
{
    const Target *t = c->target;
    if (!strcmp(name, "version_number") && target_has_sysconst(c, 'Z'))
        *value = t->version;
    else if (!strcmp(name, "oddeven_packing") && target_has_sysconst(c, 'Z'))
        *value = c->opts->oddeven;  /* the -B switch, whatever the version */
    else if (!strcmp(name, "dict_par1")) *value = t->dict_par[0];
    else if (!strcmp(name, "dict_par2")) *value = t->dict_par[1];
    else if (!strcmp(name, "dict_par3")) *value = t->dict_par[2];
    else if (!strcmp(name, "lowest_object_number") ||
             !strcmp(name, "lowest_property_number")) *value = 1;
    else if (!strcmp(name, "lowest_global_number"))
        *value = t->lowest_global_number;
    else if (!strcmp(name, "lowest_fake_action_number")) {
        Symbol *gv = sym_lookup(c->symbols, "Grammar__Version");
        *value = target_fake_action_base(c, gv ? gv->value : 0);
    }
    else if (!strncmp(name, "lowest_", 7) && strcmp(name, "lowest_meta_action_number"))
        *value = 0;
    else return false;
    return true;
}
