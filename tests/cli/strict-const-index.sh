# strict-const-index.sh: strict mode's bounds check of a declared array's
# entry at a constant index, as inform6 6.45 compiles it.  On the
# Z-machine it is checked when the story runs, in range or not, with the
# code inform6 gives any index (--dump-asm of Main below: the error
# first, jumped over by `jl index limit`, the access after it; a value
# read onto the stack is 0 after the error).  On Glulx it is checked when
# compiling: in range, no check at all; out of range, the error "Array
# reference is out-of-bounds" (inform6 6.41 refuses the same source with
# as many errors).  tests/run/rt-array-const-index plays the Z checks.
set -u
fail() { echo "FAIL: $*"; exit 1; }
main_of() { sed -n '/^\[ Main /,/^\]/p' "$1"; }

cat >inrange.inf <<'EOF'
Array words --> 3;
Array bytes -> 300;
[ Main i x;
  x = words-->1;
  print words-->2;
  bytes->299 = 1;
  x = bytes-->i;
];
EOF
"$VINFORM" --dump-asm inrange.inf >z.asm 2>err || fail "z5: $(head -5 err)"
main_of z.asm >z.main
cat >z.want <<'EOF'
[ Main i x;
  jl 1 0 ?L1
  jl 1 3 ?L2
.L1
  call_vn2 RT__Err 29 1 2 1 0
  jump L3
.L2
  loadw words 1 -> x
.L3
  jl 2 0 ?L4
  jl 2 3 ?L5
.L4
  call_vn2 RT__Err 29 2 2 1 0
  push 0
  jump L6
.L5
  loadw words 2 -> sp
.L6
  print_num sp
  jl 299 0 ?L7
  jl 299 300 ?L8
.L7
  call_vn2 RT__Err 30 299 299 0 1
  jump L9
.L8
  storeb bytes 299 1
.L9
  jl i 0 ?L10
  jl i 150 ?L11
.L10
  call_vn2 RT__Err 29 i 299 16 1
  rtrue
.L11
  loadw bytes i -> x
  rtrue
]
EOF
diff z.want z.main >d || fail "Z-machine: $(head -20 d)"

"$VINFORM" -G --dump-asm inrange.inf >g.asm 2>err || fail "-G: $(head -5 err)"
main_of g.asm >g.main
cat >g.want <<'EOF'
[ Main i x;
  aload words 1 x
  aload words 2 sp
  streamnum sp
  astoreb bytes 299 1
  jlt i 0 ?L1
  jlt i 75 ?L2
.L1
  copy 1 sp
  copy 16 sp
  copy 299 sp
  copy i sp
  copy 29 sp
  call RT__Err 5 0
  jump ?L3
.L2
  aload bytes i x
.L3
  return 1
]
EOF
diff g.want g.main >d || fail "Glulx: $(head -20 d)"

cat >outside.inf <<'EOF'
Array words --> 3;
Array bytes -> 4;
Array tab table 2;
[ Main x;
  x = words-->3;
  bytes->4 = 1;
  tab-->0 = 2;
  x = tab-->0 + bytes-->0;
];
EOF
"$VINFORM" outside.inf outside.z5 >out 2>&1 || fail "z5 refused it: $(head -5 out)"
NO_COLOR=1 "$VINFORM" -G outside.inf outside.ulx >out 2>&1
st=$?
[ $st -eq 1 ] || fail "-G: exit status $st, not 1"
[ -e outside.ulx ] && fail "-G: a story was written"
grep 'error:' out >errors
cat >errors.want <<'EOF'
outside.inf:5:12: error: Array reference is out-of-bounds: reading 'words-->3', but the entries --> can read are 0 up to 2 (strict mode checks a constant index when compiling for Glulx)
outside.inf:6:12: error: Array reference is out-of-bounds: writing 'bytes->4', but the entries -> can write are 0 up to 3 (strict mode checks a constant index when compiling for Glulx)
outside.inf:7:11: error: Array reference is out-of-bounds: writing 'tab-->0', but the entries --> can write are 1 up to 2 (strict mode checks a constant index when compiling for Glulx)
EOF
diff errors.want errors >d || fail "-G errors: $(cat d)"
"$VINFORM" -G -~S outside.inf plain.ulx >out 2>&1 || fail "-G -~S: $(head -5 out)"

if [ -n "${INFORM6:-}" ]; then
    "$INFORM6" -G outside.inf i6.ulx >i6 2>&1
    grep -q 'Compiled with 3 errors' i6 || fail "inform6: $(tail -3 i6)"
fi
exit 0
