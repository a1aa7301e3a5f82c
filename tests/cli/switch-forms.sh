# switch-forms.sh: every command form inform6 6.45 lists is accepted, alone
# and combined; first without compiling ($list stops after the options),
# then with --syntax-only on a small program.
set -u
set -f          # the forms are split on blanks, never globbed
fail() { echo "FAIL: $*"; exit 1; }
printf '[ Main; ];\n' >m.inf
printf -- '-D\n' >setup.icl
mkdir -p lib

FORMS=(
    -v3 -v4 -v5 -v6 -v7 -v8 -G "-G -v3.1.0" -D -S -~S -X -e -i -q -w -w2
    -E0 -E1 -E2 -a -a2 -a3 -a4 -c -d -d2 -f -g -g2 -g3 -k -r -s -u -x -z
    -B -H -~H -C0 -C1 -C2 -C3 -C4 -C5 -C6 -C7 -C8 -C9 -Cu -W3 -W10
    -~SDv5 -DCuX -ksz -~k -~w -Gk
    +lib ++lib +include_path=lib,. ++include_path=lib +include_path=
    +code_path=lib +source_path=. +icl_path=. +language_name=English
    +debugging_name=x.dbg +transcript_name=x.txt --path\ include_path=lib
    --addpath\ include_path=lib
    '$MAX_ABBREVS=80' '$max_dynamic_strings=20' '$MAX_STACK_SIZE=65536'
    '$ZCODE_LESS_DICT_DATA=1' '$GRAMMAR_VERSION=2' '$SERIAL=123456'
    '$ZCHAR_TABLE=+@{E9}' '$#SYM=3' '$#SYM' '$!ASM' '$!ASM=2' '$!'
    '$?MAX_ABBREVS' '$list' '$LIST' '$FOO=1' '$MAX_SYMBOLS=9' '$HUGE'
    '$VARYING_STRINGS=0' --list --helptrace --helpopt\ MAX_ABBREVS
    --opt\ MAX_ABBREVS=80 --define\ SYM=3 --trace\ ASM --trace\ ASM=2
    --config\ setup.icl '(setup.icl)' '(setup)'
)

for f in "${FORMS[@]}"; do
    "$VINFORM" $f '$list' >out 2>&1; st=$?
    [ $st -eq 0 ] || fail "'$f': exit status $st: $(cat out)"
    grep -q 'error' out && fail "'$f': $(cat out)"
    grep -qE 'MAX_ABBREVS|MAX_STACK_SIZE' out || fail "'$f': no \$list: $(cat out)"
done

# With a program: every form compiles it (--syntax-only writes nothing,
# so the accepted-but-unimplemented switches are not refused).
for f in "${FORMS[@]}"; do
    case $f in -v4|-v6|-v7) continue ;; esac   # the driver decides
    "$VINFORM" --syntax-only $f m.inf >out 2>&1; st=$?
    [ $st -eq 0 ] || fail "--syntax-only '$f' m.inf: exit status $st: $(cat out)"
    grep -q 'error' out && fail "--syntax-only '$f' m.inf: $(cat out)"
done
exit 0
