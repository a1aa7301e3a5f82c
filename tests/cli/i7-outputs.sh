# i7-outputs.sh: Inform 7's output compiles and plays as inform6's story
# (issue 15, acceptance 2; issue 12, acceptance 4 for Glulx).
# i7-min-6G60.inf (z5 and z8: its calls Prop_7(,t_0) have a spurious
# leading comma) and i7-min-6M62-z.inf (z8: it prints "{ " and " }" in
# separate statements) from the Inform6-Testing corpus compile with no
# error, and their reg files' commands print in bocfel what inform6's
# stories print, but for the banner's compiler version; so do
# i7-min-6G60.inf, i7-min-6M62-g.inf and i7-min-10-1-2.inf with -G, in
# glulxe and in git (10.1's !% lines ask for -s: the statistics go to
# standard output, as inform6's).  Skips when the corpus, inform6 or
# emglken is absent.
set -u
fail() { echo "FAIL: $*"; exit 1; }
. "$SRCDIR/tests/harness/corpus.sh"
find_corpus "$SRCDIR"
suite=$corpus/Inform6-Testing
[ -d "$suite/src" ] || { echo "no corpus at $suite"; exit 77; }
[ -n "${INFORM6:-}" ] || exit 77
[ -d "$SRCDIR/tests/harness/node_modules/emglken" ] || exit 77
export SOURCE_DATE_EPOCH=1700000000
# NAME SWITCH REG INTERPRETER: a Z-machine version or -G (Glulx)
for t in "i7-min-6G60 -v5 i7-min-6G60 bocfel" "i7-min-6G60 -v8 i7-min-6G60 bocfel" \
         "i7-min-6M62-z -v8 i7-min-6M62 bocfel" \
         "i7-min-6G60 -G i7-min-6G60 glulxe" "i7-min-6G60 -G i7-min-6G60 git" \
         "i7-min-6M62-g -G i7-min-6M62 glulxe" "i7-min-6M62-g -G i7-min-6M62 git" \
         "i7-min-10-1-2 -G i7-min-10 glulxe" "i7-min-10-1-2 -G i7-min-10 git"; do
    set -- $t
    grep '^>' "$suite/reg/$3.reg" | sed 's/^> *//' >walk.txt
    "$VINFORM" -w $2 "$suite/src/$1.inf" v.story >v.log 2>&1 ||
        { cat v.log; fail "$1 $2: vinform did not compile it"; }
    grep -q 'error' v.log && { cat v.log; fail "$1 $2: errors"; }
    "$INFORM6" -w $2 "$suite/src/$1.inf" i.story >/dev/null 2>&1 ||
        fail "$1 $2: inform6 did not compile it"
    for s in v i; do
        "$SRCDIR/tests/harness/run-story" "$4" $s.story walk.txt |
            sed 's|(I6/v6\.[0-9]*|(I6/v6.xx|' >$s.txt ||
            fail "$1 $2: $4 failed on the $s story"
    done
    [ "$(grep -c '^>' v.txt)" -ge 7 ] || fail "$1 $2: too short a transcript"
    diff -u i.txt v.txt || fail "$1 $2 ($4): plays differently from inform6's story"
done
echo "8 stories play as inform6's (3 Z-machine in bocfel, 3 Glulx in glulxe and git)"
