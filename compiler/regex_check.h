/* regex_check.h: constant patterns of the regex library checked while
 * compiling.
 *
 * Takes a call of one of stdlib/regex.h's routines whose pattern argument
 * is a string literal; gives a compile error at the character of the
 * string where the pattern goes wrong, with the error code and message of
 * docs/text.md ("Rules for well-formed patterns, and the error codes"),
 * which regex_check.c follows as stdlib/regex.h's Regex__Compile does. */
#ifndef VINFORM_REGEX_CHECK_H
#define VINFORM_REGEX_CHECK_H

#include <stdint.h>
#include "ast.h"
#include "compiler.h"

/* Checks pattern p[0..n-1] (character codes); returns 0 when it is well
 * formed, else the error code (1-12) with *pos its position, from 1.
 * Code 13 (too complex) depends on the story's sizes and is left to the
 * story. */
int rxc_check_pattern(const uint32_t *p, int n, int *pos);

/* True when s is regex.h's own routine: bundled, or from an Include of
 * stdlib/regex.h (not a routine of the program's that has its name). */
bool rxc_library_routine(Compiler *c, const Symbol *s);

/* For lowering: `call` is a CALL node whose function is the routine
 * symbol `s`.  When s is the library's Regex_Matches, Regex_ExactlyMatches,
 * Regex_Count or Regex_Replace and the pattern argument is a string
 * literal, checks the pattern and reports a malformed one.  (Regex_Check
 * is left alone: a program calls it to get the answer while running.) */
void rxc_check_call(Compiler *c, const Symbol *s, const Node *call);

#endif
