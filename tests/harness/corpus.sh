# corpus.sh: where the corpus of other people's sources is (sourced, not
# run), for the tests and tools that read it and skip, saying so, when
# it is absent.
#
#   find_corpus ROOT   sets `corpus`: $CORPUS when set, else
#                      ROOT/../shared/corpus, else (ROOT being a git
#                      worktree of the project) the shared/corpus beside
#                      the main clone.  It may not exist: test for it.
find_corpus() {
    corpus=${CORPUS:-$1/../shared/corpus}
    [ -d "$corpus" ] && return 0
    local common
    common=$(git -C "$1" rev-parse --git-common-dir 2>/dev/null)
    [ -n "$common" ] && corpus=$(dirname "$(realpath "$common")")/../shared/corpus
    return 0
}
