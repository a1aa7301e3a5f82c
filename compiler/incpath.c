/* incpath.c: where source files are looked for (see incpath.h).
 *
 * The rules are inform6's (checked against inform6 6.41 on this machine):
 *  - a name ending in '.' has no extension (the '.' is dropped); a name
 *    with a '.' in its last part keeps its extension; others get ".h"
 *    (Include) or ".inf" (the main file, Include ">name");
 *  - a name holding '/' is used as it is, from the current folder;
 *  - Include ">name" looks in the main file's folder (inform6 uses the
 *    main file's, not the including file's), then, vinform's addition,
 *    in the including file's folder;
 *  - otherwise each +include_path folder in order; without one vinform
 *    searches the current folder, then VINFORM_LIBRARY_DIR; after those,
 *    vinform's addition, the installed stdlib folder VINFORM_STDLIB_DIR
 *    when it exists (so Include "text" works after `make install`);
 *  - Include "language__" means +language_name (English).
 * vinform adds one more: when no file has the exact name, a file in the
 * same folders whose name differs only in letter case (old sources say
 * Include "Parser" where the library has parser.h). */
#include "incpath.h"

#include <dirent.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static const char *join(Arena *a, const char *dir, const char *name)
{
    if (!dir[0]) return name;
    size_t n = strlen(dir);
    return arena_printf(a, "%s%s%s", dir, dir[n - 1] == '/' ? "" : "/", name);
}

/* The folder part of a path ("" when it has none). */
static const char *folder_of(Arena *a, const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? arena_strndup(a, path, (size_t)(slash - path + 1)) : "";
}

/* `name` with `ext` added under the extension rules above. */
static const char *with_extension(Arena *a, const char *name, const char *ext,
                                  bool *had_one)
{
    size_t n = strlen(name);
    const char *slash = strrchr(name, '/');
    *had_one = true;
    if (n && name[n - 1] == '.') return arena_strndup(a, name, n - 1);
    if (strchr(slash ? slash : name, '.')) return name;
    *had_one = false;
    return arena_printf(a, "%s%s", name, ext);
}

static void fill_paths(IncSearch *s, Arena *a)
{
    s->paths = arena_alloc(a, (size_t)(s->ndirs * s->nnames + 1)
                           * sizeof *s->paths);
    s->n = 0;
    for (int d = 0; d < s->ndirs; d++)
        for (int k = 0; k < s->nnames; k++)
            s->paths[s->n++] = join(a, s->dirs[d], s->names[k]);
    s->wanted = s->nnames ? s->names[0] : "";
}

void inc_main_candidates(IncSearch *s, Arena *a, const Options *o,
                         const char *name)
{
    static const char *here[] = { "" };
    bool had;
    memset(s, 0, sizeof *s);
    s->names = arena_alloc(a, 2 * sizeof *s->names);
    s->names[s->nnames++] = with_extension(a, name, ".inf", &had);
    if (!had) s->names[s->nnames++] = name;
    if (strchr(name, '/') || !o || !o->source_dirs.n) {
        s->dirs = here;
        s->ndirs = 1;
    } else {
        s->dirs = o->source_dirs.dirs;
        s->ndirs = o->source_dirs.n;
    }
    fill_paths(s, a);
}

/* dirs[0..n) and then the installed stdlib folder, when there is one.
 * Looked for at each Include (a stat) rather than once, so that nothing
 * is kept between compilations. */
static const char **then_stdlib(Arena *a, const char **dirs, int n,
                                int *ndirs)
{
    *ndirs = n;
#ifdef VINFORM_STDLIB_DIR
    struct stat st;
    if (stat(VINFORM_STDLIB_DIR, &st) != 0 || !S_ISDIR(st.st_mode))
        return dirs;
    const char **all = arena_alloc(a, (size_t)(n + 1) * sizeof *all);
    for (int i = 0; i < n; i++) all[i] = dirs[i];
    all[n] = VINFORM_STDLIB_DIR;
    *ndirs = n + 1;
    return all;
#else
    (void)a;
    return dirs;
#endif
}

void inc_include_candidates(IncSearch *s, Arena *a, const Options *o,
                            const char *name, const char *main_path,
                            const char *cur_path)
{
    static const char *here[] = { "" };
    static const char *standard[] = { "", VINFORM_LIBRARY_DIR };
    bool had;
    memset(s, 0, sizeof *s);
    if (!strcmp(name, "language__"))
        name = o && o->language_name ? o->language_name : "English";
    s->names = arena_alloc(a, sizeof *s->names);
    s->nnames = 1;
    if (name[0] == '>') {
        s->names[0] = with_extension(a, name + 1, ".inf", &had);
        s->dirs = arena_alloc(a, 2 * sizeof *s->dirs);
        s->dirs[s->ndirs++] = folder_of(a, main_path);
        const char *cur = folder_of(a, cur_path);
        if (cur_path && strcmp(cur, s->dirs[0])) s->dirs[s->ndirs++] = cur;
    } else {
        s->names[0] = with_extension(a, name, ".h", &had);
        if (strchr(name, '/')) {
            s->dirs = here;
            s->ndirs = 1;
        } else if (o) {
            /* include_path mirrors include_dirs (opt_finalize), and is
             * what callers that fill an Options by hand set */
            s->dirs = then_stdlib(a, o->include_path,
                                  o->include_path ? o->n_include_path : 0,
                                  &s->ndirs);
            s->uses_include_path = true;
        } else {
            s->dirs = then_stdlib(a, standard, 2, &s->ndirs);
            s->uses_include_path = true;
        }
    }
    fill_paths(s, a);
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A file in `folder` whose name is `base` but for letter case (the first
 * such in byte order, so the choice does not depend on the file system). */
static const char *case_match(Arena *a, const char *folder, const char *base)
{
    DIR *d = opendir(folder[0] ? folder : ".");
    if (!d) return NULL;
    const char *best = NULL;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        if (strcasecmp(ent->d_name, base)) continue;
        const char *path = join(a, folder, ent->d_name);
        if (is_file(path) && (!best || strcmp(path, best) < 0)) best = path;
    }
    closedir(d);
    return best;
}

const char *inc_find(const IncSearch *s, Arena *a)
{
    for (int i = 0; i < s->n; i++)
        if (is_file(s->paths[i])) return s->paths[i];
    for (int i = 0; i < s->n; i++) {
        const char *path = s->paths[i];
        const char *slash = strrchr(path, '/');
        const char *folder = slash ? arena_strndup(a, path,
                                                   (size_t)(slash - path + 1))
                                   : "";
        const char *found = case_match(a, folder, slash ? slash + 1 : path);
        if (found) return found;
    }
    return NULL;
}

static const char *listing(Arena *a, const char **items, int n, bool dirs)
{
    const char *out = "";
    for (int i = 0; i < n; i++) {
        const char *item = dirs && !items[i][0] ? "." : items[i];
        out = arena_printf(a, "%s%s%s", out, i ? ", " : "", item);
    }
    return out;
}

const char *inc_tried(const IncSearch *s, Arena *a)
{
    return listing(a, s->paths, s->n, false);
}

const char *inc_folders(const IncSearch *s, Arena *a)
{
    return listing(a, s->dirs, s->ndirs, true);
}
