#!/bin/bash
# selftest.sh: checks run-story and emglken-run.mjs against small stories.
#
# Takes selftest/echo.inf (reads a key and lines, echoes them, prints a
# random number), selftest/hang.inf (loops for ever) and selftest/styles.inf
# (a status line and each text style, for --styled), compiled with
# inform6 (INFORM6) for z5 and Glulx. Checks, in every interpreter: the
# transcript of a walkthrough, an empty command, a walkthrough that runs
# out, the same seed giving the same numbers, the timeout, and batch mode.
# Prints PASS/FAIL lines and "N passed, N failed"; exit status 1 on failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${INFORM6:=inform6}"
work=$(mktemp -d "${TMPDIR:-/tmp}/harness-selftest.XXXXXX")
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/    | /'; }

for f in echo hang; do
    "$INFORM6" -q -v5 "$here/selftest/$f.inf" "$work/$f.z5" >/dev/null &&
    "$INFORM6" -q -G "$here/selftest/$f.inf" "$work/$f.ulx" >/dev/null ||
        { echo "selftest: $f.inf does not compile"; exit 1; }
done
printf 'x\nhello world\n\nquit\nnever read\n' >"$work/full.walk"
printf 'x\nonly one line\n' >"$work/short.walk"
story() { case $1 in dfrotz|bocfel) echo "$work/$2.z5" ;; *) echo "$work/$2.ulx" ;; esac; }

expected_full='Line> [hello world]
Line> []
Line> [quit]
Bye.'
expected_short='Line> [only one line]
Line> '

for i in dfrotz bocfel glulxe git; do
    out=$("$here/run-story" "$i" "$(story "$i" echo)" "$work/full.walk" 2>&1)
    body=$(printf '%s\n' "$out" | grep -v '^Random: ' | grep -v 'Key> ')
    if [ "$body" = "$expected_full" ] && printf '%s\n' "$out" | grep -q '\[key 120\]'; then
        ok "$i: a walkthrough with a key, lines and an empty line"
    else
        bad "$i: a walkthrough with a key, lines and an empty line" "$out"
    fi
    out=$("$here/run-story" "$i" "$(story "$i" echo)" "$work/short.walk" 2>&1; echo "rc=$?")
    body=$(printf '%s' "$out" | grep -v '^Random: ' | grep -v 'Key> ')
    if [ "$body" = "$expected_short"'rc=0' ]; then
        ok "$i: the transcript ends at the prompt after the last command"
    else
        bad "$i: the transcript ends at the prompt after the last command" "$out"
    fi
    a=$("$here/run-story" -s 4242 "$i" "$(story "$i" echo)" "$work/full.walk" | head -n 1)
    b=$("$here/run-story" -s 4242 "$i" "$(story "$i" echo)" "$work/full.walk" | head -n 1)
    case $a in
        "Random: "[0-9]*) [ "$a" = "$b" ] && ok "$i: the same seed gives the same number ($a)" ||
            bad "$i: the same seed gives the same number" "$a / $b" ;;
        *) bad "$i: the same seed gives the same number" "$a" ;;
    esac
    start=$SECONDS
    err=$("$here/run-story" -t 2 "$i" "$(story "$i" hang)" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 124 ] && [ $((SECONDS - start)) -lt 10 ] && printf '%s' "$err" | grep -q 'no answer within 2 s'; then
        ok "$i: a story that hangs is stopped (status 124)"
    else
        bad "$i: a story that hangs is stopped (status 124)" "status $rc: $err"
    fi
done

jobs=$work/jobs
printf 'bocfel\t%s\t%s\t%s\n' "$work/echo.z5" "$work/full.walk" "$work/b1.txt" >"$jobs"
printf 'glulxe\t%s\t\t%s\n' "$work/echo.ulx" "$work/b2.txt" >>"$jobs"
printf 'git\t%s\t%s\t%s\n' "$work/hang.ulx" "" "$work/b3.txt" >>"$jobs"
status=$(node "$here/emglken-run.mjs" --timeout 3 --batch "$jobs")
rc=$?
if [ $rc -eq 1 ] && printf '%s\n' "$status" | grep -q "^ok $work/b1.txt" &&
   printf '%s\n' "$status" | grep -q "^ok $work/b2.txt" &&
   printf '%s\n' "$status" | grep -q "^error $work/b3.txt: no answer" &&
   grep -q '^Bye\.$' "$work/b1.txt" && grep -q '^Key> $' "$work/b2.txt" && [ -f "$work/b3.txt" ]; then
    ok "batch mode: two transcripts and a timeout"
else
    bad "batch mode: two transcripts and a timeout" "status $rc: $status"
fi

# --styled: style changes marked, the grid window written when it quits.
expected_styled='plain «subheader»bold«/»«emphasized» ul«/»«normal+reverse» rev«/»«preformatted» fixed«/» end

«grid: STATUS LINE»'
if "$INFORM6" -q -v5 "$here/selftest/styles.inf" "$work/styles.z5" >/dev/null; then
    out=$("$here/run-story" --styled bocfel "$work/styles.z5" 2>&1)
    if [ "$out" = "$expected_styled" ]; then ok "bocfel --styled: styles and the status line"
    else bad "bocfel --styled: styles and the status line" "$out"; fi
    out=$("$here/run-story" bocfel "$work/styles.z5" 2>&1)
    if [ "$out" = "plain bold ul rev fixed end" ]; then ok "bocfel without --styled: the text only"
    else bad "bocfel without --styled: the text only" "$out"; fi
else
    bad "styles.inf does not compile"
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
