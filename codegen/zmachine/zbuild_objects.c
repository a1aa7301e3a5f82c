/* zbuild_objects.c: the program's property defaults and objects into the
 * Z object table writer (objects.h).
 *
 * Takes the Program's objects (numbered, inheritance resolved) one step
 * at a time; gives each its Z-encoded short name (the quoted name, else
 * "(Name)", "(N)", a class's name, "C_1"; the metaclasses' without
 * abbreviations, as inform6 makes them before reading any source) and
 * its values as ZOperands. */
#include "zbuild.h"

#include <stdlib.h>
#include <string.h>

void zbd_property(ZBuild *b, int prop)
{
    if (prop < 0 || prop > PROG_MAX_COMMON) return;
    zo_prop_default(b->objs, prop,
                    zbd_operand(b, b->prog->objects.defaults[prop]));
}

static void encode_text(ZBuild *b, const char *text, int flags, ZBuf *out)
{
    size_t n = strlen(text);
    uint32_t *u = xmalloc((n + 1) * sizeof *u);
    for (size_t i = 0; i < n; i++) u[i] = (unsigned char)text[i];
    zt_encode(&b->zt, u, n, flags, out, NULL);
    free(u);
}

static void short_name(ZBuild *b, const ProgObject *ob, ZBuf *out)
{
    const IrString *s = zbd_string(b, ob->short_string);
    if (!s) {
        encode_text(b, ob->short_text ? ob->short_text : "",
                    ob->metaclass ? ZTE_NO_ABBREV : 0, out);
        return;
    }
    ZTextErr err = { 0 };
    zt_encode(&b->zt, s->units, (size_t)s->len, 0, out, &err);
    if (err.kind == ZTE_NO_ZSCII) {
        diag_error(&ob->loc, "this name holds a character that the story's "
                   "character set does not have (U+%04X); declare it with "
                   "'Zcharacter table'", (unsigned)err.unit);
        b->errors++;
    }
}

static ZOperand value(void *ctx, IrValue v)
{
    return zbd_operand(ctx, v);
}

void zbd_object(ZBuild *b, int number)
{
    const ProgObject *ob = pobj_get(&b->prog->objects, number);
    if (!ob) return;
    ZBuf name = { 0 };
    short_name(b, ob, &name);
    /* The property table counts the name's words in one byte. */
    if (name.len / 2 > 255) {
        diag_error(&ob->loc, "Short name of object exceeded 765 Z-characters: "
                   "this one encodes to %zu (the Z-machine counts them in "
                   "one byte of words); shorten it, or print the rest from "
                   "a 'short_name' routine", name.len / 2 * 3);
        b->errors++;
        zb_free(&name);
        return;
    }
    if (zo_object(b->objs, ob, name.data, name.len, value, b) < 0)
        zbd_report(b, &ob->loc, zo_error(b->objs), false);
    zb_free(&name);
}

void zbd_metaclasses(ZBuild *b)
{
    for (int k = 1; k <= b->prog->objects.nobjs; k++) {
        const ProgObject *ob = pobj_get(&b->prog->objects, k);
        if (!ob->metaclass) break;
        zbd_object(b, k);
    }
}
