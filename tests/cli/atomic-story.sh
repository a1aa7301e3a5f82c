# atomic-story.sh: the story file is replaced whole or not at all: it is
# written under a temporary name in its folder and renamed over the old
# one, so a write that fails halfway (here the file size limit, ulimit -f,
# as a full disk would) leaves the old story byte for byte as it was, an
# error, exit status 1 and no temporary file; a compile that succeeds
# replaces the story and leaves nothing else behind.
set -u
fail() { echo "FAIL: $*"; exit 1; }

# old.inf: a small story; big.inf: one of about 40 KB (two arrays in
# dynamic memory), far beyond a 16 KB limit on the file size.
printf '[ Main; print "old^"; ];\n' >old.inf
printf 'Array big -> 20000;\nArray bigger -> 20000;\n[ Main; big->0 = bigger->1; print "big^"; ];\n' >big.inf
mkdir out
"$VINFORM" old.inf out/story.z5 >log 2>&1 || fail "old.inf: $(cat log)"
cp out/story.z5 old.z5
[ $(wc -c <old.z5) -lt 16000 ] || fail "old.inf's story is not small"

# A write that fails halfway.
(ulimit -f 16; "$VINFORM" big.inf out/story.z5) >log 2>&1
st=$?
[ $st -eq 1 ] || fail "over the file size limit: exit status $st, not 1: $(cat log)"
grep -q "cannot write the story file 'out/story.z5'" log \
    || fail "over the file size limit: no error: $(cat log)"
cmp -s old.z5 out/story.z5 || fail "the old story was damaged by a failed write"
[ "$(ls out)" = story.z5 ] || fail "left behind: $(ls out | tr '\n' ' ')"

# The same with no old story: nothing at all is left.
(ulimit -f 16; "$VINFORM" big.inf out/new.z5) >log 2>&1
[ $? -eq 1 ] || fail "over the file size limit, no old story: $(cat log)"
[ "$(ls out)" = story.z5 ] || fail "left behind: $(ls out | tr '\n' ' ')"

# A write that succeeds replaces the story and leaves nothing else, with
# the usual permissions (0666 less the umask).
(umask 022; "$VINFORM" big.inf out/story.z5) >log 2>&1 || fail "big.inf: $(cat log)"
[ $(wc -c <out/story.z5) -gt 40000 ] || fail "the story was not replaced"
[ "$(ls out)" = story.z5 ] || fail "left behind: $(ls out | tr '\n' ' ')"
[ "$(stat -c %a out/story.z5)" = 644 ] \
    || fail "the story's mode is $(stat -c %a out/story.z5), not 644"
exit 0
