# infix-glulx.sh: -X with -G does what inform6 6.45 does: a note
# "Infix (-X) facilities are not available in Glulx: disabling -X
# switch" (not a warning: the summary counts none), then the story as
# without -X (INFIX and infix__watching undefined, the same bytes); on the
# Z-machine -X defines INFIX and gives attribute 0 to infix__watching (a
# program's first attribute is 1), and without -X it is 0 again.
set -u
fail() { echo "FAIL: $*"; exit 1; }
cat >x.inf <<'INF'
Attribute shiny;
[ Main;
  #Ifdef INFIX; print "INFIX "; #Endif;
  #Ifdef infix__watching; print "watching "; #Endif;
  print shiny, "^";
];
INF
"$VINFORM" -G -X x.inf with.ulx >out 2>&1 || fail "-X -G: $(cat out)"
grep -qF 'note: Infix (-X) facilities are not available in Glulx: disabling -X switch' out \
    || fail "-X -G: no note: $(cat out)"
grep -q 'warning' out && fail "-X -G: the note counted as a warning: $(cat out)"
"$VINFORM" -G x.inf without.ulx >out 2>&1 || fail "-G: $(cat out)"
cmp -s with.ulx without.ulx || fail "-X -G: the story differs from -G's"
"$VINFORM" -X x.inf x.z5 >out 2>&1 || fail "-X: $(cat out)"
"$VINFORM" x.inf plain.z5 >out 2>&1 || fail "without -X: $(cat out)"
command -v dfrotz >/dev/null || PATH=$PATH:/usr/games
command -v dfrotz >/dev/null || { echo "SKIP: no dfrotz"; exit 77; }
"$SRCDIR/tests/harness/run-story" dfrotz x.z5 >t 2>&1
[ "$(tr -d '\n' <t)" = "INFIX watching 1" ] || fail "-X: $(cat t)"
"$SRCDIR/tests/harness/run-story" dfrotz plain.z5 >t 2>&1
[ "$(tr -d '\n' <t)" = "0" ] || fail "without -X: $(cat t)"
exit 0
