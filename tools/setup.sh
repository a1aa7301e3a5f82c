#!/bin/bash
# setup.sh: from a fresh clone to a built vinform, in one command.
#
#   tools/setup.sh               install what is missing, build in ./build,
#                                and compile examples/hello.inf
#   tools/setup.sh --deps-only   only install what is missing
#
# Takes nothing but the clone.  Installs the Debian packages vinform needs
# to build and test (only those not installed yet; with sudo unless run as
# root), the npm packages of tests/harness (the emglken interpreters, into
# tests/harness/node_modules), then bootstraps, configures and builds out
# of tree in ./build.  Exit status non-zero when a step fails.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)

PACKAGES="build-essential autoconf automake pkg-config flex bison libcmark-dev
  frotz inform6-compiler inform6-library clang libclang-rt-14-dev valgrind
  hyperfine"

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
    say "./bootstrap && ./configure && make (in ./build)"
    ./bootstrap
    mkdir -p build
    cd build
    [ -f Makefile ] || ../configure -q
    make -j2
    cd ..
}

first_game() {
    say "compiling examples/hello.inf"
    local out
    out=$(build/vinform --syntax-only examples/hello.inf 2>&1) ||
        { printf '%s\n' "$out"; return 1; }
    if [ -n "$out" ]; then printf '%s\n' "$out"; fi
    echo "examples/hello.inf: no errors${out:+ (see the messages above)}."
    # Once a back end writes story files this goes on to play the game.
    if build/vinform examples/hello.inf build/hello.z5 >/dev/null 2>&1 &&
        [ -s build/hello.z5 ]; then
        say "playing build/hello.z5 in dfrotz"
        printf 'look\ntake\nlight\nquit\n' |
            /usr/games/dfrotz -q -m build/hello.z5
    else
        echo "vinform cannot write story files yet: playing the game arrives"
        echo "with the Z-machine back end.  Today, with the reference compiler:"
        echo "    inform6 examples/hello.inf hello.z5 && /usr/games/dfrotz hello.z5"
    fi
}

install_debian
install_npm
[ "${1:-}" = --deps-only ] && exit 0
build
first_game
say "done: the compiler is build/vinform; run the tests with: make -C build check"
