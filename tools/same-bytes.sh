#!/bin/bash
# same-bytes.sh: do two vinform binaries write the same story files?
#
#   tools/same-bytes.sh BEFORE AFTER [-j N] [-G] [--list]
#
# Compiles every program of tests/run, tests/games and examples/ (each
# with its "! SWITCHES:" line, in its own folder) for v5 and v8 (with -G,
# for Glulx instead), with and without -~S, once with each binary, and
# compares the results: the story bytes when both wrote one, the exit
# status and messages when neither did.  SOURCE_DATE_EPOCH is fixed, so
# the serial number is the same.  Prints
# one line per difference and a closing "N same, N differ"; exit status 1
# when something differs.  Used when a change must not move a byte (a
# refactoring): save the binary from before it, then run this with both.
# A program with a line "! SAME-BYTES: skip REASON" is left out (a test of
# a change that was meant to change its story) and counted as skipped.
# --list prints the compilations it would make and stops.
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ $# -ge 2 ] || { sed -n '2,17p' "$0"; exit 2; }
BEFORE=$(realpath "$1") AFTER=$(realpath "$2")
shift 2
jobs=2 list=0 targets="-v5 -v8"
while [ $# -gt 0 ]; do
    case $1 in
    -j) jobs=$2; shift ;;
    -G) targets="-G" ;;
    --list) list=1 ;;
    *) echo "same-bytes: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
export SOURCE_DATE_EPOCH=1700000000 BEFORE AFTER targets
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export work

# the compilations, one per line: INF <tab> SWITCHES
programs() {
    local inf sw v s
    for inf in "$ROOT"/tests/run/*.inf "$ROOT"/tests/games/*.inf "$ROOT"/examples/*.inf; do
        [ -f "$inf" ] || continue
        if grep -qE '^[[:space:]]*![[:space:]]*SAME-BYTES:[[:space:]]*skip' "$inf"; then
            echo "${inf#"$ROOT"/}" >>"$work/skipped"
            continue
        fi
        sw=$(sed -n 's/^[[:space:]]*![[:space:]]*SWITCHES:[[:space:]]*//p' "$inf" | head -n 1 |
             sed 's/[[:space:]]*$//')
        for v in $targets; do
            for s in "" "-~S"; do
                printf '%s\t%s\n' "$inf" "$sw $s $v"
            done
        done
    done
}

# one INF SWITCHES: compiles with both binaries, prints "same" or a reason
one() {
    local inf=$1 sw=$2 key d st1 st2
    key=$(printf '%s %s' "$inf" "$sw" | md5sum | cut -c1-12)
    d=$work/$key
    mkdir -p "$d"
    set -f
    # shellcheck disable=SC2086
    (cd "$(dirname "$inf")" && timeout 60 "$BEFORE" $sw "$inf" "$d/before.z" \
        </dev/null >"$d/before.log" 2>&1)
    st1=$?
    # shellcheck disable=SC2086
    (cd "$(dirname "$inf")" && timeout 60 "$AFTER" $sw "$inf" "$d/after.z" \
        </dev/null >"$d/after.log" 2>&1)
    st2=$?
    set +f
    local name="${inf#"$ROOT"/} $sw"
    if [ $st1 -ne $st2 ]; then
        echo "DIFFER  $name: exit status $st1 before, $st2 after"
    elif [ -f "$d/before.z" ] || [ -f "$d/after.z" ]; then
        if cmp -s "$d/before.z" "$d/after.z"; then echo "same"
        else echo "DIFFER  $name: story bytes"; fi
    elif [ $st1 -ne 0 ]; then
        # neither wrote a story: the messages must agree
        if cmp -s "$d/before.log" "$d/after.log"; then echo "same"
        else echo "DIFFER  $name: messages"; fi
    else echo "same"
    fi
    rm -rf "$d"
}
export -f one

if [ $list -eq 1 ]; then programs; exit 0; fi
programs | tr '\t' '\n' | xargs -d '\n' -n 2 -P "$jobs" bash -c 'one "$1" "$2"' _ >"$work/results"
grep -v '^same$' "$work/results"
same=$(grep -c '^same$' "$work/results")
differ=$(grep -c '^DIFFER' "$work/results")
skipped=$( [ -f "$work/skipped" ] && wc -l <"$work/skipped" || echo 0)
echo "$same same, $differ differ$( [ "$skipped" -gt 0 ] && echo ", $skipped skipped")"
[ "$differ" -eq 0 ]
