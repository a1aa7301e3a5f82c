/* actions.h: actions and fake actions (zmachine-layout.md section 10):
 * numbering in order of first mention, the meta flag and inform6's
 * $GRAMMAR_META_FLAG sorting (meta actions first), and the actions table
 * (one packed ...Sub routine address per action).
 *
 * Takes action names as the program mentions them (grammar lines,
 * ##Name, <Name ...>, action-switch cases), Fake_action directives, and
 * each action's ...Sub routine (an id the linker resolves as
 * ZR_ROUTINE); gives numbers, the final (sorted) numbering, and the table. */
#ifndef VINFORM_ZM_ACTIONS_H
#define VINFORM_ZM_ACTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include "zblock.h"

typedef struct ZActions ZActions;

/* Grammar version 1 allows 256 actions and numbers fake actions from 256;
 * versions 2 and 3 allow 1024 (the 10-bit field of a grammar line) and
 * number fake actions from 4096.  `meta_flag` is $GRAMMAR_META_FLAG. */
ZActions *za_new(int grammar_version, bool meta_flag);
void za_free(ZActions *a);

/* The number of action `name` (without ##; case does not matter), made
 * on first mention; a fake action's number when `name` is one.  -1 past
 * the limit, with za_error() saying so. */
int za_action(ZActions *a, const char *name);
/* The number of an existing action or fake action, or -1. */
int za_find(const ZActions *a, const char *name);
/* `Fake_action name;`: numbered from 256 (GV1) or 4096.  -1 if the name
 * is already an action. */
int za_fake_action(ZActions *a, const char *name);

/* Marks an action meta (a line of `Verb meta`, or `-> Name meta`). */
void za_set_meta(ZActions *a, int action);
bool za_is_meta(const ZActions *a, int action);
/* The routine (ZR_ROUTINE target) of action's NameSub. */
void za_set_routine(ZActions *a, int action, uint32_t routine);

int za_count(const ZActions *a);
int za_fake_count(const ZActions *a);
int za_lowest_fake(const ZActions *a);     /* 256 or 4096 */
int za_meta_count(const ZActions *a);      /* with meta_flag */
const char *za_name(const ZActions *a, int action);
bool za_meta_flag(const ZActions *a);
const char *za_error(const ZActions *a);

/* The number an action has in the story: with meta_flag, meta actions
 * come first (in order of first mention), then the others; otherwise the
 * number itself.  Fake actions keep theirs.  This resolves ZR_ACTION. */
int za_final(const ZActions *a, int action);
/* The action whose final number is n. */
int za_by_final(const ZActions *a, int n);

/* The actions table: one ZR_ROUTINE word per action, in final order
 * (an action with no routine gets 0: the caller reports the missing
 * ...Sub). */
void za_write(const ZActions *a, ZBlock *out);

#endif
