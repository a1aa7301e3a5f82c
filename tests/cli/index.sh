# index.sh: --listing writes the index of a game for its author (issue 14):
# BASE.md exactly as expected for a small game (tests/cli/index/game.inf:
# a room and a thing, a class, two verbs, varying strings, the text
# library), the story beside it, and BASE.html that a real browser renders
# (headless Chromium: a screenshot, and the rendered page's text holding a
# room, an object's property, a grammar line and its action, a varying
# string and the limits dashboard) for that game, examples/clockmaker.inf
# and, with ../shared/corpus, Advent.  Skips the browser part, saying so,
# without chromium (Debian chromium; tools/setup.sh installs it).
set -u
fail() { echo "FAIL: $*"; exit 1; }
here=$SRCDIR/tests/cli/index

"$VINFORM" --listing -v5 +include_path="$SRCDIR/stdlib" "$here/game.inf" game.z5 \
    >vlog 2>&1 || { cat vlog; fail "game.inf does not compile with --listing"; }
[ -s game.z5 ] || fail "no story beside the index"
[ -f game-index.md ] && [ -f game-index.html ] || fail "no game-index.md / .html"
# the source folder's path, as written and as Markdown escapes it
# (a '_' in it becomes '\_'), made SRCDIR
python3 - "$SRCDIR" "$(realpath "$SRCDIR")" game-index.md >got.md <<'PY'
import re, sys
src, real, path = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
def escaped(s):
    return re.sub(r"([\\`*_\[\]<>|#{}])", r"\\\1", s)
for p in (src, real):
    text = text.replace(escaped(p), "SRCDIR").replace(p, "SRCDIR")
sys.stdout.write(text)
PY
diff -u "$here/game.md" got.md || fail "game-index.md differs from tests/cli/index/game.md"

"$VINFORM" --listing=named -v5 +include_path="$SRCDIR/stdlib" "$here/game.inf" g2.z5 \
    >vlog 2>&1 && [ -f named.md ] && [ -f named.html ] || fail "--listing=named writes named.md and named.html"
"$VINFORM" -v5 +include_path="$SRCDIR/stdlib" "$here/game.inf" g3.z5 >vlog 2>&1
[ ! -e g3-index.md ] || fail "an index without --listing"

"$VINFORM" --listing "$SRCDIR/examples/clockmaker.inf" clockmaker.z5 \
    >vlog 2>&1 || { cat vlog; fail "clockmaker does not compile with --listing"; }
pages="game clockmaker"
. "$SRCDIR/tests/harness/corpus.sh"
find_corpus "$SRCDIR"
if [ -f "$corpus/Inform6-Testing/src/Advent.inf" ]; then
    "$VINFORM" --listing +include_path="$corpus/Inform6-Testing/i6lib-611" \
        "$corpus/Inform6-Testing/src/Advent.inf" advent.z5 >vlog 2>&1 ||
        { cat vlog; fail "Advent does not compile with --listing"; }
    pages="$pages advent"
else
    echo "(no corpus at $corpus: Advent left out)"
fi

browser=$(command -v chromium || command -v chromium-headless-shell || command -v chromium-browser)
if [ -z "$browser" ]; then
    echo "SKIP: no chromium to render the pages (apt-get install chromium)"
    exit 77
fi
# what a page must show, as its rendered text: name, then fixed strings
want_game="Great Hall|golden crown|weight: 3|* 'up' noun|##Take|in a cycle, 2 alternatives|with echoes|story size|global variables|█"
want_clockmaker="Cobbled Street|brass key|description:|* noun|##Take|Limits|story size|█"
want_advent="At End Of Road|brass lantern|* noun|##Take|story size|readable memory|█"
for p in $pages; do
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --window-size=1200,2000 \
        --screenshot="$PWD/$p.png" "file://$PWD/$p-index.html" >shot.log 2>&1
    [ -s "$p.png" ] && [ "$(head -c 4 "$p.png" | od -An -c | tr -d ' ')" = "211PNG" ] ||
        { cat shot.log; fail "$p: no screenshot of the page"; }
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --dump-dom \
        "file://$PWD/$p-index.html" 2>/dev/null >"$p.dom"
    # the rendered text: tags dropped, entities decoded
    sed -e 's/<[^>]*>//g' -e 's/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&#39;/'"'"'/g' \
        "$p.dom" >"$p.txt"
    eval "want=\$want_$p"
    IFS='|'
    for w in $want; do
        grep -qF -- "$w" "$p.txt" || { unset IFS; fail "$p: the rendered page lacks '$w'"; }
    done
    unset IFS
    for h in Limits Objects Classes Grammar Actions "Varying strings" Dictionary; do
        grep -q "<h2 id=\"[a-z-]*\">$h</h2>" "$p.dom" || fail "$p: no section '$h'"
    done
done
echo "index pages: $pages"
