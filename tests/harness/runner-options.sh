# runner-options.sh: what the story-playing test runners (tests/run/run.sh,
# tests/games/run.sh, tests/styles/run.sh) share, sourced by them: their
# options, choosing tests by --only, and finding the compiler.
#
#   runner_options HELP_LAST_LINE "$@"   sets only, interps, verbose, jobs,
#                                        glulx (--glulx: Glulx stories,
#                                        played in glulxe and git)
#   selected ID                          true when ID contains one of the
#                                        --only patterns (or there are none)
#   runner_compiler                      sets compiler (an array: the
#                                        command, its path made absolute,
#                                        since it runs in a work folder)
# Reads VINFORM and TEST_JOBS; exits 2 on a bad argument or no compiler.

runner_options() {
    local last=$1
    shift
    only=()
    interps=
    glulx=false
    verbose=false
    jobs=$TEST_JOBS
    while [ $# -gt 0 ]; do
        case $1 in
            --only) only+=("$2"); shift ;;
            --only=*) only+=("${1#--only=}") ;;
            --interp) interps=$2; shift ;;
            --glulx) glulx=true ;;
            -j) jobs=$2; shift ;;
            -j*) jobs=${1#-j} ;;
            -v) verbose=true ;;
            -h|--help) sed -n "2,${last}s/^# \{0,1\}//p" "$0"; exit 0 ;;
            *) echo "run.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
        esac
        shift
    done
    if [ -z "$interps" ]; then
        if $glulx; then interps=glulxe,git; else interps=dfrotz,bocfel; fi
    fi
}

selected() {
    [ ${#only[@]} -eq 0 ] && return 0
    local p
    for p in "${only[@]}"; do
        # shellcheck disable=SC2254
        case $1 in *$p*) return 0 ;; esac
    done
    return 1
}

runner_compiler() {
    read -r -a compiler <<<"$VINFORM"
    if [ ${#compiler[@]} -eq 0 ] || ! command -v "${compiler[0]}" >/dev/null; then
        echo "run.sh: no compiler '$VINFORM' (build vinform, or set VINFORM)" >&2
        exit 2
    fi
    compiler[0]=$(command -v "${compiler[0]}")
    case ${compiler[0]} in
        */*) compiler[0]=$(cd "$(dirname "${compiler[0]}")" && pwd)/$(basename "${compiler[0]}") ;;
    esac
}
