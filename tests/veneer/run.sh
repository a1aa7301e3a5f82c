#!/bin/bash
# run.sh: the veneer's tests (tests/veneer/README.md describes them).
#
# Takes every tests/veneer/NAME.inf and builds it once per variant (z5s =
# -v5 with strict mode, z5n = -v5 -~S, z8s, z8n, z3 = -v3 as it comes,
# strict off; or those a "! VARIANTS:" line names, which may add z3s =
# -v3 -S (it rarely compiles with inform6 6.41), g = -G (Glulx, strict)
# and gn = -G -~S; a "! FLAGS:" line adds switches) twice with inform6:
# plain, so inform6's own veneer runs ("oracle"), and with
# stdlib/veneer.h included at the end, so ours runs instead. Z-code is
# played in dfrotz and bocfel, Glulx in glulxe and git; every transcript
# must equal the section "#### VARIANT" of NAME.out (or "#### VARIANT
# INTERPRETER" for bocfel or git, where their layout differs). Routine
# addresses ("routine at N", "object number N" of 3 digits or more) are
# masked, since they depend on the compiler's code; on Glulx every number
# of 4 digits or more is shown as NNNN (objects, strings and arrays all
# move when the veneer's code grows). NAME.cmds,
# when it exists, holds the commands typed into the story. A "! MASK:"
# line gives a sed -E script applied to every transcript first (to hide
# addresses that move when the veneer's size changes).
# Prints "PASS name [interpreter/variant]" or "FAIL ..." (with a diff)
# for our veneer, the same with "oracle " before the interpreter for
# inform6's (a stale NAME.out), and closes with "N passed, N failed".
# Exit status 1 on failure. First, check-uses.py checks that every
# routine's "! uses:" line names exactly the veneer routines it calls.
#
#   tests/veneer/run.sh [--only NAME]... [--interp LIST] [--regen]
#                       [--compiler CMD] [--show NAME VARIANT [INTERP]]
#
# --interp takes a comma list of dfrotz,bocfel,glulxe,git (default all).
# --regen rewrites NAME.out from the oracle's transcripts (read the diff
#   before committing it).
# --compiler CMD builds "ours" with CMD (say, vinform) without including
#   veneer.h: that compiler must supply the veneer itself.
# --show prints one transcript of our build (default interpreter dfrotz).
# Environment: INFORM6 (default inform6), KEEP=1 keeps the work folder,
# JOBS (emglken runs at once, default 2), I6LIB (the standard library,
# default /usr/share/inform6/library).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
harness=$top/tests/harness
: "${INFORM6:=inform6}"
: "${JOBS:=2}"
: "${I6LIB:=/usr/share/inform6/library}"
export LC_ALL=C.UTF-8 TZ=UTC

only=()
interps=dfrotz,bocfel,glulxe,git
regen=0
compiler=
show=()
while [ $# -gt 0 ]; do
    case $1 in
        --only) only+=("$2"); shift 2 ;;
        --interp) interps=$2; shift 2 ;;
        --regen) regen=1; shift ;;
        --compiler) compiler=$2; shift 2 ;;
        --show) show=("$2" "$3" "${4:-dfrotz}"); shift 3; [ $# -gt 0 ] && shift ;;
        *) echo "usage: run.sh [--only NAME]... [--interp LIST] [--regen] [--compiler CMD] [--show NAME VARIANT [INTERP]]" >&2
           exit 2 ;;
    esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/veneer-tests.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

wanted() {      # wanted NAME: true when --only allows the test
    [ ${#only[@]} -eq 0 ] && return 0
    local o
    for o in "${only[@]}"; do [ "$1" = "$o" ] && return 0; done
    return 1
}
uses() { case ",$interps," in *",$1,"*) return 0 ;; esac; return 1; }
meta() {        # meta FILE KEY: the value of a "! KEY:" line
    sed -n "s/^[[:space:]]*![[:space:]]*$2:[[:space:]]*//p" "$1" | head -n 1
}
variants_of() { local v; v=$(meta "$1" VARIANTS); echo "${v:-z5s z5n z8s z8n z3}"; }
switches_of() { # switches_of VARIANT: the inform6 switches it means
    case $1 in
        z5s) echo -v5 ;;     z5n) echo "-v5 -~S" ;;
        z8s) echo -v8 ;;     z8n) echo "-v8 -~S" ;;
        z3)  echo -v3 ;;     z3s) echo "-v3 -S" ;;
        g)   echo -G ;;      gn)  echo "-G -~S" ;;
        *) return 1 ;;
    esac
}

# build SRC VARIANT KIND: compiles SRC into $work (KIND oracle = inform6's
# veneer, ours = stdlib/veneer.h or --compiler); prints the story's path.
build() {
    local src=$1 variant=$2 kind=$3 name sw flags in story cc
    name=$(basename "$src" .inf)
    sw=$(switches_of "$variant") || { echo "unknown variant $variant" >"$work/$name.$variant.$kind.log"; return 1; }
    flags=$(meta "$src" FLAGS)
    story=$work/$name.$variant.$kind.z${variant:1:1}
    [ "${variant:0:1}" = g ] && story=$work/$name.$variant.$kind.ulx
    in=$src
    cc=$INFORM6
    if [ "$kind" = ours ]; then
        if [ -n "$compiler" ]; then
            cc=$compiler
        else
            in=$work/$name.$variant.ours.inf
            { cat "$src"; printf '\nInclude "veneer";\n'; } >"$in"
        fi
    fi
    # shellcheck disable=SC2086
    if ! (cd "$here" && "$cc" -q $sw $flags "+include_path=$top/stdlib,$here,$I6LIB" \
            "$in" "$story") >"$work/$name.$variant.$kind.log" 2>&1 ||
        [ ! -f "$story" ]; then
        return 1
    fi
    echo "$story"
}

interps_for() { # interps_for VARIANT: its interpreters, the reference first
    if [ "${1:0:1}" = g ]; then echo "glulxe git"; else echo "dfrotz bocfel"; fi
}

section() {     # section OUTFILE VARIANT INTERP: the expected transcript
    local want="#### $2 $3"
    grep -qx "$want" "$1" || want="#### $2"
    awk -v want="$want" '
        /^#### / { on = ($0 == want); next }
        on { print }' "$1"
}

if [ ${#show[@]} -eq 3 ]; then
    story=$(build "$here/${show[0]}.inf" "${show[1]}" ours) ||
        { cat "$work"/*.log; exit 1; }
    exec "$harness/run-story" "${show[2]}" "$story"
fi

pass=0
fail=0
# The "! uses:" lines must name exactly what each routine calls.
if [ ${#only[@]} -eq 0 ] && [ -z "$compiler" ]; then
    while IFS= read -r line; do
        echo "$line"
        case $line in PASS*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)) ;; esac
    done < <(python3 "$here/check-uses.py" "$top/stdlib/veneer-z.h" "$top/stdlib/veneer-g.h")
fi
results=()      # lines "name|variant|kind|interp|transcript"
batch=$work/batch.jobs
: >"$batch"
sources=("$here"/*.inf)

for src in "${sources[@]}"; do
    name=$(basename "$src" .inf)
    wanted "$name" || continue
    for variant in $(variants_of "$src"); do
        for kind in oracle ours; do
            if ! story=$(build "$src" "$variant" "$kind"); then
                echo "FAIL $name [$kind/$variant]: does not compile"
                sed 's/^/    | /' "$work/$name.$variant.$kind.log" | head -n 20
                fail=$((fail + 1))
                continue
            fi
            for interp in $(interps_for "$variant"); do
                uses "$interp" || continue
                out=$work/$name.$variant.$kind.$interp.txt
                results+=("$name|$variant|$kind|$interp|$out")
                walk=
                [ -f "$here/$name.cmds" ] && walk=$here/$name.cmds
                if [ "$interp" = dfrotz ]; then
                    "$harness/run-story" dfrotz "$story" $walk >"$out" 2>"$out.err"
                    echo $? >"$out.rc"
                else
                    printf '%s\t%s\t%s\t%s\n' "$interp" "$story" "$walk" "$out" >>"$batch"
                fi
            done
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

# dfrotz drops the spaces that end a line, bocfel keeps them: compare
# without them, and with a new line at the end.
for r in "${results[@]}"; do
    IFS='|' read -r name variant kind interp out <<<"$r"
    [ -f "$out" ] && sed -i -e 's/[[:space:]]*$//' -e '$a\' "$out"
    mask=$(meta "$here/$name.inf" MASK)
    [ -f "$out" ] && [ -n "$mask" ] && sed -i -E "$mask" "$out"
    # routine addresses depend on the compiler's code: hide them
    [ -f "$out" ] && sed -i -E -e 's/routine at -?[0-9]+/routine at R/g' \
        -e 's/\(object number [0-9]{3,}\)/(object number NNN)/g' "$out"
    [ -f "$out" ] && [ "${variant:0:1}" = g ] && sed -i -E 's/[0-9]{4,}/NNNN/g' "$out"
done

if [ "$regen" = 1 ]; then
    declare -A done_names=()
    for r in "${results[@]}"; do
        IFS='|' read -r name variant kind interp out <<<"$r"
        [ "$kind" = oracle ] || continue
        [ -n "${done_names[$name]:-}" ] && continue
        done_names[$name]=1
        src=$here/$name.inf
        exp=$here/$name.out
        : >"$exp.new"
        for v in $(variants_of "$src"); do
            base=$work/$name.$v.oracle
            set -- $(interps_for "$v")
            printf '#### %s\n' "$v" >>"$exp.new"
            cat "$base.$1.txt" >>"$exp.new" 2>/dev/null
            # the second interpreter gets its own section where it differs
            if [ -f "$base.$2.txt" ] && ! cmp -s "$base.$1.txt" "$base.$2.txt"; then
                printf '#### %s %s\n' "$v" "$2" >>"$exp.new"
                cat "$base.$2.txt" >>"$exp.new"
            fi
        done
        mv "$exp.new" "$exp"
        echo "wrote $(basename "$exp")"
    done
fi

for r in "${results[@]}"; do
    IFS='|' read -r name variant kind interp out <<<"$r"
    if [ "$kind" = oracle ]; then label="$name [oracle $interp/$variant]"
    else label="$name [$interp/$variant]"; fi
    exp=$here/$name.out
    rc=$(cat "$out.rc" 2>/dev/null || echo 1)
    why=
    if [ "$rc" != 0 ]; then
        why="the interpreter failed: $(head -c 300 "$out.err" 2>/dev/null)"
    elif [ ! -f "$exp" ]; then
        why="no expected transcript $name.out (run.sh --regen --only $name)"
    elif ! grep -qx "#### $variant" "$exp"; then
        why="$name.out has no section #### $variant"
    elif ! section "$exp" "$variant" "$interp" | cmp -s - "$out"; then
        why="transcript differs from $name.out"
    elif grep -q MISMATCH "$out"; then
        why="a check in the program failed (MISMATCH)"
    elif [ -s "$out.err" ]; then
        why="the interpreter complained: $(head -c 300 "$out.err")"
    fi
    if [ -z "$why" ]; then
        pass=$((pass + 1))
        echo "PASS $label"
    else
        fail=$((fail + 1))
        echo "FAIL $label: $why"
        if [ -f "$exp" ] && [ -f "$out" ]; then
            section "$exp" "$variant" "$interp" | diff -u - "$out" | head -n 30 | sed 's/^/    | /'
        fi
    fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
