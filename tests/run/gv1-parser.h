! gv1-parser.h: a small parser for grammar version 1 tables, without the
! library, shared by the tests/run/gv1-*.inf programs (issue 5,
! acceptance 3).
!
! It reads the tables the compiler wrote, never a copy: a command's first
! word is looked up in the dictionary (the verb flag in #dict_par1, the
! meta flag, the verb number 255 - #dict_par2), the verb's line table is
! found through #grammar_table (checked against the header's static
! memory word), each 8-byte GV1 line (parameter count, six token bytes,
! action number) is tried in turn against the words, prepositions through
! the adjectives table (#adjectives_table) and the preposition flag,
! routine tokens through #preactions_table, and the first line that uses
! every word calls the action routine found in #actions_table with noun
! and second set (once per object for a multi- token).
!
! A program includes this file twice:
!
!     Include ">gv1-parser.h";   ! 1: the parser's globals and attributes
!     ... objects, action routines, parsing routines, grammar ...
!     Include ">gv1-parser.h";   ! 2: the parser's routines and Main
!
! so that the program's action and parsing routines come first in the
! code area: their addresses, which the tables hold, are then the same in
! every compiler that compiles those routines to the same bytes.  So they
! only print and call: the work is done by routines after the second
! Include (inform6 and vinform compile conditions and loops differently,
! and one byte more in one routine would move every later one).  The
! program provides Initialise() (sets player and location, prints a
! banner), and may provide Fallback(), called with action set to the fake
! action ##NotUnderstood when no grammar line matches.
!
! Scope: every object inside location (at any depth), the player excepted.
! Objects are named by the words of their name property, "the" skipped.
! A multi- token takes "all" (the objects beside the player or held, not
! scenery; for multiinside, all in scope) or a list "x and y".  A scope=Routine token's
! routine calls PlaceInScope(obj) for its objects.  A general parsing
! routine reads words with NextWord() (the dictionary word, 0 when
! unknown, -1 past the end) and returns -1 (no match), 0 (no parameter),
! 1 (a number, in parsed_number) or an object.  PrintParam(0) and
! PrintParam(1) print noun and second as the line matched them (an object,
! a number, a word in quotes, or "-").

System_file;                   ! unused routines here are not warned about

#Ifndef GV1_PARSER_DECLARED;
Constant GV1_PARSER_DECLARED;

Attribute animate;
Attribute scenery;
Fake_action NotUnderstood;

Global player;
Global location;
Global noun;
Global second;
Global action;
Global wn;
Global parsed_number;
Global scope_stage;
Global turns;

Constant GV1_FAIL -2;          ! a token that did not match
Constant GV1_OBJ 0;            ! kinds of parameter: an object,
Constant GV1_NUM 1;            ! a number,
Constant GV1_WORD 2;           ! a word of the command (its index),
Constant GV1_NONE 3;           ! nothing (a routine returning 0)
Constant GV1_MAXOBJ 64;

Array gv1_buf -> 122;
Array gv1_parse --> 33;        ! read's parse table: max, count, 4-byte entries
Array gv1_param --> 2;         ! the two parameters of the line being tried
Array gv1_kind --> 2;          ! and their kinds
Array gv1_multi --> 17;        ! count, then the objects of a multi- token
Array gv1_marks -> GV1_MAXOBJ; ! objects a scope routine placed in scope
Global gv1_multi_at;           ! which parameter holds the multi list, or -1
Global gv1_multi_kind;         ! that token's byte

#Ifnot;

! ------------------------------------------------------------ words

[ NumWords; return gv1_parse->1; ];

[ WordAt k;        ! the dictionary word k (1-based), 0 unknown, -1 past end
    if (k < 1 || k > NumWords()) return -1;
    return gv1_parse-->(2 * k - 1);
];

[ NextWord w; w = WordAt(wn); wn++; return w; ];

[ PrintWord k  i at;
    at = gv1_parse->(4 * k + 1);
    for (i = 0 : i < gv1_parse->(4 * k) : i++) print (char) gv1_buf->(at + i);
];

[ WordNumber k  i at n c;   ! word k's value when all digits, else -1
    at = gv1_parse->(4 * k + 1);
    n = gv1_parse->(4 * k);
    if (n == 0 || n > 4) return -1;
    parsed_number = 0;
    for (i = 0 : i < n : i++) {
        c = gv1_buf->(at + i);
        if (c < '0' || c > '9') return -1;
        parsed_number = parsed_number * 10 + c - '0';
    }
    return parsed_number;
];

! ------------------------------------------------------------ objects

[ InScope o;
    if (metaclass(o) ~= Object || o == player || o == location) rfalse;
    while (o ~= 0) {
        o = parent(o);
        if (o == location) rtrue;
    }
    rfalse;
];

[ HasName o w  a i;
    if (w <= 0) rfalse;
    a = o.&name;
    if (a == 0) rfalse;
    for (i = 0 : i < o.#name / 2 : i++) if (a-->i == w) rtrue;
    rfalse;
];

[ NameLength o  n;  ! how many words from wn name o
    while (HasName(o, WordAt(wn + n))) n++;
    return n;
];

[ PlaceInScope o; if (o > 0 && o < GV1_MAXOBJ) gv1_marks->o = 1; ];

! Passes o through a token's test: t is the token byte (0 noun, 1 held,
! 6 creature, 16+n noun=Routine, 80+n scope=Routine, 128+a attribute).
[ TokenAllows t o  r saved;
    if (t == 1 or 3) return parent(o) == player;
    if (t == 6) return o has animate;
    if (t >= 16 && t < 48) {
        r = #preactions_table-->(t - 16);
        saved = noun;
        noun = o;
        r = r();
        noun = saved;
        return r;
    }
    if (t >= 80 && t < 112) return gv1_marks->o == 1;
    if (t >= 128 && t < 180) return o has (t - 128);
    rtrue;
];

[ ParseObject t  o n best bestn;
    if (WordAt(wn) == 'the') wn++;
    if (t >= 80 && t < 112) {
        for (o = 0 : o < GV1_MAXOBJ : o++) gv1_marks->o = 0;
        scope_stage = 2;
        n = #preactions_table-->(t - 80);
        n();
        objectloop (o) if (o < GV1_MAXOBJ && gv1_marks->o == 1) {
            n = NameLength(o);
            if (n > bestn) { best = o; bestn = n; }
        }
    } else {
        objectloop (o) if (InScope(o)) {
            n = NameLength(o);
            if (n > bestn && TokenAllows(t, o)) { best = o; bestn = n; }
        }
    }
    if (best == 0) return GV1_FAIL;
    wn = wn + bestn;
    return best;
];

[ ParseMulti t  o;
    gv1_multi-->0 = 0;
    if (WordAt(wn) == 'all') {
        wn++;
        objectloop (o) if (InScope(o) && TokenAllows(t, o) && AllTakes(t, o)) AddMulti(o);
        if (gv1_multi-->0 == 0) return GV1_FAIL;
        return 0;
    }
    for (::) {
        o = ParseObject(t);
        if (o == GV1_FAIL) return o;
        AddMulti(o);
        if (WordAt(wn) ~= 'and') return 0;
        wn++;
    }
];

! "all" means the objects beside the player or held, scenery left out;
! for multiinside, everything (Perform keeps what is in the other object).
[ AllTakes t o;
    if (t == 5) rtrue;
    if (o has scenery) rfalse;
    return parent(o) == player or location;
];

[ AddMulti o;
    if (gv1_multi-->0 < 16) {
        gv1_multi-->0 = gv1_multi-->0 + 1;
        gv1_multi-->(gv1_multi-->0) = o;
    }
];

! ------------------------------------------------------------ tokens

[ IsPreposition t w  n e i;   ! does word w carry adjective number t?
    if (w <= 0 || (w->#dict_par1 & 8) == 0) rfalse;
    n = (#adjectives_table - 2)-->0;
    for (i = 0 : i < n : i++) {
        e = #adjectives_table + 4 * i;
        if (e->3 == t) return e-->0 == w;
    }
    rfalse;
];

! Matches token byte t at wn; the value (an object, a number, a word
! index) and its kind in gv1_kind-->p, or GV1_FAIL.
[ MatchToken t p  r;
    if (t >= 180) {
        if (IsPreposition(t, WordAt(wn)) == 0) return GV1_FAIL;
        wn++;
        return 0;
    }
    gv1_kind-->p = GV1_OBJ;
    if (t >= 2 && t <= 5) {
        r = ParseMulti(t);
        if (r ~= GV1_FAIL) { gv1_multi_at = p; gv1_multi_kind = t; }
        return r;
    }
    if (t == 7) {
        if (wn > NumWords()) return GV1_FAIL;
        if (WordNumber(wn) >= 0) { gv1_kind-->p = GV1_NUM; wn++; return parsed_number; }
        gv1_kind-->p = GV1_WORD;
        wn++;
        return wn - 1;
    }
    if (t == 8) {
        if (wn > NumWords() || WordNumber(wn) < 0) return GV1_FAIL;
        gv1_kind-->p = GV1_NUM;
        wn++;
        return parsed_number;
    }
    if (t >= 48 && t < 80) {
        r = #preactions_table-->(t - 48);
        r = r();
        if (r == -1) return GV1_FAIL;
        if (r == 0) { gv1_kind-->p = GV1_NONE; return 0; }
        if (r == 1) { gv1_kind-->p = GV1_NUM; return parsed_number; }
        return r;
    }
    return ParseObject(t);
];

! Tries one 8-byte line: byte 0 the number of parameters, bytes 1-6 the
! tokens (an unused slot is 0, like noun: the count says where the line
! ends), byte 7 the action.
[ TryLine line  i t count seen r;
    count = line->0;
    wn = 2;
    gv1_multi_at = -1;
    gv1_param-->0 = 0; gv1_param-->1 = 0;
    gv1_kind-->0 = GV1_NONE; gv1_kind-->1 = GV1_NONE;
    for (i = 1 : i <= 6 : i++) {
        t = line->i;
        if (t < 180 && seen == count) break;
        r = MatchToken(t, seen);
        if (r == GV1_FAIL) rfalse;
        if (t < 180) {
            if (seen < 2) gv1_param-->seen = r;
            seen++;
        }
    }
    return wn > NumWords();
];

! ------------------------------------------------------------ actions

[ PrintParam p;
    switch (gv1_kind-->p) {
        GV1_OBJ: print (name) gv1_param-->p;
        GV1_NUM: print gv1_param-->p;
        GV1_WORD: print "~"; PrintWord(gv1_param-->p); print "~";
        GV1_NONE: print "-";
    }
];

[ CallAction a  r;
    action = a;
    noun = gv1_param-->0;
    second = gv1_param-->1;
    print "  <", a;
    if (gv1_kind-->0 ~= GV1_NONE) { print " "; PrintParam(0); }
    if (gv1_kind-->1 ~= GV1_NONE) { print " "; PrintParam(1); }
    print "> ";
    r = #actions_table-->a;
    r();
    new_line;
];

[ Perform line  a i o other n;
    a = line->7;
    if (gv1_multi_at < 0) { CallAction(a); return; }
    other = gv1_param-->(1 - gv1_multi_at);
    for (i = 1 : i <= gv1_multi-->0 : i++) {
        o = gv1_multi-->i;
        if (gv1_multi_kind == 4 && o == other) continue;
        if (gv1_multi_kind == 5 && parent(o) ~= other) continue;
        gv1_param-->gv1_multi_at = o;
        CallAction(a);
        n++;
    }
    if (n == 0) print "  (nothing to do that to)^";
];

! ------------------------------------------------------------ commands

[ ParseCommand  w v lines n i;
    w = WordAt(1);
    if (w <= 0 || (w->#dict_par1 & 1) == 0) {
        print "(not a verb)^";
        action = ##NotUnderstood;
        Fallback();
        return;
    }
    v = 255 - w->#dict_par2;
    print "(verb ", v;
    if (w->#dict_par1 & 2) print ", meta"; else turns++;
    lines = #grammar_table-->v;
    n = lines->0;
    print ", ", n, " lines";
    for (i = 0 : i < n : i++) {
        if (TryLine(lines + 1 + 8 * i)) {
            print ", line ", i + 1, ", action ", lines->(8 * i + 8), ")^";
            Perform(lines + 1 + 8 * i);
            return;
        }
    }
    print ")^";
    action = ##NotUnderstood;
    Fallback();
];

#Ifndef Fallback;
[ Fallback; "  I didn't understand that."; ];
#Endif;

[ Main  i;
    gv1_buf->0 = 120;
    gv1_parse->0 = 15;
    if (0-->7 ~= #grammar_table) "The header's static memory is not #grammar_table.";
    Initialise();
    for (::) {
        print "^>";
        read gv1_buf gv1_parse;
        print "[";
        for (i = 0 : i < gv1_buf->1 : i++) print (char) gv1_buf->(i + 2);
        print "]^";
        if (NumWords() == 0) { print "(no words)^"; continue; }
        ParseCommand();
    }
];

#Endif;
