# transcript.sh: -r writes gametext.txt (+transcript_name another name)
# beside the story, in inform6's two forms: transcript/texts.inf gives
# exactly transcript/texts-format0.txt ($TRANSCRIPT_FORMAT=0, the
# default) and texts-format1.txt (=1, under -e, so that the abbreviation
# is a text of the story), vinform's version aside (a print longer than
# $ZCODE_MAX_INLINE_STRING is stored, so G, not H, as in inform6 6.45);
# under -G every string is G; the story is the same with and without -r; with inform6 installed, examples/clockmaker.inf's
# dictionary part is inform6's, word for word, in both forms.
set -u
fail() { echo "FAIL: $*"; exit 1; }
T="$SRCDIR/tests/cli/transcript"
cp "$T/texts.inf" .
norm() { sed 's/\[From vinform [^]]*\]/[From vinform VERSION (Inform 6.45 compatible)]/' "$1"; }

"$VINFORM" -r texts.inf >out 2>&1 || fail "-r: $(cat out)"
norm gametext.txt | diff "$T/texts-format0.txt" - >d || fail "format 0: $(head -20 d)"
cp texts.z5 with-r.z5
"$VINFORM" texts.inf >out 2>&1 || fail "without -r: $(cat out)"
cmp -s texts.z5 with-r.z5 || fail "-r changed the story"
"$VINFORM" -e -r '$TRANSCRIPT_FORMAT=1' +transcript_name=other.txt texts.inf \
    >out 2>&1 || fail "format 1: $(cat out)"
norm other.txt | diff "$T/texts-format1.txt" - >d || fail "format 1: $(head -20 d)"
printf '[ Main; print "Short.^"; print "%s^"; ];\n' \
    "This is longer than 32 characters: out of line." >g.inf
"$VINFORM" -G -r '$TRANSCRIPT_FORMAT=1' g.inf >out 2>&1 || fail "-G: $(cat out)"
[ "$(grep -c '^G: ' gametext.txt)" = 2 ] && ! grep -q '^H: ' gametext.txt \
    || fail "-G: strings not all G: $(grep '^[GH]: ' gametext.txt)"
"$VINFORM" -r +transcript_name=no/such/dir/t.txt texts.inf >out 2>&1 \
    && fail "an unwritable transcript: exit status 0"
grep -qF "cannot write the transcript 'no/such/dir/t.txt'" out \
    || fail "an unwritable transcript: $(cat out)"

[ -n "${INFORM6:-}" ] || exit 0
[ -d /usr/share/inform6/library ] || exit 0
cp "$SRCDIR/examples/clockmaker.inf" .
for f in 0 1; do
    "$INFORM6" -r "\$TRANSCRIPT_FORMAT=$f" +transcript_name=i6.txt \
        clockmaker.inf i6.z5 >out 2>&1 || fail "inform6 -r: $(cat out)"
    "$VINFORM" -r "\$TRANSCRIPT_FORMAT=$f" clockmaker.inf v.z5 >out 2>&1 \
        || fail "-r clockmaker: $(cat out)"
    dict() { sed -n '/Dictionary contains/,/^\(I: \)\?$/p' "$1"; }
    dict i6.txt >i6.dict
    dict gametext.txt >v.dict
    [ $(wc -l <v.dict) -gt 60 ] || fail "format $f: a short dictionary"
    cmp -s i6.dict v.dict || fail "format $f: the dictionary differs: $(diff i6.dict v.dict | head -5)"
done
exit 0
