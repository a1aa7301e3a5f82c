# gstory-layout.sh: vinform lays a Glulx story's data out as inform6 does.
# For small programs that use every table (objects and classes with
# inheritable attributes, common, additive, individual and private
# properties, arrays of every kind and static ones, globals, grammar with
# every token kind, '/' and reverse, Extend, meta verbs, fake actions,
# Dictionary words with data, identifier names with aliases, Unicode
# characters, dynamic strings @nn), in the default settings, with -~H, and
# with the $ settings that change the formats ($NUM_ATTR_BYTES,
# $GLULX_OBJECT_EXT_BYTES, $DICT_WORD_SIZE, $DICT_CHAR_SIZE,
# $INDIV_PROP_START, $MEMORY_MAP_EXTENSION, $MAX_STACK_SIZE), the header
# and everything from RAMSTART to the end must be inform6's, each address
# of a string, function or table compared by what it names
# (tests/harness/gcompare: the code differs, so addresses do), and so
# must the -z memory map from RAMSTART on.  Needs inform6 and python3.
set -u
fail() { echo "FAIL: $*"; exit 1; }
[ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ] || exit 77
command -v python3 >/dev/null || exit 77

cat >tables.inf <<'EOF'
Attribute light;
Attribute open;
Attribute opened alias open;
Attribute edible;
Property weight 5;
Property additive before;
Property colour;
Global score = 7;
Global here;
Global mystr = "Hello there";
Array words --> 1 2 3 'apple' "in an array";
Array bytes -> 1 2 3 4;
Array str string "abc";
Array tab table 10;
Array buf buffer "hi there";
Array sarr static --> 9 8 7;
Array sbytes static -> "stat";
Constant DP1 = #dict_par1;
Constant DP2 = #dict_par2;
Constant DP3 = #dict_par3;
Constant SC1 = #classes_table;
Constant SC2 = #identifiers_table;
Constant SC3 = #array_names_offset;
Constant SC4 = #cpv__start;
Constant SC5 = #cpv__end;
Constant SC6 = #dictionary_table;
Constant SC7 = #dynam_string_table;
Constant SC8 = #grammar_table;
Constant SC9 = #actions_table;
Constant SC10 = #globals_array;
Constant SC11 = #highest_class_number;
Constant SC12 = #highest_object_number;
Array sysconsts --> DP1 DP2 DP3 SC1 SC2 SC3 SC4 SC5 SC6 SC7 SC8 SC9 SC10
    SC11 SC12;
Array consts --> DOUBLE_HI_NAN DOUBLE_LO_NAN DOUBLE_HI_INFINITY FLOAT_NAN
    FLOAT_NINFINITY GOBJ_TOTAL_LENGTH GOBJFIELD_CHILD DICT_ENTRY_BYTES
    NUM_ATTR_BYTES INDIV_PROP_START;
Class Thing
  with weight 10, colour "grey", before "thing",
  has edible;
Class Box(3) class Thing with capacity 4, before "box";
Object room "A Room" has light
  with description "A plain room.", name 'room' 'chamber';
Thing apple "red apple" room
  with name 'apple' 'red' 'fruit//p', weight 2, size 3,
  private secret 42;
Object -> chest "chest" has open;
Box crate "crate" room with capacity 8, before "crate";
Object "nameless" room;
Fake_action Glorp;
[ TakeSub; ];
[ DropSub; ];
[ JumpSub; ];
[ SaveSub; ];
[ ScopeR; ];
Verb 'take' 'get' * noun -> Take * 'off' held -> Drop
    * 'in'/'into' noun -> Take reverse;
Verb 'jump' * -> Jump * noun=ScopeR -> Jump * scope=ScopeR -> Jump
    * edible -> Jump * ScopeR -> Jump * topic 'x' number -> Jump
    * multi multiheld multiexcept multiinside creature special -> Jump;
Verb meta 'save' * -> Save;
Extend 'get' first * 'up' -> Jump;
Verb 'leap' = 'jump';
Dictionary 'xyzzy' 5 6;
Dictionary 'plugh';
[ Main x; x = 'hello'; x = ##Glorp; x = sarr; x = sbytes; ];
EOF

cat >text.inf <<'EOF'
Object room "Caf@'e @{263} room" with description "x@00y@01z";
Object thing "ok" room with name 'caf@'e' 'na@:ive' 'fooba@{263}';
Array ua --> "@{263}b";
[ Main; print "Hello @{3B1}@{3B2}@{263} there^"; print "@02 and caf@'e"; ];
EOF
# Glulx keeps up to 32768 values in a property (the Z-machine 32), and
# an additive property all it inherits; a segment may be empty.
{
    echo 'Property additive list;'
    echo 'Class Long with list' $(seq 1 30) ';'
    echo 'Long big with with list' $(seq 100 140)
    echo '  with with other' $(seq 1 300) ';'
    echo '[ Main; print big.#list, " ", big.#other; ];'
} >longprops.inf

# (the Unicode dictionary word needs $DICT_CHAR_SIZE=4)
sed "s/ 'fooba@{263}'//" text.inf >latin.inf

ram_map() {      # the -z map from RAMSTART on, addresses from RAMSTART
    python3 - "$1" <<'EOF2'
import re, sys
base = None
for line in open(sys.argv[1]):
    m = re.match(r"^(.{8}[+|].{21}[+|])   ([0-9a-f]{6})?$", line.rstrip("\n"))
    if not m:
        continue
    if base is None and "=====" in line and m.group(2) != "000024":
        base = int(m.group(2), 16)
    if base is not None:
        at = m.group(2)
        print(m.group(1), "%x" % (int(at, 16) - base) if at else "")
EOF2
}

check() {        # check NAME SWITCHES...
    local n=$1
    shift
    "$INFORM6" -q -w -z -G "$@" $n.inf i6.ulx >i6.out 2>&1 ||
        fail "inform6 -G $* $n: $(cat i6.out)"
    "$VINFORM" -w -z -G "$@" $n.inf vi.ulx >vi.out 2>&1 ||
        fail "vinform -G $* $n: $(cat vi.out)"
    "$SRCDIR/tests/harness/gcompare" i6.ulx vi.ulx >cmp.out ||
        fail "$n -G $*: the data differs from inform6's:
$(cat cmp.out)"
    ram_map i6.out >i6.map
    ram_map vi.out >vi.map
    [ -s i6.map ] || fail "$n: no memory map from inform6"
    cmp -s i6.map vi.map || fail "$n -G $*: the -z memory map differs:
$(diff i6.map vi.map)"
}

check tables
check tables -~H
check tables '$NUM_ATTR_BYTES=11' '$GLULX_OBJECT_EXT_BYTES=8'
check tables '$DICT_WORD_SIZE=12' '$INDIV_PROP_START=300'
check tables '$MEMORY_MAP_EXTENSION=512' '$MAX_STACK_SIZE=65536'
check tables '$DICT_CHAR_SIZE=4'
check latin
check latin -~H
check text '$DICT_CHAR_SIZE=4'
check longprops
# $OMIT_SYMBOL_TABLE (6.42, so not in the oracle): the same story less
# the identifier names (their tables and strings).
"$VINFORM" -w -G latin.inf full.ulx || fail "vinform latin"
"$VINFORM" -w -G '$OMIT_SYMBOL_TABLE=1' latin.inf omit.ulx ||
    fail "vinform \$OMIT_SYMBOL_TABLE=1 latin"
[ "$(wc -c <omit.ulx)" -lt "$(wc -c <full.ulx)" ] ||
    fail "\$OMIT_SYMBOL_TABLE=1 left the identifier names in"
# It defines OMIT_SYMBOL_TABLE (6.42+), and the veneer then prints a
# property by its number, as inform6's does.
cat >omitc.inf <<'EOF2'
#Ifndef OMIT_SYMBOL_TABLE;
Message error "OMIT_SYMBOL_TABLE is not defined";
#Endif;
Property colour;
[ Main; print (property) colour; ];
EOF2
for t in -G -v5; do
    "$VINFORM" $t '$OMIT_SYMBOL_TABLE=1' omitc.inf omitc.story >omitc.out 2>&1 ||
        fail "\$OMIT_SYMBOL_TABLE=1 $t: $(cat omitc.out)"
done
"$VINFORM" --syntax-only omitc.inf >omitc.out 2>&1 &&
    fail "OMIT_SYMBOL_TABLE defined without the setting"
echo ok
