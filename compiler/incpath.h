/* incpath.h: where source files are looked for.
 *
 * Takes a name as given (on the command line or in an Include directive)
 * and the Options' paths; gives the folders and file name to try, in
 * inform6's order, and finds the file, falling back to a name that
 * differs only in letter case.  Private to compiler/source.c. */
#ifndef VINFORM_INCPATH_H
#define VINFORM_INCPATH_H

#include <stdbool.h>
#include "arena.h"
#include "options.h"

typedef struct IncSearch {
    const char **dirs;      /* folders, in order ("" = current folder) */
    int ndirs;
    const char **names;     /* names to try in each folder, in order */
    int nnames;
    const char **paths;     /* every folder/name, in the order tried */
    int n;
    const char *wanted;     /* the first name, for messages */
    bool uses_include_path; /* the folders came from +include_path */
} IncSearch;

/* The main file: each +source_path folder (or the name as it is when it
 * holds a '/'); ".inf" added when the name has no extension, then the
 * plain name. */
void inc_main_candidates(IncSearch *s, Arena *a, const Options *o,
                         const char *name);

/* Include "name": see inc_include_candidates in incpath.c for the rules.
 * main_path and cur_path are the main file's and the including file's
 * paths (or NULL). */
void inc_include_candidates(IncSearch *s, Arena *a, const Options *o,
                            const char *name, const char *main_path,
                            const char *cur_path);

/* The first path that names a regular file, else the first file in the
 * same folders whose name differs only in case; NULL when none. */
const char *inc_find(const IncSearch *s, Arena *a);

/* "a, b, c" lists of the paths tried / folders searched. */
const char *inc_tried(const IncSearch *s, Arena *a);
const char *inc_folders(const IncSearch *s, Arena *a);

#endif
