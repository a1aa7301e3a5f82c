# omit-unused.sh: $OMIT_UNUSED_ROUTINES=1 (tests/run/omit-unused-routines
# plays the story; tests/dump/omit-unused* list the code).  With -k, on
# the Z-machine and Glulx: gameinfo.dbg is well-formed, the routines left
# out are listed at address 0 as inform6 lists them, and the rest match
# the story (tests/harness/dbgcheck, Z); with inform6 installed, the same
# names as inform6's file (dbgsame, Z) and the same routines at 0.  The
# code and strings are smaller than without the setting, and -s counts
# the routines left out, $WARN_UNUSED_ROUTINES names them; without it the
# story is the same as with $OMIT_UNUSED_ROUTINES=0.  Last, fold.inf's
# warnings exactly (a folded test; code never reached in a routine left
# out).
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || exit 77
src="$SRCDIR/tests/run/omit-unused-routines.inf"
cp "$src" omit.inf
# The same without the setting (and the undefined name, then an error).
sed -e '/^!% \$OMIT_UNUSED_ROUTINES/d' -e 's/Undefined_In_Unused(w)/print w/' \
    "$src" >keep.inf

left_out() {       # left_out DBG: the routines at address 0, one a line
    python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
for r in root.findall("routine"):
    if int(r.find("address").text) == 0:
        print(r.find("identifier").text)
PY
}

code_bytes() {     # code_bytes DBG: the code and strings areas' bytes
    python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
n = 0
for e in ET.parse(sys.argv[1]).getroot().findall("story-file-section"):
    if e.find("type").text in ("code area", "strings area"):
        n += int(e.find("end-address").text) - int(e.find("address").text)
print(n)
PY
}

for sw in -v5 -G; do
    ext=z5; [ "$sw" = -G ] && ext=ulx
    rm -f gameinfo.dbg
    "$VINFORM" $sw -k omit.inf >out 2>&1 || fail "$sw -k: $(head -5 out)"
    [ -s gameinfo.dbg ] || fail "$sw: no gameinfo.dbg"
    left_out gameinfo.dbg >left || fail "$sw: gameinfo.dbg is not well-formed"
    printf 'InDefArt\nUnused1\nUnused2\nUnused3\nUnused4\nUnused5\n' | cmp -s - left \
        || fail "$sw: routines at address 0: $(tr '\n' ' ' <left)"
    if [ "$sw" = -v5 ]; then
        "$VINFORM" $sw --dump-asm omit.inf >asm 2>out || fail "--dump-asm: $(head -5 out)"
        "$SRCDIR/tests/harness/dbgcheck" omit.$ext gameinfo.dbg asm >check \
            || fail "$sw: $(cat check)"
    fi
    if [ -n "${INFORM6:-}" ]; then
        cp gameinfo.dbg ours.dbg
        "$INFORM6" -q $sw -k omit.inf i6.$ext >out 2>&1 || fail "inform6 $sw: $(head -5 out)"
        # (on Glulx inform6 compiles Glk__Wrap whether called or not)
        [ "$sw" = -G ] || "$SRCDIR/tests/harness/dbgsame" gameinfo.dbg ours.dbg || exit 1
        left_out gameinfo.dbg | cmp -s - left \
            || fail "$sw: inform6 leaves out $(left_out gameinfo.dbg | tr '\n' ' ')"
        cp ours.dbg gameinfo.dbg
    fi
    # $WARN_UNUSED_ROUTINES names them (the ones left out in the end).
    "$VINFORM" $sw '$WARN_UNUSED_ROUTINES=1' omit.inf warn.$ext >warn 2>&1 \
        || fail "$sw warn: $(head -5 warn)"
    sed -n "s/.*warning: routine '\([A-Za-z0-9_]*\)' is unused and omitted.*/\1/p" warn \
        | cmp -s - left || fail "$sw \$WARN_UNUSED_ROUTINES: $(grep warning warn)"
    # -s counts them.
    "$VINFORM" $sw -s omit.inf stats.$ext >stats 2>&1 || fail "$sw -s: $(head -5 stats)"
    grep -qx '     6 routines left out by \$OMIT_UNUSED_ROUTINES' stats \
        || fail "$sw -s: $(grep -i 'routines' stats)"
    # Smaller: the routines left out and the strings they print.
    with=$(code_bytes gameinfo.dbg)
    "$VINFORM" $sw -k keep.inf >out 2>&1 || fail "$sw keep.inf: $(head -5 out)"
    without=$(code_bytes gameinfo.dbg)
    [ "$with" -lt "$without" ] || fail "$sw: $with bytes with the setting, $without without"
    "$VINFORM" $sw '$OMIT_UNUSED_ROUTINES=0' keep.inf zero.$ext >out 2>&1 \
        || fail "$sw =0: $(head -5 out)"
    cmp -s keep.$ext zero.$ext || fail "$sw: \$OMIT_UNUSED_ROUTINES=0 changed the story"
done
# The routines left out and the warnings, exactly, as inform6 6.45 gives
# them: a folded constant test (library 6.12.6's PrintRank) calls no
# PANum, so it is left out; code never reached in a routine left out is
# warned of all the same (inform6 compiles it before dropping it); a
# Stub's routine is left out as any other (PrintTaskName, which only the
# folded test would call; Called, which only a routine left out calls),
# and one nothing names is declared but never used; in inform6's order
# (the routines' own warnings in source order, then the unused names).
cat >fold.inf <<'EOF_INF'
Default TASKS_PROVIDED 1;
Global score;
[ Main; Rank(); ];
[ Rank;
    if (score == 0 || TASKS_PROVIDED == 1) rfalse;
    PANum(score);
    PrintTaskName(1);
];
[ PANum n; print n; ];
[ Unused x; if (x) return 1; else return 2; x++; ];
Stub PrintTaskName 1;
Stub NeverNamed 0;
Stub Called 0;
[ Later; Called(); ];
EOF_INF
cat >fold.want <<'EOF_WANT'
fold.inf:10:45: warning: This statement can never be reached
  [ Unused x; if (x) return 1; else return 2; x++; ];
                                              ^
fold.inf:10:3: warning: routine 'Unused' is declared but never used
  [ Unused x; if (x) return 1; else return 2; x++; ];
    ^
fold.inf:12:6: warning: routine 'NeverNamed' is declared but never used
  Stub NeverNamed 0;
       ^
fold.inf:14:3: warning: routine 'Later' is declared but never used
  [ Later; Called(); ];
    ^
fold.inf:9:3: warning: routine 'PANum' is unused and omitted: nothing the story runs calls it ($OMIT_UNUSED_ROUTINES)
  [ PANum n; print n; ];
    ^
fold.inf:10:3: warning: routine 'Unused' is unused and omitted: nothing the story runs calls it ($OMIT_UNUSED_ROUTINES)
  [ Unused x; if (x) return 1; else return 2; x++; ];
    ^
fold.inf:11:6: warning: routine 'PrintTaskName' is unused and omitted: nothing the story runs calls it ($OMIT_UNUSED_ROUTINES)
  Stub PrintTaskName 1;
       ^
fold.inf:12:6: warning: routine 'NeverNamed' is unused and omitted: nothing the story runs calls it ($OMIT_UNUSED_ROUTINES)
  Stub NeverNamed 0;
       ^
fold.inf:13:6: warning: routine 'Called' is unused and omitted: nothing the story runs calls it ($OMIT_UNUSED_ROUTINES)
  Stub Called 0;
       ^
fold.inf:14:3: warning: routine 'Later' is unused and omitted: nothing the story runs calls it ($OMIT_UNUSED_ROUTINES)
  [ Later; Called(); ];
    ^
Compiled with 10 warnings
EOF_WANT
for sw in -v5 -G; do
    NO_COLOR=1 "$VINFORM" $sw '$OMIT_UNUSED_ROUTINES=1' '$WARN_UNUSED_ROUTINES=1' \
        fold.inf fold.out >out 2>&1 || fail "$sw fold.inf: $(head -5 out)"
    diff -u fold.want out || fail "$sw fold.inf: the warnings differ"
    # without the omission, the same routines unused (not omitted)
    "$VINFORM" $sw '$WARN_UNUSED_ROUTINES=1' fold.inf fold.out >out 2>&1 \
        || fail "$sw fold.inf, no omission: $(head -5 out)"
    sed -n "s/.*warning: routine '\([A-Za-z]*\)' is unused (not omitted).*/\1/p" out \
        | tr '\n' ' ' >names
    [ "$(cat names)" = "PANum Unused PrintTaskName NeverNamed Called Later " ] \
        || fail "$sw fold.inf, no omission: $(cat names)"
done
exit 0
