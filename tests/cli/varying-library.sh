# varying-library.sh: varying strings in a game on the standard library
# (Debian's inform6-library 6.12.6), played in dfrotz: a room's
# description, an object's description and its `initial` text (strings
# that become printing routines) and a `before` routine's reply, each
# going on at every look or examine; the transcript keeps the library's
# blank lines and new lines exactly as the plain strings give them
# (hand-checked; inform6's story prints the same lines, with the braces
# in them).  Skips without dfrotz or the library.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v dfrotz >/dev/null || [ -x /usr/games/dfrotz ] || exit 77
lib=/usr/share/inform6/library
[ -f "$lib/parser.h" ] || exit 77

cat >game.inf <<'END'
Constant Story "VARYING";
Constant Headline "^A test of varying strings^";
Serial "260101";
Include "Parser";
Include "VerbLib";
Object Room "Storeroom"
  with description "{A bare storeroom, shelves on every wall.|The storeroom is as bare as before.}",
  has light;
Object -> shelves "shelves"
  with name 'shelves' 'shelf',
       description "{Dusty|Still dusty|Dusty as ever} shelves.",
       before [; Push: "You push the shelves{. Nothing happens| again. Nothing| once more}."; ],
  has scenery pluralname;
Object -> lamp
  with name 'lamp',
       short_name "lamp",
       initial "{A lamp glows on the floor.|The lamp still glows on the floor.}",
       description "The lamp {&glows|flickers|hums}.";
[ Initialise; location = Room; ];
Include "Grammar";
END
"$VINFORM" +include_path=$lib game.inf game.z5 >out 2>&1 || fail "vinform: $(cat out)"
[ -s out ] && fail "vinform printed messages: $(cat out)"
printf '%s\n' 'look' 'examine shelves' 'x shelves' 'x shelves' 'x shelves' 'push shelves' 'push shelves' 'push shelves' 'push shelves' 'look' 'take lamp' 'drop lamp' 'look' 'x lamp' 'x lamp' >walk
"$SRCDIR/tests/harness/run-story" -s 1234 dfrotz game.z5 walk >got 2>err
st=$?
cat >want <<'END'



A test of varying strings
Release 1 / Serial number 260101 / Inform v6.45 Library v6.12.6 S


A bare storeroom, shelves on every wall.

A lamp glows on the floor.

>


The storeroom is as bare as before.

The lamp still glows on the floor.

>

Dusty shelves.

>

Still dusty shelves.

>

Dusty as ever shelves.

>

Dusty as ever shelves.

>

You push the shelves. Nothing happens.

>

You push the shelves again. Nothing.

>

You push the shelves once more.

>

You push the shelves once more.

>


The storeroom is as bare as before.

The lamp still glows on the floor.

>

Taken.

>

Dropped.

>


The storeroom is as bare as before.

You can see a lamp here.

>

The lamp glows.

>

The lamp flickers.

>
END
printf '%s' "$(cat want)" >want
diff -u want got >d && [ $st -eq 0 ] && [ ! -s err ] && exit 0
fail "dfrotz (exit status $st) $(cat err)
the transcript differs: $(cat d)"
