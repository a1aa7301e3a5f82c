# common.sh: what run.sh and regen.sh in tests/games share (sourced, not
# run): the list of playable games, compiling one, playing stories in
# dfrotz and in the emglken interpreters, normalising a transcript, and
# the name of the expected transcript of a run. Needs $harness set to
# tests/harness. A Glulx story has VERSION g (--glulx).

games_sed=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/normalise.sed
games_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# A Glulx story finds the library in INFORM6_LIBRARY (default Debian's)
# and infglk.h, which Debian's library lacks, in vinform's stdlib: the
# same path for inform6 and vinform (the built vinform does not look in
# the stdlib folder until it is installed; a library with its own
# infglk.h, as the corpus's, keeps it).
: "${INFORM6_LIBRARY:=/usr/share/inform6/library}"
glulx_path="+include_path=./,$INFORM6_LIBRARY/,$games_root/stdlib/"
# A library folder of the corpus, i6lib-TAG (Inform6-Testing's 611,
# 6.12.6), gives its Glulx transcripts the tag: NAME.g.TAG.out where it
# differs from NAME.g.out (expected), and "! LIBRARY-TAG:" lines.
lib_tag=
case $(basename "$INFORM6_LIBRARY") in i6lib-*) lib_tag=$(basename "$INFORM6_LIBRARY"); lib_tag=${lib_tag#i6lib-} ;; esac

# glulx_skip INF ORACLE: why the game INF is not played on Glulx (nothing
# when it is): its "! ZONLY: reason" line (it is for the Z-machine only),
# its "! GLULX: skip reason" line (what the emglken interpreters cannot
# play), its "! LIBRARY-TAG: skip reason" line (it is not written for the
# corpus library TAG), and with ORACLE true (the compiler is inform6) its
# "! INFORM6-G: skip reason" line (inform6 6.41 cannot compile it for
# Glulx; 6.42+ can) or "! LIBRARY-TAG: inform6-skip reason" (not with
# that library).
glulx_skip() {
    local r
    r=$(meta "$1" ZONLY | head -n 1)
    [ -n "$r" ] && { echo "Z-only: $r"; return; }
    r=$(meta "$1" GLULX | head -n 1)
    [ "${r%% *}" = skip ] && { echo "glulx: $r"; return; }
    if [ -n "$lib_tag" ]; then
        r=$(meta "$1" "LIBRARY-$lib_tag" | head -n 1)
        [ "${r%% *}" = skip ] && { echo "library $lib_tag: $r"; return; }
        [ "$2" = true ] && [ "${r%% *}" = inform6-skip ] &&
            { echo "inform6 -G, library $lib_tag: $r"; return; }
    fi
    r=$(meta "$1" INFORM6-G | head -n 1)
    [ "$2" = true ] && [ "${r%% *}" = skip ] && echo "inform6 -G: $r"
}

# story_file NAME VERSION: the story's file name (NAME.zV, or NAME.ulx
# for VERSION g).
story_file() {
    if [ "$2" = g ]; then echo "$1.ulx"; else echo "$1.z$2"; fi
}

# meta FILE KEY (tests/harness/meta.sh)
. "$games_root/tests/harness/meta.sh"

# missing_needs INF: the first path of INF's "! NEEDS:" lines (relative
# to INF's folder: a corpus the game is read from) that does not exist;
# nothing when all do.
missing_needs() {
    local p d
    d=$(dirname "$1")
    while IFS= read -r p; do
        [ -n "$p" ] && [ ! -e "$d/$p" ] && { echo "$p"; return; }
    done < <(meta "$1" NEEDS)
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

# all_stories GAMESDIR [glulx]: list_stories of tests/games, then of the
# marked examples; each line "ID <tab> DIR <tab> NAME <tab> VERSION <tab>
# FIRST" with ID games/NAME or examples/NAME (.zVERSION added for a
# version not the first). With glulx, one Glulx story per game instead:
# VERSION and FIRST g, ID games/NAME.ulx.
all_stories() {
    local root d n v first kind id
    root=$(cd "$1/../.." && pwd)
    { list_stories "$1"; list_stories "$root/examples" marked; } |
    while IFS=$'\t' read -r d n v first; do
        kind=games; [ "$d" = "$root/examples" ] && kind=examples
        if [ "${2:-}" = glulx ]; then
            [ "$v" = "$first" ] || continue
            printf '%s\t%s\t%s\tg\tg\n' "$kind/$n.ulx" "$d" "$n"
            continue
        fi
        id=$kind/$n; [ "$v" = "$first" ] || id=$id.z$v
        printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$d" "$n" "$v" "$first"
    done
}

# compile_game INF VERSION DIR COMPILER...: compiles INF (in its own
# folder, so that +include_path=./ finds the game's files) with its first
# "! SWITCHES:" line to DIR/(story_file); VERSION g compiles with -G and
# glulx_path. The messages go to DIR/compile.log, the command and exit
# status to DIR/compile.cc. No story is left after a failed compile.
compile_game() {
    local inf=$1 v=$2 dir=$3 n sw st story vsw=-v$2
    shift 3
    n=$(basename "$inf" .inf)
    story=$(story_file "$n" "$v")
    sw=$(meta "$inf" SWITCHES | head -n 1)
    [ "$v" = g ] && vsw="-G $glulx_path"
    set -f
    # shellcheck disable=SC2086
    (cd "$(dirname "$inf")" && timeout -k 2 "$TEST_TIMEOUT" "$@" $sw $vsw \
        "$inf" "$dir/$story") </dev/null >"$dir/compile.log" 2>&1
    st=$?
    echo "$* $sw $vsw $n.inf $story: exit status $st" >"$dir/compile.cc"
    set +f
    if [ $st -ne 0 ] || [ ! -s "$dir/$story" ]; then rm -f "$dir/$story"; fi
}

# normalise FILE [INF]: the banner's compiler version and serial number
# made alike in place (normalise.sed says why), then each sed expression of
# the game INF's "! NORMALISE:" lines applied: a game that prints what
# differs between compilers and is no bug (a packed routine address: the
# two compilers' code differs in size) says so there; with a third
# argument g (a Glulx story's transcript), "! NORMALISE-G:" lines too.
normalise() {
    sed -i -f "$games_sed" "$1"
    [ -n "${2:-}" ] || return 0
    local e
    while IFS= read -r e; do
        [ -n "$e" ] && sed -i -e "$e" "$1"
    done < <(meta "$2" NORMALISE; [ "${3:-}" = g ] && meta "$2" NORMALISE-G)
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

# play_emglken_batch STORIES WORK JOBS INTERP...: plays every compiled
# story of the list STORIES (lines ID GAMEDIR NAME VERSION FIRST DIR) in
# each emglken INTERP (bocfel; glulxe, git) into DIR/play.INTERP (.err,
# .rc), normalised. The emglken driver writes save files in its current
# folder, so each story gets a Node process started in its own folder (one
# per interpreter: DIR/INTERP); JOBS of them run at once.
play_emglken_batch() {
    local list=$1 work=$2 jobs=$3 running=0 id gamedir n v first dir it story
    shift 3
    : >"$work/batch.err"
    while IFS=$'\t' read -r id gamedir n v first dir; do
        story=$(story_file "$n" "$v")
        [ -f "$dir/$story" ] || continue
        for it in "$@"; do
        (
            mkdir -p "$dir/$it" && cd "$dir/$it" || exit 1
            node "$harness/emglken-run.mjs" --vm "$it" --seed 1 \
                --timeout "$TEST_TIMEOUT" "../$story" "$gamedir/$n.walk" \
                >../play.$it 2>../play.$it.err
            echo $? >../play.$it.rc
            normalise ../play.$it "$gamedir/$n.inf" "$v"
        ) &
        running=$((running + 1))
        if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
        done
    done <"$list"
    wait
}

# expected GAMEDIR NAME VERSION FIRST INTERP: the expected transcript's
# path: the first that exists of NAME.zV.bocfel.out, NAME.bocfel.out (bocfel
# only), NAME.zV.out, NAME.out (.zV. only when VERSION is not FIRST). The
# last one is printed when none exists. A Glulx story's (VERSION g) is
# NAME.g.git.out (git only, when it differs) or NAME.g.out; with a corpus
# library's lib_tag, NAME.g.TAG.git.out (git only) and NAME.g.TAG.out
# come first.
expected() {
    local d=$1 n=$2 v=$3 first=$4 it=$5 c
    local cands=()
    if [ "$v" = g ]; then
        if [ -n "$lib_tag" ]; then
            [ "$it" = git ] && cands+=("$d/$n.g.$lib_tag.git.out")
            cands+=("$d/$n.g.$lib_tag.out")
        fi
        [ "$it" = git ] && cands+=("$d/$n.g.git.out")
        for c in "${cands[@]}"; do
            [ -f "$c" ] && { echo "$c"; return; }
        done
        echo "$d/$n.g.out"
        return
    fi
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
