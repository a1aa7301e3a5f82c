# gstory-text-errors.sh: what a Glulx story's tables cannot hold is
# reported as inform6 reports it: a dictionary word beyond Latin-1
# without $DICT_CHAR_SIZE=4.  Dynamic strings up to $MAX_DYNAMIC_STRINGS
# (more than the 100 of Glulx's default) make their table.  --dump-asm
# lists the code instead of writing the story.
set -u
fail() { echo "FAIL: $*"; exit 1; }

cat >dyn.inf <<'EOF2'
[ Main; print "x@(150)y^"; ];
EOF2
cat >dict.inf <<'EOF2'
[ Main; return 'caf@{263}'; ];
EOF2

no_story() {     # no_story NAME SWITCHES...: fails, at least one error
    local t=$1
    shift
    rm -f $t.ulx
    NO_COLOR=1 "$VINFORM" -G "$@" $t.inf $t.ulx >$t.out 2>&1 && fail "$t.inf compiled"
    [ -e $t.ulx ] && fail "$t.inf left a story"
    return 0
}
"$VINFORM" -G '$MAX_DYNAMIC_STRINGS=200' dyn.inf dyn.ulx >dyn.out 2>&1 ||
    { cat dyn.out; fail "dyn.inf with \$MAX_DYNAMIC_STRINGS=200"; }
no_story dict
grep -q "error: the dictionary cannot contain Unicode characters beyond Latin-1" dict.out ||
    { cat dict.out; fail "dict.inf: message"; }
"$VINFORM" -G '$DICT_CHAR_SIZE=4' dict.inf dict.ulx >dict.out 2>&1 ||
    { cat dict.out; fail "dict.inf with \$DICT_CHAR_SIZE=4"; }
# --dump-asm lists Main__ and the functions, and writes no story.
printf '[ Main x; x = 3 + 4; print "Hello, x=", x, "^"; ];\n' >asm.inf
"$VINFORM" -G --dump-asm asm.inf asm.ulx >asm.out 2>&1 || { cat asm.out; fail "asm.inf"; }
[ -e asm.ulx ] && fail "--dump-asm wrote a story"
grep -q "^  call Main 0 0$" asm.out && grep -q '^  streamstr "Hello, x="$' asm.out ||
    { cat asm.out; fail "--dump-asm: no listing"; }
exit 0
