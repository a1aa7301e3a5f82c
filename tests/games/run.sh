#!/bin/bash
# run.sh: the game tests (tests/games/NAME.inf with a NAME.walk): compile,
# play the walkthrough, compare with inform6's story's transcript.
#
# Takes every tests/games/NAME.inf that has a walkthrough NAME.walk (one
# command a line), and every examples/NAME.inf with a NAME.walk and a line
# "! SUITE: games" (the library example game); compiles it with the compiler (vinform, or any
# inform6-compatible command) as "COMPILER SWITCHES -vN NAME.inf NAME.zN"
# for each version its "! ZVERSIONS:" line lists (default 5), SWITCHES
# being its first "! SWITCHES:" line; plays each story in dfrotz and in
# bocfel (tests/harness, seed 1; all bocfel runs share one Node process),
# each story in a folder of its own (save files); normalises the banner
# (normalise.sed) and compares the transcript exactly with the expected
# one (expected()). A run fails when the transcript differs, when the
# interpreter fails, complains on standard error, or prints a warning.
# Prints one line per game and interpreter in a fixed order
# ("PASS  games/NAME (dfrotz)", "games/NAME.z8" for a second version,
# "examples/NAME" for an example) and
# closes with "N passed, N failed" (", N skipped"). A game whose "! NEEDS:"
# path (relative to its folder: the corpus it is read from) is absent is
# skipped, saying so. Exit status 1 when any failed.
#
# --glulx builds each game once for Glulx instead ("games/NAME.ulx": its
# first SWITCHES line, -G, and common.sh's glulx_path: the library and
# vinform's stdlib/infglk.h) and plays it in glulxe and git, comparing with
# NAME.g.out (NAME.g.git.out for git when it differs; with a corpus
# library in INFORM6_LIBRARY, NAME.g.TAG.out first: common.sh); a game is skipped
# for the reasons common.sh's glulx_skip gives ("! ZONLY: reason", "!
# GLULX: skip reason", and with inform6 "! INFORM6-G: skip reason").
#
#   tests/games/run.sh [--glulx] [--only PATTERN]... [--interp dfrotz,bocfel]
#                      [-j N] [-v]
#
# --only keeps the games whose id holds PATTERN (substring or glob); -v
# shows the compile command and transcript of every run. Environment:
# VINFORM (the compiler command, split on blanks; default ./vinform, the
# build folder's), TEST_TIMEOUT (seconds per compile and per story,
# default 20), TEST_JOBS (default 2), KEEP=1 keeps the work folder.
# `VINFORM=/usr/bin/inform6 tests/games/run.sh` checks the expected files.
#
# Expected transcripts (written by regen.sh from inform6 6.41's stories):
# NAME.out is dfrotz's for the first version; NAME.bocfel.out bocfel's when
# it differs (the library's bold room names and blank lines: dfrotz drops
# them); NAME.zN.out and NAME.zN.bocfel.out another version's, only when
# they differ from the first version's.
set -u

here=$(cd "$(dirname "$0")" && pwd)
harness=$(cd "$here/../harness" && pwd)
: "${VINFORM:=./vinform}"
: "${TEST_TIMEOUT:=20}"
: "${TEST_JOBS:=2}"
export LC_ALL=C.UTF-8 TZ=UTC NO_COLOR=1

. "$harness/runner-options.sh"
runner_options 44 "$@"
runner_compiler
case $(basename "${compiler[0]}") in inform6*) oracle=true ;; *) oracle=false ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/games-tests.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
    echo "run.sh: work folder $work" >&2
else
    trap 'rm -rf "$work"' EXIT
fi

# shellcheck source=tests/games/common.sh
. "$here/common.sh"

uses() { case ",$interps," in *",$1,"*) return 0 ;; esac; return 1; }

## ------------------------------------------------------------- the list

# One story per line of $work/stories: ID GAMEDIR NAME VERSION FIRST DIR
# (DIR the story's own folder in $work, where it is compiled and played).
mode=
$glulx && mode=glulx
all_stories "$here" $mode | while IFS=$'\t' read -r id gd n v first; do
    selected "$id" || continue
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$gd" "$n" "$v" "$first" "$work/${id//\//-}"
done >"$work/stories"

## ------------------------------------------------------------- compiling

running=0
while IFS=$'\t' read -r id gd n v first dir; do
    mkdir -p "$dir"
    missing_needs "$gd/$n.inf" >"$dir/skip"
    [ -s "$dir/skip" ] && continue
    compile_game "$gd/$n.inf" "$v" "$dir" "${compiler[@]}" &
    running=$((running + 1))
    if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done <"$work/stories"
wait

## ------------------------------------------------------------- playing

have_emglken=true
[ -d "$harness/node_modules/emglken" ] || have_emglken=false
its=bocfel
$glulx && its="glulxe git"
emglken_its=()
for it in $its; do uses $it && $have_emglken && emglken_its+=("$it"); done
if [ ${#emglken_its[@]} -gt 0 ]; then
    play_emglken_batch "$work/stories" "$work" "$jobs" "${emglken_its[@]}"
fi
if uses dfrotz && ! $glulx; then
    while IFS=$'\t' read -r id gd n v first dir; do
        play_dfrotz "$gd" "$n" "$v" "$dir"
    done <"$work/stories"
fi

## ------------------------------------------------------------- verdicts

pass=0 fail=0 skipped=0
. "$harness/verdict.sh"

# verdict ID GAMEDIR NAME VERSION FIRST DIR INTERP: prints the line of one
# run.
verdict() {
    local id=$1 gd=$2 n=$3 v=$4 first=$5 dir=$6 it=$7 out exp why= story
    out=$dir/play.$it
    story=$(story_file "$n" "$v")
    exp=$(expected "$gd" "$n" "$v" "$first" "$it")
    if [ ! -f "$dir/$story" ]; then
        why="does not compile ($(sed 's/.*: //' "$dir/compile.cc"))"
    else
        why=$(interp_why "$out")
    fi
    if [ -n "$why" ]; then
        :
    elif [ ! -f "$exp" ]; then
        why="no expected transcript $(basename "$exp") (write it with regen.sh)"
    elif ! cmp -s "$exp" "$out"; then
        why="transcript differs from $(basename "$exp")"
    fi
    report "$id" "$it" "$why" "$dir/$story" "$dir/compile.log" \
        "$dir/compile.cc" "$out" "$exp"
}

while IFS=$'\t' read -r id gd n v first dir; do
    its="dfrotz bocfel"
    $glulx && its="glulxe git"
    gskip=
    $glulx && gskip=$(glulx_skip "$gd/$n.inf" $oracle)
    for it in $its; do
        uses "$it" || continue
        if [ -n "$gskip" ]; then
            skipped=$((skipped + 1)); echo "SKIP  $id ($it) ($gskip)"
        elif [ -s "$dir/skip" ]; then
            skipped=$((skipped + 1))
            echo "SKIP  $id ($it) ($(cat "$dir/skip") is absent)"
        elif [ $it != dfrotz ] && ! $have_emglken; then
            skipped=$((skipped + 1))
            echo "SKIP  $id ($it) (emglken not installed: (cd tests/harness && npm ci))"
        else
            verdict "$id" "$gd" "$n" "$v" "$first" "$dir" "$it"
        fi
    done
done <"$work/stories"

if [ $skipped -gt 0 ]; then
    echo "$pass passed, $fail failed, $skipped skipped"
else
    echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
