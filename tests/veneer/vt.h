! vt.h: helpers for the veneer tests (tests/veneer/README.md).
! Masked(r, a): prints what r(a) prints, each run of digits shown as "#",
! for output that holds a string's packed address (strings move when the
! veneer's code size changes, routines and objects do not).
! Check(cond, what): prints "what: ok", or "what: MISMATCH".

Array vt_buf -> 1002;

[ Masked r a  n i c digits;
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
];

[ Check cond what;
    print (string) what, ": ";
    if (cond) "ok";
    "MISMATCH";
];
