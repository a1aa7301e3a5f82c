# puny-reg.sh: PunyInform's demo game and Metrocenter '84's Cloak of
# Darkness play their reg files' commands as the reg files say (issue 13,
# acceptance 1).  library_of_horror-36 and -60 (on PunyInform 3.6 and
# 6.0) and cloak-metro84-v3test, from the Inform6-Testing corpus, are
# compiled as its runtest.py compiles them for its reg runs (the game's
# library folder on the include path, the source's own !% lines read;
# the games at -v3, Cloak at -v3, -v4 and -v5: at -v5 the games'
# quotation boxes are in the upper window, where the reg file does not
# look), and each story is played by RegTest (the corpus's regtest.py)
# in bocfel through RemGlk, seed 1: every line the reg file expects
# after each command must be printed.  The reg files are inform6 6.45's
# transcripts.  Each story is also played in dfrotz with the reg
# file's commands and must print what inform6's story of the same source
# prints (when INFORM6 is set and compiles it).  (library_of_horror-16 is not played: its first
# quotation box stops bocfel with a fatal error, inform6's story too,
# and runtest.py gives it no reg file: it is played in dfrotz only, with
# the same commands.)  Skips when the corpus, python3
# or emglken is absent.
set -u
fail() { echo "FAIL: $*"; exit 1; }
. "$SRCDIR/tests/harness/corpus.sh"
find_corpus "$SRCDIR"
suite=$corpus/Inform6-Testing
[ -d "$suite/src" ] && [ -f "$corpus/regtest.py" ] ||
    { echo "no corpus at $suite"; exit 77; }
command -v python3 >/dev/null && command -v node >/dev/null || exit 77
[ -d "$SRCDIR/tests/harness/node_modules/emglken" ] || exit 77
printf '#!/bin/sh\nexec node "%s" --rem --vm bocfel "$@"\n' \
    "$SRCDIR/tests/harness/emglken-run.mjs" >bocfelr
chmod +x bocfelr
n=0 d=0
dfrotz=$(command -v dfrotz || echo /usr/games/dfrotz)
# SOURCE LIBRARY VERSIONS REG [dfrotz-only]
for t in "library_of_horror-16 punylib-16 3 library_of_horror dfrotz-only" \
         "library_of_horror-36 punylib-36 3 library_of_horror" \
         "library_of_horror-60 punylib-60 3 library_of_horror" \
         "cloak-metro84-v3test - 3,4,5 cloak-metro84"; do
    set -- $t
    inc=$suite/src
    [ "$2" != - ] && inc=$suite/$2,$inc
    for v in ${3//,/ }; do
        "$VINFORM" -v$v "+include_path=$inc" "$suite/src/$1.inf" g.z$v \
            >c.log 2>&1 || { cat c.log; fail "$1 -v$v: did not compile"; }
        if [ "${5:-}" != dfrotz-only ]; then
            # (--timeout: Node and WebAssembly start slowly on a loaded machine)
            python3 "$corpus/regtest.py" --rem --timeout 20 \
                --interpreter "$PWD/bocfelr -z 1" --game g.z$v \
                "$suite/reg/$4.reg" >r.log 2>&1 ||
                { cat r.log; fail "$1 -v$v: its reg file's checks fail"; }
            n=$((n + 1))
        fi
        # and in dfrotz, the reg file's commands against inform6's story
        # of the same source where inform6 compiles it (6.41 does not
        # compile PunyInform 6.0); the screens in bocfel, status line
        # included, are compared by tests/styles/run.sh
        [ -n "${INFORM6:-}" ] && [ -x "$dfrotz" ] || continue
        "$INFORM6" -v$v "+include_path=$inc" "$suite/src/$1.inf" i.z$v \
            >i.log 2>&1 || continue
        grep '^>' "$suite/reg/$4.reg" | sed 's/^> *//' >walk
        for w in g i; do
            "$dfrotz" -q -m -s 1 "$w.z$v" <walk 2>&1 |
                sed -f "$SRCDIR/tests/games/normalise.sed" >"$w.dfrotz"
        done
        cmp -s g.dfrotz i.dfrotz || { diff i.dfrotz g.dfrotz | head -20
            fail "$1 -v$v: dfrotz shows other text than inform6's story"; }
        d=$((d + 1))
    done
done
echo "$n stories pass their reg files; $d play as inform6's in dfrotz"
