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
# transcripts.  (library_of_horror-16 is not played: its first
# quotation box stops bocfel with a fatal error, inform6's story too,
# and runtest.py gives it no reg file.)  Skips when the corpus, python3
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
n=0
# SOURCE LIBRARY VERSIONS REG
for t in "library_of_horror-36 punylib-36 3 library_of_horror" \
         "library_of_horror-60 punylib-60 3 library_of_horror" \
         "cloak-metro84-v3test - 3,4,5 cloak-metro84"; do
    set -- $t
    inc=$suite/src
    [ "$2" != - ] && inc=$suite/$2,$inc
    for v in ${3//,/ }; do
        "$VINFORM" -v$v "+include_path=$inc" "$suite/src/$1.inf" g.z$v \
            >c.log 2>&1 || { cat c.log; fail "$1 -v$v: did not compile"; }
        # (--timeout: Node and WebAssembly start slowly on a loaded machine)
        python3 "$corpus/regtest.py" --rem --timeout 20 \
            --interpreter "$PWD/bocfelr -z 1" --game g.z$v \
            "$suite/reg/$4.reg" >r.log 2>&1 ||
            { cat r.log; fail "$1 -v$v: its reg file's checks fail"; }
        n=$((n + 1))
    done
done
echo "$n stories pass their reg files"
