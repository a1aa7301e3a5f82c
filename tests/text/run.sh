#!/bin/bash
# run.sh: the text library's tests (tests/text/README.md describes them).
#
# Takes every tests/text/NAME.inf, and the examples of docs/text.md made
# into a program by doc-examples.sh; compiles each with inform6 for z5, z8 and
# Glulx (a "! TARGETS:" line may name fewer of z5 z8 glulx); runs each
# Z-code story in dfrotz and bocfel and each Glulx story in glulxe and git;
# compares each transcript with NAME.out exactly (NAME.z.out instead on the
# Z-machine, or NAME.g.out on Glulx, when that file exists: for the
# differences 20.2 and 20.4 document). A transcript holding "MISMATCH" (a
# check inside the program failed) fails even if it equals the expected
# file. Prints "PASS name [interpreter/target]" or "FAIL ..." (with a diff)
# per run and closes with "N passed, N failed". Exit status 1 on failure.
#
#   tests/text/run.sh [--only NAME]... [--interp LIST] [--show NAME TARGET INTERP]
#
# --interp takes a comma list of dfrotz,bocfel,glulxe,git (default all).
# --show prints one transcript instead of checking (for writing NAME.out).
# Environment: INFORM6 (the compiler, default inform6), KEEP=1 keeps the
# work folder, JOBS (emglken runs at once, default 2).  VINFORM=PATH
# compiles with vinform instead, for z5 and z8 only, with every
# `Include "text.h"` / `Include "regex.h"` line and every Text_StringPad
# taken out of the tests (and stdlib/ off the include path): vinform
# compiles the library in by itself and needs no padding;
# with GLULX=1 as well, vinform compiles them for Glulx only.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
harness=$top/tests/harness
: "${INFORM6:=inform6}"
: "${JOBS:=2}"
export LC_ALL=C.UTF-8 TZ=UTC

only=()
interps=dfrotz,bocfel,glulxe,git
show=()
while [ $# -gt 0 ]; do
    case $1 in
        --only) only+=("$2"); shift 2 ;;
        --interp) interps=$2; shift 2 ;;
        --show) show=("$2" "$3" "$4"); shift 4 ;;
        *) echo "usage: run.sh [--only NAME]... [--interp LIST] [--show NAME TARGET INTERP]" >&2; exit 2 ;;
    esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/text-tests.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

wanted() {      # wanted NAME: true when --only allows the test
    [ ${#only[@]} -eq 0 ] && return 0
    local o
    for o in "${only[@]}"; do [ "$1" = "$o" ] && return 0; done
    return 1
}
uses() { case ",$interps," in *",$1,"*) return 0 ;; esac; return 1; }

targets_of() {  # targets_of FILE: the targets a test asks for
    local t
    t=$(sed -n 's/^[[:space:]]*![[:space:]]*TARGETS:[[:space:]]*//p' "$1" | head -n 1)
    t=${t:-z5 z8 glulx}
    if [ -n "${VINFORM:-}" ] && [ "${GLULX:-0}" = 1 ]; then
        case " $t " in *" glulx "*) t=glulx ;; *) t= ;; esac
    elif [ -n "${VINFORM:-}" ]; then
        t=${t//glulx/}
    fi
    echo "$t"
}

# strip_includes SRC DIR: copies SRC into DIR without its Include lines of
# the library (a comment instead, so that line numbers stay) and without
# the padding that keeps strings above arrays under inform6 (vinform
# places them there itself: docs/text.md, Z-machine notes).
strip_includes() {
    sed -E -e 's/^([[:space:]]*)Include[[:space:]]*"(text|regex)(\.h)?";/\1! (no Include: vinform bundles the library)/' \
        -e 's/(Default|Constant)[[:space:]]+Text_StringPad[[:space:]]+[0-9]+;//' \
        "$1" >"$2/$(basename "$1")"
}

# compile SRC TARGET: builds $work/NAME.EXT from SRC; prints the story path.
compile() {
    local src=$1 target=$2 name sw ext
    name=$(basename "$src" .inf)
    case $target in
        z5) sw=-v5; ext=z5 ;;
        z8) sw=-v8; ext=z8 ;;
        glulx) sw=-G; ext=ulx ;;
    esac
    local flags
    flags=$(sed -n 's/^[[:space:]]*![[:space:]]*FLAGS:[[:space:]]*//p' "$src" | head -n 1)
    local cc=$INFORM6 path=$top/stdlib,$here
    if [ -n "${VINFORM:-}" ]; then
        cc=$VINFORM path=$work/vin src=$work/vin/$name.inf
    fi
    # shellcheck disable=SC2086
    if ! "$cc" -q $sw $flags "+include_path=$path" \
            "$src" "$work/$name.$ext" >"$work/$name.$ext.log" 2>&1 ||
        [ ! -f "$work/$name.$ext" ]; then
        return 1
    fi
    echo "$work/$name.$ext"
}

expected_for() {  # expected_for SRC TARGET: the expected transcript's path
    local base=${1%.inf} target=$2
    if [ "$target" = glulx ]; then
        [ -f "$base.g.out" ] && { echo "$base.g.out"; return; }
    else
        [ -f "$base.z.out" ] && { echo "$base.z.out"; return; }
    fi
    echo "$base.out"
}

# The manual's examples are a test too: docs/text.md -> doc-examples.inf.
mkdir -p "$work/gen"
"$here/doc-examples.sh" "$top/docs/text.md" "$work/gen" || exit 1
sources=("$here"/*.inf "$work/gen/doc-examples.inf")
if [ -n "${VINFORM:-}" ]; then
    mkdir -p "$work/vin"
    for f in "${sources[@]}" "$here"/*.h; do strip_includes "$f" "$work/vin"; done
fi

if [ ${#show[@]} -eq 3 ]; then
    src=$here/${show[0]}.inf
    [ "${show[0]}" = doc-examples ] && src=$work/gen/doc-examples.inf
    story=$(compile "$src" "${show[1]}") || { cat "$work/${show[0]}".*.log; exit 1; }
    exec "$harness/run-story" "${show[2]}" "$story"
fi

pass=0
fail=0
results=()      # lines "name|interp|target|story|transcript"
batch=$work/batch.jobs
: >"$batch"

for src in "${sources[@]}"; do
    name=$(basename "$src" .inf)
    wanted "$name" || continue
    for target in $(targets_of "$src"); do
        if ! story=$(compile "$src" "$target"); then
            echo "FAIL $name [$(basename "${VINFORM:-$INFORM6}")/$target]: does not compile"
            sed 's/^/    | /' "$work/$name".*.log | head -n 20
            fail=$((fail + 1))
            continue
        fi
        if [ "$target" = glulx ]; then list="glulxe git"; else list="dfrotz bocfel"; fi
        for interp in $list; do
            uses "$interp" || continue
            out=$work/$name.$target.$interp.txt
            results+=("$name|$interp|$target|$src|$out")
            if [ "$interp" = dfrotz ]; then
                "$harness/run-story" dfrotz "$story" >"$out" 2>"$out.err"
                echo $? >"$out.rc"
            else
                printf '%s\t%s\t\t%s\n' "$interp" "$story" "$out" >>"$batch"
            fi
        done
    done
done

# All emglken runs share one Node process (a start-up costs half a second).
if [ -s "$batch" ]; then
    if [ ! -d "$harness/node_modules/emglken" ]; then
        echo "run.sh: emglken is not installed: run (cd tests/harness && npm ci)" >&2
        exit 2
    fi
    node "$harness/emglken-run.mjs" -j "$JOBS" --batch "$batch" >"$work/batch.status"
    while IFS= read -r line; do
        case $line in
            ok\ *) echo 0 >"${line#ok }.rc" ;;
            error\ *) f=${line#error }; echo "${f#*: }" >"${f%%: *}.err"; echo 1 >"${f%%: *}.rc" ;;
        esac
    done <"$work/batch.status"
fi

for r in "${results[@]}"; do
    IFS='|' read -r name interp target src out <<<"$r"
    label="$name [$interp/$target]"
    exp=$(expected_for "$src" "$target")
    rc=$(cat "$out.rc" 2>/dev/null || echo 1)
    why=
    if [ "$rc" != 0 ]; then
        why="the interpreter failed: $(head -c 300 "$out.err" 2>/dev/null)"
    elif [ ! -f "$exp" ]; then
        why="no expected transcript $(basename "$exp")"
    elif ! cmp -s "$exp" "$out"; then
        why="transcript differs from $(basename "$exp")"
    elif grep -q MISMATCH "$out"; then
        why="a check in the program failed (MISMATCH)"
    fi
    if [ -z "$why" ]; then
        pass=$((pass + 1))
        echo "PASS $label"
    else
        fail=$((fail + 1))
        echo "FAIL $label: $why"
        if [ -f "$exp" ] && [ -f "$out" ]; then
            diff -u "$exp" "$out" | head -n 30 | sed 's/^/    | /'
        fi
    fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
