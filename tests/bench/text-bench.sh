#!/bin/bash
# text-bench.sh: interpreter work of fixed text-library operations.
#
# Takes tests/bench/text-bench.inf and the stdlib (stdlib/regex.h is used
# when it is there; the regex operations are skipped before it exists).
# Compiles one z5 story per operation with inform6 (INFORM6; -~S, so that
# strict mode's checks on every array access do not swamp the counts), runs each
# under `valgrind --tool=callgrind dfrotz`, and prints one line per
# operation: its name, the instructions the interpreter executed for it
# (the whole run less the run that only builds the input), and its result.
# The counts are deterministic for a given compiler, library and dfrotz,
# so two runs can be compared to see what a change costs.
#
#   tests/bench/text-bench.sh [--repeat N]
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${INFORM6:=inform6}"
repeat=10
[ "${1:-}" = --repeat ] && repeat=$2
dfrotz=$(command -v dfrotz || echo /usr/games/dfrotz)
command -v valgrind >/dev/null || { echo "text-bench: valgrind is not installed" >&2; exit 2; }
[ -x "$dfrotz" ] || { echo "text-bench: dfrotz is not installed" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/text-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

regex=
[ -f "$top/stdlib/regex.h" ] && regex='$#BENCH_REGEX=1'

names=("build the input only"
       "number of words (2,000 characters)"
       "replace every e with E"
       "count \"the\", case insensitively"
       "title case (Text_ToTitleCase)"
       "title case by regex \\b(\\w)(\\w*) -> \\u1\\l2"
       "(a*)*b against 30 a's (no match)")

# instructions OP: prints "COUNT RESULT" for one operation.
instructions() {
    local op=$1 story=$work/op$1.z5
    # shellcheck disable=SC2086
    "$INFORM6" -q -v5 -~S '$#BENCH_OP='"$op" '$#BENCH_REPEAT='"$repeat" $regex \
        "+include_path=$top/stdlib" "$here/text-bench.inf" "$story" >"$work/op$op.log" 2>&1 ||
        { echo "text-bench: operation $op does not compile:" >&2; cat "$work/op$op.log" >&2; return 1; }
    valgrind --tool=callgrind --callgrind-out-file="$work/op$op.cg" \
        "$dfrotz" -q -m -w 255 -h 255 "$story" </dev/null >"$work/op$op.out" 2>"$work/op$op.vg" ||
        { echo "text-bench: operation $op failed under valgrind" >&2; return 1; }
    if grep -q '^\[\*\*' "$work/op$op.out"; then
        echo "text-bench: operation $op printed a library warning:" >&2
        grep '^\[\*\*' "$work/op$op.out" >&2
    fi
    local count result
    count=$(sed -n 's/^summary: *//p' "$work/op$op.cg")
    result=$(sed -n 's/^operation [0-9]*: //p' "$work/op$op.out")
    echo "$count ${result:-?}"
}

base=$(instructions 0) || exit 1
base=${base%% *}
printf '%-46s %15s  %s\n' "operation (x$repeat, z5, dfrotz)" "instructions" "result"
status=0
for op in 1 2 3 4 5 6; do
    if [ "$op" -ge 5 ] && [ -z "$regex" ]; then
        printf '%-46s %15s  %s\n' "${names[$op]}" "skipped" "(no stdlib/regex.h yet)"
        continue
    fi
    if line=$(instructions "$op"); then
        printf '%-46s %15s  %s\n' "${names[$op]}" "$(( ${line%% *} - base ))" "${line#* }"
    else
        status=1
    fi
done
exit $status
