# zstory.sh: the Z story file as vinform writes it: the header's length
# ($1A) and checksum ($1C) recomputed from the file (tests/harness/zcheck),
# @verify passing in dfrotz, the same bytes from the same source
# (SOURCE_DATE_EPOCH fixes the serial), clear errors for the versions
# vinform does not write and for a story too large for its version, and
# no file at all (not even a temporary one) after a failed compile.
set -u
fail() { echo "FAIL: $*"; exit 1; }
ZCHECK="$SRCDIR/tests/harness/zcheck"
DFROTZ=/usr/games/dfrotz
command -v python3 >/dev/null || exit 77

cat >t.inf <<'EOF'
Property weight 10;
Attribute heavy;
Class Thing with weight 5, name 'thing' has heavy;
Object room "Room";
Thing -> rock "rock" with name 'rock' "stone", weight 50;
Array words --> 'rock' rock "a string" Main;
Array bytes -> 1 2 3;
Global g = rock;
Verb 'take' * noun -> Take;
[ TakeSub; ];
[ Main;
  @verify ?ok;
  print "verify failed^";
  return;
.ok;
  print "verify passed: ", (name) g, " ", rock.weight, " ", bytes->2, "^";
];
EOF

export SOURCE_DATE_EPOCH=1700000000     # 2023-11-14 UTC
for v in 5 8; do
    "$VINFORM" -v$v t.inf a.z$v >out 2>&1 || fail "-v$v: $(cat out)"
    "$ZCHECK" -q a.z$v || fail "-v$v: zcheck"
    [ "$(head -c 1 a.z$v | od -An -tu1 | tr -d ' ')" = "$v" ] \
        || fail "-v$v: version byte"
    [ "$(dd if=a.z$v bs=1 skip=18 count=6 2>/dev/null)" = 231114 ] \
        || fail "-v$v: the serial is not SOURCE_DATE_EPOCH's date"
    [ $(( $(wc -c <a.z$v) % 512 )) -eq 0 ] || fail "-v$v: not padded to 512"
    "$VINFORM" -v$v t.inf b.z$v >out 2>&1 || fail "-v$v again: $(cat out)"
    cmp -s a.z$v b.z$v || fail "-v$v: two compiles differ"
    if [ -x "$DFROTZ" ]; then
        "$DFROTZ" -q -m -w 255 a.z$v </dev/null >run 2>&1
        grep -qF "verify passed: rock 50 3" run || fail "-v$v: dfrotz: $(cat run)"
    fi
done
cmp -s a.z5 a.z8 && fail "-v5 and -v8 stories are the same"

# zcheck notices a wrong checksum and a wrong length.
cp a.z5 bad.z5
printf '\377' | dd of=bad.z5 bs=1 seek=100 conv=notrunc 2>/dev/null
cmp -s a.z5 bad.z5 && printf '\376' | dd of=bad.z5 bs=1 seek=100 conv=notrunc 2>/dev/null
"$ZCHECK" -q bad.z5 >out && fail "zcheck missed a changed byte"
grep -q checksum out || fail "zcheck: $(cat out)"
cp a.z5 bad.z5
printf '\377\377' | dd of=bad.z5 bs=1 seek=26 conv=notrunc 2>/dev/null
"$ZCHECK" -q bad.z5 >out && fail "zcheck missed a wrong length"

# Versions 3, 4, 6 and 7 (and -B in v6/v7): the header's version, a
# right length and checksum.
for sw in -v3 -v4 -v6 "-v6 -B" -v7 "-v7 -B"; do
    # shellcheck disable=SC2086
    "$VINFORM" $sw t.inf v.z >out 2>&1 || fail "$sw: $(cat out)"
    [ "$(od -An -tu1 -N1 v.z | tr -d ' ')" = "${sw:2:1}" ] || fail "$sw: header version"
    "$ZCHECK" -q v.z >out || fail "$sw: zcheck: $(cat out)"
done

# A failed compile leaves no story and no temporary file; an earlier
# story of that name is left as it was.
printf '[ Main; print "x" ];\n' >bad.inf
"$VINFORM" bad.inf bad.z5 >out 2>&1 && fail "bad.inf compiled"
rm -f bad.z5
"$VINFORM" bad.inf fresh.z5 >out 2>&1 && fail "bad.inf compiled"
[ -e fresh.z5 ] && fail "a failed compile wrote fresh.z5"
cp a.z5 old.z5
"$VINFORM" bad.inf old.z5 >out 2>&1
cmp -s a.z5 old.z5 || fail "a failed compile changed old.z5"
ls | grep -q tmp && fail "temporary file left: $(ls)"

# A story too large for version 5 (about 400K): 500 routines printing
# long texts.
python3 - <<'EOF' >big.inf
text = " ".join("word%d" % i for i in range(120))
for r in range(500):
    print('[ R%d; print "%s %d"; ];' % (r, text, r))
print('[ Main; R0(); R499(); ];')

EOF
"$VINFORM" -w -v5 big.inf big.z5 >out 2>&1 && fail "a 400K story compiled for v5"
grep -qE "the story is [0-9]+ bytes; version 5 allows 256 KB: use -v8" out \
    || fail "v5 too large: $(head -c 2000 out)"
[ -e big.z5 ] && fail "the story too large was written"
"$VINFORM" -w -v8 big.inf big.z8 >out 2>&1 || fail "-v8 big: $(head -c 2000 out)"
"$ZCHECK" -q big.z8 || fail "-v8 big: zcheck"
if [ -x "$DFROTZ" ]; then
    "$DFROTZ" -q -m -w 255 big.z8 </dev/null >run 2>&1
    grep -qF "word119 499" run || fail "-v8 big: dfrotz: $(head -c 2000 run)"
fi
exit 0
