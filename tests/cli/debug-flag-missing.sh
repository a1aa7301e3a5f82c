# debug-flag-missing.sh: -D's checks in the veneer read the library's
# global debug_flag; a program without it is not written for -D, and
# inform6 6.45 warns so before the error: "DEBUG mode is on, but this
# story or library does not appear to support it".  Without -D it
# compiles with no message.
set -u
fail() { echo "FAIL: $*"; exit 1; }
printf 'Object obj with prop 0;\n[ Main; obj.prop = 1; ];\n' >p.inf
out=$("$VINFORM" p.inf p.z5 2>&1) || fail "without -D: $out"
[ -z "$out" ] || fail "without -D: $out"
NO_COLOR=1 "$VINFORM" -D p.inf p.z5 >d.out 2>&1 && fail "-D compiled"
grep -q "^vinform: warning: DEBUG mode is on, but this story or library does not appear to support it" d.out ||
    { cat d.out; fail "no DEBUG warning"; }
grep -q "^Compiled with 2 errors and 1 warning" d.out || { cat d.out; fail "counts"; }
exit 0
