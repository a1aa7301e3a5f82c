# diag-styles.sh: vinform's own diagnostics (file:line:col with the line
# quoted) and inform6's three styles under -E0, -E1, -E2, compared with
# what inform6 prints for the same errors.
set -u
fail() { echo "FAIL: $*"; exit 1; }

# An error vinform finds before parsing: a bad !% line (line 2, column 4).
printf '!%% -D\n!%% bogus\n[ Main; ];\n' >bad.inf
"$VINFORM" bad.inf >out 2>&1 && fail "bad.inf accepted"
grep -q "^bad.inf:2:4: error: " out || fail "default style: $(cat out)"
grep -q '^  !% bogus$' out || fail "default style quotes the line: $(cat out)"
grep -q '^     \^$' out || fail "default style puts a caret under column 4: $(cat out)"
grep -q '^Compiled with 1 error (no output)$' out || fail "summary: $(cat out)"
"$VINFORM" -E0 bad.inf >out 2>&1
grep -q "^line 2: Error:  " out || fail "-E0: $(cat out)"
"$VINFORM" -E1 bad.inf >out 2>&1
grep -q "^bad.inf(2): Error:  " out || fail "-E1: $(cat out)"
"$VINFORM" -E2 bad.inf >out 2>&1
grep -q "^File \"bad.inf\"; Line 2	# Error:  " out || fail "-E2: $(cat out)"
"$VINFORM" -E2 -E1 bad.inf >out 2>&1
grep -q "^bad.inf(2): Error:  " out || fail "the last -E wins: $(cat out)"
# A command-line error has no file.
"$VINFORM" -E1 -Q bad.inf >out 2>&1
grep -q "^Warning:  unknown switch '-Q'" out || fail "-E1 without a file: $(cat out)"

# The same errors as inform6: Message error in the main file (omitted
# under -E0) and in an included file.
printf '[ Main; ];\n\nMessage error "boom";\nInclude "incm";\n' >me.inf
printf '\n\nMessage error "bang";\nMessage warning "careful";\n' >incm.h
for e in E0 E1 E2; do
    "$VINFORM" --syntax-only -$e +include_path= me.inf >out 2>&1
    grep -E 'Error|Warning|^Compiled' out >ours
    if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
        "$INFORM6" -$e +include_path= me.inf story >iout 2>&1
        grep -E 'Error|Warning|^Compiled' iout >theirs
        diff theirs ours >d || fail "-$e differs from inform6: $(cat d)"
    fi
done
"$VINFORM" --syntax-only -E0 +include_path= me.inf >out 2>&1
grep -q '^line 3: Error:  boom$' out || fail "-E0 main file: $(cat out)"
grep -q '^"incm.h", line 3: Error:  bang$' out || fail "-E0 include: $(cat out)"
grep -q '^"incm.h", line 4: Warning:  careful$' out || fail "-E0 warning: $(cat out)"
exit 0
