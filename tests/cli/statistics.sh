# statistics.sh: vinform -s on the example game prints statistics that
# cover objects, verbs, grammar lines, actions, dictionary words, strings
# and code size (issue 5, acceptance 4), each a number before its label.
# With -G, the Glulx lines (acceptance 4 of issue 12 asks for -s on
# Glulx: Inform 7's 10.1 output sets it).
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
        '207 grammar lines' '342 grammar tokens' '111 actions'; do
    grep -q " $want" out || fail "not \"$want\": $(cat out)"
done

# On Glulx (issue 12): inform6 6.45's lines for Glulx, with the counts
# inform6 6.41 -G prints for the same game (the built vinform finds the
# shipped infglk.h only in the source's stdlib folder).
"$VINFORM" -G -s "$SRCDIR/examples/clockmaker.inf" \
    "+include_path=/usr/share/inform6/library,$SRCDIR/stdlib" ck.ulx >out 2>err ||
    fail "vinform -G: $(cat out err)"
# (library 6.12.6's Glulx SaveSub has a `return` after an if whose two
# branches return: inform6 6.45 warns of it too, Inform6-Testing's Advent
# -G expects that one warning)
grep -q 'VerbLib.h:[0-9:]* warning: This statement can never be reached' err &&
    [ "$(grep -c ' warning: ' err)" = 1 ] ||
    fail "vinform -G printed on standard error: $(cat err)"
grep -q '^Out:   Glulx story file 1\.[0-9]\{6\} ([0-9.]*K long):$' out ||
    fail "no Glulx 'Out:' line: $(cat out)"
for want in '     7 classes                          44 objects' \
        '   174 global vars                    4205 variable/array space' \
        '    97 verbs                           351 dictionary entries' \
        '   207 grammar lines (version 2)       342 grammar tokens (unlimited)' \
        '   111 actions                          31 attributes (maximum 56)' \
        '    48 common props (maximum 253)       53 individual props (unlimited)' \
        '     0 abbreviations (maximum 64) *[1-9][0-9]* routines (unlimited)' \
        ' 20992 bytes writable memory used *[1-9][0-9]* bytes read-only memory used'; do
    grep -qx -- "$want" out || fail "no line \"$want\": $(cat out)"
done
for label in 'characters used in text *[0-9]* bytes compressed (rate 0\.[0-9]\{3\})' \
        'bytes of code *[0-9]* strings ([0-9]* bytes)' \
        'bytes used in machine *[0-9]* bytes free in machine'; do
    grep -q "^ *[1-9][0-9]* $label\$" out || fail "no \"N $label\": $(cat out)"
done
# vinform's own line for varying strings: a state word of 4 bytes.
printf '[ Main; print "a{b|c}d^"; ];\n' >vs.inf
"$VINFORM" -G -s vs.inf vs.ulx >out 2>&1 || fail "vs.inf: $(cat out)"
grep -qx '     1 varying substrings                4 bytes of varying-string state' out ||
    fail "no varying-strings line: $(cat out)"
exit 0
