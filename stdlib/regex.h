! SPDX-License-Identifier: MIT (see LICENSE: a story this is compiled into owes nothing to it)
! ==============================================================================
!   regex.h: regular expressions for vinform's stdlib (Z-machine and Glulx).
!
!   Takes text values (the word arrays of stdlib/text.h: t-->0 = capacity+1,
!   t-->1 = length, t-->2.. = characters) and patterns written in the notation
!   of "Writing with Inform" chapter 20 (sections 20.6 and 20.9); gives
!   matching, exact matching, counting, the matched text and subexpressions
!   1-9, and search-and-replace with \0-\9, \l0-\l9, \u0-\u9, \n, \t, \\ in
!   the replacement.  docs/text.md ("Regular expressions") is the manual:
!   routines, failure values, the syntax rules and error codes a compiler
!   checking constant patterns must follow, and the memory used.
!
!   How it works: Regex__Compile reads the pattern once, left to right,
!   checking it and writing a program of word-sized instructions into
!   Regex__Prog.  Regex__Run executes the program at one start position as
!   a backtracking machine whose choice points and undo records live in the
!   fixed array Regex__Stack (never on the Z-machine's own small stack), so
!   memory is bounded.  A pattern with no back-reference, conditional,
!   lookaround, possessive group or bounded repetition of a group is run
!   with a "visited" bitmap over (loop, position) pairs, which makes
!   pathological patterns such as (a*)*b take linear time; every pattern is
!   also bounded by Regex_StepLimit failures per search.  vinform compiles
!   a pattern given as a string literal into a routine of its own that does
!   what Regex__Search would do with its program (compiler/regex_compile.c);
!   the public routines take it as their last argument (Regex__Ready).
!
!   Public names start with Regex_, internal ones with Regex__.
! ==============================================================================

System_file;

! ------------------------------------------------------------------------------
!   Sizes (an author may define any of these before including this file)
! ------------------------------------------------------------------------------

#Ifdef TARGET_ZCODE;
Default Regex_PROG_SIZE 300;      ! words of compiled program
Default Regex_STACK_SIZE 240;     ! backtracking entries (4 words each)
Default Regex_MEMO_BYTES 256;     ! visited bitmap (8 (loop, position) pairs a byte)
Default Regex_BUFFER_SIZE 600;    ! longest text Regex_Replace can rewrite (no text.h)
Default Regex_MAX_DEPTH 10;       ! groups open at once while compiling
Default Regex_MAX_LOOPS 12;       ! repeated groups in one pattern
Default Regex_STEP_LIMIT 20000;   ! failures allowed in one search
Default Regex_KEEP_SIZE 250;      ! characters of the recorded match kept
#Ifnot;
Default Regex_PROG_SIZE 1000;
Default Regex_STACK_SIZE 2000;
Default Regex_MEMO_BYTES 4096;
Default Regex_BUFFER_SIZE 5000;
Default Regex_MAX_DEPTH 32;
Default Regex_MAX_LOOPS 32;
Default Regex_STEP_LIMIT 200000;
Default Regex_KEEP_SIZE 1000;
#Endif;

! ------------------------------------------------------------------------------
!   Results and error codes (docs/text.md lists what triggers each)
! ------------------------------------------------------------------------------

Constant Regex_ERROR = -1;        ! Regex_Failure(): the pattern (or replacement) is malformed
Constant Regex_LIMIT = -2;        ! Regex_Failure(): gave up: step limit, stack or buffer full

Constant Regex_E_ESCAPE = 1;        ! bad backslash escape
Constant Regex_E_BACKREF = 2;       ! \N or (?(N) names a group that does not exist
Constant Regex_E_UNCLOSED = 3;      ! ( with no matching )
Constant Regex_E_UNOPENED = 4;      ! ) with no matching (
Constant Regex_E_RANGE_OPEN = 5;    ! < or [ with no closing > or ]
Constant Regex_E_RANGE = 6;         ! z-a: a run that goes backwards, or x-\d
Constant Regex_E_NOTHING = 7;       ! quantifier with nothing to repeat
Constant Regex_E_BRACES = 8;        ! malformed {n}, {n,}, {n,m}
Constant Regex_E_GROUP = 9;         ! unknown (?...) form
Constant Regex_E_COMMENT = 10;      ! (# ... with no )
Constant Regex_E_LOOKBEHIND = 11;   ! lookbehind whose width is not fixed
Constant Regex_E_CONDITION = 12;    ! malformed conditional
Constant Regex_E_TOO_COMPLEX = 13;  ! pattern too big for the work arrays
Constant Regex_E_REPLACEMENT = 14;  ! bad backslash escape in a replacement

Global Regex_ErrorCode = 0;       ! code of the last error (0 = none)
Global Regex_ErrorPos = 0;        ! where: character position, counting from 1
Global Regex_ReportErrors = true; ! false: a malformed pattern is no programming error
Global Regex_StepLimit = Regex_STEP_LIMIT;
Global Regex_Steps = 0;           ! failures counted by the last search
Global Regex_UseMemo = true;      ! false turns the visited bitmap off (tests)

#Ifndef Text_Overflowed;
Global Text_Overflowed = false;
#Endif;

! Programming errors (a malformed pattern given at run time, a text too
! small for a result) are printed in strict mode and in DEBUG builds.
#Ifdef STRICT_MODE;
Constant Regex__REPORT;
#Endif;
#Ifdef DEBUG;
#Ifndef Regex__REPORT;
Constant Regex__REPORT;
#Endif;
#Endif;

! ------------------------------------------------------------------------------
!   Instructions.  Each is an opcode word and its operands; every jump is an
!   offset from the address of its own instruction, so a finished piece of
!   program can be moved (Regex__Insert) without fixing it up.
! ------------------------------------------------------------------------------

Constant Regex__O_CHR = 1;       ! CHR c: the character c
Constant Regex__O_CHRI = 2;      ! CHRI c: any character whose lower case is c
Constant Regex__O_ANY = 3;       ! ANY: any character
Constant Regex__O_CLS = 4;       ! CLS k: class k (Regex__InClass)
Constant Regex__O_SET = 5;       ! SET flags n lo1 hi1 ...: range; flags 1 negated, 2 caseless
Constant Regex__O_BOL = 6;       ! BOL: start of text
Constant Regex__O_EOL = 7;       ! EOL: end of text
Constant Regex__O_WB = 8;        ! WB: word boundary
Constant Regex__O_NWB = 9;       ! NWB: not a word boundary
Constant Regex__O_SAVE = 10;     ! SAVE r: register r := position (groups: 2g, 2g+1)
Constant Regex__O_BREF = 11;     ! BREF g ci: the text group g matched
Constant Regex__O_SPLIT = 12;    ! SPLIT off: try the next instruction, then pc+off
Constant Regex__O_SPLITX = 13;   ! SPLITX off: try pc+off, then the next instruction
Constant Regex__O_JMP = 14;      ! JMP off
Constant Regex__O_REPC = 15;     ! REPC min max lazy slot <one-character matcher>
Constant Regex__O_LOOPINIT = 16; ! LOOPINIT L: count of loop L := 0
Constant Regex__O_LOOPTEST = 17; ! LOOPTEST L min max lazy exitoff slot
Constant Regex__O_LOOPBODY = 18; ! LOOPBODY L: iteration of L starts here
Constant Regex__O_LOOPNEXT = 19; ! LOOPNEXT L topoff: iteration of L ends here
Constant Regex__O_ATOM = 20;     ! ATOM: possessive group starts
Constant Regex__O_ATOMEND = 21;  ! ATOMEND: ... and ends: forget its choices
Constant Regex__O_LOOK = 22;     ! LOOK behind width failoff: lookaround starts
Constant Regex__O_LOOKKEEP = 23; ! LOOKKEEP: lookaround body matched: go on
Constant Regex__O_LOOKDROP = 24; ! LOOKDROP off: body matched: undo, then fail (0) or jump
Constant Regex__O_CONDG = 25;    ! CONDG g nooff: go on if group g has matched, else jump
Constant Regex__O_FAIL = 26;     ! FAIL
Constant Regex__O_MATCH = 27;    ! MATCH

Constant Regex__INF = 32000;   ! "no upper bound" in a repetition
Constant Regex__MAXN = 30000;  ! largest number allowed in {n,m}

! Backtracking entries, 4 words each: tag, then three values.
Constant Regex__T_CHOICE = 1;  ! pc pos -: resume there
Constant Regex__T_UNDO = 2;    ! reg old -: restore a register
Constant Regex__T_ITER = 3;    ! looptest pos oldstart: leave the loop there
Constant Regex__T_REPG = 4;    ! repc low cur: give back one more character
Constant Regex__T_REPL = 5;    ! repc cur high: take one more character
Constant Regex__T_LOOK = 6;    ! pos failpc -: lookaround frame
Constant Regex__T_ATOM = 7;    ! - - -: possessive frame

#Ifdef TARGET_ZCODE;
Constant Regex__NL = 13;       ! the line break character in a text value
#Ifnot;
Constant Regex__NL = 10;
#Endif;

Constant Regex__NREGS = 20 + 2 * Regex_MAX_LOOPS;
Constant Regex__STACKW = 4 * Regex_STACK_SIZE;
Constant Regex__MEMO_BITS = 8 * Regex_MEMO_BYTES;

Array Regex__Prog --> Regex_PROG_SIZE;
Array Regex__Stack --> Regex__STACKW;
Array Regex__Reg --> Regex__NREGS;     ! 0-19 groups, then count, start per loop
Array Regex__MCap --> 20;              ! the registers of the last match
Array Regex__Kept --> Regex_KEEP_SIZE; ! its characters (Regex__Keep)
Array Regex__Memo -> Regex_MEMO_BYTES;
Array Regex__Bit -> 1 2 4 8 16 32 64 128;
Array Regex__None --> (-1) (-1) (-1) (-1) (-1) (-1) (-1) (-1) (-1) (-1)
    (-1) (-1) (-1) (-1) (-1) (-1) (-1) (-1) (-1) (-1); ! 20 words of -1, copied
! The classes of the characters below 128, one bit each (what
! Regex__InClass answers for them): 1 \d, 2 \l, 4 \p, 8 \s, 16 \u, 32 \n;
! \w is neither 4 nor 8.  For the routines vinform compiles patterns into.
Array Regex__CT ->
    0 0 0 0 0 0 0 0 0 8 40 0 0 40 0 0
    0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
    8 4 4 0 0 0 0 0 4 4 0 0 4 4 4 4
    1 1 1 1 1 1 1 1 1 1 4 4 0 0 0 4
    0 16 16 16 16 16 16 16 16 16 16 16 16 16 16 16
    16 16 16 16 16 16 16 16 16 16 16 4 0 4 0 0
    0 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2
    2 2 2 2 2 2 2 2 2 2 2 4 0 4 0 0;
#Ifdef TEXT_H;
Constant Regex__Src = Text__Work;      ! Regex_Replace's copy of the text
Constant Regex__SRCCAP = Text_WorkCapacity;
#Ifnot;
Array Regex__Src --> Regex_BUFFER_SIZE + 2;
Constant Regex__SRCCAP = Regex_BUFFER_SIZE;
#Endif;
Array Regex__RefPos --> 10;            ! first position of \g or (?(g) per g

! Compiler state.
Global Regex__PC;          ! words of program written
Global Regex__NGroups;     ! capturing groups opened
Global Regex__NLoops;      ! loops (LOOPINIT ... LOOPNEXT) used
Global Regex__NSlots;      ! visited-bitmap slots used (REPC and LOOPTEST)
Global Regex__MemoOK;      ! may the visited bitmap be used for this pattern?
Global Regex__CI;          ! case-insensitive at this point of the pattern?
Global Regex__Depth;       ! frames open
Global Regex__First;       ! character every match starts with, or -1
Global Regex__Anchored;    ! matches only at position 0?
Global Regex__BMin;        ! {n,m} just read by Regex__Braces
Global Regex__BMax;

! Matcher state.
Global Regex__Subj;        ! text being searched
Global Regex__Len;         ! its length
Global Regex__MemoOn;      ! visited bitmap in use for this search?
Global Regex__MemoW;       ! slots per position in the bitmap
Global Regex__Why;         ! why Regex_LIMIT: 1 steps, 2 stack, 3 buffer
Global Regex__Matched;     ! is a match recorded in Regex__MCap?
Global Regex__KeptFrom;    ! Regex__Kept-->0 is the subject's character KeptFrom
Global Regex__KeptLen;     ! characters kept
Global Regex__Failure;     ! Regex_Failure()'s answer: 0, Regex_ERROR or Regex_LIMIT
Global Regex__Who;         ! name of the public routine at work, for messages
Global Regex__Code;        ! the compiled pattern at work (0: Regex__Prog's)
#Ifdef Regex__REPORT;
Constant Regex__TOLDMAX = 8;          ! as text.h's Text__TOLDMAX
Array Regex__Told --> Regex__TOLDMAX;     ! patterns (or texts) reported already
Global Regex__NTold;
#Endif;

! ------------------------------------------------------------------------------
!   Pattern and replacement arguments: a text value, or a string which is
!   printed into a scratch text.  stdlib/text.h's Text__Arg does this when
!   text.h is included first (slot 0 for patterns, 1 for replacements);
!   otherwise a small private version is used.
! ------------------------------------------------------------------------------

#Ifdef TEXT_H;
[ Regex__Arg x slot; return Text__Arg(x, slot); ];
#Ifnot;
Constant Regex__ARGCAP = 250;
Array Regex__ArgText --> Regex__ARGCAP + 2;
#Ifdef TARGET_ZCODE;
Array Regex__ArgBytes -> Regex__ARGCAP + 600;
[ Regex__Arg x slot  i n;
    slot = 0;
    if (Regex__IsText(x)) return x;
    @output_stream 3 Regex__ArgBytes;
    print (string) x;
    @output_stream -3;
    n = Regex__ArgBytes-->0;
    if (n > Regex__ARGCAP) n = Regex__ARGCAP;
    Regex__ArgText-->0 = Regex__ARGCAP + 1;
    Regex__ArgText-->1 = n;
    for (i = 0: i < n: i++) Regex__ArgText-->(i+2) = Regex__ArgBytes->(i+2);
    return Regex__ArgText;
];
! text.h's rule (Text__IsText): a text lies in the array area; there, a
! value below every string's number is a text (every value there, in a
! story vinform compiled: it places the strings above the arrays), and
! one that may also be a string is taken for a text only when it reads
! as one.
[ Regex__IsText x;
    if (x == 0) rfalse;
    if (Regex__Below(x, #array__start) || ~~Regex__Below(x, #array__end)) rfalse;
    if (Regex__Below(x, #strings_offset)) rtrue;
    return x-->0 >= 1 && x-->1 >= 0 && x-->1 < x-->0;
];
! Regex__Below(x, y): x < y, comparing as unsigned 16-bit numbers.
[ Regex__Below x y;
    if (x >= 0) { if (y < 0) rtrue; return x < y; }
    if (y >= 0) rfalse;
    return x < y;
];
#Ifnot;
[ Regex__Arg x slot  str old n res;
    slot = 0;
    if (Regex__IsText(x)) return x;
    Regex__ArgText-->0 = Regex__ARGCAP + 1;
    old = glk($0048);                                    ! stream_get_current
    str = glk($0139, Regex__ArgText + 2*WORDSIZE, Regex__ARGCAP, 1, 0);
    glk($0047, str);                                     ! stream_set_current
    print (string) x;
    glk($0047, old);
    res = Regex__Reg;                                    ! two free words
    glk($0044, str, res);                                ! stream_close
    n = res-->1;
    if (n > Regex__ARGCAP) n = Regex__ARGCAP;
    Regex__ArgText-->1 = n;
    return Regex__ArgText;
];
[ Regex__IsText x;
    if (x == 0) rfalse;
    if (metaclass(x) == String or Routine) rfalse;
    rtrue;
];
#Endif;
#Endif;

! ------------------------------------------------------------------------------
!   Characters: classes and case
! ------------------------------------------------------------------------------

#Ifdef TEXT_H;
[ Regex__Lower c; return Text_CharToLower(c); ];
[ Regex__Upper c; return Text_CharToUpper(c); ];
#Ifnot;
#Ifdef TARGET_ZCODE;
! ZSCII 155-223 (the default extra characters): lower and upper case pairs.
[ Regex__Lower c;
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c < 155 || c > 223) return c;
    switch (c) {
        158, 159, 160: return c - 3;
        167, 168: return c - 3;
        175 to 180: return c - 6;
        186 to 190: return c - 5;
        196 to 200: return c - 5;
        202, 204: return c - 1;
        208, 209, 210: return c - 3;
        212, 214: return c - 1;
        217, 218: return c - 2;
        221: return 220;
    }
    return c;
];
[ Regex__Upper c;
    if (c >= 'a' && c <= 'z') return c - 32;
    if (c < 155 || c > 223) return c;
    switch (c) {
        155, 156, 157: return c + 3;
        164, 165: return c + 3;
        169 to 174: return c + 6;
        181 to 185: return c + 5;
        191 to 195: return c + 5;
        201, 203: return c + 1;
        205, 206, 207: return c + 3;
        211, 213: return c + 1;
        215, 216: return c + 2;
        220: return 221;
    }
    return c;
];
#Ifnot;
Array Regex__CaseBuf --> 4;
[ Regex__Lower c;
    if (c < 'A') return c;
    if (c <= 'Z') return c + 32;
    if (c < $C0) return c;
    if (c <= $DE) { if (c == $D7) return c; return c + 32; }
    if (c < $100) return c;
    Regex__CaseBuf-->0 = c;
    if (glk($0120, Regex__CaseBuf, 4, 1) ~= 1) return c;  ! buffer_to_lower_case_uni
    return Regex__CaseBuf-->0;
];
[ Regex__Upper c;
    if (c < 'a') return c;
    if (c <= 'z') return c - 32;
    if (c < $E0) { if (c == $B5) return $39C; return c; }
    if (c <= $FE) { if (c == $F7) return c; return c - 32; }
    if (c == $FF) return $178;
    if (c < $100) return c;
    Regex__CaseBuf-->0 = c;
    if (glk($0121, Regex__CaseBuf, 4, 1) ~= 1) return c;  ! buffer_to_upper_case_uni
    return Regex__CaseBuf-->0;
];
#Endif;
#Endif;

#Ifdef TEXT_H;
[ Regex__IsLower c; return Text_CharIsLower(c); ];
[ Regex__IsUpper c; return Text_CharIsUpper(c); ];
#Ifnot;
! A lower case letter is one with an upper case form, or sharp s (and, on
! the Z-machine, y-diaeresis, whose upper case ZSCII lacks).
[ Regex__IsLower c;
    if (c >= 'a' && c <= 'z') rtrue;
    if (c < 128) rfalse;
    #Ifdef TARGET_ZCODE;
    if (c == 161 or 166) rtrue;
    #Ifnot;
    if (c == $DF) rtrue;
    #Endif;
    return Regex__Upper(c) ~= c;
];
[ Regex__IsUpper c;
    if (c >= 'A' && c <= 'Z') rtrue;
    if (c < 128) rfalse;
    return Regex__Lower(c) ~= c;
];
#Endif;

! Character classes: 1 \d, 2 \l, 3 \p, 4 \s, 5 \u, 6 \w, 7 \n; k+16 negates.
[ Regex__InClass k c;
    if (k > 16) return ~~Regex__InClass(k - 16, c);
    switch (k) {
        1: return c >= '0' && c <= '9';
        2: return Regex__IsLower(c);
        3: return Regex__IsPunct(c);
        4: return c == 32 or 9 or 10 or 13;
        5: return Regex__IsUpper(c);
        6: if (c == 32 or 9 or 10 or 13) rfalse;
           return ~~Regex__IsPunct(c);
        7: return c == 10 or 13;
    }
    rfalse;
];

[ Regex__IsPunct c;
    switch (c) {
        '.', ',', '!', '?', '-', '/', '"', ':', ';', '(', ')', '[', ']', '{', '}':
            rtrue;
    }
    rfalse;
];

[ Regex__IsWordChar c;
    if (c == 32 or 9 or 10 or 13) rfalse;
    return ~~Regex__IsPunct(c);
];

! Does the one-character matcher at pc accept c?
[ Regex__CharOK pc c  op i n f lo hi r lc uc;
    op = Regex__Prog-->pc;
    switch (op) {
        Regex__O_CHR: return c == Regex__Prog-->(pc+1);
        Regex__O_CHRI: return Regex__Lower(c) == Regex__Prog-->(pc+1);
        Regex__O_ANY: rtrue;
        Regex__O_CLS: return Regex__InClass(Regex__Prog-->(pc+1), c);
    }
    ! Regex__O_SET
    f = Regex__Prog-->(pc+1);
    n = Regex__Prog-->(pc+2);
    lc = c; uc = c;
    if (f & 2) { lc = Regex__Lower(c); uc = Regex__Upper(c); }
    for (i = pc + 3: i < pc + 3 + n: i = i + 2) {
        lo = Regex__Prog-->i;
        hi = Regex__Prog-->(i+1);
        if (lo < 0) {
            if (Regex__InClass(-lo, c)) { r = true; break; }
        } else {
            if (c >= lo && c <= hi) { r = true; break; }
            if (lc >= lo && lc <= hi) { r = true; break; }
            if (uc >= lo && uc <= hi) { r = true; break; }
        }
    }
    if (f & 1) return ~~r;
    return r;
];

! Words taken by the one-character matcher at pc.
[ Regex__MLen pc;
    switch (Regex__Prog-->pc) {
        Regex__O_ANY: return 1;
        Regex__O_SET: return 3 + Regex__Prog-->(pc+2);
    }
    return 2;
];

! ------------------------------------------------------------------------------
!   The compiler.  Regex__Compile(pat, ci, exact) reads the pattern text once,
!   checks it and writes the program; it returns 0, or an error code with the
!   position in Regex_ErrorPos.  Every syntax rule lives here and in its
!   helpers Regex__Set and Regex__Braces: docs/text.md restates them.
!
!   Groups open while compiling are frames of Regex__FSIZE words:
! ------------------------------------------------------------------------------

Constant Regex__F_KIND = 0;    ! one of Regex__K_*
Constant Regex__F_ARG = 1;     ! group number / lookaround flags / condition kind
Constant Regex__F_START = 2;   ! address of the group's first instruction
Constant Regex__F_ALT = 3;     ! address where the current alternative starts
Constant Regex__F_PEND = 4;    ! chain of JMPs to patch to the group's end (-1: none)
Constant Regex__F_NALT = 5;    ! number of | seen
Constant Regex__F_CI = 6;      ! Regex__CI when the group opened
Constant Regex__F_WG = 7;      ! width of the alternatives before (-2 none, -1 varies)
Constant Regex__F_WA = 8;      ! width of the current alternative so far (-1 varies)
Constant Regex__F_POS = 9;     ! pattern position of the (
Constant Regex__F_LASTA = 10;  ! address of the last repeatable atom (-1: none)
Constant Regex__F_LASTW = 11;  ! its width
Constant Regex__F_LASTS = 12;  ! is it a one-character matcher?
Constant Regex__F_COND = 13;   ! conditional: instruction to patch with the no-branch
Constant Regex__FSIZE = 14;

Constant Regex__K_TOP = 0;
Constant Regex__K_CAP = 1;
Constant Regex__K_NC = 2;
Constant Regex__K_ATOM = 3;
Constant Regex__K_LOOK = 4;
Constant Regex__K_COND = 5;
Constant Regex__K_LOOKCOND = 6;

Array Regex__Frames --> Regex__FSIZE * (Regex_MAX_DEPTH + 1);

[ Regex__Err code pos;
    Regex_ErrorCode = code;
    Regex_ErrorPos = pos;
    return code;
];

[ Regex__Emit w;
    if (Regex__PC >= Regex_PROG_SIZE) rfalse;
    Regex__Prog-->Regex__PC = w;
    Regex__PC++;
    rtrue;
];

! Make room for k words at address a, moving what follows up.
[ Regex__Insert a k  i;
    if (Regex__PC + k > Regex_PROG_SIZE) rfalse;
    for (i = Regex__PC - 1: i >= a: i--) Regex__Prog-->(i+k) = Regex__Prog-->i;
    Regex__PC = Regex__PC + k;
    rtrue;
];

[ Regex__Frame d; return Regex__Frames + d * Regex__FSIZE * WORDSIZE; ];

[ Regex__Open kind arg pos  f;
    if (Regex__Depth >= Regex_MAX_DEPTH) rfalse;
    Regex__Depth++;
    f = Regex__Frame(Regex__Depth);
    f-->Regex__F_KIND = kind;
    f-->Regex__F_ARG = arg;
    f-->Regex__F_START = Regex__PC;
    f-->Regex__F_ALT = Regex__PC;
    f-->Regex__F_PEND = -1;
    f-->Regex__F_NALT = 0;
    f-->Regex__F_CI = Regex__CI;
    f-->Regex__F_WG = -2;
    f-->Regex__F_WA = 0;
    f-->Regex__F_POS = pos;
    f-->Regex__F_LASTA = -1;
    f-->Regex__F_COND = -1;
    rtrue;
];

! Widths of two alternatives combined: the same fixed width, or -1.
[ Regex__WJoin a b;
    if (a == -2) return b;
    if (a == -1 || b == -1 || a ~= b) return -1;
    return a;
];

! An atom of width w (-1: varies) now starts at address a in frame f.
[ Regex__Atom f a w single repeatable  x;
    x = f-->Regex__F_WA;
    if (x >= 0) {
        if (w < 0) x = -1;
        else { x = x + w; if (x > Regex__MAXN) x = -1; }
        f-->Regex__F_WA = x;
    }
    if (repeatable) {
        f-->Regex__F_LASTA = a;
        f-->Regex__F_LASTW = w;
        f-->Regex__F_LASTS = single;
    } else f-->Regex__F_LASTA = -1;
];

! Apply a quantifier {min,max} (lazy or greedy) to the last atom of frame f.
[ Regex__Quantify f min max lazy qpos  a w x L;
    a = f-->Regex__F_LASTA;
    if (a < 0) return Regex__Err(Regex_E_NOTHING, qpos);
    w = f-->Regex__F_LASTW;
    f-->Regex__F_LASTA = -1;
    x = f-->Regex__F_WA;
    if (x >= 0 && w ~= 0) {
        if (min ~= max) x = -1;
        else if (min == 0) x = x - w;
        else if (w > Regex__MAXN / min) x = -1;
        else { x = x + w * (min - 1); if (x > Regex__MAXN) x = -1; }
        f-->Regex__F_WA = x;
    }
    if (max == 0) { Regex__PC = a; return 0; }
    if (min == 1 && max == 1) return 0;
    if (f-->Regex__F_LASTS) {
        if (Regex__Insert(a, 5) == false) return Regex__Err(Regex_E_TOO_COMPLEX, qpos);
        Regex__Prog-->a = Regex__O_REPC;
        Regex__Prog-->(a+1) = min;
        Regex__Prog-->(a+2) = max;
        Regex__Prog-->(a+3) = lazy;
        Regex__Prog-->(a+4) = Regex__NSlots++;
        return 0;
    }
    if (min == 0 && max == 1) {
        if (Regex__Insert(a, 2) == false) return Regex__Err(Regex_E_TOO_COMPLEX, qpos);
        if (lazy) Regex__Prog-->a = Regex__O_SPLITX;
        else Regex__Prog-->a = Regex__O_SPLIT;
        Regex__Prog-->(a+1) = Regex__PC - a;
        return 0;
    }
    L = Regex__NLoops;
    if (L >= Regex_MAX_LOOPS) return Regex__Err(Regex_E_TOO_COMPLEX, qpos);
    Regex__NLoops++;
    if (min > 1 || max ~= Regex__INF) Regex__MemoOK = false;
    if (Regex__Insert(a, 11) == false) return Regex__Err(Regex_E_TOO_COMPLEX, qpos);
    Regex__Prog-->a = Regex__O_LOOPINIT;
    Regex__Prog-->(a+1) = L;
    Regex__Prog-->(a+2) = Regex__O_LOOPTEST;
    Regex__Prog-->(a+3) = L;
    Regex__Prog-->(a+4) = min;
    Regex__Prog-->(a+5) = max;
    Regex__Prog-->(a+6) = lazy;
    Regex__Prog-->(a+8) = Regex__NSlots++;
    Regex__Prog-->(a+9) = Regex__O_LOOPBODY;
    Regex__Prog-->(a+10) = L;
    x = Regex__PC;
    if (Regex__Emit(Regex__O_LOOPNEXT) == false || Regex__Emit(L) == false ||
        Regex__Emit(a + 2 - x) == false)
        return Regex__Err(Regex_E_TOO_COMPLEX, qpos);
    Regex__Prog-->(a+7) = Regex__PC - (a + 2);
    return 0;
];

! Emit a literal character (caseless when Regex__CI and it has a case).
[ Regex__Literal f c  a;
    a = Regex__PC;
    if (Regex__CI && (Regex__Lower(c) ~= c || Regex__Upper(c) ~= c)) {
        if (Regex__Emit(Regex__O_CHRI) == false) rfalse;
        if (Regex__Emit(Regex__Lower(c)) == false) rfalse;
    } else {
        if (Regex__Emit(Regex__O_CHR) == false) rfalse;
        if (Regex__Emit(c) == false) rfalse;
    }
    Regex__Atom(f, a, 1, true, true);
    rtrue;
];

! Emit a one-word or two-word instruction that is an atom of frame f.
[ Regex__Simple f op arg w single repeatable  a;
    a = Regex__PC;
    if (Regex__Emit(op) == false) rfalse;
    if (arg ~= -1) { if (Regex__Emit(arg) == false) rfalse; }
    Regex__Atom(f, a, w, single, repeatable);
    rtrue;
];

! The class number of an escape letter, or 0.
[ Regex__ClassOf c;
    switch (c) {
        'd': return 1;   'l': return 2;   'p': return 3;
        's': return 4;   'u': return 5;   'w': return 6;   'n': return 7;
        'D': return 17;  'L': return 18;  'P': return 19;
        'S': return 20;  'U': return 21;  'W': return 22;
    }
    return 0;
];

[ Regex__IsAlnum c;
    if (c >= 'a' && c <= 'z') rtrue;
    if (c >= 'A' && c <= 'Z') rtrue;
    if (c >= '0' && c <= '9') rtrue;
    rfalse;
];

! Compile a character range starting at pattern index i (just after the
! opening < or [, which is at index i-1). Returns the index after the
! closing bracket, or -1 after recording an error.
[ Regex__Set pat i n f  close bpos hdr first c lo hi k epos;
    bpos = i;
    if (pat-->(i+1) == '<') close = '>'; else close = ']';
    hdr = Regex__PC;
    if (Regex__Emit(Regex__O_SET) == false || Regex__Emit(0) == false ||
        Regex__Emit(0) == false) {
        Regex__Err(Regex_E_TOO_COMPLEX, bpos); return -1;
    }
    if (i < n && pat-->(i+2) == '^') { Regex__Prog-->(hdr+1) = 1; i++; }
    if (Regex__CI) Regex__Prog-->(hdr+1) = Regex__Prog-->(hdr+1) | 2;
    first = true;
    for (::) {
        if (i >= n) { Regex__Err(Regex_E_RANGE_OPEN, bpos); return -1; }
        c = pat-->(i+2); epos = i + 1; i++;
        if (c == close && first == false) break;
        first = false;
        k = 0;
        if (c == '\') {
            if (i >= n) { Regex__Err(Regex_E_ESCAPE, epos); return -1; }
            c = pat-->(i+2); i++;
            k = Regex__ClassOf(c);
            if (c == 't') c = 9;
            else if (k == 0 && (Regex__IsAlnum(c) || c == ' ')) {
                Regex__Err(Regex_E_ESCAPE, epos); return -1;
            }
        }
        if (k) { lo = -k; hi = 0; }
        else {
            lo = c; hi = c;
            if (i + 1 < n && pat-->(i+2) == '-' && pat-->(i+3) ~= close) {
                i++;
                hi = pat-->(i+2); i++;
                if (hi == '\') {
                    if (i >= n) { Regex__Err(Regex_E_ESCAPE, i); return -1; }
                    hi = pat-->(i+2); i++;
                    if (hi == 't') hi = 9;
                    else if (Regex__IsAlnum(hi) || hi == ' ') {
                        Regex__Err(Regex_E_RANGE, epos); return -1;
                    }
                }
                if (lo > hi) { Regex__Err(Regex_E_RANGE, epos); return -1; }
            }
        }
        if (Regex__Emit(lo) == false || Regex__Emit(hi) == false) {
            Regex__Err(Regex_E_TOO_COMPLEX, epos); return -1;
        }
    }
    Regex__Prog-->(hdr+2) = Regex__PC - hdr - 3;
    Regex__Atom(f, hdr, 1, true, true);
    return i;
];

! Read {n}, {n,} or {n,m} starting at index i (just after the {, which is
! at index i-1); stores min in Regex__BMin and max in Regex__BMax and
! returns the index after }, or -1 after recording an error.
[ Regex__Braces pat i n  bpos min max c got;
    bpos = i;
    min = 0; got = false;
    while (i < n) {
        c = pat-->(i+2);
        if (c < '0' || c > '9') break;
        if (min > (Regex__MAXN - (c - '0')) / 10) { Regex__Err(Regex_E_BRACES, bpos); return -1; }
        min = min * 10 + c - '0'; got = true; i++;
    }
    if (got == false || i >= n) { Regex__Err(Regex_E_BRACES, bpos); return -1; }
    c = pat-->(i+2); i++;
    if (c == '}') max = min;
    else if (c == ',') {
        if (i < n && pat-->(i+2) == '}') { max = Regex__INF; i++; }
        else {
            max = 0; got = false;
            while (i < n) {
                c = pat-->(i+2);
                if (c < '0' || c > '9') break;
                if (max > (Regex__MAXN - (c - '0')) / 10) { Regex__Err(Regex_E_BRACES, bpos); return -1; }
                max = max * 10 + c - '0'; got = true; i++;
            }
            if (got == false || i >= n || pat-->(i+2) ~= '}') {
                Regex__Err(Regex_E_BRACES, bpos); return -1;
            }
            i++;
            if (min > max) { Regex__Err(Regex_E_BRACES, bpos); return -1; }
        }
    } else { Regex__Err(Regex_E_BRACES, bpos); return -1; }
    Regex__BMin = min;
    Regex__BMax = max;
    return i;
];

! Patch the "no" branch of the conditional frame f to jump to address t.
[ Regex__CondPatch f t  a;
    a = f-->Regex__F_COND;
    switch (f-->Regex__F_ARG) {
        1: Regex__Prog-->(a+2) = t - a;    ! CONDG g nooff
        2: Regex__Prog-->(a+3) = t - a;    ! LOOK ... failoff
        3: Regex__Prog-->(a+1) = t - a;    ! LOOKDROP off
    }
];

! | in frame f at pattern position pos.
[ Regex__Bar f pos  a;
    if (f-->Regex__F_KIND == Regex__K_COND) {
        if (f-->Regex__F_NALT > 0) return Regex__Err(Regex_E_CONDITION, pos);
        a = Regex__PC;
        if (Regex__Emit(Regex__O_JMP) == false || Regex__Emit(-1) == false)
            return Regex__Err(Regex_E_TOO_COMPLEX, pos);
        f-->Regex__F_PEND = a;
        Regex__CondPatch(f, Regex__PC);
    } else {
        a = f-->Regex__F_ALT;
        if (Regex__Insert(a, 2) == false) return Regex__Err(Regex_E_TOO_COMPLEX, pos);
        Regex__Prog-->a = Regex__O_SPLIT;
        if (Regex__Emit(Regex__O_JMP) == false || Regex__Emit(f-->Regex__F_PEND) == false)
            return Regex__Err(Regex_E_TOO_COMPLEX, pos);
        f-->Regex__F_PEND = Regex__PC - 2;
        Regex__Prog-->(a+1) = Regex__PC - a;
    }
    f-->Regex__F_WG = Regex__WJoin(f-->Regex__F_WG, f-->Regex__F_WA);
    f-->Regex__F_WA = 0;
    f-->Regex__F_NALT = f-->Regex__F_NALT + 1;
    f-->Regex__F_ALT = Regex__PC;
    f-->Regex__F_LASTA = -1;
    return 0;
];

! Close frame f (the innermost) at pattern position pos: ) or the end.
[ Regex__Close f pos  k nxt w kind a p wy wn;
    k = f-->Regex__F_PEND;
    while (k ~= -1) {
        nxt = Regex__Prog-->(k+1);
        Regex__Prog-->(k+1) = Regex__PC - k;
        k = nxt;
    }
    kind = f-->Regex__F_KIND;
    a = f-->Regex__F_START;
    if (kind == Regex__K_COND) {
        if (f-->Regex__F_NALT == 0) {
            Regex__CondPatch(f, Regex__PC);
            wy = f-->Regex__F_WA; wn = 0;
        } else { wy = f-->Regex__F_WG; wn = f-->Regex__F_WA; }
        w = -1;
        if (wy >= 0 && wy == wn) w = wy;
    } else w = Regex__WJoin(f-->Regex__F_WG, f-->Regex__F_WA);
    Regex__CI = f-->Regex__F_CI;
    Regex__Depth--;
    p = Regex__Frame(Regex__Depth);
    switch (kind) {
        Regex__K_CAP:
            if (f-->Regex__F_ARG <= 9) {
                if (Regex__Emit(Regex__O_SAVE) == false ||
                    Regex__Emit(2 * f-->Regex__F_ARG + 1) == false)
                    return Regex__Err(Regex_E_TOO_COMPLEX, pos);
            }
            Regex__Atom(p, a, w, false, true);
        Regex__K_NC, Regex__K_COND:
            Regex__Atom(p, a, w, false, true);
        Regex__K_ATOM:
            if (Regex__Emit(Regex__O_ATOMEND) == false)
                return Regex__Err(Regex_E_TOO_COMPLEX, pos);
            Regex__Atom(p, a, w, false, true);
        Regex__K_LOOK, Regex__K_LOOKCOND:
            if (f-->Regex__F_ARG & 1) {
                if (w < 0) return Regex__Err(Regex_E_LOOKBEHIND, f-->Regex__F_POS);
                Regex__Prog-->(a+2) = w;
            }
            if (f-->Regex__F_ARG & 2) {
                k = Regex__PC;
                if (Regex__Emit(Regex__O_LOOKDROP) == false || Regex__Emit(0) == false)
                    return Regex__Err(Regex_E_TOO_COMPLEX, pos);
                Regex__Prog-->(a+3) = Regex__PC - a;
                if (kind == Regex__K_LOOKCOND) p-->Regex__F_COND = k;
            } else {
                if (Regex__Emit(Regex__O_LOOKKEEP) == false)
                    return Regex__Err(Regex_E_TOO_COMPLEX, pos);
                if (kind == Regex__K_LOOKCOND) p-->Regex__F_COND = a;
            }
            if (kind == Regex__K_LOOK) Regex__Atom(p, a, 0, false, false);
            else {
                p-->Regex__F_ALT = Regex__PC;
                p-->Regex__F_WA = 0;
                p-->Regex__F_LASTA = -1;
            }
    }
    return 0;
];

! Open a lookaround (flags: 1 behind, 2 negative) at pattern position pos.
[ Regex__OpenLook kind flags pos;
    Regex__MemoOK = false;
    if (Regex__Open(kind, flags, pos) == false) return Regex__Err(Regex_E_TOO_COMPLEX, pos);
    if (Regex__Emit(Regex__O_LOOK) == false || Regex__Emit(flags & 1) == false ||
        Regex__Emit(0) == false || Regex__Emit(0) == false)
        return Regex__Err(Regex_E_TOO_COMPLEX, pos);
    Regex__Frame(Regex__Depth)-->Regex__F_ALT = Regex__PC;
    return 0;
];

! The pattern character at index i, or 0 past the end.
[ Regex__At pat i n;
    if (i >= n) return 0;
    return pat-->(i+2);
];

! ( at index i-1 (position i): every group form.  Returns the index after
! the group's opening, or -1 after recording an error.
[ Regex__Paren pat i n  f pos c c2 c3 flags g;
    pos = i;
    f = Regex__Frame(Regex__Depth);
    c = Regex__At(pat, i, n);
    if (c == '#' || (c == '?' && Regex__At(pat, i+1, n) == '#')) {
        while (i < n && pat-->(i+2) ~= ')') i++;
        if (i >= n) { Regex__Err(Regex_E_COMMENT, pos); return -1; }
        f-->Regex__F_LASTA = -1;
        return i + 1;
    }
    if (c == '>' || (c == '?' && Regex__At(pat, i+1, n) == '>')) {
        if (c == '>') i++; else i = i + 2;
        Regex__MemoOK = false;
        if (Regex__Open(Regex__K_ATOM, 0, pos) == false || Regex__Emit(Regex__O_ATOM) == false) {
            Regex__Err(Regex_E_TOO_COMPLEX, pos); return -1;
        }
        Regex__Frame(Regex__Depth)-->Regex__F_ALT = Regex__PC;
        return i;
    }
    if (c ~= '?') {
        g = ++Regex__NGroups;
        if (Regex__Open(Regex__K_CAP, g, pos) == false) {
            Regex__Err(Regex_E_TOO_COMPLEX, pos); return -1;
        }
        if (g <= 9) {
            if (Regex__Emit(Regex__O_SAVE) == false || Regex__Emit(2*g) == false) {
                Regex__Err(Regex_E_TOO_COMPLEX, pos); return -1;
            }
            Regex__Frame(Regex__Depth)-->Regex__F_ALT = Regex__PC;
        }
        return i;
    }
    c2 = Regex__At(pat, i+1, n);
    c3 = Regex__At(pat, i+2, n);
    switch (c2) {
        ':':
            if (Regex__Open(Regex__K_NC, 0, pos) == false) {
                Regex__Err(Regex_E_TOO_COMPLEX, pos); return -1;
            }
            return i + 2;
        '=', '!':
            flags = 0; if (c2 == '!') flags = 2;
            if (Regex__OpenLook(Regex__K_LOOK, flags, pos)) return -1;
            return i + 2;
        '<':
            if (c3 == '=') flags = 1;
            else if (c3 == '!') flags = 3;
            else { Regex__Err(Regex_E_GROUP, pos); return -1; }
            if (Regex__OpenLook(Regex__K_LOOK, flags, pos)) return -1;
            return i + 3;
        'i', '-':
            flags = 1; i = i + 2;
            if (c2 == '-') {
                flags = 0;
                if (c3 ~= 'i') { Regex__Err(Regex_E_GROUP, pos); return -1; }
                i++;
            }
            c = Regex__At(pat, i, n);
            if (c == ')') {
                Regex__CI = flags;
                f-->Regex__F_LASTA = -1;
                return i + 1;
            }
            if (c ~= ':') { Regex__Err(Regex_E_GROUP, pos); return -1; }
            if (Regex__Open(Regex__K_NC, 0, pos) == false) {
                Regex__Err(Regex_E_TOO_COMPLEX, pos); return -1;
            }
            Regex__CI = flags;
            return i + 1;
        '(':
            Regex__MemoOK = false;
            if (c3 >= '1' && c3 <= '9' && Regex__At(pat, i+3, n) == ')') {
                g = c3 - '0';
                if (Regex__RefPos-->g == 0) Regex__RefPos-->g = pos;
                if (Regex__Open(Regex__K_COND, 1, pos) == false) {
                    Regex__Err(Regex_E_TOO_COMPLEX, pos); return -1;
                }
                f = Regex__Frame(Regex__Depth);
                f-->Regex__F_COND = Regex__PC;
                if (Regex__Emit(Regex__O_CONDG) == false || Regex__Emit(g) == false ||
                    Regex__Emit(0) == false) {
                    Regex__Err(Regex_E_TOO_COMPLEX, pos); return -1;
                }
                f-->Regex__F_ALT = Regex__PC;
                return i + 4;
            }
            if (c3 == '?') {
                c = Regex__At(pat, i+3, n);
                if (c == '=') { flags = 0; i = i + 4; }
                else if (c == '!') { flags = 2; i = i + 4; }
                else if (c == '<' && Regex__At(pat, i+4, n) == '=') { flags = 1; i = i + 5; }
                else if (c == '<' && Regex__At(pat, i+4, n) == '!') { flags = 3; i = i + 5; }
                else { Regex__Err(Regex_E_CONDITION, pos); return -1; }
                g = 2; if (flags & 2) g = 3;
                if (Regex__Open(Regex__K_COND, g, pos) == false) {
                    Regex__Err(Regex_E_TOO_COMPLEX, pos); return -1;
                }
                if (Regex__OpenLook(Regex__K_LOOKCOND, flags, pos + 2)) return -1;
                return i;
            }
            Regex__Err(Regex_E_CONDITION, pos); return -1;
    }
    Regex__Err(Regex_E_GROUP, pos);
    return -1;
];

[ Regex__Compile pat ci exact  n i c f pos k min max lazy;
    Regex_ErrorCode = 0; Regex_ErrorPos = 0;
    Regex__PC = 0; Regex__NGroups = 0; Regex__NLoops = 0; Regex__NSlots = 0;
    Regex__MemoOK = true; Regex__CI = ci; Regex__Depth = -1;
    Regex__First = -1; Regex__Anchored = exact;
    for (k = 0: k < 10: k++) Regex__RefPos-->k = 0;
    Regex__Open(Regex__K_TOP, 0, 0);
    n = pat-->1;
    if (n == 0) {
        ! The empty pattern never matches.
        Regex__Emit(Regex__O_FAIL);
        return 0;
    }
    i = 0;
    while (i < n) {
        f = Regex__Frame(Regex__Depth);
        c = pat-->(i+2);
        i++; pos = i;
        switch (c) {
            '\':
                if (i >= n) return Regex__Err(Regex_E_ESCAPE, pos);
                c = pat-->(i+2); i++;
                k = Regex__ClassOf(c);
                if (k) {
                    if (Regex__Simple(f, Regex__O_CLS, k, 1, true, true) == false)
                        return Regex__Err(Regex_E_TOO_COMPLEX, pos);
                    continue;
                }
                switch (c) {
                    'b': k = Regex__O_WB;
                    'B': k = Regex__O_NWB;
                    't': if (Regex__Simple(f, Regex__O_CHR, 9, 1, true, true) == false)
                            return Regex__Err(Regex_E_TOO_COMPLEX, pos);
                         continue;
                    '1' to '9':
                        c = c - '0';
                        if (Regex__RefPos-->c == 0) Regex__RefPos-->c = pos;
                        Regex__MemoOK = false;
                        k = Regex__PC;
                        if (Regex__Emit(Regex__O_BREF) == false || Regex__Emit(c) == false ||
                            Regex__Emit(Regex__CI) == false)
                            return Regex__Err(Regex_E_TOO_COMPLEX, pos);
                        Regex__Atom(f, k, -1, false, true);
                        continue;
                    default:
                        if (Regex__IsAlnum(c) || c == ' ') return Regex__Err(Regex_E_ESCAPE, pos);
                        if (Regex__Literal(f, c) == false)
                            return Regex__Err(Regex_E_TOO_COMPLEX, pos);
                        continue;
                }
                if (Regex__Simple(f, k, -1, 0, false, false) == false)
                    return Regex__Err(Regex_E_TOO_COMPLEX, pos);
            '(':
                i = Regex__Paren(pat, i, n);
                if (i < 0) return Regex_ErrorCode;
            ')':
                if (Regex__Depth == 0) return Regex__Err(Regex_E_UNOPENED, pos);
                if (Regex__Close(f, pos)) return Regex_ErrorCode;
            '|':
                if (Regex__Bar(f, pos)) return Regex_ErrorCode;
            '.':
                if (Regex__Simple(f, Regex__O_ANY, -1, 1, true, true) == false)
                    return Regex__Err(Regex_E_TOO_COMPLEX, pos);
            '^':
                if (Regex__Simple(f, Regex__O_BOL, -1, 0, false, false) == false)
                    return Regex__Err(Regex_E_TOO_COMPLEX, pos);
            '$':
                if (Regex__Simple(f, Regex__O_EOL, -1, 0, false, false) == false)
                    return Regex__Err(Regex_E_TOO_COMPLEX, pos);
            '<', '[':
                i = Regex__Set(pat, i, n, f);
                if (i < 0) return Regex_ErrorCode;
            '*', '+', '?', '{':
                if (f-->Regex__F_LASTA < 0) return Regex__Err(Regex_E_NOTHING, pos);
                switch (c) {
                    '*': min = 0; max = Regex__INF;
                    '+': min = 1; max = Regex__INF;
                    '?': min = 0; max = 1;
                    '{':
                        i = Regex__Braces(pat, i, n);
                        if (i < 0) return Regex_ErrorCode;
                        min = Regex__BMin; max = Regex__BMax;
                }
                lazy = false;
                if (i < n && pat-->(i+2) == '?') { lazy = true; i++; }
                if (Regex__Quantify(f, min, max, lazy, pos)) return Regex_ErrorCode;
            default:
                if (Regex__Literal(f, c) == false) return Regex__Err(Regex_E_TOO_COMPLEX, pos);
        }
    }
    if (Regex__Depth > 0) {
        f = Regex__Frame(Regex__Depth);
        return Regex__Err(Regex_E_UNCLOSED, f-->Regex__F_POS);
    }
    f = Regex__Frame(0);
    k = f-->Regex__F_PEND;
    while (k ~= -1) {
        pos = Regex__Prog-->(k+1);
        Regex__Prog-->(k+1) = Regex__PC - k;
        k = pos;
    }
    pos = 0;
    for (k = Regex__NGroups + 1: k <= 9: k++)
        if (Regex__RefPos-->k > 0 && (pos == 0 || Regex__RefPos-->k < pos))
            pos = Regex__RefPos-->k;
    if (pos) return Regex__Err(Regex_E_BACKREF, pos);
    if (exact) {
        if (Regex__Emit(Regex__O_EOL) == false) return Regex__Err(Regex_E_TOO_COMPLEX, n);
    }
    if (Regex__Emit(Regex__O_MATCH) == false) return Regex__Err(Regex_E_TOO_COMPLEX, n);
    if (Regex__Prog-->0 == Regex__O_BOL) Regex__Anchored = true;
    if (Regex__Prog-->0 == Regex__O_CHR) Regex__First = Regex__Prog-->1;
    return 0;
];

! ------------------------------------------------------------------------------
!   The matcher
! ------------------------------------------------------------------------------

! The loop an ITER entry's first word names: the address of its LOOPTEST,
! or (a compiled pattern's entry) the loop's number.
[ Regex__IterLoop x;
    if (Regex__Code) return x;
    return Regex__Prog-->(x+1);
];

! The innermost lookaround or possessive frame on the stack below sp.
[ Regex__FindFrame sp  k t;
    for (k = sp - 4: k >= 0: k = k - 4) {
        t = Regex__Stack-->k;
        if (t == Regex__T_LOOK or Regex__T_ATOM) return k;
    }
    return -1;
];

! Forget every choice above the frame at index k (and the frame itself),
! keeping the undo records so that a later backtrack past here still puts
! the registers back.  Returns the new stack top.
[ Regex__Cut k sp  i j t L old;
    j = k;
    for (i = k + 4: i < sp: i = i + 4) {
        t = Regex__Stack-->i;
        if (t == Regex__T_UNDO) {
            L = Regex__Stack-->(i+1); old = Regex__Stack-->(i+2);
            Regex__Stack-->j = Regex__T_UNDO;
            Regex__Stack-->(j+1) = L; Regex__Stack-->(j+2) = old;
            j = j + 4;
        } else if (t == Regex__T_ITER) {
            L = Regex__IterLoop(Regex__Stack-->(i+1));
            old = Regex__Stack-->(i+3);
            Regex__Stack-->j = Regex__T_UNDO;
            Regex__Stack-->(j+1) = 21 + 2*L; Regex__Stack-->(j+2) = old;
            j = j + 4;
        }
    }
    return j;
];

! Pop everything down to the frame at index k (included), undoing register
! changes on the way.
[ Regex__Unwind k sp  t;
    while (sp > k) {
        sp = sp - 4;
        t = Regex__Stack-->sp;
        if (t == Regex__T_UNDO)
            Regex__Reg-->(Regex__Stack-->(sp+1)) = Regex__Stack-->(sp+2);
        else if (t == Regex__T_ITER)
            Regex__Reg-->(21 + 2 * Regex__IterLoop(Regex__Stack-->(sp+1))) =
                Regex__Stack-->(sp+3);
    }
];

! Test and set the visited bit for (slot, pos); true if it was already set.
[ Regex__Visited slot pos  k b;
    k = pos * Regex__MemoW + slot;
    b = Regex__Bit->(k % 8);
    k = k / 8;
    if (Regex__Memo->k & b) rtrue;
    Regex__Memo->k = Regex__Memo->k | b;
    rfalse;
];

! Clear the visited bits of positions from..to.
[ Regex__MemoClear from to  a b;
    a = (from * Regex__MemoW) / 8;
    b = ((to + 1) * Regex__MemoW + 7) / 8;
    if (b > Regex_MEMO_BYTES) b = Regex_MEMO_BYTES;
    if (b <= a) return;
    b = b - a;
    a = Regex__Memo + a;
    #Ifdef TARGET_ZCODE;
    @copy_table a 0 b;
    #Ifnot;
    @mzero b a;
    #Endif;
];

! Run the program at start position s.  Returns 1 (match: Regex__MCap
! holds it), 0 (no match starting at s) or Regex_LIMIT.
[ Regex__Run s  pc pos sp op a b c k len t;
    len = Regex__Len;
    for (k = 0: k < Regex__NREGS: k++) Regex__Reg-->k = -1;
    pc = 0; pos = s; sp = 0;
  .Next;
    op = Regex__Prog-->pc;
    switch (op) {
        Regex__O_CHR:
            if (pos < len && Regex__Subj-->(pos+2) == Regex__Prog-->(pc+1)) {
                pos++; pc = pc + 2; jump Next;
            }
            jump Fail;
        Regex__O_CHRI, Regex__O_CLS, Regex__O_SET:
            if (pos < len && Regex__CharOK(pc, Regex__Subj-->(pos+2))) {
                pos++; pc = pc + Regex__MLen(pc); jump Next;
            }
            jump Fail;
        Regex__O_ANY:
            if (pos < len) { pos++; pc++; jump Next; }
            jump Fail;
        Regex__O_SAVE:
            if (sp >= Regex__STACKW) jump Overflow;
            a = Regex__Prog-->(pc+1);
            Regex__Stack-->sp = Regex__T_UNDO;
            Regex__Stack-->(sp+1) = a;
            Regex__Stack-->(sp+2) = Regex__Reg-->a;
            sp = sp + 4;
            Regex__Reg-->a = pos;
            pc = pc + 2; jump Next;
        Regex__O_REPC:
            a = Regex__Prog-->(pc+1);                 ! min
            b = Regex__Prog-->(pc+2);                 ! max
            if (b == Regex__INF || b > len - pos) b = len - pos;
            if (a > b) jump Fail;
            op = pc + 5;                              ! the matcher
            if (Regex__Prog-->(pc+3)) {               ! lazy
                for (k = 0: k < a: k++)
                    if (Regex__CharOK(op, Regex__Subj-->(pos+k+2)) == false) jump Fail;
                if (a < b) {
                    if (sp >= Regex__STACKW) jump Overflow;
                    Regex__Stack-->sp = Regex__T_REPL;
                    Regex__Stack-->(sp+1) = pc;
                    Regex__Stack-->(sp+2) = pos + a;
                    Regex__Stack-->(sp+3) = pos + b;
                    sp = sp + 4;
                }
                pos = pos + a;
            } else {
                c = Regex__Prog-->op;
                k = 0;
                if (c == Regex__O_CHR) {
                    c = Regex__Prog-->(op+1);
                    while (k < b && Regex__Subj-->(pos+k+2) == c) k++;
                } else if (c == Regex__O_ANY) k = b;
                else while (k < b && Regex__CharOK(op, Regex__Subj-->(pos+k+2))) k++;
                if (k < a) jump Fail;
                if (k > a) {
                    if (sp >= Regex__STACKW) jump Overflow;
                    Regex__Stack-->sp = Regex__T_REPG;
                    Regex__Stack-->(sp+1) = pc;
                    Regex__Stack-->(sp+2) = pos + a;
                    Regex__Stack-->(sp+3) = pos + k;
                    sp = sp + 4;
                }
                pos = pos + k;
            }
            a = pc;
          .RepDone;
            pc = a + 5 + Regex__MLen(a + 5);
            if (Regex__MemoOn && Regex__Visited(Regex__Prog-->(a+4), pos)) jump Fail;
            jump Next;
        Regex__O_SPLIT, Regex__O_SPLITX:
            if (sp >= Regex__STACKW) jump Overflow;
            Regex__Stack-->sp = Regex__T_CHOICE;
            Regex__Stack-->(sp+2) = pos;
            if (op == Regex__O_SPLIT) {
                Regex__Stack-->(sp+1) = pc + Regex__Prog-->(pc+1);
                pc = pc + 2;
            } else {
                Regex__Stack-->(sp+1) = pc + 2;
                pc = pc + Regex__Prog-->(pc+1);
            }
            sp = sp + 4;
            jump Next;
        Regex__O_JMP:
            pc = pc + Regex__Prog-->(pc+1); jump Next;
        Regex__O_LOOPINIT:
            if (sp >= Regex__STACKW) jump Overflow;
            a = 20 + 2 * Regex__Prog-->(pc+1);
            Regex__Stack-->sp = Regex__T_UNDO;
            Regex__Stack-->(sp+1) = a;
            Regex__Stack-->(sp+2) = Regex__Reg-->a;
            sp = sp + 4;
            Regex__Reg-->a = 0;
            pc = pc + 2; jump Next;
        Regex__O_LOOPTEST:
            a = 20 + 2 * Regex__Prog-->(pc+1);       ! count register
            c = Regex__Reg-->a;
            if (c < Regex__Prog-->(pc+2)) { pc = pc + 7; jump Next; }
            if (c >= Regex__Prog-->(pc+3)) { pc = pc + Regex__Prog-->(pc+5); jump Next; }
            if (Regex__MemoOn && Regex__Visited(Regex__Prog-->(pc+6), pos)) jump Fail;
            if (sp >= Regex__STACKW) jump Overflow;
            if (Regex__Prog-->(pc+4)) {               ! lazy: leave first
                Regex__Stack-->sp = Regex__T_CHOICE;
                Regex__Stack-->(sp+1) = pc + 7;
                Regex__Stack-->(sp+2) = pos;
                sp = sp + 4;
                pc = pc + Regex__Prog-->(pc+5); jump Next;
            }
            Regex__Stack-->sp = Regex__T_ITER;
            Regex__Stack-->(sp+1) = pc;
            Regex__Stack-->(sp+2) = pos;
            Regex__Stack-->(sp+3) = Regex__Reg-->(a+1);
            sp = sp + 4;
            Regex__Reg-->(a+1) = pos;
            pc = pc + 9; jump Next;
        Regex__O_LOOPBODY:
            if (sp >= Regex__STACKW) jump Overflow;
            a = 21 + 2 * Regex__Prog-->(pc+1);       ! start register
            Regex__Stack-->sp = Regex__T_UNDO;
            Regex__Stack-->(sp+1) = a;
            Regex__Stack-->(sp+2) = Regex__Reg-->a;
            sp = sp + 4;
            Regex__Reg-->a = pos;
            pc = pc + 2; jump Next;
        Regex__O_LOOPNEXT:
            a = 20 + 2 * Regex__Prog-->(pc+1);
            b = pc + Regex__Prog-->(pc+2);            ! its LOOPTEST
            c = Regex__Reg-->a;
            if (c >= Regex__Prog-->(b+2)) {
                ! An iteration past the minimum that matched nothing fails.
                if (pos == Regex__Reg-->(a+1)) jump Fail;
                if (Regex__Prog-->(b+3) == Regex__INF) { pc = b; jump Next; }
            }
            if (sp >= Regex__STACKW) jump Overflow;
            Regex__Stack-->sp = Regex__T_UNDO;
            Regex__Stack-->(sp+1) = a;
            Regex__Stack-->(sp+2) = c;
            sp = sp + 4;
            Regex__Reg-->a = c + 1;
            pc = b; jump Next;
        Regex__O_BOL:
            if (pos == 0) { pc++; jump Next; }
            jump Fail;
        Regex__O_EOL:
            if (pos == len) { pc++; jump Next; }
            jump Fail;
        Regex__O_WB, Regex__O_NWB:
            a = 0; b = 0;
            if (pos > 0 && Regex__IsWordChar(Regex__Subj-->(pos+1))) a = 1;
            if (pos < len && Regex__IsWordChar(Regex__Subj-->(pos+2))) b = 1;
            if ((a ~= b) == (op == Regex__O_WB)) { pc++; jump Next; }
            jump Fail;
        Regex__O_BREF:
            k = 2 * Regex__Prog-->(pc+1);
            a = Regex__Reg-->k;
            b = Regex__Reg-->(k+1);
            if (a < 0 || b < a) jump Fail;
            if (pos + b - a > len) jump Fail;
            if (Regex__Prog-->(pc+2)) {
                for (k = a: k < b: k++)
                    if (Regex__Lower(Regex__Subj-->(k+2)) ~=
                        Regex__Lower(Regex__Subj-->(pos+k-a+2))) jump Fail;
            } else {
                for (k = a: k < b: k++)
                    if (Regex__Subj-->(k+2) ~= Regex__Subj-->(pos+k-a+2)) jump Fail;
            }
            pos = pos + b - a;
            pc = pc + 3; jump Next;
        Regex__O_CONDG:
            k = 2 * Regex__Prog-->(pc+1);
            if (Regex__Reg-->(k+1) >= 0 && Regex__Reg-->k >= 0) { pc = pc + 3; jump Next; }
            pc = pc + Regex__Prog-->(pc+2); jump Next;
        Regex__O_ATOM:
            if (sp >= Regex__STACKW) jump Overflow;
            Regex__Stack-->sp = Regex__T_ATOM;
            sp = sp + 4;
            pc++; jump Next;
        Regex__O_ATOMEND:
            sp = Regex__Cut(Regex__FindFrame(sp), sp);
            pc++; jump Next;
        Regex__O_LOOK:
            a = Regex__Prog-->(pc+2);                 ! width behind
            b = -1;                                   ! where to go if the body fails
            if (Regex__Prog-->(pc+3)) b = pc + Regex__Prog-->(pc+3);
            if (Regex__Prog-->(pc+1) && pos < a) {
                if (b < 0) jump Fail;
                pc = b; jump Next;
            }
            if (sp >= Regex__STACKW) jump Overflow;
            Regex__Stack-->sp = Regex__T_LOOK;
            Regex__Stack-->(sp+1) = pos;
            Regex__Stack-->(sp+2) = b;
            sp = sp + 4;
            if (Regex__Prog-->(pc+1)) pos = pos - a;
            pc = pc + 4; jump Next;
        Regex__O_LOOKKEEP:
            k = Regex__FindFrame(sp);
            pos = Regex__Stack-->(k+1);
            sp = Regex__Cut(k, sp);
            pc++; jump Next;
        Regex__O_LOOKDROP:
            k = Regex__FindFrame(sp);
            pos = Regex__Stack-->(k+1);
            Regex__Unwind(k, sp);
            sp = k;
            if (Regex__Prog-->(pc+1) == 0) jump Fail;
            pc = pc + Regex__Prog-->(pc+1); jump Next;
        Regex__O_FAIL:
            jump Fail;
        Regex__O_MATCH:
            Regex__MCap-->0 = s;
            Regex__MCap-->1 = pos;
            for (k = 2: k < 20: k++) Regex__MCap-->k = Regex__Reg-->k;
            return 1;
    }
    ! Not reached: an unknown instruction would be our own bug.
    return Regex_LIMIT;
  .Overflow;
    Regex__Why = 2;
    return Regex_LIMIT;
  .Fail;
    Regex_Steps++;
    if (Regex_Steps > Regex_StepLimit) { Regex__Why = 1; return Regex_LIMIT; }
  .Pop;
    if (sp == 0) rfalse;
    sp = sp - 4;
    t = Regex__Stack-->sp;
    switch (t) {
        Regex__T_CHOICE:
            pc = Regex__Stack-->(sp+1);
            pos = Regex__Stack-->(sp+2);
            jump Next;
        Regex__T_UNDO:
            Regex__Reg-->(Regex__Stack-->(sp+1)) = Regex__Stack-->(sp+2);
            jump Pop;
        Regex__T_ITER:
            a = Regex__Stack-->(sp+1);
            Regex__Reg-->(21 + 2 * Regex__Prog-->(a+1)) = Regex__Stack-->(sp+3);
            pos = Regex__Stack-->(sp+2);
            pc = a + Regex__Prog-->(a+5);
            jump Next;
        Regex__T_REPG:
            a = Regex__Stack-->(sp+1);
            pos = Regex__Stack-->(sp+3) - 1;
            if (pos > Regex__Stack-->(sp+2)) {
                Regex__Stack-->(sp+3) = pos;
                sp = sp + 4;
            }
            jump RepDone;
        Regex__T_REPL:
            a = Regex__Stack-->(sp+1);
            pos = Regex__Stack-->(sp+2);
            if (Regex__CharOK(a + 5, Regex__Subj-->(pos+2)) == false) jump Pop;
            pos++;
            if (pos < Regex__Stack-->(sp+3)) {
                Regex__Stack-->(sp+2) = pos;
                sp = sp + 4;
            }
            jump RepDone;
        Regex__T_LOOK:
            if (Regex__Stack-->(sp+2) >= 0) {
                pos = Regex__Stack-->(sp+1);
                pc = Regex__Stack-->(sp+2);
                jump Next;
            }
            jump Pop;
    }
    jump Pop;   ! Regex__T_ATOM
];

! Find the leftmost match starting at or after position from.  Returns 1
! (recorded in Regex__MCap), 0 or Regex_LIMIT.
[ Regex__Search from  s r len;
    if (Regex__Code) return Regex__Code(from);
    len = Regex__Len;
    Regex_Steps = 0;
    for (s = from: s <= len: s++) {
        if (Regex__Anchored && s > 0) break;
        if (Regex__First >= 0) {
            while (s < len && Regex__Subj-->(s+2) ~= Regex__First) s++;
            if (s >= len) break;
        }
        r = Regex__Run(s);
        if (r ~= 0) {
            if (r == 1 && Regex__MemoOn) Regex__MemoClear(s, Regex__MCap-->1);
            return r;
        }
    }
    rfalse;
];

! Prepare to search the text txt with the compiled program.
[ Regex__Begin txt  len;
    Regex__Subj = txt;
    len = txt-->1;
    if (len < 0) len = 0;
    Regex__Len = len;
    Regex__MemoOn = false;
    if (Regex__MemoOK && Regex_UseMemo && Regex__NSlots > 0 &&
        len < Regex__MEMO_BITS / Regex__NSlots - 1) {
        Regex__MemoOn = true;
        Regex__MemoW = Regex__NSlots;
        Regex__MemoClear(0, len);
    }
];

! ------------------------------------------------------------------------------
!   Reporting problems
! ------------------------------------------------------------------------------

[ Regex_ErrorMessage code;
    switch (code) {
        Regex_E_ESCAPE: print "unknown or unfinished backslash escape";
        Regex_E_BACKREF: print "reference to a group that does not exist";
        Regex_E_UNCLOSED: print "( without a matching )";
        Regex_E_UNOPENED: print ") without a matching (";
        Regex_E_RANGE_OPEN: print "character range never ends";
        Regex_E_RANGE: print "bad run in a character range";
        Regex_E_NOTHING: print "quantifier with nothing to repeat";
        Regex_E_BRACES: print "malformed @{7B}...@{7D} repetition";
        Regex_E_GROUP: print "unknown (?...) form";
        Regex_E_COMMENT: print "comment never ends";
        Regex_E_LOOKBEHIND: print "lookbehind must match a fixed number of characters";
        Regex_E_CONDITION: print "malformed conditional";
        Regex_E_TOO_COMPLEX: print "pattern too complex for the regex work arrays";
        Regex_E_REPLACEMENT: print "unknown or unfinished backslash escape in the replacement";
        default: print "no error";
    }
];

[ Regex__PrintText t  i;
    for (i = 0: i < t-->1: i++) print (char) t-->(i+2);
];

#Ifdef Regex__REPORT;
! Regex__FirstTime(x): true the first time it is asked about x (a pattern,
! a text), while the list of those already reported has room.
[ Regex__FirstTime x  i;
    for (i = 0: i < Regex__NTold: i++) if (Regex__Told-->i == x) rfalse;
    if (Regex__NTold >= Regex__TOLDMAX) rfalse;
    Regex__Told-->Regex__NTold = x;
    Regex__NTold++;
    rtrue;
];
#Endif;

! Regex__Malformed(who, x, t, repl): the pattern (repl false) or the
! replacement x, read as the text t, is malformed (Regex_ErrorCode and
! Regex_ErrorPos say how).  Regex_Failure() will say so; in strict mode or a
! DEBUG build it is also a programming error, printed the first time for
! x, unless Regex_ReportErrors is false.
[ Regex__Malformed who x t repl;
    Regex__Failure = Regex_ERROR;
    #Ifdef Regex__REPORT;
    if (Regex_ReportErrors == false || Regex__FirstTime(x) == false) return;
    print "^[** Programming error: ", (string) who, ": malformed ";
    if (repl) print "replacement"; else print "regular expression";
    print " ~", (Regex__PrintText) t, "~: ", (Regex_ErrorMessage) Regex_ErrorCode,
        " (regex error ", Regex_ErrorCode, ", at character ", Regex_ErrorPos, ") **]^";
    #Ifnot;
    who = x + t + repl;
    #Endif;
];

! Regex__GaveUp(who): the search gave up (Regex__Why says why).
! Regex_Failure() will say so; a DEBUG build also prints which limit it met.
[ Regex__GaveUp who;
    Regex__Failure = Regex_LIMIT;
    #Ifdef DEBUG;
    print "^[** ", (string) who, ": ";
    switch (Regex__Why) {
        1: print "gave up after ", Regex_StepLimit, " failed steps (Regex_StepLimit)";
        2: print "backtracking stack full (Regex_STACK_SIZE)";
        3: print "text longer than the replace buffer (Text_WorkCapacity or Regex_BUFFER_SIZE)";
    }
    print " **]^";
    #Ifnot;
    who = 0;
    #Endif;
];

! Compile pat (a text or string) for an operation; false (and nothing
! recorded) when it is malformed.  (A pattern compiled by vinform goes
! through Regex__Ready instead.)
[ Regex__Prepare who pat ci exact  t;
    Regex__Matched = false;
    Regex__Failure = 0;
    Regex__Code = 0;
    t = Regex__Arg(pat, 0);
    if (Regex__Compile(t, ci, exact)) {
        Regex__Malformed(who, pat, t, false);
        rfalse;
    }
    rtrue;
];

! Regex__Ready(code, txt): Regex__Prepare and Regex__Begin for a pattern
! compiled by vinform (compiler/regex_compile.c), the routine code:
! without the text-argument check's calls when txt is plainly a text;
! code(-1) then sets the globals Regex__Compile would set for the pattern
! and does Regex__Begin's part for Regex__Subj.  Returns the text to
! search (txt, or the scratch text holding a string), which code(from)
! then searches.  The operations' cost with a compiled pattern is mostly
! their calls (tests/bench/text-bench.sh), hence this short path: it sets
! what the long one sets.
[ Regex__Ready code txt;
    Regex__Matched = false;
    Regex__Failure = 0;
    #Ifdef TARGET_ZCODE;
    ! A text for sure (Text__IsText's rule, with the addresses below
    ! $8000 so that signed comparisons are right); otherwise ask.
    if (~~(txt >= #array__start && #array__start > 0 && txt < #array__end &&
           txt < #strings_offset))
        txt = Regex__Arg(txt, 2);
    #Ifnot;
    ! A text for sure: an address in the story file whose first byte is
    ! no type byte (Z__Region 0, so metaclass nothing); otherwise ask.
    if (~~(txt > 36 && txt < 0-->3 && txt->0 == 0)) txt = Regex__Arg(txt, 2);
    #Endif;
    Regex__Subj = txt;
    Regex__Code = code;
    code(-1);
    return txt;
];

! The answer r of a search (a count, or Regex_LIMIT): 0 for a give-up,
! which Regex_Failure() then tells.
[ Regex__Outcome who r;
    if (r >= 0) return r;
    Regex__Matched = false;
    Regex__GaveUp(who);
    return 0;
];

! Regex__CopyWords(from, to, n): n words (n >= 0) at the address from
! copied to the address to, in one instruction.
[ Regex__CopyWords from to n;
    #Ifdef TARGET_ZCODE;
    n = n * 2;
    @copy_table from to n;
    #Ifnot;
    n = n * 4;
    @mcopy n from to;
    #Endif;
];

! Keep the characters of the match just recorded in Regex__MCap, found in
! subj: the whole match and every group that took part (a lookaround can
! put one outside it), so that Regex_MatchText and Regex_Subexpression
! give what was matched whatever later happens to subj, which may be a
! scratch text holding a string.  Records the match.
[ Regex__Keep who subj  lo hi g a b n;
    lo = Regex__MCap-->0; hi = Regex__MCap-->1;
    for (g = 1: g <= 9 && g <= Regex__NGroups: g++) {
        a = Regex__MCap-->(2*g); b = Regex__MCap-->(2*g+1);
        if (a >= 0 && b >= a) {
            if (a < lo) lo = a;
            if (b > hi) hi = b;
        }
    }
    n = hi - lo;
    if (n > Regex_KEEP_SIZE) {
        n = Regex_KEEP_SIZE;
        Text_Overflowed = true;
        #Ifdef Regex__REPORT;
        if (Regex__FirstTime(Regex__Kept))
            print "^[** Programming error: ", (string) who, ": the match is longer than
                Regex_KEEP_SIZE (", Regex_KEEP_SIZE, " characters) allows; what was
                matched is kept cut short **]^";
        #Endif;
    }
    Regex__CopyWords(subj + (lo+2)*WORDSIZE, Regex__Kept, n);
    Regex__KeptFrom = lo;
    Regex__KeptLen = n;
    Regex__Matched = true;
    #Ifndef Regex__REPORT;
    who = 0;
    #Endif;
];

! ------------------------------------------------------------------------------
!   Public routines
! ------------------------------------------------------------------------------

! Why did the last operation fail?  0 it did not, Regex_ERROR the pattern
! (or replacement) is malformed (Regex_ErrorCode and Regex_ErrorPos say
! how), Regex_LIMIT the search gave up.
[ Regex_Failure; return Regex__Failure; ];

! Is the pattern well formed?  Returns 0, or an error code (Regex_E_*) with
! the character position (from 1) in Regex_ErrorPos.  Prints nothing.
[ Regex_Check pat;
    Regex__Code = 0;
    return Regex__Compile(Regex__Arg(pat, 0), false, false);
];

! Does some part of txt (a text or a string) match pat?  1 yes, 0 no (or
! a failure: Regex_Failure()).
[ Regex_Matches txt pat ci code  r;
    if (code) {
        txt = Regex__Ready(code, txt);
        r = code(0);
        if (r == 1) Regex__Keep("Regex_Matches", txt);
        if (r >= 0) return r;
        return Regex__Outcome("Regex_Matches", r);
    }
    if (Regex__Prepare("Regex_Matches", pat, ci, false) == false) rfalse;
    txt = Regex__Arg(txt, 2);
    Regex__Begin(txt);
    r = Regex__Search(0);
    if (r == 1) Regex__Keep("Regex_Matches", txt);
    return Regex__Outcome("Regex_Matches", r);
];

! Does the whole of txt match pat?  1 yes, 0 no (or a failure).
[ Regex_ExactlyMatches txt pat ci code  r;
    if (code) {
        txt = Regex__Ready(code, txt);
        r = code(0);
        if (r == 1) Regex__Keep("Regex_ExactlyMatches", txt);
        if (r >= 0) return r;
        return Regex__Outcome("Regex_ExactlyMatches", r);
    }
    if (Regex__Prepare("Regex_ExactlyMatches", pat, ci, true) == false) rfalse;
    txt = Regex__Arg(txt, 2);
    Regex__Begin(txt);
    r = Regex__Search(0);
    if (r == 1) Regex__Keep("Regex_ExactlyMatches", txt);
    return Regex__Outcome("Regex_ExactlyMatches", r);
];

! How many times does pat match txt, without overlapping?  After an empty
! match the search goes on one character further.  The last match found is
! recorded.  Returns the count (0 after a failure: Regex_Failure()).
[ Regex_Count txt pat ci code  r n from;
    if (code) {
        txt = Regex__Ready(code, txt);
    } else {
        if (Regex__Prepare("Regex_Count", pat, ci, false) == false) return 0;
        txt = Regex__Arg(txt, 2);
        Regex__Begin(txt);
    }
    from = 0;
    while (from <= Regex__Len) {
        if (code) r = code(from); else r = Regex__Search(from);
        if (r < 0) return Regex__Outcome("Regex_Count", r);
        if (r == 0) break;
        n++;
        from = Regex__MCap-->1;
        if (Regex__MCap-->0 == from) from++;
    }
    ! A search that finds nothing leaves Regex__MCap alone: it holds the last match.
    if (n) Regex__Keep("Regex_Count", txt);
    return n;
];

! A full text met by the operation at work: reported once per operation.
Global Regex__FullSeen;

#Ifndef TEXT_H;
! Regex__Overflow(t): text.h's Text__Overflow, for when it is not there.
[ Regex__Overflow t;
    Text_Overflowed = true;
    #Ifdef Regex__REPORT;
    if (Regex__FirstTime(t) == false) return;
    print "^[** Programming error: ", (string) Regex__Who, ": ";
    if (t-->0 < 1)
        print "the array given for the result is not a text (declare it
            ~Array name table N;~ for N characters)";
    else
        print "the text is full (", t-->0 - 1, " characters); the result was cut short";
    print " **]^";
    #Endif;
];
#Endif;

! Append character c to the text t (its length is t-->1); false if full.
[ Regex__Put t c;
    if (t-->1 >= t-->0 - 1) {
        if (Regex__FullSeen == false) {
            Regex__FullSeen = true;
            #Ifdef TEXT_H;
            Text__Overflow(Regex__Who, t);
            #Ifnot;
            Regex__Overflow(t);
            #Endif;
        }
        rfalse;
    }
    t-->(t-->1 + 2) = c;
    t-->1 = t-->1 + 1;
    rtrue;
];

! Append the characters a to b-1 of the text src to t, as Regex__Put
! would one by one; when they all fit, in one copy.
[ Regex__PutRun t src a b  n;
    n = t-->1;
    if (b - a > t-->0 - 1 - n) {
        for (: a < b: a++) if (Regex__Put(t, src-->(a+2)) == false) return;
        return;
    }
    if (b > a) Regex__CopyWords(src + (a+2)*WORDSIZE, t + (n+2)*WORDSIZE, b - a);
    t-->1 = n + b - a;
];

! Check a replacement text: 0 or Regex_E_REPLACEMENT (Regex_ErrorPos set).
[ Regex_CheckReplacement repl  r;
    r = Regex__Arg(repl, 1);
    return Regex__CheckRepl(r);
];

[ Regex__CheckRepl r  i n c;
    n = r-->1;
    for (i = 0: i < n: i++) {
        if (r-->(i+2) ~= '\') continue;
        if (i + 1 >= n) return Regex__Err(Regex_E_REPLACEMENT, i + 1);
        c = r-->(i+3);
        if (c == 'l' or 'u') {
            if (i + 2 >= n || r-->(i+4) < '0' || r-->(i+4) > '9')
                return Regex__Err(Regex_E_REPLACEMENT, i + 1);
            i = i + 2; continue;
        }
        if (c >= '0' && c <= '9') { i++; continue; }
        if (c == 'n' or 't') { i++; continue; }
        if (Regex__IsAlnum(c) || c == ' ') return Regex__Err(Regex_E_REPLACEMENT, i + 1);
        i++;
    }
    return 0;
];

! Append group g of the current match (Regex__MCap, in the text src) to t,
! changing case: 0 none, 1 lower, 2 upper.
[ Regex__PutGroup t src g how  a b c;
    a = Regex__MCap-->(2*g); b = Regex__MCap-->(2*g+1);
    if (a < 0 || b < a) return;
    if (how == 0) { Regex__PutRun(t, src, a, b); return; }
    for (: a < b: a++) {
        c = src-->(a+2);
        ! (ASCII's cases are the library's below 128.)
        if (how == 1) {
            if (c >= 'A' && c <= 'Z') c = c + 32;
            else if (c < 0 || c >= 128) c = Regex__Lower(c);
        } else {
            if (c >= 'a' && c <= 'z') c = c - 32;
            else if (c < 0 || c >= 128) c = Regex__Upper(c);
        }
        g = t-->1;
        if (g < t-->0 - 1) { t-->(g+2) = c; t-->1 = g + 1; continue; }
        if (Regex__Put(t, c) == false) return;
    }
];

! Append the replacement r for the current match to t.  (A character
! that fits is written here; Regex__Put sees to a full text.)
[ Regex__Expand t r src  i n c how k;
    n = r-->1;
    for (i = 0: i < n: i++) {
        c = r-->(i+2);
        if (c ~= '\') {
            k = t-->1;
            if (k < t-->0 - 1) { t-->(k+2) = c; t-->1 = k + 1; continue; }
        }
        if (c == '\' && i + 1 < n) {
            i++; c = r-->(i+2);
            how = 0;
            if (c == 'l' or 'u') {
                if (c == 'l') how = 1; else how = 2;
                i++; c = r-->(i+2);
            }
            if (c >= '0' && c <= '9') {
                Regex__PutGroup(t, src, c - '0', how);
                continue;
            }
            if (c == 'n') c = Regex__NL;
            if (c == 't') c = 9;
        }
        Regex__Put(t, c);
    }
];

! Replace every match of pat in txt by repl (a text or string), without
! overlapping, working left to right; txt (a text) is changed in place and
! cut off at its capacity (setting Text_Overflowed).  Returns the number
! of replacements; 0, with nothing changed, after a failure (a malformed
! pattern or replacement, or a give-up: Regex_Failure()).  Records no match
! afterwards.
[ Regex_Replace txt pat repl ci code  r n from copied len t;
    Regex__Who = "Regex_Replace";
    Regex__FullSeen = false;
    if (code) {
        Regex__Matched = false;
        Regex__Failure = 0;
        Regex_ErrorCode = 0; Regex_ErrorPos = 0;
    } else if (Regex__Prepare("Regex_Replace", pat, ci, false) == false) return 0;
    t = Regex__Arg(repl, 1);
    if (Regex__CheckRepl(t)) {
        Regex__Malformed("Regex_Replace", repl, t, true);
        return 0;
    }
    repl = t;
    len = txt-->1;
    if (len > Regex__SRCCAP) {
        Regex__Why = 3;
        return Regex__Outcome("Regex_Replace", Regex_LIMIT);
    }
    Regex__Src-->0 = Regex__SRCCAP + 1;
    Regex__Src-->1 = len;
    Regex__CopyWords(txt + 2*WORDSIZE, Regex__Src + 2*WORDSIZE, len);
    if (code) {
        Regex__Subj = Regex__Src;
        Regex__Code = code;
        code(-1);
    } else {
        Regex__Begin(Regex__Src);
    }
    txt-->1 = 0;
    from = 0; copied = 0;
    while (from <= len) {
        if (code) r = code(from); else r = Regex__Search(from);
        if (r < 0) {
            txt-->1 = len;
            Regex__CopyWords(Regex__Src + 2*WORDSIZE, txt + 2*WORDSIZE, len);
            return Regex__Outcome("Regex_Replace", r);
        }
        if (r == 0) break;
        n++;
        Regex__PutRun(txt, Regex__Src, copied, Regex__MCap-->0);
        Regex__Expand(txt, repl, Regex__Src);
        from = Regex__MCap-->1;
        copied = from;
        if (Regex__MCap-->0 == from) from++;
    }
    Regex__PutRun(txt, Regex__Src, copied, len);
    return n;
];

! Where group n (0 = the whole match) of the last match starts and ends,
! counting characters from 0; -1 if there is no match or the group took no
! part in it.
[ Regex_MatchStart n;
    if (Regex__Matched == false || n < 0 || n > 9) return -1;
    if (Regex__MCap-->(2*n+1) < 0) return -1;
    return Regex__MCap-->(2*n);
];

[ Regex_MatchEnd n;
    if (Regex__Matched == false || n < 0 || n > 9) return -1;
    if (Regex__MCap-->(2*n) < 0) return -1;
    return Regex__MCap-->(2*n+1);
];

! The characters of group n of the last match, as Regex__Keep kept them:
! sets Regex__KA and Regex__KB to where they lie in Regex__Kept (KA > KB
! when there are none).
Global Regex__KA;
Global Regex__KB;
[ Regex__KeptGroup n  a b;
    Regex__KA = 1; Regex__KB = 0;
    a = Regex_MatchStart(n);
    b = Regex_MatchEnd(n);
    if (a < 0 || b < a) return;
    a = a - Regex__KeptFrom; b = b - Regex__KeptFrom;
    if (b > Regex__KeptLen) b = Regex__KeptLen;
    Regex__KA = a; Regex__KB = b;
];

! Copy the text of group n (0 = the whole match) of the last match into the
! text dest (cut off at its capacity, setting Text_Overflowed); empty if
! there is none.  What was matched, even if the text searched has changed
! since.  Returns dest.
[ Regex_Subexpression dest n  a;
    Regex__Who = "Regex_Subexpression";
    Regex__FullSeen = false;
    dest-->1 = 0;
    Regex__KeptGroup(n);
    for (a = Regex__KA: a < Regex__KB: a++)
        if (Regex__Put(dest, Regex__Kept-->a) == false) break;
    return dest;
];

! The text matched by the whole expression (the same as subexpression 0).
[ Regex_MatchText dest; return Regex_Subexpression(dest, 0); ];

! Print group n of the last match (nothing if there is none).
[ Regex_PrintSubexpression n  a c;
    Regex__KeptGroup(n);
    for (a = Regex__KA: a < Regex__KB: a++) {
        c = Regex__Kept-->a;
        #Ifdef TARGET_ZCODE;
        print (char) c;
        #Ifnot;
        @streamunichar c;
        #Endif;
    }
];
