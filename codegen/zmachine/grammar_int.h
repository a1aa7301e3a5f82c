/* grammar_int.h: what grammar.c (encoding the lines) and gramwrite.c
 * (the tables) share.  Not for other modules. */
#ifndef VINFORM_ZM_GRAMMAR_INT_H
#define VINFORM_ZM_GRAMMAR_INT_H

#include "grammar.h"

/* A token as stored: the GV1 byte or the GV2/GV3 type byte in `code`, and
 * the data (GV2: dictionary id, routine id, number; GV3: the index). */
typedef struct ZGTok {
    uint8_t kind;            /* PgTokenKind */
    uint8_t code;
    uint32_t data;
} ZGTok;

/* ProgGrammar line i, encoded. */
typedef struct ZGStoredLine {
    ZGTok *tokens;
    int ntokens;
    int action;              /* the ProgGrammar action id */
    bool reverse;
} ZGStoredLine;

struct ZGrammar {
    int gv;
    const ProgGrammar *pg;
    const ZActions *acts;
    ZDict *dict;
    int *dict_ids;           /* ProgGrammar word -> ZDict id (a copy) */
    ZGStoredLine *lines;     /* by ProgGrammar line */
    int *adjectives;         /* GV1/GV3 prepositions: dictionary ids */
    int nadjectives, adjectives_cap;
    int *routines;           /* GV1/GV3 parsing routines: routine ids */
    int nroutines, routines_cap;
    char err[200];           /* the line being encoded: its complaint */
    bool err_warning;
};

/* Appends to a growable int array; returns the new element's index. */
int zg_push_int(int **items, int *n, int *cap, int value);

#endif
