# statistics.sh: vinform -s on the example game prints statistics that
# cover objects, verbs, grammar lines, actions, dictionary words, strings
# and code size (issue 5, acceptance 4), each a number before its label.
# The game is compiled in an empty folder with no +include_path: its
# Include "Parser" finds the installed standard library by vinform's
# default path (acceptance 1).  Skips without the Debian inform6-library.
set -u
fail() { echo "FAIL: $*"; exit 1; }
[ -f /usr/share/inform6/library/parser.h ] || exit 77
grep -q '^Include "Parser";' "$SRCDIR/examples/clockmaker.inf" ||
    fail "clockmaker.inf no longer includes \"Parser\""

"$VINFORM" -s "$SRCDIR/examples/clockmaker.inf" ck.z5 >out 2>err ||
    fail "vinform: $(cat out err)"
[ -s err ] && fail "vinform printed on standard error: $(cat err)"
[ -s ck.z5 ] || fail "no story file written"
for label in 'objects' 'verbs' 'grammar lines (version 2)' 'actions' \
        'dictionary entries' 'strings ([0-9]* bytes)' 'bytes of Z-code' \
        'characters used in text' 'routines (unlimited)' \
        'bytes used in Z-machine'; do
    grep -q "[1-9][0-9]* $label" out || fail "no \"N $label\" in: $(cat out)"
done
# The counts inform6 6.41 prints for the same game.
for want in '44 objects' '97 verbs' '351 dictionary entries' \
        '207 grammar lines' '111 actions'; do
    grep -q " $want" out || fail "not \"$want\": $(cat out)"
done
exit 0
