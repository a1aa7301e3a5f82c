# glulx-wrap.sh: what makes a tests/run program printable on Glulx, shared
# by run.sh and regen.sh (sourced, not run): glulx_wrap.
#
# glulx_wrap INF OUT: INF for Glulx, at OUT. Glulx starts with no output
# system and Glk with no window (Glulx specification, "Output"), and the
# tests print from their first line: Main becomes Glulx_Test_Main (its
# "[ Main" line edited in place, so every line keeps its number) and a
# Main added at the end selects Glk, opens a text buffer window, makes it
# current and calls it. Raw assembly, so that the wrapper needs nothing
# of the compiler but @setiosys, @push and @glk.
glulx_wrap() {
    sed -E 's/^([[:space:]]*\[[[:space:]]*)[Mm][Aa][Ii][Nn]([[:space:];]|$)/\1Glulx_Test_Main\2/' "$1" >"$2"
    [ -z "$(tail -c 1 "$2")" ] || echo >>"$2"
    cat >>"$2" <<'INF'
[ Main win;
    @setiosys 2 0;                                  ! Glk
    @push 201; @push 3; @push 0; @push 0; @push 0;
    @glk $0023 5 win;                               ! glk_window_open
    @push win; @glk $002F 1 win;                    ! glk_set_window
    return Glulx_Test_Main();
];
INF
}
