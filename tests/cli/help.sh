# help.sh: no arguments prints the usage; --help lists every switch,
# setting and vinform extension; -h, -h1, -h2, --version, -V.
set -u
fail() { echo "FAIL: $*"; exit 1; }
has() { grep -qF -- "$2" "$1" || fail "$3: '$2' missing from: $(head -c 600 "$1")"; }

"$VINFORM" >out 2>err; st=$?
[ $st -eq 0 ] || fail "no arguments: exit status $st"
has out "usage: vinform" "no arguments"
[ -s err ] && fail "no arguments wrote to stderr: $(cat err)"

"$VINFORM" --help >out 2>err || fail "--help: exit status $?"
for want in -v3 -v8 -G -D -S -E0 -E1 -E2 -Cu -C0 -w2 -~H -h1 -h2 -k -r \
    '$list' '$?SETTING' '$#SYMBOL' '$!TRACE' '(FILE)' ++DIR +PATH=DIR \
    --opt --helpopt --define --trace --helptrace --path --addpath --config \
    --syntax-only --dump-tokens --dump-ast --dump-program --dump-ir --dump-asm \
    --version \
    '$MAX_ABBREVS=64' '$MAX_STACK_SIZE=4096' '$ZCHAR_TABLE' \
    '$ZCODE_HEADER_FLAGS_2_CLR' '$VARYING_STRINGS=1' \
    'accepted and then refused'; do
    has out "$want" "--help"
done
"$VINFORM" -h >out2 2>&1 || fail "-h: exit status $?"
cmp -s out out2 || fail "-h differs from --help"

"$VINFORM" -h2 >out 2>err || fail "-h2: exit status $?"
for want in -a2 -d2 -g3 '-v3 .. -v8' -w2 -x -z -B -C0 -Cu -D -E2 -G -H -S -V \
    -Wn -X; do
    has out "$want" "-h2"
done
"$VINFORM" -h1 >out 2>err || fail "-h1: exit status $?"
has out include_path "-h1"
has out code_path "-h1"
has out language_name "-h1"
has out /usr/share/inform6/library "-h1"

"$VINFORM" --version >out 2>&1 || fail "--version: exit status $?"
grep -q '^vinform [0-9]' out || fail "--version: $(cat out)"
"$VINFORM" -V >out2 2>&1 || fail "-V: exit status $?"
cmp -s out out2 || fail "-V differs from --version"
exit 0
