#!/bin/bash
# run-bench.sh: how fast `vinform --syntax-only` is next to a full inform6
# compile of the same program (acceptance: less than half the time).
#
#   run-bench.sh [-l LINES] [-s SEED] [-n RUNS] [--require]
#
# Takes VINFORM, INFORM6 (may be empty) and WORKDIR from the environment
# (make bench sets them).  Generates a program with gen-program (default
# 20000 lines, seed 1) into WORKDIR, then times RUNS (default 11) runs of
# each, alternating inform6 and vinform so that both see the same machine
# load, and prints both medians in milliseconds (wall and CPU time), the
# ratio of the wall-time medians, and whether it is below 0.5 (and, with
# valgrind, both instruction counts, which the machine's load does not
# change).  Exit status 0 unless vinform cannot compile the
# program, or --require was given and the ratio is 0.5 or more.  Without
# inform6 it times vinform alone and says so.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
: "${VINFORM:?set VINFORM to the vinform binary}"
: "${WORKDIR:=$(pwd)/bench}"
if [ -z "${INFORM6+set}" ]; then INFORM6=$(command -v inform6 || true); fi
lines=20000 seed=1 runs=11 require=false
while [ $# -gt 0 ]; do
    case $1 in
        -l) lines=$2; shift ;;
        -s) seed=$2; shift ;;
        -n) runs=$2; shift ;;
        --require) require=true ;;
        *) echo "usage: run-bench.sh [-l LINES] [-s SEED] [-n RUNS] [--require]" >&2; exit 2 ;;
    esac
    shift
done

mkdir -p "$WORKDIR"
src=$WORKDIR/bench.inf
"$HERE/gen-program" -l "$lines" -s "$seed" >"$src"
# The program needs Glulx: at this size it overflows a Z-machine story.
switches=-G
echo "bench: $(wc -l <"$src") lines ($(wc -c <"$src") bytes) from gen-program -l $lines -s $seed; switches $switches"

# time_run FILE CMD...: runs CMD (output discarded) and appends to FILE its
# wall time (to the microsecond, from bash's clock) and its CPU time, user
# + system (to the millisecond, from bash's `time`), both in microseconds.
# Nothing but CMD itself is started between the two clock readings.
time_run() {
    local file=$1 TIMEFORMAT='%3U %3S' t0 t1 u s
    shift
    t0=${EPOCHREALTIME/./}
    { time "$@" >/dev/null 2>&1; } 2>"$WORKDIR/cpu.tmp"
    t1=${EPOCHREALTIME/./}
    read -r u s <"$WORKDIR/cpu.tmp"
    echo "$(( 10#$t1 - 10#$t0 )) $u $s" | awk '{ printf "%d %d\n", $1, ($2 + $3) * 1e6 }' >>"$file"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ms() { awk -v us="$1" 'BEGIN { printf "%.1f", us / 1000 }'; }

if ! "$VINFORM" --syntax-only $switches "$src" >"$WORKDIR/vinform.out" 2>&1; then
    echo "bench: vinform does not compile the benchmark program:"
    head -n 20 "$WORKDIR/vinform.out"
    exit 1
fi
have_inform6=false
if [ -n "$INFORM6" ]; then
    if "$INFORM6" -q $switches "$src" "$WORKDIR/bench.ulx" >"$WORKDIR/inform6.out" 2>&1; then
        have_inform6=true
    else
        echo "bench: inform6 does not compile the benchmark program (a gen-program bug):"
        grep -v Warning "$WORKDIR/inform6.out" | head -n 20
        exit 1
    fi
fi

: >"$WORKDIR/vinform.times"; : >"$WORKDIR/inform6.times"
for _ in $(seq 1 "$runs"); do
    if $have_inform6; then
        time_run "$WORKDIR/inform6.times" "$INFORM6" -q $switches "$src" "$WORKDIR/bench.ulx"
    fi
    time_run "$WORKDIR/vinform.times" "$VINFORM" --syntax-only $switches "$src"
done
v=$(cut -d' ' -f1 "$WORKDIR/vinform.times" | median)
vc=$(cut -d' ' -f2 "$WORKDIR/vinform.times" | median)
echo "bench: vinform --syntax-only: median $(ms "$v") ms wall, $(ms "$vc") ms CPU, of $runs runs"
if ! $have_inform6; then
    echo "bench: inform6 is not installed, so there is no ratio (apt-get install inform6-compiler)"
    exit 0
fi
i=$(cut -d' ' -f1 "$WORKDIR/inform6.times" | median)
ic=$(cut -d' ' -f2 "$WORKDIR/inform6.times" | median)
echo "bench: inform6 (full compile):  median $(ms "$i") ms wall, $(ms "$ic") ms CPU, of $runs runs"
[ "$ic" -gt 0 ] 2>/dev/null &&
    echo "bench: CPU-time ratio $(awk -v v="$vc" -v i="$ic" 'BEGIN { printf "%.3f", v / i }') (information only)"
# Instruction counts do not depend on the machine's load: a second,
# repeatable view of the same comparison (information only).
if command -v valgrind >/dev/null; then
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
              sed -n 's/^==[0-9]*== Collected : *//p'; }
    vi=$(count "$VINFORM" --syntax-only $switches "$src")
    ii=$(count "$INFORM6" -q $switches "$src" "$WORKDIR/bench.ulx")
    [ -n "$vi" ] && [ -n "$ii" ] &&
        echo "bench: instructions (callgrind): vinform $vi, inform6 $ii, ratio $(awk -v v="$vi" -v i="$ii" 'BEGIN { printf "%.3f", v / i }')"
fi
ratio=$(awk -v v="$v" -v i="$i" 'BEGIN { printf "%.3f", v / i }')
if awk -v r="$ratio" 'BEGIN { exit !(r < 0.5) }'; then
    echo "bench: ratio vinform/inform6 = $ratio: below 0.5 (goal met)"
else
    echo "bench: ratio vinform/inform6 = $ratio: NOT below 0.5 (goal missed)"
    $require && exit 1
fi
exit 0
