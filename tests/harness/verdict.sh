# verdict.sh: the parts of a played test's verdict that tests/run/run.sh
# and tests/games/run.sh share (sourced by both): what went wrong with the
# interpreter, and the PASS/FAIL line with its details.  The caller sets
# `verbose` (true/false), `work` (its work folder, where batch.err is) and
# the counters `pass` and `fail`.

# detail: standard input indented as a detail of a FAIL line (40 lines at
# most unless verbose).
detail() { if $verbose; then sed 's/^/    | /'; else sed 's/^/    | /' | head -n 40; fi; }

# interp_why OUT: prints why the run whose transcript is OUT (OUT.rc its
# exit status, OUT.err its standard error) failed, or nothing when the
# interpreter ran cleanly; the transcript itself is not judged here.
interp_why() {
    local out=$1 rc
    rc=$(cat "$out.rc" 2>/dev/null || echo 1)
    if [ ! -f "$out" ]; then
        echo "the interpreter never ran (see $work/batch.err)"
    elif [ "$rc" != 0 ]; then
        echo "the interpreter failed (exit status $rc)"
    elif [ -s "$out.err" ]; then
        echo "the interpreter complained on standard error"
    elif grep -q 'Warning: .*(PC = [0-9a-fA-F]*)' "$out"; then
        echo "the interpreter printed a warning"
    fi
}

# report ID INTERP WHY STORY LOG CC OUT EXP: counts and prints the verdict
# of one run (WHY empty: it passed); on failure the compiler's messages
# (LOG) when STORY was not written, else the interpreter's and the
# difference between the expected transcript EXP and OUT; with verbose,
# also the compile command (CC) and the whole transcript.
report() {
    local id=$1 it=$2 why=$3 story=$4 log=$5 cc=$6 out=$7 exp=$8
    if [ -z "$why" ]; then
        pass=$((pass + 1))
        echo "PASS  $id ($it)"
    else
        fail=$((fail + 1))
        echo "FAIL  $id ($it): $why"
        if [ ! -f "$story" ]; then
            detail <"$log"
        elif [ ! -f "$out" ]; then
            detail <"$work/batch.err"
        else
            [ -s "$out.err" ] && detail <"$out.err"
            if [ -f "$exp" ] && [ -f "$out" ]; then
                diff -u "$exp" "$out" | tail -n +3 | detail
            fi
        fi
    fi
    if $verbose; then
        sed 's/^/    $ /' "$cc" 2>/dev/null
        [ -f "$out" ] && sed 's/^/    > /' "$out"
    fi
    return 0
}
