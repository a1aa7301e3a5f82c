#!/bin/bash
# run-tests.sh: vinform's test suite (tests/README.md describes the formats).
#
# Takes the built vinform, the source tree and optionally inform6; runs
# every unit, cli, dump, syntax, errors and games test and examples/*.inf (as
# games), plus the inform6 oracle checks, two at a time; prints one line
# per test in a fixed order and closes with "N passed, N failed"
# (", N skipped" when some were skipped).  Exit status 1 when any failed.
#
#   run-tests.sh [--only PATTERN]... [--no-oracle] [-j N] [-v]
#   run-tests.sh --regen [--only PATTERN]... [syntax/NAME | errors/NAME]...
#
# Environment (make check sets all of them): VINFORM (the binary, default
# $BUILDDIR/vinform), SRCDIR (default: the folder above this script),
# BUILDDIR (default: the current folder), INFORM6 (default: inform6 on the
# PATH; set it empty to skip the oracle), TEST_TIMEOUT (seconds, default 10).
set -u

SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
: "${SRCDIR:=$(cd "$(dirname "$SELF")/.." && pwd)}"
: "${BUILDDIR:=$(pwd)}"
: "${VINFORM:=$BUILDDIR/vinform}"
if [ -z "${INFORM6+set}" ]; then INFORM6=$(command -v inform6 || true); fi
: "${TEST_TIMEOUT:=10}"
# A sanitizer report must fail the test, leaks included; exit code 86
# tells it apart from vinform's own status 1.
: "${ASAN_OPTIONS:=halt_on_error=1:detect_leaks=1:exitcode=86:abort_on_error=0}"
: "${UBSAN_OPTIONS:=halt_on_error=1:print_stacktrace=1:exitcode=86}"
export SRCDIR BUILDDIR VINFORM INFORM6 TEST_TIMEOUT ASAN_OPTIONS UBSAN_OPTIONS
export LC_ALL=C NO_COLOR=1

## ---------------------------------------------------------------- metadata

# meta FILE KEY, is_tagged FILE TAG
. "$SRCDIR/tests/harness/meta.sh"

# absent_need FILE: the first path of FILE's "! NEEDS:" lines (relative to
# its folder: a corpus a game is read from) that does not exist.
absent_need() {
    local p
    while IFS= read -r p; do
        [ -n "$p" ] && [ ! -e "$(dirname "$1")/$p" ] && { echo "$p"; return; }
    done < <(meta "$1" NEEDS)
}

## ---------------------------------------------------------------- results

# Each test writes its verdict to $OUT: first line PASS, FAIL or SKIP plus
# a short reason, then any detail (a diff, the output) to show under it.
verdict() { printf '%s\n' "$*" >"$OUT"; }
detail() { sed 's/^/    | /' | head -n 40 >>"$OUT"; }

# sanitizer_report FILE: true when FILE holds an ASan/UBSan/LSan report.
sanitizer_report() {
    grep -qE 'ERROR: (Address|Leak|Memory)Sanitizer|runtime error:|SUMMARY: (Address|Undefined|Leak)' "$1" 2>/dev/null
}

# status_reason STATUS [LIMIT]: why a run failed, from its exit status;
# LIMIT is the time it was given (default TEST_TIMEOUT seconds).
status_reason() {
    case $1 in
        124|137) echo "timed out after ${2:-$TEST_TIMEOUT} s" ;;
        86) echo "sanitizer report" ;;
        13[0-9]|1[4-9][0-9]) echo "killed by signal $(( $1 - 128 ))" ;;
        *) echo "exit status $1" ;;
    esac
}

run_vinform() {     # run_vinform ARGS...: with the timeout, in the cwd
    timeout -k 2 "$TEST_TIMEOUT" "$VINFORM" "$@"
}

## ---------------------------------------------------------------- kinds

t_unit() {          # t_unit PROGRAM
    local st
    (cd "$WORK" && timeout -k 2 "$TEST_TIMEOUT" "$1" >"$WORK/log" 2>&1)
    st=$?
    if [ $st -eq 77 ]; then verdict "SKIP (the test skipped itself)"
    elif [ $st -eq 0 ] && ! sanitizer_report "$WORK/log"; then verdict PASS
    else verdict "FAIL: $(status_reason $st)"; detail <"$WORK/log"; fi
}

t_cli() {           # t_cli SCRIPT: in a fresh folder, exit 0 = pass
    local st
    (cd "$WORK" && timeout -k 2 $(( TEST_TIMEOUT * 6 )) \
        bash "$1" >"$WORK/log" 2>&1)
    st=$?
    if [ $st -eq 77 ]; then verdict "SKIP (the test skipped itself)"
    elif [ $st -eq 0 ] && ! sanitizer_report "$WORK/log"; then verdict PASS
    else verdict "FAIL: $(status_reason $st $(( TEST_TIMEOUT * 6 )))"; detail <"$WORK/log"; fi
}

t_dump() {          # t_dump NAME.EXT: tests/dump/run.sh on that one test
    local st
    (cd "$WORK" && bash "$SRCDIR/tests/dump/run.sh" "$1" >"$WORK/log" 2>&1)
    st=$?
    if [ $st -eq 0 ] && ! sanitizer_report "$WORK/log"; then verdict PASS
    else
        verdict "FAIL$(head -n 1 "$WORK/log" | sed -n 's/^FAIL  [^:]*//p')"
        tail -n +2 "$WORK/log" | sed 's/^    | //' | detail
    fi
}

# compare EXPECTED ACTUAL WHAT: true when equal, else a FAIL with the diff.
compare() {
    if [ ! -f "$1" ]; then
        verdict "FAIL: no $(basename "$1") (write it with --regen, then review it)"
        return 1
    fi
    cmp -s "$1" "$2" && return 0
    verdict "FAIL: $3 differs from $(basename "$1")"
    diff -u "$1" "$2" | tail -n +3 | detail
    return 1
}

t_syntax() {        # t_syntax NAME.inf (in tests/syntax)
    local inf=$1 base=${1%.inf} sw st
    sw=$(meta "$inf" SWITCHES | head -n 1)
    run_vinform --dump-ast $sw "$inf" >"$WORK/ast" 2>"$WORK/stderr"
    st=$?
    if [ $st -ne 0 ] || sanitizer_report "$WORK/stderr"; then
        verdict "FAIL: --dump-ast: $(status_reason $st)"
        detail <"$WORK/stderr"
        return
    fi
    compare "$base.ast" "$WORK/ast" "--dump-ast output" || return
    if [ -f "$base.err" ]; then
        run_vinform --syntax-only $sw "$inf" >"$WORK/out" 2>&1
        compare "$base.err" "$WORK/out" "--syntax-only output" || return
    fi
    verdict PASS
}

t_errors() {        # t_errors NAME.inf (in tests/errors)
    local inf=$1 base=${1%.inf} sw want st
    sw=$(meta "$inf" SWITCHES | head -n 1)
    want=$(meta "$inf" EXIT | head -n 1)
    run_vinform --syntax-only $sw "$inf" >"$WORK/out" 2>&1
    st=$?
    if sanitizer_report "$WORK/out" || [ $st -gt 1 -a $st -ne "${want:-1}" ]; then
        verdict "FAIL: $(status_reason $st)"; detail <"$WORK/out"; return
    fi
    compare "$base.err" "$WORK/out" "output" || return
    if [ $st -ne "${want:-1}" ]; then
        verdict "FAIL: $(status_reason $st), expected exit status ${want:-1}"
        return
    fi
    verdict PASS
}

t_games() {         # t_games NAME.inf SWITCHES...
    local inf=$1 st
    shift
    run_vinform --syntax-only "$@" "$inf" >"$WORK/out" 2>&1
    st=$?
    if [ $st -ne 0 ] || [ -s "$WORK/out" ]; then
        verdict "FAIL: $(status_reason $st), $(wc -l <"$WORK/out") lines of output"
        detail <"$WORK/out"
        return
    fi
    verdict PASS
}

# t_oracle accept|reject NAME.inf SWITCHES...: what Debian's inform6 does.
t_oracle() {
    local want=$1 inf=$2 st
    shift 2
    if [ -z "$INFORM6" ]; then verdict "SKIP (inform6 not installed)"; return; fi
    timeout -k 2 $(( TEST_TIMEOUT * 3 )) "$INFORM6" -q "$@" "$inf" \
        "$WORK/story" >"$WORK/out" 2>&1
    st=$?
    if [ $want = accept ] && [ $st -ne 0 ]; then
        verdict "FAIL: inform6 rejects it ($(status_reason $st))"
        detail <"$WORK/out"
    elif [ $want = reject ] && [ $st -eq 0 ]; then
        verdict "FAIL: inform6 accepts it: an error test must be an error"
        detail <"$WORK/out"
    elif [ $st -ge 124 ]; then
        verdict "FAIL: inform6 $(status_reason $st)"
    else
        verdict PASS
    fi
}

## ---------------------------------------------------------------- the list

# One job per line: ID <tab> FOLDER <tab> FUNCTION ARGS...
list_jobs() {
    local f name sw id reason d want
    for f in "$BUILDDIR"/tests/unit/*_test; do
        [ -x "$f" ] && printf 'unit/%s\t.\tt_unit %s\n' "${f##*/}" "$f"
    done
    for f in "$SRCDIR"/tests/cli/*.sh; do
        [ -f "$f" ] && printf 'cli/%s\t.\tt_cli %s\n' "$(basename "$f" .sh)" "$f"
    done
    for f in "$SRCDIR"/tests/dump/*.*; do
        case $f in *.inf|*.sh) continue ;; esac
        [ -f "$f" ] && printf 'dump/%s\t.\tt_dump %s\n' "${f##*/}" "${f##*/}"
    done
    for d in syntax errors; do
        for f in "$SRCDIR"/tests/$d/*.inf; do
            [ -f "$f" ] || continue
            name=$(basename "$f")
            printf '%s/%s\t%s\tt_%s %s\n' $d "${name%.inf}" "tests/$d" $d "$name"
        done
    done
    for f in "$SRCDIR"/tests/games/*.inf; do
        [ -f "$f" ] || continue
        name=$(basename "$f")
        reason=$(absent_need "$f")
        game_variants "$f" | while IFS= read -r sw; do
            id=games/${name%.inf}
            [ -n "$sw" ] && id="$id[$(echo $sw | tr ' ' ',')]"
            if [ -n "$reason" ]; then
                printf '%s\t.\tt_skip %s is absent\n' "$id" "$reason"
                continue
            fi
            printf '%s\t%s\tt_games %s %s\n' "$id" tests/games "$name" "$sw"
        done
    done
    for f in "$SRCDIR"/examples/*.inf; do     # checked like games
        [ -f "$f" ] || continue
        name=$(basename "$f")
        game_variants "$f" | while IFS= read -r sw; do
            id=examples/${name%.inf}
            [ -n "$sw" ] && id="$id[$(echo $sw | tr ' ' ',')]"
            printf '%s\t%s\tt_games %s %s\n' "$id" examples "$name" "$sw"
        done
    done
    local folder
    $ORACLE || return 0
    for folder in tests/syntax tests/errors tests/games examples; do
        d=${folder#tests/}
        for f in "$SRCDIR"/$folder/*.inf; do
            [ -f "$f" ] || continue
            is_tagged "$f" 6.42+ && continue
            reason=$(meta "$f" INFORM6 | head -n 1)
            name=$(basename "$f")
            if [ "${reason%% *}" = skip ]; then
                printf 'oracle:%s/%s\t.\tt_skip %s\n' $d "${name%.inf}" "$reason"
                continue
            fi
            if [ $d = games ] || [ $d = examples ]; then
                reason=$(absent_need "$f")
                game_variants "$f" | while IFS= read -r sw; do
                    id=oracle:$d/${name%.inf}
                    [ -n "$sw" ] && id="$id[$(echo $sw | tr ' ' ',')]"
                    if [ -n "$reason" ]; then
                        printf '%s\t.\tt_skip %s is absent\n' "$id" "$reason"
                        continue
                    fi
                    printf '%s\t%s\tt_oracle accept %s %s\n' "$id" $folder "$name" "$sw"
                done
                continue
            fi
            sw=$(meta "$f" SWITCHES | head -n 1)
            # an errors test that expects exit status 0 (warnings only)
            # is one inform6 must accept
            want=accept
            [ $d = errors ] && [ "$(meta "$f" EXIT | head -n 1)" != 0 ] && want=reject
            printf 'oracle:%s/%s\t%s\tt_oracle %s %s %s\n' $d "${name%.inf}" \
                $folder $want "$name" "$sw"
        done
    done
}

# game_variants FILE: one line per "! SWITCHES:" line, or one empty line.
game_variants() {
    if grep -qE '^[[:space:]]*![[:space:]]*SWITCHES:' "$1"; then
        meta "$1" SWITCHES
    else
        echo
    fi
}

t_skip() { verdict "SKIP ($*)"; }

# selected ID: true when no --only was given or ID matches one of them.
selected() {
    [ ${#ONLY[@]} -eq 0 ] && return 0
    local p
    for p in "${ONLY[@]}"; do
        case $1 in *$p*) return 0 ;; esac
    done
    return 1
}

## ---------------------------------------------------------------- one job

# run_one JOBFILE RESDIR N: runs job N, leaves RESDIR/N.res and N.done.
run_one() {
    local line id dir cmd
    line=$(sed -n "$3p" "$1")
    id=${line%%$'\t'*}; line=${line#*$'\t'}
    dir=${line%%$'\t'*}; cmd=${line#*$'\t'}
    OUT=$2/$3.res
    WORK=$(mktemp -d "$2/work.XXXXXX")
    (
        [ "$dir" = . ] && cd "$WORK" || cd "$SRCDIR/$dir" || exit 1
        set -f      # switches are split on blanks, never globbed
        $cmd        # split on blanks only: no globbing, no $ expansion
    )
    [ -s "$OUT" ] || verdict "FAIL: the test runner itself failed"
    chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"
    : >"$2/$3.done"
}

## ---------------------------------------------------------------- regen

# regen ID: rewrites the expected files of syntax/NAME or errors/NAME.
regen() {
    local d=${1%%/*} name=${1#*/} sw st
    local inf=$SRCDIR/tests/$d/$name.inf
    if [ ! -f "$inf" ] || { [ "$d" != syntax ] && [ "$d" != errors ]; }; then
        echo "regen: no test $1 (syntax/NAME or errors/NAME)" >&2
        return 1
    fi
    cd "$SRCDIR/tests/$d" || return 1
    sw=$(meta "$name.inf" SWITCHES | head -n 1)
    set -f
    if [ "$d" = syntax ]; then
        run_vinform --dump-ast $sw "$name.inf" >"$name.ast.new"
        st=$?
        mv "$name.ast.new" "$name.ast"
        echo "wrote tests/syntax/$name.ast (exit status $st)"
        if [ -f "$name.err" ]; then
            run_vinform --syntax-only $sw "$name.inf" >"$name.err" 2>&1
            echo "wrote tests/syntax/$name.err"
        fi
    else
        run_vinform --syntax-only $sw "$name.inf" >"$name.err.new" 2>&1
        st=$?
        mv "$name.err.new" "$name.err"
        echo "wrote tests/errors/$name.err (exit status $st)"
    fi
    set +f
    cd - >/dev/null
}

regen_all() {
    local ids=("$@") f d status=0
    if [ ${#ids[@]} -eq 0 ]; then
        for d in syntax errors; do
            for f in "$SRCDIR"/tests/$d/*.inf; do
                [ -f "$f" ] && ids+=("$d/$(basename "$f" .inf)")
            done
        done
    fi
    for f in "${ids[@]}"; do
        f=${f%.inf}; f=${f%.ast}; f=${f%.err}; f=${f#tests/}
        selected "$f" || continue
        regen "$f" || status=1
    done
    return $status
}

## ---------------------------------------------------------------- main

if [ "${1:-}" = --one ]; then
    run_one "$2" "$3" "$4"
    exit 0
fi

ONLY=()
ORACLE=true
REGEN=false
VERBOSE=false
JOBS=${TEST_JOBS:-2}
NAMES=()
while [ $# -gt 0 ]; do
    case $1 in
        --only) ONLY+=("$2"); shift ;;
        --only=*) ONLY+=("${1#--only=}") ;;
        --regen) REGEN=true ;;
        --no-oracle) ORACLE=false ;;
        -j) JOBS=$2; shift ;;
        -j*) JOBS=${1#-j} ;;
        -v) VERBOSE=true ;;
        -h|--help) sed -n '2,18s/^# \{0,1\}//p' "$SELF"; exit 0 ;;
        -*) echo "run-tests.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) NAMES+=("$1") ;;
    esac
    shift
done

if [ ! -x "$VINFORM" ]; then
    echo "run-tests.sh: no vinform at $VINFORM (build it, or set VINFORM)" >&2
    exit 2
fi
if $REGEN; then
    regen_all ${NAMES[@]+"${NAMES[@]}"}
    exit $?
fi
[ ${#NAMES[@]} -eq 0 ] || { echo "run-tests.sh: test names go with --regen; use --only PATTERN" >&2; exit 2; }

RESDIR=$(mktemp -d "${TMPDIR:-/tmp}/vinform-tests.XXXXXX")
trap 'chmod -R u+w "$RESDIR" 2>/dev/null; rm -rf "$RESDIR"' EXIT
list_jobs | while IFS= read -r line; do
    selected "${line%%$'\t'*}" && printf '%s\n' "$line"
done >"$RESDIR/jobs"
N=$(wc -l <"$RESDIR/jobs")

# The jobs run in parallel; the results are printed in list order as soon
# as each is done.
seq 1 "$N" | xargs -r -P "$JOBS" -n 1 "$BASH" "$SELF" --one "$RESDIR/jobs" "$RESDIR" &
XARGS=$!
pass=0 fail=0 skip=0
for i in $(seq 1 "$N"); do
    while [ ! -e "$RESDIR/$i.done" ]; do
        if ! kill -0 $XARGS 2>/dev/null && [ ! -e "$RESDIR/$i.done" ]; then
            echo "FAIL: the test was never run" >"$RESDIR/$i.res"
            break
        fi
        sleep 0.02
    done
    id=$(sed -n "${i}p" "$RESDIR/jobs"); id=${id%%$'\t'*}
    res=$(head -n 1 "$RESDIR/$i.res")
    case $res in
        PASS*) pass=$((pass + 1)); echo "PASS  $id" ;;
        SKIP*) skip=$((skip + 1)); echo "SKIP  $id ${res#SKIP }" ;;
        *) fail=$((fail + 1)); echo "FAIL  $id${res#FAIL}"
           tail -n +2 "$RESDIR/$i.res" ;;
    esac
    if $VERBOSE && [ "${res%% *}" != FAIL ]; then tail -n +2 "$RESDIR/$i.res"; fi
done
wait $XARGS 2>/dev/null

if [ $skip -gt 0 ]; then
    echo "$pass passed, $fail failed, $skip skipped"
else
    echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
