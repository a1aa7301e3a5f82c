/* zgrammar_test.c: codegen/zmachine/grammar.c, gramwrite.c, actions.c
 * and the dictionary bits of grammar, checked byte for byte against
 * inform6 6.41 with programs that use no library: the grammar table and
 * line tables, actions table, parsing-routine (preactions) table and
 * adjectives table of grammar versions 1 and 2, the dictionary (verb,
 * meta, preposition, noun and plural bits, verb numbers, GV1 preposition
 * numbers), action and fake-action names, and the # constants about them.
 *
 * Each program's grammar data is read from its own source by
 * build_source() (ztables_source.c), which calls the writers as the
 * directives come; the tables are then laid out and compared with
 * inform6's story.  GV1 is inform6's Z-code default; the GV2 programs set
 * Grammar__Version as the libraries do.  (Grammar version 3 and
 * $GRAMMAR_META_FLAG are 6.43+ and are not compared here.) */
#include <stdlib.h>
#include <string.h>

#include "ztables_harness.h"

#define SYSCONSTS                                                          \
    "[ SC_grammar_table; return #grammar_table; ];\n"                      \
    "[ SC_actions_table; return #actions_table; ];\n"                      \
    "[ SC_preactions_table; return #preactions_table; ];\n"                \
    "[ SC_adjectives_table; return #adjectives_table; ];\n"                \
    "[ SC_dictionary_table; return #dictionary_table; ];\n"                \
    "[ SC_identifiers_table; return #identifiers_table; ];\n"              \
    "[ SC_highest_action_number; return #highest_action_number; ];\n"      \
    "[ SC_highest_fake_action_number; return #highest_fake_action_number; ];\n" \
    "[ SC_lowest_fake_action_number; return #lowest_fake_action_number; ];\n" \
    "[ SC_action_names_array; return #action_names_array; ];\n"            \
    "[ SC_fake_action_names_array; return #fake_action_names_array; ];\n"  \
    "[ SC_array_names_offset; return #array_names_offset; ];\n"            \
    "[ SC_highest_attribute_number; return #highest_attribute_number; ];\n"\
    "[ SC_static_memory_offset; return #static_memory_offset; ];\n"        \
    "[ SC_readable_memory_offset; return #readable_memory_offset; ];\n"    \
    "[ SC_strings_offset; return #strings_offset; ];\n"

/* GV1 1: every token kind, meta, `Verb ... = ...`, a line cut short at 6
 * tokens, a routine used by three kinds of token, prepositions met again,
 * an action named in code before any grammar. */
static const char gv1_tokens[] =
    "Attribute edible;\n"
    "Attribute animate;\n"
    "[ Main x; x = ##Wait; ];\n"
    "[ TakeSub; ]; [ EatSub; ]; [ PutSub; ]; [ ScoreSub; ]; [ WaitSub; ];\n"
    "[ GiveSub; ]; [ SaySub; ]; [ LongSub; ];\n"
    "[ MyRoutine; ]; [ MyScope; ]; [ MyNoun; ];\n"
    "Verb 'take' 'get' * noun -> Take * 'up' multi -> Take\n"
    "   * multi 'into' noun -> Put * 'off' held -> Take;\n"
    "Verb 'eat' * edible -> Eat * held -> Eat * animate -> Give;\n"
    "Verb meta 'score' * -> Score * number -> Score;\n"
    "Verb 'put' 'insert' * multiexcept 'in' noun -> Put\n"
    "   * multiinside 'on' noun -> Put * multiheld 'into' noun -> Put;\n"
    "Verb 'give' * creature held -> Give * held 'to' creature -> Give;\n"
    "Verb 'say' * special -> Say * MyRoutine -> Say * scope=MyScope -> Say\n"
    "   * noun=MyNoun 'up' -> Take * noun=MyRoutine -> Say\n"
    "   * scope=MyRoutine 'in' -> Say;\n"
    "Verb 'long' * noun 'a' noun 'b' noun 'c' noun -> Long;\n"
    "Verb 'devour' 'nibble' = 'eat';\n"
    "Verb meta 'points' = 'score';\n"
    "Verb 'wait' 'z' * -> Wait;\n"
    SYSCONSTS;

/* GV1 2: Extend in every form.  (A verb that `Extend only` leaves with no
 * words gets a line table of one 0 byte from inform6 6.42 on; 6.41 still
 * writes its lines, so that case is checked by hand in test_dead_verb.) */
static const char gv1_extend[] =
    "[ Main; ];\n"
    "[ TakeSub; ]; [ DropSub; ]; [ PullSub; ]; [ PushSub; ]; [ LookSub; ];\n"
    "[ SearchSub; ]; [ ExamineSub; ]; [ TurnSub; ];\n"
    "Verb 'take' 'get' 'carry' * noun -> Take * 'off' noun -> Drop;\n"
    "Verb 'pull' 'drag' * noun -> Pull;\n"
    "Verb 'look' 'l' * -> Look * 'at' noun -> Examine;\n"
    "Verb 'turn' 'rotate' * noun -> Turn;\n"
    "Extend 'take' first * 'up' noun -> Take * 'down' noun -> Drop;\n"
    "Extend 'take' * noun 'with' noun -> Pull;\n"
    "Extend 'pull' last * noun 'to' noun -> Push;\n"
    "Extend 'look' replace * 'under' noun -> Search * -> Look;\n"
    "Extend only 'carry' * noun 'around' -> Take;\n"
    "Extend only 'turn' first * noun 'over' -> Turn;\n"
    "Extend 'drag' first * 'out' noun -> Pull;\n"
    SYSCONSTS;

/* GV1 3: the dictionary: prepositions reused and also nouns, a verb word
 * used as a preposition, plurals, one-letter words, words cut to nine
 * characters; fake actions; actions met in code first. */
static const char gv1_dictionary[] =
    "Fake_action LetGo;\n"
    "Fake_action Receive;\n"
    "[ Main x; x = ##Jump; x = ##LetGo; x = 'up'; x = 'boxes//p';\n"
    "  x = 'x//'; x = 'abcdefghijkl'; x = 'abcdefghi'; ];\n"
    "[ JumpSub; ]; [ ClimbSub; ]; [ GoSub; ]; [ ListenSub; ];\n"
    "Verb 'climb' 'scale' * 'up' noun -> Climb * 'down' noun -> Climb\n"
    "   * 'over' noun -> Climb;\n"
    "Verb 'jump' 'hop' * -> Jump * 'over' noun -> Jump * 'climb' -> Climb;\n"
    "Verb 'go' 'walk' * 'up' -> Go * 'down' -> Go * 'abcdefghijklmn' -> Go\n"
    "   * 'x//' -> Go;\n"
    "Verb 'listen' 'hear' * -> Listen * 'to' noun -> Listen;\n"
    SYSCONSTS;

/* GV1 4: many verbs and prepositions, in v3 and v8 as well. */
static const char gv1_many[] =
    "Attribute open;\n"
    "[ Main; ];\n"
    "[ ASub; ]; [ BSub; ]; [ CSub; ]; [ DSub; ]; [ ESub; ]; [ FSub; ];\n"
    "Verb 'alpha' * 'a1' -> A * 'a2' noun -> B * open -> C;\n"
    "Verb 'beta' * 'b1' -> B * 'a1' 'b2' -> C;\n"
    "Verb 'gamma' * 'c1' noun 'c2' noun -> D;\n"
    "Verb 'delta' * 'd1' -> E * noun 'd2' -> E;\n"
    "Verb meta 'epsilon' * 'e1' -> F;\n"
    "Verb 'zeta' 'eta' 'theta' * held 'z1' multiheld -> A;\n"
    "Verb 'iota' * -> B;\n"
    "Verb 'kappa' * 'k1' 'k2' 'k3' 'k4' 'k5' 'k6' -> C;\n"
    SYSCONSTS;

/* GV2: every token kind including topic, '/' alternatives of two and
 * three words, reverse, meta, Extend, parsing routines by address. */
static const char gv2_tokens[] =
    "Constant Grammar__Version 2;\n"
    "Attribute edible;\n"
    "Fake_action Receive;\n"
    "[ Main x; x = ##Inv; ];\n"
    "[ TakeSub; ]; [ EatSub; ]; [ PutSub; ]; [ ScoreSub; ]; [ InvSub; ];\n"
    "[ GiveSub; ]; [ AskSub; ]; [ TellSub; ];\n"
    "[ MyRoutine; ]; [ MyScope; ]; [ MyNoun; ];\n"
    "Verb 'take' 'get' * noun -> Take * 'up'/'down' multi -> Take\n"
    "   * multi 'from'/'off'/'out' noun -> Take;\n"
    "Verb 'eat' * edible -> Eat * held -> Eat;\n"
    "Verb meta 'score' * -> Score * number -> Score;\n"
    "Verb 'put' * multiexcept 'in'/'into' noun -> Put\n"
    "   * multiinside 'on' noun -> Put * multiheld -> Put;\n"
    "Verb 'give' * creature held -> Give * held 'to' creature -> Give reverse;\n"
    "Verb 'ask' * creature 'about' topic -> Ask * special -> Ask\n"
    "   * MyRoutine -> Ask * scope=MyScope -> Ask * noun=MyNoun -> Ask;\n"
    "Verb 'tell' * creature 'about' topic -> Tell * topic 'to' creature -> Tell reverse;\n"
    "Verb 'i' 'inv' * -> Inv;\n"
    "Extend 'take' first * 'inventory' -> Inv;\n"
    "Extend only 'get' replace * 'out'/'off' -> Take;\n"
    "Verb 'grab' = 'take';\n"
    SYSCONSTS;

typedef struct Case {
    const char *name;
    const char *source;
    int grammar_version;
    const char *switches;
} Case;

static void run(const Case *c)
{
    char what[64];
    snprintf(what, sizeof what, "%s %s", c->name, c->switches);
    Oracle o;
    if (!oracle_compile(&o, c->source, c->switches)) return;
    Build b;
    build_init(&b, o.version, c->grammar_version);
    build_standard_symbols(&b);
    zo_add_metaclasses(b.objs, &b.zt);
    if (build_source(&b, c->source)) build_compare(&b, &o, what);
    build_free(&b);
    oracle_free(&o);
}

int main(void)
{
    oracle_require();
    static const Case cases[] = {
        { "gv1-tokens", gv1_tokens, 1, "-v5" },
        { "gv1-tokens", gv1_tokens, 1, "-v3" },
        { "gv1-extend", gv1_extend, 1, "-v5" },
        { "gv1-dictionary", gv1_dictionary, 1, "-v5" },
        { "gv1-dictionary", gv1_dictionary, 1, "-v3" },
        { "gv1-many", gv1_many, 1, "-v5" },
        { "gv1-many", gv1_many, 1, "-v8" },
        { "gv2-tokens", gv2_tokens, 2, "-v5" },
        { "gv2-tokens", gv2_tokens, 2, "-v3" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) run(&cases[i]);
    if (failures) printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
