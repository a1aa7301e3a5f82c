# common.sh: what run.sh and regen.sh in tests/games share (sourced, not
# run): the list of playable games, compiling one, playing stories in
# dfrotz and bocfel, normalising a transcript, and the name of the
# expected transcript of a run. Needs $harness set to tests/harness.

games_sed=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/normalise.sed

# meta FILE KEY: the values of every "! KEY: value" line, one a line.
meta() {
    sed -n "s/^[[:space:]]*![[:space:]]*$2:[[:space:]]*//p" "$1" |
        sed 's/[[:space:]]*$//'
}

# list_stories DIR [MARKED]: one line "DIR <tab> NAME <tab> VERSION <tab>
# FIRSTVERSION" per story to play: every DIR/NAME.inf with a DIR/NAME.walk
# (with MARKED, only those with a "! SUITE: games" line: the examples),
# once for each version of its "! ZVERSIONS:" line (default 5).
list_stories() {
    local inf n vers v first
    for inf in "$1"/*.inf; do
        n=$(basename "$inf" .inf)
        [ -f "$1/$n.walk" ] || continue
        if [ -n "${2:-}" ]; then
            meta "$inf" SUITE | grep -qx games || continue
        fi
        vers=$(meta "$inf" ZVERSIONS | head -n 1)
        first=
        for v in ${vers:-5}; do
            [ -n "$first" ] || first=$v
            printf '%s\t%s\t%s\t%s\n' "$1" "$n" "$v" "$first"
        done
    done
}

# all_stories GAMESDIR: list_stories of tests/games, then of the marked
# examples; each line "ID <tab> DIR <tab> NAME <tab> VERSION <tab> FIRST"
# with ID games/NAME or examples/NAME (.zVERSION added for a version not
# the first).
all_stories() {
    local root d n v first kind id
    root=$(cd "$1/../.." && pwd)
    { list_stories "$1"; list_stories "$root/examples" marked; } |
    while IFS=$'\t' read -r d n v first; do
        kind=games; [ "$d" = "$root/examples" ] && kind=examples
        id=$kind/$n; [ "$v" = "$first" ] || id=$id.z$v
        printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$d" "$n" "$v" "$first"
    done
}

# compile_game INF VERSION DIR COMPILER...: compiles INF (in its own
# folder, so that +include_path=./ finds the game's files) with its first
# "! SWITCHES:" line to DIR/NAME.zVERSION; the messages go to
# DIR/compile.log, the command and exit status to DIR/compile.cc. No story
# is left after a failed compile.
compile_game() {
    local inf=$1 v=$2 dir=$3 n sw st
    shift 3
    n=$(basename "$inf" .inf)
    sw=$(meta "$inf" SWITCHES | head -n 1)
    set -f
    # shellcheck disable=SC2086
    (cd "$(dirname "$inf")" && timeout -k 2 "$TEST_TIMEOUT" "$@" $sw -v"$v" \
        "$inf" "$dir/$n.z$v") </dev/null >"$dir/compile.log" 2>&1
    st=$?
    echo "$* $sw -v$v $n.inf $n.z$v: exit status $st" >"$dir/compile.cc"
    set +f
    if [ $st -ne 0 ] || [ ! -s "$dir/$n.z$v" ]; then rm -f "$dir/$n.z$v"; fi
}

# normalise FILE [INF]: the banner's compiler version and serial number
# made alike in place (normalise.sed says why), then each sed expression of
# the game INF's "! NORMALISE:" lines applied: a game that prints what
# differs between compilers and is no bug (a packed routine address: the
# two compilers' code differs in size) says so there.
normalise() {
    sed -i -f "$games_sed" "$1"
    [ -n "${2:-}" ] || return 0
    local e
    while IFS= read -r e; do
        [ -n "$e" ] && sed -i -e "$e" "$1"
    done < <(meta "$2" NORMALISE)
}

# play_dfrotz GAMEDIR NAME VERSION DIR: plays DIR/NAME.zVERSION with
# GAMEDIR/NAME.walk in dfrotz, in DIR (a save file lands there), into
# DIR/play.dfrotz (.err, .rc), normalised.
play_dfrotz() {
    local story=$4/$2.z$3
    [ -f "$story" ] || return 0
    (cd "$4" && "$harness/run-story" -s 1 -t "$TEST_TIMEOUT" dfrotz "$2.z$3" \
        "$1/$2.walk") >"$4/play.dfrotz" 2>"$4/play.dfrotz.err"
    echo $? >"$4/play.dfrotz.rc"
    normalise "$4/play.dfrotz" "$1/$2.inf"
}

# play_bocfel_batch STORIES WORK JOBS: plays every compiled story of the
# list STORIES (lines ID GAMEDIR NAME VERSION FIRST DIR) in bocfel into
# DIR/play.bocfel (.err, .rc), normalised. The emglken driver writes save
# files in its current folder, so each story gets a Node process started in
# its own folder; JOBS of them run at once.
play_bocfel_batch() {
    local list=$1 work=$2 jobs=$3 running=0 id gamedir n v first dir
    : >"$work/batch.err"
    while IFS=$'\t' read -r id gamedir n v first dir; do
        [ -f "$dir/$n.z$v" ] || continue
        (
            cd "$dir" || exit 1
            node "$harness/emglken-run.mjs" --vm bocfel --seed 1 \
                --timeout "$TEST_TIMEOUT" "$n.z$v" "$gamedir/$n.walk" \
                >play.bocfel 2>play.bocfel.err
            echo $? >play.bocfel.rc
            normalise play.bocfel "$gamedir/$n.inf"
        ) &
        running=$((running + 1))
        if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
    done <"$list"
    wait
}

# expected GAMEDIR NAME VERSION FIRST INTERP: the expected transcript's
# path: the first that exists of NAME.zV.bocfel.out, NAME.bocfel.out (bocfel
# only), NAME.zV.out, NAME.out (.zV. only when VERSION is not FIRST). The
# last one is printed when none exists.
expected() {
    local d=$1 n=$2 v=$3 first=$4 it=$5 c
    local cands=()
    if [ "$it" = bocfel ]; then
        [ "$v" != "$first" ] && cands+=("$d/$n.z$v.bocfel.out")
        cands+=("$d/$n.bocfel.out")
    fi
    [ "$v" != "$first" ] && cands+=("$d/$n.z$v.out")
    cands+=("$d/$n.out")
    for c in "${cands[@]}"; do
        [ -f "$c" ] && { echo "$c"; return; }
    done
    echo "$d/$n.out"
}
