/* text_arrays.c: word arrays the program gives to the text library,
 * made texts.
 *
 * A text value of stdlib/text.h is a word array whose first word is its
 * entry count (capacity + 1): what `Array T1 table 79;` writes.  A new
 * author writes `Array T1 --> 80;`, whose first word is 0, and gives it
 * to Text_Set or Regex_Replace: with inform6 that array is no text (the
 * library says so in strict mode; docs/text.md).  vinform sees every
 * call: a word array declared by its size alone and named as an argument
 * of a text or regex routine is laid out as the table of the same size
 * (`--> N` as `table N-1`: the same N words, the first holding N-1), so
 * it is a text with room for N-2 characters from the start.  Only arrays
 * named in such a call are changed; one reached only through a variable
 * keeps its zero. */
#include "text_arrays.h"

#include <string.h>
#include <strings.h>

#include "ast.h"
#include "bundled.h"
#include "source.h"
#include "symbols.h"

/* A routine of the bundled text or regex library: by its name's prefix,
 * and read from the stdlib (a veneer-like default, or a System_file
 * named text.h or regex.h, as the installed stdlib is included). */
static bool library_routine(Compiler *c, const Symbol *s)
{
    if (strncasecmp(s->name, "Text_", 5) && strncasecmp(s->name, "Regex_", 6))
        return false;
    if (bundled_is_default(s)) return true;
    if (!(s->flags & SYMF_SYSTEM_FILE) || !s->loc.file) return false;
    const SourceFile *f = src_file(c->sources, s->loc.file);
    const char *path = f && f->path ? f->path : f ? f->name : "";
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    return !strcmp(base, "text.h") || !strcmp(base, "regex.h");
}

/* `Array NAME --> size;`, not static, of at least 2 words (a count word
 * and a length word). */
static bool sized_word_array(const Symbol *a)
{
    const Node *d = a->decl;
    if (a->kind != SYM_ARRAY || !d || d->kind != NODE_ARRAY) return false;
    if ((d->num & ARRAY_KIND_MASK) != ARRAY_WORD || (d->num & ARRAY_STATIC))
        return false;
    return d->nkids && d->kids[0] && d->kids[0]->kind == NODE_ARRAY_SIZE;
}

void text_arrays_note_call(Compiler *c, const Symbol *s, const Node *call)
{
    if (!s || s->kind != SYM_ROUTINE || !library_routine(c, s)) return;
    for (int i = 1; i < call->nkids; i++) {
        const Node *arg = call->kids[i];
        if (!arg || arg->kind != NODE_NAME) continue;
        Symbol *a = ast_name_symbol(arg);
        if (a && sized_word_array(a)) a->flags |= SYMF_TEXT_ARRAY;
    }
}
