# unreachable.sh: code that execution can never reach, by inform6 6.45's
# rules (codegen/lower_reach.c): the warning "This statement can never be
# reached", where it is given and where it is kept quiet, and the error
# for a jump back to a label left out.  Each unreachable/NAME.inf is
# compiled with its "! SWITCHES:" and must print exactly NAME.err (exit
# status 1 when that holds an error, else 0); unless it is marked
# "! ZONLY" or asks for -G itself, it is compiled for Glulx too and must
# print the same, the rules being the same on both machines.  With
# inform6 (INFORM6, 6.41), each test not tagged 6.42+ must give as many
# of these warnings as inform6 gives.  Regenerate a NAME.err with
# REGEN=1 (read it before you commit it).
set -u
fail() { echo "FAIL: $*"; exit 1; }
dir=$SRCDIR/tests/cli/unreachable
export NO_COLOR=1
for src in "$dir"/*.inf; do
    name=$(basename "$src" .inf)
    cp "$src" .
    sw=$(sed -n 's/^! SWITCHES: //p' "$src" | head -n 1)
    want=0
    grep -q ': error: ' "$dir/$name.err" 2>/dev/null && want=1
    # shellcheck disable=SC2086
    "$VINFORM" $sw "$name.inf" story >out 2>&1
    st=$?
    if [ "${REGEN:-}" = 1 ]; then cp out "$dir/$name.err"; continue; fi
    diff -u "$dir/$name.err" out || fail "$name: the messages differ"
    [ "$st" = "$want" ] || fail "$name: exit status $st, not $want"
    if ! grep -q '^! ZONLY' "$src" && [[ " $sw " != *" -G "* ]]; then
        # shellcheck disable=SC2086
        "$VINFORM" -G $sw "$name.inf" story >gout 2>&1
        diff -u out gout || fail "$name: Glulx's messages differ from Z's"
    fi
    if [ -n "${INFORM6:-}" ] && ! grep -q '^! TAG: 6.42+' "$src"; then
        # shellcheck disable=SC2086
        "$INFORM6" $sw "$name.inf" story6 >i6out 2>&1
        n6=$(grep -c 'This statement can never be reached' i6out)
        n=$(grep -c 'This statement can never be reached' out)
        [ "$n" = "$n6" ] || fail "$name: $n warnings, inform6 $n6"
    fi
done
exit 0
