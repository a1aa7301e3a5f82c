# short-name-too-long.sh: an object's short name is counted in words by
# one byte of its property table, so 255 words (765 Z-characters) is the
# most; a longer one is an error at the object, in inform6's words ("Short
# name of object exceeded 765 Z-characters"), not a story whose tables
# are wrong.  255 words compile.
set -u
fail() { echo "FAIL: $*"; exit 1; }
name() { printf 'x%.0s' $(seq "$1"); }   # name N: N letters, N Z-characters
for n in 765 766; do
    { echo "Object o \"$(name $n)\";"; echo '[ Main; print (name) o; ];'; } >n$n.inf
done
"$VINFORM" n765.inf n765.z5 >n765.out 2>&1 || { cat n765.out; fail "765 Z-characters did not compile"; }
NO_COLOR=1 "$VINFORM" n766.inf n766.z5 >n766.out 2>&1 && fail "766 Z-characters compiled"
grep -q "^n766.inf:1:8: error: Short name of object exceeded 765 Z-characters: this one encodes to 768" n766.out ||
    { cat n766.out; fail "not the short-name error"; }
exit 0
