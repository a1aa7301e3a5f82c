# seqpoints.sh: -k's sequence points (codegen/lower_points.c): for
# seqpoints/points.inf the places of each routine's points, in the order
# of the code, are exactly seqpoints/points.z5 (-v5) and points.ulx (-G):
# inform6 6.45's places (each statement's first token, a for loop's three
# parts, objectloop's test, the `}` before a do's until, a routine's `]`,
# a Stub's directive, with -g a traced routine's `[`; none for the code
# the compiler adds between blocks), in vinform's code (a for loop whose
# update is no ++ or -- has it after the body, where inform6 puts it
# first).  Every point lies in its routine at the first byte of an
# instruction of --dump-asm, the story decoded independently
# (tests/harness/dbgcheck for the Z-machine, tests/harness/gpoints for
# Glulx), there and for examples/clockmaker.inf with the library (v5, v8,
# Glulx); the story is the same with and without -k.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || exit 77
DIR="$SRCDIR/tests/cli/seqpoints"
H="$SRCDIR/tests/harness"

# The places of gameinfo.dbg's points: "Routine: line:col ...", a line for
# each routine that has points.
places() {
    python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
for r in ET.parse(sys.argv[1]).getroot().findall("routine"):
    ps = ["%s:%s" % (p.find("source-code-location/line").text,
                     p.find("source-code-location/character").text)
          for p in r.findall("sequence-point")]
    if ps:
        print("%s: %s" % (r.find("identifier").text, " ".join(ps)))
PY
}

cp "$DIR/points.inf" .
for t in "-v5 z5" "-G ulx"; do
    set -- $t
    rm -f gameinfo.dbg
    "$VINFORM" -k $1 points.inf story.$2 >out 2>&1 || fail "-k $1: $(head -5 out)"
    places gameinfo.dbg >got.$2 || fail "$1: gameinfo.dbg unreadable"
    diff -u "$DIR/points.$2" got.$2 >diff || fail "$1: $(cat diff)"
    "$VINFORM" $1 --dump-asm points.inf >asm 2>out || fail "--dump-asm $1: $(head -5 out)"
    if [ "$2" = z5 ]; then check="$H/dbgcheck"; else check="$H/gpoints"; fi
    "$check" story.$2 gameinfo.dbg asm >check || fail "$1: $(cat check)"
    cp story.$2 with-k.$2
    "$VINFORM" $1 points.inf story.$2 >out 2>&1 || fail "$1: $(head -5 out)"
    cmp -s story.$2 with-k.$2 || fail "$1: -k changed the story"
done

# -g: a traced routine's prologue takes the point of its `[`.
"$VINFORM" -k -g points.inf story.z5 >out 2>&1 || fail "-k -g: $(head -5 out)"
places gameinfo.dbg >got.g || fail "-g: gameinfo.dbg unreadable"
grep -q '^Main: 7:1 8:5 8:14 ' got.g || fail "-g: $(grep '^Main' got.g)"

[ -d /usr/share/inform6/library ] || exit 0
LIB=+include_path=/usr/share/inform6/library,"$SRCDIR/stdlib"
cp "$SRCDIR/examples/clockmaker.inf" .
for t in "-v5 z5 dbgcheck" "-v8 z8 dbgcheck" "-G ulx gpoints"; do
    set -- $t
    "$VINFORM" -k $1 $LIB clockmaker.inf c.$2 >out 2>&1 || fail "clockmaker -k $1: $(head -5 out)"
    "$VINFORM" $1 --dump-asm $LIB clockmaker.inf >asm 2>out || fail "clockmaker --dump-asm $1: $(head -5 out)"
    grep -q "<sequence-point>" gameinfo.dbg || fail "clockmaker $1: no sequence points"
    "$H/$3" c.$2 gameinfo.dbg asm >check || fail "clockmaker $1: $(cat check)"
done
exit 0
