# text-escapes.sh: each bad escape in a string, character constant or
# dictionary word is reported once, at its own line and column (inside
# multi-line strings too), with what is wrong; good ones are accepted.
set -u
fail() { echo "FAIL: $*"; exit 1; }
cat >good.inf <<'INF'
Constant SLOT 2;
[ Main c;
  string 0 "zero"; string 2 "two";
  print "line^~quoted~^at @@64 @{E9}t@{e9} @:a@'e@`a@^o@~n@cc@/o@oa^";
  print "@ss @ae @AE @oe @OE @th @et @Th @Et @LL @!! @?? @<< @>>^";
  print "dynamic @00 and @(2) and @(SLOT)^";
  print "folded
         across lines, \
         joined^";
  c = '@{41}'; c = '@:a'; c = '''; c = '^';
  c = 'don^t'; c = 'a@:ab'; c = 'word//p';
];
INF
"$VINFORM" --syntax-only good.inf >out 2>&1 || fail "good escapes: $(cat out)"
# 6.45: @@NN in character constants and dictionary words too.
printf "[ Main c; c = '@@64'; c = 'x@@65y'; ];\n" >at.inf
"$VINFORM" --syntax-only at.inf >out 2>&1 || fail "@@ in constants: $(cat out)"

cat >bad.inf <<'INF'
[ Main c;
  print "one @:z two";
  print "x @{} y @{1234567} z";
  print "first line
     second @1x line";
  print "end @";
  c = '@05';
  print "back\slash";
];
INF
"$VINFORM" --syntax-only bad.inf >out 2>&1 && fail "bad escapes accepted"
want() {        # want LINE:COL TEXT
    grep -qF "bad.inf:$1: error: $2" out || fail "want bad.inf:$1: $2 in: $(cat out)"
}
want 2:14 "unknown accent escape '@:z'"
want 3:12 "'@{}': '@{' needs 1 to 6 hex digits and '}'"
want 3:18 "'@{1234567}': '@{' needs 1 to 6 hex digits and '}'"
want 5:13 "'@1': a dynamic string '@NN' needs exactly two decimal digits"
want 6:14 "'@' at the end of the text"
want 7:8 "dynamic string '@05' cannot be used in a"
want 8:14 "'\\' in a string must end its line"
n=$(grep -c 'error:' out)
[ "$n" -eq 7 ] || fail "want 7 errors, got $n: $(cat out)"
if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
    "$INFORM6" bad.inf story >iout 2>&1
    grep -q 'Error' iout || fail "inform6 accepts bad.inf: $(cat iout)"
    "$INFORM6" good.inf story >iout 2>&1
    grep -q 'Error' iout && fail "inform6 rejects good.inf: $(cat iout)"
fi
exit 0
