/* program_grammar.h: the game's grammar and actions, decided once for
 * every target: verbs with their words, grammar lines and their tokens
 * (Extend merged in every form), actions numbered once (meta actions
 * first under $GRAMMAR_META_FLAG, as inform6 sorts them), fake actions,
 * and the dictionary words grammar uses with neutral flags.  A back end
 * encodes this (codegen/zmachine/grammar.c: the tables of grammar
 * versions 1, 2 and 3); it decides nothing in it.
 *
 * Takes, through progg_build(), the checked AST's Verb, Extend and
 * Fake_action directives in source order, the action symbols declare
 * made (in order of first mention: grammar lines, ##Name, <Name>,
 * action-switch labels) and the values of routine names (value.h); gives a
 * ProgGrammar.  The builder functions below make one without an AST (the
 * table tests use them):
 *
 *     ProgGrammar *g = progg_new(&arena, 2, false);
 *     int take = progg_word_text(g, "take", loc);
 *     int v = progg_verb(g, &take, 1, false, loc);
 *     progg_begin_lines(g, v, PGM_NEW);
 *     PgToken noun = { .kind = PGT_NOUN };
 *     progg_line(g, &(PgLine){ &noun, 1, progg_action(g, "Take", loc) });
 *     progg_end_lines(g);
 *     progg_finish(g);
 *
 * Actions: index i of `actions` is the IR action id (IRR_ACTION target
 * i); fake action k is IRR_ACTION target IR_FAKE_ACTION_BASE + k.  Their
 * ##Name values are `value`, set by progg_finish.  Symbol.ir_id of an
 * action symbol is that id (progg_build writes it; nothing else numbers
 * actions).
 *
 * program_build() (program.h) builds the ProgGrammar once, after
 * numbering routines (token values are routine ids) and before any
 * routine is lowered (code reads action ids); the Program hands it to
 * the back end. */
#ifndef VINFORM_PROGRAM_GRAMMAR_H
#define VINFORM_PROGRAM_GRAMMAR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../compiler/arena.h"
#include "../compiler/hashmap.h"
#include "ir.h"

typedef enum PgTokenKind {
    /* The elementary tokens, in inform6's order (GV1 stores this
     * number). */
    PGT_NOUN, PGT_HELD, PGT_MULTI, PGT_MULTIHELD, PGT_MULTIEXCEPT,
    PGT_MULTIINSIDE, PGT_CREATURE, PGT_SPECIAL, PGT_NUMBER, PGT_TOPIC,
    PGT_PREP,                /* 'word': `word` */
    PGT_ATTRIBUTE,           /* an attribute as object filter: `value`
                                is its number */
    PGT_NOUN_ROUTINE,        /* noun=Routine: `value` the routine */
    PGT_SCOPE_ROUTINE,       /* scope=Routine */
    PGT_ROUTINE,             /* a general parsing routine */
} PgTokenKind;

#define PGT_ELEMENTARY_COUNT 10

typedef struct PgToken {
    uint8_t kind;            /* PgTokenKind */
    bool slash_after;        /* PGT_PREP: '/' and another word follow */
    int word;                /* PGT_PREP: index into ProgGrammar.words */
    IrValue value;           /* attribute number or routine */
    const char *name;        /* the attribute's or routine's name */
} PgToken;

typedef struct PgLine {
    const PgToken *tokens;
    int ntokens;
    int action;              /* index into ProgGrammar.actions */
    bool reverse;            /* -> Action reverse */
    bool meta;               /* -> Action meta */
    SrcLoc loc;
} PgLine;

typedef struct PgVerb {
    int *lines;              /* indexes into ProgGrammar.lines, in order */
    int nlines, lines_cap;
    int nwords;              /* verb words leading to it now */
    bool meta;               /* declared `Verb meta` */
    SrcLoc loc;
} PgVerb;

/* Neutral word flags (a back end encodes them: #dict_par1 on Z). */
enum {
    PGW_VERB = 1,            /* a verb word */
    PGW_META = 2,            /* a word of `Verb meta` */
    PGW_PREP = 4,            /* a preposition of some grammar line */
};

/* A dictionary word as grammar met it: the same text with the same
 * //flags is one word. */
typedef struct PgWord {
    const uint32_t *units;   /* as lowering decodes a dictionary word:
                                IR_TEXT_RAW(z) for @@z, case kept */
    int len;
    const uint8_t *key;      /* what the dictionary keeps of it (the
                                target's dict_key): verb words with the
                                same key are the same word */
    int keylen;
    int flags_set, flags_clear;   /* TEXT_DICT_* (//p //s //n //~n) */
    unsigned bits;           /* PGW_* */
    SrcLoc loc;              /* first use */
} PgWord;

/* An English verb word and the Inform verb it leads to. */
typedef struct PgVerbWord {
    int word;                /* index into words */
    int verb;
} PgVerbWord;

typedef struct PgAction {
    const char *name;        /* without ## or __A */
    struct Symbol *sym;      /* NULL when made by hand */
    bool meta;               /* some line of a `Verb meta`, or `-> A meta` */
    IrValue routine;         /* NameSub; IRR_NONE when unknown */
    int value;               /* ##Name, after progg_finish */
    SrcLoc loc;
} PgAction;

typedef enum PgMode {
    PGM_NEW,                 /* the lines of a Verb directive */
    PGM_LAST,                /* Extend 'w' [last] */
    PGM_FIRST,               /* Extend 'w' first */
    PGM_REPLACE,             /* Extend 'w' replace */
} PgMode;

/* Writes the key under which a dictionary keeps a word (at most `cap`
 * bytes); returns its length.  ctx is dict_key_ctx (the hook may keep
 * what it needs between words there). */
typedef size_t PgDictKey(void *ctx, const uint32_t *units, int len,
                         uint8_t *key, size_t cap);

typedef struct ProgGrammar {
    Arena *arena;
    PgDictKey *dict_key;     /* NULL: the units, lower-cased */
    void *dict_key_ctx;
    int version;             /* Grammar__Version: 1, 2 or 3 */
    bool meta_flag;          /* $GRAMMAR_META_FLAG: meta actions first */
    PgAction *actions;       /* by action id: order of first mention */
    int nactions, actions_cap;
    PgAction *fakes;         /* by k: Fake_action directives in order */
    int nfakes, fakes_cap;
    int lowest_fake;         /* ##value of the first fake action */
    int nmeta;               /* meta actions (counted with meta_flag) */
    int *by_value;           /* action id whose value is n */
    PgVerb *verbs;
    int nverbs, verbs_cap;
    /* Every line read, in reading order, kept once (`Extend only` shares
     * lines); a line `Extend replace` dropped is still here, since its
     * prepositions and routines were numbered when it was read. */
    PgLine *lines;
    int nlines, lines_cap;
    PgWord *words;           /* every word grammar uses, first use order */
    int nwords, words_cap;
    HashMap word_map;        /* a word's hash -> its index in words */
    PgVerbWord *verb_words;  /* in order of first definition */
    int nverb_words, verb_words_cap;
    HashMap verb_map;        /* a verb word's key hash -> its index in
                                verb_words */
    /* between progg_begin_lines and progg_end_lines */
    int cur_verb;
    PgMode cur_mode;
    bool cur_allmeta;
    int cur_first_at;
} ProgGrammar;

struct Compiler;
struct IrPools;

/* The grammar of the checked program: actions numbered (Symbol.ir_id
 * written), verbs, lines, tokens; errors reported at their lines. */
ProgGrammar *progg_build(struct Compiler *c, struct IrPools *pools);

/* ---- building by hand (program_grammar.c) ---- */

/* Everything lives in `arena`.  grammar_version 1, 2 or 3; fake actions
 * are numbered from 256 in version 1, else from 4096 (set lowest_fake
 * before the first fake action to change that; set dict_key before the
 * first word). */
ProgGrammar *progg_new(Arena *arena, int grammar_version, bool meta_flag);

/* A word from its units (copied) and //flags as TEXT_DICT_* bits; the
 * same units and flags give the same index. */
int progg_word(ProgGrammar *g, const uint32_t *units, int len, int flags_set,
               int flags_clear, SrcLoc loc);
/* The same from ASCII text with `//flags` (no escapes; ^ is '). */
int progg_word_text(ProgGrammar *g, const char *text, SrcLoc loc);

/* A new action (the caller knows it is new); returns its id. */
int progg_add_action(ProgGrammar *g, const char *name, struct Symbol *sym,
                     SrcLoc loc);
/* The action of that name (case does not matter), made on first
 * mention. */
int progg_action(ProgGrammar *g, const char *name, SrcLoc loc);
/* `Fake_action name;`: returns k (IRR_ACTION IR_FAKE_ACTION_BASE + k). */
int progg_fake_action(ProgGrammar *g, const char *name, struct Symbol *sym,
                      SrcLoc loc);

/* `Verb [meta] 'w1' 'w2' ...`: a new Inform verb for the words; returns
 * its number.  A word that already has a verb keeps it (an error). */
int progg_verb(ProgGrammar *g, const int *words, int n, bool meta,
               SrcLoc loc);
/* `Verb [meta] 'w1' ... = 'existing'`: false (reported) if `existing` is
 * no verb or a word already has one. */
bool progg_verb_alias(ProgGrammar *g, const int *words, int n, bool meta,
                      int existing, SrcLoc loc);
/* The Inform verb a word leads to (a word with the same dict_key), or
 * -1. */
int progg_verb_of_word(const ProgGrammar *g, int word);
/* `Extend only 'w1' ...`: a new verb with a copy of the words' verb's
 * lines, the words moved to it; -1 (reported) when a word has no verb. */
int progg_extend_only(ProgGrammar *g, const int *words, int n, SrcLoc loc);
/* Whether some word still leads to `verb` (`Extend only` may take all
 * of them away). */
bool progg_verb_used(const ProgGrammar *g, int verb);

/* Lines for `verb`: after progg_verb (PGM_NEW: a `Verb meta` makes every
 * line's action meta) or for an Extend. */
void progg_begin_lines(ProgGrammar *g, int verb, PgMode mode);
/* One line (its tokens are copied); marks its prepositions and action. */
void progg_line(ProgGrammar *g, const PgLine *line);
void progg_end_lines(ProgGrammar *g);

/* Gives every action its ##value: with meta_flag, meta actions first,
 * each group in order of first mention; fake actions from lowest_fake. */
void progg_finish(ProgGrammar *g);

/* The ##value of IRR_ACTION target `id` (fake ones too). */
int progg_action_value(const ProgGrammar *g, uint32_t id);
/* Name of IRR_ACTION target `id`, or NULL. */
const char *progg_action_name(const ProgGrammar *g, uint32_t id);

/* ---- printing (program_grammar_dump.c) ---- */

/* Verbs with their words and lines, tokens and actions by name; then the
 * actions with their values and routines, and the fake actions. */
void progg_dump(FILE *out, const ProgGrammar *g);

#endif
