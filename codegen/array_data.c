/* array_data.c: an array's count and entries by inform6's rules, through
 * the back end's writer (array_data.h).  Takes a ProgArray; gives its
 * bytes, and the warnings and errors about its entries. */
#include "array_data.h"

#include "../compiler/diag.h"

typedef struct Entries {
    const ArrayWriter *w;
    bool bytes;                 /* ->, string, buffer */
} Entries;

static void put_number(Entries *e, int32_t v, const SrcLoc *loc)
{
    if (!e->bytes) {
        e->w->put(e->w->ctx, (uint32_t)v, e->w->word);
        return;
    }
    if (v < 0 || v > 255)       /* each such entry, as inform6 */
        diag_warning(loc, "an entry of a '->', 'string' or 'buffer' array "
                     "must be from 0 to 255; only its low byte is kept");
    e->w->put(e->w->ctx, (uint32_t)v, 1);
}

static void put_value(Entries *e, IrValue v, const SrcLoc *loc)
{
    int32_t num;
    if (!e->bytes) {
        e->w->put_value(e->w->ctx, v, loc);
        return;
    }
    if (!e->w->number(e->w->ctx, v, &num)) {
        e->w->report(e->w->ctx, loc, "entries of byte arrays and strings "
                     "must be numbers known now (an address is known only "
                     "when the story is written): use a '-->' or 'table' "
                     "array");
        num = 0;
    }
    put_number(e, num, loc);
}

/* The characters of `Array a -> "text"` in the machine's character set. */
static void text_entries(Entries *e, const ProgArray *a)
{
    for (int i = 0; i < a->ntext; i++) {
        int32_t ch = e->w->character(e->w->ctx, a->text[i], e->bytes);
        if (ch < 0) {
            e->w->report(e->w->ctx, &a->text_loc, e->w->character_error);
            ch = '?';
        }
        put_number(e, ch, &a->text_loc);
    }
}

static int entry_count(const ProgArray *a)
{
    switch (a->body) {
    case PAB_SIZE: return (int)a->size;
    case PAB_TEXT: return a->ntext;
    case PAB_VALUES: return a->nvalues;
    default: return 0;
    }
}

static void entries(Entries *e, const ProgArray *a)
{
    switch (a->body) {
    case PAB_SIZE:
        e->w->zeros(e->w->ctx,
                    (size_t)a->size * (e->bytes ? 1 : (size_t)e->w->word));
        break;
    case PAB_TEXT:
        text_entries(e, a);
        break;
    case PAB_VALUES:
        for (int i = 0; i < a->nvalues; i++) {
            if (a->ok[i]) put_value(e, a->values[i], &a->locs[i]);
            else {
                (*e->w->errors)++;
                put_number(e, 0, &a->locs[i]);
            }
        }
        break;
    default: break;
    }
}

void array_write(const ArrayWriter *w, const ProgArray *a)
{
    Entries e = { w, a->kind == PA_BYTE || a->kind == PA_STRING ||
                     a->kind == PA_BUFFER };
    if (a->body == PAB_NONE) return;
    int count = entry_count(a);
    if (a->kind == PA_STRING) {
        if (count > 255)
            w->report(w->ctx, &a->loc, "a 'string' array holds at most 255 "
                      "entries: its first byte is the count; use 'buffer'");
        w->put(w->ctx, (uint32_t)count, 1);
    } else if (a->kind == PA_TABLE || a->kind == PA_BUFFER) {
        w->put(w->ctx, (uint32_t)count, w->word);
    }
    entries(&e, a);
}
