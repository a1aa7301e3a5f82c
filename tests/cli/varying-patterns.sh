# varying-patterns.sh: the random samples of varying-strings.txt (the
# coin, Bob, the cows, the nested examples) printed 300 times each in
# dfrotz and in bocfel: every print must be one the string allows (its
# braces read as a regular expression, checked in Python), `!` substrings
# at the top never repeat, and the prints vary (every top-level
# alternative seen).  The interpreters' generators differ, so this checks
# each transcript against the strings, not against a fixed transcript.
# Skips without dfrotz or python3; bocfel only when emglken is installed.
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || exit 77
dfrotz=$(command -v dfrotz || echo /usr/games/dfrotz)
[ -x "$dfrotz" ] || exit 77

cat >samples.txt <<'EOF'
The coin comes up {%heads|tails}.
Bob says, ~{!Uh huh|Yeah|Sure|Ok|Cool}.~
^{!Two large cows|Several rubber ducks|Hoardes of angry cartoon characters} {!march|stomp|stride|charge} {%down {!the hill|the hillside|from the trees|through the trees}|up {!from the river|the hill|the street}} and then, after {!pausing to confer with each other|engaging in a food fight with {!rotten fruit|whipped cream|giant hunks of beef}|licking the streetlight posts|heckling the mime|staring vacuously at the moon}, {!disappear|vanish|slip away} {!over the hill|{%through the trees|amongst the trees}|into the river}.^
{&one|{%two|2}|three|four|five|{!six|6|half-dozen}}
I've counted {%an {&odd|even} number of times|{once|twice|a bunch of times}}.
{!^A bird flies by high overhead, heading south.^|^A dog barks somewhere in the subdivision to the west.^|||||||||||||}
EOF

# The story: sample k printed 300 times, each print after a line "#k".
python3 - samples.txt >story.inf <<'EOF' || fail "could not write the story"
import sys
samples = [l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()]
for k, s in enumerate(samples):
    print('[ S%d; print "%s"; ];' % (k, s))
# (a line of input every 10 rounds: dfrotz adds a blank line after
# every 255 lines printed between two inputs)
print("Array buf -> 20;\nArray parse --> 10;")
print("[ Main i;\n  random(-1111);\n  for (i = 0 : i < 300 : i++) {")
for k in range(len(samples)):
    print('    print "#%d^"; S%d(); new_line;' % (k, k))
print('    if (i % 10 == 9) { print "#pause^"; buf->0 = 18; read buf parse; }')
print('  }\n  print "#end^";\n];')
EOF
"$VINFORM" story.inf story.z5 >out 2>&1 || fail "vinform: $(cat out)"
[ -s out ] && fail "vinform printed messages: $(cat out)"

yes '' | head -n 40 >walk
"$SRCDIR/tests/harness/run-story" -s 1234 dfrotz story.z5 walk >dfrotz.txt 2>err \
    || fail "dfrotz: $(cat err)"
runs=dfrotz.txt
if [ -d "$SRCDIR/tests/harness/node_modules/emglken" ] && command -v node >/dev/null; then
    "$SRCDIR/tests/harness/run-story" -s 1234 bocfel story.z5 walk >bocfel.txt 2>err \
        || fail "bocfel: $(cat err)"
    runs="$runs bocfel.txt"
fi

python3 - samples.txt $runs <<'EOF' || exit 1
import re, sys

def alternatives(s, i):
    """The alternatives of the group opening at s[i] ('{'), as regexes."""
    j = i + 1 + (s[i + 1] in "%!&")
    res, cur, depth = [], "", 0
    k = j
    while True:
        c = s[k]
        if c == "{": depth += 1
        if c == "}" and depth == 0: break
        if c == "}": depth -= 1
        if c == "|" and depth == 0:
            res.append(cur); cur = ""
        else:
            cur += c
        k += 1
    res.append(cur)
    return res, k

def regex(s):
    """Varying text as a regular expression (braces -> groups)."""
    out, i = "", 0
    while i < len(s):
        if s[i] == "{":
            alts, end = alternatives(s, i)
            out += "(?:" + "|".join(regex(a) for a in alts) + ")"
            i = end + 1
            continue
        out += re.escape({"~": '"', "^": "\n"}.get(s[i], s[i]))
        i += 1
    return out

def top_groups(s):
    """(mark, [alternative regexes]) of each group at the top."""
    groups, i = [], 0
    while i < len(s):
        if s[i] == "{":
            alts, end = alternatives(s, i)
            groups.append((s[i + 1] if s[i + 1] in "%!&" else "",
                           [regex(a) for a in alts]))
            i = end + 1
        else:
            i += 1
    return groups

samples = [l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()]
bad = []
for run in sys.argv[2:]:
    text = open(run).read()
    prints = {k: [] for k in range(len(samples))}
    text = text.replace("#pause\n", "")
    for m in re.finditer(r"^#(\d+)\n(.*?)\n(?=#)", text, re.S | re.M):
        prints[int(m.group(1))].append(m.group(2))
    for k, s in enumerate(samples):
        got = prints[k]
        if len(got) != 300:
            bad.append("%s: sample %d printed %d times, not 300" % (run, k, len(got)))
            continue
        whole = re.compile(regex(s), re.S)
        wrong = [g for g in got if not whole.fullmatch(g)]
        if wrong:
            bad.append("%s: sample %d printed %r" % (run, k, wrong[0]))
            continue
        # Which alternative of each top-level group each print took.
        groups = top_groups(s)
        parts = []
        for mark, alts in groups:
            parts.append("(" + "|".join("(%s)" % a for a in alts) + ")")
        fixed = re.split(r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}", s)
        pat = ""
        for i, f in enumerate(fixed):
            pat += regex(f)
            if i < len(parts): pat += parts[i]
        # (group numbers: each group's own then one per alternative, with
        # any nested groups inside being non-capturing)
        cre = re.compile(pat, re.S)
        for g, (mark, alts) in enumerate(groups):
            seen, last, repeat = set(), None, False
            for p in got:
                m = cre.fullmatch(p)
                base = 1 + sum(1 + len(a) for _, a in groups[:g])
                idx = next(i for i in range(len(alts)) if m.group(base + 1 + i) is not None)
                if mark == "!" and last is not None and idx == last and alts[idx] != "":
                    repeat = True
                seen.add(alts[idx])
                last = idx
            if repeat:
                bad.append("%s: sample %d group %d repeated with !" % (run, k, g))
            if len(seen) != len(set(alts)):
                bad.append("%s: sample %d group %d used only %d of %d alternatives"
                           % (run, k, g, len(seen), len(set(alts))))
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
EOF
