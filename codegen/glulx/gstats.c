/* gstats.c: what -s prints about a linked Glulx story, in the form of
 * the "Out:" part of inform6 6.45's Glulx statistics.
 *
 * Takes the linker's state after gl_link (the image, the areas' places,
 * the program's counts); gives text on the stream the driver chooses
 * (standard output, as inform6).  The labels and widths are inform6's;
 * where inform6 counts what vinform does not keep (instructions, sequence
 * points), the line gives vinform's own counts instead: the code's bytes
 * and the strings'; a line for varying strings is vinform's too. */
#include "glink.h"

#include <stdio.h>

#include "../../compiler/options.h"

/* inform6's size: whole kilobytes, or a half when the rest is less than
 * half a kilobyte. */
static void size_in_k(char *buf, size_t n, size_t bytes)
{
    size_t k = bytes / 1024, rest = bytes % 1024;
    if (rest >= 512) snprintf(buf, n, "%zuK", k + 1);
    else if (rest > 0) snprintf(buf, n, "%zu.5K", k);
    else snprintf(buf, n, "%zuK", k);
}

static int routines_placed(const GLink *k)
{
    int n = 1;                                      /* Main__ */
    for (int i = 0; i < k->routine_cap; i++)
        if (k->routine_at[i] != UINT32_MAX) n++;
    return n;
}

static void counts(const GLink *k, FILE *out)
{
    const Program *p = k->prog;
    const ProgGrammar *g = p->grammar;
    fprintf(out, "%6d classes                      %6d objects\n",
            p->objects.nclasses, p->objects.nobjs);
    fprintf(out, "%6lu global vars                  %6lu variable/array "
            "space\n", (unsigned long)(k->area[GA_GLOBALS].len / 4),
            (unsigned long)k->area[GA_ARRAYS].len);
    fprintf(out, "%6d verbs                        %6d dictionary entries\n",
            g->nverbs, k->dict.n);
    fprintf(out, "%6d grammar lines (version %d)    %6d grammar tokens "
            "(unlimited)\n", p->grammar_lines, g->version, p->grammar_tokens);
    fprintf(out, "%6d actions                      %6d attributes (maximum "
            "%2d)\n", g->nactions, p->nattributes, k->attr_bytes * 8);
    fprintf(out, "%6d common props (maximum %3d)   %6d individual props "
            "(unlimited)\n", k->ncommon - 3, k->indiv_start - 3,
            p->nprops - k->indiv_start);
}

/* The text's characters and the bytes of the decoding table and the
 * strings, the rate truncated to thousandths as inform6 prints it; then
 * vinform's own line where inform6 counts instructions: the code's
 * bytes and the strings placed. */
static void text_and_code(const GLink *k, FILE *out)
{
    unsigned long bytes = (unsigned long)k->area[GA_DECODE].len;
    unsigned long chars = k->chars_in;
    unsigned long rate = chars ? bytes * 1000 / chars : 0;
    fprintf(out, "%6lu characters used in text      %6lu bytes compressed "
            "(rate %lu.%03lu)\n", chars, bytes, rate / 1000, rate % 1000);
    fprintf(out, "%6d abbreviations (maximum %d)   %6d routines "
            "(unlimited)\n",
            k->c->opts->economy ? k->prog->nabbreviations : 0,
            (int)opt_setting_value(k->c->opts, "MAX_ABBREVS"),
            routines_placed(k));
    fprintf(out, "%6lu bytes of code                %6d strings (%lu "
            "bytes)\n", (unsigned long)k->code.len, k->nstrings_placed,
            bytes - k->decode_len);
    if (ir_omitted_count(k->ir))      /* vinform's own, as on the Z-machine */
        fprintf(out, "%6d routines left out by $OMIT_UNUSED_ROUTINES\n",
                ir_omitted_count(k->ir));
    if (k->ir->nvarying)    /* vinform's own, as on the Z-machine */
        fprintf(out, "%6d varying substrings           %6d bytes of "
                "varying-string state\n", k->ir->nvarying,
                4 * k->ir->nvarying_state);
}

void gl_statistics(const GLink *k, FILE *out)
{
    const uint8_t *h = k->image.data;
    unsigned long size = (unsigned long)k->image.len;
    unsigned long ramstart = k->at[GA_GLOBALS];
    char kb[32];
    size_in_k(kb, sizeof kb, size);
    fprintf(out, "Out:   Glulx story file %u.%.6s (%s long):\n",
            (unsigned)(h[0x34] << 8 | h[0x35]), (const char *)h + 0x36, kb);
    counts(k, out);
    text_and_code(k, out);
    fprintf(out, "%6lu bytes writable memory used   %6lu bytes read-only "
            "memory used\n", size - ramstart, ramstart);
    /* free: up to inform6's limit of 1 GiB */
    fprintf(out, "%6lu bytes used in machine    %10lu bytes free in "
            "machine\n", size, 0x40000000ul - size);
}
