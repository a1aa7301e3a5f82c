# text-word-array.sh: issue 16, acceptance 1 as the issue writes it: the
# chapter's first examples (tests/text/first-examples.h) in a story that
# declares `Array T1 --> 80;` and nothing else, and the same with a large
# array area (first-examples-big), at z5, z8 and Glulx, print the
# chapter's answers (tests/text/first-examples.out) with no library
# message.  vinform lays out a word array declared by its size and given
# by name to a text or regex routine as the table of the same size
# (compiler/text_arrays.c): T1-->0 is 79, room for 78 characters.  An
# array reached only through a variable, or static, or given to a
# routine of the program's own, keeps its zero.
set -u
fail() { echo "FAIL: $*"; exit 1; }
RUN="$SRCDIR/tests/harness/run-story"
[ -x /usr/games/dfrotz ] || exit 77
[ -d "$SRCDIR/tests/harness/node_modules/emglken" ] || exit 77
T=$SRCDIR/tests/text
cp "$T/first-examples.h" .

for name in first-examples first-examples-big; do
    sed 's/^Array T1 table 80;/Array T1 --> 80;/' "$T/$name.inf" >"$name.inf"
    grep -q '^Array T1 --> 80;' "$name.inf" || fail "$name.inf has no 'Array T1 table 80;' to change"
    for target in z5 z8 glulx; do
        case $target in
            glulx) sw=-G story=$name.ulx interp=glulxe ;;
            *) sw=-v${target#z} story=$name.$target interp=dfrotz ;;
        esac
        "$VINFORM" $sw +include_path=.,"$SRCDIR/stdlib" "$name.inf" "$story" >c.log 2>&1 ||
            { cat c.log; fail "$name ($target) does not compile"; }
        [ -s c.log ] && { cat c.log; fail "$name ($target): the compiler said something"; }
        "$RUN" "$interp" "$story" >out 2>err || { cat err; fail "$name ($target) did not run"; }
        # the transcript's own lines, as tests/text/run.sh compares them
        grep -v '^$' out | sed 's/^> *//' >got
        grep -v '^$' "$T/first-examples.out" >want
        if ! cmp -s want got; then
            diff want got | head -20
            fail "$name ($target) does not print the chapter's answers"
        fi
        grep -q 'Programming error\|Text library' out && fail "$name ($target) printed a library message"
    done
done

# What is changed and what is not.
cat >which.inf <<'INF'
Array Given --> 10;
Array Through --> 10;
Array Own --> 10;
Array Still static --> 10;
Array Listed --> 1 2 3;
[ Mine a; return a; ];
[ Main v;
#Ifdef TARGET_GLULX;
    @setiosys 2 0;
    @push 201; @push 3; @push 0; @push 0; @push 0;
    @glk $0023 5 sp;
    @glk $002F 1 0;
#Endif;
    Text_Set(Given, "abc");
    v = Through; Text_Set(v, "abc");
    Mine(Own);
    Text_Length(Still); Text_Length(Listed);
    print Given-->0, " ", Given-->1, " ", Through-->0, " ", Own-->0, " ",
          Still-->0, " ", Listed-->0, "^";
];
INF
for target in z5 glulx; do
    case $target in
        glulx) sw=-G story=which.ulx interp=glulxe ;;
        *) sw=-v5 story=which.z5 interp=dfrotz ;;
    esac
    "$VINFORM" $sw -~S which.inf "$story" >c.log 2>&1 || { cat c.log; fail "which.inf ($target) does not compile"; }
    "$RUN" "$interp" "$story" >out 2>err || { cat err; fail "which.inf ($target) did not run"; }
    grep -qx '9 3 0 0 0 1' out || { cat out; fail "which.inf ($target): expected '9 3 0 0 0 1'"; }
done
echo "PASS: first examples with Array T1 --> 80 at z5, z8, Glulx; only the arrays named in a library call change"
