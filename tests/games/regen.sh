#!/bin/bash
# regen.sh: writes (or checks) the expected transcripts of the game tests
# in tests/games from Debian's inform6, the reference compiler.
#
# Takes every tests/games/NAME.inf with a NAME.walk, and every
# examples/NAME.inf with a NAME.walk and a "! SUITE: games" line (or the
# ones named);
# compiles each with inform6 exactly as run.sh compiles it with vinform
# (first "! SWITCHES:" line, each version of "! ZVERSIONS:", default 5);
# plays the story in dfrotz and bocfel as run.sh does (seed 1, its own
# folder, banner normalised by normalise.sed) and writes NAME.out (dfrotz,
# first version), then NAME.bocfel.out, NAME.zN.out and NAME.zN.bocfel.out
# each only when it differs from what run.sh would otherwise compare with
# (common.sh: expected); a file no longer needed is removed.
#
# --glulx does the same for the Glulx stories of run.sh --glulx: inform6
# -G (common.sh: glulx_path), glulxe's transcript to NAME.g.out and git's
# to NAME.g.git.out only when it differs (with a corpus library in
# INFORM6_LIBRARY, i6lib-TAG: NAME.g.TAG.out and NAME.g.TAG.git.out, each
# only when it differs from what run.sh would compare with); games that common.sh's
# glulx_skip names are skipped (a hand-written NAME.g.out for an
# "! INFORM6-G: skip" game).
#
#   tests/games/regen.sh [--check] [--glulx] [NAME | NAME.inf | tests/games/NAME.inf]...
#
# --check writes nothing: it reports each transcript that differs from its
# expected file and exits 1 when any does. Without it, it prints what it
# wrote; read every new transcript before committing it. bocfel's
# transcripts need emglken (cd tests/harness && npm ci).
# Environment: INFORM6 (default /usr/bin/inform6), TEST_TIMEOUT (20).
set -u

here=$(cd "$(dirname "$0")" && pwd)
harness=$(cd "$here/../harness" && pwd)
: "${INFORM6:=/usr/bin/inform6}"
: "${TEST_TIMEOUT:=20}"
export LC_ALL=C.UTF-8 TZ=UTC

check=false
glulx=false
names=()
while [ $# -gt 0 ]; do
    case $1 in
        --check) check=true ;;
        --glulx) glulx=true ;;
        -h|--help) sed -n '2,25s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) echo "regen.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) n=$(basename "$1"); names+=("${n%.inf}") ;;
    esac
    shift
done
[ -x "$INFORM6" ] || command -v "$INFORM6" >/dev/null ||
    { echo "regen.sh: no inform6 at $INFORM6 (set INFORM6)" >&2; exit 2; }
[ -d "$harness/node_modules/emglken" ] ||
    { echo "regen.sh: emglken is not installed (cd tests/harness && npm ci)" >&2; exit 2; }

# shellcheck source=tests/games/common.sh
. "$here/common.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/games-regen.XXXXXX")
trap 'rm -rf "$work"' EXIT

wanted() {
    [ ${#names[@]} -eq 0 ] && return 0
    local w
    for w in "${names[@]}"; do [ "$w" = "$1" ] && return 0; done
    return 1
}
mode=
$glulx && mode=glulx
all_stories "$here" $mode | while IFS=$'\t' read -r id gd n v first; do
    wanted "$n" && printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$gd" "$n" "$v" "$first" "$work/${id//\//-}"
done >"$work/stories"
for w in "${names[@]}"; do
    cut -f 3 "$work/stories" | grep -qx "$w" ||
        { echo "regen.sh: no game $w.inf with a $w.walk in tests/games (or examples)" >&2; exit 2; }
done

while IFS=$'\t' read -r id gd n v first dir; do
    mkdir -p "$dir"
    missing_needs "$gd/$n.inf" >"$dir/skip"
    [ -s "$dir/skip" ] && continue
    compile_game "$gd/$n.inf" "$v" "$dir" "$INFORM6" -q
done <"$work/stories"
if $glulx; then
    play_emglken_batch "$work/stories" "$work" 2 glulxe git
else
    play_emglken_batch "$work/stories" "$work" 2 bocfel
    while IFS=$'\t' read -r id gd n v first dir; do
        play_dfrotz "$gd" "$n" "$v" "$dir"
    done <"$work/stories"
fi

status=0 wrote=0 same=0 differ=0

# settle FILE TRANSCRIPT GAMEDIR NAME V FIRST INTERP: FILE must hold
# TRANSCRIPT unless what expected() finds without FILE already does.
settle() {
    local file=$1 out=$2 fallback rel
    rel=${file#"$(cd "$here/../.." && pwd)/"}
    shift 2
    if [ "$file" = "$1/$2.out" ] || [ "$file" = "$1/$2.g.out" ]; then
        fallback=
    else
        fallback=$(mv "$file" "$file.regen" 2>/dev/null; expected "$@")
        [ -f "$file.regen" ] && mv "$file.regen" "$file"
        [ -f "$fallback" ] && cmp -s "$fallback" "$out" || fallback=
    fi
    if [ -n "$fallback" ]; then       # not needed
        if [ -f "$file" ]; then
            if $check; then
                echo "DIFF  $(basename "$file") is stale (the transcript equals $(basename "$fallback"))"
                differ=$((differ + 1)); status=1
            else
                rm -f "$file"; echo "removed $rel"
            fi
        else
            same=$((same + 1))
        fi
    elif cmp -s "$file" "$out"; then
        same=$((same + 1))
    elif $check; then
        echo "DIFF  inform6's transcript differs from $(basename "$file")"
        if [ -f "$file" ]; then
            diff -u "$file" "$out" | tail -n +3 | sed 's/^/    | /' | head -n 30
        else
            echo "    | (no $(basename "$file"))"
        fi
        differ=$((differ + 1)); status=1
    else
        cp "$out" "$file"
        echo "wrote $rel ($(wc -l <"$file") lines)"
        wrote=$((wrote + 1))
    fi
}

# The first version before the others, dfrotz before bocfel: each file's
# fallbacks are settled before it.
awk -F'\t' '$4 == $5' "$work/stories" >"$work/order"
awk -F'\t' '$4 != $5' "$work/stories" >>"$work/order"
while IFS=$'\t' read -r id gd n v first dir; do
    if $glulx && [ -n "$(glulx_skip "$gd/$n.inf" true)" ]; then
        echo "SKIP  $id ($(glulx_skip "$gd/$n.inf" true))"
        continue
    fi
    if [ -s "$dir/skip" ]; then
        echo "SKIP  $id: $(cat "$dir/skip") is absent"
        continue
    fi
    if [ ! -f "$dir/$(story_file "$n" "$v")" ]; then
        echo "FAIL  $id: inform6 does not compile it"
        sed 's/^/    | /' "$dir/compile.log" | head -n 20
        status=1; continue
    fi
    its="dfrotz bocfel"
    $glulx && its="glulxe git"
    for it in $its; do
        out=$dir/play.$it
        if [ "$(cat "$out.rc" 2>/dev/null)" != 0 ] || [ -s "$out.err" ] ||
                grep -q 'Warning: .*(PC = [0-9a-fA-F]*)' "$out"; then
            echo "FAIL  $id ($it): the interpreter failed or warned"
            cat "$out.err" "$out" 2>/dev/null | sed 's/^/    | /' | tail -n 20
            status=1; continue
        fi
        z=; [ "$v" != "$first" ] && z=.z$v
        b=; [ $it = bocfel ] && b=.bocfel
        [ "$v" = g ] && z=.g b=
        [ "$v" = g ] && [ -n "$lib_tag" ] && z=.g.$lib_tag
        [ $it = git ] && b=.git
        settle "$gd/$n$z$b.out" "$out" "$gd" "$n" "$v" "$first" "$it"
    done
done <"$work/order"

if $check; then
    echo "$same same, $differ differ"
else
    echo "$wrote written, $same unchanged"
fi
exit $status
