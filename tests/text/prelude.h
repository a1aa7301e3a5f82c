! prelude.h: the shared start of every text-library test program.
!
! Takes: a test program that defines RunTests(). Gives: Main (which opens
! a Glk window first on Glulx, where nothing prints without one), the text
! library, six scratch texts, a variable h (for the manual's examples) and
! the checking routines below. Each check prints one line, "label: value";
! one whose value is not the expected one also prints "<- MISMATCH" and
! what was expected, so a wrong expected
! transcript cannot hide a failure (run.sh fails any transcript holding
! MISMATCH). The program ends with a count of checks and mismatches.

System_file;

! On the Z-machine a small story's strings can sit at numbers that are
! also array addresses (text.h, Text__IsText, explains): these pads move
! them above the arrays. A test may set its own sizes before including
! this file.
#Ifdef TARGET_ZCODE;
Default Text_WorkCapacity 400;
Default Text_CaptureBytes 500;
#Iftrue (#version_number == 8);
Default Text_StringPad 48;
#Ifnot;
Default Text_StringPad 20;
#Endif;
#Endif;

Include "text";

Array T1 table 201;
Array T2 table 201;
Array T3 table 201;
Array T4 table 201;
Array Small table 11;         ! capacity 10, for overflow cases
Array Tiny table 4;           ! capacity 3

Global h;                     ! a variable for the manual's examples (docs/text.md)
Global Test_Count;
Global Test_Bad;

[ Main  w;
#Ifdef TARGET_GLULX;
    @setiosys 2 0;
    @push 201; @push 3; @push 0; @push 0; @push 0;
    @glk $0023 5 w;                     ! glk_window_open(0, 0, 0, TextBuffer, 201)
    @push w; @glk $002F 1 0;            ! glk_set_window
#Ifnot;
    w = 0;
#Endif;
    RunTests();
    print "Done: ", Test_Count, " checks, ", Test_Bad, " mismatches.^";
];

! ShowText(t): t between quotes, with line breaks as \n and tabs as \t so
! every check stays on one line.
[ ShowText t  i c;
    print "~";
    for (i = 1 : i <= Text_Length(t) : i++) {
        c = Text_CharAt(t, i);
        if (c == 10 or 13) print "@@92n";
        else if (c == 9) print "@@92t";
        else if (c == '~') print "@@126";
        else {
#Ifdef TARGET_ZCODE;
            print (char) c;
#Ifnot;
            @streamunichar c;
#Endif;
        }
    }
    print "~";
];

[ Bad;
    Test_Bad++;
    print " <- MISMATCH, expected ";
];

! IsText(label, t, expected): t should read as expected (a string or text).
[ IsText label t expected  e;
    Test_Count++;
    print (string) label, ": ", (ShowText) t;
    if (~~Text_Equal(t, expected)) {
        Bad();
        e = Text__Arg(expected, 0);
        ShowText(e);
    }
    new_line;
];

[ IsNum label n expected;
    Test_Count++;
    print (string) label, ": ", n;
    if (n ~= expected) { Bad(); print expected; }
    new_line;
];

[ IsBool label b expected;
    Test_Count++;
    print (string) label, ": ";
    if (b) print "true"; else print "false";
    if ((b ~= 0) ~= (expected ~= 0)) {
        Bad();
        if (expected) print "true"; else print "false";
    }
    new_line;
];

! IsOver(label, expected): whether the last operation overflowed; clears it.
[ IsOver label expected;
    IsBool(label, Text_Overflowed, expected);
    Text_Overflowed = false;
];
