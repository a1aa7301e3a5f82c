# abbrev-warnings.sh: inform6 6.45's warnings for abbreviation texts on
# the Z-machine: under -e, an abbreviation that saves no Z-characters
# ("x", "5": printing it costs two), and a dynamic string (@00) inside an
# abbreviation; a dynamic string inside a Lowstring's text with or
# without -e.  The story is still written (exit 0).
set -u
fail() { echo "FAIL: $*"; exit 1; }
printf 'Abbreviate "x";\nAbbreviate "abc";\nAbbreviate "5";\nAbbreviate "@00 Smith";\nLowstring low "@01 Jones";\n[ Main; string 1 low; print "x abc 5^"; ];\n' >ab.inf
short='warning: Abbreviation does not save any characters: it is printed with two Z-characters, no fewer than its text takes; leave it out or make it longer'
dyn='warning: The Z-machine standard does not allow dynamic strings inside an abbreviation or dynamic string: write the text out instead of @NN'
NO_COLOR=1 "$VINFORM" -e ab.inf ab.z5 >out 2>&1 || { cat out; fail "-e: exit status"; }
[ -s ab.z5 ] || fail "-e: no story"
[ "$(grep -c warning: out)" = 4 ] || { cat out; fail "-e: not 4 warnings"; }
grep -qxF "ab.inf:1:12: $short" out || { cat out; fail "-e: \"x\""; }
grep -qxF "ab.inf:3:12: $short" out || { cat out; fail "-e: \"5\""; }
grep -qxF "ab.inf:4:12: $dyn" out || { cat out; fail "-e: @00 in an abbreviation"; }
grep -qxF "ab.inf:5:11: $dyn" out || { cat out; fail "-e: @01 in a Lowstring"; }
NO_COLOR=1 "$VINFORM" ab.inf ab.z5 >out 2>&1 || { cat out; fail "no -e: exit status"; }
[ "$(grep -c warning: out)" = 1 ] || { cat out; fail "no -e: not 1 warning"; }
grep -qxF "ab.inf:5:11: $dyn" out || { cat out; fail "no -e: @01 in a Lowstring"; }
exit 0
