# dump-asm.sh: --dump-asm on a game of the standard library
# (examples/clockmaker.inf): exit status 0, nothing on standard error, no
# story written (an old one left as it was); Main__ and then every routine
# --dump-ir shows, in the same order; every name found (no number left
# where a name belongs, properties, attributes and Constants too); and the
# listing is the story's code, checked
# instruction by instruction against the bytes of the story compiled
# from the same source (tests/harness/zlistcheck), for v5 and v8.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || exit 77
[ -d /usr/share/inform6/library ] || exit 77
ZLISTCHECK="$SRCDIR/tests/harness/zlistcheck"
mkdir game && cd game || exit 1
cp "$SRCDIR/examples/clockmaker.inf" .
echo "old story" >clockmaker.z5

"$VINFORM" --dump-asm clockmaker.inf >asm 2>err
st=$?
[ $st -eq 0 ] || fail "exit status $st: $(head -5 err)"
[ -s err ] && fail "standard error: $(head -5 err)"
[ "$(cat clockmaker.z5)" = "old story" ] || fail "the old story was changed"
[ "$(ls | tr '\n' ' ')" = "asm clockmaker.inf clockmaker.z5 err " ] \
    || fail "files: $(ls | tr '\n' ' ')"
rm clockmaker.z5
"$VINFORM" -v8 --dump-asm clockmaker.inf >asm8 2>err || fail "-v8: $(head -5 err)"
[ -e clockmaker.z8 ] && fail "-v8: a story was written"

# The routines: Main__, then those of --dump-ir, in order.
"$VINFORM" --dump-ir clockmaker.inf >ir 2>err || fail "--dump-ir: $(head -5 err)"
{ echo "[ Main__;"; grep '^\[ ' ir; } >want-routines
grep '^\[ ' asm >routines
cmp -s want-routines routines || fail "the routines differ from --dump-ir's: $(diff want-routines routines | head -5)"
[ $(wc -l <routines) -gt 300 ] || fail "only $(wc -l <routines) routines"

# Names everywhere: no unknown label, text, variable or reference.
grep -nE 'L\?|\(text\)|(local|global|routine|object|array|string|dict|action)#[0-9]' asm \
    | head -5 >unnamed
[ -s unnamed ] && fail "numbers where names belong: $(cat unnamed)"

# The listing is the code of the story.
"$VINFORM" clockmaker.inf story.z5 >out 2>&1 || fail "story: $(cat out)"
"$VINFORM" -v8 clockmaker.inf story.z8 >out 2>&1 || fail "story -v8: $(cat out)"
"$ZLISTCHECK" -q story.z5 asm || fail "the v5 listing is not the story's code"
"$ZLISTCHECK" -q story.z8 asm8 || fail "the v8 listing is not the story's code"

# Properties, attributes and Constants by name, the key giving their
# numbers; the check fails when a name stands for another number.
grep -q '^  call_vn CA__Pr InformLibrary play$' asm || fail "no property name: $(grep -m1 'CA__Pr InformLibrary' asm)"
grep -q '^! play = [0-9]*$' asm || fail "no key for play"
sed 's/^! play = [0-9]*$/! play = 1/' asm >wrong
"$ZLISTCHECK" -q story.z5 wrong >/dev/null && fail "a wrong number for a name passes the check"
exit 0
