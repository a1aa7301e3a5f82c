# varying-save.sh: varying strings keep their state in dynamic memory, so
# in dfrotz a restored game goes on from the state it was saved with, an
# undone move from the state of its undo point, and a restarted game from
# the beginning.  `!` keeps its last choice too: after the restore, the
# undo and the restart it still never repeats.  The transcript is
# dfrotz's, with its file-name prompts (hand-checked).  Skips without
# dfrotz.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v dfrotz >/dev/null || [ -x /usr/games/dfrotz ] || exit 77

cat >story.inf <<'EOF'
Array buf -> 30;
Array parse --> 10;
[ Say; "{&one|two|three|four|five|six|seven} {first|second|third|last} {&a|{b|c}} {!x|y}"; ];
[ Main r;
  print "started^";
  Say();
  for (::) {
    print ">";
    buf->0 = 28;
    read buf parse;
    switch (buf->2) {
      'p': Say();
      's': @save -> r;
           if (r == 1) print "saved^"; else if (r == 2) print "restored^";
           else print "save failed^";
      'r': @restore -> r; print "restore failed^";
      'k': @save_undo -> r;
           if (r == 1) print "undo point^"; else if (r == 2) print "undone^";
           else print "no undo^";
      'z': @restore_undo -> r; print "undo failed^";
      't': @restart;
      'q': quit;
    }
  }
];
EOF
"$VINFORM" story.inf story.z5 >out 2>&1 || fail "vinform: $(cat out)"
[ -s out ] && fail "vinform printed messages: $(cat out)"

# p print, s save (then the file name), r restore (file name), k undo
# point, z undo, t restart, q quit.
printf '%s\n' p s game1 p p r game1 p k p p z p t p p q >walk
"$SRCDIR/tests/harness/run-story" -s 1234 dfrotz story.z5 walk >got 2>err
st=$?
[ -s game1 ] || fail "dfrotz wrote no save file"

# A game's first `!` choice is dfrotz's random number: it is shown as A,
# the other letter as B, from each "started" on (restart clears the
# state); every later choice is the other letter of the one before, so
# the transcript is fixed.
awk '/^started/ { f = "" }
     / [xy]$/ { l = substr($0, length($0)); if (f == "") f = l
                sub(/ [xy]$/, l == f ? " A" : " B") }
     { print }' got >norm
printf '%s\n' 'started
one first a A
>two second b B
>Please enter a filename [story.qzl]: saved
>three third a A
>four last c B
>Please enter a filename [game1]: restored
>three third a A
>undo point
>four last c B
>five last a A
>undone
>four last c B
>started
one first a A
>two second b B
>three third a A
>' >want
diff -u want norm >d && [ $st -eq 0 ] && [ ! -s err ] && exit 0
fail "dfrotz (exit status $st) $(cat err)
the transcript differs: $(cat d)"
