# diag-streams.sh: where messages go (issue 15).  vinform's own style goes
# to standard error, only the closing "Compiled with" line to standard
# output; under -E0, -E1 and -E2 every message goes to standard output, as
# inform6 prints it, with inform6's "> " quote of the line as far as the
# column (compared with inform6's own when it is installed); -c leaves the
# quote out.  A long line is quoted in a window around the column: in
# vinform's style with "..." where it is cut and the caret still under the
# column, in inform6's styles in 68 characters ending "  ...etc".
set -u
fail() { echo "FAIL: $*"; exit 1; }
printf '[ Main x;\n    x = Two(, 1, 2);\n];\n[ Two a b; return a+b; ];\n' >w.inf
printf '[ Main;\n    print y;\n];\n' >e.inf

# vinform's style: messages on stderr, the summary on stdout
"$VINFORM" e.inf e.z5 >out 2>err && fail "e.inf accepted"
[ "$(cat out)" = "Compiled with 1 error (no output)" ] || fail "default stdout: $(cat out)"
grep -q "^e.inf:2:11: error: " err || fail "default stderr: $(cat err)"
grep -qx "      print y;" err || fail "default quote: $(cat err)"

for e in E0 E1 E2; do
    "$VINFORM" -$e e.inf e.z5 >out 2>err && fail "-$e: e.inf accepted"
    [ -s err ] && fail "-$e: something on stderr: $(cat err)"
    grep -q "Error:  'y' is not defined" out || fail "-$e: no error on stdout: $(cat out)"
    grep -qx ">     print y" out || fail "-$e: inform6's quote: $(cat out)"
    "$VINFORM" -$e w.inf w.z5 >out 2>err || fail "-$e: w.inf: $(cat out err)"
    [ -s err ] && fail "-$e: w.inf: something on stderr: $(cat err)"
    grep -q "Warning:  Ignoring spurious leading comma" out || fail "-$e: no warning on stdout: $(cat out)"
    grep -qx ">     x = Two(," out || fail "-$e: quote: $(cat out)"
    [ "$(tail -n 1 out)" = "Compiled with 1 warning" ] || fail "-$e: summary: $(cat out)"
    if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
        "$INFORM6" -$e w.inf w6.z5 >iout 2>&1
        grep '^>' iout >theirs; grep '^>' out >ours
        diff theirs ours >d || fail "-$e: the quote differs from inform6's: $(cat d)"
    fi
    "$VINFORM" -$e -c e.inf e.z5 >out 2>&1
    grep -q '^>' out && fail "-$e -c quoted the line: $(cat out)"
done

# a 350 KB line: a window around the column, in every style
python3 -c "print('[ Main x;\n    ' + 'x = 1; ' * 50000 + 'x = zz;\n];')" >long.inf 2>/dev/null ||
    { printf '[ Main x;\n    '; for i in $(seq 50000); do printf 'x = 1; '; done; printf 'x = zz;\n];\n'; } >long.inf
"$VINFORM" long.inf long.z5 >out 2>err
[ "$(wc -c <err)" -lt 1000 ] || fail "the long line was quoted whole ($(wc -c <err) bytes)"
grep -q '^  \.\.\.x = 1; .* x = zz;$' err || fail "window: $(cat err)"
q=$(grep -n 'x = zz;$' err | cut -d: -f1)
line=$(sed -n "${q}p" err) caret=$(sed -n "$((q + 1))p" err)
[ "${line:${#caret}-1:2}" = zz ] || fail "the caret is not under zz: $(cat err)"
for e in E0 E1 E2; do
    "$VINFORM" -$e long.inf long.z5 >out 2>&1
    grep -q '^> .*x = zz  \.\.\.etc$' out || fail "-$e: window: $(cat out)"
    [ "$(grep '^>' out | wc -c)" -lt 90 ] || fail "-$e: the quote is too long: $(cat out)"
done
# Messages into a file or a pipe go out in blocks (diag.c: batched), yet
# in their order, whole, and before what goes to standard output after
# them: 2,000 warnings (about 200 KB, several blocks), then -s's
# statistics and the summary, in one file.
python3 -c "
print('[ Main;')
for i in range(2000): print('    R%d();' % i)
print('];')
for i in range(2000): print('[ R%d a; return %d; ];' % (i, i))" >many.inf
"$VINFORM" -s many.inf many.z5 >both 2>&1 || fail "many.inf: $(head -5 both)"
[ "$(grep -c ': warning: ' both)" = 2000 ] || fail "not 2000 warnings: $(grep -c warning both)"
[ "$(grep -c ": warning: local variable 'a' is declared but never used" both)" = 2000 ] ||
    fail "not the 2000 warnings expected: $(grep warning both | sort | uniq -c | head)"
grep -o '^many.inf:[0-9]*' both | cut -d: -f2 >lines
sort -n -c lines || fail "the warnings are out of order"
last=$(grep -n ': warning: ' both | tail -n 1 | cut -d: -f1)
stats=$(grep -n ' routines ' both | head -n 1 | cut -d: -f1)
[ -n "$stats" ] && [ "$stats" -gt "$last" ] ||
    fail "the statistics (line ${stats:-none}) before the last warning (line $last)"
[ "$(tail -n 1 both)" = "Compiled with 2000 warnings" ] || fail "summary: $(tail -n 1 both)"
exit 0
