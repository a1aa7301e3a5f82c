# glulx-listings.sh: -k and -r with -G (the Glulx back end's debug_story
# hook, codegen/glulx/gdebug.c), on examples/clockmaker.inf with the
# installed library and stdlib/infglk.h, and with Inform 7's switches
# (-kE2SDwG).  gameinfo.dbg is well-formed XML whose routines, in
# address order, are the functions of --dump-asm -G in its order (Main__
# the listing's "(embedded)", C::prop its C.prop), each starting with a
# Glulx function type byte ($C0 or $C1), each ending where the next
# starts, the first at the code area's start and the last at its end;
# locals by <frame-offset> (4 bytes each); the story file sections
# inform6 6.45 names for Glulx, in order; the story's first 64 bytes;
# every global and array address inside RAM.  The story is the same with
# and without -k -r.  With inform6 installed: the same routines, objects,
# classes, globals, arrays, properties, attributes, actions and fake
# actions by name as inform6 -G's file (its veneer routines vinform
# compiles only on demand aside) and its grammar lines as table entries
# of the same sizes in the same order, and gametext.txt's dictionary part is
# inform6's in both $TRANSCRIPT_FORMATs.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || exit 77
[ -d /usr/share/inform6/library ] || exit 77
LIB=+include_path=/usr/share/inform6/library,"$SRCDIR/stdlib"
cp "$SRCDIR/examples/clockmaker.inf" .

"$VINFORM" -G -k -r $LIB clockmaker.inf c.ulx >out 2>&1 || fail "-G -k -r: $(head -5 out)"
[ -s c.ulx ] && [ -s gameinfo.dbg ] && [ -s gametext.txt ] || fail "-G -k -r: $(ls)"
"$VINFORM" -G --dump-asm $LIB clockmaker.inf >asm 2>out || fail "--dump-asm: $(head -5 out)"
cp c.ulx with-k.ulx
"$VINFORM" -G $LIB clockmaker.inf c.ulx >out 2>&1 || fail "-G: $(head -5 out)"
cmp -s c.ulx with-k.ulx || fail "-k -r changed the story"
grep -qF '[Compiled Glulx version ' gametext.txt || fail "no [Compiled Glulx version ...] line"

python3 - c.ulx gameinfo.dbg asm <<'PY' || exit 1
import base64, re, sys, xml.etree.ElementTree as ET
story = open(sys.argv[1], "rb").read()
root = ET.parse(sys.argv[2]).getroot()
listing = open(sys.argv[3]).read()
bad = []
secs = [(s.find("type").text, int(s.find("address").text),
         int(s.find("end-address").text)) for s in root.findall("story-file-section")]
want = ["header", "memory layout id", "code area", "string decoding table",
        "strings area", "static array space", "zero padding",
        "global variables", "array space", "abbreviations table",
        "object tree", "common properties", "property defaults",
        "class numbers", "identifier names", "grammar table",
        "actions table", "dictionary"]
if [s[0] for s in secs] != want:
    bad.append("sections %s" % [s[0] for s in secs])
sec = {s[0]: s for s in secs}
ramstart = int.from_bytes(story[8:12], "big")
if sec["global variables"][1] != ramstart:
    bad.append("globals at %d, RAMSTART %d" % (sec["global variables"][1], ramstart))
if base64.b64decode(root.find("story-file-prefix").text) != story[:64]:
    bad.append("story-file-prefix is not the story's first 64 bytes")
rs = sorted((int(r.find("address").text), int(r.find("byte-count").text),
             r.find("identifier").text, r) for r in root.findall("routine"))
names = re.findall(r"^\[ (\S+?)[ ;]", listing, re.M)
ours = [re.sub(r"^nameless_obj__\d+\.", "(object).", n.replace("::", "."))
        for _, _, n, _ in rs]
ours = ["(embedded)" if n == "Main__" else n for n in ours]
if ours != names:
    d = [(a, b) for a, b in zip(ours, names) if a != b]
    bad.append("routines: %d vs the listing's %d; first differences %s"
               % (len(ours), len(names), d[:3]))
code = sec["code area"]
if rs and rs[0][0] != code[1]:
    bad.append("first routine at %d, code area at %d" % (rs[0][0], code[1]))
for i, (at, n, name, r) in enumerate(rs):
    if story[at] not in (0xC0, 0xC1):
        bad.append("%s at %d: byte %02x is no function type" % (name, at, story[at]))
    end = rs[i + 1][0] if i + 1 < len(rs) else code[2]
    if at + n != end:
        bad.append("%s: %d + %d ends at %d, next at %d" % (name, at, n, at + n, end))
    if int(r.find("value").text) != at:
        bad.append("%s: value is not its address" % name)
    offs = [int(f.text) for f in r.iter("frame-offset")]
    if offs != [4 * k for k in range(len(offs))]:
        bad.append("%s: frame offsets %s" % (name, offs))
    m = re.search(r"^\[ %s((?: \w+)*);" % re.escape(ours[i]), listing, re.M)
    locs = [l.find("identifier").text for l in r.findall("local-variable")]
    if m and m.group(1).split() != locs:
        bad.append("%s: locals %s, listing %s" % (name, locs, m.group(1).split()))
for t in root.findall("table-entry"):
    a, e = int(t.find("address").text), int(t.find("end-address").text)
    if not sec["grammar table"][1] <= a < e <= sec["grammar table"][2]:
        bad.append("table entry %d..%d outside the grammar table" % (a, e))
if not root.findall("table-entry"):
    bad.append("no table entries")
ram_end = int.from_bytes(story[12:16], "big")
for g in root.findall("global-variable"):
    a = int(g.find("address").text)
    if not sec["global variables"][1] <= a < sec["global variables"][2]:
        bad.append("global %s at %d" % (g.find("identifier").text, a))
for g in root.findall("array"):
    a = int(g.find("value").text)
    if not (sec["static array space"][1] <= a < ram_end):
        bad.append("array %s at %d" % (g.find("identifier").text, a))
if bad:
    print("FAIL: " + "; ".join(bad[:10]))
    sys.exit(1)
PY

# Inform 7's switches for a Glulx story.
rm -f gameinfo.dbg
"$VINFORM" -kE2SDwG '$huge' $LIB clockmaker.inf output.ulx >out 2>&1 \
    || fail "I7 switches: $(head -5 out)"
[ -s output.ulx ] && [ -s gameinfo.dbg ] || fail "I7 switches: $(ls)"
if command -v xmllint >/dev/null; then
    xmllint --noout gameinfo.dbg 2>out || fail "xmllint: $(head -5 out)"
fi

[ -n "${INFORM6:-}" ] || exit 0
"$INFORM6" -G -k +debugging_name=i6.dbg $LIB clockmaker.inf i6.ulx >out 2>&1 \
    || fail "inform6 -G -k: $(head -5 out)"
"$VINFORM" -G -k $LIB clockmaker.inf v.ulx >out 2>&1 || fail "-G -k: $(head -5 out)"
"$SRCDIR/tests/harness/dbgsame" i6.dbg gameinfo.dbg || exit 1
for f in 0 1; do
    "$INFORM6" -G -r "\$TRANSCRIPT_FORMAT=$f" +transcript_name=i6.txt $LIB \
        clockmaker.inf i6.ulx >out 2>&1 || fail "inform6 -G -r: $(head -5 out)"
    "$VINFORM" -G -r "\$TRANSCRIPT_FORMAT=$f" +transcript_name=v.txt $LIB \
        clockmaker.inf v.ulx >out 2>&1 || fail "-G -r: $(head -5 out)"
    dict() { sed -n '/Dictionary contains/,/^\(I: \)\?$/p' "$1"; }
    dict i6.txt >i6.dict
    dict v.txt >v.dict
    [ $(wc -l <v.dict) -gt 60 ] || fail "format $f: a short dictionary"
    cmp -s i6.dict v.dict || fail "format $f: the dictionary differs: $(diff i6.dict v.dict | head -5)"
done
exit 0
