# glulxercise.sh: Andrew Plotkin's Glulx interpreter unit test
# (Inform6-Testing's src/glulxercise.inf, which has no reg file) compiled
# by vinform -G passes every test of its "all" command in glulxe and in
# git, as inform6's story does (issue 12, acceptance 3).  Its tests jump
# into code by computed offsets (`@"1:32" loc;` then `@"1:49" 2;` ...)
# and compare double results with `$>+...` / `$<+...` constants to the
# last bit, so both the code after a custom jump and inform6's arithmetic
# for float literals are checked.  The transcripts must be the same but
# for the compiler's version in the banner and addresses (five or more
# digits: routines, memory sizes, heap blocks), which move with the
# story's size.  Skips when the corpus, inform6 or emglken is absent.
set -u
fail() { echo "FAIL: $*"; exit 1; }
. "$SRCDIR/tests/harness/corpus.sh"
find_corpus "$SRCDIR"
src=$corpus/Inform6-Testing/src/glulxercise.inf
[ -f "$src" ] || { echo "no corpus at $corpus"; exit 77; }
[ -n "${INFORM6:-}" ] || exit 77
[ -d "$SRCDIR/tests/harness/node_modules/emglken" ] || exit 77
echo all >walk.txt
"$VINFORM" -G "$src" v.ulx >v.log 2>&1 || { cat v.log; fail "vinform did not compile it"; }
[ -s v.log ] && { cat v.log; fail "vinform printed warnings (inform6: none)"; }
"$INFORM6" -G "$src" i.ulx >/dev/null 2>&1 || fail "inform6 did not compile it"
for interp in glulxe git; do
    for s in v i; do
        "$SRCDIR/tests/harness/run-story" -t 120 "$interp" $s.ulx walk.txt |
            sed -E -e 's|Inform v6\.[0-9]+|Inform v6.xx|' \
                   -e 's/[0-9A-F]{5,}/N/g' >$s.$interp.txt ||
            fail "$interp failed on the $s story"
    done
    grep -q '^All tests passed\.$' i.$interp.txt ||
        fail "inform6's story does not pass in $interp: $(grep -i fail i.$interp.txt | head -3)"
    diff -u i.$interp.txt v.$interp.txt ||
        fail "vinform's story plays differently from inform6's in $interp"
    grep -q '^All tests passed\.$' v.$interp.txt || fail "no 'All tests passed.' in $interp"
done
echo "glulxercise: all tests passed in glulxe and git, as inform6's story"
