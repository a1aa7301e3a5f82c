# unimplemented.sh: switches asking for output vinform does not produce
# yet are accepted, then refused with "accepted but not implemented yet"
# (never silently ignored); under --syntax-only nothing is refused.
set -u
fail() { echo "FAIL: $*"; exit 1; }
printf '[ Main; ];\n' >m.inf

for sw in '+charset_map=map.txt'; do
    "$VINFORM" "$sw" m.inf >out 2>&1; st=$?
    [ $st -eq 1 ] || fail "$sw: exit status $st: $(cat out)"
    want="${sw%%=*}"
    [ "$want" = '+charset_map' ] || want="$sw"
    grep -qF "the switch $want is accepted but not implemented yet" out \
        || fail "$sw: $(cat out)"
done
# -d, -s and -z are done for the Z-machine (not yet for Glulx, which
# is refused as a whole for now).
"$VINFORM" -d2 -s -z m.inf >out 2>&1 || fail "-d2 -s -z: $(cat out)"
grep -qF "accepted but not implemented" out && fail "-d2 -s -z: $(cat out)"
# Combined and in a !% line too (-d is not done for Glulx yet).
"$VINFORM" -G -dsz m.inf >out 2>&1
grep -qF "the switch -d is accepted but not implemented yet" out \
    || fail "-G -dsz: -d: $(cat out)"
grep -qF "the switch -s" out && fail "-G -dsz: -s refused: $(cat out)"
printf '!%% -G\n!%% -d\n[ Main; ];\n' >h.inf
"$VINFORM" h.inf >out 2>&1
grep -qF "the switch -d is accepted but not implemented yet" out \
    || fail "!% -d: $(cat out)"
# Turned off again, nothing to refuse for it.
"$VINFORM" -G -d -~d m.inf >out 2>&1
grep -qF "the switch -d" out && fail "-d -~d: $(cat out)"
# -g is done (tests/run/trace-calls).
"$VINFORM" -g3 m.inf >out 2>&1 || fail "-g3: $(cat out)"
# -B only matters for -v6/-v7.
"$VINFORM" -B m.inf >out 2>&1
grep -qF "the switch -B" out && fail "-B refused for v5: $(cat out)"
"$VINFORM" --syntax-only -k -s -z m.inf >out 2>&1 \
    || fail "--syntax-only -k -s -z: $(cat out)"
exit 0
