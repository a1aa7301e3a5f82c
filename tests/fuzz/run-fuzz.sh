#!/bin/bash
# run-fuzz.sh SECONDS: runs the libFuzzer front-end target (built by
# `make fuzz`) for SECONDS seconds.
#
# Takes FUZZER (the binary), WORKDIR (a build-dir folder for the corpus
# and findings) and SRCDIR from the environment.  Seeds the corpus with
# every tests/**/*.inf, uses tests/fuzz/inform.dict, kills an input after
# 10 s, detects leaks.  Prints "fuzz: N runs, no crash" and exits 0, or
# shows the finding (saved in WORKDIR/findings/) and exits 1.
set -u
SECONDS_TO_RUN=${1:-60}
: "${FUZZER:?}" "${WORKDIR:?}" "${SRCDIR:?}"

corpus=$WORKDIR/corpus
findings=$WORKDIR/findings
empty=$WORKDIR/empty
mkdir -p "$corpus" "$findings" "$empty"
rm -f "$corpus"/seed-*      # seeds of tests that may since have gone
# Seeds: each test source under its own name (a copy, so the fuzzer can
# add to the folder without touching the source tree).
find "$SRCDIR/tests" "$SRCDIR/examples" -name '*.inf' -type f 2>/dev/null |
while IFS= read -r f; do
    rel=${f#"$SRCDIR"/}
    cp -f "$f" "$corpus/seed-$(echo "$rel" | tr '/' '_')"
done

log=$WORKDIR/fuzz.log
export FUZZ_EMPTY_DIR=$empty
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
echo "fuzz: running for $SECONDS_TO_RUN s on $(ls "$corpus" | wc -l) corpus files (log: $log)"
"$FUZZER" -max_total_time="$SECONDS_TO_RUN" -timeout=10 -detect_leaks=1 \
    -max_len=65536 -print_final_stats=1 \
    -dict="$SRCDIR/tests/fuzz/inform.dict" \
    -artifact_prefix="$findings/" "$corpus" >"$log" 2>&1
status=$?

runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
if [ $status -eq 0 ] && ! grep -qE '^==[0-9]+==ERROR|^SUMMARY: |runtime error:' "$log"; then
    echo "fuzz: ${runs:-?} runs, no crash"
    exit 0
fi
echo "fuzz: FAILED after ${runs:-?} runs (exit status $status); the report:"
grep -nE 'ERROR|runtime error|internal compiler error|SUMMARY|Test unit written|^    #[0-9]' "$log" | head -n 30
found=$(sed -n 's/.*Test unit written to //p' "$log" | tail -n 1)
echo "fuzz: reproduce with: $FUZZER ${found:-$findings/<file>}"
exit 1
