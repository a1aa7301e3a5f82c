/* gasm_relax.c: a Glulx function's branch offsets settled and its bytes
 * laid out (gasm_end, gasm.h).
 *
 * Takes the function as gasm.c wrote it, every branch offset 4 bytes
 * long; gives it with each offset in the fewest bytes (4, 2 or 1) that
 * reach its label, and without any @jump to the very next instruction
 * (and the sequence points' final offsets), in place.
 * Offsets only shrink, and shrinking one only brings labels nearer to
 * the others, so shrinking until nothing changes settles (inform6 stops
 * after the first round; this never gives a longer function). */
#include "gasm_int.h"

#include <stdlib.h>
#include <string.h>

/* Bytes a fix-up takes out of the function: the offset's unused bytes,
 * or the whole dropped @jump. */
static size_t removed(const GFix *f)
{
    return f->size == 0 ? f->at + 4 - f->start : (size_t)(4 - f->size);
}

/* before[i]: the bytes removed by fix-ups 0..i-1 (nfix + 1 entries). */
static void sum_removed(const GAsm *a, size_t *before)
{
    before[0] = 0;
    for (size_t i = 0; i < a->nfix; i++)
        before[i + 1] = before[i] + removed(&a->fix[i]);
}

/* How many fix-ups lie wholly before raw offset p (at + 4 <= p): those
 * whose removed bytes move p. */
static size_t fixes_before(const GAsm *a, size_t p)
{
    size_t lo = 0, hi = a->nfix;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (a->fix[mid].at + 4 <= p) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Where raw offset p ends up: every fix-up wholly before it counts. */
static size_t final_of(const GAsm *a, const size_t *before, size_t p)
{
    return p - before[fixes_before(a, p)];
}

/* The offset of fix-up i (the fix-ups before it are 0..i-1: they are in
 * the order of the code; those before its label, label_fix) at `size`
 * bytes. */
static int32_t offset_of(const GAsm *a, const size_t *before, size_t i,
                         int size)
{
    const GFix *f = &a->fix[i];
    size_t dest = a->labels[f->label] - before[a->label_fix[f->label]];
    size_t from = f->at - before[i] + (size_t)size;
    return (int32_t)((int64_t)dest - (int64_t)from + 2);
}

static bool fits(int32_t v, int size)
{
    return size == 4 || (size == 2 ? v >= -0x8000 && v < 0x8000
                                   : v >= -0x80 && v < 0x80);
}

/* Shrinks offsets until none can shrink. */
static void relax(GAsm *a, size_t *before)
{
    for (size_t i = 0; i < a->nfix; i++) {
        GFix *f = &a->fix[i];
        if (f->is_jump && a->labels[f->label] == f->at + 4) f->size = 0;
    }
    bool changed = true;
    while (changed) {
        changed = false;
        sum_removed(a, before);
        for (size_t i = 0; i < a->nfix; i++) {
            GFix *f = &a->fix[i];
            for (int s = 1; s < f->size; s *= 2)
                if (fits(offset_of(a, before, i, s), s)) {
                    f->size = s;
                    changed = true;
                    break;
                }
        }
    }
    sum_removed(a, before);
}

static void put_be(uint8_t *p, uint32_t v, int width)
{
    for (int i = 0; i < width; i++)
        p[i] = (uint8_t)(v >> (8 * (width - 1 - i)));
}

bool gasm_end(GAsm *a, GRoutineCode *out)
{
    for (size_t i = 0; i < a->nfix; i++)
        if (a->labels[a->fix[i].label] == GASM_UNPLACED)
            gasm_fail(a, "a branch goes to a label that is never placed");
    if (a->error[0]) return false;
    VEC_RESERVE(NULL, a->before, 0, a->beforecap, a->nfix + 1);
    size_t *before = a->before;
    relax(a, before);
    size_t n = a->len - before[a->nfix];
    /* in place: every byte moves down or stays, and what a fix-up
     * writes lies in the bytes already read */
    size_t from = 0, to = 0;
    for (size_t i = 0; i < a->nfix; i++) {
        GFix *f = &a->fix[i];
        size_t keep = (f->size == 0 ? f->start : f->at) - from;
        memmove(a->code + to, a->code + from, keep);
        to += keep;
        from = f->at + 4;
        if (f->size == 0) continue;
        /* the mode byte is in what was just moved: modes 1, 2, 3 */
        unsigned m = f->size == 1 ? 1 : f->size == 2 ? 2 : 3;
        uint8_t *mb = a->code + (to - (f->at - f->mode));
        *mb = (uint8_t)(f->high ? (*mb & 0x0F) | (m << 4) : (*mb & 0xF0) | m);
        put_be(a->code + to, (uint32_t)offset_of(a, before, i, f->size), f->size);
        to += (size_t)f->size;
    }
    memmove(a->code + to, a->code + from, a->len - from);
    /* The relocations are in the order of the code too: the fix-ups
     * before each are counted on from the last one's. */
    size_t k = 0, last = 0;
    for (size_t i = 0; i < a->nrelocs; i++) {
        size_t p = a->relocs[i].offset;
        if (p < last) k = 0;
        last = p;
        while (k < a->nfix && a->fix[k].at + 4 <= p) k++;
        a->relocs[i].offset = (uint32_t)(p - before[k]);
    }
    for (size_t i = 0; i < a->npoints; i++)
        a->points[i].offset = (uint32_t)final_of(a, before, a->points[i].offset);
    a->len = n;
    *out = (GRoutineCode){ .bytes = a->code, .len = n,
                           .relocs = a->relocs, .nrelocs = a->nrelocs };
    return true;
}
