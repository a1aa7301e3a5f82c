# unknown-switch.sh: an unknown switch or option is an error naming it and
# pointing at vinform --help; nothing is compiled.
set -u
fail() { echo "FAIL: $*"; exit 1; }
printf '[ Main; ];\n' >m.inf

check() {   # check WANT ARGS...: exit status 1 and WANT in the output
    local want=$1; shift
    "$VINFORM" "$@" >out 2>&1; st=$?
    [ $st -eq 1 ] || fail "$*: exit status $st, want 1: $(cat out)"
    grep -qF -- "$want" out || fail "$*: '$want' missing from: $(cat out)"
}
check "unknown switch '-Q'" -Q m.inf
check "vinform --help" -Q m.inf
check "unknown switch '-Q'" -DQX m.inf
check "unknown option '--frobnicate'" --frobnicate m.inf
check "removed in Inform 6.40" -j m.inf
check "'-v' must be followed by a version from 3 to 8" -v9 m.inf
check "'-C' must be followed by 0 to 9" -Cz m.inf
check "cannot follow '-v5'" -v5 -G m.inf
check "no path called 'nosuch_path'" +nosuch_path=x m.inf
check "unexpected argument 'third'" m.inf out.z5 third
check "must be set to a number" '$MAX_ABBREVS=lots' m.inf
check "needs a value" '$MAX_ABBREVS' m.inf
check "is not a symbol name" '$#3x=1' m.inf
check "--opt must be followed by SETTING=NUMBER" m.inf --opt
[ -e m.z5 ] && fail "a story file was written"
exit 0
