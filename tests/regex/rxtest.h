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

[ RxStart;
    ! (Not #Ifdef TEXT_H: without an Include, vinform reads text.h after
    ! the program.  A test without text.h defines RX_NO_TEXT.)
    #Ifdef TARGET_ZCODE; #Ifndef RX_NO_TEXT;
    ! The cases give only text values, never strings, so text.h's warning
    ! that a string might be taken for a text (its Z-machine notes) does
    ! not apply: the generated stories have many arrays and would print it.
    Text__ZWarned = true;
    #Endif; #Endif;
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
    for (: a < b: a++) RxChar(Regex__MSubj-->(a+2));
    print "~";
];

[ RxFail r;
    if (r == Regex_ERROR) { print "error ", Regex_ErrorCode, " at ", Regex_ErrorPos; rtrue; }
    if (r == Regex_LIMIT) { print "limit"; rtrue; }
    if (r < 0) { print "bad result ", r; rtrue; }
    rfalse;
];

[ RxHead id op pat subj;
    print id, " ", (string) op, " /", (RxText) pat, "/ ~", (RxText) subj, "~";
];

! Matches (exact false) or ExactlyMatches (exact true).
[ RxM id op pat subj ci exact  r i n;
    RxHead(id, op, pat, subj);
    print ": ";
    if (exact) r = Regex_ExactlyMatches(subj, pat, ci);
    else r = Regex_Matches(subj, pat, ci);
    if (RxFail(r) == false) {
        if (r == 0) print "no";
        else {
            print "yes ";
            RxGroup(0);
            n = Regex__NGroups;
            if (n > 9) n = 9;
            for (i = 1: i <= n: i++) { print " ", i, "="; RxGroup(i); }
        }
    }
    new_line;
];

[ RxC id op pat subj ci  r;
    RxHead(id, op, pat, subj);
    print ": ";
    r = Regex_Count(subj, pat, ci);
    if (RxFail(r) == false) print r;
    new_line;
];

[ RxR id op pat subj repl ci  r;
    RxHead(id, op, pat, subj);
    print " ~", (RxText) repl, "~: ";
    Text_Overflowed = false;
    r = Regex_Replace(subj, pat, repl, ci);
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
