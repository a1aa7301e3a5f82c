# zasm-raw.sh: raw code on the Z-machine, `@ -> b1 b2 ...` (bytes) and
# `@ --> w1 w2 ...` (2-byte words, which may be addresses), any number of
# entries, runs as written in dfrotz at v3, v5 and v8 (Inform6-Testing's
# assembytes_test); a byte that is an address is an error, a number past
# 255 a warning (only its low byte is written), as inform6 6.45 says.
set -u
fail() { echo "FAIL: $*"; exit 1; }
dfrotz=$(command -v dfrotz || echo /usr/games/dfrotz)
[ -x "$dfrotz" ] || exit 77

cat >raw.inf <<'EOF2'
[ Bytes val;        ! store val $123; mul val 16 -> sp; add sp 4 -> sp; ret_popped
    val = 0;
    @ -> $cd $4f $01 $01 $23  $56 $01 $10 $00;
    @ -> $54 $00 $04 $00  $b8;
];
[ Word;             ! push 'hello'; ret_popped
    @ --> $e83f 'hello';
    @ret_popped;
];
[ Main;
    print Bytes(), " ", (Word() == 'hello'), "^";
];
EOF2
for v in 3 5 8; do
    NO_COLOR=1 "$VINFORM" -v$v raw.inf raw.z$v >raw.out 2>&1 || { cat raw.out; fail "raw.inf -v$v"; }
    [ -s raw.out ] && { cat raw.out; fail "raw.inf -v$v: messages"; }
    "$dfrotz" -q raw.z$v </dev/null >play.out 2>&1 || { cat play.out; fail "raw.z$v in dfrotz"; }
    [ "$(tr -d '\r' <play.out | grep -v '^$')" = "4660 1" ] ||
        { cat play.out; fail "raw.z$v printed otherwise"; }
done

printf "[ Main; @ -> 1 'hello' 300; ];\n" >bad.inf
NO_COLOR=1 "$VINFORM" bad.inf bad.z5 >bad.out 2>&1 && fail "bad.inf compiled"
grep -qx "bad.inf:1:16: error: the bytes of '@ ->' must be numbers: an address (of a dictionary word, string or routine) is a word; write it with '@ -->'" bad.out ||
    { cat bad.out; fail "bad.inf: not the error at 'hello'"; }
grep -qx "bad.inf:1:24: warning: a byte of '@ ->' is not in the range 0 to 255: only its low byte, \$2C, is written" bad.out ||
    { cat bad.out; fail "bad.inf: not the warning at 300"; }
exit 0
