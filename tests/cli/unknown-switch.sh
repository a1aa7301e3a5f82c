# unknown-switch.sh: what inform6 6.45 reports and compiles on past (an
# unknown or removed switch, a $SETTING that is not a number, a setting
# with no value, a $#symbol that is not a name) is a warning naming it, and
# the story is written; what stops inform6 or makes no sense (an unknown
# --option, a bad -v or -C, -G after -v, an unknown path, a third file
# name) is an error naming it, and nothing is compiled.
set -u
fail() { echo "FAIL: $*"; exit 1; }
printf '[ Main; ];\n' >m.inf

check() {   # check WANT ARGS...: exit status 1 and WANT in the output
    local want=$1; shift
    rm -f m.z5
    "$VINFORM" "$@" >out 2>&1; st=$?
    [ $st -eq 1 ] || fail "$*: exit status $st, want 1: $(cat out)"
    grep -qF -- "$want" out || fail "$*: '$want' missing from: $(cat out)"
    [ -e m.z5 ] && fail "$*: a story file was written"
}
lenient() { # lenient WANT ARGS...: a warning saying WANT, and a story
    local want=$1; shift
    rm -f m.z5
    "$VINFORM" "$@" >out 2>&1; st=$?
    [ $st -eq 0 ] || fail "$*: exit status $st, want 0: $(cat out)"
    grep -qF -- "warning: $want" out || fail "$*: 'warning: $want' missing from: $(cat out)"
    grep -qF "Compiled with 1 warning" out || fail "$*: not one warning: $(cat out)"
    [ -s m.z5 ] || fail "$*: no story file"
}
lenient "unknown switch '-Q'; it is ignored (see vinform --help)" -Q m.inf
lenient "unknown switch '-Q'" -DQ m.inf
lenient "the switch '-M' was removed in Inform 6.40 (modules were removed); it is ignored" -M m.inf
lenient "the switch '-j' was removed in Inform 6.40 (use \$!OBJECTS); it is ignored" -j m.inf
lenient "\$MAX_ABBREVS must be set to a number, not 'lots'; it is left as it was" '$MAX_ABBREVS=lots' m.inf
lenient "\$MAX_ABBREVS needs a value" '$MAX_ABBREVS' m.inf
lenient "\$#3x=1: '3x' is not a symbol name" '$#3x=1' m.inf
lenient "\$#X must be set to a number, not 'y'; nothing is defined" '$#X=y' m.inf
# in a !% line too, at its line and column
printf '!%% -Q\n[ Main; ];\n' >q.inf
"$VINFORM" q.inf >out 2>&1 || fail "!% -Q: $(cat out)"
grep -qF "q.inf:1:4: warning: unknown switch '-Q'" out || fail "!% -Q: $(cat out)"
# the setting that was not a number is left alone: the default 64 holds
printf 'Abbreviate "xx";\n[ Main; ];\n' >a.inf
"$VINFORM" '$MAX_ABBREVS=lots' a.inf >out 2>&1 || fail "\$MAX_ABBREVS=lots: $(cat out)"

check "unknown option '--frobnicate'" --frobnicate m.inf
check "'-v' must be followed by a version from 3 to 8" -v9 m.inf
check "'-C' must be followed by 0 to 9" -Cz m.inf
check "cannot follow '-v5'" -v5 -G m.inf
check "no path called 'nosuch_path'" +nosuch_path=x m.inf
check "unexpected argument 'third'" m.inf out.z5 third
check "--opt must be followed by SETTING=NUMBER" m.inf --opt
exit 0
