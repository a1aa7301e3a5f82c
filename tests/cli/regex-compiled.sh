# regex-compiled.sh: a pattern given to the regex library as a string
# literal is compiled into a routine of its own (compiler/regex_compile*.c,
# docs/text.md "Constant patterns"): the call passes that routine and no
# pattern string; one routine serves the same pattern twice; a pattern in
# a variable, a nocase given by a variable, a literal with a character
# outside printable ASCII, and every pattern of a program defining
# Regex_INTERPRET keep the interpreter; the z5 story prints what the
# interpreted one prints (tests/regex compares every case, z5, z8, Glulx).
set -u
fail() { echo "FAIL: $*"; exit 1; }
DFROTZ=${DFROTZ:-/usr/games/dfrotz}

cat >rx.inf <<'EOF'
Array T1 table 80;
Global p = "a(.)a";
Global yes = true;
[ Main;
    Text_SetString(T1, "taramasalata");
    print Regex_Matches(T1, "a(r.*l)a(.)"), " ", Regex_Steps, " ";
    Regex_PrintSubexpression(1); print " "; Regex_PrintSubexpression(2);
    print " ", Regex_Count(T1, "a"), " ", Regex_Count(T1, "a");
    print " ", Regex_ExactlyMatches(T1, "t<a-z>+A", true), " ", Regex_Count(T1, "S@{E9}", yes);
    print " ", Regex_Matches(T1, p), " ", Regex_Count(T1, "s@{E9}");
    print " ", Regex_Replace(T1, "@{5C}b(@{5C}w)", "@{5C}u1"), " ";
    Text_Print(T1); new_line;
];
EOF
want='1 4 ramasal t 6 6 1 0 1 0 1 Taramasalata'

"$VINFORM" -v5 --dump-asm rx.inf >asm 2>err || { cat err; fail "rx.inf does not compile"; }
calls=$(grep -cE 'call_vs2? Regex_(Matches|Count|ExactlyMatches|Replace) .*Regex__C[0-9]+' asm)
[ "$calls" = 5 ] || { grep -E 'call_vs2? Regex_' asm; fail "$calls calls pass a compiled pattern, not 5"; }
routines=$(grep -oE 'Regex__C[0-9]+' asm | sort -u | wc -l)
[ "$routines" = 4 ] || fail "$routines compiled patterns, not 4 (the same pattern twice is one)"
grep -qE 'call_vs2? Regex_Matches T1 p ' asm ||
    { grep -E 'call_vs2? Regex_' asm; fail "the pattern in a variable is not left to the interpreter"; }

"$VINFORM" -v5 '$#Regex_INTERPRET=1' --dump-asm rx.inf >asm2 2>err || { cat err; fail "with Regex_INTERPRET"; }
! grep -q 'Regex__C[0-9]' asm2 || fail "Regex_INTERPRET: a pattern was compiled all the same"

for mode in compiled interpreted; do
    flag=; [ $mode = interpreted ] && flag='$#Regex_INTERPRET=1'
    # shellcheck disable=SC2086
    "$VINFORM" -v5 $flag rx.inf rx.z5 >err 2>&1 || { cat err; fail "$mode: no z5 story"; }
    got=$("$DFROTZ" -q -m rx.z5 </dev/null 2>&1 | tr -d '\r' | sed '/^$/d')
    [ "$got" = "$want" ] || fail "$mode z5 story printed '$got', not '$want'"
done
echo "5 calls with 4 compiled patterns, the variable's left alone; z5 stories print '$want' both ways"
