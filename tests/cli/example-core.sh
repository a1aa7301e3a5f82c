# example-core.sh: the bundled game examples/core.inf compiles to a z5
# story, and its walkthrough played in dfrotz prints exactly
# examples/core.out (what the story inform6 6.41 writes prints), as
# tools/setup.sh shows it.  Skips without dfrotz.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v dfrotz >/dev/null || [ -x /usr/games/dfrotz ] || exit 77

ex=$SRCDIR/examples
"$VINFORM" "$ex/core.inf" core.z5 >out 2>&1 || fail "vinform: $(cat out)"
[ -s out ] && fail "vinform printed messages: $(cat out)"
[ -s core.z5 ] || fail "no story file written"
"$SRCDIR/tests/harness/run-story" -s 1 dfrotz core.z5 "$ex/core.walk" \
    >got 2>err
st=$?
diff -u "$ex/core.out" got >d && [ $st -eq 0 ] && [ ! -s err ] && exit 0
fail "dfrotz (exit status $st) $(cat err)
the transcript differs from core.out: $(cat d)"
