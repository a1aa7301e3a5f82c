#!/usr/bin/env python3
"""check-uses.py: checks the "! uses:" lines of a veneer file.

Takes stdlib/veneer-z.h or veneer-g.h; for every routine, the veneer
routines its text calls (by name, or through `print (name)` -> PrintShortName
and `print (property)` -> Print__PName) must be exactly those its
"! uses:" line lists, and each call under #Ifdef SYMBOL must appear in
that line's "if SYMBOL:" part ("if A+B:" when nested under both), or in
the unconditional part. Prints
"PASS uses [FILE]" or "FAIL uses [FILE]: ..." lines, one per file.
"""
import re
import sys


def routines(text):
    """Yields (name, uses_line, body) for each routine of the file."""
    lines = text.split('\n')
    uses = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith('! uses:'):
            uses = line[len('! uses:'):]
            # a uses line may go on over comment lines starting "!   "
            while i + 1 < len(lines) and lines[i + 1].startswith('!   '):
                i += 1
                uses += ' ' + lines[i][1:].strip()
        m = re.match(r'^\[ (\w+)', line)
        if m:
            body = [line]
            while not lines[i].startswith('];') and not line.rstrip().endswith('];'):
                i += 1
                body.append(lines[i])
            yield m.group(1), uses, body
            uses = None
        i += 1


def parse_uses(uses):
    """'A, B; if DEBUG: C' -> {None: {A, B}, 'DEBUG': {C}}"""
    out = {None: set()}
    parts = uses.split(';')
    for n, part in enumerate(parts):
        part = part.strip()
        cond = None
        m = re.match(r'if ([\w+]+):(.*)', part)
        if m:
            cond, part = m.group(1), m.group(2)
        names = {p.strip() for p in part.split(',') if p.strip()}
        names.discard('none')
        out.setdefault(cond, set()).update(names)
    return out


def calls(body, names):
    """{condition or None: names called under it}"""
    found = {None: set()}
    stack = []
    for line in body[1:]:
        code = line.split('!')[0]
        m = re.match(r'\s*#(Ifdef|Ifndef|Ifnot|Endif|IfV3|IfV5|Iftrue)\b\s*(\w*)', code, re.I)
        if m:
            # a stack of [symbol, counts]: only the "yes" branch of an
            # #Ifdef is a condition a uses line names
            kw = m.group(1).lower()
            if kw == 'ifdef':
                stack.append([m.group(2), True])
            elif kw in ('ifndef', 'ifv3', 'ifv5', 'iftrue'):
                stack.append([m.group(2), False])
            elif kw == 'ifnot' and stack:
                stack[-1][1] = False
            elif kw == 'endif' and stack:
                stack.pop()
            continue
        pos = [c for c, counts in stack if counts]
        cond = '+'.join(pos) if pos else None
        used = set()
        for n in names:
            if re.search(r'\b' + re.escape(n) + r'\s*\(', code):
                used.add(n)
        if re.search(r'\(name\)', code):
            used.add('PrintShortName')
        if re.search(r'\(property\)', code):
            used.add('Print__PName')
        found.setdefault(cond, set()).update(used)
    return found


def check(path):
    text = open(path).read()
    rs = list(routines(text))
    names = {r[0] for r in rs}
    problems = []
    for name, uses, body in rs:
        if uses is None:
            problems.append('%s has no uses line' % name)
            continue
        listed = parse_uses(uses)
        found = calls(body, names)
        found_all = set().union(*found.values()) - {name}
        listed_all = set().union(*listed.values())
        if found_all != listed_all:
            problems.append('%s calls %s, lists %s' % (
                name, sorted(found_all), sorted(listed_all)))
            continue
        for cond, ns in found.items():
            for n in ns - {name}:
                if n in listed[None]:
                    continue
                if cond is None or n not in listed.get(cond, set()):
                    problems.append('%s calls %s under %s, listed otherwise' % (
                        name, n, cond or 'no condition'))
        for cond, ns in listed.items():
            for n in ns:
                if n not in found.get(cond, set()):
                    problems.append('%s lists %s under %s, calls it otherwise' % (
                        name, n, cond or 'no condition'))
    label = path.split('/')[-1]
    if problems:
        print('FAIL uses [%s]: %s' % (label, '; '.join(problems)))
        return False
    print('PASS uses [%s]' % label)
    return True


ok = all([check(p) for p in sys.argv[1:]])
sys.exit(0 if ok else 1)
