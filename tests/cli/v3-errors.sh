# v3-errors.sh: what version 3 cannot do is reported where the program
# asks for it, naming the limit as inform6 does (tests/cli/v3-errors: each
# NAME.inf compiled with its "! SWITCHES:" must print NAME.err exactly
# and write no story).  These errors come from lowering and instruction
# selection, which tests/errors (--syntax-only) does not reach.
set -u
fail() { echo "FAIL: $*"; exit 1; }
dir=$SRCDIR/tests/cli/v3-errors
for inf in "$dir"/*.inf; do
    n=$(basename "$inf" .inf)
    cp "$inf" .
    sw=$(sed -n 's/^! SWITCHES: *//p' "$inf" | head -n 1)
    # shellcheck disable=SC2086
    "$VINFORM" $sw "$n.inf" "$n.z" >out 2>&1 && fail "$n compiled"
    [ -e "$n.z" ] && fail "$n: a story was written"
    diff -u "$dir/$n.err" out || fail "$n: not the messages of $n.err"
done
exit 0
