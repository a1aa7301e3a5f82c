! ==============================================================================
!   rxtest.h: support for the regex tests (tests/regex/*.inf).
!
!   Takes a case (pattern, subject, replacement as text values, an id and an
!   operation name); prints one transcript line per case in the form gen.py
!   writes into the expected .out files:
!     ID OP /PATTERN/ "SUBJECT": RESULT
!     ID OP /PATTERN/ "SUBJECT" "REPLACEMENT": RESULT "NEW SUBJECT"
!     ID e /PATTERN/: RESULT          ID er "REPLACEMENT": RESULT
!   Line breaks print as %n, tabs as %t, a percent sign as %%.
! ==============================================================================

Global Rx_Win;
! The case's routine giving its pattern as a string literal (gen.py's
! K routines), run after the pattern given as a text; 0 when none.
Global Rx_Lit;

[ RxStart;
    ! (Not #Ifdef TEXT_H: without an Include, vinform reads text.h after
    ! the program.  A test without text.h defines RX_NO_TEXT.)
    ! Malformed patterns are given on purpose: Regex_Failure() tells of
    ! them, not a programming error.
    Regex_ReportErrors = false;
    #Ifdef TARGET_GLULX;
    @setiosys 2 0;
    Rx_Win = glk($0023, 0, 0, 0, 3, 0);     ! window_open: the main text buffer
    glk($002F, Rx_Win);                      ! set_window
    #Endif;
];

[ RxChar c;
    switch (c) {
        10, 13: print "%n"; return;
        9: print "%t"; return;
        '%': print "%%"; return;
    }
    #Ifdef TARGET_GLULX;
    if (c >= 256) { @streamunichar c; return; }
    #Endif;
    print (char) c;
];

[ RxText t  i;
    for (i = 0: i < t-->1: i++) RxChar(t-->(i+2));
];

[ RxGroup n  a b;
    a = Regex_MatchStart(n);
    b = Regex_MatchEnd(n);
    if (a < 0) { print "-"; return; }
    print "~";
    Regex__KeptGroup(n);
    for (a = Regex__KA: a < Regex__KB: a++) RxChar(Regex__Kept-->a);
    print "~";
];

! RxFail(r): prints why the operation that answered r failed, if it did
! (Regex_Failure()); a failure must answer 0, and a success never less.
[ RxFail r  e;
    e = Regex_Failure();
    if (e && r ~= 0) { print "bad result ", r, " after a failure "; }
    if (e == Regex_ERROR) { print "error ", Regex_ErrorCode, " at ", Regex_ErrorPos; rtrue; }
    if (e == Regex_LIMIT) { print "limit"; rtrue; }
    if (e) { print "bad failure ", e; rtrue; }
    if (r < 0) { print "bad result ", r; rtrue; }
    rfalse;
];

[ RxHead id op pat subj;
    print id, " ", (string) op, " /", (RxText) pat, "/ ~", (RxText) subj, "~";
];

! RxStrings(): whether strings can be told from texts for certain, as
! the cases given a string subject need: always on Glulx; on the
! Z-machine when every string's number lies above the arrays, which
! vinform always arranges (run.sh defines RX_VINFORM, and a story of
! vinform's where it is not so fails); under inform6, when the story's
! arrays are small enough (they cannot be padded that far: docs/text.md).
[ RxStrings;
    #Ifdef TARGET_ZCODE;
    if ((#strings_offset < 0 && #array__end >= 0) ||
        ((#strings_offset >= 0) == (#array__end >= 0) && #strings_offset >= #array__end)) rtrue;
    #Ifdef RX_VINFORM;
    print "<- MISMATCH: strings among the arrays ";
    #Endif;
    rfalse;
    #Ifnot;
    rtrue;
    #Endif;
];

! The outcome of the last operation given a string subject (Rx_Was):
! answer, failure, and where the match and its groups lie.
Array Rx_Was --> 23;
[ RxRemember r  g;
    Rx_Was-->22 = Regex_Steps;
    Rx_Was-->0 = r;
    Rx_Was-->1 = Regex_Failure();
    for (g = 0: g < 10: g++) {
        Rx_Was-->(2*g+2) = Regex_MatchStart(g);
        Rx_Was-->(2*g+3) = Regex_MatchEnd(g);
    }
];
! RxSame(r): prints a MISMATCH unless the operation just done on the text
! had the outcome RxRemember kept for the same subject given as a string.
[ RxSame r  g;
    if (Rx_Was-->0 ~= r || Rx_Was-->1 ~= Regex_Failure()) jump Differs;
    for (g = 0: g < 10: g++)
        if (Rx_Was-->(2*g+2) ~= Regex_MatchStart(g) || Rx_Was-->(2*g+3) ~= Regex_MatchEnd(g))
            jump Differs;
    rtrue;
  .Differs;
    print "<- MISMATCH: with the subject as a string, ", Rx_Was-->0, " ", Rx_Was-->1, " ";
    rfalse;
];

! The pattern given as a string literal (Rx_Lit), run on the text subj
! before the operation with the pattern as a text: RxLitFirst keeps its
! outcome, RxLitSame(r) then checks that the operation (answering r)
! agreed, in the steps counted too.  vinform compiles the literal into
! code (Regex__Code is that routine afterwards), which must behave as the
! interpreter; given to the interpreter (inform6), a string is compared
! only where it cannot be taken for a text (RxStrings).
Array Rx_LitWas --> 23;
Global Rx_LitOK;
[ RxLitFirst subj  lit r i;
    lit = Rx_Lit;
    Rx_Lit = 0;
    Rx_LitOK = false;
    if (lit == 0) return;
    r = lit(subj);
    if (Regex__Code == 0 && RxStrings() == false) return;
    RxRemember(r);
    for (i = 0: i < 23: i++) Rx_LitWas-->i = Rx_Was-->i;
    Rx_LitOK = true;
];
[ RxLitSame r  i;
    if (Rx_LitOK == false) return;
    for (i = 0: i < 23: i++) Rx_Was-->i = Rx_LitWas-->i;
    if (RxSame(r) && Rx_Was-->22 ~= Regex_Steps)
        print "<- MISMATCH: with the pattern as a literal, ", Rx_Was-->22, " steps, not ",
            Regex_Steps, " ";
];

! Matches (exact false) or ExactlyMatches (exact true); str, when given,
! is the subject as a string, tried first.
[ RxM id op pat subj ci exact str  r i n;
    RxHead(id, op, pat, subj);
    print ": ";
    RxLitFirst(subj);
    if (str && RxStrings() == false) str = 0;
    if (str) {
        if (exact) r = Regex_ExactlyMatches(str, pat, ci);
        else r = Regex_Matches(str, pat, ci);
        RxRemember(r);
    }
    if (exact) r = Regex_ExactlyMatches(subj, pat, ci);
    else r = Regex_Matches(subj, pat, ci);
    if (str) RxSame(r);
    RxLitSame(r);
    if (RxFail(r) == false) {
        if (r == 0) print "no";
        else {
            if (r ~= 1) print "bad result ", r, " ";
            print "yes ";
            RxGroup(0);
            n = Regex__NGroups;
            if (n > 9) n = 9;
            for (i = 1: i <= n: i++) { print " ", i, "="; RxGroup(i); }
        }
    }
    new_line;
];

[ RxC id op pat subj ci str  r;
    RxHead(id, op, pat, subj);
    print ": ";
    RxLitFirst(subj);
    if (str && RxStrings() == false) str = 0;
    if (str) RxRemember(Regex_Count(str, pat, ci));
    r = Regex_Count(subj, pat, ci);
    if (str) RxSame(r);
    RxLitSame(r);
    if (RxFail(r) == false) print r;
    new_line;
];

[ RxR id op pat subj repl ci  r;
    RxHead(id, op, pat, subj);
    print " ~", (RxText) repl, "~: ";
    Text_Overflowed = false;
    ! (The literal replaces in subj itself: given to the interpreter, it
    ! is used only where strings cannot be taken for texts.)
    if (RxStrings() == false) Rx_Lit = 0;
    if (Rx_Lit) r = Rx_Lit(subj);
    else r = Regex_Replace(subj, pat, repl, ci);
    Rx_Lit = 0;
    if (RxFail(r) == false) print r;
    print " ~", (RxText) subj, "~";
    if (Text_Overflowed) print " overflow";
    new_line;
];

[ RxE id pat  r;
    print id, " e /", (RxText) pat, "/: ";
    r = Regex_Check(pat);
    if (r) print "error ", r, " at ", Regex_ErrorPos; else print "ok";
    new_line;
];

[ RxER id repl  r;
    print id, " er ~", (RxText) repl, "~: ";
    r = Regex_CheckReplacement(repl);
    if (r) print "error ", r, " at ", Regex_ErrorPos; else print "ok";
    new_line;
];
