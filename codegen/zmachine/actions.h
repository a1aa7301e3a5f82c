/* actions.h: the program's actions (codegen/program_grammar.h) as the
 * Z-machine story holds them (zmachine-layout.md section 10): their
 * numbers, the counts the `#` constants give, and the actions table (one
 * packed ...Sub routine address per action).  (Their number is within
 * the target's limits: progg_build checks them.)
 *
 * Takes a finished ProgGrammar, which numbered the actions once (meta
 * actions first under $GRAMMAR_META_FLAG, fake actions from 256 in
 * grammar version 1, else 4096); gives read access in the Z back end's
 * terms and the table.  An action here is its ProgGrammar id, which is
 * the IRR_ACTION target lowering gave it (ZR_ACTION). */
#ifndef VINFORM_ZM_ACTIONS_H
#define VINFORM_ZM_ACTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include "../program_grammar.h"
#include "zblock.h"

typedef struct ZActions ZActions;

/* `g` must outlive the ZActions. */
ZActions *za_new(const ProgGrammar *g);
void za_free(ZActions *a);

int za_count(const ZActions *a);
int za_fake_count(const ZActions *a);
int za_lowest_fake(const ZActions *a);     /* 256 or 4096 */
int za_meta_count(const ZActions *a);      /* with meta_flag */
bool za_meta_flag(const ZActions *a);

/* The number an action has in the story (##Name): with meta_flag, meta
 * actions come first; otherwise its id.  A fake action's id
 * (IR_FAKE_ACTION_BASE + k) gives its number too.  This resolves
 * ZR_ACTION. */
int za_final(const ZActions *a, int action);
/* The action whose final number is n. */
int za_by_final(const ZActions *a, int n);

/* The actions table: one ZR_ROUTINE word per action, in final order
 * (an action with no routine gets 0: lowering reported the missing
 * ...Sub). */
void za_write(const ZActions *a, ZBlock *out);

#endif
