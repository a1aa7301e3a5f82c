#!/bin/bash
# run.sh: the screen tests: text styles and the status line of vinform's
# stories against inform6's stories of the same sources, in bocfel.
#
# A plain transcript (tests/run, tests/games) shows only the main window's
# text: a story that prints a room name in roman instead of bold, or a
# status line that is wrong or missing, passes there.  Here each program is
# compiled by vinform and by inform6 (Debian's 6.41) with the same switches
# and played in bocfel with `run-story --styled` (tests/harness/README.md:
# every change of style marked, the grid windows written each time the
# story waits for input); the two transcripts must be the same, but for
# the banner's compiler version and serial number (tests/games/normalise.sed).
#
# The programs: every game of tests/games and the example games with a
# walkthrough (their walkthroughs); each tests/run program that changes
# style, font or window, or draws a box (its NAME.in), at its first version;
# with ../shared/corpus present, Advent with library 6/11 and with 6.12.6,
# Inform 7's i7-min-6G60 and i7-min-6M62-z, and PunyInform's demo game
# and Cloak of Darkness at v3, v4 and v5, playing their reg files' commands.  Tests tagged 6.42+ (behaviour inform6 6.41 lacks) are left out.
#
# --glulx compares Glulx stories (-G) instead, played in glulxe and in git
# with the same marks (RemGlk's styles and grid windows): the games and
# examples (less those tests/games/common.sh's glulx_skip leaves out),
# with the library and vinform's stdlib/infglk.h on the path of both
# compilers (Debian's library has none), and with the corpus Advent (6/11,
# 6.12.6; Advent-g.reg's commands) and i7-min-6G60 and i7-min-6M62-g.
# The tests/run programs are left out there: they are Z-machine
# assembly or need a window opened first.
#
#   tests/styles/run.sh [--glulx] [--only PATTERN]... [-j N] [-v]
#
# Prints "PASS  styles/ID" or "FAIL  styles/ID: why" (with the first lines
# of the difference) per program (with --glulx "styles-g/ID-VM" per
# interpreter) and closes with "N passed, N failed, N
# skipped".  Environment: VINFORM (default ./vinform), INFORM6 (default
# /usr/bin/inform6; without it every test is skipped, saying so),
# TEST_TIMEOUT (seconds per compile and per story, default 30), KEEP=1.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
harness=$root/tests/harness
: "${VINFORM:=./vinform}"
: "${INFORM6:=/usr/bin/inform6}"
: "${TEST_TIMEOUT:=30}"
: "${TEST_JOBS:=2}"
export LC_ALL=C.UTF-8 TZ=UTC NO_COLOR=1 SOURCE_DATE_EPOCH=1700000000

. "$harness/runner-options.sh"
runner_options 37 "$@"
runner_compiler
. "$root/tests/games/common.sh"
if $glulx; then kind=styles-g vms="glulxe git"; else kind=styles vms=bocfel; fi

say_skip() { echo "SKIP  styles: $1"; echo "0 passed, 0 failed, 1 skipped"; exit 0; }
[ -x "$INFORM6" ] || say_skip "no inform6 at $INFORM6 (Debian inform6-compiler) to compare with"
[ -d "$harness/node_modules/emglken" ] ||
    say_skip "emglken is not installed (cd tests/harness && npm ci)"

work=$(mktemp -d "${TMPDIR:-/tmp}/styles-tests.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then echo "run.sh: work folder $work" >&2
else trap 'rm -rf "$work"' EXIT; fi

## ------------------------------------------------------------- the list

# One program a line of $work/list: ID <tab> INF <tab> WALK (- for none)
# <tab> SWITCHES (the version switch included; the compile runs in INF's
# folder).
skipped=0
{
    for inf in "$root"/tests/games/*.inf "$root"/examples/*.inf; do
        n=$(basename "$inf" .inf); d=$(dirname "$inf")
        [ -f "$d/$n.walk" ] || continue
        [ "$d" = "$root/examples" ] && { meta "$inf" SUITE | grep -qx games || continue; }
        v=$(meta "$inf" ZVERSIONS | head -n 1); v=${v%% *}
        vs=-v${v:-5}
        if $glulx; then
            why=$(glulx_skip "$inf" true)
            if [ -n "$why" ]; then
                echo "SKIP  $kind/$(basename "$d")-$n: $why" >&3
                skipped=$((skipped + 1))
                continue
            fi
            vs="-G $glulx_path"
        fi
        printf '%s\t%s\t%s\t%s\n' "$(basename "$d")-$n" "$inf" "$d/$n.walk" \
            "$(meta "$inf" SWITCHES | head -n 1) $vs"
    done
    # the tests/run programs: Z-machine only here
    $glulx || for inf in $(grep -lE '^[[:space:]]*(style[[:space:]]+(bold|underline|reverse|fixed|roman)|font[[:space:]]+o(n|ff)|box[[:space:]]+")|@(split_window|set_window|show_status|set_cursor|set_text_style|set_font)\>' \
                 "$root"/tests/run/*.inf); do
        n=$(basename "$inf" .inf)
        if is_tagged "$inf" 6.42+ || meta "$inf" INFORM6 | grep -q skip; then
            continue
        fi
        v=$(meta "$inf" ZVERSIONS | head -n 1); v=${v%% *}
        case ${v:-5} in -) vs= ;; *) vs=-v${v:-5} ;; esac
        walk=$root/tests/run/$n.in; [ -f "$walk" ] || walk=-
        printf '%s\t%s\t%s\t%s\n' "run-$n" "$inf" "$walk" \
            "$(meta "$inf" SWITCHES | head -n 1) $vs"
    done
} 3>&1 >"$work/list0"

. "$harness/corpus.sh"
find_corpus "$root"
suite=$corpus/Inform6-Testing
if [ -d "$suite/src" ]; then
    # inform6 6.41 looks for the names Advent writes ("Parser"); library
    # 6.12.6 names its files in lower case: a folder of links gives both.
    lib612=$work/lib-6.12.6
    mkdir -p "$lib612"
    for f in "$suite"/i6lib-6.12.6/*.h; do
        b=$(basename "$f" .h)
        ln -sf "$f" "$lib612/$b.h"
        for cap in Parser VerbLib Grammar English; do
            [ "$(echo "$cap" | tr A-Z a-z)" = "$b" ] && ln -sf "$f" "$lib612/$cap.h"
        done
    done
    advent_reg=Advent-z.reg vs=-v5 i7vs=-v8 i7=6M62-z stdlib=
    if $glulx; then
        advent_reg=Advent-g.reg vs=-G i7vs=-G i7=6M62-g stdlib=,$root/stdlib
    fi
    grep '^>' "$suite/reg/$advent_reg" | sed 's/^> *//' >"$work/advent.walk"
    grep '^>' "$suite/reg/i7-min-6G60.reg" | sed 's/^> *//' >"$work/6g60.walk"
    grep '^>' "$suite/reg/i7-min-6M62.reg" | sed 's/^> *//' >"$work/6m62.walk"
    {
        printf 'corpus-advent-611\t%s\t%s\t%s\n' "$suite/src/Advent.inf" \
            "$work/advent.walk" "+include_path=$suite/i6lib-611$stdlib $vs"
        printf 'corpus-advent-6.12.6\t%s\t%s\t%s\n' "$suite/src/Advent.inf" \
            "$work/advent.walk" "+include_path=$lib612$stdlib $vs"
        printf 'corpus-i7-min-6G60\t%s\t%s\t%s\n' "$suite/src/i7-min-6G60.inf" \
            "$work/6g60.walk" "-w $i7vs"
        printf 'corpus-i7-min-%s\t%s\t%s\t%s\n' "$i7" "$suite/src/i7-min-$i7.inf" \
            "$work/6m62.walk" "-w $i7vs"
        # PunyInform (issue 13): its demo game on PunyInform 1.6 and 3.6,
        # and Cloak of Darkness in Metrocenter '84's library, at the
        # versions they are made for.  Left out: library_of_horror-60
        # (PunyInform 6.0 asks for inform6 6.43 or later;
        # tests/cli/puny-reg.sh plays it against its reg file) and -16 at
        # v3 (its first quotation box reads into a zero-length buffer,
        # which bocfel stops on as a fatal error, inform6's story too,
        # with the box's text flushed or not by chance).
        $glulx || {
            grep '^>' "$suite/reg/library_of_horror.reg" | sed 's/^> *//' >"$work/horror.walk"
            grep '^>' "$suite/reg/cloak-metro84.reg" | sed 's/^> *//' >"$work/cloak.walk"
            for t in 16:5 36:3 36:5; do
                printf 'corpus-horror-%s-v%s\t%s\t%s\t%s\n' "${t%:*}" "${t#*:}" \
                    "$suite/src/library_of_horror-${t%:*}.inf" "$work/horror.walk" \
                    "+include_path=$suite/punylib-${t%:*},$suite/src -v${t#*:}"
            done
            for v in 3 4 5; do
                printf 'corpus-cloak-metro84-v%s\t%s\t%s\t%s\n' "$v" \
                    "$suite/src/cloak-metro84-v3test.inf" "$work/cloak.walk" "-v$v"
            done
        }
    } >>"$work/list0"
else
    echo "SKIP  $kind/corpus: no corpus at $suite (Advent and Inform 7's output left out)"
    skipped=$((skipped + 1))
fi

while IFS=$'\t' read -r id inf walk sw; do
    selected "$kind/$id" && printf '%s\t%s\t%s\t%s\n' "$id" "$inf" "$walk" "$sw"
done <"$work/list0" >"$work/list"

## ------------------------------------------------------------- compiling

# build ID INF SWITCHES WHO COMPILER...: compiles to $work/ID/WHO.z (a
# Glulx story too: the interpreter is named, not guessed from the name);
# the messages to $work/ID/WHO.log.
build() {
    local id=$1 inf=$2 sw=$3 who=$4
    shift 4
    mkdir -p "$work/$id"
    set -f
    # shellcheck disable=SC2086
    (cd "$(dirname "$inf")" && timeout -k 2 "$TEST_TIMEOUT" "$@" $sw "$inf" \
        "$work/$id/$who.z") </dev/null >"$work/$id/$who.log" 2>&1 ||
        rm -f "$work/$id/$who.z"
    set +f
}
running=0
while IFS=$'\t' read -r id inf walk sw; do
    for who in vinform inform6; do
        if [ $who = vinform ]; then build "$id" "$inf" "$sw" $who "${compiler[@]}" &
        else build "$id" "$inf" "$sw" $who "$INFORM6" & fi
        running=$((running + 1))
        if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
    done
done <"$work/list"
wait

## ------------------------------------------------------------- playing

# The emglken driver writes save files in its current folder: each story
# is played by a Node process of its own, in a folder of its own; with
# --glulx each in glulxe and in git (WHO-VM.txt), else in bocfel.
running=0
while IFS=$'\t' read -r id inf walk sw; do
    for who in vinform inform6; do
        [ -f "$work/$id/$who.z" ] || continue
        for vm in $vms; do
            mkdir -p "$work/$id/$who-$vm.run"
            (
                cd "$work/$id/$who-$vm.run" || exit 1
                node "$harness/emglken-run.mjs" --vm "$vm" --styled --seed 1 \
                    --timeout "$TEST_TIMEOUT" "../$who.z" ${walk#-} \
                    >"../$who-$vm.txt" 2>"../$who-$vm.err"
                echo $? >"../$who-$vm.rc"
            ) &
            running=$((running + 1))
            if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
        done
    done
done <"$work/list"
wait

## ------------------------------------------------------------- verdicts

pass=0 fail=0
$glulx && g=g || g=
while IFS=$'\t' read -r id inf walk sw; do
    d=$work/$id
    if [ ! -f "$d/inform6.z" ]; then
        echo "SKIP  $kind/$id: inform6 does not compile it"
        skipped=$((skipped + 1))
        continue
    fi
    for vm in $vms; do
        tid=$id why=
        $glulx && tid=$id-$vm
        v=$d/vinform-$vm i=$d/inform6-$vm
        if [ ! -f "$d/vinform.z" ]; then
            why="vinform does not compile it"
        elif [ "$(cat "$v.rc")$(cat "$i.rc")" != 00 ] || [ -s "$v.err" ] ||
             [ -s "$i.err" ]; then
            why="$vm failed: $(cat "$v.err" "$i.err" | head -n 1)"
        else
            # the banner's version and serial number; the game's own
            # "! NORMALISE:" (and -G) expressions (tests/games/common.sh)
            for f in "$v.txt" "$i.txt"; do
                sed -i -e 's|(I6/v6\.[0-9]*|(I6/v6.xx|' "$f"
                normalise "$f" "$inf" $g
            done
            cmp -s "$i.txt" "$v.txt" ||
                why="its screen differs from inform6's story's"
        fi
        if [ -z "$why" ]; then
            pass=$((pass + 1)); echo "PASS  $kind/$tid"
        else
            fail=$((fail + 1)); echo "FAIL  $kind/$tid: $why"
            if [ -f "$v.txt" ] && [ -f "$i.txt" ]; then
                diff -u "$i.txt" "$v.txt" | sed 's/^/    | /' |
                    if $verbose; then cat; else head -n 30; fi
            elif [ -f "$d/vinform.log" ]; then
                sed 's/^/    | /' "$d/vinform.log" | head -n 20
            fi
        fi
    done
done <"$work/list"
echo "$pass passed, $fail failed, $skipped skipped"
[ $fail -eq 0 ]
