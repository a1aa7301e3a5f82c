/* zgrammar_test.c: codegen/program_grammar.c and the Z encoding of it
 * (codegen/zmachine/grammar.c, gramwrite.c, actions.c)
 * and the dictionary bits of grammar, checked byte for byte against
 * inform6 6.41 with programs that use no library: the grammar table and
 * line tables, actions table, parsing-routine (preactions) table and
 * adjectives table of grammar versions 1 and 2, the dictionary (verb,
 * meta, preposition, noun and plural bits, verb numbers, GV1 preposition
 * numbers), action and fake-action names, and the # constants about them.
 *
 * Each program's grammar data is read from its own source by
 * build_source() (ztables_source.c), which enters it into a ProgGrammar
 * (codegen/program_grammar.h) as the directives come; the tables are
 * then encoded, laid out and compared with
 * inform6's story.  The same is done for every Verb directive of the
 * installed standard library's grammar.h (6.12.6), in v3, v5 and v8.
 * GV1 is inform6's Z-code default; the GV2 programs set
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
    "[ SC_highest_fake_action_number;\n"                                   \
    "  return #highest_fake_action_number; ];\n"                           \
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

/* GV1 5: prepositions of lines that `Extend replace` drops keep their
 * numbers, a parsing routine shared by noun=, scope= and a bare token
 * keeps one entry, actions first named by ## in code between verbs,
 * several meta verbs and a meta alias. */
static const char gv1_replace[] =
    "Attribute light;\n"
    "Fake_action Ping;\n"
    "[ Main; ];\n"
    "[ OpenSub; ]; [ CloseSub; ]; [ LockSub; ]; [ SaveSub; ]; [ QuitSub; ];\n"
    "[ UnlockSub; ]; [ Filter; ]; [ Other; ];\n"
    "Verb 'open' * noun 'with' noun -> Open * noun 'using' held -> Open\n"
    "   * 'up' noun -> Open;\n"
    "[ Helper x; x = ##Unlock; x = ##Ping; ];\n"
    "Verb 'close' * noun=Filter -> Close * scope=Filter 'with' -> Close\n"
    "   * Filter 'behind' -> Close * Other -> Close * light -> Close;\n"
    "Extend 'open' replace * noun 'by' noun -> Unlock * 'wide' -> Open;\n"
    "Verb 'lock' * noun 'with' held -> Lock * noun=Other -> Lock;\n"
    "Verb meta 'save' * -> Save;\n"
    "Verb meta 'quit' 'q' * -> Quit * 'now' -> Quit;\n"
    "Verb meta 'die' = 'quit';\n"
    "Extend 'lock' first * 'using' noun=Filter -> Lock;\n"
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
    "Verb 'give' * creature held -> Give\n"
    "   * held 'to' creature -> Give reverse;\n"
    "Verb 'ask' * creature 'about' topic -> Ask * special -> Ask\n"
    "   * MyRoutine -> Ask * scope=MyScope -> Ask * noun=MyNoun -> Ask;\n"
    "Verb 'tell' * creature 'about' topic -> Tell\n"
    "   * topic 'to' creature -> Tell reverse;\n"
    "Verb 'i' 'inv' * -> Inv;\n"
    "Extend 'take' first * 'inventory' -> Inv;\n"
    "Extend only 'get' replace * 'out'/'off' -> Take;\n"
    "Verb 'grab' = 'take';\n"
    SYSCONSTS;

/* ---- 6.42+ behaviour, checked by hand against zmachine-layout.md §10 and
 * inform6 6.45's verbs.c and tables.c (Debian's 6.41 predates it) ---- */

static void expect_bytes(const ZBlock *k, const uint8_t *want, size_t n,
                         const char *what)
{
    bool same = k->b.len == n && !memcmp(k->b.data, want, n);
    CHECK(same, "%s: %zu bytes, not the %zu expected", what, k->b.len, n);
    if (same) return;
    for (size_t i = 0; i < k->b.len; i++) printf(" %02X", k->b.data[i]);
    putchar('\n');
}

/* The relocation at `offset` of a block, or NULL. */
static const ZReloc *reloc_at(const ZBlock *k, uint32_t offset)
{
    for (size_t i = 0; i < k->nrelocs; i++)
        if (k->relocs[i].offset == offset) return &k->relocs[i];
    return NULL;
}

static void expect_reloc(const ZBlock *k, uint32_t offset, ZRelocKind kind,
                         uint32_t target, int32_t addend, const char *what)
{
    const ZReloc *r = reloc_at(k, offset);
    CHECK(r && r->kind == kind && r->target == target && r->addend == addend,
          "%s: relocation at %u", what, (unsigned)offset);
}

static const SrcLoc nowhere;

/* Extend only moving every word of a verb away leaves it a 0 byte. */
static void test_dead_verb(void)
{
    Build b;
    build_init(&b, 5, 2);
    ProgGrammar *g = b.pg;
    int turn = progg_word_text(g, "turn", nowhere);
    int words[2] = { turn, progg_word_text(g, "rotate", nowhere) };
    int v0 = progg_verb(g, words, 2, false, nowhere);
    PgToken noun = { .kind = PGT_NOUN, .word = -1 };
    int act = progg_action(g, "Turn", nowhere);
    progg_begin_lines(g, v0, PGM_NEW);
    progg_line(g, &(PgLine){ &noun, 1, act, false, false, nowhere });
    progg_end_lines(g);
    int v1 = progg_extend_only(g, words, 2, nowhere);
    CHECK(v0 == 0 && v1 == 1 && !progg_verb_used(g, 0) &&
          progg_verb_used(g, 1), "Extend only made verb 1 of both words");
    build_grammar(&b);
    CHECK(zd_par(b.dict, b.word_ids[turn], 2) == 0xFE,
          "'turn' now points at verb 1");
    ZGrammarTables t;
    zg_write(b.gram, &t);
    static const uint8_t want[] = {
        0, 0, 0, 0,                   /* two line-table addresses */
        0,                            /* verb 0: no words, no lines */
        1, 0, 0, 0x01, 0, 0, 15,      /* verb 1: the copied line */
    };
    expect_bytes(&t.grammar, want, sizeof want, "dead verb");
    expect_reloc(&t.grammar, 0, ZR_SYSCONST, ZSC_grammar_table, 4, "verb 0");
    expect_reloc(&t.grammar, 2, ZR_SYSCONST, ZSC_grammar_table, 5, "verb 1");
    zg_tables_free(&t);
    build_free(&b);
}

/* GV3 (6.43+): the token count in the action word, two bytes a token,
 * prepositions and routines by index, a word-per-entry adjectives table,
 * no ENDIT. */
static void test_gv3(void)
{
    Build b;
    build_init(&b, 5, 3);
    ProgGrammar *g = b.pg;
    int take = progg_word_text(g, "take", nowhere);
    int up = progg_word_text(g, "up", nowhere);
    int off = progg_word_text(g, "off", nowhere);
    int v = progg_verb(g, &take, 1, false, nowhere);
    IrValue r = build_routine_ir(&b, "Filter");
    PgToken l1[3] = { { .kind = PGT_PREP, .slash_after = true, .word = up },
                      { .kind = PGT_PREP, .word = off },
                      { .kind = PGT_MULTI, .word = -1 } };
    PgToken l2[2] = { { .kind = PGT_NOUN_ROUTINE, .word = -1, .value = r },
                      { .kind = PGT_PREP, .word = off } };
    PgToken l3[1] = { { .kind = PGT_ATTRIBUTE, .word = -1,
                        .value = ir_num(5) } };
    int act = progg_action(g, "Take", nowhere);
    int put = progg_action(g, "Put", nowhere);
    progg_begin_lines(g, v, PGM_NEW);
    progg_line(g, &(PgLine){ l1, 3, act, false, false, nowhere });
    progg_line(g, &(PgLine){ l2, 2, put, true, false, nowhere });
    progg_line(g, &(PgLine){ l3, 1, act, false, false, nowhere });
    progg_end_lines(g);
    build_grammar(&b);
    ZGrammarTables t;
    zg_write(b.gram, &t);
    static const uint8_t grammar[] = {
        0, 0, 3,
        0x18, 0x00, 0x62, 0, 0x52, 1, 0x01, 2,     /* 3 tokens, Take */
        0x14, 0x01, 0x83, 0, 0x42, 1,              /* 2 tokens, Put reverse */
        0x08, 0x00, 0x04, 5,                       /* 1 token, Take */
    };
    expect_bytes(&t.grammar, grammar, sizeof grammar, "GV3 lines");
    static const uint8_t adjectives[] = { 0, 2, 0, 0, 0, 0 };
    expect_bytes(&t.adjectives, adjectives, sizeof adjectives,
                 "GV3 adjectives");
    expect_reloc(&t.adjectives, 2, ZR_DICT, (uint32_t)b.word_ids[up], 0,
                 "adjective 0");
    expect_reloc(&t.adjectives, 4, ZR_DICT, (uint32_t)b.word_ids[off], 0,
                 "adjective 1");
    CHECK(t.preactions.b.len == 2, "GV3: one parsing routine");
    expect_reloc(&t.preactions, 0, ZR_ROUTINE, r.target, 0,
                 "parsing routine 0");
    CHECK(zd_par(b.dict, b.word_ids[up], 1) == ZD_PREP &&
          zd_par(b.dict, b.word_ids[up], 3) == 0,
          "GV3 prepositions: bit 3, no number in #dict_par3");
    zg_tables_free(&t);
    build_free(&b);
}

/* $GRAMMAR_META_FLAG (6.43+): meta actions first, in both the grammar
 * lines and the actions table. */
static void test_meta_flag(void)
{
    Build b;
    build_init(&b, 5, 2);
    b.pg->meta_flag = true;
    ProgGrammar *g = b.pg;
    int take = progg_action(g, "Take", nowhere);
    int score = progg_action(g, "Score", nowhere);
    int wait = progg_action(g, "Wait", nowhere);
    int save = progg_action(g, "Save", nowhere);
    int w[3] = { progg_word_text(g, "take", nowhere),
                 progg_word_text(g, "score", nowhere),
                 progg_word_text(g, "save", nowhere) };
    progg_begin_lines(g, progg_verb(g, &w[0], 1, false, nowhere), PGM_NEW);
    progg_line(g, &(PgLine){ NULL, 0, take, false, false, nowhere });
    progg_line(g, &(PgLine){ NULL, 0, save, false, true, nowhere });
    progg_end_lines(g);
    progg_begin_lines(g, progg_verb(g, &w[1], 1, true, nowhere), PGM_NEW);
    progg_line(g, &(PgLine){ NULL, 0, score, false, false, nowhere });
    progg_end_lines(g);
    for (int a = 0; a < 4; a++)
        g->actions[a].routine = build_routine_ir(&b, g->actions[a].name);
    build_grammar(&b);
    CHECK(za_final(b.acts, score) == 0 && za_final(b.acts, save) == 1 &&
          za_final(b.acts, take) == 2 && za_final(b.acts, wait) == 3 &&
          za_meta_count(b.acts) == 2, "meta actions numbered first, each "
          "group in order of first mention");
    CHECK(zd_par(b.dict, b.word_ids[w[1]], 1) == (ZD_VERB | ZD_META | ZD_TRUNC),
          "a meta verb word is $43");
    ZGrammarTables t;
    zg_write(b.gram, &t);
    static const uint8_t grammar[] = {
        0, 0, 0, 0,
        2, 0, 2, 15, 0, 1, 15,        /* take: Take (2), Save (1) */
        1, 0, 0, 15,                  /* score: Score (0) */
    };
    expect_bytes(&t.grammar, grammar, sizeof grammar, "meta-sorted lines");
    expect_reloc(&t.actions, 0, ZR_ROUTINE, build_routine(&b, "Score"), 0,
                 "action 0 is Score");
    expect_reloc(&t.actions, 6, ZR_ROUTINE, build_routine(&b, "Wait"), 0,
                 "action 3 is Wait");
    zg_tables_free(&t);
    build_free(&b);
}

/* ---- the standard library's grammar ---- */

static const char library_grammar[] = "/usr/share/inform6/library/grammar.h";

/* Appends s to a growable string. */
static void append(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    if (*len + n + 1 > *cap) {
        while (*len + n + 1 > *cap) *cap = *cap ? 2 * *cap : 4096;
        *buf = realloc(*buf, *cap);
    }
    memcpy(*buf + *len, s, n + 1);
    *len += n;
}

/* Adds "[ NameSub; ];" for every `-> Name` in the directives, once. */
static void action_stubs(const char *verbs, char **out, size_t *len,
                         size_t *cap)
{
    char seen[8192] = " ";
    for (const char *p = verbs; (p = strstr(p, "->")); ) {
        p += 2;
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        char name[64], key[70], line[100];
        size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                             "abcdefghijklmnopqrstuvwxyz_0123456789");
        if (!n || n >= sizeof name) continue;
        memcpy(name, p, n);
        name[n] = 0;
        snprintf(key, sizeof key, " %s ", name);
        if (strstr(seen, key) || strlen(seen) + n + 2 >= sizeof seen) continue;
        strcat(seen, name);
        strcat(seen, " ");
        snprintf(line, sizeof line, "[ %sSub; ];\n", name);
        append(out, len, cap, line);
    }
}

/* Every Verb and Extend directive of the library's grammar.h (comments
 * and conditional-compilation lines left out, the Glulx-only verb too),
 * in a program of its own with a stub for each routine it names.  NULL
 * when the library is not installed. */
static char *library_program(void)
{
    FILE *f = fopen(library_grammar, "r");
    if (!f) return NULL;
    char *verbs = NULL, *prog = NULL, line[512];
    size_t vlen = 0, vcap = 0, plen = 0, pcap = 0;
    bool in_verb = false, glulx = false;
    while (fgets(line, sizeof line, f)) {
        char *bang = strchr(line, '!');
        if (bang) strcpy(bang, "\n");
        if (!strncmp(line, "#Ifdef TARGET_GLULX", 19)) glulx = true;
        if (line[0] == '#') {
            if (!strncmp(line, "#Endif", 6)) glulx = false;
            continue;
        }
        if (!in_verb && !glulx &&
            (!strncmp(line, "Verb", 4) || !strncmp(line, "Extend", 6)))
            in_verb = true;
        if (!in_verb) continue;
        append(&verbs, &vlen, &vcap, line);
        if (strchr(line, ';')) in_verb = false;
    }
    fclose(f);
    append(&prog, &plen, &pcap, "Constant Grammar__Version 2;\n"
           "Attribute worn;\n[ Main; ];\n[ ADirection; ];\n"
           "[ anynumber; ];\n");
    action_stubs(verbs, &prog, &plen, &pcap);
    append(&prog, &plen, &pcap, verbs);
    append(&prog, &plen, &pcap, SYSCONSTS);
    free(verbs);
    return prog;
}

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
    build_metaclasses(&b);
    if (build_source(&b, c->source)) build_compare(&b, &o, what);
    build_free(&b);
    oracle_free(&o);
}

int main(void)
{
    test_dead_verb();
    test_gv3();
    test_meta_flag();
    if (!oracle_available()) return failures ? 1 : 0;
    static const Case cases[] = {
        { "gv1-tokens", gv1_tokens, 1, "-v5" },
        { "gv1-tokens", gv1_tokens, 1, "-v3" },
        { "gv1-extend", gv1_extend, 1, "-v5" },
        { "gv1-dictionary", gv1_dictionary, 1, "-v5" },
        { "gv1-dictionary", gv1_dictionary, 1, "-v3" },
        { "gv1-many", gv1_many, 1, "-v5" },
        { "gv1-many", gv1_many, 1, "-v8" },
        { "gv1-replace", gv1_replace, 1, "-v5" },
        { "gv1-replace", gv1_replace, 1, "-v8" },
        { "gv2-tokens", gv2_tokens, 2, "-v5" },
        { "gv2-tokens", gv2_tokens, 2, "-v3" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) run(&cases[i]);
    char *lib = library_program();
    if (!lib) printf("note: %s not found, library grammar not compared\n",
                     library_grammar);
    for (int v = 0; lib && v < 3; v++) {
        static const char *const sw[3] = { "-v5", "-v3", "-v8" };
        run(&(Case){ "library grammar", lib, 2, sw[v] });
    }
    free(lib);
    if (failures) printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
