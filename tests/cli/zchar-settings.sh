# zchar-settings.sh: $ZALPHABET and $ZCHAR_TABLE (inform6 6.45) that
# cannot be used are errors, each in inform6's words with what to do: the
# wrong number of characters, a character that is not ASCII, a bad
# @-escape, an alphabet character the story has not, a character listed
# twice, a table character below $9B or past $FFFF.  (A good one is
# played by tests/run/zchar-settings.)
set -u
fail() { echo "FAIL: $*"; exit 1; }
echo '[ Main; print "x^"; ];' >m.inf
A='abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789.,!?_#'
check() {   # SETTING EXPECTED-MESSAGE
    NO_COLOR=1 "$VINFORM" "$1" m.inf m.z5 >out 2>&1 && fail "'$1' compiled"
    [ -e m.z5 ] && fail "'$1' left a story"
    grep -qxF "vinform: error: $2" out || { cat out; fail "'$1': message"; }
}
check "\$ZALPHABET=$A/\\-:()" "ZALPHABET option had 74 non-space characters (should be exactly 75: 26, 26 and 23 for the three alphabets)"
check "\$ZALPHABET=$A'/\\-:()\$" "ZALPHABET option had 76 non-space characters (should be exactly 75: 26, 26 and 23 for the three alphabets)"
check "\$ZALPHABET=$A'/\\-$(printf '\xc3\xa4')()" "ZALPHABET option may only include ASCII and @-escaped characters (as @{E4} or @:a)"
check "\$ZALPHABET=$A'/\\-@{}()" "ZALPHABET option holds a bad @-escape: write @@ and a decimal number, @{ and hex digits and }, or @ and an accent code"
check "\$ZALPHABET=$A'/\\-@{3B1}()" "Character can't be used in alphabets unless entered into Zcharacter table: U+03B1; add it to \$ZCHAR_TABLE"
check "\$ZALPHABET=$A'/\\-a()" "Character duplicated in alphabet: \$ZALPHABET must give 75 different characters"
check "\$ZCHAR_TABLE=+ A @{3B1}" "Zcharacter table does not need to include characters \$0 through \$9A: leave them out of \$ZCHAR_TABLE"
check "\$ZCHAR_TABLE=++@{3B1}" "Zcharacter table does not need to include characters \$0 through \$9A: leave them out of \$ZCHAR_TABLE"
check "\$ZCHAR_TABLE=@{3q1}" "ZCHAR_TABLE option holds a bad @-escape: write @@ and a decimal number, @{ and hex digits and }, or @ and an accent code"
check "\$ZCHAR_TABLE=@{1F600}" "Zcharacter table cannot contain Unicode characters beyond \$FFFF"
# The same settings with escapes and spaces are good.
"$VINFORM" "\$ZCHAR_TABLE=+ @@945 @{3B2}" "\$ZALPHABET=$A@{3B1}/\\-@{3b2}()" m.inf m.z5 >out 2>&1 || { cat out; fail "good settings refused"; }
exit 0
