# defines.sh: $#SYMBOL=N, $#SYMBOL and --define define constants before
# the source is read (needs declare to define them); the compiler's own
# constant given again with its value passes.
set -u
fail() { echo "FAIL: $*"; exit 1; }
cat >m.inf <<'INF'
#Ifndef SYM;
Message error "SYM is not defined";
#Endif;
#Iftrue SYM ~= 3;
Message error "SYM is not 3";
#Endif;
#Ifndef ZERO;
Message error "ZERO is not defined";
#Endif;
#Iftrue ZERO ~= 0;
Message error "ZERO is not 0";
#Endif;
[ Main; ];
INF
for args in '$#SYM=3 $#ZERO' '$#sym=3 $#Zero=0' '--define SYM=3 --define ZERO' \
            '$#SYM=3 $#SYM=3 $#ZERO'; do
    "$VINFORM" --syntax-only $args m.inf >out 2>&1 || fail "$args: $(cat out)"
done
"$VINFORM" --syntax-only m.inf >out 2>&1 && fail "without the defines: $(cat out)"
grep -q 'SYM is not defined' out || fail "without the defines: $(cat out)"
# The compiler's own constants may be given again with the same value
# (any case), as inform6 lets them pass; another value is an error.
echo '[ Main; print WORDSIZE; ];' >w.inf
for args in '$#WORDSIZE=2' '$#Wordsize=4 -G' '$#TARGET_ZCODE=0'; do
    "$VINFORM" --syntax-only $args w.inf >out 2>&1 || fail "$args: $(cat out)"
done
NO_COLOR=1 "$VINFORM" --syntax-only '$#WORDSIZE=4' w.inf >out 2>&1 &&
    fail "\$#WORDSIZE=4 on the Z-machine was accepted"
grep -qx "vinform: error: 'WORDSIZE' is already defined as a constant by the compiler; choose another name" out ||
    fail "\$#WORDSIZE=4: $(cat out)"
# One name (in any case) given two values is an error (inform6 6.45);
# the same value twice is not.
NO_COLOR=1 "$VINFORM" '$#XFOO=1' '$#xfoo=2' m.inf story >out 2>&1 && fail "\$#XFOO=1 \$#xfoo=2 compiled"
grep -qxF "vinform: error: \$#xfoo=2: 'XFOO' is already defined as 1 (names are the same in any case); define it once" out ||
    { cat out; fail "\$#XFOO=1 \$#xfoo=2: message"; }
"$VINFORM" '$#SYM=3' '$#ZERO' '$#XFOO=3' '$#xfoo=3' m.inf story >out 2>&1 || { cat out; fail "\$#XFOO=3 \$#xfoo=3 refused"; }
if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
    "$INFORM6" '$#SYM=3' '$#ZERO' m.inf story >out 2>&1
    grep -q 'Error' out && fail "inform6 disagrees: $(cat out)"
fi
exit 0
