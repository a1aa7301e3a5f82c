#!/bin/sh
# pgo-train.sh VINFORM SRCDIR: the compiles whose profile the
# profile-guided build (configure --enable-pgo) optimises vinform for.
#
# VINFORM is the instrumented compiler (vinform-train); every run adds to
# the .gcda profiles beside its objects.  The training programs are the
# bundled examples, the library games of tests/games (on the installed
# standard library; without it they stop early and still count) and a
# generated 8,000-line program (seed 2: the benchmark's is 20,000 lines,
# seed 1), each compiled for version 5 and for version 8, with and without
# strict checks.  tests/run, which `make bench` times, is left out.
# Compile errors do not matter here; the script fails only when VINFORM
# cannot be run at all.
set -u
VINFORM=$1
SRCDIR=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/vinform-pgo.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
"$VINFORM" --version >/dev/null || exit 1
sh "$SRCDIR/tests/bench/gen-program" -l 8000 -s 2 >"$work/gen.inf" || exit 1
for f in "$SRCDIR"/examples/*.inf "$SRCDIR"/tests/games/*.inf "$work/gen.inf"; do
    for switches in "-v5" "-v8" "-v5 -~S"; do
        # shellcheck disable=SC2086
        "$VINFORM" $switches "$f" "$work/story" >/dev/null 2>&1
    done
done
exit 0
