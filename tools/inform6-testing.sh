#!/bin/bash
# inform6-testing.sh: inform6's conformance suite (Inform6-Testing's
# runtest.py, in ../shared/corpus) run with a vinform binary, its stories
# played with --reg.
#
#   tools/inform6-testing.sh [--no-reg] [VINFORM] [GROUP|FILE...]
#
# Copies the suite to a scratch folder (runtest.py writes build/ beside
# itself; the suite's own files stay as published) and runs
# `runtest.py --binary VINFORM --nolibgmalloc --reg`.  The RemGlk
# interpreters --reg asks for, `bocfelr` and `glulxer`, are made in the
# scratch folder from tests/harness/emglken-run.mjs --rem, and its
# `regtest` runs the corpus's regtest.py.  Without emglken installed (or
# with --no-reg) only the compiles are checked, and it says so.
#
# Each compile runtest.py ran is sorted into pass, "checksum-only" (every
# complaint is that an MD5 is not inform6 6.45's: the story, gameinfo.dbg
# or gametext.txt; no other compiler can match those bytes) or fail, and
# into its kind: Z-code v5/v8 (the default and -v8), Glulx (-G), or the
# other Z-machine versions (-v3/-v4/-v6/-v7).  Prints every failing
# compile's complaints ("fail  [kind] GROUP (file args): complaint"), a
# table of the counts by group and kind, and a closing line
# "inform6-testing: N compiles run, N pass, N checksum-only, N fail
# (z5/z8 N fail, Glulx N, v3/v4/v6/v7 N)".  The corpus is found at
# $CORPUS, else ../shared/corpus beside the project (or beside the main
# worktree, from another worktree); when absent it says so and exits 0.
# Exit status 0 whatever the counts (CI prints them for information).
set -u
cd "$(dirname "$0")/.."
root=$PWD
reg=--reg
if [ "${1:-}" = --no-reg ]; then reg=; shift; fi
vinform=$(realpath "${1:-build/vinform}")
shift || true

corpus=${CORPUS:-}
if [ -z "$corpus" ]; then
    corpus=../shared/corpus
    if [ ! -d "$corpus" ]; then
        common=$(git rev-parse --git-common-dir 2>/dev/null)
        [ -n "$common" ] && corpus=$(dirname "$(realpath "$common")")/../shared/corpus
    fi
fi
suite=$corpus/Inform6-Testing
if [ ! -f "$suite/runtest.py" ]; then
    echo "inform6-testing: $suite is absent: skipped"; exit 0
fi
[ -x "$vinform" ] || { echo "inform6-testing: no compiler $vinform" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$suite" "$work/suite"
if [ -n "$reg" ] && ! { command -v node >/dev/null &&
        [ -d tests/harness/node_modules/emglken ] && [ -f "$corpus/regtest.py" ]; }; then
    echo "inform6-testing: node, tests/harness/node_modules or regtest.py missing: compiles only"
    reg=
fi
if [ -n "$reg" ]; then
    mkdir "$work/bin"
    for pair in bocfel:bocfelr glulxe:glulxer; do
        printf '#!/bin/sh\nexec node "%s" --rem --vm %s "$@"\n' \
            "$root/tests/harness/emglken-run.mjs" "${pair%:*}" >"$work/bin/${pair#*:}"
    done
    # RegTest waits 1 s for a story's output by default: Node and a
    # WebAssembly engine can take longer to start on a loaded machine.
    printf '#!/bin/sh\nexec python3 "%s" --timeout 10 "$@"\n' "$(realpath "$corpus/regtest.py")" >"$work/bin/regtest"
    chmod +x "$work/bin"/*
    reg="--reg --regtest $work/bin/regtest"
fi
(cd "$work/suite" && TZ=UTC PATH="$work/bin:$PATH" \
    python3 runtest.py --binary "$vinform" --nolibgmalloc $reg "$@") >"$work/log" 2>&1

python3 - "$work/log" <<'PY'
import collections, re, sys
lines = open(sys.argv[1], errors="replace").read().splitlines()

def kind(args):
    """The kind of a compile, from its arguments (a list of words)."""
    if "-G" in args:
        return "Glulx"
    if any(a in ("-v3", "-v4", "-v6", "-v7") for a in args):
        return "v3/v4/v6/v7"
    return "z5/z8"
KINDS = ["z5/z8", "Glulx", "v3/v4/v6/v7"]

# Every compile, by group and kind, from the "Running:" lines.
runs = collections.Counter()
group = None
for l in lines:
    m = re.match(r"^\* Test: (\S+)", l)
    if m:
        group = m.group(1)
    elif l.startswith("Running:"):
        runs[(group, kind(l.split()))] += 1

# The closing list of complaints: "  GROUP (file args): message", a
# regression test's transcript following on lines starting "  ...".
complaints = collections.defaultdict(list)
last = None
tail = False
for l in lines:
    if re.match(r"^\d+ test failures!$", l):
        tail = True
        continue
    if not tail:
        continue
    m = re.match(r"^  (\S+) \((.*?)\): (.*)$", l)
    if m:
        last = (m.group(1), m.group(2))
        complaints[last].append(m.group(3))
    elif last and l.startswith("..."):
        complaints[last][-1] += "\n      " + l
CHECKSUM = ("Game file mismatch:", "gameinfo.dbg mismatch:", "gametext.txt mismatch:")
counts = collections.defaultdict(lambda: [0, 0, 0])   # (group, kind) -> [pass, checksum, fail]
for (g, k), n in runs.items():
    counts[(g, k)][0] = n
for (g, label), msgs in complaints.items():
    k = kind(label.split())
    c = counts[(g, k)]
    c[0] -= 1
    if all(x.startswith(CHECKSUM) for x in msgs):
        c[1] += 1
    else:
        c[2] += 1
        for x in msgs:
            if x.startswith(CHECKSUM):
                continue
            # A failed play's transcript: the lines around the difference.
            if "\n" in x:
                parts = x.split("\n")
                x = "\n".join(parts[:13] + (["      ..."] if len(parts) > 13 else []))
            print("fail  [%s] %s (%s): %s" % (k, g, label, x))

print()
print("%-24s %-18s %-18s %-18s" % ("group (pass/checksum/fail)", *KINDS))
groups = []
for g, _ in runs:
    if g not in groups:
        groups.append(g)
total = [0, 0, 0]
bykind = collections.Counter()
for g in groups:
    row = []
    for k in KINDS:
        c = counts.get((g, k))
        row.append("%d/%d/%d" % tuple(c) if c and sum(c) else "-")
        if c:
            for i in range(3):
                total[i] += c[i]
            bykind[k] += c[2]
    print("%-24s %-18s %-18s %-18s" % (g, *row))
print("inform6-testing: %d compiles run, %d pass, %d checksum-only, %d fail "
      "(z5/z8 %d fail, Glulx %d, v3/v4/v6/v7 %d)"
      % (sum(total), total[0], total[1], total[2],
         bykind["z5/z8"], bykind["Glulx"], bykind["v3/v4/v6/v7"]))
PY
