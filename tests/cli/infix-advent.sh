# infix-advent.sh: -X with library 6/11 (issue 15): Advent (the
# Inform6-Testing corpus, i6lib-611, which includes infix.h under -X)
# compiled with -X plays Infix commands (infix-advent.walk: ;x of an
# object, a global, a constant, an expression and a dictionary word;
# ;give, ;move, ;remove, ;<; ;watch of a routine, of an object and of
# actions) in dfrotz and in bocfel as inform6's -X story does, but for
# the banner's compiler version and the addresses Infix prints (routines
# and strings move with the size of the code).  Skips when the corpus,
# inform6, dfrotz or emglken is absent.
set -u
fail() { echo "FAIL: $*"; exit 1; }
. "$SRCDIR/tests/harness/corpus.sh"
find_corpus "$SRCDIR"
suite=$corpus/Inform6-Testing
[ -f "$suite/src/Advent.inf" ] || { echo "no corpus at $suite"; exit 77; }
[ -n "${INFORM6:-}" ] || exit 77
[ -d "$SRCDIR/tests/harness/node_modules/emglken" ] || exit 77
command -v dfrotz >/dev/null || PATH=$PATH:/usr/games
command -v dfrotz >/dev/null || exit 77
lib="+include_path=$suite/i6lib-611"
"$VINFORM" -X "$lib" "$suite/src/Advent.inf" v.z5 >v.log 2>&1 ||
    { cat v.log; fail "vinform did not compile Advent with -X"; }
grep -q 'warning\|error' v.log && { cat v.log; fail "-X: warnings or errors"; }
"$INFORM6" -X "$lib" "$suite/src/Advent.inf" i.z5 >/dev/null 2>&1 ||
    fail "inform6 did not compile Advent with -X"
for interp in dfrotz bocfel; do
    for s in v i; do
        "$SRCDIR/tests/harness/run-story" $interp $s.z5 \
            "$SRCDIR/tests/cli/infix-advent.walk" |
            sed -e 's|Inform v6\.[0-9]*|Inform v6.xx|' \
                -e 's| (-\{0,1\}[0-9][0-9]*),$| (N),|' \
                -e 's|(address [0-9]*)|(address N)|' >$s.txt ||
            fail "$interp failed on the $s story"
    done
    grep -q '\[ ScoreSub() \]' v.txt || fail "$interp: no trace of ScoreSub"
    grep -q '\[ brass_lantern.before() \]' v.txt ||
        fail "$interp: no trace of the lamp's before"
    diff -u i.txt v.txt || fail "$interp: plays differently from inform6's story"
done
exit 0
