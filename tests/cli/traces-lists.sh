# traces-lists.sh: the $! trace options that list vinform's own tables
# and the assembly listing: traces/lists.inf (with traces/lists-inc.h)
# under $!FILES $!SYMDEF $!BPATCH $!DICT=2 $!SYMBOLS gives exactly
# traces/lists.out (inform6 6.45's line formats: the files opened, the
# symbols defined, the dictionary with each entry's bytes and flags, the
# symbol table; compiler/traces_lists.c); $!DICT=1 is the same without
# the bytes; $!SYMBOLS=2 adds the compiler's own symbols; $!MEM prints
# one line; $!UNICODE the Z-machine's Unicode table (traces/unicode.out);
# $!TOKENS prints what --dump-tokens prints (then the tokens
# of the veneer routines the story needs), $!EXPR what
# --dump-ir prints, -a (and -a2..-a4, $!ASM) what --dump-asm prints, on
# the Z-machine and Glulx; each writes the same story as without it.
set -u
fail() { echo "FAIL: $*"; exit 1; }
T="$SRCDIR/tests/cli/traces"
cp "$T/lists.inf" "$T/lists-inc.h" .
"$VINFORM" '$!FILES' '$!SYMDEF' '$!BPATCH' '$!DICT=2' '$!SYMBOLS' lists.inf \
    >out 2>err || fail "exit status: $(cat err)"
# (a symbol's number counts the compiler's own symbols before it: left
# out, so that a new built-in symbol does not change this test)
num() { sed -E 's/Defined symbol [0-9]+/Defined symbol N/; s/^ *[0-9]+  /   N  /' "$1"; }
num "$T/lists.out" >want
num out | diff want - >d || fail "$(head -20 d)"
cp lists.z5 plain.z5
"$VINFORM" '$!DICT' lists.inf >out 2>err || fail "\$!DICT: $(cat err)"
grep -qxF 'lamp         noun p   ' out || fail "\$!DICT=1: $(cat out)"
"$VINFORM" '$!SYMBOLS=2' lists.inf >out 2>err || fail "\$!SYMBOLS=2: $(cat err)"
grep -qE '^ +[0-9]+  temp_global +0:0000  0000  Global variable  .*\(System\)' out \
    || fail "\$!SYMBOLS=2: no temp_global: $(head -5 out)"
"$VINFORM" '$!MEM' lists.inf >out 2>err || fail "\$!MEM: $(cat err)"
grep -qE '^Memory: at most [0-9]+ KB held by the compiler$' out || fail "\$!MEM: $(cat out)"

# $!UNICODE: the Z-machine's Unicode table (unicode.out, as inform6
# 6.45 prints it), or that it is not used, or that Glulx has none.
cp "$T/unicode.inf" .
"$VINFORM" -Cu '$!UNICODE' unicode.inf >out 2>err || fail "\$!UNICODE: $(cat err)"
diff "$T/unicode.out" out >d || fail "\$!UNICODE: $(head -10 d)"
"$VINFORM" -C0 '$!UNICODE' unicode.inf >out 2>err || fail "\$!UNICODE -C0: $(cat err)"
grep -qxF '  $e1: @{20ac}' out && grep -qxF '  $9b: @{e4}' out \
    || fail "\$!UNICODE -C0: $(head -3 out)"
"$VINFORM" '$!UNICODE' lists.inf >out 2>err || fail "\$!UNICODE: $(cat err)"
[ "$(cat out)" = "The Unicode translation table is not used." ] \
    || fail "\$!UNICODE without a table: $(cat out)"
"$VINFORM" -G '$!UNICODE' lists.inf >out 2>err || fail "\$!UNICODE -G: $(cat err)"
[ "$(cat out)" = "Glulx does not have a Unicode translation table." ] \
    || fail "\$!UNICODE -G: $(cat out)"

# The same stories with every trace on.
"$VINFORM" '$!TOKENS' '$!EXPR' '$!FILES' '$!SYMDEF' '$!BPATCH' '$!DICT=2' \
    '$!SYMBOLS=2' '$!MEM' -a4 lists.inf >out 2>err || fail "all: $(cat err)"
cmp -s lists.z5 plain.z5 || fail "the traces changed the story"

"$VINFORM" '$!TOKENS' lists.inf >out 2>err || fail "\$!TOKENS: $(cat err)"
"$VINFORM" --dump-tokens lists.inf >want 2>err || fail "--dump-tokens: $(cat err)"
# (then the veneer's tokens, as lowering reads its routines)
head -n "$(wc -l <want)" out | diff want - >d || fail "\$!TOKENS: $(head -10 d)"
grep -q '^# file veneer' out || fail "\$!TOKENS: no veneer tokens"
"$VINFORM" '$!EXPR' lists.inf >out 2>err || fail "\$!EXPR: $(cat err)"
"$VINFORM" --dump-ir lists.inf >want 2>err || fail "--dump-ir: $(cat err)"
grep -v '^Compiled' out | diff want - >d || fail "\$!EXPR: $(head -10 d)"
for sw in -a -a2 '$!ASM=3'; do
    for g in "" -G; do
        "$VINFORM" $g "$sw" lists.inf >out 2>err || fail "$g $sw: $(cat err)"
        "$VINFORM" $g --dump-asm lists.inf >want 2>err || fail "--dump-asm: $(cat err)"
        grep -v '^Compiled' out | diff want - >d || fail "$g $sw: $(head -10 d)"
    done
done
exit 0
