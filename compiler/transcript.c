/* transcript.c: writes the text transcript (-r); see transcript.h.
 *
 * Takes the Program, its IR strings and the back end's DebugStory; gives
 * gametext.txt.  A text is written as the source would spell it: a new
 * line as ^, a double quote as ~, @@n and @nn for the raw and dynamic
 * codes, other characters in UTF-8. */
#include "transcript.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/program.h"
#include "debugfile.h"
#include "diag.h"
#include "text.h"

#ifndef VERSION
#define VERSION "0.0"
#endif

typedef struct Tx {
    FILE *out;
    int format;
} Tx;

static void line(Tx *t, char kind, const char *text)
{
    if (t->format == 1) fprintf(t->out, "%c: ", kind);
    fputs(text, t->out);
    fputc('\n', t->out);
}

static void units_line(Tx *t, char kind, const uint32_t *u, int n)
{
    if (t->format == 1) fprintf(t->out, "%c: ", kind);
    for (int i = 0; i < n; i++) {
        uint32_t c = u[i];
        char buf[8];
        if (c & 0x80000000u) fprintf(t->out, "@@%u", c & 0xFFFFu);
        else if (c & 0x40000000u) fprintf(t->out, "@%02u", c & 0xFFFFu);
        else if (c == '\n') fputc('^', t->out);
        else if (c == '"') fputc('~', t->out);
        else fwrite(buf, 1, (size_t)text_utf8_encode(c, buf), t->out);
    }
    fputc('\n', t->out);
}

static void string_line(Tx *t, const IrProgram *ir, char kind, int id)
{
    if (id >= 0 && id < ir->nstrings)
        units_line(t, kind, ir->strings[id].units, ir->strings[id].len);
}

/* A string the story stores is game text (G); one printed inline in an
 * opcode is H, as inform6 marks them: a Z print of no more than
 * $ZCODE_MAX_INLINE_STRING characters. */
static char game_text_kind(const IrProgram *ir, const DebugStory *s, int id)
{
    if (ir->strings[id].used_as_value || !s->stored_strings) return 'G';
    return s->stored_strings[id] ? 'G' : 'H';
}

/* Abbreviations (used only under -e), low strings, object names, then
 * every other string by number; `told` marks the strings written. */
static void texts(Tx *t, Compiler *c, const Program *p, const DebugStory *s)
{
    const IrProgram *ir = p->ir;
    bool *told = xcalloc((size_t)ir->nstrings + 1, 1);
#define TELL(kind, id) \
    do { string_line(t, ir, kind, id); \
         if ((id) >= 0 && (id) < ir->nstrings) told[id] = true; } while (0)
    for (int i = 0; c->opts->economy && i < p->nabbreviations; i++)
        TELL('A', p->abbreviations[i].string);
    for (int i = 0; i < p->nlowstrings; i++)
        TELL('L', p->lowstrings[i].string);
    for (int n = 0; n < p->objects.nobjs; n++) {
        const ProgObject *o = &p->objects.objs[n];
        if (o->short_string >= 0) TELL('O', o->short_string);
        else if (o->short_text) line(t, 'O', o->short_text);
    }
    for (int i = 0; i < p->nabbreviations; i++)
        if (p->abbreviations[i].string >= 0)
            told[p->abbreviations[i].string] = true;
#undef TELL
    for (int i = 0; i < ir->nstrings; i++)
        if (!told[i])
            string_line(t, ir, game_text_kind(ir, s, i), i);
    free(told);
    if (opt_setting_value(c->opts, "OMIT_SYMBOL_TABLE") == 0)
        for (int i = 0; i < p->nnames; i++) line(t, 'S', p->names[i].name);
}

/* inform6's dictionary: each word padded to 4 + the word length, in
 * format 0 as many to a line as reach 64 characters. */
static void dictionary(Tx *t, Compiler *c, const DebugStory *s)
{
    char head[64];
    line(t, 'I', "");
    snprintf(head, sizeof head, "[Dictionary contains %d entries:]",
             s->ndict_words);
    line(t, 'I', head);
    int width = 4 + c->target->lim.dict_word_chars, linelen = 0;
    for (int i = 0; i < s->ndict_words; i++) {
        if (t->format == 1) fputs("D: ", t->out);
        fprintf(t->out, "%-*s", width, s->dict_words[i]);
        linelen += width;
        if (t->format == 1 || linelen >= 64 || i + 1 == s->ndict_words) {
            fputc('\n', t->out);
            linelen = 0;
        }
    }
}

bool transcript_write(Compiler *c, const Program *prog, const DebugStory *s,
                      const char *path, int format)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        diag_error(NULL, "cannot write the transcript '%s': %s (choose "
                   "another with +transcript_name=FILE)", path,
                   strerror(errno));
        return false;
    }
    Tx t = { out, format == 1 };
    char buf[512];
    snprintf(buf, sizeof buf, "Transcript of the text of \"%s\"",
             c->opts->source);
    line(&t, 'I', buf);
    line(&t, 'I', "[From vinform " VERSION " (Inform 6.45 compatible)]");
    if (t.format == 1) {
        line(&t, 'I', "[I:info, G:game text, V:veneer text, L:lowmem "
             "string, A:abbreviation, D:dict word, O:object name, S:symbol, "
             "X:infix]");
        if (c->target->version > 0)
            line(&t, 'I', "[H:game text inline in opcode, W:veneer text "
                 "inline in opcode]");
    }
    line(&t, 'I', "");
    texts(&t, c, prog, s);
    dictionary(&t, c, s);
    line(&t, 'I', "");
    snprintf(buf, sizeof buf, "[Compiled %s]", s->compiled_as);
    line(&t, 'I', buf);
    snprintf(buf, sizeof buf, "[End of transcript: release %d, serial %s]",
             s->release, s->serial);
    line(&t, 'I', buf);
    line(&t, 'I', "");
    bool ok = !ferror(out);
    if (fclose(out) != 0) ok = false;
    if (!ok) diag_error(NULL, "could not write the transcript '%s'", path);
    return ok;
}
