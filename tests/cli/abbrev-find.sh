# abbrev-find.sh: -u searches the story's texts for abbreviations and
# prints them as inform6 does (compiler/abbrev_find.c), after the
# "Compiled with" line as inform6 prints them: abbrev-find/
# texts.inf gives exactly abbrev-find/texts.out (the Lowstring's and the
# `string N` text's words left out, the object names and identifier
# names in); $!FINDABBREVS=1 adds the table's size, each pass and each
# choice (texts-trace.out), =2 each block of each pass; $MAX_ABBREVS=2
# gives ". " and ", " only; the story is the same with and without -u.
# The text searched is inform6 6.45's, in its order: order.inf gives
# exactly 6.45's choices, order.out (strict), order-nonstrict.out (-~S)
# and order-g.out (-G).
# -e -f prints how often each abbreviation was used and roughly what it
# saved, in inform6's order and form: abbrev-find/freq.inf gives exactly
# abbrev-find/freq.out; on Glulx, freq-g.inf gives freq-g.out (a
# `string N` text uses no abbreviation there).  Under -e an abbreviation of two Z-characters
# or fewer is warned about (saves-nothing.inf: "be" and "A").  With inform6 installed, its choices for
# texts.inf and its -f table for freq.inf are the same.
set -u
fail() { echo "FAIL: $*"; exit 1; }
T="$SRCDIR/tests/cli/abbrev-find"
cp "$T/texts.inf" .
"$VINFORM" -~S -u texts.inf >out 2>err || fail "-u: $(cat err)"
diff "$T/texts.out" out >d || fail "-u: $(head -20 d)"
"$VINFORM" -~S -u '$!FINDABBREVS=1' texts.inf >out 2>err || fail "=1: $(cat err)"
diff "$T/texts-trace.out" out >d || fail "\$!FINDABBREVS=1: $(head -20 d)"
"$VINFORM" -~S -u '$!FINDABBREVS=2' texts.inf >out 2>err || fail "=2: $(cat err)"
grep -qE "^Pass 1, +0/35 'ass' \(4 occurrences\)  \([0-9.]+ seconds\)$" out \
    || fail "\$!FINDABBREVS=2: $(head -8 out)"
"$VINFORM" -~S -u '$MAX_ABBREVS=2' texts.inf >out 2>err || fail "MAX_ABBREVS: $(cat err)"
[ "$(grep -c '^Abbreviate' out)" = 2 ] || fail "\$MAX_ABBREVS=2: $(cat out)"
cp "$T/order.inf" .
"$VINFORM" -u order.inf >out 2>err || fail "order: $(cat err)"
sed -n '/^Beginning/,$p' out | diff "$T/order.out" - >d || fail "order: $(head -20 d)"
"$VINFORM" -~S -u order.inf >out 2>err || fail "order -~S: $(cat err)"
sed -n '/^Beginning/,$p' out | diff "$T/order-nonstrict.out" - >d \
    || fail "order -~S: $(head -20 d)"
"$VINFORM" -G -u order.inf >out 2>err || fail "order -G: $(cat err)"
sed -n '/^Beginning/,$p' out | diff "$T/order-g.out" - >d || fail "order -G: $(head -20 d)"
cp "$T/freq.inf" .
"$VINFORM" -~S -e -f freq.inf >out 2>err || fail "-f: $(cat err)"
diff "$T/freq.out" out >d || fail "-f: $(head -20 d)"
"$VINFORM" -~S -e '$!FREQ' freq.inf >out 2>err || fail "\$!FREQ: $(cat err)"
diff "$T/freq.out" out >d || fail "\$!FREQ is not -f: $(head -20 d)"
cp "$T/freq-g.inf" .
"$VINFORM" -G -e -f freq-g.inf >out 2>err || fail "-G -f: $(cat err)"
diff "$T/freq-g.out" out >d || fail "-G -f: $(head -20 d)"
"$VINFORM" -G -f freq-g.inf >out 2>err || fail "-G -f without -e: $(cat err)"
grep -qxF 'None were declared.' out || fail "-G -f without -e: $(cat out)"
# An abbreviation that saves nothing is warned about (as inform6 does).
cp "$T/saves-nothing.inf" .
"$VINFORM" -e saves-nothing.inf >out 2>&1 || fail "saves-nothing: $(cat out)"
grep -c 'warning: Abbreviation does not save any characters' out >n
[ "$(cat n)" = 2 ] && grep -qF '3:12: warning: Abbreviation does not save any characters' out \
    && grep -qF '6:12: warning: Abbreviation does not save any characters' out \
    || fail "saves-nothing: $(cat out)"
cp texts.z5 with-u.z5
"$VINFORM" -~S texts.inf >out 2>&1 || fail "without -u: $(cat out)"
cmp -s texts.z5 with-u.z5 || fail "-u changed the story"

[ -n "${INFORM6:-}" ] || exit 0
"$INFORM6" -~S -u texts.inf i6.z5 >i6 2>&1 || fail "inform6 -u: $(head -5 i6)"
grep '^Abbreviate' i6 >i6.list
grep '^Abbreviate' "$T/texts.out" | cmp -s - i6.list \
    || fail "inform6 chooses otherwise: $(cat i6.list)"
"$INFORM6" -~S -e -f freq.inf i6.z5 >i6 2>&1 || fail "inform6 -f: $(head -5 i6)"
sed -n '/^How/,/^Compiled/p' "$T/freq.out" | grep -v '^Compiled' >want
sed -n '/^How/,$p' i6 | grep -v '^Compiled' | diff want - >d \
    || fail "-f differs from inform6's: $(head -10 d)"
"$INFORM6" -G -e -f freq-g.inf i6.ulx >i6 2>&1 || fail "inform6 -G -f: $(head -5 i6)"
sed -n '/^How/,$p' i6 | diff "$T/freq-g.out" - >d \
    || fail "-G -f differs from inform6's: $(head -10 d)"
exit 0
