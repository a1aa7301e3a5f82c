# zstory-text-errors.sh: text the story cannot hold is an error where it
# is written, as inform6 reports it: a character outside the story's
# character set in an inline print (short), in the strings area (long)
# and in an @print opcode; a dynamic string beyond those the story has.
# Declaring the character with 'Zcharacter table' makes the story.
set -u
fail() { echo "FAIL: $*"; exit 1; }

cat >short.inf <<'EOF2'
[ Main; print "Price: 5@{20AC}^"; ];
EOF2
cat >long.inf <<'EOF2'
[ Main; print "A price well beyond the inline limit: 5@{20AC}, or so.^"; ];
EOF2
cat >asm.inf <<'EOF2'
[ Main; @print "@{2014}"; ];
EOF2
cat >dyn.inf <<'EOF2'
[ Main; print "x@40y^"; ];
EOF2
{ echo "Zcharacter table + '@{20AC}';"; cat short.inf; } >declared.inf

for t in short long asm dyn; do
    NO_COLOR=1 "$VINFORM" $t.inf $t.z5 >$t.out 2>&1 && fail "$t.inf compiled"
    [ -e $t.z5 ] && fail "$t.inf left a story"
    grep -q "^$t.inf:1:" $t.out || { cat $t.out; fail "$t.inf: no error at its line"; }
done
grep -q "U+20AC.*Zcharacter table" short.out || { cat short.out; fail "short.inf: message"; }
grep -q "U+2014" asm.out || { cat asm.out; fail "asm.inf: message"; }
grep -q "^dyn.inf:1:17: error: Only dynamic strings @(00) to @(31) may be used: '@40' is past them" dyn.out || { cat dyn.out; fail "dyn.inf: message"; }
"$VINFORM" declared.inf declared.z5 >declared.out 2>&1 || { cat declared.out; fail "declared.inf did not compile"; }
exit 0
