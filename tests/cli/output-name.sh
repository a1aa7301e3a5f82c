# output-name.sh: the story file's name follows inform6's rule (source name
# without folder and extension, .z3 .. .z8 or .ulx, in +code_path); -h1
# shows it.  Checked against the files inform6 writes (quirks included).
set -u
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p sub out
printf '[ Main; ];\n' >m.inf
cp m.inf sub/game.inf
cp m.inf a.b.inf

name() {        # name ARGS...: the story name vinform reports
    "$VINFORM" "$@" -h1 2>&1 | tr '\n' ' ' |
        sed -n 's/.*and the story file *"\([^"]*\)".*/\1/p'
}
check() {       # check WANT ARGS...
    local want=$1 got
    shift
    got=$(name "$@")
    [ "$got" = "$want" ] || fail "$*: vinform names the story '$got', want '$want'"
    if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
        rm -rf written && mkdir written && cp -r m.inf a.b.inf sub out written/
        (cd written && "$INFORM6" "$@" >/dev/null 2>&1)
        [ -f "written/$want" ] || fail "$*: inform6 did not write $want: $(cd written && find . -newer m.inf -type f)"
    fi
}
check m.z5 m.inf
check m.z5 m
check m.z3 -v3 m.inf
check m.z8 -v8 m.inf
check m.ulx -G m.inf
check game.z5 sub/game.inf
check out/game.z5 +code_path=out sub/game.inf
check out/m.ulx -G +code_path=out/ m.inf
check a.b a.b.inf      # inform6: the name still has a '.', so no extension
check story.bin m.inf story.bin
# A Version directive sets the extension too (the story is written once
# the source is read), even from a constant given on the command line.
printf 'Version VN;\n[ Main; ];\n' >v.inf
for n in 3 8; do
    rm -f v.z*
    "$VINFORM" -w "\$#VN=$n" v.inf >v.out 2>&1 || { cat v.out; fail "Version $n did not compile"; }
    [ -f v.z$n ] || fail "Version $n: story written as $(ls v.z*), not v.z$n"
    if [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ]; then
        rm -f v.z*
        "$INFORM6" -w "\$#VN=$n" v.inf >/dev/null 2>&1
        [ -f v.z$n ] || fail "Version $n: inform6 did not write v.z$n"
    fi
done
exit 0
