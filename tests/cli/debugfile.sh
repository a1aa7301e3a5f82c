# debugfile.sh: -k writes gameinfo.dbg (+debugging_name another name)
# beside the story, exit status 0: well-formed XML whose routines' code
# ranges, locals, globals, arrays and first 64 bytes are the story's
# (tests/harness/dbgcheck, against the story and --dump-asm, v5 and v8);
# with inform6 installed, the same routines, objects, classes, globals,
# arrays, properties, attributes, actions and fake actions by name as
# inform6's gameinfo.dbg for examples/clockmaker.inf, and its grammar
# lines as table entries of the same sizes in the same order (inform6's veneer
# routines RT__TrPS and Symb__Tab aside: vinform compiles a veneer
# routine only when the story calls it); Inform 7's switches
# (-kE2SDwv8 $huge) are taken; $OMIT_SYMBOL_TABLE=1 compiles a program
# whose veneer would read the identifier tables; source places in the
# file's own bytes (Latin-1, UTF-8, "\r\n", a byte-order mark).
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || exit 77
[ -d /usr/share/inform6/library ] || exit 77
DBGCHECK="$SRCDIR/tests/harness/dbgcheck"
cp "$SRCDIR/examples/clockmaker.inf" .

for v in 5 8; do
    rm -f gameinfo.dbg
    "$VINFORM" -k -v$v clockmaker.inf >out 2>&1 || fail "-k -v$v: $(head -5 out)"
    [ -s clockmaker.z$v ] || fail "-k -v$v: no story"
    [ -s gameinfo.dbg ] || fail "-k -v$v: no gameinfo.dbg"
    "$VINFORM" -v$v --dump-asm clockmaker.inf >asm 2>out || fail "--dump-asm: $(head -5 out)"
    "$DBGCHECK" clockmaker.z$v gameinfo.dbg asm >check || fail "-v$v: $(cat check)"
done
# The story is the same with and without -k.
cp clockmaker.z8 with-k.z8
"$VINFORM" -v8 clockmaker.inf >out 2>&1 || fail "-v8: $(head -5 out)"
cmp -s with-k.z8 clockmaker.z8 || fail "-k changed the story"

# Inform 7's command line; +debugging_name.
rm -f gameinfo.dbg
"$VINFORM" -kE2SDwv8 '$huge' +include_path=/usr/share/inform6/library \
    clockmaker.inf output.z8 >out 2>&1 || fail "I7 switches: $(head -5 out)"
[ -s output.z8 ] && [ -s gameinfo.dbg ] || fail "I7 switches: $(ls)"
"$VINFORM" -k +debugging_name=other.dbg clockmaker.inf >out 2>&1 \
    || fail "+debugging_name: $(head -5 out)"
[ -s other.dbg ] || fail "+debugging_name: no other.dbg"
"$VINFORM" -k +debugging_name=no/such/dir/x.dbg clockmaker.inf >out 2>&1 \
    && fail "an unwritable debugging file: exit status 0"
grep -qF "cannot write the debugging information file 'no/such/dir/x.dbg'" out \
    || fail "an unwritable debugging file: $(cat out)"

# inform6's names for embedded routines: C::prop, nameless_obj__N.prop.
printf 'Class C with p [; rtrue; ];\nObject "x" with before [; rfalse; ];\n[ Main; ];\n' >emb.inf
"$VINFORM" -k emb.inf >out 2>&1 || fail "emb.inf: $(cat out)"
for n in 'C::p' 'nameless_obj__6.before'; do
    grep -qF "<identifier artificial=\"true\">$n</identifier>" gameinfo.dbg \
        || fail "no routine $n: $(grep -o '<routine><identifier[^/]*' gameinfo.dbg)"
done

# $OMIT_SYMBOL_TABLE=1 defines OMIT_SYMBOL_TABLE, so that the veneer's
# routines leave the identifier tables alone (Inform6-Testing's
# DEBUGFILE group compiles Advent so).
printf 'Object o "o" with name "x";\nArray a --> 3;\n[ Main; print (property) name; a-->5 = 1; ];\n' >omit.inf
"$VINFORM" -k '$OMIT_SYMBOL_TABLE=1' omit.inf >out 2>&1 || fail "\$OMIT_SYMBOL_TABLE=1: $(cat out)"
[ -s omit.z5 ] || fail "\$OMIT_SYMBOL_TABLE=1: no story"

# A place is given in the file's own bytes, as inform6 gives it: the
# file position counts a Latin-1 accented letter as one byte and "\r\n"
# as two, the column counts a UTF-8 one (-Cu) as two and a byte-order
# mark as three.  The values are inform6 6.45's (6.41 agrees but for the
# "\r\n" file, whose lines it counts twice: 6.42+).
places() {  # the sequence points' file-position:line:character
    grep -o '<sequence-point>.*</sequence-point>' gameinfo.dbg |
        grep -o '<file-position>[0-9]*</file-position><line>[0-9]*</line><character>[0-9]*' |
        sed 's/[^0-9]\{1,\}/:/g; s/^://' | tr '\n' ' '
}
printf '[ Main x;\n    print "\351\351\351"; x = 1; print x;\n];\n' >latin1.inf
printf '[ Main x;\n    print "\303\251\303\251"; x = 1; print x;\n];\n' >utf8.inf
printf '[ Main x;\r\n    print "\351\351\351"; x = 1; print x;\r\n\r\n    x = 2; print x;\r\n];\r\n' >crlf.inf
printf '\357\273\277[ Main x; x = 1;\n    print "\303\251\303\251"; x = 1; print x;\n];\n' >bom.inf
for t in 'latin1::15:2:5 28:2:18 35:2:25 44:3:1 ' \
         'utf8:-Cu:15:2:5 29:2:19 36:2:26 45:3:1 ' \
         'crlf::16:2:5 29:2:18 36:2:25 52:4:5 59:4:12 69:5:1 ' \
         'bom:-Cu:14:1:14 25:2:5 39:2:19 46:2:26 55:3:1 '; do
    name=${t%%:*} rest=${t#*:}
    sw=${rest%%:*} want=${rest#*:}
    rm -f gameinfo.dbg
    "$VINFORM" -k $sw $name.inf >out 2>&1 || fail "$name.inf: $(cat out)"
    [ "$(places)" = "$want" ] || fail "$name.inf: places $(places), not $want"
done

[ -n "${INFORM6:-}" ] || exit 0
"$INFORM6" -k +debugging_name=i6.dbg clockmaker.inf i6.z5 >out 2>&1 \
    || fail "inform6 -k: $(head -5 out)"
"$VINFORM" -k clockmaker.inf v.z5 >out 2>&1 || fail "-k: $(head -5 out)"
"$SRCDIR/tests/harness/dbgsame" i6.dbg gameinfo.dbg || exit 1
exit 0
