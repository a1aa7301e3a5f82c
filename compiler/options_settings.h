/* options_settings.h: the table of `$` compiler settings and `$!` trace options.
 *
 * Takes a setting's name; gives its description, its limits and its
 * defaults for each target (the settings of inform6 6.45, plus vinform's
 * own $VARYING_STRINGS), and prints the `$list`, `$?NAME` and `$!` pages.
 * compiler/options.c stores the values; this file only knows about them. */
#ifndef VINFORM_OPTIONS_SETTINGS_H
#define VINFORM_OPTIONS_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "options.h"

typedef enum SettingUse {
    SETUSE_ALL,         /* both targets */
    SETUSE_Z,           /* meaningful only for the Z-machine */
    SETUSE_GLULX,       /* meaningful only for Glulx */
    SETUSE_VINFORM,     /* vinform's own */
    SETUSE_WITHDRAWN5,  /* an Inform 5 setting, gone */
    SETUSE_WITHDRAWN6,  /* an Inform 6 memory setting no longer needed */
} SettingUse;

typedef enum SettingLimit {
    SETLIM_ANY,         /* any value >= 0 */
    SETLIM_MAX,         /* 0 .. max */
    SETLIM_MAX_Z,       /* 0 .. max on the Z-machine, any on Glulx */
    SETLIM_MUL256,      /* rounded up to a multiple of 256 */
} SettingLimit;

typedef struct SettingInfo {
    const char *name;
    SettingUse use;
    SettingLimit limit;
    int32_t max;
    int32_t z_default, glulx_default;
    bool text;          /* the value is text ($ZALPHABET, $ZCHAR_TABLE) */
    const char *what;   /* one or two sentences for `$?NAME` */
} SettingInfo;

/* The setting called `name` (upper case), withdrawn ones included, or
 * NULL. */
const SettingInfo *opt_setting_info(const char *name);

/* `$list`: every current setting of the chosen target and its value. */
void opt_list_settings(FILE *out, const Options *o);
/* `$?NAME`: what the setting is for and its defaults. */
void opt_explain_setting(FILE *out, const char *name);
/* Every setting, for --help. */
void opt_help_settings(FILE *out);

/* `$!NAME`: true when NAME (upper case) is one of inform6's trace options. */
bool opt_trace_known(const char *name);
/* The trace option NAME (upper case) is, under any of inform6 6.45's
 * spellings ($!PROPERTIES is PROPS); NULL when there is none. */
const char *opt_trace_name(const char *name);
/* The level a $!NAME trace option was given (the last one wins), 0 when
 * it was not. */
int opt_trace_level(const Options *o, const char *name);
/* `$!` / --helptrace: the trace options. */
void opt_list_traces(FILE *out);

/* Checks the settings against the chosen target, as inform6 does when it
 * starts compiling: errors for settings the Z-machine fixes, warnings
 * where inform6 adjusts a value. */
void opt_check_settings(const Options *o);

#endif
