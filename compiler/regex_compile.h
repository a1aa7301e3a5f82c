/* regex_compile.h: constant patterns of the regex library compiled into
 * Inform routines while compiling (issue 16, item 6).
 *
 * Takes a call of stdlib/regex.h's Regex_Matches, Regex_ExactlyMatches,
 * Regex_Count or Regex_Replace whose pattern is a string literal and
 * whose case switch is a constant; gives a routine that searches for
 * exactly that pattern, and the call rewritten to hand it to the library
 * (which then neither reads nor interprets the pattern).  Three steps,
 * three files:
 *
 *   regex_compile_prog.c  the pattern -> the program of word-sized
 *                         instructions regex.h's Regex__Compile would
 *                         write for it, word for word (RxProgram);
 *   regex_compile_gen.c   the program -> the Inform source of a routine
 *                         that does what regex.h's Regex__Search and
 *                         Regex__Run would do running it: the same
 *                         backtracking entries, registers, steps counted
 *                         and limits met, so the same answers, recorded
 *                         matches and failures;
 *   regex_compile.c       which calls qualify, the call rewritten, and the
 *                         routine handed to compiler/bundled.c, which
 *                         parses and compiles it only when lowering asks
 *                         for it, as it does the veneer's.
 *
 * A pattern known only at run time, a case switch given by a variable,
 * and a pattern the story's sizes (Regex_PROG_SIZE, Regex_MAX_DEPTH,
 * Regex_MAX_LOOPS) make too complex keep the library's interpreter.
 * docs/text.md ("Constant patterns") and docs/internals.md describe it. */
#ifndef VINFORM_REGEX_COMPILE_H
#define VINFORM_REGEX_COMPILE_H

#include <stdbool.h>
#include <stdint.h>
#include "ast.h"
#include "compiler.h"

/* stdlib/regex.h's instructions (Regex__O_*), with the same numbers. */
enum {
    RXO_CHR = 1, RXO_CHRI, RXO_ANY, RXO_CLS, RXO_SET, RXO_BOL, RXO_EOL,
    RXO_WB, RXO_NWB, RXO_SAVE, RXO_BREF, RXO_SPLIT, RXO_SPLITX, RXO_JMP,
    RXO_REPC, RXO_LOOPINIT, RXO_LOOPTEST, RXO_LOOPBODY, RXO_LOOPNEXT,
    RXO_ATOM, RXO_ATOMEND, RXO_LOOK, RXO_LOOKKEEP, RXO_LOOKDROP, RXO_CONDG,
    RXO_FAIL, RXO_MATCH
};

enum { RX_INF = 32000 };           /* regex.h's Regex__INF */

/* The sizes regex.h compiles a pattern within (its constants). */
typedef struct RxLimits {
    int prog_size, max_depth, max_loops;
} RxLimits;

/* A pattern compiled as Regex__Compile compiles it, with the state it
 * leaves in regex.h's globals. */
typedef struct RxProgram {
    int32_t *w;                    /* the instructions, n words */
    int n;
    int ngroups, nloops, nslots;   /* Regex__NGroups, __NLoops, __NSlots */
    bool memo_ok, anchored;        /* Regex__MemoOK, Regex__Anchored */
    int32_t first;                 /* Regex__First: -1, or a character */
} RxProgram;

/* Compiles the pattern p[0..n-1] (character codes below 128) with the
 * case switch ci, anchored at both ends when exact.  Returns 0 with *out
 * filled (its words in `a`), or the error code regex.h would give: 13
 * when the limits are too small, 1-12 for a malformed pattern. */
int rxprog_build(Arena *a, const uint32_t *p, int n, bool ci, bool exact,
                 RxLimits lim, RxProgram *out);

/* Length in words of the instruction at pc. */
int rxprog_length(const RxProgram *prog, int pc);

/* The Inform source of the routine `name` that runs `prog` (see the top
 * of regex_compile_gen.c for its contract), in `a`, for a machine whose
 * words are `word` bytes (2: the Z-machine, 4: Glulx). */
const char *rxgen_routine(Arena *a, const RxProgram *prog, const char *name,
                          int word);

/* For check, after the call's arguments were checked: `call` is a CALL
 * node whose function is the routine symbol `s`.  When s is the
 * library's Regex_Matches, Regex_ExactlyMatches, Regex_Count or
 * Regex_Replace, its pattern a string literal (well formed: regex_check.h
 * reported it otherwise) and its case switch left out or a constant,
 * gives the call the compiled pattern as its last argument (and 0 for
 * the pattern), so that the story runs the compiled routine instead of
 * reading and interpreting the pattern. */
void rxcomp_call(Compiler *c, const Symbol *s, Node *call);

#endif
