# deep-expression.sh: an expression nested 100,000 levels deep (a long
# chain of `+`, as generated sources write) is compiled, not a crash: the
# passes recurse over expressions, and the compiler runs on a thread with
# a stack that has room for it (compiler/main.c).  A chain of constants
# overflows as inform6 says; a chain of variables compiles and runs.
set -u
fail() { echo "FAIL: $*"; exit 1; }
terms() { local i out=$2; for ((i = 1; i < $1; i++)); do out+=" + $2"; done; printf '%s' "$out"; }

printf '[ Main x; x = %s; print x; ];\n' "$(terms 100000 1)" >deep.inf
"$VINFORM" deep.inf deep.z5 >out 2>&1
st=$?
[ $st -eq 1 ] || { head -c 2000 out; fail "exit status $st, not 1"; }
grep -q '^deep.inf:1:[0-9]*: error: signed arithmetic on constants overflowed: 32767 + 1 is outside' out ||
    { head -c 2000 out; fail "no overflow error"; }
[ ! -e deep.z5 ] || fail "a story was written despite the error"

printf '[ Main x y; y = 1; x = %s; print x, "^"; ];\n' "$(terms 30000 y)" >vars.inf
"$VINFORM" -v8 vars.inf vars.z8 >out 2>&1 || { head -c 2000 out; fail "30,000 terms do not compile"; }
got=$("${DFROTZ:-/usr/games/dfrotz}" -q vars.z8 </dev/null 2>&1 | tr -d '\r' | sed '/^$/d')
[ "$got" = 30000 ] || fail "the story printed '$got', not 30000"
echo "100,000 levels: an error, no crash; 30,000 at -v8: prints 30000 (in linear time: check marks what is not constant)"
