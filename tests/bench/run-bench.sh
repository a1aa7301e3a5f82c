#!/bin/bash
# run-bench.sh: `make bench`: compile time and story size of vinform next
# to inform6, for the generated program, the test suite and the example
# game.
#
#   run-bench.sh [-l LINES] [-s SEED] [-n ROUNDS] [--no-suite]
#                [--no-example] [--no-glulx] [--no-callgrind] [--require]
#
# Takes VINFORM, INFORM6 (may be empty) and WORKDIR from the environment
# (make bench sets them; BENCHFLAGS passes options) and hands over to
# bench.py, which does the work in one process (see its opening comment):
# full compiles to Z-machine stories by both compilers, alternating, 11
# rounds; the medians' time ratio and the story-size ratio, for the
# generated program, for tests/run as a whole and for
# examples/clockmaker.inf, and on Glulx for the generated program and
# Inform 7 10.1's output in the corpus; then tests/bench/
# varying-size.py (varying strings' code growth) and tests/bench/
# text-bench.sh (the text library's and constant regex patterns' work in
# the interpreters).  Exit status non-zero
# only when a compiler fails (or, with --require, a goal is missed).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
: "${VINFORM:?set VINFORM to the vinform binary}"
: "${WORKDIR:=$(pwd)/bench}"
if [ -z "${INFORM6+set}" ]; then INFORM6=$(command -v inform6 || true); fi
export VINFORM INFORM6 WORKDIR
export PATH=$PATH:/usr/games     # dfrotz, to play the generated program
command -v python3 >/dev/null || { echo "bench: python3 is needed" >&2; exit 1; }
python3 "$HERE/bench.py" "$@" || exit 1
# Varying strings (issue 6): the code a varying substring costs beyond its
# text, in a 500-substring story, against the goal 10 + 4 x alternatives.
python3 "$HERE/varying-size.py"
# The text library's operations, and constant regex patterns compiled into
# code against the same patterns interpreted (issue 16): instruction
# counts in dfrotz and glulxe under callgrind, when valgrind is there.
if command -v valgrind >/dev/null; then
    echo
    "$HERE/text-bench.sh" || exit 1
fi
