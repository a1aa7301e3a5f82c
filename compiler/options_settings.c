/* options_settings.c: the `$` compiler settings and `$!` trace options (see
 * options_settings.h).
 *
 * The list, the limits and the defaults are those of inform6 6.45 (I6
 * Addendum "Compiler settings", release notes 6.40-6.45, and `inform6
 * $list` on this machine for the 6.41 subset); the descriptions are ours. */
#include "options_settings.h"

#include <string.h>

#define ALL(n, lim, max, z, g, what) { n, SETUSE_ALL, lim, max, z, g, false, what }
#define ZM(n, lim, max, z, what) { n, SETUSE_Z, lim, max, z, z, false, what }
#define GL(n, lim, max, g, what) { n, SETUSE_GLULX, lim, max, g, g, false, what }
#define GONE5(n) { n, SETUSE_WITHDRAWN5, SETLIM_ANY, 0, 0, 0, false, NULL }
#define GONE6(n) { n, SETUSE_WITHDRAWN6, SETLIM_ANY, 0, 0, 0, false, NULL }

/* In the order `$list` prints them (inform6's order). */
static const SettingInfo SETTINGS[] = {
    ZM("MAX_ABBREVS", SETLIM_MAX, 96, 64,
       "How many abbreviations economy mode (-e) may declare. On the "
       "Z-machine it shares 96 slots with MAX_DYNAMIC_STRINGS: setting one "
       "sets the other to 96 minus it."),
    GL("NUM_ATTR_BYTES", SETLIM_ANY, 0, 7,
       "Bytes of attribute flags in each object (8 attributes a byte). "
       "Always 6 on the Z-machine; on Glulx a multiple of four plus three."),
    { "DICT_WORD_SIZE", SETUSE_GLULX, SETLIM_ANY, 0, 6, 9, false,
      "Characters kept of each dictionary word. Fixed on the Z-machine "
      "(6, of which v3 uses 4); any number on Glulx." },
    GL("DICT_CHAR_SIZE", SETLIM_MAX, 4, 1,
       "Bytes per character in Glulx dictionary words: 1, or 4 for full "
       "Unicode input."),
    ALL("GRAMMAR_VERSION", SETLIM_ANY, 0, 1, 2,
        "Format of the grammar tables: 1 (Infocom's), 2 (the library's), "
        "or 3 (compact, Z-machine only). The library sets it with the "
        "constant Grammar__Version."),
    ALL("GRAMMAR_META_FLAG", SETLIM_MAX, 1, 0, 0,
        "1 lets a grammar line mark its action meta, and numbers the meta "
        "actions first (#highest_meta_action_number)."),
    { "MAX_DYNAMIC_STRINGS", SETUSE_ALL, SETLIM_MAX_Z, 96, 32, 100, false,
      "How many dynamic strings (@00, @(N)) the game may use: at most 96 "
      "on the Z-machine, where they share slots with MAX_ABBREVS." },
    ALL("HASH_TAB_SIZE", SETLIM_ANY, 0, 512, 512,
        "Size of the compiler's symbol hash tables (no effect in vinform)."),
    ZM("ZCODE_HEADER_EXT_WORDS", SETLIM_ANY, 0, 3,
       "Words in the Z-machine header extension table (the -W switch sets "
       "it too)."),
    ZM("ZCODE_HEADER_FLAGS_3", SETLIM_ANY, 0, 0,
       "Value of the Flags 3 word in the header extension table."),
    ZM("ZCODE_HEADER_FLAGS_1", SETLIM_MAX, 255, 0,
       "Bits to set in the header's Flags 1 byte (6.45)."),
    ZM("ZCODE_HEADER_FLAGS_1_CLR", SETLIM_MAX, 255, 0,
       "Bits to clear in the header's Flags 1 byte; setting wins (6.45)."),
    ZM("ZCODE_HEADER_FLAGS_2", SETLIM_MAX, 65535, 0,
       "Bits to set in the header's Flags 2 word (6.45)."),
    ZM("ZCODE_HEADER_FLAGS_2_CLR", SETLIM_MAX, 65535, 0,
       "Bits to clear in the header's Flags 2 word; setting wins (6.45)."),
    ZM("ZCODE_FILE_END_PADDING", SETLIM_ANY, 0, 1,
       "1 pads the story file to a multiple of 512 bytes."),
    ZM("ZCODE_LESS_DICT_DATA", SETLIM_ANY, 0, 0,
       "1 gives each dictionary entry two data bytes instead of three."),
    ZM("ZCODE_MAX_INLINE_STRING", SETLIM_ANY, 0, 32,
       "Longest string literal (in source characters) printed by an inline "
       "@print instead of a stored string."),
    ZM("ZCODE_COMPACT_GLOBALS", SETLIM_ANY, 0, 0,
       "1 places the arrays straight after the globals actually used "
       "instead of after 240 globals."),
    ALL("INDIV_PROP_START", SETLIM_ANY, 0, 64, 256,
        "Number of the first individual property; the common properties "
        "come before it. Fixed at 64 on the Z-machine."),
    GL("MEMORY_MAP_EXTENSION", SETLIM_MUL256, 0, 0,
       "Zero bytes added to Glulx memory after the game file."),
    GL("GLULX_OBJECT_EXT_BYTES", SETLIM_ANY, 0, 0,
       "Extra zero bytes in each Glulx object, free for the game's use."),
    GL("MAX_STACK_SIZE", SETLIM_MUL256, 0, 4096,
       "Bytes of stack the Glulx interpreter must provide."),
    ALL("TRANSCRIPT_FORMAT", SETLIM_MAX, 1, 0, 0,
        "1 writes the -r text transcript with a context prefix on each "
        "line, for tools."),
    ALL("WARN_UNUSED_ROUTINES", SETLIM_MAX, 2, 0, 0,
        "1 warns about routines never called in the game's own files; 2 "
        "also in library files."),
    ALL("OMIT_UNUSED_ROUTINES", SETLIM_MAX, 1, 0, 0,
        "1 leaves routines that are never called out of the story file."),
    ALL("STRIP_UNREACHABLE_LABELS", SETLIM_MAX, 1, 1, 1,
        "1 drops labels in unreachable code (jumping back to one is then "
        "an error); 0 keeps every label."),
    ALL("OMIT_SYMBOL_TABLE", SETLIM_MAX, 1, 0, 0,
        "1 leaves the names of properties, attributes, actions and arrays "
        "out of the story file."),
    ALL("DICT_IMPLICIT_SINGULAR", SETLIM_MAX, 1, 0, 0,
        "1 gives every noun not marked //p the singular flag //s."),
    ALL("DICT_TRUNCATE_FLAG", SETLIM_MAX, 1, 0, 0,
        "1 sets dictionary flag bit 6 on truncated words; 0 sets it on "
        "verbs, as old compilers did."),
    ALL("LONG_DICT_FLAG_BUG", SETLIM_MAX, 1, 1, 1,
        "1 keeps inform6's old behaviour of ignoring //p on words longer "
        "than the dictionary word size; 0 honours it."),
    ALL("SERIAL", SETLIM_MAX, 999999, 0, 0,
        "The story's six-digit serial number (like the Serial directive)."),
    { "ZALPHABET", SETUSE_Z, SETLIM_ANY, 0, 0, 0, true,
      "75 characters replacing the Z-machine alphabet table, like "
      "Zcharacter \"...\" \"...\" \"...\" (6.45)." },
    { "ZCHAR_TABLE", SETUSE_Z, SETLIM_ANY, 0, 0, 0, true,
      "Characters for the Z-machine Unicode translation table, like "
      "Zcharacter table; a leading + adds to the default table (6.45)." },
    { "VARYING_STRINGS", SETUSE_VINFORM, SETLIM_MAX, 1, 1, 1, false,
      "vinform: 1 reads {a|b|c} in printed strings as varying text; 0 "
      "reads braces as plain characters, as inform6 does." },

    GONE5("BUFFER_LENGTH"), GONE5("MAX_BANK_SIZE"), GONE5("BANK_CHUNK_SIZE"),
    GONE5("MAX_OLDEPTH"), GONE5("MAX_ROUTINES"), GONE5("MAX_GCONSTANTS"),
    GONE5("MAX_FORWARD_REFS"), GONE5("STACK_SIZE"), GONE5("STACK_LONG_SLOTS"),
    GONE5("STACK_SHORT_LENGTH"),
    GONE6("MAX_QTEXT_SIZE"), GONE6("MAX_SYMBOLS"), GONE6("SYMBOLS_CHUNK_SIZE"),
    GONE6("MAX_OBJECTS"), GONE6("MAX_ACTIONS"), GONE6("MAX_ADJECTIVES"),
    GONE6("MAX_DICT_ENTRIES"), GONE6("MAX_STATIC_DATA"),
    GONE6("MAX_PROP_TABLE_SIZE"), GONE6("MAX_ARRAYS"),
    GONE6("MAX_EXPRESSION_NODES"), GONE6("MAX_VERBS"), GONE6("MAX_VERBSPACE"),
    GONE6("MAX_LABELS"), GONE6("MAX_LINESPACE"),
    GONE6("MAX_NUM_STATIC_STRINGS"), GONE6("MAX_STATIC_STRINGS"),
    GONE6("MAX_ZCODE_SIZE"), GONE6("MAX_LINK_DATA_SIZE"),
    GONE6("MAX_LOW_STRINGS"), GONE6("MAX_TRANSCRIPT_SIZE"),
    GONE6("MAX_CLASSES"), GONE6("MAX_INCLUSION_DEPTH"),
    GONE6("MAX_SOURCE_FILES"), GONE6("MAX_INDIV_PROP_TABLE_SIZE"),
    GONE6("MAX_OBJ_PROP_TABLE_SIZE"), GONE6("MAX_OBJ_PROP_COUNT"),
    GONE6("MAX_LOCAL_VARIABLES"), GONE6("MAX_GLOBAL_VARIABLES"),
    GONE6("ALLOC_CHUNK_SIZE"), GONE6("MAX_UNICODE_CHARS"),
};
#define N_SETTINGS (sizeof SETTINGS / sizeof SETTINGS[0])

const SettingInfo *opt_setting_info(const char *name)
{
    for (size_t i = 0; i < N_SETTINGS; i++)
        if (!strcmp(SETTINGS[i].name, name)) return &SETTINGS[i];
    return NULL;
}

static bool live(const SettingInfo *s)
{
    return s->use != SETUSE_WITHDRAWN5 && s->use != SETUSE_WITHDRAWN6;
}

static const Setting *given(const Options *o, const char *name)
{
    for (int i = 0; i < o->n_settings; i++)
        if (!strcmp(o->settings[i].name, name)) return &o->settings[i];
    return NULL;
}

/* The value before inform6's cross-checks: as given and limited, or the
 * target's default. */
static int32_t raw_value(const Options *o, const SettingInfo *s)
{
    const Setting *g = given(o, s->name);
    if (!g) return o->glulx ? s->glulx_default : s->z_default;
    int32_t v = g->value < 0 ? 0 : g->value;
    switch (s->limit) {
    case SETLIM_MAX: if (v > s->max) v = s->max; break;
    case SETLIM_MAX_Z: if (!o->glulx && v > s->max) v = s->max; break;
    case SETLIM_MUL256: v = (int32_t)(((int64_t)v + 255) & ~(int64_t)255); break;
    case SETLIM_ANY: break;
    }
    return v;
}

/* On the Z-machine the abbreviations and dynamic strings share 96 slots:
 * when only one is given the other takes the rest; when the two do not add
 * up both fall back to the defaults (inform6 warns; opt_check_settings). */
static bool z_slots(const Options *o, int32_t *abbrevs, int32_t *dynamic)
{
    const SettingInfo *a = opt_setting_info("MAX_ABBREVS");
    const SettingInfo *d = opt_setting_info("MAX_DYNAMIC_STRINGS");
    *abbrevs = raw_value(o, a);
    *dynamic = raw_value(o, d);
    if (*dynamic == 32 && *abbrevs != 64) *dynamic = 96 - *abbrevs;
    else if (*abbrevs == 64 && *dynamic != 32) *abbrevs = 96 - *dynamic;
    if (*abbrevs + *dynamic == 96) return true;
    *abbrevs = 64;
    *dynamic = 32;
    return false;
}

int32_t opt_setting_value(const Options *o, const char *name)
{
    const SettingInfo *s = opt_setting_info(name);
    if (!s || !live(s) || s->text) return 0;
    int32_t v = raw_value(o, s), a, d;
    if (!o->glulx) {
        if (!strcmp(name, "MAX_ABBREVS")) return z_slots(o, &a, &d), a;
        if (!strcmp(name, "MAX_DYNAMIC_STRINGS")) return z_slots(o, &a, &d), d;
        if (s->use == SETUSE_GLULX) return s->z_default;
        if (!strcmp(name, "INDIV_PROP_START")) return 64;
        return v;
    }
    if (!strcmp(name, "NUM_ATTR_BYTES") && v % 4 != 3) return v + 3 - v % 4;
    if (!strcmp(name, "INDIV_PROP_START") && v < 256) return 256;
    if (!strcmp(name, "DICT_CHAR_SIZE") && v != 1 && v != 4) return 4;
    return v;
}

const char *opt_setting_text(const Options *o, const char *name)
{
    const Setting *g = given(o, name);
    return g ? g->text : NULL;
}

static bool listed(const Options *o, const SettingInfo *s)
{
    if (!live(s) || s->text || !strcmp(s->name, "SERIAL")) return false;
    if (s->use == SETUSE_Z) return !o->glulx;
    if (s->use == SETUSE_GLULX) return o->glulx;
    return true;
}

void opt_list_settings(FILE *out, const Options *o)
{
    fprintf(out, "+--------------------------------------+\n");
    fprintf(out, "|  %25s = %-7s |\n", "Compiler setting", "Value");
    fprintf(out, "+--------------------------------------+\n");
    for (size_t i = 0; i < N_SETTINGS; i++)
        if (listed(o, &SETTINGS[i]))
            fprintf(out, "|  %25s = %-7ld |\n", SETTINGS[i].name,
                    (long)opt_setting_value(o, SETTINGS[i].name));
    fprintf(out, "+--------------------------------------+\n");
    fprintf(out, "(%s; give -G before $list for the Glulx settings)\n",
            o->glulx ? "Glulx" : "Z-machine");
}

static void print_defaults(FILE *out, const SettingInfo *s)
{
    if (s->text) fputs("  (text; not set by default)\n", out);
    else if (s->z_default == s->glulx_default)
        fprintf(out, "  (default: %ld)\n", (long)s->z_default);
    else
        fprintf(out, "  (default: %ld for the Z-machine, %ld for Glulx)\n",
                (long)s->z_default, (long)s->glulx_default);
}

void opt_explain_setting(FILE *out, const char *name)
{
    const SettingInfo *s = opt_setting_info(name);
    if (!s) {
        fprintf(out, "There is no compiler setting called $%s "
                "(`vinform $list` lists them).\n", name);
    } else if (s->use == SETUSE_WITHDRAWN5) {
        fprintf(out, "$%s was an Inform 5 setting; it has been withdrawn "
                "and has no effect.\n", name);
    } else if (s->use == SETUSE_WITHDRAWN6) {
        fprintf(out, "$%s is no longer needed: vinform, like inform6 6.36 "
                "and later, grows its tables as needed.\n", name);
    } else {
        fprintf(out, "$%s: %s\n", s->name, s->what);
        print_defaults(out, s);
    }
}

void opt_help_settings(FILE *out)
{
    for (size_t i = 0; i < N_SETTINGS; i++) {
        const SettingInfo *s = &SETTINGS[i];
        if (!live(s)) continue;
        const char *only = s->use == SETUSE_Z ? " [Z]"
            : s->use == SETUSE_GLULX ? " [Glulx]" : "";
        if (s->text)
            fprintf(out, "  $%s=\"TEXT\"%s\n", s->name, only);
        else if (s->z_default == s->glulx_default)
            fprintf(out, "  $%s=%ld%s\n", s->name, (long)s->z_default, only);
        else
            fprintf(out, "  $%s=%ld (Glulx %ld)%s\n", s->name,
                    (long)s->z_default, (long)s->glulx_default, only);
    }
}

/* ---------------------------------------------------------------- traces */

static const struct { const char *name, *what; } TRACES[] = {
    { "ACTIONS", "the table of actions (=2: each one as it is defined)" },
    { "ASM", "assembly of each routine, as -a (=2 bytes, =3/4 branches)" },
    { "BPATCH", "backpatching (=2: markers as they are made)" },
    { "DICT", "the dictionary (=2: with each entry's bytes)" },
    { "EXPR", "expression trees (=2, =3: more detail)" },
    { "FILES", "source files as they are opened" },
    { "FINDABBREVS", "choices made by -u (=2: three-letter blocks too)" },
    { "FREQ", "how much each abbreviation saved, as -f" },
    { "MAP", "the memory map, as -z (=2: with percentages)" },
    { "MEM", "the compiler's memory allocations" },
    { "OBJECTS", "the object table" },
    { "PROPS", "attributes and properties as they are defined" },
    { "RUNTIME", "trace calls in the game, as -g (=2 library, =3 veneer)" },
    { "STATS", "statistics, as -s" },
    { "SYMBOLS", "the symbol table (=2: compiler symbols too)" },
    { "SYMDEF", "symbols as they are met and defined" },
    { "TOKENS", "tokens as they are read (=2 types, =3 contexts)" },
    { "UNICODE", "the Z-machine Unicode table (6.45)" },
    { "VERBS", "the grammar table" },
};

/* inform6 6.45's other spellings of the trace options (singular and
 * plural, long and short). */
static const struct { const char *alias, *name; } TRACE_ALIASES[] = {
    { "ASSEMBLY", "ASM" }, { "ACTION", "ACTIONS" },
    { "BACKPATCH", "BPATCH" }, { "DICTIONARY", "DICT" },
    { "EXPRESSION", "EXPR" }, { "EXPRESSIONS", "EXPR" },
    { "FILE", "FILES" }, { "FINDABBREV", "FINDABBREVS" },
    { "FREQUENCY", "FREQ" }, { "FREQUENCIES", "FREQ" },
    { "MEMORY", "MEM" }, { "OBJECT", "OBJECTS" }, { "OBJS", "OBJECTS" },
    { "OBJ", "OBJECTS" }, { "PROP", "PROPS" }, { "PROPERTY", "PROPS" },
    { "PROPERTIES", "PROPS" }, { "STATISTICS", "STATS" },
    { "STAT", "STATS" }, { "SYMBOL", "SYMBOLS" }, { "SYMBOLDEF", "SYMDEF" },
    { "TOKEN", "TOKENS" }, { "VERB", "VERBS" },
};

const char *opt_trace_name(const char *name)
{
    for (size_t i = 0; i < sizeof TRACES / sizeof TRACES[0]; i++)
        if (!strcmp(TRACES[i].name, name)) return TRACES[i].name;
    for (size_t i = 0; i < sizeof TRACE_ALIASES / sizeof *TRACE_ALIASES; i++)
        if (!strcmp(TRACE_ALIASES[i].alias, name))
            return TRACE_ALIASES[i].name;
    return NULL;
}

bool opt_trace_known(const char *name)
{
    return opt_trace_name(name) != NULL;
}

int opt_trace_level(const Options *o, const char *name)
{
    int level = 0;
    for (int i = 0; i < o->n_traces; i++)
        if (!strcmp(o->traces[i].name, name)) level = o->traces[i].level;
    return level;
}

void opt_list_traces(FILE *out)
{
    fputs("Trace options ($!NAME or $!NAME=level, --trace NAME[=level]):\n\n",
          out);
    for (size_t i = 0; i < sizeof TRACES / sizeof TRACES[0]; i++)
        fprintf(out, "  %-12s %s\n", TRACES[i].name, TRACES[i].what);
    fputs("\nvinform accepts them all and prints each; ASM, FREQ and RUNTIME "
          "are -a, -f and\n-g, MAP and STATS print what -z and -s print.\n",
          out);
}

/* ---------------------------------------------------------------- checks */

void opt_check_settings(const Options *o)
{
    static const char *const z_fixed[] = {
        "DICT_WORD_SIZE", "NUM_ATTR_BYTES", "INDIV_PROP_START",
        "DICT_CHAR_SIZE",
    };
    int32_t a, d;
    if (!o->glulx) {
        for (size_t i = 0; i < sizeof z_fixed / sizeof z_fixed[0]; i++) {
            const SettingInfo *s = opt_setting_info(z_fixed[i]);
            if (given(o, s->name) && raw_value(o, s) != s->z_default)
                diag_error(NULL, "$%s cannot be changed on the Z-machine "
                           "(it is always %ld); remove it or compile for "
                           "Glulx with -G", s->name, (long)s->z_default);
        }
        if (!z_slots(o, &a, &d))
            diag_warning(NULL, "$MAX_ABBREVS plus $MAX_DYNAMIC_STRINGS must "
                         "be 96 on the Z-machine; using 64 and 32");
        return;
    }
    int32_t v = raw_value(o, opt_setting_info("NUM_ATTR_BYTES"));
    if (v % 4 != 3)
        diag_warning(NULL, "$NUM_ATTR_BYTES must be a multiple of four plus "
                     "three on Glulx; using %ld", (long)(v + 3 - v % 4));
    v = raw_value(o, opt_setting_info("INDIV_PROP_START"));
    if (v < 256)
        diag_warning(NULL, "$INDIV_PROP_START must be at least 256 on "
                     "Glulx; using 256");
    v = raw_value(o, opt_setting_info("DICT_CHAR_SIZE"));
    if (v != 1 && v != 4)
        diag_warning(NULL, "$DICT_CHAR_SIZE must be 1 or 4; using 4");
}
