/* value.c: the IR's pools and routine numbers, and constant values
 * (value.h).
 *
 * Takes the checked AST's nodes and the symbol table; gives routine ids
 * (in the order nodes are first met), string and dictionary-word ids in
 * the pools, and the IrValue of a constant expression. */
#include "value.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "../compiler/ast.h"
#include "../compiler/bundled.h"
#include "../compiler/diag.h"
#include "../compiler/fold.h"
#include "../compiler/hashmap.h"

/* ---- a pointer map: pointers to numbers, in the one hash map ---- */

typedef struct PtrMap {
    HashMap map;              /* hash of a key -> its index in pairs */
    struct PtrPair {
        const void *key;
        int32_t val;
    } *pairs;
    uint32_t n, cap;
} PtrMap;

static uint32_t ptr_hash(const void *key)
{
    uint64_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15u;
    return (uint32_t)(h >> 32);
}

/* -1 if absent. */
static int32_t pm_get(const PtrMap *m, const void *key)
{
    for (HmProbe p = hm_probe(ptr_hash(key)); hm_next(&m->map, &p);)
        if (m->pairs[p.index].key == key) return m->pairs[p.index].val;
    return -1;
}

static void pm_put(PtrMap *m, const void *key, int32_t val)
{
    uint32_t h = ptr_hash(key);
    for (HmProbe p = hm_probe(h); hm_next(&m->map, &p);)
        if (m->pairs[p.index].key == key) {
            m->pairs[p.index].val = val;
            return;
        }
    hm_add(&m->map, h, m->n);
    VEC_PUSH(NULL, m->pairs, m->n, m->cap, (struct PtrPair){ key, val });
}

static void pm_free(PtrMap *m)
{
    hm_free(&m->map);
    free(m->pairs);
}

/* ---- the pools ---- */

struct IrPools {
    Compiler *c;
    Arena *a;                 /* pools, names: as long as the compilation */
    IrProgram p;
    PtrMap routine_of;        /* ROUTINE, EMBEDDED_ROUTINE, STUB node -> id */
    PtrMap veneer_of;         /* veneer routine name (its address) -> id */
    PtrMap bundled_of;        /* a bundled routine's Symbol -> id */
    PtrMap const_of;          /* constant Symbol -> index in const_values:
                               * `Constant C "text";` is one string however
                               * often C is used */
    IrValue *const_values;
    int nconst_values, const_values_cap;
    const struct Node **source;   /* by routine id: the node to lower */
    int nsource, source_cap;
    bool omitted_fixed;       /* pools_fix_omitted was called */
};

IrPools *pools_new(Compiler *c)
{
    IrPools *p = xcalloc(1, sizeof *p);
    p->c = c;
    p->a = &c->arena;
    p->p.main_routine = -1;
    p->p.infix = c->opts->infix;    /* -X (Glulx has turned it off) */
    return p;
}

void pools_free(IrPools *p)
{
    if (!p) return;
    pm_free(&p->routine_of);
    pm_free(&p->veneer_of);
    pm_free(&p->bundled_of);
    pm_free(&p->const_of);
    free(p);
}

IrProgram *pools_ir(IrPools *p) { return &p->p; }

static Symbol *lookup(IrPools *p, const char *name)
{
    return sym_lookup(p->c->symbols, name);
}

/* ---- routines ---- */

/* The routine's facts that come from its node. */
static void set_source(IrPools *p, int id, const Node *src)
{
    IrRoutine *r = p->p.routines[id];
    r->loc = src->loc;
    r->is_embedded = src->kind == NODE_EMBEDDED_ROUTINE;
    r->traced = src->kind == NODE_ROUTINE && (src->num & ROUTINE_TRACED);
    p->source[id] = src;
    pm_put(&p->routine_of, src, id);
}

/* The next id; `src` may be NULL (a bundled routine not read yet). */
static int new_routine(IrPools *p, const Node *src, const char *name)
{
    IrProgram *ir = &p->p;
    IrRoutine *r = arena_alloc(p->a, sizeof *r);
    r->name = name;
    int id = ir->nroutines;
    VEC_PUSH(p->a, ir->routines, ir->nroutines, ir->routines_cap, r);
    VEC_PUSH(p->a, p->source, p->nsource, p->source_cap, NULL);
    if (src) set_source(p, id, src);
    return id;
}

/* A Stub's routine that lowering names first: under
 * $OMIT_UNUSED_ROUTINES=1 it stays out unless code that execution
 * reaches names it (ir_keep_named), as inform6 leaves out a Stub's
 * routine called only where execution never goes. */
static int new_stub_routine(IrPools *p, const Node *n, const char *name)
{
    int id = new_routine(p, n, name);
    p->p.routines[id]->omitted =
        opt_setting_value(p->c->opts, "OMIT_UNUSED_ROUTINES") != 0;
    return id;
}

int pools_routine(IrPools *p, const Node *n, const char *name)
{
    int id = pm_get(&p->routine_of, n);
    if (id < 0 && p->omitted_fixed && n->kind == NODE_STUB)
        return new_stub_routine(p, n, name);
    if (id < 0) return new_routine(p, n, name);
    /* Named by the program's data after all. */
    if (!p->omitted_fixed) p->p.routines[id]->omitted = false;
    return id;
}

int pools_routine_id(const IrPools *p, const Node *n)
{
    return pm_get(&p->routine_of, n);
}

void pools_fix_omitted(IrPools *p)
{
    p->omitted_fixed = true;
}

const Node *pools_routine_source(const IrPools *p, int id)
{
    return id >= 0 && id < p->nsource ? p->source[id] : NULL;
}

int pools_routine_of_symbol(IrPools *p, Symbol *s, SrcLoc loc)
{
    if (s->decl && (s->decl->kind == NODE_ROUTINE || s->decl->kind == NODE_STUB))
        return pools_routine(p, s->decl, s->name);
    if (s->flags & SYMF_DEFAULT) return pools_veneer_routine(p, s->name);
    diag_error(&loc, "'%s' has no routine to call (compiler bug: routine "
               "without a definition)", s->name);
    return 0;
}

static void report_missing(const char *name)
{
    diag_error(NULL, "the veneer routine %s is missing from vinform's "
               "bundled sources", name);
}

/* A bundled routine is numbered by its symbol (names compare without
 * case) and read later, by the driver (pools_bundled_wanted). */
static int find_veneer_routine(IrPools *p, const char *name)
{
    Symbol *s = lookup(p, name);
    if (s && s->decl && s->decl->kind == NODE_ROUTINE)
        return pools_routine(p, s->decl, s->name);
    if (!s || !bundled_is_default(s)) {
        report_missing(name);
        return -1;
    }
    int id = pm_get(&p->bundled_of, s);
    if (id >= 0) return id;
    id = new_routine(p, NULL, s->name);
    p->p.routines[id]->is_veneer = true;
    /* -X's Symb__Tab lists the program: lowering makes it (lower_infix.c) */
    if (p->p.infix && !strcasecmp(s->name, "Symb__Tab"))
        p->p.routines[id]->is_symbol_table = true;
    pm_put(&p->bundled_of, s, id);
    return id;
}

const char *pools_bundled_wanted(const IrPools *p, int id)
{
    if (id < 0 || id >= p->nsource || p->source[id] ||
        p->p.routines[id]->is_symbol_table)
        return NULL;
    return p->p.routines[id]->name;
}

bool pools_set_bundled(IrPools *p, int id, const Node *n)
{
    IrRoutine *r = p->p.routines[id];
    if (!n) {
        report_missing(r->name);
        return false;
    }
    r->name = n->text;
    set_source(p, id, n);
    return true;
}

/* (Remembered by the name's address: the callers name them with string
 * literals, called thousands of times; a name's routine, once found, is
 * the same for the whole program.) */
int pools_veneer_routine(IrPools *p, const char *name)
{
    int id = pm_get(&p->veneer_of, name);
    if (id >= 0) return id;
    id = find_veneer_routine(p, name);
    if (id < 0) return 0;
    pm_put(&p->veneer_of, name, id);
    return id;
}

/* ---- strings and dictionary words ---- */

/* What the units of a string are found to hold as they are made. */
typedef struct UnitNotes {
    int32_t dyn;        /* the highest dynamic string number (@NN) plus
                         * one, 0 for none (IrProgram.ndynamic) */
    bool wide;          /* a character beyond Latin-1 (IrString.wide) */
} UnitNotes;

/* Notes unit u: a dynamic string's number (IR_TEXT_DYNAMIC's pattern,
 * as the back ends read it), else its character's width. */
static void note_unit(uint32_t u, UnitNotes *notes)
{
    if ((u & 0xC0000000u) == 0x40000000u) {
        int32_t d = (int32_t)(u & 0x3FFFFFFFu) + 1;
        if (d > notes->dyn) notes->dyn = d;
    } else if ((u & 0x7FFFFFFFu) >= 256) {
        notes->wide = true;
    }
}

/* A string of `len` units, with what they hold. */
static int add_string(IrPools *p, uint32_t *units, int32_t len,
                      const UnitNotes *notes)
{
    IrProgram *ir = &p->p;
    if (notes->dyn > ir->ndynamic) ir->ndynamic = notes->dyn;
    VEC_PUSH(p->a, ir->strings, ir->nstrings, ir->strings_cap,
             (IrString){ .units = units, .len = len, .wide = notes->wide });
    return ir->nstrings - 1;
}

/* A decoded unit as a string unit (ir.h), noted; false for none. */
static bool unit_code(IrPools *p, const TextUnit *t, uint32_t *out,
                      UnitNotes *notes)
{
    switch (t->kind) {
    case TU_CHAR:
        *out = t->raw_code ? IR_TEXT_RAW(t->value) : t->value;
        note_unit(*out, notes);
        return true;
    case TU_DYNAMIC:
        *out = IR_TEXT_DYNAMIC(t->value);
        note_unit(*out, notes);
        return true;
    case TU_DYNAMIC_NAME: {
        const char *nm = arena_strndup(p->a, t->name, t->name_len);
        Symbol *s = lookup(p, nm);
        *out = IR_TEXT_DYNAMIC(s && (s->flags & SYMF_VALUE_KNOWN)
                               ? (uint32_t)s->value : 0);
        note_unit(*out, notes);
        return true;
    }
    default:
        return false;
    }
}

/* A byte that text_next reads as the character itself, nothing around
 * it mattering: ASCII but for escapes, blanks and line ends (which may
 * be dropped) and the characters strings or words read otherwise. */
static bool plain_byte(unsigned char c, TextKind kind)
{
    if (c >= 0x80 || c == '@' || c == '^' || c == '~' || c == '\t') return false;
    return kind != TEXT_STRING || (c != ' ' && c != '\n' && c != '\\');
}

/* Decodes raw literal text into units (plain characters without a call
 * of text_next each: most of every string); *written (when not NULL):
 * its length as written (text_unit_written: a plain character is a
 * character not escaped, 1). */
static uint32_t *decode(IrPools *p, const char *raw, size_t len, TextKind kind,
                        int32_t *out_len, int32_t *written, UnitNotes *notes)
{
    uint32_t *u = arena_alloc(p->a, (len + 1) * sizeof *u);
    int32_t n = 0;
    size_t pos = 0, w = 0;
    while (pos < len) {
        if (plain_byte((unsigned char)raw[pos], kind) ||
            (kind == TEXT_STRING && text_plain_space(raw, len, pos))) {
            u[n++] = (unsigned char)raw[pos++];
            w++;
            continue;
        }
        TextUnit t;
        size_t next = text_next(raw, len, pos, kind, &t);
        if (t.kind == TU_END || next <= pos) break;
        pos = next;
        w += text_unit_written(&t);
        if (unit_code(p, &t, &u[n], notes)) n++;
    }
    *out_len = n;
    if (written) *written = (int32_t)w;
    return u;
}

int pools_string_units(IrPools *p, const TextUnit *units, int n)
{
    uint32_t *u = arena_alloc(p->a, (size_t)(n + 1) * sizeof *u);
    int32_t len = 0;
    UnitNotes notes = { 0 };
    for (int i = 0; i < n; i++)
        if (unit_code(p, &units[i], &u[len], &notes)) len++;
    return add_string(p, u, len, &notes);
}

int pools_string(IrPools *p, const Node *n)
{
    return pools_string_written(p, n, NULL);
}

int pools_string_written(IrPools *p, const Node *n, int32_t *written)
{
    int32_t len;
    UnitNotes notes = { 0 };
    uint32_t *u = decode(p, n->text, strlen(n->text), TEXT_STRING, &len,
                         written, &notes);
    return add_string(p, u, len, &notes);
}

int pools_string_text(IrPools *p, const char *utf8)
{
    size_t len = strlen(utf8);
    uint32_t *u = arena_alloc(p->a, (len + 1) * sizeof *u);
    int32_t n = 0;
    for (size_t i = 0; i < len;) {
        unsigned char ch = (unsigned char)utf8[i];
        uint32_t cp = ch;
        int extra = ch >= 0xF0 ? 3 : ch >= 0xE0 ? 2 : ch >= 0xC0 ? 1 : 0;
        if (extra) cp = ch & (0x3F >> extra);
        i++;
        for (int k = 0; k < extra && i < len; k++, i++)
            cp = (cp << 6) | ((unsigned char)utf8[i] & 0x3F);
        u[n++] = cp;
    }
    UnitNotes notes = { 0 };
    for (int32_t i = 0; i < n; i++) note_unit(u[i], &notes);
    return add_string(p, u, n, &notes);
}

int pools_dict_word(IrPools *p, const Node *n)
{
    const char *raw = n->text;
    size_t len = strlen(raw), wlen = len, flen = 0;
    const char *flags = NULL;
    int set = 0, clear = 0;
    if (n->kind == NODE_DICT_WORD) {
        text_dict_split(raw, len, &wlen, &flags, &flen);
        if (flags)      /* the filter reported a bad flag */
            text_dict_flags_in(flags, flen, n->loc, false, &set, &clear);
    }
    IrDictWord w = { 0 };
    UnitNotes notes = { 0 };    /* (a word's units are not a string's) */
    w.units = decode(p, raw, wlen, TEXT_DICT_WORD, &w.len, NULL, &notes);
    w.flags_set = set;
    w.flags_clear = clear;
    IrProgram *ir = &p->p;
    for (int i = ir->ndict - 1; i >= 0 && i >= ir->ndict - 64; i--) {
        const IrDictWord *o = &ir->dict[i];
        if (o->len == w.len && o->flags_set == set && o->flags_clear == clear &&
            !memcmp(o->units, w.units, (size_t)w.len * sizeof *w.units))
            return i;
    }
    VEC_PUSH(p->a, ir->dict, ir->ndict, ir->dict_cap, w);
    return ir->ndict - 1;
}

/* ---- constant values ---- */

Symbol *pools_name_symbol(IrPools *p, const Node *n)
{
    Symbol *s = ast_name_symbol(n);
    return s ? s : lookup(p, n->text);
}

/* A Constant's value, valued once (a string constant is one string). */
static bool constant_value(IrPools *p, Symbol *s, IrValue *out)
{
    if (!s->decl->nkids || !s->decl->kids[0]) {
        *out = ir_num(0);
        return true;
    }
    int k = pm_get(&p->const_of, s);
    if (k >= 0) {
        *out = p->const_values[k];
        return true;
    }
    if (!value_of(p, s->decl->kids[0], out)) return false;
    pm_put(&p->const_of, s, p->nconst_values);
    VEC_PUSH(p->a, p->const_values, p->nconst_values, p->const_values_cap,
             *out);
    return true;
}

void pools_keep_constants(IrPools *p, Symtab *t)
{
    for (Symbol *s = sym_first(t); s; s = s->order_next) {
        const Node *d = s->decl;
        IrValue v;
        if (s->kind != SYM_CONSTANT || (s->flags & SYMF_VALUE_KNOWN) || !d ||
            d->kind != NODE_CONSTANT || !d->nkids || !d->kids[0] ||
            (d->kids[0]->kind != NODE_STRING &&
             d->kids[0]->kind != NODE_DICT_WORD))
            continue;
        if (value_of_symbol(p, s, s->loc, &v) && v.ref == IRR_STRING)
            p->p.strings[v.target].kept = true;
    }
}

bool value_of_symbol(IrPools *p, Symbol *s, SrcLoc loc, IrValue *out)
{
    switch (s->kind) {
    case SYM_CONSTANT:
        if (s->flags & SYMF_VALUE_KNOWN) {
            *out = ir_num((int32_t)s->value);
            return true;
        }
        if (s->decl && s->decl->kind == NODE_LOWSTRING) {
            *out = ir_ref(IRR_SYMBOL, IR_SYM_LOWSTRING + (uint32_t)s->ir_id, 0);
            return true;
        }
        if (s->decl && s->decl->kind == NODE_CONSTANT)
            return constant_value(p, s, out);
        *out = ir_num((int32_t)s->value);
        return true;
    case SYM_ATTRIBUTE: case SYM_PROPERTY: case SYM_INDIV_PROPERTY:
        *out = ir_num((int32_t)s->value);
        return true;
    case SYM_ROUTINE:
        *out = ir_ref(IRR_ROUTINE, (uint32_t)pools_routine_of_symbol(p, s, loc),
                      0);
        return true;
    case SYM_OBJECT: case SYM_CLASS:
        if (s->flags & SYMF_BUILTIN) *out = ir_ref(IRR_OBJECT, (uint32_t)s->value, 0);
        else *out = ir_ref(IRR_OBJECT, (uint32_t)s->ir_id, 0);
        return true;
    case SYM_ARRAY:
        *out = ir_ref(IRR_ARRAY, (uint32_t)s->ir_id, 0);
        return true;
    case SYM_ACTION: case SYM_FAKE_ACTION:
        *out = ir_ref(IRR_ACTION, (uint32_t)s->ir_id, 0);
        return true;
    default:
        diag_error(&loc, "'%s' is a %s, not a constant value", s->name,
                   sym_kind_name(s->kind));
        return false;
    }
}

static bool not_constant(const Node *n)
{
    diag_error(&n->loc, "this expression is not a constant: only numbers, "
               "names of constants, objects, routines and arrays, strings and "
               "dictionary words can be used here");
    return false;
}

static bool binop_value(IrPools *p, const Node *n, IrValue *out)
{
    IrValue a, b;
    const char *op = n->text;
    if (strcmp(op, "+") && strcmp(op, "-")) return not_constant(n);
    if (!value_of(p, n->kids[0], &a) || !value_of(p, n->kids[1], &b))
        return false;
    if (b.ref == IRR_NONE) {
        *out = a;
        out->num = op[0] == '+' ? a.num + b.num : a.num - b.num;
        return true;
    }
    if (a.ref == IRR_NONE && op[0] == '+') {
        *out = b;
        out->num += a.num;
        return true;
    }
    return not_constant(n);
}

/* The kinds of node whose value is not a folded number. */
static bool leaf_value(IrPools *p, const Node *n, IrValue *out, bool *done)
{
    int64_t v;
    *done = true;
    switch (n->kind) {
    case NODE_STRING:
        *out = ir_ref(IRR_STRING, (uint32_t)pools_string(p, n), 0);
        p->p.strings[out->target].used_as_value = true;
        return true;
    case NODE_DICT_WORD:
        *out = ir_ref(IRR_DICT, (uint32_t)pools_dict_word(p, n), 0);
        return true;
    case NODE_EMBEDDED_ROUTINE:
        *out = ir_ref(IRR_ROUTINE, (uint32_t)pools_routine(p, n, NULL), 0);
        return true;
    case NODE_CHAR_LIT:
        *out = n->num < 128 ? ir_num((int32_t)n->num)
                            : ir_ref(IRR_CHAR, (uint32_t)n->num, 0);
        return true;
    case NODE_ACTION_REF: {
        const char *nm = arena_strcat(p->a, n->text, "__A");
        Symbol *s = lookup(p, nm);
        if (s) return value_of_symbol(p, s, n->loc, out);
        return false;
    }
    case NODE_SYSCONST: {
        if (target_sysconst(p->c, n->text, &v)) {
            *out = ir_num((int32_t)v);
            return true;
        }
        int k = ir_sysconst_lookup(n->text);
        if (k < 0) return false;
        *out = ir_ref(IRR_SYSCONST, (uint32_t)k, 0);
        return true;
    }
    default:
        *done = false;
        return false;
    }
}

bool value_of(IrPools *p, const Node *n, IrValue *out)
{
    int64_t v;
    bool done;
    *out = ir_num(0);
    if (!n) return true;
    bool ok = leaf_value(p, n, out, &done);
    if (done) return ok;
    if (fold_result(p->c, n, &v)) {
        *out = ir_num((int32_t)v);
        return true;
    }
    if (n->kind == NODE_NAME) {
        Symbol *s = pools_name_symbol(p, n);
        if (!s) return false;
        return value_of_symbol(p, s, n->loc, out);
    }
    if (n->kind == NODE_BINOP) return binop_value(p, n, out);
    if (n->kind == NODE_UNARY && !strcmp(n->text, "-")) {
        if (!value_of(p, n->kids[0], out)) return false;
        if (out->ref == IRR_NONE) {
            out->num = -out->num;
            return true;
        }
    }
    return not_constant(n);
}
