# strings-above-arrays.sh: issue 16, item 1.  A Z-machine story holding
# the text library's test of strings against texts (Text__IsText) has
# every string's number above every array's address (#strings_offset >=
# #array__end), at z5 and z8, small or with a large array area, so the
# library never guesses: a string whose number would otherwise be the
# address of words made to read as a text (a trap the program sets when
# it can) is still read as the string.  Glulx tells them apart by type
# byte.  A story whose strings cannot fit above its arrays gets a
# warning and still runs.  -z shows the gap below the strings.  (tests/text's first-examples play the
# chapter's examples in such stories; same-bytes shows that stories
# without the library do not move.)
set -u
fail() { echo "FAIL: $*"; exit 1; }
RUN="$SRCDIR/tests/harness/run-story"
ZCHECK="$SRCDIR/tests/harness/zcheck"
[ -x /usr/games/dfrotz ] || exit 77

# trap.inf BIG: a program with an array of BIG words besides T1.
write_trap() {
    cat >trap.inf <<INF
Array T1 --> 80;
Array Big --> $1;
[ Below x y;                    ! x < y as unsigned numbers
    if (x >= 0) { if (y < 0) rtrue; return x < y; }
    if (y >= 0) rfalse;
    return x < y;
];
[ Main s;
    s = "hello, world";
#Ifdef TARGET_GLULX;
    @setiosys 2 0;
    @push 201; @push 3; @push 0; @push 0; @push 0;
    @glk \$0023 5 sp;
    @glk \$002F 1 0;
#Ifnot;
    if ((~~Below(s, Big)) && Below(s, Big + $1 * 2 - 4)) {
        s-->0 = 10; s-->1 = 3;  ! reads as a text of 3 characters
        print "trap set^";
    }
    if (Below(#strings_offset, #array__end)) print "strings among the arrays^";
#Endif;
    print Text_NumChars(s), " ", Regex_Matches("taramasalata", "a.*l"), " ";
    Regex_PrintSubexpression(0); new_line;
    T1-->0 = Big-->0;
];
INF
}

for big in 10 14000; do
    write_trap $big
    for v in 5 8; do
        "$VINFORM" -v$v trap.inf trap.z$v >log 2>&1 || fail "z$v, Big $big: $(cat log)"
        [ -s log ] && fail "z$v, Big $big: messages: $(cat log)"
        "$ZCHECK" -q trap.z$v >log || fail "z$v, Big $big: $(cat log)"
        "$RUN" dfrotz trap.z$v >out 2>&1 || fail "z$v, Big $big: dfrotz: $(cat out)"
        [ "$(cat out)" = "12 1 aramasal" ] ||
            fail "z$v, Big $big: printed $(cat out)"
        # -z shows the gap, and the strings from v x #array__end (the
        # grammar table's address) on.
        "$VINFORM" -v$v -z trap.inf trap.z$v >map 2>&1 || fail "z$v -z: $(cat map)"
        g=$(grep -B1 "|    grammar table    |" map | head -n 1 | awk '{ print $NF }')
        at=$(grep -B1 "|       strings       |" map | head -n 1 | awk '{ print $NF }')
        scale=$((v == 5 ? 4 : 8))
        grep -q "|  gap below strings  |" map && [ -n "$g" ] && [ -n "$at" ] &&
            [ $((16#$at)) = $((scale * 16#$g)) ] ||
            fail "z$v, Big $big: -z map: $(cat map)"
    done
done

# No room: arrays of 62 KB (Big a little under 54 KB, leaving the
# library a few hundred bytes of readable memory to grow) want the
# strings from byte 248 KB (z5) or 496 KB (z8) on, and 30 strings of 600
# characters do not fit below the
# version's limit: a warning, and the strings straight after the code
# (where the trap is set and fools the library, as it would with inform6).
text=$(printf 'filler text %.0s' $(seq 40))
filler=
calls=
for i in $(seq 30); do
    filler="$filler[ Filler$i; return \"$i $text\"; ];
"
    calls="$calls Filler$i();"
done
write_trap 26800
sed -i "s/Big + 26800 \* 2 - 4/Big + 26798 + 26798/" trap.inf
printf '%s[ Fill; %s ];\n' "$filler" "$calls" >>trap.inf
for v in 5 8; do
    case $v in
        5) want="past version 5's 256 KB): the text library may take a string for a text value there; compile with -v8, or make the arrays smaller" ;;
        8) want="past version 8's 512 KB): the text library may take a string for a text value there; make the arrays smaller" ;;
    esac
    NO_COLOR=1 "$VINFORM" -v$v trap.inf full.z$v >log 2>&1 || fail "full z$v: $(cat log)"
    grep -q "^vinform: warning: the strings cannot be placed above the arrays (they would end at byte [0-9]*, $want\$" log ||
        fail "full z$v: no warning, or another: $(cat log)"
    "$ZCHECK" -q full.z$v >log || fail "full z$v: $(cat log)"
    "$RUN" dfrotz full.z$v >out 2>&1 || fail "full z$v: dfrotz: $(cat out)"
    grep -q "^strings among the arrays\$" out || fail "full z$v: printed $(cat out)"
done

# Glulx: the type byte tells them apart.
if [ -d "$SRCDIR/tests/harness/node_modules/emglken" ]; then
    "$VINFORM" -G trap.inf trap.ulx >log 2>&1 || fail "Glulx: $(cat log)"
    "$RUN" glulxe trap.ulx >out 2>&1 || fail "Glulx: glulxe: $(cat out)"
    [ "$(cat out)" = "12 1 aramasal" ] || fail "Glulx: printed $(cat out)"
fi
exit 0
