# include-search.sh: Include finds files as inform6 does (+include_path
# order, ++ in front, ".h" added, "name." without extension, names with a
# folder as they are, ">name" beside the main file, language__), plus
# vinform's case-insensitive fallback and its default path (current folder,
# then the installed library); a missing file is an error at the Include
# naming the folders searched.
set -u
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p lib lib2 sub
printf 'Constant WHICH = 1;\n' >lib/inc.h
printf 'Constant WHICH = 2;\n' >lib2/inc.h
printf 'Constant NOEXT = 1;\n' >lib/noext
printf 'Constant LOWER = 1;\n' >lib/lower.h
printf 'Constant NEAR = 1;\n' >sub/near.inf
printf 'Constant LOCAL = 1;\n' >localfile.h
printf 'Constant LANG = 1;\n' >lib/Klingon.h

program() {     # program WANT_WHICH: a source that checks which inc.h came
    cat <<INF
Include "inc";
#Iftrue WHICH ~= $1;
Message error "the wrong inc.h";
#Endif;
[ Main; ];
INF
}
ok() {          # ok ARGS...: compiles without error
    "$VINFORM" --syntax-only "$@" >out 2>&1 || fail "$*: $(cat out)"
}
oracle() {      # oracle ARGS...: inform6 agrees
    [ -n "${INFORM6:-}" ] && [ -x "$INFORM6" ] || return 0
    "$INFORM6" "$@" story >iout 2>&1
    grep -q 'Error' iout && fail "inform6 $*: $(cat iout)"
    return 0
}

program 2 >a.inf
ok +include_path=lib2,lib a.inf;  oracle +include_path=lib2,lib a.inf
ok +lib2 a.inf;                   oracle +lib2 a.inf
ok +include_path=lib/ ++lib2 a.inf
program 1 >b.inf
ok +include_path=lib2 ++include_path=lib b.inf
oracle +include_path=lib2 ++include_path=lib b.inf
ok +include_path=lib2,lib ++lib b.inf

printf 'Include "noext.";\nInclude "lib/inc";\n[ Main; ];\n' >c.inf
ok +include_path=lib c.inf;       oracle +include_path=lib c.inf
printf 'Include ">near";\n[ Main; ];\n' >sub/m.inf
ok sub/m.inf;                     oracle sub/m.inf
printf 'Include "language__";\n[ Main; ];\n' >d.inf
ok +include_path=lib +language_name=Klingon d.inf
oracle +include_path=lib +language_name=Klingon d.inf

# vinform's additions: case-insensitive names, the current folder first.
printf 'Include "LOWER";\n[ Main; ];\n' >e.inf
ok +include_path=lib e.inf
printf 'Include "localfile";\n[ Main; ];\n' >f.inf
ok f.inf
if [ -f /usr/share/inform6/library/version.h ]; then
    printf 'Include "version";\n#Iftrue LIBRARY_VERSION < 600;\nMessage error "no library";\n#Endif;\n[ Main; ];\n' >g.inf
    ok g.inf;                     oracle g.inf
fi

# A missing file: an error at the Include, naming the folders.
printf '[ Main; ];\n\nInclude "nope";\n' >h.inf
"$VINFORM" --syntax-only +include_path=lib,lib2 h.inf >out 2>&1 && fail "missing include accepted"
grep -q '^h.inf:3:[0-9]*: error: cannot find the file "nope.h" to include; looked in lib, lib2' out \
    || fail "missing include: $(cat out)"
grep -q '+include_path' out || fail "no +include_path hint: $(cat out)"
"$VINFORM" --syntax-only h.inf >out 2>&1
grep -q 'looked in \., /usr/share/inform6/library' out || fail "default path: $(cat out)"
exit 0
