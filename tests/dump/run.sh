#!/bin/bash
# run.sh: the dump tests: the compiler's debugging views compared exactly
# with the expected output written beside their source.
#
#   tests/dump/run.sh [NAME.EXT]...          # check (all, or those named)
#   tests/dump/run.sh --regen [NAME.EXT]...  # rewrite the expected files
#
# A test is an expected file tests/dump/NAME.EXT (any extension but .inf
# and .sh) and the source tests/dump/NAME.inf; the extension names the
# dump: NAME.ir is the output of `vinform --dump-ir`, NAME.asm of
# --dump-asm, NAME.program of --dump-program, and so on.  One source may
# have several (NAME.ir and NAME.asm).  The source's "! SWITCHES:" line, if
# any, is given too (before the source name).  The source is copied to an
# empty folder and compiled there: the test passes when vinform exits 0,
# prints nothing on standard error, prints exactly NAME.EXT on standard
# output, and leaves no file behind (a dump writes no story).
#
# Prints "PASS  dump/NAME.EXT" or "FAIL  dump/NAME.EXT: why" and the
# difference, one test a line; exit status 1 when any failed.  Environment:
# VINFORM (default ./vinform: run it from the build folder, as make check
# does through tests/run-tests.sh, which runs one test per job).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
: "${VINFORM:=$(pwd)/vinform}"
: "${TEST_TIMEOUT:=10}"
export LC_ALL=C NO_COLOR=1

REGEN=false
if [ "${1:-}" = --regen ]; then REGEN=true; shift; fi
if [ ! -x "$VINFORM" ]; then
    echo "run.sh: no vinform at $VINFORM (run it from the build folder, or set VINFORM)" >&2
    exit 2
fi

# The expected files, as NAME.EXT: the arguments, or every one there is.
goldens() {
    local f
    if [ $# -gt 0 ]; then
        for f in "$@"; do basename "$f"; done
        return
    fi
    for f in "$HERE"/*.*; do
        case $f in *.inf|*.sh) continue ;; esac
        [ -f "$f" ] && basename "$f"
    done
}

# dump NAME.EXT WORK: runs the dump into WORK/out and WORK/err; gives
# vinform's exit status.  The source is compiled in WORK/src.
dump() {
    local name=${1%.*} ext=${1##*.} sw
    rm -rf "$2/src" && mkdir -p "$2/src" && cp "$HERE/$name.inf" "$2/src/"
    sw=$(sed -n 's/^[[:space:]]*![[:space:]]*SWITCHES:[[:space:]]*//p' \
             "$HERE/$name.inf" | head -n 1)
    (cd "$2/src" && set -f &&
     timeout -k 2 "$TEST_TIMEOUT" "$VINFORM" --dump-$ext $sw "$name.inf" \
         >"$2/out" 2>"$2/err")
}

# check NAME.EXT WORK: prints the verdict line (and detail); false on FAIL.
check() {
    local t=$1 name=${1%.*} st left
    if [ ! -f "$HERE/$name.inf" ]; then
        echo "FAIL  dump/$t: no $name.inf beside it"; return 1
    fi
    dump "$t" "$2"
    st=$?
    left=$(cd "$2/src" && ls -A | grep -vxF "$name.inf")
    if [ $st -ne 0 ] || [ -s "$2/err" ]; then
        echo "FAIL  dump/$t: exit status $st"
        sed 's/^/    | /' "$2/err" | head -n 20
        return 1
    fi
    if [ -n "$left" ]; then
        echo "FAIL  dump/$t: the dump wrote a file: $left"; return 1
    fi
    if ! cmp -s "$HERE/$t" "$2/out"; then
        echo "FAIL  dump/$t: the output differs from $t"
        diff -u "$HERE/$t" "$2/out" | tail -n +3 | sed 's/^/    | /' | head -n 40
        return 1
    fi
    echo "PASS  dump/$t"
}

# regen NAME.EXT WORK: rewrites the expected file from this vinform.
regen() {
    local t=$1 st
    dump "$t" "$2"
    st=$?
    cp "$2/out" "$HERE/$t"
    echo "wrote tests/dump/$t (exit status $st$([ -s "$2/err" ] && echo ', with messages'))"
    sed 's/^/    | /' "$2/err" | head -n 20
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vinform-dump.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
status=0 pass=0 fail=0
for t in $(goldens "$@"); do
    if $REGEN; then regen "$t" "$WORK"
    elif check "$t" "$WORK"; then pass=$((pass + 1))
    else fail=$((fail + 1)); status=1; fi
done
$REGEN || [ $# -eq 1 ] || echo "$pass passed, $fail failed"
exit $status
