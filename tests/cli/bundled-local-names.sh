# bundled-local-names.sh: a local variable whose name starts with Text_ or
# Regex_ (the standard library's Locale has text_without_ALSO) does not
# pull the bundled text.h or regex.h into the story; a global name does.
set -u
fail() { echo "FAIL: $*"; exit 1; }

cat >local.inf <<'EOF2'
[ Main text_x regex_y; text_x = 1; regex_y = text_x; print text_x + regex_y, "^"; ];
Object o with p [ text_y; text_y = 2; return text_y; ];
EOF2
cat >global.inf <<'EOF2'
[ Main; print Text_Overflowed, "^"; ];
EOF2

"$VINFORM" -s local.inf local.z5 >local.out 2>&1 || { cat local.out; fail "local.inf did not compile"; }
grep -q " 0 global vars" local.out || { cat local.out; fail "local.inf: the bundled library was loaded"; }
"$VINFORM" -s global.inf global.z5 >global.out 2>&1 || { cat global.out; fail "global.inf did not compile"; }
grep -q " 0 global vars" global.out && { cat global.out; fail "global.inf: text.h was not loaded"; }
exit 0
