# grammar-version-setting.sh: $GRAMMAR_VERSION (on the command line or in
# a `!%` line) chooses the grammar version as `Constant Grammar__Version`
# does, and outranks that constant (inform6 6.45); of two constants the
# later wins.  Each pair of programs must give the same story bytes, and
# the story prints the version it was given.
set -u
fail() { echo "FAIL: $*"; exit 1; }
prog() {        # prog [N...]: a program declaring Grammar__Version N, ...
    for n in "$@"; do echo "Constant Grammar__Version = $n;"; done
    echo '[ Main; print Grammar__Version; ];'
    echo '[ TakeSub; ];'
    echo "Verb 'take' * 'all' -> Take * noun -> Take;"
}
same() {        # same A B: the stories A.z5 and B.z5 are byte for byte one
    cmp -s "$1.z5" "$2.z5" || fail "$1 and $2 differ"
}
build() {       # build NAME SWITCHES...: NAME.inf to NAME.z5
    local n=$1
    shift
    "$VINFORM" "$@" "$n.inf" "$n.z5" >"$n.out" 2>&1 || { cat "$n.out"; fail "$n.inf"; }
}
prog 2 >c2.inf; build c2
prog 3 >c3.inf; build c3
prog >s2.inf; build s2 '$GRAMMAR_VERSION=2'
prog 2 >s3.inf; build s3 '$GRAMMAR_VERSION=3'
prog 2 3 >c23.inf; build c23
{ echo '!% $GRAMMAR_VERSION=3'; prog 2; } >h3.inf; build h3
{ echo '!% $GRAMMAR_VERSION=3'; prog 2; } >h1.inf; build h1 '$GRAMMAR_VERSION=1'
prog >c1.inf; build c1
same c2 s2
same c3 s3
same c3 c23
same c1 h1
cmp -s c2.z5 c3.z5 && fail "grammar versions 2 and 3 give the same story"
# h3 differs from c3 only in its source's first line, which the story
# does not hold.
same c3 h3
exit 0
