#!/bin/bash
# run.sh: the language tests (tests/run/NAME.inf): compile, play, compare.
#
# Takes every tests/run/NAME.inf; compiles it with the compiler (vinform,
# or any inform6-compatible command) for each version its "! ZVERSIONS:"
# line lists (default 5; "-" gives no -v switch, so the source chooses),
# with its "! SWITCHES:"; plays each story in
# dfrotz and in bocfel (tests/harness; all bocfel runs share one Node
# process), NAME.in giving the input lines; compares each transcript
# exactly with NAME.out (NAME.zN.out instead, when it exists, for a version
# other than the first). A run fails when tests/harness/zcheck finds the
# story's length or checksum wrong, when the transcript differs, when the
# interpreter fails, complains on standard error, or prints a warning.
# Prints one line per test and interpreter in a fixed order
# ("PASS  run/NAME (dfrotz)", "run/NAME.z8" for a second version) and closes
# with "N passed, N failed" (", N skipped"). Exit status 1 when any failed.
#
# --glulx builds each test for Glulx instead (one story, "run/NAME.ulx")
# and plays it in glulxe and git: a Glulx program has no window to print
# in until it opens one, so the story is compiled from a copy of NAME.inf
# (glulx_wrap) whose Main is renamed Glulx_Test_Main and which ends with a
# Main that opens a text window and calls it (line numbers unchanged); the
# transcript is compared with NAME.g.out when it exists (what Glulx prints
# differently: 32-bit words), else NAME.out. A test with a "! ZONLY:
# reason" line is skipped, with the reason; "! NORMALISE-G: sed-expression"
# lines are applied to both transcripts first (what depends on the size of
# the code: an object's address); with inform6 as the compiler,
# so is one with "! INFORM6-G: skip reason" (inform6 6.41's Glulx story
# prints what 6.42+ fixed).
#
#   tests/run/run.sh [--glulx] [--only PATTERN]... [--interp dfrotz,bocfel]
#                    [-j N] [-v]
#
# --only keeps the tests whose id (run/NAME, run/NAME.z8) holds PATTERN
# (a substring or glob); -v shows the compile command and transcript of
# every run. Environment: VINFORM (the compiler command, split on blanks;
# default ./vinform, the build folder's), TEST_TIMEOUT (seconds per compile
# and per story, default 10), TEST_JOBS (default 2), KEEP=1 keeps the work
# folder. When VINFORM names inform6, tests tagged 6.42+ or "! INFORM6:
# skip" are skipped: `VINFORM=/usr/bin/inform6 tests/run/run.sh` checks the
# tests themselves.
set -u

here=$(cd "$(dirname "$0")" && pwd)
harness=$(cd "$here/../harness" && pwd)
: "${VINFORM:=./vinform}"
: "${TEST_TIMEOUT:=10}"
: "${TEST_JOBS:=2}"
export LC_ALL=C.UTF-8 TZ=UTC NO_COLOR=1

. "$harness/runner-options.sh"
runner_options 41 "$@"
runner_compiler
# shellcheck source=tests/run/glulx-wrap.sh
. "$here/glulx-wrap.sh"
case $(basename "${compiler[0]}") in inform6*) oracle=true ;; *) oracle=false ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/run-tests.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
    echo "run.sh: work folder $work" >&2
else
    trap 'rm -rf "$work"' EXIT
fi

## ------------------------------------------------------------- metadata

. "$harness/meta.sh"     # meta FILE KEY, is_tagged FILE TAG
uses() { case ",$interps," in *",$1,"*) return 0 ;; esac; return 1; }

## ------------------------------------------------------------- the list

# One story per line of $work/stories: ID NAME VERSION KEY SKIPREASON
# (KEY names the story's files in $work; SKIPREASON "-" when it runs).
# A Glulx story has VERSION g and KEY NAME.ulx.
: >"$work/stories"
for inf in "$here"/*.inf; do
    [ -f "$inf" ] || continue
    n=$(basename "$inf" .inf)
    vers=$(meta "$inf" ZVERSIONS | head -n 1)
    $glulx && vers=g
    first=
    for v in ${vers:-5}; do
        if $glulx; then id=run/$n.ulx
        elif [ -z "$first" ]; then first=$v; id=run/$n; else id=run/$n.z$v; fi
        selected "$id" || continue
        skip=-
        reason=$(meta "$inf" INFORM6 | head -n 1)
        zonly=$(meta "$inf" ZONLY | head -n 1)
        reason_g=$(meta "$inf" INFORM6-G | head -n 1)
        if $glulx && [ -n "$zonly" ]; then
            skip="Z-only: $zonly"
        elif $glulx && $oracle && [ "${reason_g%% *}" = skip ]; then
            skip="inform6 -G: $reason_g"
        elif $oracle && is_tagged "$inf" 6.42+; then
            skip="tagged 6.42+, not for inform6 6.41"
        elif $oracle && [ "${reason%% *}" = skip ]; then
            skip="inform6: $reason"
        fi
        key=$n.z$v
        $glulx && key=$n.ulx
        printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$n" "$v" "$key" "$skip" >>"$work/stories"
    done
done

## ------------------------------------------------------------- compiling

# compile NAME VERSION KEY: $work/KEY the story, KEY.log the messages,
# KEY.cc the command and its exit status (VERSION g: Glulx, from
# glulx_wrap's copy).
compile() {
    local inf=$here/$1.inf sw st v=-v$2
    [ "$2" = - ] && v=
    sw=$(meta "$inf" SWITCHES | head -n 1)
    if [ "$2" = g ]; then
        glulx_wrap "$inf" "$work/$1.g.inf"
        inf=$work/$1.g.inf v=-G
    fi
    set -f
    # shellcheck disable=SC2086
    (cd "$work" && timeout -k 2 "$TEST_TIMEOUT" "${compiler[@]}" $sw $v \
        "$inf" "$work/$3") </dev/null >"$work/$3.log" 2>&1
    st=$?
    echo "${compiler[*]} $sw $v $(basename "$inf") $3: exit status $st" >"$work/$3.cc"
    set +f
    if [ $st -ne 0 ] || [ ! -s "$work/$3" ]; then rm -f "$work/$3"; fi
    # Every story's length ($1A) and checksum ($1C) recomputed.
    if [ -f "$work/$3" ] && [ "$2" != g ]; then
        "$harness/zcheck" -q "$work/$3" >"$work/$3.zcheck" 2>&1
    fi
}

# normalise_g INF: standard input to output with each sed expression of
# INF's "! NORMALISE-G:" lines applied (Glulx transcripts: what depends on
# the size of the code, such as an object's address in a run-time error).
normalise_g() {
    local e args=()
    while IFS= read -r e; do
        [ -n "$e" ] && args+=(-e "$e")
    done < <(meta "$1" NORMALISE-G)
    sed "${args[@]}"
}

# The tests' own header files, for Include ">name.h" from the Glulx copy.
if $glulx; then
    for h in "$here"/*.h; do [ -f "$h" ] && ln -sf "$h" "$work/"; done
fi

running=0
while IFS=$'\t' read -r id n v key skip; do
    [ "$skip" = - ] || continue
    compile "$n" "$v" "$key" &
    running=$((running + 1))
    if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done <"$work/stories"
wait

## ------------------------------------------------------------- playing

# The bocfel (or glulxe and git) runs go to one Node process in the
# background while the dfrotz runs go one by one here: a Node start-up
# costs half a second.
have_emglken=true
[ -d "$harness/node_modules/emglken" ] || have_emglken=false
: >"$work/batch"
while IFS=$'\t' read -r id n v key skip; do
    [ "$skip" = - ] && [ -f "$work/$key" ] || continue
    walk=
    [ -f "$here/$n.in" ] && walk=$here/$n.in
    its=bocfel
    $glulx && its="glulxe git"
    for it in $its; do
        if uses $it && $have_emglken; then
            printf '%s\t%s\t%s\t%s\n' $it "$work/$key" "$walk" "$work/$key.$it" >>"$work/batch"
        fi
    done
done <"$work/stories"
batch_pid=
if [ -s "$work/batch" ]; then
    node "$harness/emglken-run.mjs" --seed 1 --timeout "$TEST_TIMEOUT" -j "$jobs" \
        --batch "$work/batch" >"$work/batch.status" 2>"$work/batch.err" &
    batch_pid=$!
fi
if uses dfrotz && ! $glulx; then
    while IFS=$'\t' read -r id n v key skip; do
        [ "$skip" = - ] && [ -f "$work/$key" ] || continue
        walk=
        [ -f "$here/$n.in" ] && walk=$here/$n.in
        "$harness/run-story" -s 1 -t "$TEST_TIMEOUT" dfrotz "$work/$key" ${walk:+"$walk"} \
            >"$work/$key.dfrotz" 2>"$work/$key.dfrotz.err"
        echo $? >"$work/$key.dfrotz.rc"
    done <"$work/stories"
fi
if [ -n "$batch_pid" ]; then
    wait "$batch_pid"
    while IFS= read -r line; do
        case $line in
            ok\ *) echo 0 >"${line#ok }.rc" ;;
            error\ *) f=${line#error }; f=${f%%: *}
                      echo 1 >"$f.rc"; echo "${line#error "$f": }" >"$f.err" ;;
        esac
    done <"$work/batch.status"
fi

## ------------------------------------------------------------- verdicts

pass=0 fail=0 skipped=0
. "$harness/verdict.sh"

# verdict ID NAME VERSION KEY INTERP: prints the line of one run.
verdict() {
    local id=$1 n=$2 v=$3 key=$4 it=$5 out exp why=
    out=$work/$key.$it
    exp=$here/$n.z$v.out
    [ "$v" = g ] && exp=$here/$n.g.out
    [ -f "$exp" ] || exp=$here/$n.out
    if [ ! -f "$work/$key" ]; then
        why="does not compile ($(sed 's/.*: //' "$work/$key.cc"))"
    elif [ -s "$work/$key.zcheck" ]; then
        why="zcheck: $(sed 's/^[^:]*: //' "$work/$key.zcheck" | head -n 1)"
    else
        why=$(interp_why "$out")
    fi
    if [ -n "$why" ]; then
        :
    elif [ ! -f "$exp" ]; then
        why="no expected transcript $(basename "$exp") (write it with regen.sh)"
    elif [ "$v" = g ] && [ -n "$(meta "$here/$n.inf" NORMALISE-G)" ]; then
        normalise_g "$here/$n.inf" <"$exp" >"$out.exp-n"
        normalise_g "$here/$n.inf" <"$out" >"$out.n"
        if ! cmp -s "$out.exp-n" "$out.n"; then
            why="transcript differs from $(basename "$exp") (after NORMALISE-G)"
            exp=$out.exp-n out=$out.n
        fi
    elif ! cmp -s "$exp" "$out"; then
        why="transcript differs from $(basename "$exp")"
    fi
    report "$id" "$it" "$why" "$work/$key" "$work/$key.log" \
        "$work/$key.cc" "$out" "$exp"
}

while IFS=$'\t' read -r id n v key skip; do
    its="dfrotz bocfel"
    $glulx && its="glulxe git"
    for it in $its; do
        uses "$it" || continue
        if [ "$skip" != - ]; then
            skipped=$((skipped + 1)); echo "SKIP  $id ($it) ($skip)"
        elif [ $it != dfrotz ] && ! $have_emglken; then
            skipped=$((skipped + 1))
            echo "SKIP  $id ($it) (emglken not installed: (cd tests/harness && npm ci))"
        else
            verdict "$id" "$n" "$v" "$key" "$it"
        fi
    done
done <"$work/stories"

if [ $skipped -gt 0 ]; then
    echo "$pass passed, $fail failed, $skipped skipped"
else
    echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
