! SPDX-License-Identifier: MIT (see LICENSE: a story this is compiled into owes nothing to it)
! ==========================================================================
!  text.h -- vinform's text library, for the Z-machine (v5, v8) and Glulx.
!
!  Takes: text values (word arrays declared with `table`, described below),
!  and string literals, packed strings, routines that print, objects,
!  numbers and dictionary words to fill them from.
!  Gives: the operations of "Writing with Inform" chapter 20 (sections 20.3
!  to 20.8): characters, words, punctuated and unpunctuated words, lines and
!  paragraphs and their counts; case tests and changes; matching, exact
!  matching and counting; replacing by number and replacing every
!  occurrence of a text, word or punctuated word. Regular expressions live
!  in regex.h, which relies on this file. docs/text.md is the manual.
!
!  A text value:
!
!      Array mytext table 101;     ! room for 100 characters
!
!      mytext-->0           capacity + 1 (the table's entry count)
!      mytext-->1           the current length L (0 at the start)
!      mytext-->2 ..
!      mytext-->(L+1)       the characters, one a word: ZSCII on the
!                           Z-machine, Unicode code points on Glulx
!
!  No routine writes past a text's capacity: a result that does not fit is
!  cut at the capacity and the global Text_Overflowed is set; in strict
!  mode (-S, the default) or a DEBUG build it is also a programming error,
!  reported once per text in the veneer's words. Every routine that reads
!  a text also takes a string (Text__Arg). Behaviour is the same on both
!  machines, except that the Z-machine holds only ZSCII (so, as 20.4
!  says, "@{FF}" has no upper case there).
!
!  Public names start Text_, internal ones Text__. The constants below may
!  be given before the Include to change the library's memory use.
! ==========================================================================

System_file;

#Ifndef TEXT_H;
Constant TEXT_H;

#Ifdef TARGET_ZCODE;
#Iftrue (#version_number < 5);
Message fatalerror "text.h needs Z-machine version 5 or later (-v5, -v8) or Glulx (-G)";
#Endif;
#Endif;

! Capacity of each of the three scratch texts that hold a string literal
! or packed string given where a text value is expected (Text__Arg).
Default Text_ArgCapacity 250;
! Capacity of the work text that replace-all operations build in.
Default Text_WorkCapacity 1000;
#Ifdef TARGET_ZCODE;
! Z-machine only: bytes one print into a text may produce. The Z-machine
! cannot limit what a routine prints into memory, so a print longer than
! this overruns the buffer; the library then says so loudly.
Default Text_CaptureBytes 800;
! Z-machine only: how deep prints into texts may nest (a routine being
! printed into a text that itself fills a text from a string: 2 levels).
Default Text_CaptureLevels 3;
#Endif;

#Ifndef Text_Overflowed;
Global Text_Overflowed = false;     ! set when a result was cut short
#Endif;

! Programming errors (a text too small, a string too long for a scratch
! text) are printed in strict mode and in DEBUG builds.
#Ifdef STRICT_MODE;
Constant Text__REPORT;
#Endif;
#Ifdef DEBUG;
#Ifndef Text__REPORT;
Constant Text__REPORT;
#Endif;
#Endif;

Constant Text__CHAR  = 1;           ! the kinds of pieces Text__Scan finds
Constant Text__WORD  = 2;
Constant Text__PWORD = 3;
Constant Text__UWORD = 4;
Constant Text__LINE  = 5;
Constant Text__PARA  = 6;

Global Text__BStart;                ! Text__Scan's answer: the piece found
Global Text__BEnd;                  ! is characters BStart .. BEnd-1 (from 0)

Array Text__Empty table 1;          ! the empty text, for a missing argument
Array Text__ArgBufs --> 3 * (Text_ArgCapacity + 2);
Array Text__Work table Text_WorkCapacity + 1;

#Ifdef Text__REPORT;
Constant Text__TOLDMAX = 8;            ! texts whose overflow was reported
Array Text__Told --> Text__TOLDMAX;
Global Text__NTold = 0;
#Endif;

#Ifdef TARGET_ZCODE;
Array Text__ZBuf -> Text_CaptureLevels * (Text_CaptureBytes + 2);
Global Text__ZDepth = 0;
! Z-machine only: kilobytes of padding (at most 63) put in static memory
! to move the story's strings above its arrays, for compilers that do not
! place them there (see Text__IsText and docs/text.md's Z-machine notes;
! vinform needs none).
#Ifdef Text_StringPad;
Array Text__Pad static --> Text_StringPad * 512;
#Endif;
#Ifnot;
Array Text__GlkRes --> 2;           ! read and write counts of a closed stream
#Endif;

! --------------------------------------------------------------------------
!  Reporting
! --------------------------------------------------------------------------

! Text__Overflow(name, t): the routine called name cut its result at the
! capacity of the text t. Sets Text_Overflowed; in strict mode or DEBUG,
! the first time for t (of the first Text__TOLDMAX texts), a programming
! error in the veneer's words says so, or that t is not a text at all
! (a word array not declared with `table` has no capacity: its first
! word is 0). name 0: t is a scratch text of Text__Arg, too small for the
! string printed into it.
[ Text__Overflow name t;
    Text_Overflowed = true;
#Ifdef Text__REPORT;
    if (~~Text__FirstTime(t)) return;
    if (name == 0) {
        print "^[** Programming error: a string read as a text is longer than
            Text_ArgCapacity (", t-->0 - 1, " characters) allows; the rest was left out **]^";
        return;
    }
    print "^[** Programming error: ", (string) name, ": ";
    if (t-->0 < 1)
        print "the array given for the result is not a text (declare it
            ~Array name table N;~ for N characters)";
    else if (t == Text__Work)
        print "the result is longer than Text_WorkCapacity (", t-->0 - 1,
            " characters) allows; it was cut short";
    else
        print "the text is full (", t-->0 - 1, " characters); the result was cut short";
    print " **]^";
#Ifnot;
    name = t;
#Endif;
];

#Ifdef Text__REPORT;
! Text__FirstTime(t): true the first time it is asked about t, while the
! list of texts already reported has room.
[ Text__FirstTime t  i;
    for (i = 0 : i < Text__NTold : i++) if (Text__Told-->i == t) rfalse;
    if (Text__NTold >= Text__TOLDMAX) rfalse;
    Text__Told-->Text__NTold = t;
    Text__NTold++;
    rtrue;
];
#Endif;

! Text__Fault(msg): something the library cannot do safely; always shown.
[ Text__Fault msg;
    Text_Overflowed = true;
    print "^[** Programming error: text library: ", (string) msg, " **]^";
];

! --------------------------------------------------------------------------
!  Characters: classes and case
! --------------------------------------------------------------------------

! Text__Class(c): 0 for spacing (space, tab, line breaks), 1 for the
! punctuation that divides words (20.3), 2 for anything else.
[ Text__Class c;
    if (c > '}') return 2;                  ! the common cases first
    if (c >= 'a' && c <= 'z') return 2;
    if (c >= 'A' && c <= 'Z') return 2;
    switch (c) {
        9, 10, 13, 32: return 0;
        '.', ',', '!', '?', '-', '/', '"', ':', ';',
        '(', ')', '[', ']', '{', '}': return 1;
    }
    return 2;
];

[ Text_CharIsSpace c; return Text__Class(c) == 0; ];
[ Text_CharIsPunct c; return Text__Class(c) == 1; ];

! The case table: entries of four words, sorted, not overlapping:
!   first, last, kind, delta
! kind 1: upper case letters; lower case is c + delta (delta 0: none).
! kind 2: lower case letters; upper case is c + delta (delta 0: none).
! kind 3: pairs: first, first+2, ... are upper case, the letter after
!         each is its lower case form.
! ASCII letters are handled before the table is consulted.
#Ifdef TARGET_ZCODE;
! ZSCII 155-223, the default extra characters of the Z-machine Standard
! (3.8.7). ZSCII has lower case y-diaeresis (166) but no upper case form.
Array Text__CaseTable static table
    155 157 2 3      158 160 1 (-3)     161 161 2 0
    164 165 2 3      166 166 2 0        167 168 1 (-3)
    169 174 2 6      175 180 1 (-6)     181 185 2 5
    186 190 1 (-5)   191 195 2 5        196 200 1 (-5)
    201 201 2 1      202 202 1 (-1)     203 203 2 1
    204 204 1 (-1)   205 207 2 3        208 210 1 (-3)
    211 211 2 1      212 212 1 (-1)     213 213 2 1
    214 214 1 (-1)   215 216 2 2        217 218 1 (-2)
    220 220 2 1      221 221 1 (-1);
#Ifnot;
! Unicode: Latin-1, Latin Extended-A, the regular parts of Latin
! Extended-B, Greek and Coptic, Cyrillic, Armenian, Latin Extended
! Additional, Greek Extended and the fullwidth Latin letters, following
! the simple case mappings of Unicode 4.0.
Array Text__CaseTable static table
    $AA $AA 2 0          $B5 $B5 2 $2E7       $BA $BA 2 0
    $C0 $D6 1 32         $D8 $DE 1 32         $DF $DF 2 0
    $E0 $F6 2 (-32)      $F8 $FE 2 (-32)      $FF $FF 2 121
    $100 $12F 3 0        $130 $130 1 (-199)   $131 $131 2 (-232)
    $132 $137 3 0        $138 $138 2 0        $139 $148 3 0
    $149 $149 2 0        $14A $177 3 0        $178 $178 1 (-121)
    $179 $17E 3 0        $17F $17F 2 (-300)
    $1CD $1DC 3 0        $1DE $1EF 3 0        $1F4 $1F5 3 0
    $1F8 $21F 3 0        $222 $233 3 0
    $386 $386 1 38       $388 $38A 1 37       $38C $38C 1 64
    $38E $38F 1 63       $390 $390 2 0        $391 $3A1 1 32
    $3A3 $3AB 1 32       $3AC $3AC 2 (-38)    $3AD $3AF 2 (-37)
    $3B0 $3B0 2 0        $3B1 $3C1 2 (-32)    $3C2 $3C2 2 (-31)
    $3C3 $3CB 2 (-32)    $3CC $3CC 2 (-64)    $3CD $3CE 2 (-63)
    $3D0 $3D0 2 (-62)    $3D1 $3D1 2 (-57)    $3D5 $3D5 2 (-47)
    $3D6 $3D6 2 (-54)    $3D8 $3EF 3 0        $3F0 $3F0 2 (-86)
    $3F1 $3F1 2 (-80)    $3F2 $3F2 2 7        $3F4 $3F4 1 (-60)
    $3F5 $3F5 2 (-96)    $3F7 $3F8 3 0        $3F9 $3F9 1 (-7)
    $3FA $3FB 3 0
    $400 $40F 1 80       $410 $42F 1 32       $430 $44F 2 (-32)
    $450 $45F 2 (-80)    $460 $481 3 0        $48A $4BF 3 0
    $4C0 $4C0 1 0        $4C1 $4CE 3 0        $4D0 $4F5 3 0
    $4F8 $4F9 3 0        $500 $50F 3 0
    $531 $556 1 48       $561 $586 2 (-48)    $587 $587 2 0
    $1E00 $1E95 3 0      $1E96 $1E9A 2 0      $1E9B $1E9B 2 (-59)
    $1EA0 $1EF9 3 0
    $1F00 $1F07 2 8      $1F08 $1F0F 1 (-8)   $1F10 $1F15 2 8
    $1F18 $1F1D 1 (-8)   $1F20 $1F27 2 8      $1F28 $1F2F 1 (-8)
    $1F30 $1F37 2 8      $1F38 $1F3F 1 (-8)   $1F40 $1F45 2 8
    $1F48 $1F4D 1 (-8)   $1F50 $1F50 2 0      $1F51 $1F51 2 8
    $1F52 $1F52 2 0      $1F53 $1F53 2 8      $1F54 $1F54 2 0
    $1F55 $1F55 2 8      $1F56 $1F56 2 0      $1F57 $1F57 2 8
    $1F59 $1F59 1 (-8)   $1F5B $1F5B 1 (-8)   $1F5D $1F5D 1 (-8)
    $1F5F $1F5F 1 (-8)   $1F60 $1F67 2 8      $1F68 $1F6F 1 (-8)
    $1F70 $1F71 2 74     $1F72 $1F75 2 86     $1F76 $1F77 2 100
    $1F78 $1F79 2 128    $1F7A $1F7B 2 112    $1F7C $1F7D 2 126
    $1F80 $1F87 2 8      $1F88 $1F8F 1 (-8)   $1F90 $1F97 2 8
    $1F98 $1F9F 1 (-8)   $1FA0 $1FA7 2 8      $1FA8 $1FAF 1 (-8)
    $1FB0 $1FB1 2 8      $1FB2 $1FB2 2 0      $1FB3 $1FB3 2 9
    $1FB4 $1FB4 2 0      $1FB6 $1FB7 2 0      $1FB8 $1FB9 1 (-8)
    $1FBA $1FBB 1 (-74)  $1FBC $1FBC 1 (-9)   $1FBE $1FBE 2 (-7205)
    $1FC2 $1FC2 2 0      $1FC3 $1FC3 2 9      $1FC4 $1FC4 2 0
    $1FC6 $1FC7 2 0      $1FC8 $1FCB 1 (-86)  $1FCC $1FCC 1 (-9)
    $1FD0 $1FD1 2 8      $1FD2 $1FD3 2 0      $1FD6 $1FD7 2 0
    $1FD8 $1FD9 1 (-8)   $1FDA $1FDB 1 (-100) $1FE0 $1FE1 2 8
    $1FE2 $1FE4 2 0      $1FE5 $1FE5 2 7      $1FE6 $1FE7 2 0
    $1FE8 $1FE9 1 (-8)   $1FEA $1FEB 1 (-112) $1FEC $1FEC 1 (-7)
    $1FF2 $1FF2 2 0      $1FF3 $1FF3 2 9      $1FF4 $1FF4 2 0
    $1FF6 $1FF7 2 0      $1FF8 $1FF9 1 (-128) $1FFA $1FFB 1 (-126)
    $1FFC $1FFC 1 (-9)
    $FF21 $FF3A 1 32     $FF41 $FF5A 2 (-32);
#Endif;

! Text__CaseEntry(c): the case-table entry (an address) holding the letter
! c, or 0 when c is no cased letter beyond ASCII. Binary search.
[ Text__CaseEntry c  lo hi mid e;
    if (c < 128) return 0;
    lo = 0; hi = Text__CaseTable-->0 / 4 - 1;
    while (lo <= hi) {
        mid = (lo + hi) / 2;
        e = Text__CaseTable + WORDSIZE + mid * 4 * WORDSIZE;
        if (c < e-->0) hi = mid - 1;
        else if (c > e-->1) lo = mid + 1;
        else return e;
    }
    return 0;
];

[ Text_CharIsUpper c  e;
    if (c >= 'A' && c <= 'Z') rtrue;
    e = Text__CaseEntry(c);
    if (e == 0) rfalse;
    switch (e-->2) {
        1: rtrue;
        3: return (c - e-->0) % 2 == 0;
    }
    rfalse;
];

[ Text_CharIsLower c  e;
    if (c >= 'a' && c <= 'z') rtrue;
    e = Text__CaseEntry(c);
    if (e == 0) rfalse;
    switch (e-->2) {
        2: rtrue;
        3: return (c - e-->0) % 2 == 1;
    }
    rfalse;
];

! Text_CharToLower(c), Text_CharToUpper(c): the other-case form of a
! letter, or c itself when it has none.
[ Text_CharToLower c  e;
    if (c < 128) {
        if (c >= 'A' && c <= 'Z') return c + 32;
        return c;
    }
    e = Text__CaseEntry(c);
    if (e == 0) return c;
    switch (e-->2) {
        1: return c + e-->3;
        3: if ((c - e-->0) % 2 == 0) return c + 1;
    }
    return c;
];

[ Text_CharToUpper c  e;
    if (c < 128) {
        if (c >= 'a' && c <= 'z') return c - 32;
        return c;
    }
    e = Text__CaseEntry(c);
    if (e == 0) return c;
    switch (e-->2) {
        2: return c + e-->3;
        3: if ((c - e-->0) % 2 == 1) return c - 1;
    }
    return c;
];

! Text_CharFold(c): the form case-insensitive comparison uses. Going
! through upper case first makes final sigma, long s and dotless i agree
! with their partners.
[ Text_CharFold c;
    if (c < 128) {
        if (c >= 'A' && c <= 'Z') return c + 32;
        return c;
    }
    return Text_CharToLower(Text_CharToUpper(c));
];

! --------------------------------------------------------------------------
!  Basic access
! --------------------------------------------------------------------------

! Text_Length(t), Text_NumChars(t): the same, the number of characters;
! t may be a text or a string. Text_IsEmpty(t): whether there are none.
[ Text_Capacity t; return t-->0 - 1; ];
[ Text_Length t; return Text__Arg(t, 2)-->1; ];
[ Text_NumChars t; return Text__Arg(t, 2)-->1; ];
[ Text_IsEmpty t; return Text__Arg(t, 2)-->1 == 0; ];
[ Text_Clear t; t-->1 = 0; return t; ];

#Ifdef TARGET_GLULX;
! Glulx only: texts on the heap, for a text whose size is known only when
! the story runs, or that must grow. Text_New(n): a new empty text with
! room for n characters (@malloc), or 0 when the interpreter has no
! memory to give. Text_Resize(t, n): a text holding t's characters with
! room for at least n: t itself when it has that room, else a new heap
! text (t, if it was on the heap, is freed: use the text returned from
! then on); t when the heap has no room (a programming error in strict
! mode or DEBUG). Text_Free(t): gives a heap text back (any other text is
! left alone). A heap text lies at or above the memory's original end
! (the header's ENDMEM, 0-->4).
[ Text_New n  t;
    if (n < 0) n = 0;
    n = (n + 2) * WORDSIZE;
    @malloc n t;
    if (t == 0) rfalse;
    t-->0 = n / WORDSIZE - 1;
    t-->1 = 0;
    return t;
];

[ Text_Resize t n  r;
    if (n <= t-->0 - 1) return t;
    r = Text_New(n);
    if (r == 0) { Text__Overflow("Text_Resize", t); return t; }
    Text__CopyRange(r, t, 0, t-->1);
    Text_Free(t);
    return r;
];

[ Text_Free t;
    if (t && Text__Below(t, 0-->4) == false) @mfree t;
];

! Text__Below(x, y): x < y, comparing as unsigned 32-bit numbers.
[ Text__Below x y;
    if (x >= 0) { if (y < 0) rtrue; return x < y; }
    if (y >= 0) rfalse;
    return x < y;
];
#Endif;

! Text_CharAt(t, n): the code of character number n (from 1), or 0.
[ Text_CharAt t n;
    t = Text__Arg(t, 2);
    if (n < 1 || n > t-->1) return 0;
    return t-->(n + 1);
];

! Text_Print(t): prints the text (or string); usable as a print rule:
! print (Text_Print) t. True when it printed something.
[ Text_Print t  i n c;
    if (t == 0) rfalse;
    t = Text__Arg(t, 2);
    n = t-->1;
    for (i = 0 : i < n : i++) {
        c = t-->(i + 2);
#Ifdef TARGET_ZCODE;
        print (char) c;
#Ifnot;
        @streamunichar c;
#Endif;
    }
    return n > 0;
];

! Text__Put(t, c): adds one character; false (and nothing written) when full.
[ Text__Put t c  n;
    n = t-->1;
    if (n >= t-->0 - 1) rfalse;
    t-->(n + 2) = c;
    t-->1 = n + 1;
    rtrue;
];

[ Text_AppendChar t c;
    if (~~Text__Put(t, c)) Text__Overflow("Text_AppendChar", t);
    return t;
];

! Text__CopyRange(dest, src, from, to): dest becomes characters from ..
! to-1 (counted from 0) of src; dest may be src. True when cut short.
[ Text__CopyRange dest src from to  i n cap trunc;
    n = to - from;
    if (n < 0) n = 0;
    cap = dest-->0 - 1;
    if (cap < 0) cap = 0;               ! not a text: Text__Overflow says so
    if (n > cap) { n = cap; trunc = true; }
    for (i = 0 : i < n : i++) dest-->(i + 2) = src-->(from + i + 2);
    dest-->1 = n;
    return trunc;
];

! Text__AppendText(dest, src): adds src's characters (src may be dest).
! True when cut short.
[ Text__AppendText dest src  i n len cap;
    n = src-->1;
    len = dest-->1;
    cap = dest-->0 - 1;
    for (i = 0 : i < n : i++) {
        if (len >= cap) { dest-->1 = len; rtrue; }
        dest-->(len + 2) = src-->(i + 2);
        len++;
    }
    dest-->1 = len;
    rfalse;
];

[ Text_Copy dest src;
    src = Text__Arg(src, 0);
    if (Text__CopyRange(dest, src, 0, src-->1)) Text__Overflow("Text_Copy", dest);
    return dest;
];

! --------------------------------------------------------------------------
!  Filling a text from anything printable
! --------------------------------------------------------------------------

#Ifdef TARGET_GLULX;
[ Text__GlkOpenMemUni buf len  s;
    @push 0; @push 1; @push len; @push buf;     ! rock, filemode_Write
    @glk $0139 4 s;                             ! glk_stream_open_memory_uni
    return s;
];
[ Text__GlkClose s;
    @push Text__GlkRes; @push s;
    @glk $0044 2 0;                             ! glk_stream_close
];
[ Text__GlkCurrent  s;
    @glk $0048 0 s;                             ! glk_stream_get_current
    return s;
];
[ Text__GlkSetCurrent s;
    @push s;
    @glk $0047 1 0;                             ! glk_stream_set_current
];
#Endif;

! Text__Emit(kind, x, a, b, c): prints x. kind 0: a string, an object or
! class (its short name), a routine (called with no arguments: reached on
! Glulx only, see Text__IsText) or a text value; 1: the number x; 2: the
! dictionary word x; 3: whatever the routine x prints when called with a,
! b and c; 4: the string x, never taken for anything else.
[ Text__Emit kind x a b c;
    switch (kind) {
        1: print x;
        2: print (address) x;
        3: x(a, b, c);
        4: print (string) x;
        default:
            switch (metaclass(x)) {
                String: print (string) x;
                Routine: x();
                Object, Class: print (name) x;
                default: if (Text__IsText(x)) Text_Print(x);
            }
    }
];

! Text__Capture(t, append, kind, x, a, b, c): what Text__Emit prints goes
! into t, replacing or after its contents. True when cut short.
#Ifdef TARGET_ZCODE;
[ Text__Capture t append kind x a b c  buf len i n cap;
    if (~~append) t-->1 = 0;
    if (Text__ZDepth >= Text_CaptureLevels) {
        Text__Fault("texts printed into texts nest too deeply");
        rtrue;
    }
    buf = Text__ZBuf + Text__ZDepth * (Text_CaptureBytes + 2);
    Text__ZDepth++;
    @output_stream 3 buf;
    Text__Emit(kind, x, a, b, c);
    @output_stream -3;
    Text__ZDepth--;
    len = buf-->0;
    if (len < 0 || len > Text_CaptureBytes) {
        Text__Fault("more was printed into a text than Text_CaptureBytes allows: memory was overwritten");
        len = Text_CaptureBytes;
    }
    n = t-->1;
    cap = t-->0 - 1;
    for (i = 0 : i < len : i++) {
        if (n >= cap) { t-->1 = n; rtrue; }
        t-->(n + 2) = buf->(i + 2);
        n++;
    }
    t-->1 = n;
    rfalse;
];
#Ifnot;
! Glulx prints straight into the text's own characters through a Glk
! memory stream, which never writes past the room it is given and counts
! what it could not take.
[ Text__Capture t append kind x a b c  n room old str len;
    if (~~append) t-->1 = 0;
    n = t-->1;
    room = t-->0 - 1 - n;
    if (n < 0 || room < 0) rtrue;       ! not a well-formed text: write nothing
    old = Text__GlkCurrent();
    str = Text__GlkOpenMemUni(t + (n + 2) * WORDSIZE, room);
    if (str == 0) { Text__Fault("Glk could not open a memory stream"); rtrue; }
    Text__GlkSetCurrent(str);
    Text__Emit(kind, x, a, b, c);
    Text__GlkClose(str);
    Text__GlkSetCurrent(old);
    len = Text__GlkRes-->1;
    if (len > room) { t-->1 = n + room; rtrue; }
    t-->1 = n + len;
    rfalse;
];
#Endif;

! Text__IsText(x): whether x is a text value rather than a string, an
! object or a routine. Glulx tells them apart by the type byte every
! string, routine and object starts with. On the Z-machine a text is a
! byte address in the array area, a string or routine a packed address:
! a value outside the array area is no text, and one inside it and below
! every string's number (#strings_offset) is one. vinform places every
! string's number above the array area (#strings_offset >= #array__end)
! in a story holding this routine, so the answer is exact. A compiler
! that does not (inform6, unless the story has enough Text_StringPad)
! can leave values that may be either: such a value is taken for a text
! only when it reads as one, its first word (capacity + 1) at least 1 and
! its second (the length) below the first; otherwise it is a string.
! Nothing is printed either way: docs/text.md tells the author what to
! add (Text_StringPadNeeded). Routines are never guessed at on the
! Z-machine: Text_SetPrinted and Text_AppendPrinted take them.
[ Text__IsText x;
    if (x == 0) rfalse;
#Ifdef TARGET_ZCODE;
    if (Text__Below(x, #array__start) || ~~Text__Below(x, #array__end)) rfalse;
    if (Text__Below(x, #strings_offset)) rtrue;
    return x-->0 >= 1 && x-->1 >= 0 && x-->1 < x-->0;
#Ifnot;
    return metaclass(x) == nothing;
#Endif;
];

#Ifdef TARGET_ZCODE;
! Text__Below(x, y): x < y, comparing as unsigned 16-bit numbers (Glulx
! has its own, above, for 32 bits).
[ Text__Below x y;
    if (x >= 0) { if (y < 0) rtrue; return x < y; }
    if (y >= 0) rfalse;
    return x < y;
];
#Endif;

! Text_StringPadNeeded(): 0 when no string of the story can be taken for
! a text (always on Glulx, and in a story vinform compiled); otherwise the kilobytes of Text_StringPad that
! would move every string above the arrays (Z-machine notes of
! docs/text.md). For an author to print while writing a game.
[ Text_StringPadNeeded  n;
#Ifdef TARGET_ZCODE;
    if (~~Text__Below(#strings_offset, #array__end)) return 0;
    ! Packed addresses count 4 bytes (v5) or 8 (v8): kilobytes to add.
    n = #array__end - #strings_offset;
    if (n < 0) return 64;               ! beyond any padding
    n = (n + 255) / 256;
    if (0->0 == 8) n = n * 2;
#Ifdef Text_StringPad;
    n = n + Text_StringPad;
#Endif;
    return n + 1;
#Ifnot;
    return n;
#Endif;
];

! Text_Set(t, x): t becomes x, which may be a text value, a string literal
! or packed string, or an object (its short name); 0 empties t. This is
! also the "substituted form" of x. (For a routine that prints, use
! Text_SetPrinted; Glulx also takes it here.)
[ Text_Set t x;
    if (x == 0) { t-->1 = 0; return t; }
    if (Text__IsText(x)) {
        if (Text__CopyRange(t, x, 0, x-->1)) Text__Overflow("Text_Set", t);
        return t;
    }
    if (Text__Capture(t, false, 0, x)) Text__Overflow("Text_Set", t);
    return t;
];

[ Text_Append t x;
    if (x == 0) return t;
    if (Text__IsText(x)) {
        if (Text__AppendText(t, x)) Text__Overflow("Text_Append", t);
        return t;
    }
    if (Text__Capture(t, true, 0, x)) Text__Overflow("Text_Append", t);
    return t;
];

! Text_SetString(t, s), Text_AppendString(t, s): the string s, which is
! never taken for a text value (see Text__IsText): the way to fill a text
! from a literal in a Z-machine story whose strings and arrays share
! numbers.
[ Text_SetString t s;
    if (Text__Capture(t, false, 4, s)) Text__Overflow("Text_SetString", t);
    return t;
];

[ Text_AppendString t s;
    if (Text__Capture(t, true, 4, s)) Text__Overflow("Text_AppendString", t);
    return t;
];

[ Text_SetNumber t n;
    if (Text__Capture(t, false, 1, n)) Text__Overflow("Text_SetNumber", t);
    return t;
];

[ Text_AppendNumber t n;
    if (Text__Capture(t, true, 1, n)) Text__Overflow("Text_AppendNumber", t);
    return t;
];

[ Text_SetDictWord t w;
    if (Text__Capture(t, false, 2, w)) Text__Overflow("Text_SetDictWord", t);
    return t;
];

[ Text_AppendDictWord t w;
    if (Text__Capture(t, true, 2, w)) Text__Overflow("Text_AppendDictWord", t);
    return t;
];

! Text_SetPrinted(t, r, a, b, c): t becomes what r(a, b, c) prints.
[ Text_SetPrinted t r a b c;
    if (Text__Capture(t, false, 3, r, a, b, c)) Text__Overflow("Text_SetPrinted", t);
    return t;
];

[ Text_AppendPrinted t r a b c;
    if (Text__Capture(t, true, 3, r, a, b, c)) Text__Overflow("Text_AppendPrinted", t);
    return t;
];

! Text__Arg(x, slot): x as a text value. A text value (or 0, the empty
! text) is returned as it is; a string or object (or on Glulx a routine)
! is printed into scratch text number slot (0, 1 or 2) and that is
! returned. Callers that need two arguments at once give them different
! slots; regex.h uses slot 0 for a pattern, 1 for a replacement and 2 for
! the text searched.
[ Text__Arg x slot  buf;
    if (x == 0) return Text__Empty;
    if (Text__IsText(x)) return x;
    buf = Text__Slot(slot);
    if (Text__Capture(buf, false, 0, x)) Text__Overflow(0, buf);
    return buf;
];

! Text__Slot(slot): scratch text number slot (0, 1 or 2), emptied.
[ Text__Slot slot  buf;
    buf = Text__ArgBufs + slot * (Text_ArgCapacity + 2) * WORDSIZE;
    buf-->0 = Text_ArgCapacity + 1;
    buf-->1 = 0;
    return buf;
];

! --------------------------------------------------------------------------
!  Comparison
! --------------------------------------------------------------------------

! Text_Compare(a, b): negative, 0 or positive as a sorts before, with or
! after b (character codes compared in turn, a prefix first).
[ Text_Compare a b  i n d;
    a = Text__Arg(a, 0); b = Text__Arg(b, 1);
    n = a-->1;
    if (b-->1 < n) n = b-->1;
    for (i = 0 : i < n : i++) {
        d = a-->(i + 2) - b-->(i + 2);
        if (d) return d;
    }
    return a-->1 - b-->1;
];

[ Text_Equal a b nocase;
    a = Text__Arg(a, 0); b = Text__Arg(b, 1);
    if (a-->1 ~= b-->1) rfalse;
    return Text__At(a, b, 0, nocase);
];

! --------------------------------------------------------------------------
!  Structure: characters, words, lines, paragraphs (20.3)
! --------------------------------------------------------------------------

! Text__Joined(kind, p, c): whether character c, following character p,
! continues the same piece (both are parts of pieces of this kind).
[ Text__Joined kind p c  pc cc;
    pc = Text__Class(p); cc = Text__Class(c);
    if (pc == 0 || cc == 0) rfalse;
    switch (kind) {
        Text__WORD: return pc == 2 && cc == 2;
        Text__UWORD: rtrue;
        Text__PWORD:
            if (pc == 2 && cc == 2) rtrue;
            return p == c && (c == '-' or '.');
    }
    rfalse;
];

! Text__Scan(t, kind, wanted): the number of pieces of a kind in t. When
! wanted >= 1 and piece number wanted exists, Text__BStart and Text__BEnd
! are set to it (else both are -1) and the scan stops there.
! Words: runs of characters neither spacing nor punctuation. Punctuated
! words: the same, plus each punctuation mark as a word of its own, except
! that a run of the same dash or full stop is one word. Unpunctuated
! words: runs of non-spacing characters. Lines and paragraphs run from a
! non-spacing character to the last one before a gap of spacing holding
! one (lines) or two (paragraphs) line breaks, or the end.
[ Text__Scan t kind wanted  len i j c p pc cc count inb nl lim member;
    len = t-->1;
    Text__BStart = -1; Text__BEnd = -1;
    if (kind == Text__LINE or Text__PARA) {
        lim = 1;
        if (kind == Text__PARA) lim = 2;
        for (i = 0 : i < len : i++) {
            c = t-->(i + 2);
            if (Text__Class(c) ~= 0) {
                if (~~inb) {
                    inb = true; count++;
                    if (count == wanted) Text__BStart = i;
                }
                continue;
            }
            if (~~inb) continue;
            nl = 0;
            for (j = i : j < len : j++) {
                c = t-->(j + 2);
                if (c == 10 or 13) nl++;
                else if (c ~= 32 or 9) break;
            }
            if (j == len || nl >= lim) {
                inb = false;
                if (count == wanted) { Text__BEnd = i; return count; }
            }
            i = j - 1;
        }
    } else {
        ! p is the previous character, pc its class (0 when none).
        for (i = 0 : i < len : i++) {
            c = t-->(i + 2);
            cc = Text__Class(c);
            member = cc;
            if (kind == Text__WORD) member = (cc == 2);
            if (member) {
                ! inb: the previous character is in a piece. For words and
                ! unpunctuated words that piece goes on; punctuated words
                ! join two word characters, or a run of one dash or stop.
                if (inb) {
                    if (kind ~= Text__PWORD) { p = c; pc = cc; continue; }
                    if (cc == 2 && pc == 2) { p = c; continue; }
                    if (cc == 1 && c == p && (c == '-' or '.')) continue;
                    if (count == wanted) { Text__BEnd = i; return count; }
                }
                inb = true; count++;
                if (count == wanted) Text__BStart = i;
            } else {
                if (inb && count == wanted) { Text__BEnd = i; return count; }
                inb = false;
            }
            p = c; pc = cc;
        }
    }
    if (inb && count == wanted) Text__BEnd = len;
    return count;
];

[ Text_NumWords t; return Text__Scan(Text__Arg(t, 2), Text__WORD, 0); ];
[ Text_NumPunctWords t; return Text__Scan(Text__Arg(t, 2), Text__PWORD, 0); ];
[ Text_NumUnpunctWords t; return Text__Scan(Text__Arg(t, 2), Text__UWORD, 0); ];
[ Text_NumLines t; return Text__Scan(Text__Arg(t, 2), Text__LINE, 0); ];
[ Text_NumParagraphs t; return Text__Scan(Text__Arg(t, 2), Text__PARA, 0); ];

! Text__Piece(dest, t, kind, n, name): dest becomes piece n of t, or the
! empty text when there is none.
[ Text__Piece dest t kind n name;
    t = Text__Arg(t, 2);
    if (kind == Text__CHAR) {
        if (n < 1 || n > t-->1) { dest-->1 = 0; return dest; }
        Text__BStart = n - 1; Text__BEnd = n;
    } else {
        if (n < 1) { dest-->1 = 0; return dest; }
        Text__Scan(t, kind, n);
        if (Text__BStart < 0) { dest-->1 = 0; return dest; }
    }
    if (Text__CopyRange(dest, t, Text__BStart, Text__BEnd)) Text__Overflow(name, dest);
    return dest;
];

[ Text_Character dest t n; return Text__Piece(dest, t, Text__CHAR, n, "Text_Character"); ];
[ Text_Word dest t n; return Text__Piece(dest, t, Text__WORD, n, "Text_Word"); ];
[ Text_PunctWord dest t n; return Text__Piece(dest, t, Text__PWORD, n, "Text_PunctWord"); ];
[ Text_UnpunctWord dest t n; return Text__Piece(dest, t, Text__UWORD, n, "Text_UnpunctWord"); ];
[ Text_Line dest t n; return Text__Piece(dest, t, Text__LINE, n, "Text_Line"); ];
[ Text_Paragraph dest t n; return Text__Piece(dest, t, Text__PARA, n, "Text_Paragraph"); ];

! --------------------------------------------------------------------------
!  Case (20.4)
! --------------------------------------------------------------------------

! Text_IsLowerCase(t), Text_IsUpperCase(t): every character is a letter
! of that case (true for the empty text).
[ Text_IsLowerCase t  i n;
    t = Text__Arg(t, 0);
    n = t-->1;
    for (i = 0 : i < n : i++) if (~~Text_CharIsLower(t-->(i + 2))) rfalse;
    rtrue;
];

[ Text_IsUpperCase t  i n;
    t = Text__Arg(t, 0);
    n = t-->1;
    for (i = 0 : i < n : i++) if (~~Text_CharIsUpper(t-->(i + 2))) rfalse;
    rtrue;
];

! Text__Recase(dest, src, mode): dest becomes src in lower (0), upper (1),
! title (2) or sentence (3) case; dest may be src. Title case raises the
! first character of the text and each one after spacing or punctuation,
! and lowers the rest. Sentence case raises the first non-spacing
! character of the text and the first after each . ! or ?, and lowers
! the rest. True when cut short.
[ Text__Recase dest src mode  i n c bnd trunc;
    n = src-->1;
    if (n > dest-->0 - 1) { n = dest-->0 - 1; trunc = true; }
    bnd = true;
    for (i = 0 : i < n : i++) {
        c = src-->(i + 2);
        switch (mode) {
            0: c = Text_CharToLower(c);
            1: c = Text_CharToUpper(c);
            2: if (bnd) c = Text_CharToUpper(c); else c = Text_CharToLower(c);
               bnd = (Text__Class(c) ~= 2);
            3: if (Text__Class(c) ~= 0) {
                   if (bnd) { c = Text_CharToUpper(c); bnd = false; }
                   else c = Text_CharToLower(c);
                   if (c == '.' or '!' or '?') bnd = true;
               }
        }
        dest-->(i + 2) = c;
    }
    dest-->1 = n;
    return trunc;
];

[ Text_ToLowerCase dest src;
    src = Text__Arg(src, 0);
    if (Text__Recase(dest, src, 0)) Text__Overflow("Text_ToLowerCase", dest);
    return dest;
];

[ Text_ToUpperCase dest src;
    src = Text__Arg(src, 0);
    if (Text__Recase(dest, src, 1)) Text__Overflow("Text_ToUpperCase", dest);
    return dest;
];

[ Text_ToTitleCase dest src;
    src = Text__Arg(src, 0);
    if (Text__Recase(dest, src, 2)) Text__Overflow("Text_ToTitleCase", dest);
    return dest;
];

[ Text_ToSentenceCase dest src;
    src = Text__Arg(src, 0);
    if (Text__Recase(dest, src, 3)) Text__Overflow("Text_ToSentenceCase", dest);
    return dest;
];

! --------------------------------------------------------------------------
!  Matching (20.5)
! --------------------------------------------------------------------------

! Text__At(t, f, i, nocase): whether f occurs in t at character i (from 0).
[ Text__At t f i nocase  j n a b;
    n = f-->1;
    if (i < 0 || i + n > t-->1) rfalse;
    for (j = 0 : j < n : j++) {
        a = t-->(i + j + 2); b = f-->(j + 2);
        if (a ~= b) {
            if (~~nocase) rfalse;
            if (Text_CharFold(a) ~= Text_CharFold(b)) rfalse;
        }
    }
    rtrue;
];

! Text__Bound(mode, t, i): whether a whole word may begin or end between
! characters i-1 and i (from 0) of t. Mode 1: words of 20.3 (spacing or
! punctuation on one side); mode 2: punctuated words.
[ Text__Bound mode t i;
    if (i <= 0 || i >= t-->1) rtrue;
    if (mode == 1) {
        return Text__Class(t-->(i + 1)) ~= 2 || Text__Class(t-->(i + 2)) ~= 2;
    }
    return ~~Text__Joined(Text__PWORD, t-->(i + 1), t-->(i + 2));
];

! Text__MatchAt(t, f, i, mode, nocase): whether f matches at i, as plain
! text (mode 0), as whole words (1) or as whole punctuated words (2).
[ Text__MatchAt t f i mode nocase;
    if (mode && f-->1 == 0) rfalse;
    if (~~Text__At(t, f, i, nocase)) rfalse;
    if (mode == 0) rtrue;
    return Text__Bound(mode, t, i) && Text__Bound(mode, t, i + f-->1);
];

! Text__HasPunct(f): whether f holds punctuation (never a word, 20.8).
[ Text__HasPunct f  i n;
    n = f-->1;
    for (i = 0 : i < n : i++) if (Text__Class(f-->(i + 2)) == 1) rtrue;
    rfalse;
];

! Text_Find(t, f, from, nocase): the character number (from 1) where f
! first occurs in t at or after character number from (0 or 1: the
! start), or 0. The empty text is found at once.
[ Text_Find t f from nocase  i n;
    t = Text__Arg(t, 2); f = Text__Arg(f, 0);
    if (from < 1) from = 1;
    n = t-->1;
    for (i = from - 1 : i <= n : i++) if (Text__At(t, f, i, nocase)) return i + 1;
    return 0;
];

[ Text_Matches t f nocase;
    return Text_Find(t, f, 1, nocase) > 0;
];

[ Text_ExactlyMatches t f nocase;
    t = Text__Arg(t, 2); f = Text__Arg(f, 0);
    if (t-->1 ~= f-->1) rfalse;
    return Text__At(t, f, 0, nocase);
];

! Text_CountMatches(t, f, nocase): how many times f occurs in t without
! overlapping, reading from the left. The empty text matches at every
! position, the end included: "abc" holds it 4 times.
[ Text_CountMatches t f nocase  i n k count;
    t = Text__Arg(t, 2); f = Text__Arg(f, 0);
    n = t-->1; k = f-->1;
    i = 0;
    while (i <= n) {
        if (Text__At(t, f, i, nocase)) {
            count++;
            if (k) i = i + k; else i++;
        } else i++;
    }
    return count;
];

! --------------------------------------------------------------------------
!  Replacement (20.8)
! --------------------------------------------------------------------------

! Text__ReplaceRange(t, from, to, r): characters from .. to-1 (from 0) of
! t become the text r, in place. True when cut short.
[ Text__ReplaceRange t from to r  len rlen cap d i;
    if (r == t) { r = Text__Slot(2); Text__CopyRange(r, t, 0, t-->1); }
    len = t-->1; rlen = r-->1; cap = t-->0 - 1;
    d = rlen - (to - from);
    if (d > 0) {
        for (i = len - 1 : i >= to : i--)
            if (i + d < cap) t-->(i + d + 2) = t-->(i + 2);
    }
    if (d < 0) {
        for (i = to : i < len : i++) t-->(i + d + 2) = t-->(i + 2);
    }
    for (i = 0 : i < rlen && from + i < cap : i++) t-->(from + i + 2) = r-->(i + 2);
    len = len + d;
    if (len > cap) { t-->1 = cap; rtrue; }
    t-->1 = len;
    rfalse;
];

! Text__ReplacePiece(t, kind, n, r, name): piece n of t becomes r; no
! change when there is no such piece. True if a piece was replaced.
[ Text__ReplacePiece t kind n r name;
    r = Text__Arg(r, 1);
    if (n < 1) rfalse;
    if (kind == Text__CHAR) {
        if (n > t-->1) rfalse;
        Text__BStart = n - 1; Text__BEnd = n;
    } else {
        Text__Scan(t, kind, n);
        if (Text__BStart < 0) rfalse;
    }
    if (Text__ReplaceRange(t, Text__BStart, Text__BEnd, r)) Text__Overflow(name, t);
    rtrue;
];

[ Text_ReplaceCharNumber t n r;
    return Text__ReplacePiece(t, Text__CHAR, n, r, "Text_ReplaceCharNumber");
];
[ Text_ReplaceWordNumber t n r;
    return Text__ReplacePiece(t, Text__WORD, n, r, "Text_ReplaceWordNumber");
];
[ Text_ReplacePunctWordNumber t n r;
    return Text__ReplacePiece(t, Text__PWORD, n, r, "Text_ReplacePunctWordNumber");
];
[ Text_ReplaceUnpunctWordNumber t n r;
    return Text__ReplacePiece(t, Text__UWORD, n, r, "Text_ReplaceUnpunctWordNumber");
];
[ Text_ReplaceLineNumber t n r;
    return Text__ReplacePiece(t, Text__LINE, n, r, "Text_ReplaceLineNumber");
];
[ Text_ReplaceParagraphNumber t n r;
    return Text__ReplacePiece(t, Text__PARA, n, r, "Text_ReplaceParagraphNumber");
];

! Text__ReplaceAll(t, f, r, mode, nocase, name): every occurrence of f in
! t (mode as for Text__MatchAt), taken from the left without overlaps,
! becomes r. The result is built in the work text and copied back.
! Returns the number of replacements.
[ Text__ReplaceAll t f r mode nocase name  i n k w c f0 wn count trunc;
    f = Text__Arg(f, 0); r = Text__Arg(r, 1);
    if (mode == 1 && Text__HasPunct(f)) return 0;
    n = t-->1; k = f-->1;
    w = Text__Work;
    wn = 0;
    if (k) { f0 = f-->2; if (nocase) f0 = Text_CharFold(f0); }
    i = 0;
    while (i <= n) {
        ! Most characters cannot start a match: copy them without a call.
        if (i < n) {
            c = t-->(i + 2);
            if (k && c ~= f0 && (~~nocase || Text_CharFold(c) ~= f0)) {
                if (wn < Text_WorkCapacity) { w-->(wn + 2) = c; wn++; } else trunc = true;
                i++;
                continue;
            }
        }
        if (Text__MatchAt(t, f, i, mode, nocase)) {
            count++;
            w-->1 = wn;
            if (Text__AppendText(w, r)) trunc = true;
            wn = w-->1;
            if (k) { i = i + k; continue; }
        }
        if (i < n) {
            if (wn < Text_WorkCapacity) { w-->(wn + 2) = c; wn++; } else trunc = true;
        }
        i++;
    }
    w-->1 = wn;
    if (count == 0) return 0;
    if (Text__CopyRange(t, w, 0, w-->1)) Text__Overflow(name, t);
    else if (trunc) Text__Overflow(name, w);    ! the work text was the limit
    return count;
];

[ Text_ReplaceText t f r nocase;
    return Text__ReplaceAll(t, f, r, 0, nocase, "Text_ReplaceText");
];
[ Text_ReplaceWord t f r nocase;
    return Text__ReplaceAll(t, f, r, 1, nocase, "Text_ReplaceWord");
];
[ Text_ReplacePunctWord t f r nocase;
    return Text__ReplaceAll(t, f, r, 2, nocase, "Text_ReplacePunctWord");
];

#Endif; ! TEXT_H
