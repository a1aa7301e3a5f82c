#!/usr/bin/env python3
"""gen.py: turns a regex case table (tests/regex/NAME.cases) into a test
program (NAME.inf) and its expected transcript (NAME.out, and NAME.z.out
when the Z-machine expects something else).

    gen.py NAME.cases...            write NAME.inf and NAME.out
    gen.py --oracle NAME.cases...   also check every expectation that
                                    Python's re module can compute, and
                                    report disagreements (never writes them)

A case is one line of fields separated by the character U+27EB (the blanks
around each separator are ignored; write a blank at either end of a field
as %{20}):

    OP ⟫ PATTERN ⟫ SUBJECT [⟫ REPLACEMENT] ⟫ EXPECTED [⟫ Z:EXPECTED-ON-Z]

OP is m (matches), x (exactly matches), c (count), r (replace), each with
an "i" suffix for case-insensitively (mi, xi, ci, ri), or e (check a
pattern: no SUBJECT) or er (check a replacement: the REPLACEMENT is the only
field before EXPECTED).  Words after OP modify the case: nomemo (visited
bitmap off), limit=N (step limit), cap=N (capacity of the subject text),
glulx (only on Glulx).  A subject that is replaced in has room for 40 more
characters unless cap=N says otherwise.  In the fields %n is a line break, %t a tab, %% a
percent sign and %{HEX} any character.  Lines starting with # are comments.

EXPECTED is what rxtest.h prints after the colon: "no", "yes "MATCH"" and
the groups ("N="TEXT"" or "N=-"), a count, "N "NEW TEXT"" for a
replacement (with " overflow" when the text was cut off), "ok", "error C at
P", "limit".
"""
import re
import sys

ZSCII = "äöüÄÖÜß»«ëïÿËÏáéíóúýÁÉÍÓÚÝàèìòùÀÈÌÒÙâêîôûÂÊÎÔÛåÅøØãñõÃÑÕæÆçÇþðÞÐ£œŒ¡¿"

OPS = {"m", "mi", "x", "xi", "c", "ci", "r", "ri", "e", "er"}


def unescape(field):
    """Case-file field -> list of code points (newline as 10)."""
    out = []
    i = 0
    while i < len(field):
        ch = field[i]
        if ch == "%" and i + 1 < len(field):
            nxt = field[i + 1]
            if nxt == "n":
                out.append(10); i += 2; continue
            if nxt == "t":
                out.append(9); i += 2; continue
            if nxt == "%":
                out.append(37); i += 2; continue
            if nxt == "{":
                j = field.index("}", i)
                out.append(int(field[i + 2:j], 16)); i = j + 1; continue
        out.append(ord(ch))
        i += 1
    return out


def shown(codes):
    """How rxtest.h prints a text."""
    s = []
    for c in codes:
        if c in (10, 13):
            s.append("%n")
        elif c == 9:
            s.append("%t")
        elif c == 37:
            s.append("%%")
        else:
            s.append(chr(c))
    return "".join(s)


def to_z(codes):
    out = []
    for c in codes:
        if c < 128:
            out.append(c)
        else:
            k = ZSCII.find(chr(c))
            if k < 0:
                return None
            out.append(155 + k)
    return out


class Case:
    def __init__(self, lineno, fields):
        self.lineno = lineno
        words = fields[0].split()
        self.op = words[0]
        if self.op not in OPS:
            raise SystemExit(f"line {lineno}: unknown operation {self.op!r}")
        self.opfield = fields[0].strip()
        self.mods = {}
        for w in words[1:]:
            k, _, v = w.partition("=")
            self.mods[k] = v
        rest = fields[1:]
        self.zexp = None
        if rest and rest[-1].startswith("Z:"):
            self.zexp = rest[-1][2:]
            rest = rest[:-1]
        need = {"e": 2, "er": 2, "r": 4, "ri": 4}.get(self.op, 3)
        if len(rest) != need:
            raise SystemExit(f"line {lineno}: {self.op} takes {need} fields after OP, got {len(rest)}")
        self.expected = rest[-1]
        self.pat = self.subj = self.repl = None
        if self.op == "er":
            self.repl = unescape(rest[0])
        else:
            self.pat = unescape(rest[0])
        if self.op not in ("e", "er"):
            self.subj = unescape(rest[1])
        if self.op in ("r", "ri"):
            self.repl = unescape(rest[2])
        self.ci = self.op in ("mi", "xi", "ci", "ri")

    def cap(self):
        """Capacity of the subject text: cap=N, else room to grow when replacing."""
        if "cap" in self.mods:
            return int(self.mods["cap"])
        if self.op in ("r", "ri"):
            return len(self.subj) + 40
        return len(self.subj)


def read_cases(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cases.append(Case(n, [x.strip(" ") for x in line.split("\u27eb")]))
    return cases


def head(k, c):
    if c.op == "e":
        return f"{k} e /{shown(c.pat)}/: "
    if c.op == "er":
        return f"{k} er \"{shown(c.repl)}\": "
    h = f"{k} {c.opfield} /{shown(c.pat)}/ \"{shown(c.subj)}\""
    if c.repl is not None:
        h += f" \"{shown(c.repl)}\""
    return h + ": "


def array(name, codes, cap=None):
    if cap is None:
        cap = len(codes)
    items = "".join(" Rx_NL" if x == 10 else f" {x}" for x in codes)
    items += " 0" * (cap - len(codes))
    return f"Array {name} --> {cap + 1} {len(codes)}{items};"


def literal(codes):
    """The Inform 6 string literal that prints codes (a line break as ^),
    or None when one cannot be written (a tab, another control character)."""
    out = ['"']
    for i, c in enumerate(codes):
        if c == 10:
            out.append("^")
        elif c < 32:
            return None
        elif c == 34:
            out.append("~")
        elif c in (92, 64):
            out.append("@{%X}" % c)       # (@@92 before a digit would read it)
        elif c in (94, 126):
            # @{5E} and @{7E} print as ^ and ~ do, a line break and a
            # quote; @@94 reads any digits after it.
            if i + 1 < len(codes) and 48 <= codes[i + 1] <= 57:
                return None
            out.append("@@%d" % c)
        elif c > 126:
            out.append("@{%X}" % c)
        else:
            out.append(chr(c))
    return "".join(out) + '"'


# Texts whose overflow text.h reports as a programming error (strict mode,
# the first Text__TOLDMAX texts): stdlib/text.h's Text__Overflow.
TOLDMAX = 8


def reported(h, c, expected, told):
    """The transcript of a case: its head, then, for a replacement cut
    short, text.h's programming error on a line of its own (once per
    subject text, for the first TOLDMAX of them), then the result."""
    if not (c.op in ("r", "ri") and expected.endswith(" overflow")):
        return h + expected
    if len(told) >= TOLDMAX:
        return h + expected
    told.add(id(c))
    return (h.rstrip() + "\n[** Programming error: Regex_Replace: the text is full ("
            + str(c.cap()) + " characters); the result was cut short **]\n" + expected)


def emit(path, cases):
    base = path[:-len(".cases")]
    name = base.split("/")[-1]
    inf = [f"! {name}.inf: generated by gen.py from {name}.cases; do not edit.",
           "! Each case prints one line; the expected transcript is " + name + ".out.",
           "", 'Include "text.h";', 'Include "regex.h";', 'Include "rxtest.h";', "",
           "#Ifdef TARGET_ZCODE;", "Constant Rx_NL = 13;", "#Ifnot;", "Constant Rx_NL = 10;", "#Endif;", ""]
    calls = []
    out, zout = [], []
    told, ztold = set(), set()
    zdiff = False
    for k, c in enumerate(cases, 1):
        glulx_only = "glulx" in c.mods
        texts = []
        for tag, codes in (("P", c.pat), ("S", c.subj), ("R", c.repl)):
            if codes is None:
                continue
            cap = c.cap() if tag == "S" else None
            z = to_z(codes)
            if z is None and not glulx_only:
                raise SystemExit(f"line {c.lineno}: a character is not in ZSCII: mark the case glulx")
            if z == codes:
                texts.append(array(f"{tag}{k}", codes, cap))
            else:
                texts.append("#Ifdef TARGET_ZCODE;")
                texts.append(array(f"{tag}{k}", z if z is not None else [63], cap))
                texts.append("#Ifnot;")
                texts.append(array(f"{tag}{k}", codes, cap))
                texts.append("#Endif;")
        inf.extend(texts)
        pre, post = [], []
        if "nomemo" in c.mods:
            pre.append("Regex_UseMemo = false;"); post.append("Regex_UseMemo = true;")
        if "limit" in c.mods:
            pre.append(f"Regex_StepLimit = {int(c.mods['limit'])};")
            post.append("Regex_StepLimit = Regex_STEP_LIMIT;")
        op = c.op
        ci = 1 if c.ci else 0
        # The pattern as a string literal too, in a routine of its own:
        # vinform compiles such a pattern into code (docs/text.md,
        # "Constant patterns"), and rxtest.h runs it after the pattern
        # given as a text and checks that both agree.
        # (Not for a malformed pattern: vinform rejects it at compile time.)
        plit = None
        if c.pat is not None and op not in ("e", "er") and not c.expected.startswith("error"):
            plit = literal(c.pat)
        if plit:
            lit_call = {"m": "Regex_Matches(s, {p}, {ci})", "x": "Regex_ExactlyMatches(s, {p}, {ci})",
                        "c": "Regex_Count(s, {p}, {ci})", "r": "Regex_Replace(s, {p}, R{k}, {ci})"}[op[0]]
            routine = f"[ K{k} s; return {lit_call.format(p=plit, ci=ci, k=k)}; ];"
            if glulx_only:
                routine = "#Ifdef TARGET_GLULX;\n" + routine + "\n#Endif;"
            inf.append(routine)
            pre.insert(0, f"Rx_Lit = K{k};")
        # Matching and counting also take the subject as a string literal:
        # rxtest.h runs those cases both ways and checks they agree.
        lit = literal(c.subj) if c.subj is not None else None
        lit = f", {lit}" if lit else ""
        if op in ("m", "mi", "x", "xi"):
            call = f'RxM({k}, "{c.opfield}", P{k}, S{k}, {ci}, {1 if op[0] == "x" else 0}{lit});'
        elif op in ("c", "ci"):
            call = f'RxC({k}, "{c.opfield}", P{k}, S{k}, {ci}{lit});'
        elif op in ("r", "ri"):
            call = f'RxR({k}, "{c.opfield}", P{k}, S{k}, R{k}, {ci});'
        elif op == "e":
            call = f"RxE({k}, P{k});"
        else:
            call = f"RxER({k}, R{k});"
        line = "    " + " ".join(pre + [call] + post)
        if glulx_only:
            line = "    #Ifdef TARGET_GLULX;\n" + line + "\n    #Endif;"
        calls.append(line)
        h = head(k, c)
        out.append(reported(h, c, c.expected, told))
        if not glulx_only:
            zout.append(reported(h, c, c.zexp if c.zexp is not None else c.expected, ztold))
        if c.zexp is not None or glulx_only:
            zdiff = True
    inf += ["", "[ Main;", "    RxStart();"] + calls + ["];"]
    with open(base + ".inf", "w", encoding="utf-8") as f:
        f.write("\n".join(inf) + "\n")
    with open(base + ".out", "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    zpath = base + ".z.out"
    if zdiff:
        with open(zpath, "w", encoding="utf-8") as f:
            f.write("\n".join(zout) + "\n")
    else:
        import os
        if os.path.exists(zpath):
            os.remove(zpath)


# ------------------------------------------------------------------ oracle

PUNCT = r""".,!?\-/":;()\[\]{}"""
SPACE = r" \t\n\r"
CLASS = {"d": "[0-9]", "D": "[^0-9]", "s": f"[{SPACE}]", "S": f"[^{SPACE}]",
         "p": f"[{PUNCT}]", "P": f"[^{PUNCT}]", "w": f"[^{SPACE}{PUNCT}]",
         "W": f"[{SPACE}{PUNCT}]", "l": "[a-z]", "u": "[A-Z]", "L": "[^a-z]",
         "U": "[^A-Z]", "n": "\n", "t": "\t"}
WORD = f"[^{SPACE}{PUNCT}]"
BOUND = f"(?:(?<={WORD})(?!{WORD})|(?<!{WORD})(?={WORD}))"
NBOUND = f"(?:(?<={WORD})(?={WORD})|(?<!{WORD})(?!{WORD}))"


class NoOracle(Exception):
    pass


def translate(p):
    """Inform 7 regex -> Python regex, or NoOracle where they differ."""
    out = []
    i = 0
    if not p:
        raise NoOracle("empty pattern")
    while i < len(p):
        ch = p[i]
        if ch == "\\":
            if i + 1 >= len(p):
                raise NoOracle("error")
            d = p[i + 1]
            i += 2
            if d in CLASS:
                out.append(CLASS[d] if d not in "nt" else re.escape(CLASS[d]))
            elif d == "b":
                out.append(BOUND)
            elif d == "B":
                out.append(NBOUND)
            elif d.isdigit():
                out.append("\\" + d)
            elif d.isalnum() or d == " ":
                raise NoOracle("error")
            else:
                out.append(re.escape(d))
            continue
        if ch in "<[":
            close = ">" if ch == "<" else "]"
            j = i + 1
            body = "["
            if j < len(p) and p[j] == "^":
                body += "^"; j += 1
            first = True
            while True:
                if j >= len(p):
                    raise NoOracle("error")
                c = p[j]
                if c == close and not first:
                    break
                first = False
                if c == "\\":
                    d = p[j + 1] if j + 1 < len(p) else ""
                    if d in ("d", "s", "p") or d in "nt":
                        body += {"d": "0-9", "s": SPACE, "p": PUNCT, "n": "\\n", "t": "\\t"}[d]
                        j += 2
                        continue
                    if d.isalnum() or d == " " or d == "":
                        raise NoOracle("class in range")
                    body += re.escape(d); j += 2
                    continue
                body += re.escape(c) if c in "\\]^-[" else c
                if j + 2 < len(p) and p[j + 1] == "-" and p[j + 2] != close:
                    body += "-" + (re.escape(p[j + 2]) if p[j + 2] in "\\]^-[" else p[j + 2])
                    j += 3
                    continue
                j += 1
            out.append(body + "]")
            i = j + 1
            continue
        if ch == "(":
            if p.startswith("(#", i) or p.startswith("(?#", i):
                j = p.find(")", i)
                if j < 0:
                    raise NoOracle("error")
                i = j + 1
                continue
            if p.startswith("(>", i):
                out.append("(?>"); i += 2; continue
            if p.startswith("(?i)", i) or p.startswith("(?-i)", i):
                raise NoOracle("mid-pattern case switch")
            if p.startswith("(?(?", i):
                raise NoOracle("lookaround condition")
            for pre in ("(?<=", "(?<!", "(?=", "(?!", "(?>", "(?:", "(?i:", "(?-i:", "(?("):
                if p.startswith(pre, i):
                    out.append(pre); i += len(pre)
                    break
            else:
                out.append("("); i += 1
            continue
        if ch == "$":
            out.append(r"\Z"); i += 1; continue
        if ch == "^":
            out.append(r"\A"); i += 1; continue
        if ch in "*+?":
            out.append(ch); i += 1
            if i < len(p) and p[i] == "+":
                raise NoOracle("error")
            continue
        if ch == "{":
            j = p.find("}", i)
            out.append(p[i:j + 1]); i = j + 1
            if i < len(p) and p[i] == "?":
                out.append("?"); i += 1
            continue
        if ch in "}>]":
            out.append(re.escape(ch)); i += 1; continue
        out.append(ch if ch in "|.{})," or ch.isalnum() else re.escape(ch))
        i += 1
    return "".join(out)


def py_result(c):
    subj = "".join(chr(x) for x in c.subj) if c.subj is not None else None
    pat = "".join(chr(x) for x in c.pat)
    if any(x > 127 for x in c.pat + (c.subj or []) + (c.repl or [])):
        raise NoOracle("non-ASCII")
    if len(subj) > 12 and re.search(r"[*+}]\)[*+{]", pat):
        raise NoOracle("exponential in Python")
    try:
        rx = re.compile(translate(pat), re.DOTALL | (re.IGNORECASE if c.ci else 0))
    except re.error:
        raise NoOracle("python rejects")
    if c.op in ("m", "mi", "x", "xi"):
        m = rx.fullmatch(subj) if c.op[0] == "x" else rx.search(subj)
        if not m:
            return "no"
        s = "yes " + q(m.group(0))
        for g in range(1, min(rx.groups, 9) + 1):
            s += f" {g}=" + ("-" if m.group(g) is None else q(m.group(g)))
        return s
    if c.op in ("c", "ci"):
        return str(len(list(rx.finditer(subj))))
    if c.op in ("r", "ri"):
        repl = "".join(chr(x) for x in c.repl)

        def expand(m):
            o = []
            i = 0
            while i < len(repl):
                ch = repl[i]
                if ch == "\\" and i + 1 < len(repl):
                    d = repl[i + 1]; i += 2
                    how = None
                    if d in "lu":
                        how = d; d = repl[i]; i += 1
                    if d.isdigit():
                        g = int(d)
                        t = m.group(g) if g <= rx.groups and m.group(g) is not None else ""
                        if how == "l":
                            t = t.lower()
                        if how == "u":
                            t = t.upper()
                        o.append(t)
                        continue
                    o.append({"n": "\n", "t": "\t"}.get(d, d))
                    continue
                o.append(ch); i += 1
            return "".join(o)
        new, n = rx.subn(expand, subj)
        cap = c.cap()
        if len(new) > cap:
            return f"{n} {q(new[:cap])} overflow"
        return f"{n} {q(new)}"
    raise NoOracle("check")


def q(s):
    return '"' + shown([ord(x) for x in s]) + '"'


def oracle(path, cases):
    bad = 0
    checked = 0
    for c in cases:
        if c.op in ("e", "er") or "limit" in c.mods:
            continue
        if c.expected.startswith(("error", "limit")):
            continue
        try:
            want = py_result(c)
        except NoOracle:
            continue
        checked += 1
        if want != c.expected:
            bad += 1
            print(f"{path}:{c.lineno}: expected {c.expected}\n    python says {want}")
    print(f"{path}: {checked} cases checked against Python re, {bad} disagree")
    return bad


def main(argv):
    check = False
    if argv and argv[0] == "--oracle":
        check = True
        argv = argv[1:]
    bad = 0
    for path in argv:
        cases = read_cases(path)
        emit(path, cases)
        if check:
            bad += oracle(path, cases)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
