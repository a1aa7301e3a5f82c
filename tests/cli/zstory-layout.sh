# zstory-layout.sh: vinform lays a story out as inform6 does.  For small
# programs that use every table (objects and classes, properties, arrays
# of every kind and static ones, grammar versions 1 and 2, abbreviations
# with -e, Lowstring, Zcharacter, v5 and v8), the -z memory map up to the
# code, the header's table addresses and the dictionary's bytes must be
# inform6's.  (The code differs, so the addresses of routines and strings
# in the tables do too: those are left to the run tests.)  For the grammar
# programs, whose routines vinform compiles to the same bytes, the tables
# from the start of static memory (#grammar_table) to the dictionary --
# grammar, actions, parsing routines and, in GV1, adjectives -- must be
# byte-identical too (issue 5, acceptance 3): the inline programs here
# and the tests/run/gv1-*.inf programs, which also play through a parser
# of their own that reads these tables (tests/run/gv1-parser.h).  Needs
# inform6.
set -u
fail() { echo "FAIL: $*"; exit 1; }
[ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ] || exit 77
command -v python3 >/dev/null || exit 77

cat >objects.inf <<'EOF'
Property weight 10;
Property additive desc "nothing";
Attribute heavy;
Attribute shiny;
Class Thing with weight 5, desc "a thing", name 'thing', has shiny;
Class Box(2) class Thing with capacity 3;
Object room "Room";
Thing -> rock "rock" with name 'rock' "stone", weight 50 has heavy;
Box -> crate "crate" with desc "a crate" private secret 7;
Object -> -> gem "gem" with name 'gem//p';
Object spare "spare" room;
Object -> -> inner "inner";
Array words --> 'rock' rock "str" Main ##Take;
Array bytes -> 1 2 3 'A';
Array tab table 4;
Array buf buffer "hello";
Array st string "hi";
Array fixed static --> 1 2 3;
Global gg = rock;
Global gs = "global string";
Dictionary 'frotz' 3 5;
[ TakeSub; ];
[ Main; print (name) rock, gg, gs, words, bytes, tab, buf, st, fixed, "^"; ];
EOF

cat >grammar.inf <<'EOF'
Attribute edible;
[ ParseNum w; w = -1; ];
[ Scope1; ];
[ Filt; ];
Fake_action Frob;
Verb 'take' 'get' * noun -> Take * 'off' held -> Disrobe
    * multi 'from' noun -> Remove * 'in' 'up' noun -> Remove;
Verb 'eat' * edible -> Eat * ParseNum -> Eat * scope=Scope1 -> Eat
    * noun=Filt -> Eat * number -> Eat * special creature -> Eat;
Verb meta 'quit' 'q' * -> Quit;
Verb 'pick' = 'take';
Extend 'take' first * 'inventory' -> Inv;
Extend 'eat' replace * 'it' -> Eat;
Extend only 'get' * 'up' -> GetUp;
Extend 'get' last * 'down' -> GetUp;
[ TakeSub; ]; [ DisrobeSub; ]; [ RemoveSub; ]; [ EatSub; ]; [ QuitSub; ];
[ InvSub; ]; [ GetUpSub; ];
[ Main; print ##Take, ##Frob, 'pick', "^"; ];
EOF
{ echo 'Constant Grammar__Version 2;'
  sed "s|'in' 'up' noun|'in'/'into' 'up' noun|" grammar.inf; } >grammar2.inf

cat >text.inf <<'EOF'
Abbreviate "the ";
Abbreviate "ing";
Zcharacter '$';
Zcharacter table + '@{2014}';
Zcharacter terminating 252 253;
Lowstring ls "low";
Statusline time;
Release 3;
Serial "010203";
Object thing "the thing";
[ Main; string 3 "dyn"; print "the ringing $ thing @{2014}", (string) ls, "@03^"; ];
EOF

# More GV1 programs: multi-object and attribute tokens, synonyms, Extend in
# every form, meta verbs, fake actions, noun=/scope=/general parsing
# routines, special and number (issue 5, acceptance 3).
cat >gv1-tokens.inf <<'EOF'
Attribute open;
Attribute worn;
Verb 'put' * multiexcept 'into' noun -> Insert
    * multiheld 'on' noun -> PutOn * noun 'on' multiheld -> PutOn
    * 'down' multiheld -> Drop;
Verb 'empty' * multiinside 'from' noun -> Empty * open -> Empty;
Verb 'ask' * creature 'about' special -> Ask * creature 'for' noun -> AskFor
    * 'for' noun 'from' creature -> AskFor;
Verb 'remove' * worn -> Disrobe * multi -> Take;
[ InsertSub; ]; [ PutOnSub; ]; [ DropSub; ]; [ EmptySub; ]; [ AskSub; ];
[ AskForSub; ]; [ DisrobeSub; ]; [ TakeSub; ];
[ Main; print ##Insert, ##Take, "^"; ];
EOF

cat >gv1-extend.inf <<'EOF'
Fake_action Later;
Fake_action Sooner;
Verb 'go' 'walk' 'run' * -> Go * 'north' -> Go * 'south' -> Go
    * 'to' noun -> Go * 'through' noun -> Enter;
Verb 'zap' * noun 'with' held -> Zap * 'at' noun -> Zap * 'north' -> Zap;
Verb 'enter' * noun -> Enter * 'into' noun -> Enter;
Verb 'stroll' = 'walk';
Extend 'run' * 'away' -> Go;
Extend only 'walk' first * 'back' -> Back;
Extend 'zap' replace * 'to' noun -> Zap * 'up' -> Zap;
Verb meta 'save' * -> Save;
Verb meta 'restore' 'load' * -> Restore;
[ GoSub; ]; [ EnterSub; ]; [ ZapSub; ]; [ BackSub; ]; [ SaveSub; ];
[ RestoreSub; ];
[ Main; print ##Zap, ##Later, ##Go, 'go', "^"; <Go 'north'>; ];
EOF

cat >gv1-routines.inf <<'EOF'
Attribute animate;
Global sc;
[ Any; ];
[ InScope; ];
[ IsAnimate; ];
[ Grp w; w = 1; ];
Verb 'give' * held 'to' creature -> Give * creature held -> Give
    * held 'to' noun=IsAnimate -> Give;
Verb 'look' 'l' * -> Look * 'at' noun -> Examine * 'under' noun -> LookUnder
    * scope=InScope -> Examine * Grp -> Examine * 'up' special 'in' noun -> Consult;
Verb 'set' * noun 'to' special -> SetTo * noun 'to' number -> SetTo
    * animate -> Wake * Any 'to' Any -> SetTo;
[ GiveSub; ]; [ LookSub; ]; [ ExamineSub; ]; [ LookUnderSub; ];
[ ConsultSub; ]; [ SetToSub; ]; [ WakeSub; ];
[ Main; print #grammar_table, #actions_table, #adjectives_table, "^"; ];
EOF

fields() {       # the header's table addresses and the dictionary's bytes
    python3 - "$1" <<'EOF'
import sys
d = open(sys.argv[1], "rb").read()
w = lambda i: d[i] << 8 | d[i + 1]
for name, at in [("high memory", 4), ("initial pc", 6), ("dictionary", 8),
                 ("objects", 10), ("globals", 12), ("static memory", 14),
                 ("abbreviations", 0x18), ("terminating", 0x2E),
                 ("alphabet", 0x34), ("header extension", 0x36)]:
    print(name, hex(w(at)))
print("flags 1, release, serial", d[1], w(2), d[0x12:0x18])
a = w(8)
n = d[a]
size, count = d[a + 1 + n], w(a + 2 + n)
print("dictionary", d[a:a + 4 + n + size * count].hex())
EOF
}

tables() {       # the bytes from #grammar_table (static memory) to the dictionary
    python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
w = lambda i: d[i] << 8 | d[i + 1]
print(d[w(14):w(8)].hex())' "$1"
}

check_tables() { # check_tables NAME SWITCHES...: after check NAME SWITCHES
    local n=$1
    shift
    tables i6.story >i6.tables
    tables vi.story >vi.tables
    cmp -s i6.tables vi.tables || fail "$n $*: grammar/actions/adjectives tables differ:
$(cat i6.tables vi.tables)"
}

check() {        # check NAME SWITCHES...
    local n=$1
    shift
    "$INFORM6" -q -z "$@" $n.inf i6.story >i6.out 2>&1 || fail "inform6 $* $n: $(cat i6.out)"
    "$VINFORM" -w -z "$@" $n.inf vi.story >vi.out 2>&1 || fail "vinform $* $n: $(cat vi.out)"
    awk '/\+=====/ { n++ } /Z-code/ { exit } /\+/ { print }' i6.out >i6.map
    awk '/\+=====/ { n++ } /Z-code/ { exit } /\+/ { print }' vi.out >vi.map
    [ -s i6.map ] || fail "$n: no memory map from inform6"
    cmp -s i6.map vi.map || fail "$n $*: the memory map differs:
$(diff i6.map vi.map)"
    fields i6.story >i6.fields
    fields vi.story >vi.fields
    cmp -s i6.fields vi.fields || fail "$n $*: header or dictionary differs:
$(diff i6.fields vi.fields)"
    "$SRCDIR/tests/harness/zcheck" -q vi.story || fail "$n $*: zcheck"
}

check objects -v5
check objects -v8
check grammar -v5;  check_tables grammar -v5
check grammar -v8;  check_tables grammar -v8
check grammar2 -v5; check_tables grammar2 -v5
for n in gv1-tokens gv1-extend gv1-routines; do
    check $n -v5; check_tables $n -v5
    check $n -v8; check_tables $n -v8
done
# The played GV1 programs, from their files (run/ here, beside the parser
# they include).
mkdir run
cp "$SRCDIR"/tests/run/gv1-parser.h run/
for f in "$SRCDIR"/tests/run/gv1-*.inf; do
    cp "$f" run/
    n=run/$(basename "$f" .inf)
    check $n -v5; check_tables $n -v5
    check $n -v8; check_tables $n -v8
done
[ "$(ls run/*.inf | wc -l)" -ge 5 ] || fail "fewer than 5 tests/run/gv1-*.inf programs"

check text -v5 -e
check text -v8
exit 0
