#!/bin/sh
# doc-examples.sh: turns the regex examples of docs/text.md into a test.
#
#   doc-examples.sh DOC OUTDIR
#
# Takes the manual's ```inform regex blocks (routine bodies) and the
# ```text regex block after each (what it prints); writes
# OUTDIR/regex-doc.inf, which runs them in order after a "== N" line, and
# OUTDIR/regex-doc.out, the transcript expected on every machine.
set -eu
doc=$1 out=$2
mkdir -p "$out"
awk -v inf="$out/regex-doc.inf" -v expf="$out/regex-doc.out" '
BEGIN {
    print "! Generated from docs/text.md by tests/regex/doc-examples.sh." > inf
    print "#Ifdef TARGET_ZCODE;" > inf
    print "Constant Text_WorkCapacity 400; Constant Text_CaptureBytes 500;" > inf
    print "#Iftrue (#version_number == 8); Constant Text_StringPad 48;" > inf
    print "#Ifnot; Constant Text_StringPad 28; #Endif;" > inf
    print "#Endif;" > inf
    print "Include \"text.h\";" > inf
    print "Include \"regex.h\";" > inf
    print "Array T1 table 201;" > inf
    print "Array T2 table 201;" > inf
    print "[ Say t; Text_Print(t); ];" > inf
    n = 0; mode = ""
}
/^```inform regex$/ && mode == "" { n++; mode = "code"; print "[ Example" n ";" > inf; next }
/^```text regex$/ && mode == "" {
    if (n == 0 || done[n]) { print "doc-examples.sh: output block without example" > "/dev/stderr"; exit 1 }
    mode = "text"; done[n] = 1; print "== " n > expf; next
}
$0 == "```" && mode != "" { if (mode == "code") print "];" > inf; mode = ""; next }
mode == "code" { print > inf; next }
mode == "text" { print > expf; next }
END {
    if (mode != "") { print "doc-examples.sh: unclosed block" > "/dev/stderr"; exit 1 }
    print "[ Main w;" > inf
    print "#Ifdef TARGET_GLULX;" > inf
    print "    @setiosys 2 0; w = glk($0023, 0, 0, 0, 3, 0); glk($002F, w);" > inf
    print "#Endif;" > inf
    for (i = 1; i <= n; i++) print "    print \"== " i "^\"; Example" i "();" > inf
    print "];" > inf
}' "$doc"
