/* grammar.h: Verb and Extend, and the grammar tables of grammar versions
 * 1, 2 and 3 (zmachine-layout.md section 10): the grammar table (one
 * address per Inform verb), the line tables, the parsing-routine
 * ("preactions") table and the adjectives (prepositions) table, with the
 * dictionary bits the parser reads (verb, meta, preposition, verb number
 * in #dict_par2, GV1 preposition number in #dict_par3).
 *
 * Takes the directives in source order: verbs with their words (as
 * dictionary ids), grammar lines of tokens, Extend in every form; gives
 * ZBlocks in which line-table addresses are ZR_SYSCONST ZSC_grammar_table
 * relocations, dictionary addresses ZR_DICT and routines ZR_ROUTINE
 * (targets are the caller's routine ids).
 *
 *     ZGrammar *g = zg_new(1, dict, actions);
 *     int take = zd_add_text(dict, "take", 0, 0, 0);
 *     int v = zg_verb(g, &take, 1, false);
 *     zg_begin_lines(g, v, ZG_NEW);
 *     zg_line(g, &(ZGLine){ toks, 2, za_action(actions, "Take") });
 *     zg_end_lines(g);
 *
 * Adjective and parsing-routine numbers are handed out as lines are read,
 * as inform6 does (so a line later dropped by `Extend replace` has still
 * numbered its prepositions). */
#ifndef VINFORM_ZM_GRAMMAR_H
#define VINFORM_ZM_GRAMMAR_H

#include <stdbool.h>
#include <stdint.h>
#include "actions.h"
#include "dictionary.h"
#include "zblock.h"

typedef enum ZGTokenKind {
    ZGT_ELEMENTARY = 1,      /* data: ZGE_NOUN ... ZGE_TOPIC */
    ZGT_PREP = 2,            /* data: dictionary id */
    ZGT_NOUN_ROUTINE = 3,    /* noun=Routine; data: routine id */
    ZGT_ATTR = 4,            /* data: attribute number */
    ZGT_SCOPE_ROUTINE = 5,   /* scope=Routine; data: routine id */
    ZGT_ROUTINE = 6,         /* general parsing routine; data: routine id */
} ZGTokenKind;

enum {
    ZGE_NOUN, ZGE_HELD, ZGE_MULTI, ZGE_MULTIHELD, ZGE_MULTIEXCEPT,
    ZGE_MULTIINSIDE, ZGE_CREATURE, ZGE_SPECIAL, ZGE_NUMBER, ZGE_TOPIC,
};

typedef struct ZGToken {
    uint8_t kind;            /* ZGTokenKind */
    bool slash_after;        /* 'a'/'b': a '/' follows this preposition */
    uint32_t data;
} ZGToken;

typedef struct ZGLine {
    const ZGToken *tokens;
    int ntokens;
    int action;              /* za_action number */
    bool reverse;            /* -> Action reverse */
    bool meta;               /* -> Action meta */
} ZGLine;

typedef enum ZGMode {
    ZG_NEW,                  /* the lines of a Verb directive */
    ZG_LAST,                 /* Extend 'w' [last] */
    ZG_FIRST,                /* Extend 'w' first */
    ZG_REPLACE,              /* Extend 'w' replace */
} ZGMode;

typedef struct ZGrammar ZGrammar;

/* grammar_version 1, 2 or 3; dict and actions are shared with the rest
 * of the story. */
ZGrammar *zg_new(int grammar_version, ZDict *dict, ZActions *actions);
void zg_free(ZGrammar *g);

/* `Verb [meta] 'w1' 'w2' ...`: a new Inform verb for the words (their
 * dictionary ids); returns its number, or -1 (Z-code allows 255 verbs).
 * A word that already has a verb keeps it, and zg_error() says so (the
 * other words still take the new verb). */
int zg_verb(ZGrammar *g, const int *words, int n, bool meta);
/* `Verb [meta] 'w1' ... = 'existing'`: false if `existing` is no verb
 * (or a word already has one, which it keeps). */
bool zg_verb_alias(ZGrammar *g, const int *words, int n, bool meta,
                   int existing);
/* The Inform verb of a word, or -1. */
int zg_verb_of_word(const ZGrammar *g, int word);
/* `Extend only 'w1' ...`: a new Inform verb with a copy of the words'
 * verb's lines, and the words moved to it; returns it, or -1 (a word with
 * no verb, or too many verbs).  Words of different verbs: the verb of the
 * last one is copied and zg_error() holds inform6's warning. */
int zg_extend_only(ZGrammar *g, const int *words, int n);

/* Lines for `verb`: after zg_verb (ZG_NEW: a `Verb meta` makes every
 * line's action meta) or for an Extend. */
void zg_begin_lines(ZGrammar *g, int verb, ZGMode mode);
/* One line.  False when the line breaks a rule of the grammar version
 * (zg_error() says which; the line is still kept where it makes sense)
 * or is cut short (GV1: 6 tokens, GV3: 31; a warning). */
bool zg_line(ZGrammar *g, const ZGLine *line);
void zg_end_lines(ZGrammar *g);

int zg_verb_count(const ZGrammar *g);
int zg_version(const ZGrammar *g);
/* Verbs that no word leads to any more (after Extend only): inform6
 * warns about each and writes an empty line table. */
bool zg_verb_used(const ZGrammar *g, int verb);
const char *zg_error(const ZGrammar *g);
bool zg_error_is_warning(const ZGrammar *g);

typedef struct ZGrammarTables {
    ZBlock grammar;          /* #grammar_table: static memory starts here */
    ZBlock actions;          /* #actions_table */
    ZBlock preactions;       /* #preactions_table: GV1/GV3 parsing routines */
    ZBlock adjectives;       /* count word, then entries (#adjectives_table
                                is its address + 2) */
} ZGrammarTables;

void zg_write(const ZGrammar *g, ZGrammarTables *out);
void zg_tables_free(ZGrammarTables *t);

#endif
