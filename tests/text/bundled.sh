#!/bin/bash
# bundled.sh: vinform compiles in the text and regex library by itself
# (docs/text.md, "Without an Include").
#
# Takes VINFORM (the compiler to test); compiles small games with no
# Include of the library for z5 and z8 and reads the routines each story
# gets from --dump-ir: a game calling no library routine gets none, one
# calling a single routine gets that routine and what it calls (a list
# written below), a game's own routine of a library name wins.  Then
# checks the compile-time check of constant patterns against every "e"
# case of tests/regex/*.out (the story's own Regex_Check results): the
# same error code at the same position, and no error for a good pattern.
# Prints "PASS name" / "FAIL name" and closes with "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${VINFORM:?set VINFORM to the vinform to test}"
work=$(mktemp -d "${TMPDIR:-/tmp}/bundled.XXXXXX")
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
verdict() {     # verdict NAME OK [DETAIL FILE]
    if [ "$2" = 0 ]; then echo "PASS $1"; pass=$((pass + 1))
    else echo "FAIL $1"; fail=$((fail + 1)); [ -n "${3:-}" ] && sed 's/^/    | /' "$3"; fi
}

# library_routines SRC SWITCH: the Text_/Regex_ routines the story gets.
library_routines() {
    "$VINFORM" "$2" --dump-ir "$1" 2>"$work/err" |
        sed -nE 's/^\[ ((Text|Regex)_[A-Za-z_]*).*/\1/p' | sort
}

# case NAME EXPECTED-ROUTINES... ; the game is read from standard input.
case_of() {
    local name=$1 sw
    shift
    cat >"$work/$name.inf"
    printf '%s\n' "$@" | sed '/^$/d' | sort >"$work/$name.want"
    for sw in -v5 -v8; do
        library_routines "$work/$name.inf" $sw >"$work/$name.got"
        if [ -s "$work/err" ]; then verdict "$name [$sw]" 1 "$work/err"; continue; fi
        diff "$work/$name.want" "$work/$name.got" >"$work/diff"
        verdict "$name [$sw]" $? "$work/diff"
    done
}

case_of none <<'END'
Array t table 10;
[ Main; t-->1 = 0; print "no text routine^"; ];
END

case_of one Text_Capacity <<'END'
Array t table 10;
[ Main; print Text_Capacity(t), "^"; ];
END

case_of one-and-callees Text_NumWords Text_Print Text__Arg Text__Scan \
    Text__Class Text__IsText Text__Capture Text__Below Text__FirstTime \
    Text__Fault Text__Emit Text__Slot Text__Overflow <<'END'
Array t table 10;
[ Main; print Text_NumWords(t), "^"; ];
END

# (The game's own, whose local is called `mine`: see below.)
case_of own-wins Text_Length <<'END'
Array t table 10;
[ Text_Length mine; return mine-->1; ];
[ Main; print Text_Length(t), "^"; ];
END

for sw in -v5 -v8; do
    "$VINFORM" $sw --dump-ir "$work/own-wins.inf" 2>&1 | grep -c '^\[ Text_Length mine;' >"$work/n"
    echo 1 | diff - "$work/n" >"$work/diff"
    verdict "own-wins is the game's [$sw]" $? "$work/diff"
done

case_of regex-alone Regex_ErrorMessage <<'END'
[ Main; print (string) Regex_ErrorMessage(3), "^"; ];
END

# Constant patterns: the cases of tests/regex/*.out as string literals.
python3 - "$top/tests/regex" "$work" <<'END'
import glob, re, sys
src, work = sys.argv[1], sys.argv[2]
cases = []
for f in sorted(glob.glob(src + '/*.out')):
    for line in open(f, encoding='utf-8'):
        m = re.match(r'^(\d+) e /(.*)/: (?:error (\d+) at (\d+)|ok)$', line.rstrip('\n'))
        if m and '%t' not in m.group(2):
            cases.append((m.group(2).replace('%n', '\n').replace('%%', '%'),
                          m.group(3), m.group(4)))
def literal(p):
    out = ''
    for ch in p:
        if ch in '\\^~@' or ord(ch) > 126: out += '@{%X}' % ord(ch)
        elif ch == '"': out += '~'
        elif ch == '\n': out += '^'
        else: out += ch
    return out
with open(work + '/patterns.inf', 'w') as inf, open(work + '/patterns.want', 'w') as want:
    inf.write('Array T table 10;\n[ Main;\n')
    for i, (p, code, pos) in enumerate(cases):
        inf.write('    Regex_Matches(T, "%s");\n' % literal(p))
        if code and code != '13':    # 13 depends on the story's sizes
            want.write('%d: %s %s\n' % (i + 3, code, pos))
    inf.write('];\n')
END
"$VINFORM" --syntax-only "$work/patterns.inf" 2>&1 |
    sed -nE 's/^.*patterns.inf:([0-9]+):[0-9]+: error: .*regex error ([0-9]+), at character ([0-9]+).*/\1: \2 \3/p' \
    >"$work/patterns.got"
diff "$work/patterns.want" "$work/patterns.got" >"$work/diff"
verdict "constant patterns ($(wc -l <"$work/patterns.want") faults)" $? "$work/diff"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
