/* zlayout_test.c: codegen/zmachine/dictionary.c, identifiers.c and
 * layout.c, checked byte for byte against inform6 6.41: the dictionary
 * (order, merged entries, flags, v3 and v5 resolution) with the
 * dictionary addresses an array holds; the identifier-names tables with
 * aliased properties and attributes, actions, fake actions and arrays;
 * and the placement of everything below the code: the low strings and
 * abbreviations of -e, the header extension with a Unicode table, an
 * alphabet table, terminating characters, static arrays.
 *
 * The low strings, alphabet and Unicode table themselves are ztext's
 * (checked in ztext_test); here they are copied from inform6's story and
 * only their places are checked. */
#include <stdlib.h>
#include <string.h>

#include "ztables_harness.h"

#define SYSCONSTS                                                          \
    "[ SC_dictionary_table; return #dictionary_table; ];\n"                \
    "[ SC_identifiers_table; return #identifiers_table; ];\n"              \
    "[ SC_array__start; return #array__start; ];\n"                        \
    "[ SC_array__end; return #array__end; ];\n"                            \
    "[ SC_array_names_offset; return #array_names_offset; ];\n"            \
    "[ SC_highest_array_number; return #highest_array_number; ];\n"        \
    "[ SC_highest_property_number; return #highest_property_number; ];\n"  \
    "[ SC_highest_attribute_number; return #highest_attribute_number; ];\n"\
    "[ SC_highest_fake_action_number;\n"                                   \
    "  return #highest_fake_action_number; ];\n"                           \
    "[ SC_fake_action_names_array; return #fake_action_names_array; ];\n"  \
    "[ SC_action_names_array; return #action_names_array; ];\n"            \
    "[ SC_attribute_names_array; return #attribute_names_array; ];\n"      \
    "[ SC_property_names_array; return #property_names_array; ];\n"        \
    "[ SC_readable_memory_offset; return #readable_memory_offset; ];\n"    \
    "[ SC_code_offset; return #code_offset; ];\n"                          \
    "[ SC_strings_offset; return #strings_offset; ];\n"

/* ---- the dictionary ---- */

static const char *const dict_words[] = {
    "zebra", "apple", "ab", "a//", "north//p", "don^t", "3rd", "e-mail",
    "abcdefghij", "abcdefghik", "ABC", "abc", "a.b", "x//p", "zz//p",
    "longwordsxy//p", "sixsix//p",
};

static const char dict_program[] =
    "Array words --> 'zebra' 'apple' 'ab' 'a//' 'north//p' 'don^t' '3rd'\n"
    "  'e-mail' 'abcdefghij' 'abcdefghik' 'ABC' 'abc' 'a.b' 'x//p' 'zz//p'\n"
    "  'longwordsxy//p' 'sixsix//p';\n"
    "Object crate \"crate\" with name \"crate\" 'box//p' \"Zebra\" 'apple'\n"
    "  'zz';\n"
    "[ Main; ];\n"
    SYSCONSTS;

static void test_dictionary(const char *switches)
{
    char what[64];
    snprintf(what, sizeof what, "dictionary %s", switches);
    Oracle o;
    if (!oracle_compile(&o, dict_program, switches)) return;
    Build b;
    build_init(&b, o.version, 1);
    build_standard_symbols(&b);
    build_metaclasses(&b);
    ZBlock arrays = { 0 };
    size_t n = sizeof dict_words / sizeof *dict_words;
    for (size_t i = 0; i < n; i++)
        zblk_operand(&arrays, build_word_value(&b, dict_words[i]));
    zi_array(b.ids, "words");
    b.arrays = &arrays;
    b.arrays_count = 1;
    build_object(&b, false, "crate", 0);
    IrValue names[5] = { build_word_ir(&b, "crate"),
        build_word_ir(&b, "box//p"), build_word_ir(&b, "Zebra"),
        build_word_ir(&b, "apple"), build_word_ir(&b, "zz") };
    pobj_prop(&b.pobjs, 1, names, 5);
    pobj_end(&b.pobjs);
    int zz = zd_add_text(b.dict, "zz", 0, 0, 0);
    CHECK(zd_par(b.dict, zz, 1) == (ZD_NOUN | ZD_PLURAL),
          "'zz//p' and 'zz' are one word with both bits");
    build_compare(&b, &o, what);
    zblk_free(&arrays);
    build_free(&b);
    oracle_free(&o);
}

/* The options and flags of 6.42+ (not in Debian's 6.41), by hand from
 * zmachine-layout.md section 8: //~n, //s, $DICT_TRUNCATE_FLAG,
 * $DICT_IMPLICIT_SINGULAR, $ZCODE_LESS_DICT_DATA. */
static void test_dict_options(void)
{
    ZText zt;
    zt_init(&zt, 5);
    ZDictOptions opts = zd_default_options();
    opts.truncate_flag = true;
    opts.implicit_singular = true;
    ZDict *d = zd_new(&zt, opts);
    int w = zd_add_text(d, "lamp//~n", ZD_NOUN, 0, 0);
    CHECK(w >= 0 && zd_par(d, w, 1) == 0,
          "//~n takes away this use's noun bit");
    zd_add_text(d, "lamp", ZD_NOUN, 0, 0);
    CHECK(zd_par(d, w, 1) == (ZD_NOUN | ZD_SING),
          "a later use adds it back; implicit singular");
    int p = zd_add_text(d, "lamps//p", ZD_NOUN, 0, 0);
    CHECK(zd_par(d, p, 1) == (ZD_NOUN | ZD_PLURAL), "no singular with //p");
    int s = zd_add_text(d, "sheep//~s", ZD_NOUN, 0, 0);
    CHECK(zd_par(d, s, 1) == ZD_NOUN, "//~s stops the implicit singular");
    int t = zd_add_text(d, "truncatedword", ZD_NOUN, 0, 0);
    CHECK(zd_par(d, t, 1) == (ZD_NOUN | ZD_SING | ZD_TRUNC),
          "$DICT_TRUNCATE_FLAG marks a word cut short");
    Arena arena = { 0 };
    ProgGrammar *pg = progg_new(&arena, 2, false);
    int pw = progg_word_text(pg, "take", (SrcLoc){ 0 });
    progg_verb(pg, &pw, 1, false, (SrcLoc){ 0 });
    progg_finish(pg);
    ZActions *acts = za_new(pg);
    int take = zd_add_text(d, "take", 0, 0, 0);
    ZGrammar *g = zg_new(pg, acts, d, &take, NULL, NULL);
    CHECK(zd_par(d, take, 1) == ZD_VERB, "no bit 6 on verbs with "
          "$DICT_TRUNCATE_FLAG");
    CHECK(zd_add_text(d, "x//~", 0, 0, 0) == -1, "'//~' with no flag");
    zg_free(g);
    za_free(acts);
    arena_release(&arena);
    zd_free(d);
    opts = zd_default_options();
    opts.less_data = true;
    d = zd_new(&zt, opts);
    int u = zd_add_text(d, "up", ZD_PREP, 0, 7);
    ZBlock k = { 0 };
    zd_write(d, &k);
    CHECK(zd_entry_size(d) == 8 && k.b.len == 7 + 8 && k.b.data[4] == 8 &&
          zd_par(d, u, 3) == 0 && zd_offset(d, u) == 7,
          "$ZCODE_LESS_DICT_DATA: no #dict_par3 byte");
    zblk_free(&k);
    zd_free(d);
    zt_free(&zt);
}

/* ---- identifier names ---- */

static const char ids_program[] =
    "Attribute light;\n"
    "Attribute lit alias light;\n"
    "Attribute open;\n"
    "Property colour;\n"
    "Property hue alias colour;\n"
    "Property shade alias colour;\n"
    "Property weight;\n"
    "Fake_action Ping;\n"
    "Fake_action Pong;\n"
    "Array a1 --> 3;\n"
    "Array a2 -> 4;\n"
    "Array a3 table 2;\n"
    "Array a4 string \"hi\";\n"
    "Array a5 buffer 3;\n"
    "Object thing \"thing\" with colour 5, weight 6, heft 7 has light open;\n"
    "[ Main x; x = ##Take; x = ##Pong; x = ##Drop; ];\n"
    "[ TakeSub; ]; [ DropSub; ];\n"
    SYSCONSTS;

static void test_identifiers(void)
{
    Oracle o;
    if (!oracle_compile(&o, ids_program, "-v5")) return;
    Build b;
    build_init(&b, 5, 1);
    ZIdents *z = b.ids;
    build_standard_symbols(&b);
    zi_symbol(z, ZI_ATTRIBUTE, 0, "light/lit", true);   /* ProgName.joined */
    zi_symbol(z, ZI_ATTRIBUTE, 0, "lit", true);
    zi_symbol(z, ZI_ATTRIBUTE, 1, "open", false);
    b.attributes = 2;
    zi_symbol(z, ZI_PROPERTY, 4, "colour/hue/shade", true);
    zi_symbol(z, ZI_PROPERTY, 4, "hue/shade", true);
    zi_symbol(z, ZI_PROPERTY, 4, "shade", true);
    zi_symbol(z, ZI_PROPERTY, 5, "weight", false);
    static const SrcLoc nowhere;
    int ping = progg_fake_action(b.pg, "Ping", NULL, nowhere);
    int pong = progg_fake_action(b.pg, "Pong", NULL, nowhere);
    zi_symbol(z, ZI_FAKE_ACTION, b.pg->fakes[ping].value, "Ping", false);
    zi_symbol(z, ZI_FAKE_ACTION, b.pg->fakes[pong].value, "Pong", false);
    static const char *const arrays[] = { "a1", "a2", "a3", "a4", "a5" };
    for (int i = 0; i < 5; i++) zi_array(z, arrays[i]);
    b.arrays_count = 5;
    build_metaclasses(&b);
    build_object(&b, false, "thing", 0);
    IrValue v[3] = { ir_num(5), ir_num(6), ir_num(7) };
    pobj_prop(&b.pobjs, 4, &v[0], 1);
    pobj_prop(&b.pobjs, 5, &v[1], 1);
    pobj_indiv(&b.pobjs, 72, false, &v[2], 1);
    zi_symbol(z, ZI_PROPERTY, 72, "heft", false);
    pobj_attr(&b.pobjs, 0, true);
    pobj_attr(&b.pobjs, 1, true);
    pobj_end(&b.pobjs);
    int take = progg_action(b.pg, "Take", nowhere);
    zi_symbol(z, ZI_ACTION, take, "Take", false);
    CHECK(progg_action_value(b.pg, IR_FAKE_ACTION_BASE + (uint32_t)pong) ==
          257, "##Pong is the fake action");
    int drop = progg_action(b.pg, "Drop", nowhere);
    zi_symbol(z, ZI_ACTION, drop, "Drop", false);
    b.pg->actions[take].routine = build_routine_ir(&b, "TakeSub");
    b.pg->actions[drop].routine = build_routine_ir(&b, "DropSub");
    build_compare(&b, &o, "identifiers -v5");
    build_free(&b);
    oracle_free(&o);
}

/* ---- low memory: -e abbreviations, Zcharacter, static arrays ---- */

static const char low_program[] =
    "Abbreviate \"the \";\n"
    "Abbreviate \"ing\";\n"
    "Zcharacter '$';\n"
    "Zcharacter table + '@{2014}';\n"
    "Zcharacter terminating 252 253;\n"
    "Lowstring ls \"low\";\n"
    "Array st static --> 1 2 3;\n"
    "Array dyn --> 4 5;\n"
    "Object thing \"the thing\";\n"
    "[ Main; print \"the ringing $ thing\", (string) ls; ];\n"
    SYSCONSTS;

static void test_low_memory(void)
{
    Oracle o;
    if (!oracle_compile(&o, low_program, "-v5 -e")) return;
    Build b;
    build_init(&b, 5, 1);
    static const uint32_t the[] = { 't', 'h', 'e', ' ' };
    static const uint32_t ing[] = { 'i', 'n', 'g' };
    zt_add_abbrev(&b.zt, the, 4);
    zt_add_abbrev(&b.zt, ing, 3);
    b.zt.economy = true;
    zt_add_alphabet_char(&b.zt, '$');
    zt_add_unicode(&b.zt, 0x2014);
    build_standard_symbols(&b);
    zi_array(b.ids, "st");
    zi_array(b.ids, "dyn");
    b.arrays_count = 2;
    ZBlock st = { 0 };
    for (int i = 1; i <= 3; i++) zb_put16(&st.b, (unsigned)i);
    b.static_arrays = &st;
    build_metaclasses(&b);
    build_object(&b, false, "the thing", 0);
    pobj_end(&b.pobjs);
    build_compare(&b, &o, "low memory -v5 -e");
    zblk_free(&st);
    build_free(&b);
    oracle_free(&o);
}

int main(void)
{
    test_dict_options();
    if (!oracle_available()) return failures ? 1 : 77;
    test_dictionary("-v5");
    test_dictionary("-v3");
    test_dictionary("-v8");
    test_identifiers();
    test_low_memory();
    if (failures) printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
