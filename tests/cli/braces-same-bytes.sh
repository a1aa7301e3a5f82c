# braces-same-bytes.sh: the brace rule (issue 15) leaves every story alone
# that has no varying substring.  Each program of tests/run, tests/games and
# examples/ is compiled for v5 twice, as it is and with $VARYING_STRINGS=0
# (every brace read as text, inform6's reading); where -s counts no varying
# substring, the two stories must be the same bytes: no brace it prints
# (Inform 7's "{ ", "{HELP}", a regular expression's "a{2,5}") may become
# varying syntax.  Programs that do vary are counted, not compared, and one
# of them must differ, or the comparison could not see a difference.
set -u
fail() { echo "FAIL: $*"; exit 1; }
export SOURCE_DATE_EPOCH=1700000000
compared=0 varying=0
for inf in "$SRCDIR"/tests/run/*.inf "$SRCDIR"/tests/games/*.inf "$SRCDIR"/examples/*.inf; do
    [ -f "$inf" ] || continue
    sw=$(sed -n 's/^[[:space:]]*![[:space:]]*SWITCHES:[[:space:]]*//p' "$inf" | head -n 1)
    rm -f on.z off.z
    set -f
    # shellcheck disable=SC2086
    (cd "$(dirname "$inf")" && "$VINFORM" -s $sw -v5 "$inf" "$OLDPWD/on.z" \
        </dev/null >"$OLDPWD/on.log" 2>&1)
    st1=$?
    # shellcheck disable=SC2086
    (cd "$(dirname "$inf")" && "$VINFORM" '$VARYING_STRINGS=0' $sw -v5 "$inf" \
        "$OLDPWD/off.z" </dev/null >/dev/null 2>&1)
    st2=$?
    set +f
    name=${inf#"$SRCDIR"/}
    if grep -q ' varying substrings\{0,1\} ' on.log; then
        varying=$((varying + 1))
        [ "$name" = tests/run/varying-forms.inf ] && ! cmp -s on.z off.z && seen_differ=1
        continue
    fi
    [ $st1 -eq $st2 ] || fail "$name: exit status $st1 as it is, $st2 with \$VARYING_STRINGS=0"
    if [ -f on.z ] || [ -f off.z ]; then
        cmp -s on.z off.z || fail "$name: a brace changed the story (no varying substring in it)"
    fi
    compared=$((compared + 1))
done
[ "${seen_differ:-0}" = 1 ] || fail "tests/run/varying-forms.inf should vary and differ"
[ $compared -ge 300 ] || fail "only $compared programs compared"
echo "$compared programs the same with braces read as text, $varying varying ones left out"
