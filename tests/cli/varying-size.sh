# varying-size.sh: what varying strings cost (issue 6, acceptance 5).  A
# story with 500 varying substrings (tests/bench/varying-size.py) grows,
# beyond the text of the alternatives, by at most 10 + 4 x (alternatives)
# bytes a substring against the same story with only their first
# alternatives, in z5 and in z8; and -s reports the substrings and the
# bytes of state they keep.  Skips without python3.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || exit 77
for v in 5 8; do
    VINFORM=$VINFORM python3 "$SRCDIR/tests/bench/varying-size.py" --check -v $v \
        >size$v 2>&1 || fail "z$v: $(cat size$v)"
done

cat >s.inf <<'END'
[ Main;
  print "{a|b} {%c|d|e} {!f|g} {&h|i} {one} {x{y|z}|w}^";
];
END
"$VINFORM" -s s.inf s.z5 >out 2>&1 || fail "vinform: $(cat out)"
grep -q '^ *6 varying substrings *10 bytes of varying-string state$' out ||
    fail "-s does not report 6 substrings and 10 bytes of state: $(cat out)"
"$VINFORM" -s s.inf s.z5 '$VARYING_STRINGS=0' >out 2>&1 || fail "vinform: $(cat out)"
grep -q 'varying' out && fail "-s reports varying strings that are off: $(cat out)"
exit 0
