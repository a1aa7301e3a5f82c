! vt.h: helpers for the veneer tests (tests/veneer/README.md).
! Masked(r, a): prints what r(a) prints, each run of digits shown as "#",
! for output that holds a string's packed address (strings move when the
! veneer's code size changes, routines and objects do not).
! Check(cond, what): prints "what: ok", or "what: MISMATCH".
! VtStart(): on Glulx, selects Glk output and opens the main window
! (nothing prints before that); nothing on the Z-machine. A test that
! runs on Glulx calls it first.

Array vt_buf -> 1002;

[ VtStart  w;
    #Ifdef TARGET_GLULX;
    @setiosys 2 0;
    @copy 201 sp;                       ! glk_window_open(0, 0, 0,
    @copy 3 sp;                         !   wintype_TextBuffer, rock 201)
    @copy 0 sp;
    @copy 0 sp;
    @copy 0 sp;
    @glk $0023 5 w;
    @copy w sp;
    @glk $002F 1 0;                     ! glk_set_window(w)
    #Ifnot;
    w = 0;
    #Endif;
];

[ Masked r a  n i c digits;
    #Ifdef TARGET_GLULX;
    ! Glulx: run.sh masks long numbers in every transcript anyway
    n = r(a);
    i = c = digits = n;
    #Ifnot;
    @output_stream 3 vt_buf;
    r(a);
    @output_stream -3;
    n = vt_buf-->0;
    for (i = 0 : i < n : i++) {
        c = vt_buf->(i + 2);
        if (c >= '0' && c <= '9') {
            if (digits == 0) print "#";
            digits = 1;
        }
        else {
            digits = 0;
            if (c == 13) new_line; else print (char) c;
        }
    }
    #Endif;
];

[ Check cond what;
    print (string) what, ": ";
    if (cond) "ok";
    "MISMATCH";
];
