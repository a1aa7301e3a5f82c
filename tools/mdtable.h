/* mdtable.h: pipe tables for mdrender.
 *
 * libcmark reads plain CommonMark, which has no tables, but the manual is
 * also read on the web, where `| a | b |` tables are usual.  This pass
 * rewrites each such table before cmark parses the page: into a raw HTML
 * <table> block for the HTML manual, or into a bullet list ("- first cell:
 * second cell; header 3: cell 3") for the man page. */
#ifndef MDTABLE_H
#define MDTABLE_H

#include <stdbool.h>
#include <stddef.h>

/* Renders one cell's inline Markdown to HTML (without a <p> wrapper) into
 * a malloc'd string. */
typedef char *(*MdtInlineFn)(const char *md, size_t len);

/* Returns a malloc'd copy of `text` with every pipe table outside fenced
 * code rewritten (html: with `cell` for each cell; otherwise as a list),
 * and its length in *out_len. */
char *mdt_rewrite(const char *text, size_t len, bool html, MdtInlineFn cell,
                  size_t *out_len);

#endif
