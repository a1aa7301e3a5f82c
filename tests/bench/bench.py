#!/usr/bin/env python3
"""bench.py: compile time and story size of vinform next to inform6.

Takes the two compilers (VINFORM, INFORM6 from the environment; INFORM6
may be empty), a work folder (WORKDIR), tests/bench/gen-program, the
language test suite tests/run/*.inf and the example game
examples/clockmaker.inf.  Gives a table and three closing lines,

    bench: generated program: time ratio 0.71, size ratio 0.93 (...)
    bench: test suite: time ratio 0.85, size ratio 1.01 (...)
    bench: example game: time ratio 0.80, size ratio 0.97 (...)
    bench: Glulx generated program: time ratio 0.70, size ratio 0.99 (...)
    bench: Glulx I7 10.1 output: time ratio 0.70, size ratio 1.18 (...)

for (a) the generated program (gen-program -l LINES -s SEED), compiled for
version 5 when inform6 fits it there and version 8 otherwise (the default
20000 lines need version 8), and (b) every tests/run program that both
compilers accept, in the first version its "! ZVERSIONS:" line lists (5
for all but hdr-v8) with its "! SWITCHES:", each compiled once a round,
and (c) the example game, a game on the standard library, compiled for
version 5 with each compiler's default library path (issue 5,
acceptance 4), and on Glulx (-G; issue 12, acceptance 7) (d) the same
generated program and (e) Inform 7 10.1's output of Inform6-Testing
(src/i7-min-10-1-2.inf, whose !% lines both compilers read; left out
when the corpus is absent: CORPUS names it, else ../shared/corpus beside
the source tree or its git checkout).  The Glulx goals are stricter:
time below 0.8, size at most 1.0.

Both compilers write a story each time: ROUNDS rounds (default 11), the
two compilers alternating within a round, and their order swapped every
round, all from this one process.  The time of a round is the sum of the
wall-clock times of its compiles (perf_counter around spawn and wait); the
figure is the median over the rounds, and the time ratio is the ratio of
the two medians.  The CPU time (user + system, from wait4) is shown too.
Story size is the story's own length, the header word at $1A times the
packing factor (4 in v5, 8 in v8): inform6 pads its files to a multiple of
512 bytes with zeros, so file sizes (also shown) mostly measure padding.
A Glulx story's length is its header's EXTSTART (the file's length: both
compilers pad to a multiple of 256).  Glulx stories are not played: the
generated program opens no Glk window, so it prints nothing there.

Also: both stories of the generated program are played in dfrotz and must
print the same text (a difference is reported, it does not stop the
benchmark); `vinform --syntax-only` on the generated program is timed in
the same rounds (its ratio to inform6's full compile is the old goal of
below 0.5); with valgrind, the instructions of one full compile of the
generated program by each compiler, a measure the machine's load does
not change.

Exit status 1 only on a real error: a compiler fails on the generated
program, a compile that worked before fails during the rounds, or no test
program compiles with both.  With --require also when a goal (time ratio
below 1.0, size ratio at most 1.02) is missed.

    bench.py [-l LINES] [-s SEED] [-n ROUNDS] [--no-suite] [--no-example]
             [--no-glulx] [--no-callgrind] [--require]
"""

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.join(os.path.dirname(HERE), "run")
EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples",
                       "clockmaker.inf")
TIME_GOAL = 1.0      # vinform/inform6 compile time: below this
SIZE_GOAL = 1.02     # vinform/inform6 story size: at most this
GLULX_TIME_GOAL = 0.8    # the same on Glulx (issue 12)
GLULX_SIZE_GOAL = 1.0
I7_SOURCE = os.path.join("Inform6-Testing", "src", "i7-min-10-1-2.inf")
KILL_AFTER = 120     # seconds: a compile that takes longer is a hang


class BenchError(Exception):
    """A real error: the benchmark cannot give a fair figure."""


def say(msg=""):
    print(msg, flush=True)


# ---------------------------------------------------------------- running

class Runner:
    """Spawns one compile at a time, its output thrown away, and measures
    it: wall time from perf_counter, CPU time from wait4's rusage."""

    def __init__(self):
        self.null = os.open(os.devnull, os.O_RDWR)
        self.child = None
        signal.signal(signal.SIGALRM, self._kill)

    def _kill(self, signum, frame):
        if self.child is not None:
            os.kill(self.child, signal.SIGKILL)

    def run(self, argv):
        """Runs argv; returns (exit status, wall s, CPU s).  A killed
        compiler gives a status of 128 + signal, as in the shell."""
        acts = [(os.POSIX_SPAWN_DUP2, self.null, 0),
                (os.POSIX_SPAWN_DUP2, self.null, 1),
                (os.POSIX_SPAWN_DUP2, self.null, 2)]
        t0 = time.perf_counter()
        self.child = os.posix_spawn(argv[0], argv, os.environ, file_actions=acts)
        signal.alarm(KILL_AFTER)
        _, status, ru = os.wait4(self.child, 0)
        t1 = time.perf_counter()
        signal.alarm(0)
        self.child = None
        code = os.waitstatus_to_exitcode(status)
        return (code if code >= 0 else 128 - code, t1 - t0,
                ru.ru_utime + ru.ru_stime)


def first_lines(argv, n=15):
    """The first n lines a failing command prints (to show why)."""
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=KILL_AFTER)
        out = p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "    (no answer after %d s)" % KILL_AFTER
    lines = [l for l in out.splitlines() if "Warning" not in l and "warning:" not in l]
    return "\n".join("    | " + l for l in lines[:n])


def story_length(path):
    """The story's length from its header ($1A times the packing factor;
    EXTSTART for Glulx), or None when the file is no story."""
    with open(path, "rb") as f:
        head = f.read(0x1C)
    if head[:4] == b"Glul":
        return int.from_bytes(head[12:16], "big")
    if len(head) < 0x1C or not 1 <= head[0] <= 8:
        return None
    factor = 2 if head[0] <= 3 else 4 if head[0] <= 5 else 8
    return (head[0x1A] << 8 | head[0x1B]) * factor


# ---------------------------------------------------------------- jobs

class Job:
    """One source compiled by every compiler: the command for each and
    the story each writes."""

    def __init__(self, name, src, version, switches, workdir):
        """version: a Z-machine version, or "G" for Glulx."""
        self.name, self.src, self.version = name, src, version
        self.switches = switches
        self.story = {}
        self.workdir = workdir

    def argv(self, comp, path, extra=()):
        glulx = self.version == "G"
        out = os.path.join(self.workdir, "%s.%s.%s" % (
            self.name, comp, "ulx" if glulx else "z%d" % self.version))
        self.story[comp] = out
        return [path, *self.switches, "-G" if glulx else "-v%d" % self.version,
                *extra, self.src, out]


def compiles(runner, argv):
    code, _, _ = runner.run(argv)
    return code == 0 and os.path.isfile(argv[-1]) and os.path.getsize(argv[-1]) > 0


def time_rounds(runner, commands, rounds):
    """commands: {label: [argv, ...]}.  Runs ROUNDS rounds; in each, the
    commands of every label alternate (argv k of each label in turn, the
    labels' order swapped each round).  Returns {label: ([wall], [cpu])},
    one sum a round."""
    labels = list(commands)
    n = len(next(iter(commands.values())))
    res = {l: ([], []) for l in labels}
    for r in range(rounds):
        order = labels if r % 2 == 0 else labels[::-1]
        sums = {l: [0.0, 0.0] for l in labels}
        for k in range(n):
            for l in order:
                argv = commands[l][k]
                code, wall, cpu = runner.run(argv)
                if code != 0:
                    raise BenchError("%s failed (exit status %d) in round %d, "
                                     "although it worked before:\n  %s"
                                     % (l, code, r + 1, " ".join(argv)))
                sums[l][0] += wall
                sums[l][1] += cpu
        for l in labels:
            res[l][0].append(sums[l][0])
            res[l][1].append(sums[l][1])
    return res


# ---------------------------------------------------------------- reporting

class Table:
    def __init__(self):
        self.rows = []

    def add(self, what, v, i, unit, fmt="%.1f"):
        ratio = "%.3f" % (v / i) if v is not None and i else "-"
        self.rows.append((what, fmt % v if v is not None else "-",
                          fmt % i if i is not None else "-", unit, ratio))

    def show(self):
        head = ("", "vinform", "inform6", "", "ratio")
        w = [max(len(r[c]) for r in self.rows + [head]) for c in range(5)]
        for r in [head] + self.rows:
            say("  %-*s  %*s  %*s %-*s  %*s" % (w[0], r[0], w[1], r[1], w[2], r[2],
                                               w[3], r[3], w[4], r[4]))


def median_ms(xs):
    return statistics.median(xs) * 1000


def verdict(name, t, s, time_goal=TIME_GOAL, size_goal=SIZE_GOAL):
    """The closing line of one benchmark."""
    if t is None:
        return "bench: %s: no ratio (inform6 is not installed)" % name, True
    ok_t, ok_s = t < time_goal, s <= size_goal
    goals = "time %s %.2f, size %s %.2f" % (
        "below" if ok_t else "NOT below", time_goal,
        "at most" if ok_s else "ABOVE", size_goal)
    missed = [w for w, ok in (("time", ok_t), ("size", ok_s)) if not ok]
    return ("bench: %s: time ratio %.2f, size ratio %.2f (%s: %s)"
            % (name, t, s, goals, "goals met" if not missed
               else "goal missed: " + " and ".join(missed))), not missed


# ---------------------------------------------------------------- (a) the generated program

def generated(args, runner, comps, table):
    src = os.path.join(args.workdir, "bench.inf")
    with open(src, "w") as f:
        subprocess.run([os.path.join(HERE, "gen-program"), "-l", str(args.lines),
                        "-s", str(args.seed)], stdout=f, check=True)
    with open(src) as f:
        nonblank = sum(1 for l in f if l.strip())
    # Version 5 when inform6 fits it there, else 8 (readable memory is the
    # same 64K in both; v8 allows 512K in all).
    version, why = 5, ""
    job = Job("bench", src, 5, [], args.workdir)
    judge = "inform6" if "inform6" in comps else "vinform"
    if not compiles(runner, job.argv(judge, comps[judge])):
        version, why = 8, " (too big for version 5)"
        job = Job("bench", src, 8, [], args.workdir)
    say("bench: generated program: %d non-blank lines (%d bytes) from gen-program -l %d -s %d,"
        " Z-machine version %d%s" % (nonblank, os.path.getsize(src), args.lines,
                                     args.seed, version, why))
    for c, path in comps.items():
        argv = job.argv(c, path)
        if not compiles(runner, argv):
            raise BenchError("%s does not compile the generated program:\n  %s\n%s"
                             % (c, " ".join(argv), first_lines(argv)))
    play(job, comps)

    cmds = {c: [job.argv(c, p)] for c, p in comps.items()}
    syn = [comps["vinform"], "-v%d" % version, "--syntax-only", src]
    cmds["syntax"] = [syn]
    res = time_rounds(runner, cmds, args.rounds)
    lengths = {c: story_length(job.story[c]) for c in comps}
    files = {c: os.path.getsize(job.story[c]) for c in comps}
    i6 = "inform6" in comps
    g = lambda c, k: median_ms(res[c][k]) if c in res else None
    table.add("generated: wall ms", g("vinform", 0), g("inform6", 0), "")
    table.add("generated: CPU ms", g("vinform", 1), g("inform6", 1), "")
    table.add("generated: story length", lengths["vinform"], lengths.get("inform6"), "bytes", "%d")
    table.add("generated: file size", files["vinform"], files.get("inform6"), "bytes", "%d")
    table.add("generated: syntax-only wall ms", g("syntax", 0), g("inform6", 0), "")
    if not args.no_callgrind and shutil.which("valgrind"):
        v = instructions(job.argv("vinform", comps["vinform"]))
        i = instructions(job.argv("inform6", comps["inform6"])) if i6 else None
        if v:
            table.add("generated: instructions (M)", v / 1e6, i / 1e6 if i else None, "")
    if not i6:
        return None, None
    return (g("vinform", 0) / g("inform6", 0),
            lengths["vinform"] / lengths["inform6"])


def play(job, comps):
    """Plays each story of the generated program in dfrotz; the texts
    must be the same (a difference is reported, not fatal)."""
    dfrotz = shutil.which("dfrotz") or shutil.which("dfrotz", path="/usr/games")
    if not dfrotz:
        say("bench: dfrotz is not installed: the stories are not played")
        return
    out = {}
    for c in comps:
        try:
            p = subprocess.run([dfrotz, "-q", "-m", "-w", "255", job.story[c]],
                               stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
            out[c] = p.stdout.decode("latin-1").splitlines()
            if p.returncode != 0 or p.stderr:
                out[c].append("(dfrotz: exit status %d, %s)"
                              % (p.returncode, p.stderr.decode("latin-1").strip()))
        except subprocess.TimeoutExpired:
            out[c] = ["(dfrotz: still running after 60 s)"]
        with open(job.story[c] + ".txt", "w") as f:
            f.write("\n".join(out[c]) + "\n")
    v = out["vinform"]
    if "inform6" not in out:
        say("bench: vinform's story plays in dfrotz (%d lines)" % len(v))
        return
    i = out["inform6"]
    if v == i:
        say("bench: both stories play the same in dfrotz (%d lines)" % len(v))
        return
    n = next((k for k in range(min(len(v), len(i))) if v[k] != i[k]), min(len(v), len(i)))
    say("bench: WARNING: the stories play differently in dfrotz, from line %d "
        "(transcripts %s.txt and %s.txt):" % (n + 1, job.story["vinform"], job.story["inform6"]))
    say("    vinform: %s" % (v[n] if n < len(v) else "(ends)"))
    say("    inform6: %s" % (i[n] if n < len(i) else "(ends)"))


def instructions(argv):
    """Instructions one run of argv executes, counted by callgrind."""
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                        *argv], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=600)
    for l in p.stderr.decode("utf-8", "replace").splitlines():
        if "Collected :" in l:
            return int(l.split(":")[-1])
    return None


# ---------------------------------------------------------------- (b) the test suite

def meta(path, key):
    """The value of the first "! KEY: value" line, or None."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for l in f:
            s = l.strip()
            if s.startswith("!") and s[1:].lstrip().startswith(key + ":"):
                return s[1:].lstrip()[len(key) + 1:].strip()
    return None


def suite(args, runner, comps, table):
    work = os.path.join(args.workdir, "suite")
    os.makedirs(work, exist_ok=True)
    names = sorted(f[:-4] for f in os.listdir(TESTS) if f.endswith(".inf"))
    jobs, rejected = [], {c: [] for c in comps}
    for n in names:
        src = os.path.join(TESTS, n + ".inf")
        versions = (meta(src, "ZVERSIONS") or "5").split()
        if not versions[0].isdigit():
            continue    # "ZVERSIONS: -": the program sets its version itself
        job = Job(n, src, int(versions[0]), (meta(src, "SWITCHES") or "").split(), work)
        ok = True
        for c, path in comps.items():
            if not compiles(runner, job.argv(c, path)):
                rejected[c].append(n)
                ok = False
        if ok:
            jobs.append(job)
    say("bench: test suite: %d of %d programs in tests/run compiled by %s (the first"
        " version of each ZVERSIONS line, 5 but for %d; their SWITCHES)"
        % (len(jobs), len(names), "both" if len(comps) > 1 else "vinform",
           sum(1 for j in jobs if j.version != 5)))
    for c in comps:
        if rejected[c]:
            more = " ..." if len(rejected[c]) > 8 else ""
            say("bench:   left out, %s fails on %d: %s%s"
                % (c, len(rejected[c]), " ".join(rejected[c][:8]), more))
    if not jobs:
        raise BenchError("no test program compiles with %s" % " and ".join(comps))
    cmds = {c: [j.argv(c, p) for j in jobs] for c, p in comps.items()}
    res = time_rounds(runner, cmds, args.rounds)
    length = {c: sum(story_length(j.story[c]) or 0 for j in jobs) for c in comps}
    size = {c: sum(os.path.getsize(j.story[c]) for j in jobs) for c in comps}
    g = lambda c, k: median_ms(res[c][k]) if c in res else None
    table.add("test suite: wall ms", g("vinform", 0), g("inform6", 0), "")
    table.add("test suite: CPU ms", g("vinform", 1), g("inform6", 1), "")
    table.add("test suite: story length", length["vinform"], length.get("inform6"), "bytes", "%d")
    table.add("test suite: file size", size["vinform"], size.get("inform6"), "bytes", "%d")
    if "inform6" not in comps:
        return None, None
    return g("vinform", 0) / g("inform6", 0), length["vinform"] / length["inform6"]


# ---------------------------------------------------------------- (c) the example game

def example(args, runner, comps, table):
    """The example game on the installed library, -v5, each compiler
    finding the library by its own default path."""
    job = Job("example", EXAMPLE, 5, [], args.workdir)
    for c, path in comps.items():
        argv = job.argv(c, path)
        if not compiles(runner, argv):
            raise BenchError("%s does not compile the example game:\n  %s\n%s"
                             % (c, " ".join(argv), first_lines(argv)))
    say("bench: example game: examples/clockmaker.inf on the standard library,"
        " Z-machine version 5")
    cmds = {c: [job.argv(c, p)] for c, p in comps.items()}
    res = time_rounds(runner, cmds, args.rounds)
    lengths = {c: story_length(job.story[c]) for c in comps}
    files = {c: os.path.getsize(job.story[c]) for c in comps}
    g = lambda c, k: median_ms(res[c][k]) if c in res else None
    table.add("example game: wall ms", g("vinform", 0), g("inform6", 0), "")
    table.add("example game: CPU ms", g("vinform", 1), g("inform6", 1), "")
    table.add("example game: story length", lengths["vinform"], lengths.get("inform6"), "bytes", "%d")
    table.add("example game: file size", files["vinform"], files.get("inform6"), "bytes", "%d")
    if "inform6" not in comps:
        return None, None
    return (g("vinform", 0) / g("inform6", 0),
            lengths["vinform"] / lengths["inform6"])


# ---------------------------------------------------------------- (d), (e) Glulx

def find_corpus():
    """The Inform6-Testing corpus's parent folder, or None."""
    src_root = os.path.dirname(os.path.dirname(HERE))
    places = [os.environ.get("CORPUS", ""),
              os.path.join(src_root, "..", "shared", "corpus")]
    try:
        common = subprocess.run(["git", "-C", src_root, "rev-parse", "--git-common-dir"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
        if common:
            root = os.path.dirname(os.path.realpath(os.path.join(src_root, common)))
            places.append(os.path.join(root, "..", "shared", "corpus"))
    except (OSError, subprocess.SubprocessError):
        pass
    for p in places:
        if p and os.path.isfile(os.path.join(p, I7_SOURCE)):
            return p
    return None


def glulx_one(args, runner, comps, table, name, label, job):
    """One Glulx job timed and measured; (time ratio, size ratio)."""
    for c, path in comps.items():
        argv = job.argv(c, path)
        if not compiles(runner, argv):
            raise BenchError("%s does not compile %s with -G:\n  %s\n%s"
                             % (c, label, " ".join(argv), first_lines(argv)))
    cmds = {c: [job.argv(c, p)] for c, p in comps.items()}
    res = time_rounds(runner, cmds, args.rounds)
    lengths = {c: story_length(job.story[c]) for c in comps}
    g = lambda c, k: median_ms(res[c][k]) if c in res else None
    table.add("%s: wall ms" % name, g("vinform", 0), g("inform6", 0), "")
    table.add("%s: CPU ms" % name, g("vinform", 1), g("inform6", 1), "")
    table.add("%s: story length" % name, lengths["vinform"], lengths.get("inform6"),
              "bytes", "%d")
    if "inform6" not in comps:
        return None, None
    return (g("vinform", 0) / g("inform6", 0),
            lengths["vinform"] / lengths["inform6"])


def glulx(args, runner, comps, table):
    """(d) the generated program and (e) the I7 10.1 output, with -G:
    closing lines and whether the goals were met."""
    closing, met = [], True
    src = os.path.join(args.workdir, "bench.inf")
    say("bench: Glulx: the generated program with -G")
    job = Job("bench-g", src, "G", [], args.workdir)
    t, s = glulx_one(args, runner, comps, table, "Glulx generated", "the generated program", job)
    line, ok = verdict("Glulx generated program", t, s, GLULX_TIME_GOAL, GLULX_SIZE_GOAL)
    closing.append(line)
    met = met and ok
    corpus = find_corpus()
    if not corpus:
        closing.append("bench: Glulx I7 10.1 output: left out (no corpus: set CORPUS)")
        return closing, met
    i7 = os.path.join(corpus, I7_SOURCE)
    say("bench: Glulx: Inform 7 10.1's output %s with -G (both compilers read"
        " its !%% lines: -s, $OMIT_UNUSED_ROUTINES=1 ...)" % I7_SOURCE)
    job = Job("i7-10", i7, "G", [], args.workdir)
    t, s = glulx_one(args, runner, comps, table, "Glulx I7 10.1", "the I7 10.1 output", job)
    line, ok = verdict("Glulx I7 10.1 output", t, s, GLULX_TIME_GOAL, GLULX_SIZE_GOAL)
    closing.append(line)
    return closing, met and ok


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description="vinform against inform6: compile time, story size")
    ap.add_argument("-l", dest="lines", type=int, default=20000)
    ap.add_argument("-s", dest="seed", type=int, default=1)
    ap.add_argument("-n", dest="rounds", type=int, default=11)
    ap.add_argument("--no-suite", action="store_true")
    ap.add_argument("--no-example", action="store_true")
    ap.add_argument("--no-glulx", action="store_true")
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--require", action="store_true")
    args = ap.parse_args()
    vinform = os.environ.get("VINFORM")
    if not vinform:
        sys.exit("bench: set VINFORM to the vinform binary")
    inform6 = os.environ.get("INFORM6", shutil.which("inform6") or "")
    args.workdir = os.path.abspath(os.environ.get("WORKDIR", "bench"))
    os.makedirs(args.workdir, exist_ok=True)
    os.chdir(args.workdir)     # compilers may write temporary files here
    comps = {"vinform": os.path.abspath(vinform)}
    if inform6:
        comps["inform6"] = shutil.which(inform6) or os.path.abspath(inform6)
    else:
        say("bench: inform6 is not installed, so there are no ratios "
            "(apt-get install inform6-compiler)")
    started = time.perf_counter()
    runner, table, closing, met = Runner(), Table(), [], True
    try:
        t, s = generated(args, runner, comps, table)
        line, ok = verdict("generated program", t, s)
        closing.append(line)
        met = met and ok
        if not args.no_suite:
            t, s = suite(args, runner, comps, table)
            line, ok = verdict("test suite", t, s)
            closing.append(line)
            met = met and ok
        if not args.no_example:
            t, s = example(args, runner, comps, table)
            line, ok = verdict("example game", t, s)
            closing.append(line)
            met = met and ok
        if not args.no_glulx:
            lines, ok = glulx(args, runner, comps, table)
            closing += lines
            met = met and ok
    except BenchError as e:
        say("bench: error: %s" % e)
        return 1
    say("bench: medians of %d rounds, vinform and inform6 alternating; story length"
        " = header word $1A times the packing factor" % args.rounds)
    table.show()
    if "inform6" in comps:
        rows = {r[0]: r[4] for r in table.rows}
        say("bench: syntax-only: vinform --syntax-only / inform6 full compile of the"
            " generated program = %s (old goal: below 0.5)" % rows["generated: syntax-only wall ms"])
    for l in closing:
        say(l)
    say("bench: %.0f s in all" % (time.perf_counter() - started))
    return 1 if args.require and not met else 0


if __name__ == "__main__":
    sys.exit(main())
