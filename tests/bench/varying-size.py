#!/usr/bin/env python3
"""varying-size.py: what varying strings cost in a story, beyond their text.

Writes a program with N varying substrings (default 500: 100 routines, each
printing one string with five substrings of 2 to 5 alternatives, the four
methods in turn) and the same program with only the first alternative of
each; compiles both with vinform (-v5, or -vV), plays the varying one in
dfrotz when it is installed (it must print without an error), and prints
the growth of the story's used bytes (-s "bytes used in Z-machine") per
substring, less the text of the other alternatives, against the goal of
10 + 4 x (alternatives) bytes per substring (issue 6, acceptance 5).

The text of an alternative is counted as the Z-machine stores it: its
Z-characters (1 for a lower-case letter or space, 2 for an upper-case
letter or punctuation of the standard alphabets), three to a 2-byte word,
and, since each is a string of its own reached by a packed address, padded
to the packing unit (4 bytes in v5, 8 in v8); the figure without that
padding is printed too.

    varying-size.py [-n N] [-v V] [--check] [--keep DIR]

VINFORM (default ./vinform) is the compiler.  --check: exit status 1 when
the goal is missed.  Same program every run (seeded)."""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

A0 = "abcdefghijklmnopqrstuvwxyz"
A1 = A0.upper()
A2 = "\n0123456789.,!?_#'\"/\\-:()"
WORDS = ("red blue green old new tall small quiet loud bright dark warm cold "
         "soft hard slow quick Bob Ann the cat dog bird tree hill river "
         "stone moon sun rain wind, there. here! now? once").split()
METHODS = ["", "%", "!", "&"]


def zchars(text):
    n = 0
    for ch in text:
        if ch == " " or ch in A0:
            n += 1
        elif ch in A1 or ch in A2:
            n += 2
        else:
            n += 4
    return n


def zbytes(text, unit):
    """Bytes of `text` stored as a string of its own (padded to `unit`)."""
    words = max(1, -(-zchars(text) // 3))
    size = 2 * words
    return size, -(-size // unit) * unit


def phrase(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))


def programs(n, seed=6):
    rng = random.Random(seed)
    groups = []      # (method, [alternatives])
    routines_v, routines_b = [], []
    per = 5
    for r in range(-(-n // per)):
        pv, pb = [], []
        for _ in range(min(per, n - r * per)):
            k = len(groups)
            alts = [phrase(rng) for _ in range(2 + k % 4)]
            method = METHODS[(k // 4) % 4]
            groups.append((method, alts))
            lead = phrase(rng)
            pv.append("%s {%s%s}" % (lead, method, "|".join(alts)))
            pb.append("%s %s" % (lead, alts[0]))
        routines_v.append('[ R%d; "%s."; ];' % (r, " ".join(pv)))
        routines_b.append('[ R%d; "%s."; ];' % (r, " ".join(pb)))
    calls = "".join("  R%d();\n" % r for r in range(len(routines_v)))
    main = "[ Main;\n%s];\n" % calls
    head = "! varying-size.py: %d varying substrings\n" % len(groups)
    return (head + "\n".join(routines_v) + "\n" + main,
            head + "\n".join(routines_b) + "\n" + main, groups)


def used_bytes(vinform, src, story, version):
    p = subprocess.run(vinform + ["-s", "-v%d" % version, src, story],
                       capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        sys.exit("varying-size: %s did not compile:\n%s%s" %
                 (src, p.stdout, p.stderr))
    m = re.search(r"(\d+) bytes used in Z-machine", p.stdout)
    if not m:
        sys.exit("varying-size: no 'bytes used' line in -s output")
    return int(m.group(1))


def play(story):
    dfrotz = shutil.which("dfrotz") or "/usr/games/dfrotz"
    if not os.access(dfrotz, os.X_OK):
        return "not played (no dfrotz)"
    p = subprocess.run([dfrotz, "-q", "-m", "-w", "255", "-h", "255",
                        "-s", "1234", story], input="", capture_output=True,
                       text=True, timeout=60)
    if p.returncode != 0 or p.stderr.strip() or "Warning" in p.stdout:
        sys.exit("varying-size: the story failed in dfrotz:\n%s%s" %
                 (p.stdout, p.stderr))
    return "played in dfrotz (%d lines)" % len(p.stdout.splitlines())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=500)
    ap.add_argument("-v", type=int, default=5, choices=(5, 8))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--keep")
    a = ap.parse_args()
    vinform = os.environ.get("VINFORM", "./vinform").split()
    work = a.keep or tempfile.mkdtemp(prefix="varying-size.")
    os.makedirs(work, exist_ok=True)
    vsrc, bsrc, groups = programs(a.n)
    paths = {}
    for name, text in (("varying", vsrc), ("first", bsrc)):
        paths[name] = os.path.join(work, name + ".inf")
        with open(paths[name], "w") as f:
            f.write(text)
    v = used_bytes(vinform, paths["varying"], os.path.join(work, "v.z"), a.v)
    b = used_bytes(vinform, paths["first"], os.path.join(work, "b.z"), a.v)
    played = play(os.path.join(work, "v.z"))
    unit = 4 if a.v == 5 else 8
    text = padded = alts = 0
    for _, al in groups:
        alts += len(al)
        for t in al[1:]:
            s, p = zbytes(t, unit)
            text += s
            padded += p
    n = len(groups)
    goal = 10 * n + 4 * alts
    over = v - b - padded
    print("varying strings, z%d: %d substrings, %d alternatives "
          "(%.1f each); %s" % (a.v, n, alts, alts / n, played))
    print("  story bytes used: %d with them, %d with the first alternative "
          "only: +%d" % (v, b, v - b))
    print("  text of the other alternatives: %d bytes (%d unpadded)" %
          (padded, text))
    print("  beyond the text: %d bytes, %.1f a substring (%.1f counting "
          "padding as code); goal 10 + 4 x alternatives = %.1f a substring: "
          "%s" % (over, over / n, (v - b - text) / n, goal / n,
                  "met" if over <= goal else "MISSED"))
    if not a.keep:
        shutil.rmtree(work)
    return 1 if a.check and over > goal else 0


if __name__ == "__main__":
    sys.exit(main())
