# output-switches.sh: the switches that change only what is printed,
# as inform6 6.45 has them: -c (messages without the quoted source line),
# -w2 (warnings counted as errors: the story is written, the summary
# says "(treated as errors)", exit status 1), -x ("::" and a '#' for
# every 100 lines of source, the same count as inform6's), and the trace
# options that are another name for a switch ($!MAP is -z, $!STATS -s,
# $!RUNTIME=N -gN).
set -u
fail() { echo "FAIL: $*"; exit 1; }
printf 'Global unused;\n[ Main x; "hi"; ];\n' >w.inf

# -c
"$VINFORM" w.inf >out 2>&1 || fail "w.inf: $(cat out)"
grep -qF '  [ Main x; "hi"; ];' out || fail "no quoted line without -c: $(cat out)"
"$VINFORM" -c w.inf >out 2>&1 || fail "-c: $(cat out)"
grep -qF '[ Main' out && fail "-c: the source line quoted: $(cat out)"
grep -qF "w.inf:2:8: warning: local variable 'x' is declared but never used" out \
    || fail "-c: $(cat out)"

# -w2
rm -f w.z5
"$VINFORM" -w2 w.inf >out 2>err && fail "-w2: exit status 0"
[ -s w.z5 ] || fail "-w2: no story"
[ "$(cat out)" = "Compiled with 2 warnings (treated as errors)" ] \
    || fail "-w2: $(cat out)"
"$VINFORM" -w2 -E1 w.inf >out 2>err && fail "-w2 -E1: exit status 0"
printf '[ Main; "hi"; ];\n' >ok.inf
"$VINFORM" -w2 ok.inf >out 2>&1 || fail "-w2 without warnings: $(cat out)"
[ -s out ] && fail "-w2 without warnings: $(cat out)"

# -x: 250 lines, two hashes.
{ for i in $(seq 248); do echo "! line $i"; done; echo '[ Main;'; echo '];'; } >long.inf
"$VINFORM" -x long.inf >out 2>&1 || fail "-x: $(cat out)"
[ "$(cat out)" = "::##" ] || fail "-x: $(cat out)"
"$VINFORM" -x ok.inf >out 2>&1 || fail "-x short: $(cat out)"
[ -s out ] && fail "-x on a short source: $(cat out)"
if [ -n "${INFORM6:-}" ]; then
    "$INFORM6" -x long.inf i6.z5 | grep '^::' >i6 || fail "inform6 -x"
    "$VINFORM" -x long.inf v.z5 >v || fail "-x"
    cmp -s i6 v || fail "-x: inform6 $(cat i6), vinform $(cat v)"
fi

# $!MAP and $!STATS print what -z and -s print.
"$VINFORM" -z ok.inf >z || fail "-z"
"$VINFORM" '$!MAP' ok.inf >map || fail "\$!MAP: $(cat map)"
cmp -s z map || fail "\$!MAP differs from -z"
"$VINFORM" -s ok.inf | grep -v '^Completed in' >s || fail "-s"
"$VINFORM" '$!STATS' ok.inf | grep -v '^Completed in' >stats || fail "\$!STATS"
cmp -s s stats || fail "\$!STATS differs from -s"
[ -s map ] && [ -s stats ] || fail "nothing printed"
# $!RUNTIME=N is -gN (the story traces its calls: tests/run/trace-calls).
"$VINFORM" -g2 ok.inf g.z5 >/dev/null || fail "-g2"
"$VINFORM" '$!RUNTIME=2' ok.inf rt.z5 >/dev/null || fail "\$!RUNTIME=2"
"$VINFORM" ok.inf plain.z5 >/dev/null || fail "ok.inf"
cmp -s g.z5 rt.z5 || fail "\$!RUNTIME=2 differs from -g2"
cmp -s g.z5 plain.z5 && fail "-g2 changed nothing"
exit 0
