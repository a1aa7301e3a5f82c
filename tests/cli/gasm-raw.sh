# gasm-raw.sh: raw code on Glulx, `@ -> b1 b2 ...` (bytes) and
# `@ --> w1 w2 ...` (4-byte words, which may be addresses), takes any
# number of entries (an opcode at most 10 operands) and runs as written
# in glulxe and git; a byte that is an address is an error, a number past
# 255 a warning (only its low byte is written), as inform6 6.45 says.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v node >/dev/null && [ -d "$SRCDIR/tests/harness/node_modules/emglken" ] || exit 77

cat >raw.inf <<'EOF2'
[ Bytes val;        ! copy $1234567 val; add val 1 sp; return sp
    val = 0;
    @ -> $40 $93 $01 $23 $45 $67 $00  $10 $19 $08 $00 $01;
    @ -> $31 $08;
];
[ Word;             ! copy 'hello' sp; return sp
    @ --> $00004083 'hello';
    @return sp;
];
[ Main win;
    @setiosys 2 0;
    @push 201; @push 3; @push 0; @push 0; @push 0;
    @glk $0023 5 win;
    @push win; @glk $002F 1 win;
    print Bytes(), " ", (Word() == 'hello'), "^";
];
EOF2
NO_COLOR=1 "$VINFORM" -G raw.inf raw.ulx >raw.out 2>&1 || { cat raw.out; fail "raw.inf"; }
for vm in glulxe git; do
    "$SRCDIR/tests/harness/run-story" $vm raw.ulx >$vm.out 2>&1 </dev/null ||
        { cat $vm.out; fail "raw.ulx in $vm"; }
    [ "$(tr -d '\r' <$vm.out | grep -v '^$')" = "19088744 1" ] ||
        { cat $vm.out; fail "raw.ulx in $vm printed otherwise"; }
done

printf "[ Main; @ -> 1 'hello' 300; ];\n" >bad.inf
NO_COLOR=1 "$VINFORM" -G bad.inf bad.ulx >bad.out 2>&1 && fail "bad.inf compiled"
grep -qx "bad.inf:1:16: error: the bytes of '@ ->' must be numbers: an address (of a dictionary word, string, routine or object) is a word; write it with '@ -->'" bad.out ||
    { cat bad.out; fail "bad.inf: not the error at 'hello'"; }
grep -qx "bad.inf:1:24: warning: a byte of '@ ->' is not in the range 0 to 255: only its low byte, \$2C, is written" bad.out ||
    { cat bad.out; fail "bad.inf: not the warning at 300"; }
exit 0
