# zversions.sh: versions 3, 4, 6 and 7 (issue 13).  inform6's
# minimal_test.inf (Inform6-Testing) compiles at -v3, -v4, -v6, -v6 -B,
# -v7 and -v7 -B, with a right header version, length and checksum
# (tests/harness/zcheck: what @verify computes), and runs to its end in
# dfrotz and bocfel; tests/run/game-small.inf, a library-free game that
# starts with @verify, plays its walkthrough at each of those in dfrotz
# and bocfel with inform6 6.41's transcripts.  (v3's status line and v6's
# interpreter banner (bocfel's, removed here) make transcripts that differ between the two
# interpreters, which tests/run cannot hold: v4 and v7 are played there
# too.)  The inform6 comparisons need inform6.
set -u
fail() { echo "FAIL: $*"; exit 1; }
ZCHECK="$SRCDIR/tests/harness/zcheck"
RUN="$SRCDIR/tests/harness/run-story"
EMGLKEN="$SRCDIR/tests/harness/emglken-run.mjs"
command -v python3 >/dev/null || exit 77
[ -x /usr/games/dfrotz ] || exit 77
[ -d "$SRCDIR/tests/harness/node_modules/emglken" ] || exit 77
[ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ] || exit 77

printf 'Serial "000000";\n\n[ Main;\n];\n' >minimal_test.inf
game=$SRCDIR/tests/run/game-small.inf
walk=$SRCDIR/tests/run/game-small.in
: >batch
n=0
for sw in -v3 -v4 -v6 "-v6 -B" -v7 "-v7 -B"; do
    n=$((n + 1))
    v=${sw:2:1}
    # shellcheck disable=SC2086
    "$VINFORM" $sw minimal_test.inf min$n.z >out 2>&1 || fail "minimal $sw: $(cat out)"
    [ "$(od -An -tu1 -N1 min$n.z | tr -d ' ')" = "$v" ] || fail "minimal $sw: header version"
    "$ZCHECK" -q min$n.z >out || fail "minimal $sw: $(cat out)"
    # shellcheck disable=SC2086
    "$VINFORM" $sw "$game" v$n.z >out 2>&1 || fail "game $sw: $(cat out)"
    "$ZCHECK" -q v$n.z >out || fail "game $sw: $(cat out)"
    # shellcheck disable=SC2086
    "$INFORM6" -q $sw "$game" i$n.z >out 2>&1 || fail "inform6 game $sw: $(cat out)"
    for s in min$n v$n i$n; do
        w=$walk
        case $s in min*) w= ;; esac
        "$RUN" -s 1 dfrotz $s.z ${w:+"$w"} >$s.dfrotz 2>$s.dfrotz.err ||
            fail "$s ($sw) in dfrotz: $(cat $s.dfrotz.err)"
        [ -s $s.dfrotz.err ] && fail "$s ($sw) in dfrotz: $(cat $s.dfrotz.err)"
        printf 'bocfel\t%s\t%s\t%s\n' "$PWD/$s.z" "$w" "$PWD/$s.bocfel" >>batch
    done
    echo "$sw" >sw$n
done
node "$EMGLKEN" --seed 1 --timeout 20 -j 2 --batch batch >status 2>err ||
    fail "bocfel: $(cat err status)"
grep -v '^ok ' status && fail "bocfel: $(cat status)"
# bocfel says v6 is partly supported, at a moment of its own choosing.
for f in *.bocfel; do
    python3 - "$f" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
s = re.sub(r"\n?Version 6 of the Z-machine is only partially supported\. "
           r"Be aware that the game might not function properly\.", "", s)
open(sys.argv[1], "w").write(s)
PY
done
for i in $(seq 1 $n); do
    sw=$(cat sw$i)
    for it in dfrotz bocfel; do
        grep -q Warning min$i.$it v$i.$it && fail "$sw in $it: a warning"
        [ -s min$i.$it ] && fail "minimal $sw in $it printed: $(cat min$i.$it)"
        grep -q 'A very small game' v$i.$it || fail "game $sw in $it: $(head -5 v$i.$it)"
        grep -q damaged v$i.$it && fail "game $sw in $it: @verify failed"
        cmp -s i$i.$it v$i.$it || { diff i$i.$it v$i.$it | head -20; fail "game $sw in $it: not inform6's transcript"; }
    done
done
exit 0
