/* options_cmds.c: the +path, $setting and (file.icl) commands.
 *
 * Takes the text of one command (after its first character); sets the
 * paths, settings, constants and trace options of the Options, reads ICL
 * files, and prints the $list / $?NAME / $! pages. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "options_read.h"
#include "options_settings.h"

/* Grows an array kept in the options' arena so that one more fits.  The
 * capacity may be 0 for an array the caller filled itself. */
#define GROW(o, items, count, cap)                                         \
    do {                                                                   \
        if ((count) >= (cap)) {                                            \
            int ncap_ = (count) * 2 + 8;                                   \
            void *n_ = arena_alloc(&(o)->arena, (size_t)ncap_ * sizeof *(items)); \
            if (count) memcpy(n_, (items), (size_t)(count) * sizeof *(items)); \
            (items) = n_;                                                  \
            (cap) = ncap_;                                                 \
        }                                                                  \
    } while (0)

/* ---------------------------------------------------------------- paths */

typedef enum PathKind { PATH_LIST, PATH_FOLDER, PATH_NAME } PathKind;

static const struct { const char *name; int key; PathKind kind; } PATHS[] = {
    { "source_path", RDKEY_SOURCE_PATH, PATH_LIST },
    { "include_path", RDKEY_INCLUDE_PATH, PATH_LIST },
    { "icl_path", RDKEY_ICL_PATH, PATH_LIST },
    { "code_path", RDKEY_CODE_PATH, PATH_FOLDER },
    { "debugging_name", RDKEY_DEBUGGING_NAME, PATH_NAME },
    { "transcript_name", RDKEY_TRANSCRIPT_NAME, PATH_NAME },
    { "language_name", RDKEY_LANGUAGE_NAME, PATH_NAME },
    { "charset_map", RDKEY_CHARSET_MAP, PATH_NAME },
};

static PathList *path_list(Options *o, int key)
{
    switch (key) {
    case RDKEY_SOURCE_PATH: return &o->source_dirs;
    case RDKEY_INCLUDE_PATH: return &o->include_dirs;
    default: return &o->icl_dirs;
    }
}

static const char **path_field(Options *o, int key)
{
    switch (key) {
    case RDKEY_CODE_PATH: return &o->code_path;
    case RDKEY_DEBUGGING_NAME: return &o->debugging_name;
    case RDKEY_TRANSCRIPT_NAME: return &o->transcript_name;
    case RDKEY_LANGUAGE_NAME: return &o->language_name;
    default: return &o->charset_map;
    }
}

/* Splits "a,b,c" (an empty entry is the current folder). */
static int split_list(Arena *a, const char *value, const char ***out)
{
    int n = 1;
    for (const char *p = value; *p; p++) n += *p == ',';
    const char **items = arena_alloc(a, (size_t)n * sizeof *items);
    int i = 0;
    for (const char *p = value;; p++) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        items[i++] = arena_strndup(a, p, len);
        if (!e) break;
        p = e;
    }
    *out = items;
    return n;
}

/* +list=... replaces the list, ++list=... puts folders in front.  The
 * command line's `++` folders stay in front of what `!%` lines set. */
static void set_list(Reader *r, int key, const char *value, bool add)
{
    Options *o = r->o;
    PathList *pl = path_list(o, key);
    const char **items;
    int n = split_list(&o->arena, value, &items);
    bool cmd = r->from == FROM_CMDLINE;
    if (!add && !rd_may_set(r, key)) return;
    if (add && !cmd && o->cmdline_keys[key]) return;
    int keep = add ? pl->n : (cmd ? 0 : pl->pinned);
    int front = add ? (cmd ? 0 : pl->pinned) : keep;
    const char **dirs = arena_alloc(&o->arena, (size_t)(keep + n) * sizeof *dirs);
    memcpy(dirs, pl->dirs, (size_t)front * sizeof *dirs);
    memcpy(dirs + front, items, (size_t)n * sizeof *dirs);
    memcpy(dirs + front + n, pl->dirs + front,
           (size_t)(keep - front) * sizeof *dirs);
    pl->dirs = dirs;
    pl->n = keep + n;
    if (!add) pl->pinned = cmd ? 0 : pl->pinned;
    else if (cmd) pl->pinned += n;
}

static void set_one(Reader *r, int key, PathKind kind, const char *value,
                    bool add, const char *name)
{
    if (add || strchr(value, ',')) {
        rd_error(r, "+%s takes one %s: only source_path, include_path and "
                 "icl_path take a list or '++'", name,
                 kind == PATH_FOLDER ? "folder" : "name");
        return;
    }
    if (!rd_may_set(r, key)) return;
    bool unset = !value[0] && (kind == PATH_FOLDER || key == RDKEY_CHARSET_MAP);
    *path_field(r->o, key) = unset ? NULL : value;
}

void rd_path(Reader *r, const char *text)
{
    bool add = text[0] == '+';
    if (add) text++;
    const char *eq = strchr(text, '=');
    char name[32];
    if (!eq) {
        strcpy(name, "include_path");
    } else {
        size_t n = (size_t)(eq - text);
        if (n >= sizeof name) n = sizeof name - 1;
        for (size_t i = 0; i < n; i++)
            name[i] = (char)tolower((unsigned char)text[i]);
        name[n] = '\0';
    }
    const char *value = arena_strdup(&r->o->arena, eq ? eq + 1 : text);
    for (size_t i = 0; i < sizeof PATHS / sizeof PATHS[0]; i++) {
        if (strcmp(name, PATHS[i].name)) continue;
        if (PATHS[i].kind == PATH_LIST) set_list(r, PATHS[i].key, value, add);
        else set_one(r, PATHS[i].key, PATHS[i].kind, value, add, name);
        return;
    }
    rd_error(r, "no path called '%s': the paths are source_path, "
             "include_path, code_path, icl_path, debugging_name, "
             "transcript_name, language_name and charset_map", name);
}

/* ---------------------------------------------------------------- numbers */

/* A decimal number with an optional sign; false if `s` is anything else. */
static bool read_number(const char *s, int32_t *value)
{
    const char *p = s;
    if (*p == '+' || *p == '-') p++;
    if (!isdigit((unsigned char)*p)) return false;
    for (const char *q = p; *q; q++)
        if (!isdigit((unsigned char)*q)) return false;
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno || v > INT32_MAX) v = INT32_MAX;
    if (v < INT32_MIN) v = INT32_MIN;
    *value = (int32_t)v;
    return true;
}

static char *upper_dup(Arena *a, const char *s, size_t n)
{
    char *u = arena_strndup(a, s, n);
    for (char *p = u; *p; p++) *p = (char)toupper((unsigned char)*p);
    return u;
}

/* ---------------------------------------------------------------- $ forms */

static void store_setting(Reader *r, const char *name, int32_t value,
                          const char *text)
{
    Options *o = r->o;
    bool cmd = r->from == FROM_CMDLINE;
    for (int i = 0; i < o->n_settings; i++) {
        Setting *s = &o->settings[i];
        if (strcmp(s->name, name)) continue;
        if (!cmd && s->from_cmdline) return;
        s->value = value;
        s->text = text;
        s->from_cmdline = cmd;
        return;
    }
    GROW(o, o->settings, o->n_settings, o->cmd_settings_cap);
    o->settings[o->n_settings++] = (Setting){ name, value, text, cmd };
}

static void withdrawn(Reader *r, const SettingInfo *s)
{
    if (!r->o->warnings) return;
    if (s->use == SETUSE_WITHDRAWN5)
        rd_note(r, "the Inform 5 setting $%s has been withdrawn; it is "
                "ignored", s->name);
    else
        rd_note(r, "the memory setting $%s is no longer needed (tables "
                "grow as needed); it is ignored", s->name);
}

static void setting(Reader *r, const char *name, const char *value)
{
    const SettingInfo *s = opt_setting_info(name);
    if (!s) {
        rd_note(r, "there is no compiler setting $%s; it is ignored (vinform "
                "--help lists the settings)", name);
        return;
    }
    if (s->use == SETUSE_WITHDRAWN5 || s->use == SETUSE_WITHDRAWN6) {
        withdrawn(r, s);
        return;
    }
    if (s->text) {
        size_t n = strlen(value);
        if (n >= 2 && value[0] == '"' && value[n - 1] == '"')
            value = arena_strndup(&r->o->arena, value + 1, n - 2);
        store_setting(r, s->name, 0, value);
        return;
    }
    int32_t v;
    if (!read_number(value, &v)) {
        rd_warning(r, "$%s must be set to a number, not '%s'; it is left "
                   "as it was", s->name, value);
        return;
    }
    store_setting(r, s->name, v < 0 ? 0 : v, NULL);
}

/* $NAME with no '=': $list, the withdrawn $SMALL/$LARGE/$HUGE, or a
 * setting given without its value. */
static void bare_dollar(Reader *r, const char *name)
{
    FILE *out;
    const SettingInfo *s = opt_setting_info(name);
    if (!strcmp(name, "LIST")) {
        if ((out = rd_info(r)) != NULL) opt_list_settings(out, r->o);
    } else if (!strcmp(name, "SMALL") || !strcmp(name, "LARGE")
               || !strcmp(name, "HUGE")) {
        rd_note(r, "the memory size command $%s is no longer needed and has "
                "been withdrawn; it is ignored", name);
    } else if (s && (s->use == SETUSE_WITHDRAWN5 || s->use == SETUSE_WITHDRAWN6)) {
        withdrawn(r, s);
    } else if (s) {
        rd_warning(r, "$%s needs a value, as in $%s=%s; it is left as it "
                   "was", name, name, s->text ? "\"...\"" : "1");
    } else {
        rd_note(r, "there is no compiler setting $%s; it is ignored (vinform "
                "--help lists the settings)", name);
    }
}

static bool is_identifier(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_') return false;
    for (s++; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_') return false;
    return true;
}

/* $#SYMBOL or $#SYMBOL=N: a constant defined before the source is read. */
static void define(Reader *r, const char *text)
{
    Options *o = r->o;
    const char *eq = strchr(text, '=');
    char *name = arena_strndup(&o->arena, text, eq ? (size_t)(eq - text)
                               : strlen(text));
    int32_t value = 0;
    if (!is_identifier(name)) {
        rd_warning(r, "$#%s: '%s' is not a symbol name (a letter or '_', "
                   "then letters, digits or '_'); nothing is defined", text,
                   name);
        return;
    }
    if (eq && !read_number(eq + 1, &value)) {
        rd_warning(r, "$#%s must be set to a number, not '%s'; nothing is "
                   "defined", name, eq + 1);
        return;
    }
    bool cmd = r->from == FROM_CMDLINE;
    for (int i = 0; i < o->n_defines; i++) {
        Define *d = &o->defines[i];
        if (strcasecmp(d->name, name)) continue;
        if (!cmd && d->from_cmdline) return;
        if (cmd == d->from_cmdline && d->value != value) {
            /* inform6 6.45 defines each in turn: the second clashes */
            rd_error(r, "$#%s=%ld: '%s' is already defined as %ld (names "
                     "are the same in any case); define it once",
                     name, (long)value, d->name, (long)d->value);
            return;
        }
        *d = (Define){ name, value, cmd };
        return;
    }
    GROW(o, o->defines, o->n_defines, o->cmd_defines_cap);
    o->defines[o->n_defines++] = (Define){ name, value, cmd };
}

/* $! (list), $!NAME, $!NAME=LEVEL. */
static void trace(Reader *r, const char *text)
{
    Options *o = r->o;
    FILE *out;
    if (!text[0]) {
        if ((out = rd_info(r)) != NULL) opt_list_traces(out);
        return;
    }
    const char *eq = strchr(text, '=');
    const char *name = upper_dup(&o->arena, text, eq ? (size_t)(eq - text)
                                 : strlen(text));
    int32_t level = 1;
    const char *known = opt_trace_name(name);
    if (!known) {
        rd_note(r, "there is no trace option $!%s; it is ignored ($! lists "
                "them)", name);
        return;
    }
    name = known;               /* $!PROPERTIES is $!PROPS ... */
    if (eq && !read_number(eq + 1, &level)) {
        rd_error(r, "$!%s must be set to a level number, not '%s'", name,
                 eq + 1);
        return;
    }
    bool cmd = r->from == FROM_CMDLINE;
    for (int i = 0; i < o->n_traces; i++) {
        TraceOpt *t = &o->traces[i];
        if (strcmp(t->name, name)) continue;
        if (!cmd && t->from_cmdline) return;
        *t = (TraceOpt){ name, level, cmd };
        return;
    }
    GROW(o, o->traces, o->n_traces, o->cmd_traces_cap);
    o->traces[o->n_traces++] = (TraceOpt){ name, level, cmd };
}

void rd_dollar(Reader *r, const char *text)
{
    FILE *out;
    switch (text[0]) {
    case '!': trace(r, text + 1); return;
    case '#': define(r, text + 1); return;
    case '?':
        if (!text[1]) rd_error(r, "'$?' must be followed by a setting name, "
                               "as in $?MAX_ABBREVS");
        else if ((out = rd_info(r)) != NULL)
            opt_explain_setting(out, upper_dup(&r->o->arena, text + 1,
                                               strlen(text + 1)));
        return;
    case '\0':
        rd_error(r, "'$' must be followed by a setting, as in "
                 "$MAX_ABBREVS=80 (or $list)");
        return;
    }
    const char *eq = strchr(text, '=');
    char *name = upper_dup(&r->o->arena, text,
                           eq ? (size_t)(eq - text) : strlen(text));
    if (!eq) bare_dollar(r, name);
    else setting(r, name, eq + 1);
}

/* ---------------------------------------------------------------- ICL */

char *rd_word(Arena *a, const char *text, size_t end, size_t *pos,
              size_t *start)
{
    size_t i = *pos;
    while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'
                       || text[i] == '\n'))
        i++;
    *start = i;
    if (i < end && text[i] == '!') {
        *pos = end;
        return arena_strdup(a, "");
    }
    char *w = arena_alloc(a, end - i + 1);
    size_t n = 0;
    bool quoted = false;
    for (; i < end; i++) {
        char c = text[i];
        if (c == '\r' || c == '\n' || c == '\t' || (c == ' ' && !quoted)) break;
        if (c == '"') quoted = !quoted;
        else w[n++] = c;
    }
    w[n] = '\0';
    *pos = i;
    return w;
}

/* The name with ".icl" when it has no extension ("name." has none). */
static char *icl_name(Arena *a, const char *dir, const char *name)
{
    size_t n = strlen(name);
    const char *slash = strrchr(name, '/');
    const char *dot = strrchr(slash ? slash : name, '.');
    const char *ext = dot ? "" : ".icl";
    if (n && name[n - 1] == '.') n--;
    const char *sep = dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "";
    return arena_printf(a, "%s%s%.*s%s", dir, sep, (int)n, name, ext);
}

static char *read_icl(Reader *r, const char *name, char **path, size_t *len)
{
    Options *o = r->o;
    int ndirs = strchr(name, '/') ? 1 : o->icl_dirs.n;
    for (int i = 0; i < ndirs; i++) {
        const char *dir = strchr(name, '/') ? "" : o->icl_dirs.dirs[i];
        *path = icl_name(&o->arena, dir, name);
        FILE *f = fopen(*path, "rb");
        if (!f) continue;
        size_t cap = 4096, n = 0, got;
        char *buf = xmalloc(cap);
        while ((got = fread(buf + n, 1, cap - n, f)) > 0)
            if ((n += got) == cap) buf = xrealloc(buf, cap *= 2);
        fclose(f);
        *len = n;
        return buf;
    }
    rd_error(r, "cannot open the ICL file '%s'", icl_name(&o->arena, "", name));
    return NULL;
}

/* One line of an ICL file: a command, or `compile SOURCE [OUTPUT]`. */
static void icl_line(Reader *r, const char *text, size_t end, size_t pos)
{
    size_t start;
    Arena *a = &r->o->arena;
    char *w = rd_word(a, text, end, &pos, &start);
    if (!w[0]) return;
    if (rd_is_command(w)) {
        rd_command(r, w);
    } else if (!strcmp(w, "compile")) {
        char *src = rd_word(a, text, end, &pos, &start);
        char *out = rd_word(a, text, end, &pos, &start);
        if (!src[0]) rd_error(r, "'compile' must be followed by a file name");
        else if (r->o->source)
            rd_error(r, "vinform compiles one source at a time; '%s' was "
                     "already given", r->o->source);
        else {
            r->o->source = src;
            if (out[0]) r->o->output = out;
        }
    } else {
        rd_error(r, "expected a command (-switches, +path=dir, $SETTING=N, "
                 "(file.icl)) or a '!' comment, found '%s'", w);
        return;
    }
    char *rest = rd_word(a, text, end, &pos, &start);
    if (rest[0])
        rd_error(r, "expected a '!' comment or nothing after '%s', found '%s'",
                 w, rest);
}

void rd_icl_file(Reader *r, const char *name)
{
    if (r->icl_depth >= 16) {
        rd_error(r, "ICL files nested too deeply: does '%s' include itself?",
                 name);
        return;
    }
    char *path;
    size_t len;
    char *text = read_icl(r, name, &path, &len);
    if (!text) return;
    Reader sub = *r;
    sub.icl_name = path;
    sub.icl_depth++;
    sub.ok = true;
    size_t pos = 0;
    for (sub.icl_line = 1; pos < len; sub.icl_line++) {
        size_t end = pos;
        while (end < len && text[end] != '\n') end++;
        icl_line(&sub, text, end, pos);
        pos = end + 1;
    }
    free(text);
    if (!sub.ok) r->ok = false;
}
