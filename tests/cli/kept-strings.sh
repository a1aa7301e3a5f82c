# kept-strings.sh: the string of a `Constant X = "...";` is in the story
# whether or not anything uses it, as inform6 compiles a string where it
# meets it: fifty unused constants of 4,100 characters outgrow version 3
# (inform6 6.45 refuses Inform6-Testing's zcode_v3_overflow at -v3) and
# make a v5 story of more than 128 KB; the strings the code uses keep
# their places (the unused ones come after them).
set -u
fail() { echo "FAIL: $*"; exit 1; }

x=$(printf 'x%.0s' $(seq 4100))
{
    echo '[ Main; print "Hello.^"; ];'
    for i in $(seq 0 49); do echo "Constant str$i = \"$x\";"; done
} >big.inf
NO_COLOR=1 "$VINFORM" -w -v3 big.inf big.z3 >v3.out 2>&1 && fail "big.inf compiled at -v3"
[ -e big.z3 ] && fail "big.inf: a v3 story was written"
grep -q "version 3 allows 128 KB" v3.out || { cat v3.out; fail "big.inf -v3: not the size error"; }
NO_COLOR=1 "$VINFORM" -w -v5 big.inf big.z5 >v5.out 2>&1 || { cat v5.out; fail "big.inf -v5"; }
size=$(wc -c <big.z5)
[ "$size" -gt 131072 ] || fail "big.z5 is $size bytes: the unused strings are not in it"

printf '[ Main; print (string) Used; ];\nConstant Used = "used";\n' >one.inf
{ cat one.inf; echo 'Constant Unused = "an unused string, kept all the same";'; } >two.inf
"$VINFORM" -w '$ZCODE_FILE_END_PADDING=0' one.inf one.z5 >/dev/null 2>&1 || fail "one.inf"
"$VINFORM" -w '$ZCODE_FILE_END_PADDING=0' two.inf two.z5 >/dev/null 2>&1 || fail "two.inf"
s1=$(wc -c <one.z5) s2=$(wc -c <two.z5)
[ "$s2" -gt "$s1" ] || fail "the unused constant's string is not in two.z5 ($s1, $s2 bytes)"
exit 0
