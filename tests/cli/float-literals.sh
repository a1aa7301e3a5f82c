# float-literals.sh: $+1.5, $>+1.5 and $<+1.5 have the bits inform6 gives
# them, not the correctly rounded ones: the digits' value computed as
# inform6 computes it in doubles (whole part, fraction by powers of 0.1,
# the exponent by factors of 1e8), a single float rounded with ties away
# from zero.  Programs compare results with such constants to the last
# bit (glulxercise's double tests).  Each line below: a literal and the
# number inform6 6.41 -G assembles for it (-a).
set -u
fail() { echo "FAIL: $*"; exit 1; }
cat >want.txt <<'EOF2'
$+16777217 1266679809
$>+9e-50 901830180
$<+9e-50 -904419438
$+1.0e-40 71362
$>+2.2227587494850760e-162 509607936
$<+2.2227587494850760e-162 1
$-0.1 -1110651699
$<+0.1 -1717986918
$+1e39 2139095040
$>-1e400 -1048576
$<+0e400 1
$>+0e400 2146959360
$+.5 1056964608
$<+123456789.987654321e-3 -1547036614
$>+1.7976931348623157e308 2146435071
$<+4.9e-324 0
EOF2
{
    echo '[ Main x;'
    while read -r lit _; do echo "  @copy $lit x;"; done <want.txt
    echo '];'
} >f.inf
"$VINFORM" -G --dump-asm f.inf >f.asm 2>&1 || { cat f.asm; fail "f.inf did not compile"; }
grep '^  copy .* x$' f.asm | awk '{print $2}' >got.txt
awk '{print $2}' want.txt | diff -u - got.txt || fail "literals' bits differ from inform6's"
