/* index.h: the index of a game for its author (--listing): one page, as
 * Markdown (NAME.md) and rendered to HTML (NAME.html) beside the story,
 * that answers what the game holds without reading the story file
 * (index.c says what is on it; index_html.c renders it with libcmark).
 *
 *     IndexCalls calls;              filled while routines are lowered:
 *     index_note_calls(&calls, ...)  which routine first needed each of
 *                                    the bundled libraries' routines
 *     index_write(c, prog, &story_or_NULL, &calls, base)   after finish */
#ifndef VINFORM_INDEX_H
#define VINFORM_INDEX_H

#include <stdbool.h>
#include <stdio.h>

#include "compiler.h"
#include "srcloc.h"

struct Program;
struct DebugStory;
struct IrProgram;
struct IrRoutine;

/* For each routine id: the routine that first referred to it (-1: none
 * seen) and where. */
typedef struct IndexCalls {
    int *by;
    SrcLoc *at;
    int n, cap;
} IndexCalls;

/* Notes the references routine `id` (just lowered) makes to the bundled
 * libraries' routines of `ir`, for those not yet noted. */
void index_note_calls(IndexCalls *calls, const struct IrProgram *ir, int id,
                      const struct IrRoutine *r);
void index_calls_free(IndexCalls *calls);

/* The page as Markdown on `out`; `s` may be NULL (a back end that cannot
 * describe its story: the size rows are left out). */
bool index_write_md(Compiler *c, const struct Program *p,
                    const struct DebugStory *s, const IndexCalls *calls,
                    const char *title, FILE *out);

/* Writes BASE.md and BASE.html; reports (naming the file) and returns
 * false when it cannot. */
bool index_write(Compiler *c, const struct Program *p,
                 const struct DebugStory *s, const IndexCalls *calls,
                 const char *base);

#endif
