# settings.sh: $SETTING=N, $list, $?SETTING; unknown and withdrawn
# settings are notes naming them and compilation goes on; the defaults
# agree with inform6's $list.
set -u
fail() { echo "FAIL: $*"; exit 1; }
printf '[ Main; ];\n' >m.inf

"$VINFORM" '$FOO=3' '$list' >out 2>&1 || fail "\$FOO=3: exit status $?"
grep -q 'note:.*\$FOO' out || fail "no note naming \$FOO: $(cat out)"
"$VINFORM" '$MAX_SYMBOLS=10' '$list' >out 2>&1 || fail "\$MAX_SYMBOLS: $?"
grep -q 'note:.*\$MAX_SYMBOLS.*no longer needed' out \
    || fail "no note for the withdrawn \$MAX_SYMBOLS: $(cat out)"
"$VINFORM" '$BUFFER_LENGTH=10' '$list' >out 2>&1 || fail "\$BUFFER_LENGTH: $?"
grep -q 'note:.*Inform 5' out || fail "Inform 5 setting: $(cat out)"
"$VINFORM" -w '$MAX_SYMBOLS=10' '$list' >out 2>&1
grep -q 'note' out && fail "-w should quiet the withdrawn-setting note: $(cat out)"

# Compilation goes on after the note.
"$VINFORM" --syntax-only '$FOO=3' '$MAX_LABELS=9' m.inf >out 2>&1 \
    || fail "compiling with \$FOO=3: $(cat out)"
grep -q 'note:.*\$FOO' out || fail "no note when compiling: $(cat out)"
grep -q 'note:.*\$MAX_LABELS' out || fail "no note for \$MAX_LABELS: $(cat out)"

# $?NAME explains; $list lists the target's settings.
"$VINFORM" '$?MAX_ABBREVS' >out 2>&1 || fail "\$?: $?"
grep -q 'abbreviations' out && grep -q 'default: 64' out || fail "\$?MAX_ABBREVS: $(cat out)"
"$VINFORM" '$?MAX_DYNAMIC_STRINGS' >out 2>&1
grep -q 'default: 32 for the Z-machine, 100 for Glulx' out || fail "$(cat out)"
"$VINFORM" '$MAX_ABBREVS=80' '$list' >out 2>&1
grep -q 'MAX_ABBREVS = 80' out && grep -q 'MAX_DYNAMIC_STRINGS = 16' out \
    || fail "\$MAX_ABBREVS=80 should leave 16 dynamic strings: $(cat out)"

# inform6's $list (6.41 here) against ours: every setting both list has
# the same default, for both targets.
if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
    for target in "" -G; do
        "$INFORM6" $target '$list' | sed -n 's/^| *\([A-Z_0-9]*\) = \([0-9]*\) *|$/\1 \2/p' >theirs
        "$VINFORM" $target '$list' | sed -n 's/^| *\([A-Z_0-9]*\) = \([0-9]*\) *|$/\1 \2/p' >ours
        [ -s theirs ] || fail "could not read inform6's \$list"
        common=0
        while read -r name value; do
            mine=$(awk -v n="$name" '$1 == n { print $2 }' ours)
            [ -z "$mine" ] && continue
            [ "$mine" = "$value" ] || fail "$target \$$name: inform6 $value, vinform $mine"
            common=$((common + 1))
        done <theirs
        [ $common -ge 10 ] || fail "$target: only $common settings in common"
    done
fi
exit 0
