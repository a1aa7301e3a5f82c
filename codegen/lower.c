/* lower.c: the program-level part of lowering (lower.h).
 *
 * Takes the checked AST and the symbol table; gives the IrProgram: first
 * one pass over the directives numbers routines (named and embedded, in
 * source order), objects (from 5: the metaclasses are 1-4), arrays and
 * globals; the grammar (program_grammar.h) numbers the actions; then
 * every routine is lowered in id
 * order (lower_stmt.c), veneer routines joining the queue as code asks
 * for them.  Also here: the string and dictionary pools and lower_value,
 * the constant value of a directive's expression. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "lower_int.h"
#include "program_grammar.h"
#include "../compiler/bundled.h"
#include "../compiler/diag.h"
#include "../compiler/fold.h"
#include "../compiler/text.h"

/* ---- a pointer map (open addressing) ---- */

static size_t pm_slot(const PtrMap *m, const void *key)
{
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15u;
    return (size_t)(h >> 20) & (m->cap - 1);
}

int32_t pm_get(const PtrMap *m, const void *key)
{
    if (!m->cap) return -1;
    for (size_t i = pm_slot(m, key);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key) return m->vals[i];
        if (!m->keys[i]) return -1;
    }
}

void pm_put(PtrMap *m, const void *key, int32_t val)
{
    if (2 * (m->n + 1) > m->cap) {
        PtrMap bigger = { 0 };
        bigger.cap = m->cap ? m->cap * 2 : 64;
        bigger.keys = calloc(bigger.cap, sizeof *bigger.keys);
        bigger.vals = calloc(bigger.cap, sizeof *bigger.vals);
        if (!bigger.keys || !bigger.vals) abort();
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) pm_put(&bigger, m->keys[i], m->vals[i]);
        free(m->keys);
        free(m->vals);
        *m = bigger;
    }
    size_t i = pm_slot(m, key);
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    if (!m->keys[i]) m->n++;
    m->keys[i] = key;
    m->vals[i] = val;
}

static void pm_free(PtrMap *m)
{
    free(m->keys);
    free(m->vals);
}

/* ---- the routine's scratch memory ----
 * Chunks kept from routine to routine: most routines fit the first, and
 * memory touched once is not asked of the system again. */

struct ScratchChunk {
    ScratchChunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

/* scratch_take when the current chunk is full (n already rounded). */
static void *scratch_grow(Lower *l, size_t n)
{
    ScratchChunk *c = l->scratch_cur;
    while (c && c->size - c->used < n) {
        c = c->next;
        if (c) c->used = 0;
    }
    if (!c) {
        size_t size = n > 60 * 1024 ? n : 60 * 1024;
        c = xmalloc(sizeof *c + size);
        c->size = size;
        c->used = 0;
        c->next = NULL;
        if (l->scratch_cur) {
            c->next = l->scratch_cur->next;
            l->scratch_cur->next = c;
        } else {
            l->scratch = c;
        }
    }
    l->scratch_cur = c;
    void *p = c->data + c->used;
    c->used += n;
    return p;
}

/* Memory for the routine, not cleared. */
static inline void *scratch_take(Lower *l, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    ScratchChunk *c = l->scratch_cur;
    if (!c || c->size - c->used < n) return scratch_grow(l, n);
    void *p = c->data + c->used;
    c->used += n;
    return p;
}

void *scratch_alloc(Lower *l, size_t n)
{
    return memset(scratch_take(l, n), 0, n);
}

static void scratch_reset(Lower *l)
{
    l->scratch_cur = l->scratch;
    if (l->scratch) l->scratch->used = 0;
}

static void scratch_free(Lower *l)
{
    for (ScratchChunk *c = l->scratch, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    l->scratch = l->scratch_cur = NULL;
}

/* ---- growing arrays in the arena ---- */

static void *grow(Lower *l, void *old, int n, int *cap, size_t size)
{
    if (n < *cap) return old;
    int ncap = *cap ? *cap * 2 : 16;
    void *p = arena_alloc(l->a, (size_t)ncap * size);
    if (old) memcpy(p, old, (size_t)n * size);
    *cap = ncap;
    return p;
}

/* ---- IR node constructors ---- */

/* (Every field set here: a memset of its size per node costs more.) */
IrNode *ir_new(Lower *l, IrKind kind, int nkids, SrcLoc loc)
{
    IrNode *n = scratch_take(l, sizeof *n + (size_t)nkids * sizeof *n->kids);
    *n = (IrNode){ .kind = (uint8_t)kind, .nkids = (uint8_t)nkids,
                   .loc = loc, .value.ref = IRR_NONE };
    if (nkids) {
        n->kids = (IrNode **)(n + 1);
        for (int i = 0; i < nkids; i++) n->kids[i] = NULL;
    }
    return n;
}

IrNode *ir_const(Lower *l, IrValue v, SrcLoc loc)
{
    IrNode *n = ir_new(l, IR_CONST, 0, loc);
    n->value = v;
    return n;
}

IrNode *ir_num_node(Lower *l, int32_t v, SrcLoc loc)
{
    if (l->word == 2) v = (int16_t)v;
    return ir_const(l, ir_num(v), loc);
}

IrNode *ir_unary(Lower *l, IrKind kind, IrNode *a, SrcLoc loc)
{
    IrNode *n = ir_new(l, kind, 1, loc);
    n->kids[0] = a;
    return n;
}

IrNode *ir_binary(Lower *l, IrKind kind, IrNode *a, IrNode *b, SrcLoc loc)
{
    IrNode *n = ir_new(l, kind, 2, loc);
    n->kids[0] = a;
    n->kids[1] = b;
    return n;
}

IrNode *ir_call(Lower *l, IrNode *fn, IrNode **args, int nargs, SrcLoc loc)
{
    IrNode *n = ir_new(l, IR_CALL, nargs + 1, loc);
    n->kids[0] = fn;
    for (int i = 0; i < nargs; i++) n->kids[i + 1] = args[i];
    return n;
}

IrNode *ir_veneer_call(Lower *l, const char *name, SrcLoc loc, int nargs, ...)
{
    IrNode *args[8];
    va_list ap;
    va_start(ap, nargs);
    for (int i = 0; i < nargs && i < 8; i++) args[i] = va_arg(ap, IrNode *);
    va_end(ap);
    int id = lower_veneer_routine(l, name);
    IrNode *fn = ir_const(l, ir_ref(IRR_ROUTINE, (uint32_t)(id < 0 ? 0 : id), 0),
                          loc);
    return ir_call(l, fn, args, nargs, loc);
}

void emit(Lower *l, IrNode *stmt)
{
    IrRoutine *r = l->r;
    if (r->ncode == r->code_cap) {
        int cap = r->code_cap ? r->code_cap * 2 : 64;
        IrNode **code = scratch_alloc(l, (size_t)cap * sizeof *code);
        if (r->ncode) memcpy(code, r->code, (size_t)r->ncode * sizeof *code);
        r->code = code;
        r->code_cap = cap;
    }
    r->code[r->ncode++] = stmt;
}

int new_label(Lower *l)
{
    return l->r->nlabels++;
}

void emit_label(Lower *l, int label)
{
    IrNode *n = ir_new(l, IR_LABEL, 0, (SrcLoc){ 0 });
    n->num = label;
    emit(l, n);
}

void emit_jump(Lower *l, int label, SrcLoc loc)
{
    IrNode *n = ir_new(l, IR_JUMP, 0, loc);
    n->num = label;
    emit(l, n);
}

Symbol *lookup(Lower *l, const char *name)
{
    return sym_lookup(l->c->symbols, name);
}

int add_table(Lower *l, IrValue *words, int n)
{
    IrProgram *p = &l->p;
    p->tables = grow(l, p->tables, p->ntables, &p->tables_cap,
                     sizeof *p->tables);
    IrValue *copy = arena_alloc(l->a, (size_t)(n ? n : 1) * sizeof *copy);
    memcpy(copy, words, (size_t)n * sizeof *copy);
    p->tables[p->ntables] = (IrTable){ copy, n, false };
    return p->ntables++;
}

/* ---- routines ---- */

static int new_routine(Lower *l, const Node *src, const char *name)
{
    IrProgram *p = &l->p;
    p->routines = grow(l, p->routines, p->nroutines, &p->routines_cap,
                       sizeof *p->routines);
    l->source = grow(l, l->source, l->nsource, &l->source_cap,
                     sizeof *l->source);
    IrRoutine *r = arena_alloc(l->a, sizeof *r);
    r->name = name;
    r->loc = src->loc;
    r->is_embedded = src->kind == NODE_EMBEDDED_ROUTINE;
    r->traced = src->kind == NODE_ROUTINE && (src->num & ROUTINE_TRACED);
    int id = p->nroutines++;
    p->routines[id] = r;
    l->source[l->nsource++] = src;
    pm_put(&l->routine_of, src, id);
    return id;
}

int lower_routine_node(Lower *l, const Node *n, const char *name)
{
    int id = pm_get(&l->routine_of, n);
    return id >= 0 ? id : new_routine(l, n, name);
}

int routine_id_of_symbol(Lower *l, Symbol *s, SrcLoc loc)
{
    if (s->decl && (s->decl->kind == NODE_ROUTINE || s->decl->kind == NODE_STUB))
        return lower_routine_node(l, s->decl, s->name);
    if (s->flags & SYMF_DEFAULT) return lower_veneer_routine(l, s->name);
    diag_error(&loc, "'%s' has no routine to call (compiler bug: routine "
               "without a definition)", s->name);
    return 0;
}

static int find_veneer_routine(Lower *l, const char *name)
{
    Symbol *s = lookup(l, name);
    if (s && s->decl && s->decl->kind == NODE_ROUTINE)
        return lower_routine_node(l, s->decl, s->name);
    const Node *n = bundled_routine(l->c, name);
    if (!n) {
        diag_error(NULL, "the veneer routine %s is missing from vinform's "
                   "bundled sources", name);
        return -1;
    }
    int id = pm_get(&l->routine_of, n);
    if (id >= 0) return id;
    id = new_routine(l, n, n->text);
    l->p.routines[id]->is_veneer = true;
    return id;
}

/* (Remembered by the name's address: the callers name them with string
 * literals, called thousands of times; a name's routine, once found, is
 * the same for the whole program.) */
int lower_veneer_routine(Lower *l, const char *name)
{
    int id = pm_get(&l->veneer_of, name);
    if (id >= 0) return id;
    id = find_veneer_routine(l, name);
    if (id < 0) return 0;
    pm_put(&l->veneer_of, name, id);
    return id;
}

/* ---- numbering ---- */

/* "Owner.prop", an embedded routine's name. */
static const char *embedded_name(Lower *l, const char *owner, const char *prop)
{
    return arena_strcat(l->a, owner ? owner : "", arena_strcat(l->a, ".", prop));
}

/* Numbers the embedded routines under `n`, named after `owner` and the
 * property `prop` they are a value of (NULL outside one); the name is made
 * only for a routine, not for every property of every object. */
static void number_embedded(Lower *l, const Node *n, const char *owner,
                            const char *prop)
{
    if (!n) return;
    if (n->kind == NODE_EMBEDDED_ROUTINE) {
        lower_routine_node(l, n, prop ? embedded_name(l, owner, prop) : owner);
        return;
    }
    for (int i = 0; i < n->nkids; i++) {
        const Node *k = n->kids[i];
        if (k && k->kind == NODE_PROP_DEF) {
            const char *o = prop ? embedded_name(l, owner, prop) : owner;
            for (int j = 0; j < k->nkids; j++)
                number_embedded(l, k->kids[j], o, k->text);
        } else if (k && (k->kind == NODE_WITH || k->kind == NODE_PRIVATE ||
                         k->kind == NODE_EMBEDDED_ROUTINE ||
                         k->kind == NODE_ARRAY_BRACKETS)) {
            number_embedded(l, k, owner, prop);
        }
    }
}

static void number_symbol(Lower *l, const char *name, int32_t id)
{
    if (!name) return;
    Symbol *s = lookup(l, name);
    if (s) s->ir_id = id;
}

static int class_duplicates(Lower *l, const Node *n)
{
    int64_t k;
    if (!n->kids[0] || !fold_const(l->c, n->kids[0], &k) || k < 0) return 0;
    return (int)k + 1;
}

static void number_program(Lower *l)
{
    IrProgram *p = &l->p;
    int object = 5, narrays = 0, nglobals = 0, nlowstrings = 0;
    const Node *prog = l->c->program;
    for (int i = 0; i < prog->nkids; i++) {
        const Node *n = prog->kids[i];
        if (!n) continue;
        switch (n->kind) {
        case NODE_ROUTINE:
            if (!(n->num & ROUTINE_SKIPPED)) lower_routine_node(l, n, n->text);
            break;
        case NODE_OBJECT: case NODE_CLASS:
            pm_put(&l->object_of, n, object);
            number_symbol(l, n->text, object);
            object += 1 + (n->kind == NODE_CLASS ? class_duplicates(l, n) : 0);
            number_embedded(l, n, n->text ? n->text : "(object)", NULL);
            break;
        case NODE_ARRAY:
            number_symbol(l, n->text, narrays++);
            if (n->nkids && n->kids[0]) number_embedded(l, n->kids[0], n->text, NULL);
            break;
        case NODE_GLOBAL:
            number_symbol(l, n->text, nglobals++);
            break;
        case NODE_LOWSTRING:
            number_symbol(l, n->text, nlowstrings++);
            break;
        default:
            break;
        }
    }
    p->nobjects = object - 1;
    p->objects = arena_alloc(l->a, (size_t)object * sizeof *p->objects);
    p->arrays = arena_alloc(l->a, (size_t)(narrays + 1) * sizeof *p->arrays);
    p->globals = arena_alloc(l->a, (size_t)(nglobals + 1) * sizeof *p->globals);
    for (int i = 0; i < prog->nkids; i++) {
        const Node *n = prog->kids[i];
        if (!n || !n->text) continue;
        if (n->kind == NODE_OBJECT || n->kind == NODE_CLASS) {
            p->objects[pm_get(&l->object_of, n)] = lookup(l, n->text);
            continue;
        }
        if (n->kind != NODE_ARRAY && n->kind != NODE_GLOBAL) continue;
        Symbol *s = lookup(l, n->text);
        if (!s) continue;
        if (n->kind == NODE_ARRAY) p->arrays[p->narrays++] = s;
        else p->globals[p->nglobals++] = s;
    }
}

/* ---- pools ---- */

static int add_string(Lower *l, uint32_t *units, int32_t len)
{
    IrProgram *p = &l->p;
    p->strings = grow(l, p->strings, p->nstrings, &p->strings_cap,
                      sizeof *p->strings);
    p->strings[p->nstrings] = (IrString){ units, len, false };
    return p->nstrings++;
}

/* A decoded unit as a string unit (ir.h); false for none. */
static bool unit_code(Lower *l, const TextUnit *t, uint32_t *out)
{
    switch (t->kind) {
    case TU_CHAR:
        *out = t->raw_code ? IR_TEXT_RAW(t->value) : t->value;
        return true;
    case TU_DYNAMIC:
        *out = IR_TEXT_DYNAMIC(t->value);
        return true;
    case TU_DYNAMIC_NAME: {
        const char *nm = arena_strndup(l->a, t->name, t->name_len);
        Symbol *s = lookup(l, nm);
        *out = IR_TEXT_DYNAMIC(s && (s->flags & SYMF_VALUE_KNOWN)
                               ? (uint32_t)s->value : 0);
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
 * of text_next each: most of every string). */
static uint32_t *decode(Lower *l, const char *raw, size_t len, TextKind kind,
                        int32_t *out_len)
{
    uint32_t *u = arena_alloc(l->a, (len + 1) * sizeof *u);
    int32_t n = 0;
    size_t pos = 0;
    while (pos < len) {
        if (plain_byte((unsigned char)raw[pos], kind)) {
            u[n++] = (unsigned char)raw[pos++];
            continue;
        }
        TextUnit t;
        size_t next = text_next(raw, len, pos, kind, &t);
        if (t.kind == TU_END || next <= pos) break;
        pos = next;
        if (unit_code(l, &t, &u[n])) n++;
    }
    *out_len = n;
    return u;
}

int lower_string_units(Lower *l, const TextUnit *units, int n)
{
    uint32_t *u = arena_alloc(l->a, (size_t)(n + 1) * sizeof *u);
    int32_t len = 0;
    for (int i = 0; i < n; i++)
        if (unit_code(l, &units[i], &u[len])) len++;
    return add_string(l, u, len);
}

int lower_string(Lower *l, const Node *n)
{
    int32_t len;
    uint32_t *u = decode(l, n->text, strlen(n->text), TEXT_STRING, &len);
    return add_string(l, u, len);
}

int lower_string_text(Lower *l, const char *utf8)
{
    size_t len = strlen(utf8);
    uint32_t *u = arena_alloc(l->a, (len + 1) * sizeof *u);
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
    return add_string(l, u, n);
}

int lower_dict_word(Lower *l, const Node *n)
{
    const char *raw = n->text;
    size_t len = strlen(raw), wlen = len, flen = 0;
    const char *flags = NULL;
    int set = 0, clear = 0;
    if (n->kind == NODE_DICT_WORD) {
        text_dict_split(raw, len, &wlen, &flags, &flen);
        if (flags) text_dict_flags(flags, flen, n->loc, &set, &clear);
    }
    IrDictWord w = { 0 };
    w.units = decode(l, raw, wlen, TEXT_DICT_WORD, &w.len);
    w.flags_set = set;
    w.flags_clear = clear;
    IrProgram *p = &l->p;
    for (int i = p->ndict - 1; i >= 0 && i >= p->ndict - 64; i--) {
        const IrDictWord *o = &p->dict[i];
        if (o->len == w.len && o->flags_set == set && o->flags_clear == clear &&
            !memcmp(o->units, w.units, (size_t)w.len * sizeof *w.units))
            return i;
    }
    p->dict = grow(l, p->dict, p->ndict, &p->dict_cap, sizeof *p->dict);
    p->dict[p->ndict] = w;
    return p->ndict++;
}

int lower_object_number(Lower *l, const Node *directive)
{
    return pm_get(&l->object_of, directive);
}

/* ---- constant values ---- */

static int sysconst_index(const char *name)
{
    static const char *const names[] = {
#define X(nm, where) #nm,
#include "../compiler/sysconst.def"
#undef X
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(names[i], name)) return (int)i;
    return -1;
}

bool lower_symbol_value(Lower *l, Symbol *s, SrcLoc loc, IrValue *out)
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
        if (s->decl && s->decl->kind == NODE_CONSTANT) {
            if (!s->decl->nkids || !s->decl->kids[0]) {
                *out = ir_num(0);
                return true;
            }
            int k = pm_get(&l->const_of, s);
            if (k >= 0) {
                *out = l->const_values[k];
                return true;
            }
            if (!lower_value(l, s->decl->kids[0], out)) return false;
            l->const_values = grow(l, l->const_values, l->nconst_values,
                                   &l->const_values_cap, sizeof *l->const_values);
            l->const_values[l->nconst_values] = *out;
            pm_put(&l->const_of, s, l->nconst_values++);
            return true;
        }
        *out = ir_num((int32_t)s->value);
        return true;
    case SYM_ATTRIBUTE: case SYM_PROPERTY: case SYM_INDIV_PROPERTY:
        *out = ir_num((int32_t)s->value);
        return true;
    case SYM_ROUTINE:
        *out = ir_ref(IRR_ROUTINE, (uint32_t)routine_id_of_symbol(l, s, loc), 0);
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

static bool binop_value(Lower *l, const Node *n, IrValue *out)
{
    IrValue a, b;
    const char *op = n->text;
    if (strcmp(op, "+") && strcmp(op, "-")) goto not_const;
    if (!lower_value(l, n->kids[0], &a) || !lower_value(l, n->kids[1], &b))
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
not_const:
    diag_error(&n->loc, "this expression is not a constant: only numbers, "
               "names of constants, objects, routines and arrays, strings and "
               "dictionary words can be used here");
    return false;
}

bool lower_value(Lower *l, const Node *n, IrValue *out)
{
    int64_t v;
    *out = ir_num(0);
    if (!n) return true;
    switch (n->kind) {
    case NODE_STRING:
        *out = ir_ref(IRR_STRING, (uint32_t)lower_string(l, n), 0);
        l->p.strings[out->target].used_as_value = true;
        return true;
    case NODE_DICT_WORD:
        *out = ir_ref(IRR_DICT, (uint32_t)lower_dict_word(l, n), 0);
        return true;
    case NODE_EMBEDDED_ROUTINE:
        *out = ir_ref(IRR_ROUTINE, (uint32_t)lower_routine_node(l, n, NULL), 0);
        return true;
    case NODE_CHAR_LIT:
        *out = n->num < 128 ? ir_num((int32_t)n->num)
                            : ir_ref(IRR_CHAR, (uint32_t)n->num, 0);
        return true;
    case NODE_ACTION_REF: {
        const char *nm = arena_strcat(l->a, n->text, "__A");
        Symbol *s = lookup(l, nm);
        if (s) return lower_symbol_value(l, s, n->loc, out);
        return false;
    }
    case NODE_SYSCONST: {
        if (decl_system_constant(l->c, n->text, &v)) {
            *out = ir_num((int32_t)v);
            return true;
        }
        int k = sysconst_index(n->text);
        if (k < 0) return false;
        *out = ir_ref(IRR_SYSCONST, (uint32_t)k, 0);
        return true;
    }
    default:
        break;
    }
    if (fold_const(l->c, n, &v)) {
        *out = ir_num((int32_t)v);
        return true;
    }
    if (n->kind == NODE_NAME) {
        Symbol *s = lx_symbol(l, n);
        if (!s) return false;
        return lower_symbol_value(l, s, n->loc, out);
    }
    if (n->kind == NODE_BINOP) return binop_value(l, n, out);
    if (n->kind == NODE_UNARY && !strcmp(n->text, "-")) {
        if (!lower_value(l, n->kids[0], out)) return false;
        if (out->ref == IRR_NONE) {
            out->num = -out->num;
            return true;
        }
    }
    diag_error(&n->loc, "this expression is not a constant: only numbers, "
               "names of constants, objects, routines and arrays, strings and "
               "dictionary words can be used here");
    return false;
}

/* ---- the program ---- */

/* ir.h's action symbols (for the dumps' names), by the ids the grammar
 * gave. */
static void action_symbols(Lower *l)
{
    const ProgGrammar *g = l->grammar;
    IrProgram *p = &l->p;
    p->actions = arena_alloc(l->a, (size_t)(g->nactions + 1) *
                                   sizeof *p->actions);
    p->fake_actions = arena_alloc(l->a, (size_t)(g->nfakes + 1) *
                                        sizeof *p->fake_actions);
    for (int i = 0; i < g->nactions; i++) p->actions[i] = g->actions[i].sym;
    for (int k = 0; k < g->nfakes; k++) p->fake_actions[k] = g->fakes[k].sym;
    p->nactions = g->nactions;
    p->nfake_actions = g->nfakes;
}

Lower *lower_program(Compiler *c)
{
    Lower *l = calloc(1, sizeof *l);
    if (!l) abort();
    l->c = c;
    l->a = &c->arena;
    l->word = c->target->lim.word_size;
    l->strict = c->opts->strict;
    l->debug = c->opts->debug;
    l->p.main_routine = -1;
    number_program(l);
    /* Before any code is lowered: code reads the action numbers. */
    l->grammar = progg_build(c, l);
    action_symbols(l);
    Symbol *m = lookup(l, "Main");
    if (m && m->kind == SYM_ROUTINE && m->decl)
        l->p.main_routine = routine_id_of_symbol(l, m, m->loc);
    else
        diag_error(NULL, "the program has no 'Main' routine: every story "
                   "starts by calling [ Main; ... ];");
    return l;
}

const IrRoutine *lower_routine(Lower *l, int id)
{
    scratch_reset(l);
    IrRoutine *r = l->p.routines[id];
    r->code = NULL;
    r->ncode = r->code_cap = r->nlabels = 0;
    l->nlabs = l->labs_cap = 0;
    ls_routine(l, id);
    return r;
}

void lower_free(Lower *l)
{
    if (!l) return;
    scratch_free(l);
    pm_free(&l->routine_of);
    pm_free(&l->object_of);
    pm_free(&l->const_of);
    pm_free(&l->veneer_of);
    free(l);
}

IrProgram *lower_ir(Lower *l)
{
    return &l->p;
}

const ProgGrammar *lower_grammar(Lower *l)
{
    return l->grammar;
}

const Node *lower_routine_source(Lower *l, int id)
{
    return id >= 0 && id < l->nsource ? l->source[id] : NULL;
}
