# header-lines.sh: `!%` lines at the very top of the main source are
# commands; a trailing `;` is tolerated (6.45); the first other line ends
# them; the command line wins over them (6.44+); a bad one is an error at
# its line and column; they end at '\n' alone, as inform6 reads them.
set -u
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p lib
printf 'Constant FROM_LIB = 1;\n' >lib/part.h
cat >m.inf <<'INF'
!% -D
!% $#LEVEL=1;
!%   +include_path=lib   ! a comment after the command
!% $MAX_STACK_SIZE=65536
!%
!% -v3

!% $#AFTER_BLANK=1
Include "part";
#Ifndef DEBUG;
Message error "no -D from the !% line";
#Endif;
#Ifdef AFTER_BLANK;
Message error "a !% line after a blank line was read";
#Endif;
#Iftrue LEVEL ~= WANT_LEVEL;
Message error "LEVEL is not WANT_LEVEL";
#Endif;
#Ifv3;
Constant IS_V3 = 1;
#Ifnot;
Constant IS_V3 = 0;
#Endif;
#Iftrue IS_V3 ~= WANT_V3;
Message error "the -v3 of the !% line was not handled as expected";
#Endif;
[ Main; ];
INF
"$VINFORM" --syntax-only '$#WANT_LEVEL=1' '$#WANT_V3=1' m.inf >out 2>&1 \
    || fail "!% lines: $(cat out)"
# The command line wins over the !% lines.
"$VINFORM" --syntax-only '$#WANT_LEVEL=2' '$#LEVEL=2' '$#WANT_V3=0' -v5 \
    m.inf >out 2>&1 || fail "command line should win: $(cat out)"

# Mistakes are located at the word.
printf '!%% -D\n!%% bogus\n[ Main; ];\n' >bad.inf
"$VINFORM" bad.inf >out 2>&1 && fail "bad !% line accepted"
grep -q "^bad.inf:2:4: error: .*'bogus'" out || fail "bad line: $(cat out)"
printf '!%% -D  -X\n[ Main; ];\n' >bad2.inf
"$VINFORM" bad2.inf >out 2>&1 && fail "two commands accepted"
grep -q "^bad2.inf:1:8: error: .*'-X'" out || fail "two commands: $(cat out)"
printf '!%% -Q\n[ Main; ];\n' >bad3.inf
"$VINFORM" bad3.inf >out 2>&1 || fail "-Q in !% stopped the compilation (inform6 goes on)"
grep -q "^bad3.inf:1:4: warning: unknown switch '-Q'" out || fail "-Q: $(cat out)"
printf '!%% $NO_SUCH_SETTING=1\n[ Main; ];\n' >note.inf
"$VINFORM" --syntax-only note.inf >out 2>&1 || fail "unknown setting in !%: $(cat out)"
grep -q "^note.inf:1:4: note: .*NO_SUCH_SETTING" out || fail "note: $(cat out)"

# inform6 ends a !% line at '\n' only: in a file whose lines end in '\r'
# alone, the first command holds the whole file, the rest a comment.
printf '!%% $#ONE=1\r!%% $#TWO=2\r#Ifdef TWO;\rMessage error "the second !%% line was read";\r#Endif;\r#Ifndef ONE;\rMessage error "the first !%% line was not read";\r#Endif;\r[ Main; ];\r' >oldmac.inf
"$VINFORM" --syntax-only oldmac.inf >out 2>&1 || fail "'\\r' line ends: $(cat out)"
# A UTF-8 byte-order mark may come before the first.
printf '\xef\xbb\xbf!%% $#ONE=1\n#Ifndef ONE;\nMessage error "no ONE";\n#Endif;\n[ Main; ];\n' >bom.inf
"$VINFORM" --syntax-only -Cu bom.inf >out 2>&1 || fail "after a BOM: $(cat out)"

if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
    "$INFORM6" '$#WANT_LEVEL=1' '$#WANT_V3=1' m.inf story >out 2>&1
    grep -q 'Error' out && fail "inform6 disagrees: $(cat out)"
fi
exit 0
