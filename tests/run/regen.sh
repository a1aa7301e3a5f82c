#!/bin/bash
# regen.sh: writes (or checks) the expected transcripts of the language
# tests in tests/run from Debian's inform6, the reference compiler.
#
# Takes tests/run/NAME.inf (all of them, or the ones named); compiles each
# with inform6 and the test's "! SWITCHES:" for every version its
# "! ZVERSIONS:" line lists (default 5; "-": no -v switch, the source
# chooses); plays the story in dfrotz through tests/harness/run-story (-s 1,
# NAME.in as the input lines when it exists); writes the transcript to
# NAME.out (z5, or the first version listed), and to NAME.zN.out for
# another version only when that version's transcript differs. Tests
# tagged 6.42+ or "! INFORM6: skip" keep their hand-written .out and are
# reported as SKIP.
#
# --glulx does the same for Glulx (run.sh --glulx): each test without a
# "! ZONLY:" line is compiled with -G from glulx_wrap's copy, played in
# glulxe and git (which must print the same), and the transcript written
# to NAME.g.out only when it differs from NAME.out (a stale NAME.g.out is
# removed). Tests with "! INFORM6-G: skip reason" (inform6 6.41's Glulx
# story prints what 6.42+ fixed), tagged 6.42+ or "! INFORM6: skip" keep
# a hand-written NAME.g.out, or NAME.out when Glulx prints the same.
#
#   tests/run/regen.sh [--check] [--glulx] [NAME | NAME.inf | tests/run/NAME.inf]...
#
# --check writes nothing: it reports each transcript that differs from its
# expected file (with a diff) and exits 1 when any does. Without it, it
# prints what it wrote; read every new transcript before committing it.
# Environment: INFORM6 (default /usr/bin/inform6).
set -u

here=$(cd "$(dirname "$0")" && pwd)
harness=$(cd "$here/../harness" && pwd)
: "${INFORM6:=/usr/bin/inform6}"
export LC_ALL=C.UTF-8 TZ=UTC

check=false
glulx=false
names=()
while [ $# -gt 0 ]; do
    case $1 in
        --check) check=true ;;
        --glulx) glulx=true ;;
        -h|--help) sed -n '2,29s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) echo "regen.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) names+=("$1") ;;
    esac
    shift
done
. "$here/glulx-wrap.sh"
[ -x "$INFORM6" ] || command -v "$INFORM6" >/dev/null ||
    { echo "regen.sh: no inform6 at $INFORM6 (set INFORM6)" >&2; exit 2; }

# meta FILE KEY, is_tagged FILE TAG
. "$harness/meta.sh"

# regen_glulx NAME INF SWITCHES: --glulx's work for one test.
regen_glulx() {
    local n=$1 inf=$2 sw=$3 zonly exp it walk=
    zonly=$(meta "$inf" ZONLY | head -n 1)
    if [ -n "$zonly" ]; then
        echo "SKIP  run/$n.ulx (Z-only: $zonly)"
        skipped=$((skipped + 1)); return
    fi
    reason=$(meta "$inf" INFORM6-G | head -n 1)
    if [ "${reason%% *}" = skip ] || is_tagged "$inf" 6.42+ ||
            [ "$(meta "$inf" INFORM6 | head -n 1 | cut -d' ' -f1)" = skip ]; then
        echo "SKIP  run/$n.ulx (hand-written .g.out, or none: ${reason:-tagged 6.42+ or INFORM6: skip})"
        skipped=$((skipped + 1)); return
    fi
    glulx_wrap "$inf" "$work/$n.g.inf"
    set -f
    # shellcheck disable=SC2086
    if ! "$INFORM6" -q $sw -G "$work/$n.g.inf" "$work/$n.ulx" >"$work/log" 2>&1 ||
            [ ! -f "$work/$n.ulx" ]; then
        set +f
        echo "FAIL  run/$n.ulx: inform6 -G does not compile it"
        sed 's/^/    | /' "$work/log" | head -n 20
        status=1; return
    fi
    set +f
    [ -f "$here/$n.in" ] && walk=$here/$n.in
    for it in glulxe git; do
        "$harness/run-story" -s 1 -t 10 $it "$work/$n.ulx" ${walk:+"$walk"} \
            >"$work/out.$it" 2>"$work/err"
        rc=$?
        if [ $rc -ne 0 ] || [ -s "$work/err" ]; then
            echo "FAIL  run/$n.ulx ($it): exit status $rc"
            cat "$work/err" "$work/out.$it" | sed 's/^/    | /' | head -n 20
            status=1; return
        fi
    done
    if ! cmp -s "$work/out.glulxe" "$work/out.git"; then
        echo "FAIL  run/$n.ulx: glulxe and git print differently"
        diff -u "$work/out.glulxe" "$work/out.git" | tail -n +3 | sed 's/^/    | /' | head -n 20
        status=1; return
    fi
    exp=$here/$n.g.out
    if cmp -s "$work/out.glulxe" "$here/$n.out"; then
        if [ ! -f "$exp" ]; then
            same=$((same + 1))
        elif $check; then
            echo "DIFF  run/$n.ulx: $n.g.out is stale (the transcript equals $n.out)"
            differ=$((differ + 1)); status=1
        else
            rm -f "$exp"; echo "removed tests/run/$n.g.out (same as $n.out)"
        fi
    elif cmp -s "$work/out.glulxe" "$exp"; then
        same=$((same + 1))
    elif $check; then
        echo "DIFF  run/$n.ulx: inform6's transcript differs from $n.g.out"
        if [ -f "$exp" ]; then
            diff -u "$exp" "$work/out.glulxe" | tail -n +3 | sed 's/^/    | /' | head -n 30
        else
            echo "    | (no $n.g.out)"
        fi
        differ=$((differ + 1)); status=1
    else
        cp "$work/out.glulxe" "$exp"
        echo "wrote tests/run/$n.g.out ($(wc -l <"$exp") lines)"
        wrote=$((wrote + 1))
    fi
}

if [ ${#names[@]} -eq 0 ]; then
    for f in "$here"/*.inf; do names+=("$(basename "$f" .inf)"); done
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/run-regen.XXXXXX")
trap 'rm -rf "$work"' EXIT

status=0 wrote=0 same=0 differ=0 skipped=0
for n in "${names[@]}"; do
    n=$(basename "$n"); n=${n%.inf}
    inf=$here/$n.inf
    if [ ! -f "$inf" ]; then
        echo "regen.sh: no test $inf" >&2; status=1; continue
    fi
    reason=$(meta "$inf" INFORM6 | head -n 1)
    if is_tagged "$inf" 6.42+ || [ "${reason%% *}" = skip ]; then
        echo "SKIP  run/$n (hand-written .out: ${reason:-tagged 6.42+})"
        skipped=$((skipped + 1))
        continue
    fi
    sw=$(meta "$inf" SWITCHES | head -n 1)
    if $glulx; then
        regen_glulx "$n" "$inf" "$sw"
        continue
    fi
    vers=$(meta "$inf" ZVERSIONS | head -n 1)
    first=
    for v in ${vers:-5}; do
        [ -n "$first" ] || first=$v
        story=$work/$n.z$v
        vsw=-v$v
        [ "$v" = - ] && vsw=
        set -f
        # shellcheck disable=SC2086
        if ! "$INFORM6" -q $sw $vsw "$inf" "$story" >"$work/log" 2>&1 ||
                [ ! -f "$story" ]; then
            set +f
            echo "FAIL  run/$n (z$v): inform6 does not compile it"
            sed 's/^/    | /' "$work/log" | head -n 20
            status=1; continue
        fi
        set +f
        walk=
        [ -f "$here/$n.in" ] && walk=$here/$n.in
        "$harness/run-story" -s 1 -t 10 dfrotz "$story" ${walk:+"$walk"} \
            >"$work/out" 2>"$work/err"
        rc=$?
        if [ $rc -ne 0 ] || [ -s "$work/err" ] ||
                grep -q 'Warning: .*(PC = [0-9a-fA-F]*)' "$work/out"; then
            echo "FAIL  run/$n (z$v): dfrotz exit status $rc, or a warning"
            cat "$work/err" "$work/out" | sed 's/^/    | /' | head -n 20
            status=1; continue
        fi
        # The first version's transcript is NAME.out; another version's is
        # NAME.zN.out, kept only when it differs from NAME.out.
        if [ "$v" = "$first" ]; then
            exp=$here/$n.out
        else
            exp=$here/$n.z$v.out
            if cmp -s "$work/out" "$here/$n.out"; then
                if [ -f "$exp" ]; then
                    if $check; then
                        echo "DIFF  run/$n (z$v): $n.z$v.out is stale (the transcript equals $n.out)"
                        differ=$((differ + 1)); status=1
                    else
                        rm -f "$exp"; echo "removed tests/run/$n.z$v.out (same as $n.out)"
                    fi
                else
                    same=$((same + 1))
                fi
                continue
            fi
        fi
        if cmp -s "$work/out" "$exp"; then
            same=$((same + 1))
        elif $check; then
            echo "DIFF  run/$n (z$v): inform6's transcript differs from $(basename "$exp")"
            if [ -f "$exp" ]; then
                diff -u "$exp" "$work/out" | tail -n +3 | sed 's/^/    | /' | head -n 30
            else
                echo "    | (no $(basename "$exp"))"
            fi
            differ=$((differ + 1)); status=1
        else
            cp "$work/out" "$exp"
            echo "wrote tests/run/$(basename "$exp") ($(wc -l <"$exp") lines)"
            wrote=$((wrote + 1))
        fi
    done
done

if $check; then
    echo "$same same, $differ differ, $skipped skipped"
else
    echo "$wrote written, $same unchanged, $skipped skipped"
fi
exit $status
