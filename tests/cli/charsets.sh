# charsets.sh: -C0 .. -C9 and -Cu read a source in that character set (as
# inform6 reads it: every byte of every part was checked against inform6
# 6.41 when the tables were written); malformed UTF-8 is an error at its
# line and column; -C0 reads other bytes as '?' with a note.
set -u
fail() { echo "FAIL: $*"; exit 1; }

# The word after "!%" is not a command, so the error quotes it: in UTF-8.
check() {       # check SWITCH BYTES WANT_UTF8
    printf '!%% X%b\n[ Main; ];\n' "$2" >c.inf
    "$VINFORM" $1 c.inf >out 2>&1
    grep -qF "'X$3'" out || fail "$1 $2: want 'X$3' in: $(cat out)"
}
check -C1 '\351\374' 'éü'
check "" '\351\374' 'éü'
check -C2 '\241\261\377' 'Ąą˙'
check -C3 '\241\245' 'Ħ¥'
check -C4 '\242\275' 'ĸŊ'
check -C5 '\260\320\360' 'Аа№'
check -C6 '\307\254' 'ا،'
check -C7 '\341\342\343\241' 'αβγʽ'
check -C8 '\340\372\337' 'את‗'
check -C9 '\320\375' 'Ğı'
check -Cu 'caf\303\251\342\202\254' 'café€'
check -C0 'caf\351' 'caf?'
grep -q "note: .*not a character in ASCII (-C0)" out || fail "-C0 note: $(cat out)"
check -C7 '\244' '?'
grep -q "note: .*\$A4 is not a character in ISO 8859-7" out || fail "-C7 note: $(cat out)"

# -C in a !% line chooses the character set of the whole file.
printf '!%% -C7\n!%% X\341\n[ Main; ];\n' >h.inf
"$VINFORM" h.inf >out 2>&1
grep -qF "'Xα'" out || fail "!% -C7: $(cat out)"
# ... unless the command line gives one.
"$VINFORM" -C1 h.inf >out 2>&1
grep -qF "'Xá'" out || fail "-C1 over !% -C7: $(cat out)"

# Malformed UTF-8: an error at its line and column (in characters).
printf '[ Main;\n  print "\303\251t\303\251 \377";\n];\n' >u.inf
"$VINFORM" -Cu u.inf >out 2>&1 && fail "malformed UTF-8 accepted"
grep -q '^u.inf:2:14: error: malformed UTF-8' out || fail "malformed UTF-8: $(cat out)"
# A UTF-8 byte-order mark is skipped under -Cu, noted otherwise.
printf '\357\273\277[ Main; ];\n' >bom.inf
"$VINFORM" --syntax-only -Cu bom.inf >out 2>&1 || fail "BOM under -Cu: $(cat out)"
"$VINFORM" --syntax-only bom.inf >out 2>&1
grep -q 'note: .*byte-order mark.*-Cu' out || fail "BOM note: $(cat out)"

# Strings: the text is Unicode after reading, columns count characters.
printf '[ Main;\n  print "\341\342@:z";\n];\n' >s.inf
"$VINFORM" --syntax-only -C7 s.inf >out 2>&1 && fail "bad escape accepted"
grep -q "^s.inf:2:12: error: unknown accent escape '@:z'" out || fail "string: $(cat out)"
grep -qF '  print "αβ@:z";' out || fail "quoted line in UTF-8: $(cat out)"
exit 0
