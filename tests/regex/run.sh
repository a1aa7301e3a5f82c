#!/bin/bash
# run.sh: the regular-expression library's tests (stdlib/regex.h).
#
# Takes every tests/regex/*.inf (or the names given as arguments), compiles
# it with the reference compiler for z5, z8 and Glulx, plays each story in
# dfrotz, and in bocfel and glulxe through tests/harness/emglken-run.mjs,
# and compares the transcript with NAME.out (NAME.z.out instead on the
# Z-machine when it exists).  Prints "PASS name [interp/target]" or
# "FAIL name [interp/target]" (with a diff) per run and closes with
# "N passed, N failed" (", N skipped" when an interpreter is missing).
# Exit status 1 when anything failed.
#
#   run.sh [-v] [NAME...]
#
# A test may ask for compiler switches with a line "! FLAGS: -D" near its
# top.  The examples of docs/text.md's "Regular expressions" section are
# run as the test "regex-doc" (doc-examples.sh).  dfrotz runs with -h 255 (an infinite screen: no page breaks).
# VINFORM=PATH compiles with vinform instead, for z5 and z8 only, with every
# `Include "text.h"` / `Include "regex.h"` line and every padding constant
# or array taken out of the tests (and stdlib/ off the include path):
# vinform compiles the library in by itself and needs no padding;
# with GLULX=1 as well, vinform compiles them for Glulx only.
# Environment: INFORM6 (default inform6), DFROTZ (default dfrotz or
# /usr/games/dfrotz), NODE (default node).  The .inf and .out files made
# from NAME.cases are written by gen.py: run "python3 gen.py *.cases" there
# after changing a case table.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
: "${INFORM6:=inform6}"
: "${DFROTZ:=$(command -v dfrotz || echo /usr/games/dfrotz)}"
: "${NODE:=node}"
HARNESS=$ROOT/tests/harness/emglken-run.mjs
VERBOSE=0
if [ "${1:-}" = "-v" ]; then VERBOSE=1; shift; fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0 skip=0

# The manual's examples (docs/text.md, "Regular expressions") are a test too.
"$HERE/doc-examples.sh" "$ROOT/docs/text.md" "$WORK/doc" || exit 1
if [ $# -gt 0 ]; then
    names=("$@")
else
    names=()
    for f in "$HERE"/*.inf; do names+=("$(basename "$f" .inf)"); done
    names+=(regex-doc)
fi

have_emglken=0
if command -v "$NODE" >/dev/null 2>&1 && [ -d "$ROOT/tests/harness/node_modules/emglken" ]; then
    have_emglken=1
fi
have_dfrotz=0
[ -x "$DFROTZ" ] && have_dfrotz=1

# normal FILE: the transcript without trailing blanks, carriage returns or
# trailing empty lines, so interpreters that end differently compare equal.
normal() {
    sed -e 's/\r$//' -e 's/[[:space:]]*$//' "$1" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

# check NAME LABEL EXPECTED ACTUAL
check() {
    if diff -u <(normal "$3") <(normal "$4") >"$WORK/diff"; then
        echo "PASS $1 [$2]"; pass=$((pass + 1))
    else
        echo "FAIL $1 [$2]"; fail=$((fail + 1))
        if [ $VERBOSE = 1 ]; then cat "$WORK/diff"; else head -n 20 "$WORK/diff"; fi
    fi
}

# With VINFORM: the tests without their Include lines of the library (a
# comment instead, so that line numbers stay) and without the padding that
# keeps strings above arrays under inform6 (vinform places them there
# itself: docs/text.md, Z-machine notes), in $WORK/vin.
cc=$INFORM6 path=$ROOT/stdlib,$HERE targets="z5 z8 ulx"
if [ -n "${VINFORM:-}" ]; then
    cc=$VINFORM path=$WORK/vin targets="z5 z8"
    [ "${GLULX:-0}" = 1 ] && targets=ulx
    mkdir -p "$WORK/vin"
    for f in "$HERE"/*.inf "$HERE"/*.h "$WORK/doc/regex-doc.inf"; do
        sed -E -e 's/^([[:space:]]*)Include[[:space:]]*"(text|regex)(\.h)?";/\1! (no Include: vinform bundles the library)/' \
            -e 's/(Default|Constant)[[:space:]]+Text_StringPad[[:space:]]+[0-9]+;//' \
            -e 's/^Array Rx_Pad static .*/! (no padding)/' \
            "$f" >"$WORK/vin/$(basename "$f")"
    done
fi

jobs=()
for name in "${names[@]}"; do
    src=$HERE/$name.inf dir=$HERE
    if [ "$name" = regex-doc ]; then src=$WORK/doc/$name.inf dir=$WORK/doc; fi
    flags=$(sed -n 's/^![[:space:]]*FLAGS:[[:space:]]*//p' "$src" | head -n 1)
    [ -n "${VINFORM:-}" ] && src=$WORK/vin/$name.inf flags="$flags \$#RX_VINFORM=1"
    for target in $targets; do
        case $target in z5) sw=-v5 ;; z8) sw=-v8 ;; ulx) sw=-G ;; esac
        story=$WORK/$name.$target
        # shellcheck disable=SC2086
        if ! "$cc" -q $sw $flags "+include_path=$path" "$src" "$story" \
                >"$WORK/$name.$target.log" 2>&1 || [ ! -f "$story" ]; then
            echo "FAIL $name [$(basename "$cc")/$target]"; fail=$((fail + 1))
            head -n 20 "$WORK/$name.$target.log"
            continue
        fi
        expected=$dir/$name.out
        if [ $target != ulx ] && [ -f "$dir/$name.z.out" ]; then expected=$dir/$name.z.out; fi
        if [ $target != ulx ]; then
            if [ $have_dfrotz = 1 ]; then
                timeout 60 "$DFROTZ" -m -q -w 255 -h 255 "$story" </dev/null >"$WORK/$name.$target.dfrotz" 2>&1
                check "$name" "dfrotz/$target" "$expected" "$WORK/$name.$target.dfrotz"
            else
                echo "SKIP $name [dfrotz/$target]"; skip=$((skip + 1))
            fi
            vm=bocfel
        else
            vm=glulxe
        fi
        if [ $have_emglken = 1 ]; then
            printf '%s\t%s\t\t%s\n' "$vm" "$story" "$WORK/$name.$target.$vm" >>"$WORK/jobs"
            jobs+=("$name|$vm/$target|$expected|$WORK/$name.$target.$vm")
        else
            echo "SKIP $name [$vm/$target]"; skip=$((skip + 1))
        fi
    done
done

if [ ${#jobs[@]} -gt 0 ]; then
    "$NODE" "$HARNESS" --timeout 120 -j 2 --batch "$WORK/jobs" >"$WORK/batch.log" 2>&1
    for j in "${jobs[@]}"; do
        IFS='|' read -r name label expected actual <<<"$j"
        if grep -q "^error $actual:" "$WORK/batch.log"; then
            echo "FAIL $name [$label]"; fail=$((fail + 1))
            grep "^error $actual:" "$WORK/batch.log"
        else
            check "$name" "$label" "$expected" "$actual"
        fi
    done
fi

if [ $skip -gt 0 ]; then
    echo "$pass passed, $fail failed, $skip skipped"
else
    echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
