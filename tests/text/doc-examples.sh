#!/bin/sh
# doc-examples.sh: turns the examples of docs/text.md into a test program.
#
#   doc-examples.sh DOC OUTDIR
#
# Takes the manual's fenced blocks: each ```inform block (a routine body)
# and the ```text block after it (what the body prints); ```inform glulx
# marks an example for Glulx only. Writes OUTDIR/doc-examples.inf (each
# body as a routine, run in order after a "== N" line) and the expected
# transcripts OUTDIR/doc-examples.g.out (Glulx) and OUTDIR/doc-examples.z.out
# (Z-machine, without the Glulx-only examples), in the form run.sh checks.
set -eu
doc=$1 out=$2
mkdir -p "$out"
awk -v inf="$out/doc-examples.inf" -v gout="$out/doc-examples.g.out" -v zout="$out/doc-examples.z.out" '
BEGIN {
    print "! Generated from docs/text.md by tests/text/doc-examples.sh." > inf
    print "Include \"prelude\";" > inf
    print "[ SayTimes s n i; for (i = 0 : i < n : i++) print (string) s; ];" > inf
    n = 0; mode = ""
}
/^```inform( glulx)?$/ && mode == "" {
    n++; glulx[n] = ($0 ~ /glulx/); mode = "code"
    if (glulx[n]) print "#Ifdef TARGET_GLULX;" > inf
    print "[ Example" n ";" > inf
    next
}
/^```text$/ && mode == "" {
    if (n == 0 || done[n]) { print "doc-examples.sh: a text block with no example before it" > "/dev/stderr"; exit 1 }
    mode = "text"; done[n] = 1
    print "== " n > gout
    if (!glulx[n]) print "== " n > zout
    next
}
/^```/ && mode != "" && $0 == "```" {
    if (mode == "code") { print "];" > inf; if (glulx[n]) print "#Endif;" > inf }
    mode = ""; next
}
mode == "code" { print > inf; next }
mode == "text" { print > gout; if (!glulx[n]) print > zout; next }
END {
    if (mode != "") { print "doc-examples.sh: unclosed block" > "/dev/stderr"; exit 1 }
    print "[ RunTests;" > inf
    for (i = 1; i <= n; i++) {
        if (!done[i]) { print "doc-examples.sh: example " i " has no output block" > "/dev/stderr"; exit 1 }
        if (glulx[i]) print "#Ifdef TARGET_GLULX;" > inf
        print "    print \"== " i "^\"; Example" i "();" > inf
        if (glulx[i]) print "#Endif;" > inf
    }
    print "];" > inf
    print "Done: 0 checks, 0 mismatches." > gout
    print "Done: 0 checks, 0 mismatches." > zout
}' "$doc"
