# icl-files.sh: (file.icl) and --config read one command a line, with `!`
# comments and `compile`; mistakes are reported with the file and line.
set -u
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p lib
printf 'Constant FROM_LIB = 1;\n' >lib/part.h
cat >m.inf <<'INF'
Include "part";
#Ifndef DEBUG;
Message error "no -D from the ICL file";
#Endif;
#Iftrue FROM_ICL ~= 2;
Message error "no $#FROM_ICL=2 from the ICL file";
#Endif;
[ Main; ];
INF
cat >setup.icl <<'ICL'
! Settings for m.inf
-D          ! debugging
$#FROM_ICL=2

+include_path=lib
ICL
"$VINFORM" --syntax-only '(setup.icl)' m.inf >out 2>&1 || fail "(setup.icl): $(cat out)"
"$VINFORM" --syntax-only '(setup)' m.inf >out 2>&1 || fail "(setup): $(cat out)"
"$VINFORM" --syntax-only --config setup.icl m.inf >out 2>&1 || fail "--config: $(cat out)"
printf '(setup.icl)\ncompile m.inf\n' >build.icl
"$VINFORM" --syntax-only '(build)' >out 2>&1 || fail "compile line: $(cat out)"

printf -- '-D\nnot-a-command\n' >bad.icl
"$VINFORM" '(bad.icl)' m.inf >out 2>&1 && fail "bad ICL accepted"
grep -q "bad.icl, line 2" out && grep -q "'not-a-command'" out || fail "bad ICL: $(cat out)"
printf -- '-D extra\n' >bad2.icl
"$VINFORM" '(bad2.icl)' m.inf >out 2>&1 && fail "extra word accepted"
grep -q "bad2.icl, line 1" out || fail "extra word: $(cat out)"
"$VINFORM" '(missing.icl)' m.inf >out 2>&1 && fail "missing ICL accepted"
grep -q "cannot open the ICL file 'missing.icl'" out || fail "missing: $(cat out)"
printf '(loop)\n' >loop.icl
"$VINFORM" '(loop)' m.inf >out 2>&1 && fail "ICL loop accepted"
grep -q "nested too deeply" out || fail "loop: $(cat out)"

if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
    "$INFORM6" '(setup.icl)' m.inf story >out 2>&1
    grep -q 'Error' out && fail "inform6 disagrees: $(cat out)"
fi
exit 0
