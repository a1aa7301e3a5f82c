/* transcript.h: the text transcript (-r, +transcript_name, default
 * "gametext.txt"): every text the story holds, one a line, as inform6
 * writes it for proof-reading, in either of its two forms
 * ($TRANSCRIPT_FORMAT=0, plain; =1, each line marked with its kind: I
 * info, G game text, H game text printed inline, L low string, A
 * abbreviation, O object name, S symbol name, D dictionary word).
 *
 *     transcript_write(c, prog, &story, c->opts->transcript_name, format);
 *
 * The story's facts (release, serial, the dictionary's words as the story
 * keeps them) come from the back end's DebugStory (debugfile.h); the
 * texts from the Program and its IR.  The order is vinform's: the
 * abbreviations and low strings, the object names, the strings by
 * number (as compiled), the symbol names, then the dictionary; veneer
 * text is not told apart from the game's. */
#ifndef VINFORM_TRANSCRIPT_H
#define VINFORM_TRANSCRIPT_H

#include <stdbool.h>

struct Compiler;
struct Program;
struct DebugStory;

/* Writes the transcript `path`; reports (diag_error) and returns false
 * when it cannot. */
bool transcript_write(struct Compiler *c, const struct Program *prog,
                      const struct DebugStory *s, const char *path,
                      int format);

#endif
