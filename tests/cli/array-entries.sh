# array-entries.sh: inform6's rules for an array's entries, the same on
# the Z-machine and Glulx (codegen/array_data.c; each back end writes the
# words): a byte entry past 255 keeps its low byte, each such entry
# warned of (as inform6 6.45 and 6.41); a byte entry must be a number known now; a 'string' array holds
# at most 255 entries; a text's character must fit the array (Z: the
# story's character set, words too; Glulx: Latin-1 in a byte array).
# The story prints what the entries hold.
set -u
fail() { echo "FAIL: $*"; exit 1; }
export NO_COLOR=1
cat >warn.inf <<'EOF2'
Array b1 -> 1 300 2 400;
Array b2 buffer (-1) 7;
Array w1 --> 1 70000 b1;
Array t1 table "abc";
Array s1 string "xyz";
[ Main; print b1->1, " ", b1->3, " ", w1-->0, " ", w1-->1, " ", t1-->0, " ",
    t1-->1, " ", s1->0, " ", s1->3, " ", b2->2, " ", b2->3, "^"; ];
EOF2
cat >err.inf <<'EOF2'
Array b3 -> Main 1;
Array s2 string 300;
Array b4 -> "h@{20AC}llo";
Array b5 -> "caf@{E9}";
Array w5 --> "@{20AC}";
[ Main; print b3, s2, b4, b5, w5; ];
EOF2
cat >warn.want <<'EOF2'
warn.inf:1:15: warning: an entry of a '->', 'string' or 'buffer' array must be from 0 to 255; only its low byte is kept
  Array b1 -> 1 300 2 400;
                ^
warn.inf:1:21: warning: an entry of a '->', 'string' or 'buffer' array must be from 0 to 255; only its low byte is kept
  Array b1 -> 1 300 2 400;
                      ^
warn.inf:2:18: warning: an entry of a '->', 'string' or 'buffer' array must be from 0 to 255; only its low byte is kept
  Array b2 buffer (-1) 7;
                   ^
Compiled with 3 warnings
EOF2
head -6 <<'EOF2' >err.common
err.inf:1:13: error: entries of byte arrays and strings must be numbers known now (an address is known only when the story is written): use a '-->' or 'table' array
  Array b3 -> Main 1;
              ^
err.inf:2:7: error: a 'string' array holds at most 255 entries: its first byte is the count; use 'buffer'
  Array s2 string 300;
        ^
EOF2
{ cat err.common; cat <<'EOF2'
err.inf:3:13: error: this text holds a character beyond Latin-1, which a byte array cannot hold: use a '-->' or 'table' array
  Array b4 -> "h@{20AC}llo";
              ^
Compiled with 3 errors (no output)
EOF2
} >err-G.want
{ cat err.common; cat <<'EOF2'
err.inf:3:13: error: this text holds a character that the story's character set does not have; declare it with 'Zcharacter table'
  Array b4 -> "h@{20AC}llo";
              ^
err.inf:5:14: error: this text holds a character that the story's character set does not have; declare it with 'Zcharacter table'
  Array w5 --> "@{20AC}";
               ^
Compiled with 4 errors (no output)
EOF2
} >err-v5.want
for sw in -v5 -G; do
    ext=z5; [ $sw = -G ] && ext=ulx
    "$VINFORM" $sw warn.inf warn.$ext >out 2>&1 || fail "$sw warn.inf: $(head -5 out)"
    diff -u warn.want out || fail "$sw warn.inf: the warnings differ"
    "$VINFORM" $sw err.inf err.$ext >out 2>&1 && fail "$sw err.inf compiled"
    diff -u err$sw.want out || fail "$sw err.inf: the errors differ"
done
# What the entries hold (Z words keep 16 bits: 70000 is 4464).
interp=dfrotz; command -v /usr/games/dfrotz >/dev/null && interp=/usr/games/dfrotz
command -v $interp >/dev/null || exit 0
$interp -m -p -q warn.z5 </dev/null >play 2>&1
grep -qx '44 144 1 4464 3 97 3 122 255 7' play || { cat play; fail "warn.z5 printed wrongly"; }
exit 0
