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
# A second table compares constant patterns compiled into code by vinform
# (docs/text.md, "Constant patterns") with the same patterns read and
# interpreted while the story runs ($#Regex_INTERPRET=1): for each
# operation of tests/bench/regex-bench.inf, on z5 under dfrotz and on
# Glulx under a native glulxe (Debian's, built on glkterm: callgrind cannot
# count the WebAssembly interpreters), the instructions each story took
# beyond its operation 0 and their ratio (the goal: at least 5); then the
# net figures, the instructions beyond a control run of the same story
# whose operation leaves out its pattern calls ($#BENCH_CONTROL=1: the
# Text_Copy calls putting the subjects back and the printing, the same
# work in both stories), so the work of the patterns alone, and their
# ratio;
# whether the two printed the same (exit status 1 if not), and the
# stories' sizes.
# It needs vinform (VINFORM, else build/vinform) and is left out without
# it; REGEX_REPEAT (3) sets its repetitions.
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

# ---- constant patterns: compiled by vinform against interpreted ----
: "${VINFORM:=$top/build/vinform}"
glulxe=$(command -v glulxe || echo /usr/games/glulxe)
rrepeat=${REGEX_REPEAT:-3}
if [ ! -x "$VINFORM" ]; then
    echo "text-bench: no vinform at $VINFORM: constant patterns not compared" >&2
    exit $status
fi
rnames=("build the input only"
        "the chapter's examples (20.6, 20.9)"
        "8 patterns over 2,000 characters"
        "(a*)*b against 30 a's (no match)")

# rcount MODE OP MACHINE: compiles regex-bench.inf (MODE c: as it is, r:
# patterns interpreted, kc and kr: their control runs), runs it under callgrind,
# prints "COUNT SIZE";
# the story's output is left in $work/r.MODE.OP.MACHINE.out.
rcount() {
    local mode=$1 op=$2 m=$3 ext=z5 sw=-v5 flag= base=$work/r.$1.$2.$3
    [ "$m" = glulxe ] && { ext=ulx; sw=-G; }
    [ "$mode" = r ] && flag='$#Regex_INTERPRET=1'
    [ "$mode" = kc ] && flag='$#BENCH_CONTROL=1'
    [ "$mode" = kr ] && flag='$#BENCH_CONTROL=1 $#Regex_INTERPRET=1'
    # shellcheck disable=SC2086
    "$VINFORM" -q $sw -~S '$#BENCH_OP='"$op" '$#BENCH_REPEAT='"$rrepeat" $flag \
        "$here/regex-bench.inf" "$base.$ext" >"$base.log" 2>&1 ||
        { echo "text-bench: regex operation $op ($mode) does not compile:" >&2; cat "$base.log" >&2; return 1; }
    if [ "$m" = dfrotz ]; then
        valgrind --tool=callgrind --callgrind-out-file="$base.cg" \
            "$dfrotz" -q -m -w 255 -h 255 "$base.$ext" </dev/null >"$base.out" 2>/dev/null
    else
        # glkterm waits for a key at the end; its screen is the output.
        printf 'xx\n' | TERM=xterm COLUMNS=250 LINES=60 valgrind --tool=callgrind \
            --callgrind-out-file="$base.cg" "$glulxe" "$base.$ext" >"$base.out" 2>/dev/null
    fi || { echo "text-bench: regex operation $op ($mode) failed under valgrind on $m" >&2; return 1; }
    echo "$(sed -n 's/^summary: *//p' "$base.cg") $(wc -c <"$base.$ext")"
}

printf '\n%-38s %-7s %14s %14s %6s %14s %14s %6s  %s\n' "constant patterns (x$rrepeat, vinform)" machine \
    compiled "at run time" ratio "net compiled" "net run time" ratio output
for m in dfrotz glulxe; do
    if [ "$m" = glulxe ] && [ ! -x "$glulxe" ]; then
        echo "text-bench: no native glulxe (apt-get install glulxe): Glulx left out" >&2
        continue
    fi
    c0=$(rcount c 0 $m) && r0=$(rcount r 0 $m) || { status=1; continue; }
    for op in 1 2 3; do
        c=$(rcount c $op $m) && r=$(rcount r $op $m) && kc=$(rcount kc $op $m) &&
            kr=$(rcount kr $op $m) || { status=1; continue; }
        cn=$(( ${c%% *} - ${c0%% *} )) rn=$(( ${r%% *} - ${r0%% *} ))
        ck=$(( ${c%% *} - ${kc%% *} )) rk=$(( ${r%% *} - ${kr%% *} ))
        same=same
        cmp -s "$work/r.c.$op.$m.out" "$work/r.r.$op.$m.out" || { same=DIFFERENT; status=1; }
        printf '%-38s %-7s %14s %14s %6s %14s %14s %6s  %s\n' "${rnames[$op]}" "$m" "$cn" "$rn" \
            "$(awk -v a="$rn" -v b="$cn" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')" \
            "$ck" "$rk" "$(awk -v a="$rk" -v b="$ck" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')" \
            "$same"
    done
    printf '%-38s %-7s %14s %14s\n' "story size (bytes)" "$m" "${c0#* }" "${r0#* }"
done
exit $status
