#!/bin/bash
# run.sh: after `make install`, Include "text" and Include "regex" find the
# installed stdlib with no +include_path (compiler/incpath.c).
#
#   tests/install/run.sh              configure, build and install this
#                                     source tree into a scratch prefix,
#                                     then check the installed vinform
#   tests/install/run.sh VINFORM      check an installed vinform (make
#                                     installcheck passes its own)
#
# The check compiles, from an empty folder and with no path given, a
# program that includes "text" and one that includes "regex", for z5 and
# z8, and plays them in dfrotz when there is one (each prints what the
# library computed); and that Include "infglk" (the standard library's,
# for Glulx) finds the stdlib's infglk.h with no path, while a library
# folder on +include_path with an infglk.h of its own keeps it.  Prints "PASS name" / "FAIL name" and closes with
# "N passed, N failed"; exit status 1 when anything failed.  KEEP=1 keeps
# the scratch folder.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/install-test.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
pass=0 fail=0
verdict() {     # verdict NAME STATUS [LOG]
    if [ "$2" = 0 ]; then echo "PASS $1"; pass=$((pass + 1))
    else echo "FAIL $1"; fail=$((fail + 1)); [ -n "${3:-}" ] && sed 's/^/    | /' "$3" | head -n 20; fi
}
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit; }

vinform=${1:-}
if [ -z "$vinform" ]; then
    if [ -f "$top/config.status" ]; then
        echo "run.sh: the source tree is configured in place; a scratch build needs a clean one" >&2
        verdict "install into a scratch prefix" 1; finish
    fi
    mkdir -p "$work/build"
    (cd "$work/build" && "$top/configure" -q --prefix="$work/prefix" &&
        make -j2 >/dev/null && make install >/dev/null) >"$work/build.log" 2>&1
    st=$?
    verdict "install into a scratch prefix" $st "$work/build.log"
    [ $st -eq 0 ] || finish
    vinform=$work/prefix/bin/vinform
fi

dfrotz=$(command -v dfrotz || echo /usr/games/dfrotz)
mkdir -p "$work/run"
cd "$work/run" || exit 1
# (Strings go in through Text_SetString: whether a small story's strings
# can be told from its arrays is not what this test is about.)
cat >text.inf <<'INF'
Include "text";
Array T1 table 40;
Array T2 table 40;
[ Main;
    Text_SetString(T1, "ice-hot, don't you think?");
    Text_Word(T2, T1, 3);
    Text_Print(T2); print " ", Text_NumWords(T1), "^";
];
INF
cat >regex.inf <<'INF'
Include "text";
Include "regex";
Array T1 table 40;
Array P table 10;
[ Main;
    Text_SetString(T1, "taramasalata");
    Text_SetString(P, "a.*l");
    Regex_Matches(T1, P);
    Regex_MatchText(T1); Text_Print(T1); new_line;
];
INF
cat >regex-alone.inf <<'INF'
Include "regex";
[ Main;
    print (Regex_ErrorMessage) Regex_Check("a(b|c"), "^";
];
INF
printf "don't 5\n" >text.want
printf 'aramasal\n' >regex.want
printf '( without a matching )\n' >regex-alone.want

for name in text regex regex-alone; do
    for v in 5 8; do
        "$vinform" -q -v$v "$name.inf" "$name.z$v" >"$name.z$v.log" 2>&1
        st=$?
        [ $st -eq 0 ] && [ -s "$name.z$v.log" ] && st=1     # no message either
        verdict "$name [z$v]: compiles with no +include_path" $st "$name.z$v.log"
        [ $st -eq 0 ] && [ -x "$dfrotz" ] || continue
        "$dfrotz" -m -q "$name.z$v" </dev/null 2>&1 | sed -e 's/[[:space:]]*$//' -e '/^$/d' >"$name.z$v.out"
        diff "$name.want" "$name.z$v.out" >"$name.z$v.diff"
        verdict "$name [z$v]: plays" $? "$name.z$v.diff"
    done
done
# infglk.h: found in the stdlib folder when the library has none (Debian's
# inform6-library), and after the include path, so a library's own wins.
cat >glk.inf <<'INF'
Include "infglk";
#Ifndef infglk_h;
Message fatalerror "no infglk_h: the stdlib's infglk.h was not read";
#Endif;
[ Main; glk_set_style(style_Normal); ];
INF
mkdir -p ownlib
printf 'System_file;\nConstant OWN_INFGLK;\n' >ownlib/infglk.h
cat >glk-own.inf <<'INF'
Include "infglk";
#Ifndef OWN_INFGLK;
Message fatalerror "no OWN_INFGLK: the library folder's infglk.h was not read";
#Endif;
[ Main; ];
INF
for name in glk glk-own; do
    path=
    [ $name = glk-own ] && path=+include_path=ownlib
    "$vinform" -q -G --syntax-only $path "$name.inf" >"$name.log" 2>&1
    st=$?
    [ $st -eq 0 ] && [ -s "$name.log" ] && st=1
    verdict "$name [Glulx]: Include \"infglk\" finds the right one" $st "$name.log"
done
finish
