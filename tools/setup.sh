#!/bin/bash
# setup.sh: from a fresh clone to a built vinform, in one command.
#
#   tools/setup.sh               install what is missing, build in ./build,
#                                check examples/hello.inf, compile
#                                examples/clockmaker.inf and play it in
#                                dfrotz
#   tools/setup.sh --deps-only   only install what is missing
#
# Takes nothing but the clone.  Installs the Debian packages vinform needs
# to build and test (only those not installed yet; with sudo unless run as
# root), the npm packages of tests/harness (the emglken interpreters, into
# tests/harness/node_modules), then bootstraps, configures and builds out
# of tree in ./build, and plays the example game clockmaker.inf (on the
# standard library) through its walkthrough, comparing the transcript
# with examples/clockmaker.out.  Exit status non-zero when a step fails.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)

PACKAGES="build-essential autoconf automake pkg-config flex bison libcmark-dev
  frotz inform6-compiler inform6-library clang libclang-rt-14-dev valgrind
  hyperfine chromium libxml2-utils glulxe"

say() { printf '== %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else echo "setup: need root to run: $* (install sudo, or run as root)" >&2; exit 1
    fi
}

missing_packages() {
    local p
    for p in $PACKAGES; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
            printf '%s ' "$p"
    done
    # npm comes with nodejs from some sources; Debian's npm package would
    # conflict with those, so it is added only when there is no npm at all.
    command -v npm >/dev/null || printf 'nodejs npm '
}

install_debian() {
    local missing
    missing=$(missing_packages)
    if [ -z "$missing" ]; then
        say "Debian packages: all installed"
        return
    fi
    say "Debian packages: installing $missing"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends $missing
}

install_npm() {
    local dir=$ROOT/tests/harness
    [ -f "$dir/package.json" ] || return 0
    say "npm packages of tests/harness (emglken)"
    if [ -f "$dir/package-lock.json" ]; then
        (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    else
        (cd "$dir" && npm install --no-audit --no-fund --loglevel=error)
    fi
}

build() {
    say "./bootstrap && ./configure --enable-pgo && make (in ./build)"
    ./bootstrap
    mkdir -p build
    cd build
    # --enable-pgo: vinform built from a profile of its own runs (a
    # compile some 10% quicker; configure.ac says more)
    [ -f Makefile ] || ../configure -q --enable-pgo
    make -j2
    cd ..
}

# hello.inf is checked by the front end alone.
check_hello() {
    say "checking examples/hello.inf"
    local out
    out=$(build/vinform --syntax-only examples/hello.inf 2>&1) ||
        { printf '%s\n' "$out"; return 1; }
    if [ -n "$out" ]; then printf '%s\n' "$out"; fi
    echo "examples/hello.inf: no errors${out:+ (see the messages above)}."
}

# clockmaker.inf, a small game on the installed standard library (found
# with no +include_path), is compiled to a story and played: its
# walkthrough, with the banner's compiler version and serial number
# normalised (tests/games/normalise.sed), must give exactly
# examples/clockmaker.out, what inform6's story prints.  Any failure, and
# any difference in the transcript, fails.
play_example() {
    local story=build/clockmaker.z5 got=build/clockmaker.transcript out
    say "compiling examples/clockmaker.inf to $story"
    rm -f "$story" "$got" "$got.raw"
    if ! out=$(build/vinform examples/clockmaker.inf "$story" 2>&1) ||
            [ ! -s "$story" ]; then
        printf '%s\n' "$out"
        echo "FAILED: vinform could not compile examples/clockmaker.inf." >&2
        return 1
    fi
    if [ -n "$out" ]; then printf '%s\n' "$out"; fi
    say "playing $story in dfrotz with examples/clockmaker.walk"
    tests/harness/run-story -s 1 dfrotz "$story" examples/clockmaker.walk \
        >"$got.raw" || echo "(dfrotz stopped with an error: see above)" >&2
    sed -f tests/games/normalise.sed "$got.raw" >"$got"
    cat "$got"
    echo
    if cmp -s "$got" examples/clockmaker.out; then
        say "the transcript matches examples/clockmaker.out: the game plays as it should."
        return 0
    fi
    echo "FAILED: the transcript differs from examples/clockmaker.out" \
        "(what inform6's story prints):" >&2
    diff -u examples/clockmaker.out "$got" >&2 || true
    return 1
}

install_debian
install_npm
[ "${1:-}" = --deps-only ] && exit 0
build
check_hello
play_example
say "done: the compiler is build/vinform; run the tests with: make -C build check"
