/* grammar_int.h: what grammar.c (verbs and lines) and gramwrite.c (the
 * tables) share.  Not for other modules. */
#ifndef VINFORM_ZM_GRAMMAR_INT_H
#define VINFORM_ZM_GRAMMAR_INT_H

#include "grammar.h"

/* A token as stored: the GV1 byte or the GV2/GV3 type byte in `code`, and
 * the data (GV2: dictionary id, routine id, number; GV3: the index). */
typedef struct ZGTok {
    uint8_t kind;            /* ZGTokenKind */
    uint8_t code;
    uint32_t data;
} ZGTok;

typedef struct ZGStoredLine {
    ZGTok *tokens;
    int ntokens;
    int action;              /* as za_action numbered it */
    bool reverse;
} ZGStoredLine;

typedef struct ZGVerb {
    int *lines;              /* indexes into ZGrammar.lines */
    int nlines, lines_cap;
    bool meta;               /* declared `Verb meta` */
} ZGVerb;

typedef struct ZGWordVerb {
    int word;                /* dictionary id */
    int verb;
} ZGWordVerb;

struct ZGrammar {
    int gv;
    ZDict *dict;
    ZActions *actions;
    ZGVerb *verbs;
    int nverbs, verbs_cap;
    ZGStoredLine *lines;
    int nlines, lines_cap;
    ZGWordVerb *words;       /* English verb words, in order */
    int nwords, words_cap;
    int *adjectives;         /* GV1/GV3 prepositions: dictionary ids */
    int nadjectives, adjectives_cap;
    int *routines;           /* GV1/GV3 parsing routines: routine ids */
    int nroutines, routines_cap;
    int cur_verb;            /* between zg_begin_lines and zg_end_lines */
    ZGMode cur_mode;
    bool cur_allmeta;
    int cur_first_at;
    char err[200];
    bool err_warning;
};

/* Appends to a growable int array; returns the new element's index. */
int zg_push_int(int **items, int *n, int *cap, int value);

#endif
