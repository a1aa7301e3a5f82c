# traces.sh: $!PROPS, $!VERBS, $!ACTIONS and $!OBJECTS print inform6
# 6.45's attributes and properties, grammar table, action table and object
# tree after the story is written: traces/props.inf gives exactly
# traces/props.out, traces/grammar.inf traces/grammar.out (6.45's
# forms: every word of a verb, "(meta)" for the actions of `Verb meta`;
# the object tree as inform6 6.41 prints it too, checked when it is
# installed); a grammar token's routine (noun=N) is the routine's value
# in the story, as gameinfo.dbg gives it (examples/clockmaker.inf); the
# story is the same with and without them; inform6's other spellings
# ($!PROPERTIES, $!VERB, $!ACTION, $!OBJ ...) are the same options.
set -u
fail() { echo "FAIL: $*"; exit 1; }
T="$SRCDIR/tests/cli/traces"
cp "$T/grammar.inf" "$T/props.inf" .
"$VINFORM" '$!PROPS' props.inf >out 2>err || fail "\$!PROPS: $(cat err)"
diff "$T/props.out" out >d || fail "\$!PROPS: $(head -20 d)"
"$VINFORM" '$!VERBS' '$!ACTIONS' '$!OBJECTS' grammar.inf >out 2>err \
    || fail "exit status: $(cat err)"
diff "$T/grammar.out" out >d || fail "$(head -20 d)"
# inform6 6.45's other spellings, in any case ($!properties, $!OBJ ...)
"$VINFORM" '$!properties' props.inf >out 2>err || fail "\$!properties: $(cat err)"
diff "$T/props.out" out >d || fail "\$!properties: $(head -20 d)"
"$VINFORM" '$!VERB' '$!ACTION' '$!OBJ' grammar.inf >out 2>err \
    || fail "\$!VERB \$!ACTION \$!OBJ: $(cat err)"
diff "$T/grammar.out" out >d || fail "\$!VERB \$!ACTION \$!OBJ: $(head -20 d)"
cp grammar.z5 traced.z5
"$VINFORM" grammar.inf >out 2>&1 || fail "without traces: $(cat out)"
cmp -s grammar.z5 traced.z5 || fail "the traces changed the story"
"$VINFORM" --trace OBJECTS grammar.inf >out 2>&1 || fail "--trace: $(cat out)"
sed -n '/^Object tree/,$p' "$T/grammar.out" | cmp -s - out || fail "--trace OBJECTS: $(cat out)"
if [ -n "${INFORM6:-}" ]; then
    "$INFORM6" '$!OBJECTS' grammar.inf i6.z5 | sed -n '/^Object tree/,/^  9 /p' >i6
    sed -n '/^Object tree/,$p' "$T/grammar.out" | cmp -s - i6 \
        || fail "the object tree differs from inform6's: $(cat i6)"
fi

[ -d /usr/share/inform6/library ] || exit 0
command -v python3 >/dev/null || exit 0
cp "$SRCDIR/examples/clockmaker.inf" .
"$VINFORM" -k '$!VERBS' clockmaker.inf >verbs 2>err || fail "clockmaker: $(cat err)"
python3 - verbs gameinfo.dbg <<'PY' || exit 1
import re, sys, xml.etree.ElementTree as ET
values = {int(r.find("value").text) for r in ET.parse(sys.argv[2]).getroot().findall("routine")}
nums = [int(n) for n in re.findall(r"(?:noun|scope|routine)=(\d+)", open(sys.argv[1]).read())]
bad = [n for n in nums if n not in values]
if not nums or bad:
    print("FAIL: noun=/scope=/routine= values not routines': %s (of %d)" % (bad[:5], len(nums)))
    sys.exit(1)
PY
exit 0
