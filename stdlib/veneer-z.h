! SPDX-License-Identifier: MIT (see LICENSE: a story this is compiled into owes nothing to it)
! ==========================================================================
!  veneer-z.h -- vinform's veneer for the Z-machine (v3, v5, v8).
!
!  Takes: calls that compiled code makes for constructs the Z-machine has
!  no opcode for (message sends, individual properties, `::`, ofclass,
!  provides, metaclass, class pools, `box`, printing a property name) and
!  the run-time checks of strict mode (-S), with the object, property and
!  identifier tables laid out as shared/spec/zmachine-layout.md §5-§9 says.
!  Gives: the same results, and the same run-time error messages word for
!  word, as inform6's own veneer.
!
!  Every routine here is ordinary Inform 6: a program that includes this
!  file LAST (after the library) runs on these routines instead of the
!  compiler's built-in ones. The object model is reached through assembly
!  (@get_prop_addr, @jin, @loadw ...) and not through `.&`, `in`, `-->`,
!  so that the code means the same whether or not it is compiled with
!  strict-mode checks; where inform6's veneer itself goes through a
!  strict-mode check that can be seen (the `give` of Copy__Primitive, whose
!  DEBUG trace shows), this file makes that call explicitly.
!
!  Each routine is preceded by a line
!      ! uses: NAME, NAME; if SYMBOL: NAME, ...
!  naming every veneer routine its text calls (the part after `if SYMBOL:`
!  only when SYMBOL is defined, `if A+B:` when both are), or `none`; a
!  list may go on over lines starting "!   "; and each sits inside
!  `#Ifndef NAME; ... #Endif;`, so that a routine the program (or its
!  library) defines wins, as with inform6's veneer. vinform compiles a
!  routine only when compiled code, or a veneer routine it compiles,
!  needs it, following these lines. docs/veneer.md describes each
!  routine and the error catalogue.
!
!  Not here: Symb__Tab for -X (Infix), which lists the program's arrays,
!  routines and constants: codegen/lower_infix.c makes it; and, in
!  v3, CA__Pr and Cl__Ms (message sends and class messages cannot be
!  compiled for v3: the compiler reports that at the send).
! ==========================================================================

System_file;

! --------------------------------------------------------------------------
!  The `box` statement and the stand-ins for library routines
! --------------------------------------------------------------------------

#IfV5;
! Box__Routine(maxw, table): `box "line" ...;` -- table-->0 lines follow,
! each a packed string or 0; maxw is the longest line's length. Draws the
! lines in reverse video in the upper window, then copies them to the
! transcript stream only, as "[ line^  line]^^".
! uses: none
#Ifndef Box__Routine;
[ Box__Routine maxw table  count scr left edge row i s j;
    @loadw table 0 -> count;
    @add count 6 -> sp;
    @split_window sp;
    @set_window 1;
    @loadb 0 33 -> scr;
    if (scr == 0) scr = 80;
    left = (scr - maxw) / 2;
    if (left < 3) left = 3;     ! never a cursor column below 1
    edge = left - 2;
    style reverse;
    @set_cursor 4 edge;
    for (j = maxw + 4 : j > 0 : j--) print " ";
    row = 5;
    for (i = 1 : i <= count : i++) {
        @set_cursor row edge;
        for (j = maxw + 4 : j > 0 : j--) print " ";
        @set_cursor row left;
        @loadw table i -> s;
        if (s ~= 0) @print_paddr s;
        row++;
    }
    @set_cursor row edge;
    for (j = maxw + 4 : j > 0 : j--) print " ";
    @buffer_mode 1;
    style roman;
    @set_window 0;
    @split_window 1;
    @output_stream -1;
    print "[ ";
    for (i = 1 : true : i++) {
        @loadw table i -> s;
        if (s ~= 0) @print_paddr s;
        if (i >= count) break;
        print "^  ";
    }
    print "]^^";
    @output_stream 1;
];
#Endif;
#Endif;

! R_Process(action, noun, second, actor): `<Action noun second>` and
! `<<...>>` when no library supplies R_Process.
! uses: none
#Ifndef R_Process;
[ R_Process a n s actor;
    print "Action <", a, " ", n, " ", s;
    if (actor) print ", ", actor;
    print ">^";
];
#Endif;

! DefArt, InDefArt, CDefArt, CInDefArt (obj): `print (the) obj`,
! `(a)`, `(The)`, `(A)` without a library: the article, then obj as a
! number (the library prints the object's name instead).
! uses: none
#Ifndef DefArt;
[ DefArt obj;    print "the ", obj; ];
#Endif;
! uses: none
#Ifndef InDefArt;
[ InDefArt obj;  print "a ", obj; ];
#Endif;
! uses: none
#Ifndef CDefArt;
[ CDefArt obj;   print "The ", obj; ];
#Endif;
! uses: none
#Ifndef CInDefArt;
[ CInDefArt obj; print "A ", obj; ];
#Endif;

! PrintShortName(x): `print (name) x`, for a value of any kind.
! uses: Meta__class
#Ifndef PrintShortName;
[ PrintShortName x  m;
    m = Meta__class(x);
    if (m == 0) print "nothing";
    else if (m == Object) @print_obj x;
    else if (m == Class) { print "class "; @print_obj x; }
    else if (m == Routine) print "(routine at ", x, ")";
    else if (m == String) print "(string at ", x, ")";
];
#Endif;

! EnglishNumber(n): `print (number) n` without a library: the digits.
! uses: none
#Ifndef EnglishNumber;
[ EnglishNumber n; print n; ];
#Endif;

! Print__PName(p): `print (property) p`. A `::` identifier (bit 15 or 14
! set) prints as "Class::name".
! uses: PrintShortName
#Ifndef Print__PName;
[ Print__PName p  tab count cla e;
    if (p & $C000) {
        cla = p & $FF;
        @loadw #classes_table cla -> cla;
        print (name) cla, "::";
        if (p & $8000) {
            ! entry number (p & $7F00) / $100 of cla's inheritable table
            count = (p & $7F00) / $100;
            @get_prop cla 3 -> e;
            while (count > 0) {
                @loadw e 0 -> tab;
                if (tab == 0) break;
                @loadb e 2 -> tab;
                e = e + tab + 3;
                count--;
            }
            @loadw e 0 -> p;
            p = p & $7FFF;
        }
        else p = (p & $3F00) / $100;
    }
    #Ifdef OMIT_SYMBOL_TABLE;
    tab = count = 0;
    print "<number ", p, ">";
    #Ifnot;
    tab = #identifiers_table;
    @loadw tab 0 -> count;
    e = 0;
    if (p > 0 && p < count) @loadw tab p -> e;
    if (e == 0) print "<number ", p, ">";
    else @print_paddr e;
    #Endif;
];
#Endif;

! --------------------------------------------------------------------------
!  Properties: addresses, lengths, reads, writes, increments
! --------------------------------------------------------------------------

! CP__Tab(x, id): search the common property table whose first size byte
! is at x for property id: its data address, or 0. With id = -1, the
! address just after the table's 0 terminator.
! uses: none
#Ifndef CP__Tab;
[ CP__Tab x id  b len;
    for (::) {
        @loadb x 0 -> b;
        if (b == 0) break;
        #IfV3;
        len = b / $20 + 1;
        b = b & $1F;
        #Ifnot;
        if (b & $80) { x++; @loadb x 0 -> len; len = len & $3F; }
        else { if (b & $40) len = 2; else len = 1; }
        b = b & $3F;
        #Endif;
        x++;
        if (b == id) return x;
        x = x + len;
    }
    if (id < 0) return x + 1;
    rfalse;
];
#Endif;

! RA__Pr(obj, id): `obj.&id` where id is not a literal common property:
! the address of obj's value for id, or 0 (private entries count only
! when self is obj; a class object answers only for create...
! print_to_array). id may be a `::` identifier made by RA__Sc.
! uses: OC__Cl, CP__Tab
#Ifndef RA__Pr;
[ RA__Pr obj id  a cla mine;
    if (obj == 0) rfalse;
    if (id > 0 && id < 64) { @get_prop_addr obj id -> a; return a; }
    if (id & $8000) {
        ! Class::indiv: entry (id & $7F00) / $100 of the class's table
        cla = id & $FF;
        @loadw #classes_table cla -> cla;
        @get_prop_addr cla 3 -> a;
        if (a == 0) rfalse;
        if (OC__Cl(obj, cla) == 0) rfalse;
        id = (id & $7F00) / $100;
        @get_prop cla 3 -> a;
        for ( : id > 0 : id--) { @loadb a 2 -> mine; a = a + mine + 3; }
        return a + 3;
    }
    if (id & $4000) {
        ! Class::common: the value in the class's inheritable table
        cla = id & $FF;
        @loadw #classes_table cla -> cla;
        id = (id & $3F00) / $100;
        if (OC__Cl(obj, cla) == 0) rfalse;
        @loadw $0A 0 -> a;                    ! property defaults table
        if (cla == Object) return a + 2 * id - 2;
        #IfV3;
        a = a + 60 + cla * 9;                 ! cla's property table
        #Ifnot;
        a = a + 124 + cla * 14;
        #Endif;
        @loadw a 0 -> a;
        @loadb a 0 -> mine;                   ! skip the short name
        a = CP__Tab(a + 2 * mine + 1, -1) + 6;  ! 6 attribute bytes, v3 too
        return CP__Tab(a, id);
    }
    @get_prop_addr obj 3 -> a;
    if (a == 0) rfalse;
    @jin obj Class ?~Ra__Any;
    if (id < 64 || id >= 72) rfalse;
  .Ra__Any;
    if (self == obj) mine = id | $8000;
    @get_prop obj 3 -> a;
    for (::) {
        @loadw a 0 -> cla;
        if (cla == 0) rfalse;
        if (cla == id or mine) return a + 3;
        @loadb a 2 -> cla;
        a = a + cla + 3;
    }
];
#Endif;

! RL__Pr(obj, id): `obj.#id` where id is not a literal common property:
! the length in bytes of obj's value for id, or 0.
! uses: RA__Pr
#Ifndef RL__Pr;
[ RL__Pr obj id  a b;
    if (id > 0 && id < 64) {
        @get_prop_addr obj id -> a;
        if (a) @get_prop_len a -> a;
        return a;
    }
    a = RA__Pr(obj, id);
    if (a == 0) rfalse;
    b = a - 1;
    @loadb b 0 -> b;
    if (id & $C000 == $4000) {
        ! a common value reached through `::`: decode its size byte
        #IfV3;
        return b / $20 + 1;
        #Ifnot;
        if (b & $C0 == 0) return 1;
        if (b & $C0 == $40) return 2;
        if (b & $C0 == $80) return b & $3F;
        #Endif;
    }
    return b;
];
#Endif;

! RV__Pr(obj, id): `obj.id` where id is individual or not a literal. A
! missing common property gives its default; anything else missing is
! an error (and the result 1).
! uses: RA__Pr, RL__Pr, RT__Err
#Ifndef RV__Pr;
[ RV__Pr obj id  a v;
    a = RA__Pr(obj, id);
    if (a == 0) {
        if (id >= 1 && id < 64) {
            @get_prop_addr obj id -> v;
            if (v) @get_prop_len v -> v;
            if (v <= 2) { @get_prop obj id -> v; return v; }
        }
        RT__Err("read", obj, id);
        rtrue;
    }
    #IfV3;
    if (RL__Pr(obj, id) > 2) RT__Err("read", obj, id);
    #Ifnot;
    if (RL__Pr(obj, id) > 2) RT__Err("read", obj, id, 2);
    #Endif;
    @loadw a 0 -> v;
    return v;
];
#Endif;

! WV__Pr(obj, id, v): `obj.id = v` where id is individual or not a
! literal; stores into the first word of the value.
! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS; if INFIX: RT__TrPS
#Ifndef WV__Pr;
[ WV__Pr obj id v  a;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("write to", obj, id); rtrue; }
    #Ifdef INFIX;
    @test_attr obj infix__watching ?Wv__Trace;
    if (debug_flag & 15) { .Wv__Trace; RT__TrPS(obj, id, v); }
    #Ifnot;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, v);
    #Endif;
    #Endif;
    @storew a 0 v;
];
#Endif;

! IB__Pr, IA__Pr, DB__Pr, DA__Pr (obj, id): `++obj.id`, `obj.id++`,
! `--obj.id`, `obj.id--` where id is individual or not a literal.
! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS; if INFIX: RT__TrPS
#Ifndef IB__Pr;
[ IB__Pr obj id  a v;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("increment", obj, id); rtrue; }
    @loadw a 0 -> v;
    v++;
    #Ifdef INFIX;
    @test_attr obj infix__watching ?Ib__Trace;
    if (debug_flag & 15) { .Ib__Trace; RT__TrPS(obj, id, v); }
    #Ifnot;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, v);
    #Endif;
    #Endif;
    @storew a 0 v;
    return v;
];
#Endif;

! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS; if INFIX: RT__TrPS
#Ifndef IA__Pr;
[ IA__Pr obj id  a v;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("increment", obj, id); rtrue; }
    @loadw a 0 -> v;
    #Ifdef INFIX;
    @test_attr obj infix__watching ?Ia__Trace;
    if (debug_flag & 15) { .Ia__Trace; RT__TrPS(obj, id, v + 1); }
    #Ifnot;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, v + 1);
    #Endif;
    #Endif;
    @add v 1 -> sp;
    @storew a 0 sp;
    return v;
];
#Endif;

! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS; if INFIX: RT__TrPS
#Ifndef DB__Pr;
[ DB__Pr obj id  a v;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("decrement", obj, id); rtrue; }
    @loadw a 0 -> v;
    v--;
    #Ifdef INFIX;
    @test_attr obj infix__watching ?Db__Trace;
    if (debug_flag & 15) { .Db__Trace; RT__TrPS(obj, id, v); }
    #Ifnot;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, v);
    #Endif;
    #Endif;
    @storew a 0 v;
    return v;
];
#Endif;

! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS; if INFIX: RT__TrPS
#Ifndef DA__Pr;
[ DA__Pr obj id  a v;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("decrement", obj, id); rtrue; }
    @loadw a 0 -> v;
    #Ifdef INFIX;
    @test_attr obj infix__watching ?Da__Trace;
    if (debug_flag & 15) { .Da__Trace; RT__TrPS(obj, id, v - 1); }
    #Ifnot;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, v - 1);
    #Endif;
    #Endif;
    @sub v 1 -> sp;
    @storew a 0 sp;
    return v;
];
#Endif;

! RA__Sc(cla, id): `cla::id`, a "superclass property" identifier:
! $4000 + id * $100 + k for a common property, $8000 + e * $100 + k for
! entry e of the class's inheritable individual table (k = the class's
! number in #classes_table).
! uses: OC__Cl, RT__Err
#Ifndef RA__Sc;
[ RA__Sc cla id  mine a k e w;
    @jin cla Class ?Sc__IsClass;
    if (cla > 4) { RT__Err("be a '::' superclass", cla, -1); rfalse; }
  .Sc__IsClass;
    if (OC__Cl(self, cla)) mine = id | $8000;
    for (k = 0 : true : k++) {
        @loadw #classes_table k -> w;
        if (w == 0) break;
        if (w == cla) {
            if (id < 64) return $4000 + id * $100 + k;
            @get_prop_addr cla 3 -> a;
            if (a == 0) break;
            @get_prop cla 3 -> a;
            for (e = 0 : true : e++) {
                @loadw a 0 -> w;
                if (w == 0) break;
                if (w == id or mine) return $8000 + e * $100 + k;
                @loadb a 2 -> w;
                a = a + w + 3;
            }
            break;
        }
    }
    RT__Err("make use of", cla, id);
    rfalse;
];
#Endif;

! --------------------------------------------------------------------------
!  provides, ofclass, metaclass, and what kind of value a word holds
! --------------------------------------------------------------------------

! OP__Pr(obj, id): `obj provides id`. Besides objects, a routine
! provides call and a string provides print and print_to_array.
! uses: Z__Region, RA__Pr
#Ifndef OP__Pr;
[ OP__Pr obj id  a;
    if (obj < 1 || obj > #largest_object - 255) {
        if (id ~= print or print_to_array or call) rfalse;
        a = Z__Region(obj);
        if (a == 2 && id == call) rtrue;
        if (a == 3 && id == print or print_to_array) rtrue;
        rfalse;
    }
    if (id < 64) {
        @get_prop_addr obj id -> a;
        if (a) rtrue;
        rfalse;
    }
    if (RA__Pr(obj, id)) rtrue;
    if (id < 72) { @jin obj Class ?rtrue; }
    rfalse;
];
#Endif;

! OC__Cl(obj, cla): `obj ofclass cla`.
! uses: Z__Region, RT__Err
#Ifndef OC__Cl;
[ OC__Cl obj cla  a len i;
    if (obj < 1 || obj > #largest_object - 255) {
        if (cla ~= Routine or String) rfalse;
        if (Z__Region(obj) == cla - 1) rtrue;
        rfalse;
    }
    if (cla == Class) {
        if (obj <= 4) rtrue;
        @jin obj Class ?rtrue;
        rfalse;
    }
    if (cla == Object) {
        if (obj <= 4) rfalse;
        @jin obj Class ?rfalse;
        rtrue;
    }
    if (cla == Routine or String) rfalse;
    @jin cla Class ?Oc__IsClass;
    RT__Err("apply 'ofclass' for", cla, -1);
    rfalse;
  .Oc__IsClass;
    @get_prop_addr obj 2 -> a;
    if (a == 0) rfalse;
    @get_prop_len a -> len;
    for (i = 0 : i < len / 2 : i++) {
        @loadw a i -> sp;
        @je sp cla ?rtrue;
    }
    rfalse;
];
#Endif;

! Meta__class(x): `metaclass(x)`: Class, Object, Routine, String or 0.
! uses: Z__Region
#Ifndef Meta__class;
[ Meta__class x  r;
    r = Z__Region(x);
    if (r == 2) return Routine;
    if (r == 3) return String;
    if (r == 1) {
        @jin x Class ?Mc__Class;
        if (x > 4) return Object;
      .Mc__Class;
        return Class;
    }
    rfalse;
];
#Endif;

! Z__Region(x): 1 if x is an object number, 2 a routine's packed
! address, 3 a string's, 0 none of these.
! uses: Unsigned__Compare
#Ifndef Z__Region;
[ Z__Region x  top len;
    if (x == 0 or -1) rfalse;
    top = x;
    #IfV5;
    #Iftrue (#version_number == 6) || (#version_number == 7);
    @log_shift x $FFFF -> top;
    #Endif;
    #Endif;
    @loadw $1A 0 -> len;                    ! file length, packed
    if (Unsigned__Compare(top, len) >= 0) rfalse;
    if (x >= 1 && x <= #largest_object - 255) rtrue;
    #Iftrue #oddeven_packing;
    if (x & 1) {
        if (Unsigned__Compare(x, #strings_offset) < 0) rfalse;
        return 3;
    }
    if (Unsigned__Compare(x, #code_offset) < 0) rfalse;
    return 2;
    #Ifnot;
    if (Unsigned__Compare(x, #strings_offset) >= 0) return 3;
    if (Unsigned__Compare(x, #code_offset) >= 0) return 2;
    rfalse;
    #Endif;
];
#Endif;

! Unsigned__Compare(x, y): 1, 0 or -1 as x is above, equal to or below
! y, comparing them as unsigned 16-bit numbers.
! uses: none
#Ifndef Unsigned__Compare;
[ Unsigned__Compare x y;
    if (x == y) return 0;
    if (x < 0 && y >= 0) return 1;
    if (x >= 0 && y < 0) return -1;
    if ((x & $7FFF) > (y & $7FFF)) return 1;
    return -1;
];
#Endif;

! --------------------------------------------------------------------------
!  Message sends and class messages
! --------------------------------------------------------------------------

#IfV5;
! CA__Pr(obj, id, a, b, c, d, e, f): `obj.id(a, ...)`, up to six
! arguments. Each word of the value in turn: -1 ends with false; a
! routine runs with self = obj and sender = the old self, and a non-zero
! result ends the send; a string prints with a new line and ends with
! true; anything else is the result. Routines and strings answer call,
! print and print_to_array; a class answers create ... copy (Cl__Ms).
! uses: Z__Region, Cl__Ms, RA__Pr, RT__Err, PrintShortName, Print__PName
#Ifndef CA__Pr;
[ CA__Pr obj id a b c d e f  x y z s s2 n m;
    if (obj < 1 || obj > #largest_object - 255) {
        x = Z__Region(obj);
        if (x == 2 && id == call) {
            s = sender; sender = self; self = obj;
            #Ifdef action;
            sw__var = action;
            #Endif;
            x = obj(a, b, c, d, e, f);
            self = sender; sender = s;
            return x;
        }
        if (x == 3 && id == print) { @print_paddr obj; rtrue; }
        if (x == 3 && id == print_to_array) {
            @output_stream 3 a;
            @print_paddr obj;
            @output_stream -3;
            @loadw a 0 -> x;
            return x;
        }
        jump Ca__Error;
    }
    ! y = how many of a ... f the caller gave
    @check_arg_count 3 ?~Ca__Counted; y++;
    @check_arg_count 4 ?~Ca__Counted; y++;
    @check_arg_count 5 ?~Ca__Counted; y++;
    @check_arg_count 6 ?~Ca__Counted; y++;
    @check_arg_count 7 ?~Ca__Counted; y++;
    @check_arg_count 8 ?~Ca__Counted; y++;
  .Ca__Counted;
    #Ifdef INFIX;
    @test_attr obj infix__watching ?~Ca__NoWatch;
    n = 1;
  .Ca__NoWatch;
    #Endif;
    #Ifdef DEBUG;
    if (debug_flag & 1) n = 1;
    #Endif;
    if (n == 1) {
        #Ifdef DEBUG;
        n = debug_flag & 1;
        debug_flag = debug_flag - n;
        #Endif;
        print "[ ~", (name) obj, "~.", (property) id, "(";
        if (y >= 1) print a;
        if (y >= 2) print ",", b;
        if (y >= 3) print ",", c;
        if (y >= 4) print ",", d;
        if (y >= 5) print ",", e;
        if (y >= 6) print ",", f;
        print ") ]^";
        #Ifdef DEBUG;
        debug_flag = debug_flag + n;
        #Endif;
    }
    if (id > 0 && id < 64) {
        @get_prop_addr obj id -> x;
        if (x == 0) {
            ! absent: the default value, as a one-word property
            @loadw $0A 0 -> x;
            x = x + 2 * (id - 1);
            n = 2;
        }
        else @get_prop_len x -> n;
    }
    else {
        if (id >= 64 && id < 69) {
            @jin obj Class ?~Ca__NotClass;
            return Cl__Ms(obj, id, y, a, b, c, d);
          .Ca__NotClass;
        }
        x = RA__Pr(obj, id);
        if (x == 0) {
          .Ca__Error;
            RT__Err("send message", obj, id);
            rtrue;
        }
        n = x - 1;
        @loadb n 0 -> n;
        if (id & $C000 == $4000) {
            if (n & $C0 == 0) n = 1;
            else if (n & $C0 == $40) n = 2;
            else if (n & $C0 == $80) n = n & $3F;
        }
    }
    for (m = 0 : 2 * m < n : m++) {
        @loadw x m -> z;
        if (z == -1) rfalse;
        s = Z__Region(z);
        if (s == 3) { @print_paddr z; new_line; rtrue; }
        if (s ~= 2) return z;
        s = sender; sender = self; self = obj; s2 = sw__var;
        #Ifdef LibSerial;
        if (id == life) sw__var = reason_code; else sw__var = action;
        #Endif;
        if (y == 0) z = z();
        else if (y == 1) z = z(a);
        else if (y == 2) z = z(a, b);
        else if (y == 3) z = z(a, b, c);
        else if (y == 4) z = z(a, b, c, d);
        else if (y == 5) z = z(a, b, c, d, e);
        else z = z(a, b, c, d, e, f);
        self = sender; sender = s; sw__var = s2;
        if (z ~= 0) return z;
    }
    rfalse;
];
#Endif;

! Cl__Ms(cla, id, y, a, b, c, d): the messages every class answers, with
! y = how many arguments came after the message name:
! create (take an instance from the pool, then send it create),
! recreate (reset an instance from the pool's prototype, then create),
! destroy (send destroy, reset, return to the pool), remaining (instances
! left in the pool) and copy (a gets b's attributes and properties).
! uses: OP__Pr, CA__Pr, OC__Cl, Copy__Primitive, RT__Err
#Ifndef Cl__Ms;
[ Cl__Ms cla id y a b c d  x n;
    if (id == create) {
        ! the pool is cla's children; the last is kept as a prototype
        @get_child cla -> x ?~Cl__NoSpare;
        @get_sibling x -> n ?~Cl__NoSpare;
        @remove_obj x;
        if (OP__Pr(x, create)) {
            if (y == 0) CA__Pr(x, create);
            if (y == 1) CA__Pr(x, create, a);
            if (y == 2) CA__Pr(x, create, a, b);
            if (y > 3) RT__Err(1, cla);
            if (y >= 3) CA__Pr(x, create, a, b, c);
        }
        return x;
      .Cl__NoSpare;
        rfalse;
    }
    if (id == recreate) {
        if (OC__Cl(a, cla) == 0) { RT__Err("recreate", a, -cla); rfalse; }
        @get_child cla -> x ?Cl__Proto1;
      .Cl__Proto1;
        Copy__Primitive(a, x);
        if (OP__Pr(a, create)) {
            if (y == 1) CA__Pr(a, create);
            if (y == 2) CA__Pr(a, create, b);
            if (y == 3) CA__Pr(a, create, b, c);
            if (y > 4) RT__Err(1, cla);
            if (y >= 4) CA__Pr(a, create, b, c, d);
        }
        rfalse;
    }
    if (id == destroy) {
        if (OC__Cl(a, cla) == 0) { RT__Err("destroy", a, -cla); rfalse; }
        if (OP__Pr(a, destroy)) CA__Pr(a, destroy);
        @get_child cla -> x ?Cl__Proto2;
      .Cl__Proto2;
        Copy__Primitive(a, x);
        @insert_obj a cla;
        rfalse;
    }
    if (id == remaining) {
        n = -1;
        @get_child cla -> x ?~Cl__Counted;
      .Cl__Count;
        n++;
        @get_sibling x -> x ?Cl__Count;
      .Cl__Counted;
        return n;
    }
    if (id == copy) {
        if (OC__Cl(a, cla) == 0) { RT__Err("copy", a, -cla); rfalse; }
        if (OC__Cl(b, cla) == 0) { RT__Err("copy", b, -cla); rfalse; }
        Copy__Primitive(a, b);
        rfalse;
    }
];
#Endif;
#Endif;

! Copy__Primitive(o1, o2): make o1 a copy of o2: every attribute; every
! common property but 2 and 3 that both have with the same length; every
! individual property both have (private or not) with the same length.
! uses: if STRICT_MODE: RT__ChG, RT__ChGt
#Ifndef Copy__Primitive;
[ Copy__Primitive o1 o2  n a1 a2 size id m i;
    for (n = 0 : n < NUM_ATTR_BYTES * 8 : n++) {
        ! inform6's veneer writes `give` here, which strict mode turns
        ! into the checked forms (and their DEBUG traces)
        @test_attr o2 n ?Cp__Set;
        #Ifdef STRICT_MODE;
        RT__ChGt(o1, n);
        #Ifnot;
        @clear_attr o1 n;
        #Endif;
        continue;
      .Cp__Set;
        #Ifdef STRICT_MODE;
        RT__ChG(o1, n);
        #Ifnot;
        @set_attr o1 n;
        #Endif;
    }
    for (n = 1 : n < 64 : n++) {
        if (n == 2 or 3) continue;
        @get_prop_addr o1 n -> a1;
        @get_prop_addr o2 n -> a2;
        if (a1 == 0 || a2 == 0) continue;
        @get_prop_len a1 -> size;
        @get_prop_len a2 -> m;
        if (size ~= m) continue;
        for (m = 0 : m < size : m++) { @loadb a2 m -> i; @storeb a1 m i; }
    }
    @get_prop_addr o1 3 -> a1;
    if (a1 == 0) rtrue;
    @get_prop_addr o2 3 -> a2;
    if (a2 == 0) rtrue;
    @get_prop o2 3 -> a2;
    for (::) {
        @loadw a2 0 -> id;
        if (id == 0) rtrue;
        @loadb a2 2 -> size;
        @get_prop o1 3 -> a1;
        for (::) {
            @loadw a1 0 -> m;
            if (m == 0) break;
            @loadb a1 2 -> n;
            if ((m & $7FFF) == (id & $7FFF) && n == size)
                for (i = 3 : i < size + 3 : i++) { @loadb a2 i -> m; @storeb a1 i m; }
            a1 = a1 + n + 3;
        }
        a2 = a2 + size + 3;
    }
];
#Endif;

! --------------------------------------------------------------------------
!  Run-time errors
! --------------------------------------------------------------------------

! RT__Err(crime, obj, id, size, p): report a run-time error, as
! "[** Programming error: ... **]" on a line of its own; returns true.
! crime is a number (the checks strict mode compiles, and 1 for a create
! with too many arguments), or a string naming what obj could not do
! with its property id ("read", "write to", ...); then id < 0 means
! "obj is not of class -id" and size ~= 0 "the property is longer than
! 2 bytes". For the array checks 28-31: obj = index, id = highest legal
! index, size = the array's kind, p = its number.
! uses: PrintShortName, Print__PName; if STRICT_MODE: RT__ChPrintS
#Ifndef RT__Err;
[ RT__Err crime obj id size p  q;
    print "^[** Programming error: ";
    ! No switch statements here: they use the temporary globals, and the
    ! code strict mode compiles keeps values there across some of these
    ! calls (a division by zero goes on to divide by 1).
    if (crime >= 0) {
        if (crime == 1) {
            print "class "; @print_obj obj;
            ": 'create' can have 0 to 3 parameters only **]";
        }
        if (crime == 32)
            "objectloop broken because the object ", (name) obj,
            " was moved while the loop passed through it **]";
        if (crime == 33)
            "tried to print (char) ", obj,
            ", which is not a valid ZSCII character code for output **]";
        if (crime == 34)
            "tried to print (address) on something not the byte address of a string **]";
        if (crime == 35) "tried to print (string) on something not a string **]";
        if (crime == 36)
            "tried to print (object) on something not an object or class **]";
        if (crime < 32) {
            print "tried to ";
            if (crime >= 28) {
                if (crime == 28 or 29) print "read from "; else print "write to ";
                if (crime == 29 or 31) print "-";
                print "->", obj, " in the";
                q = size & 7;
                if (q == 2) print " string";
                else if (q == 3) print " table";
                else if (q == 4) print " buffer";
                if (q == 2 or 3) q = 1;
                else if (q == 4) q = WORDSIZE;
                else q = 0;
                if (size & 16) print " (->)";
                if (size & 8) print " (-->)";
                #Ifdef OMIT_SYMBOL_TABLE;
                " array which has entries ", q, " up to ", id, " **]";
                #Ifnot;
                @loadw #array_names_offset p -> p;
                print " array ~";
                #Ifdef STRICT_MODE;     ! as inform6's veneer, whose
                RT__ChPrintS(p);        ! `print (string)` is checked
                #Ifnot;
                @print_paddr p;
                #Endif;
                "~, which has entries ", q, " up to ", id, " **]";
                #Endif;
            }
            if (crime >= 24 && crime <= 27) {
                if (crime <= 25) print "read"; else print "write";
                print " outside memory using ";
                if (crime == 24 or 26) "-> **]";
                "--> **]";
            }
            if (crime < 4) print "test ";
            else if (crime < 12 || crime > 20) print "find the ";
            else if (crime < 14) print "use ";
            if (crime == 20) "divide by zero **]";
            print "~";
            if (crime == 14) "give~ an attribute to ", (name) obj, " **]";
            if (crime == 15) "remove~ ", (name) obj, " **]";
            if (crime == 16 or 17 or 18) {
                print "move~ ", (name) obj, " to ", (name) id;
                if (crime == 18) {
                    print ", which would make a loop: ", (name) obj;
                    for (p = id : p ~= obj : ) {
                        print " in ", (name) p;
                        @get_parent p -> p;
                    }
                    " in ", (name) p, " **]";
                }
                " **]";
            }
            if (crime == 19)
                "give~ or test ~has~ or ~hasnt~ with a non-attribute on the object ",
                (name) obj, " **]";
            if (crime == 2) print "in~ or ~notin";
            else if (crime == 3) print "has~ or ~hasnt";
            else if (crime == 4) print "parent";
            else if (crime == 5) print "eldest";
            else if (crime == 6) print "child";
            else if (crime == 7) print "younger";
            else if (crime == 8) print "sibling";
            else if (crime == 9) print "children";
            else if (crime == 10) print "youngest";
            else if (crime == 11) print "elder";
            else if (crime == 12) print "objectloop";
            else if (crime == 13) print "@{7D}~ at end of ~objectloop";
            else if (crime == 21) print ".&";
            else if (crime == 22) print ".#";
            else if (crime == 23) print ".";
            "~ of ", (name) obj, " **]";
        }
    }
    ! crime is a string: obj cannot do it with property id
    if (obj >= 0 && obj <= #largest_object - 255) {
        if (obj ~= 0) {
            @jin obj Class ?~Er__NotClass;
            print "class ";
          .Er__NotClass;
            @print_obj obj;
        }
        else print "nothing";
        print " ";
    }
    print "(object number ", obj, ") ";
    if (id < 0) print "is not of class ", (name) -id;
    else if (size) print "has a property ", (property) id,
        ", but it is longer than 2 bytes so you cannot use ~.~";
    else {
        print " has no property ", (property) id;
        #Ifndef OMIT_SYMBOL_TABLE;
        @loadw #identifiers_table 0 -> sp;
        @jl id sp ?Er__Known;
        print " (and nor has any other object)";
      .Er__Known;
        #Endif;
    }
    print " to ";
    #Ifdef STRICT_MODE;
    RT__ChPrintS(crime);
    #Ifnot;
    @print_paddr crime;
    #Endif;
    print " **]^";
];
#Endif;

! RT__TrPS(obj, id, v): the DEBUG trace of a property being set.
! uses: PrintShortName, Print__PName
#Ifndef RT__TrPS;
[ RT__TrPS obj id v;
    print "[Setting ", (name) obj, ".", (property) id, " to ", v, "]^";
];
#Endif;

! --------------------------------------------------------------------------
!  Strict-mode (-S) checks: each tests its operands, reports with RT__Err
!  (and returns what RT__Err returns) or does the operation.
! --------------------------------------------------------------------------

! RT__ChT(o1, o2): `move o1 to o2`.
! uses: RT__Err; if DEBUG: PrintShortName; if INFIX: PrintShortName
#Ifndef RT__ChT;
[ RT__ChT o1 o2  x;
    if (o1 < 5 || o1 > #largest_object - 255) return RT__Err(16, o1, o2);
    @jin o1 Class ?~Ct__Ok1;
    return RT__Err(16, o1, o2);
  .Ct__Ok1;
    if (o2 < 5 || o2 > #largest_object - 255) return RT__Err(17, o1, o2);
    @jin o2 Class ?~Ct__Ok2;
    return RT__Err(17, o1, o2);
  .Ct__Ok2;
    for (x = o2 : x ~= 0 : ) {
        if (x == o1) return RT__Err(18, o1, o2);
        @get_parent x -> x;
    }
    #Ifdef INFIX;
    @test_attr o1 infix__watching ?Ct__Trace;
    @test_attr o2 infix__watching ?Ct__Trace;
    if (debug_flag & 15) {
      .Ct__Trace;
        print "[Moving ", (name) o1, " to ", (name) o2, "]^";
    }
    #Ifnot;
    #Ifdef DEBUG;
    if (debug_flag & 15) print "[Moving ", (name) o1, " to ", (name) o2, "]^";
    #Endif;
    #Endif;
    @insert_obj o1 o2;
];
#Endif;

! RT__ChR(o): `remove o`.
! uses: RT__Err; if DEBUG: PrintShortName; if INFIX: PrintShortName
#Ifndef RT__ChR;
[ RT__ChR o;
    if (o < 5 || o > #largest_object - 255) return RT__Err(15, o);
    @jin o Class ?~Cr__Ok;
    return RT__Err(15, o);
  .Cr__Ok;
    #Ifdef INFIX;
    @test_attr o infix__watching ?Cr__Trace;
    if (debug_flag & 15) {
      .Cr__Trace;
        print "[Removing ", (name) o, "]^";
    }
    #Ifnot;
    #Ifdef DEBUG;
    if (debug_flag & 15) print "[Removing ", (name) o, "]^";
    #Endif;
    #Endif;
    @remove_obj o;
];
#Endif;

! RT__ChG(o, a): `give o a`.
! uses: RT__Err; if DEBUG: PrintShortName; if INFIX: PrintShortName
#Ifndef RT__ChG;
[ RT__ChG o a;
    if (o < 5 || o > #largest_object - 255) return RT__Err(14, o);
    @jin o Class ?~Cg__Ok;
    return RT__Err(14, o);
  .Cg__Ok;
    if (a < 0 || a >= 48) return RT__Err(19, o);
    @test_attr o a ?rtrue;
    #Ifdef INFIX;
    if (a ~= workflag) {
        @test_attr o infix__watching ?Cg__Trace;
        if (debug_flag & 15) {
          .Cg__Trace;
            print "[Giving ", (name) o, " ", (DebugAttribute) a, "]^";
        }
    }
    #Ifnot;
    #Ifdef DEBUG;
    if (a ~= workflag && debug_flag & 15)
        print "[Giving ", (name) o, " ", (DebugAttribute) a, "]^";
    #Endif;
    #Endif;
    @set_attr o a;
];
#Endif;

! RT__ChGt(o, a): `give o ~a`.
! uses: RT__Err; if DEBUG: PrintShortName; if INFIX: PrintShortName
#Ifndef RT__ChGt;
[ RT__ChGt o a;
    if (o < 5 || o > #largest_object - 255) return RT__Err(14, o);
    @jin o Class ?~Cgt__Ok;
    return RT__Err(14, o);
  .Cgt__Ok;
    if (a < 0 || a >= 48) return RT__Err(19, o);
    @test_attr o a ?~rtrue;
    #Ifdef INFIX;
    if (a ~= workflag) {
        @test_attr o infix__watching ?Cgt__Trace;
        if (debug_flag & 15) {
          .Cgt__Trace;
            print "[Giving ", (name) o, " @@126", (DebugAttribute) a, "]^";
        }
    }
    #Ifnot;
    #Ifdef DEBUG;
    if (a ~= workflag && debug_flag & 15)
        print "[Giving ", (name) o, " @@126", (DebugAttribute) a, "]^";
    #Endif;
    #Endif;
    @clear_attr o a;
];
#Endif;

! RT__ChPS(o, p, v): `o.p = v` (and ++, --) for a literal common
! property p: o must be an object (not a class) with a value of at most
! 2 bytes for p. Returns v.
! uses: RT__Err; if DEBUG: RT__TrPS; if INFIX: RT__TrPS
#Ifndef RT__ChPS;
[ RT__ChPS o p v  size;
    if (o < 5 || o > #largest_object - 255) jump Cps__Bad;
    @jin o Class ?Cps__Bad;
    @get_prop_addr o p -> size;
    if (size == 0) jump Cps__Bad;
    @get_prop_len size -> size;
    if (size > 2) {
      .Cps__Bad;
        #IfV3;
        return RT__Err("set", o, p);    ! v3 calls take 3 arguments at most
        #Ifnot;
        return RT__Err("set", o, p, size);
        #Endif;
    }
    @put_prop o p v;
    #Ifdef INFIX;
    @test_attr o infix__watching ?Cps__Trace;
    if (debug_flag & 15) { .Cps__Trace; RT__TrPS(o, p, v); }
    #Ifnot;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(o, p, v);
    #Endif;
    #Endif;
    return v;
];
#Endif;

! RT__ChPR(o, p): `o.p` for a literal common property p: o must be an
! object (classes 1-4 excepted) whose value for p is at most 2 bytes;
! otherwise an error and the default value.
! uses: RT__Err
#Ifndef RT__ChPR;
[ RT__ChPR o p  v size;
    if (o < 5 || o > #largest_object - 255) jump Cpr__Bad;
    @get_prop_addr o p -> size;
    if (size) @get_prop_len size -> size;
    if (size > 2) {
      .Cpr__Bad;
        #IfV3;
        RT__Err("read", o, p);          ! v3 calls take 3 arguments at most
        #Ifnot;
        RT__Err("read", o, p, size);
        #Endif;
        o = Object;
    }
    @get_prop o p -> v;
    return v;
];
#Endif;

! RT__ChLDB, RT__ChLDW (base, i): `base->i`, `base-->i` when base is not
! a declared array: the byte or word must lie below high memory.
! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChLDB;
[ RT__ChLDB base i  v;
    if (Unsigned__Compare(base + i, #readable_memory_offset) >= 0)
        return RT__Err(24);
    @loadb base i -> v;
    return v;
];
#Endif;

! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChLDW;
[ RT__ChLDW base i  v;
    if (Unsigned__Compare(base + 2 * i, #readable_memory_offset) >= 0)
        return RT__Err(25);
    @loadw base i -> v;
    return v;
];
#Endif;

! RT__ChSTB, RT__ChSTW (base, i, v): `base->i = v`, `base-->i = v` when
! base is not a declared array: the byte or word must lie in the arrays,
! in a property value, or be the header's Flags 2.
! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChSTB;
[ RT__ChSTB base i v  a;
    a = base + i;
    if (Unsigned__Compare(a, #array__start) >= 0
        && Unsigned__Compare(a, #array__end) < 0) jump Cstb__Ok;
    if (Unsigned__Compare(a, #cpv__start) >= 0
        && Unsigned__Compare(a, #cpv__end) < 0) jump Cstb__Ok;
    if (Unsigned__Compare(a, #ipv__start) >= 0
        && Unsigned__Compare(a, #ipv__end) < 0) jump Cstb__Ok;
    if (a ~= $11) return RT__Err(26);
  .Cstb__Ok;
    @storeb base i v;
];
#Endif;

! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChSTW;
[ RT__ChSTW base i v  a;
    a = base + 2 * i;
    if (Unsigned__Compare(a, #array__start) >= 0
        && Unsigned__Compare(a, #array__end) < 0) jump Cstw__Ok;
    if (Unsigned__Compare(a, #cpv__start) >= 0
        && Unsigned__Compare(a, #cpv__end) < 0) jump Cstw__Ok;
    if (Unsigned__Compare(a, #ipv__start) >= 0
        && Unsigned__Compare(a, #ipv__end) < 0) jump Cstw__Ok;
    if (a ~= $10) return RT__Err(27);
  .Cstw__Ok;
    @storew base i v;
];
#Endif;

! RT__ChPrintC(c): `print (char) c`: c must be a ZSCII output code.
! uses: RT__Err
#Ifndef RT__ChPrintC;
[ RT__ChPrintC c;
    if (c == 0 or 9 or 11 or 13) jump Cpc__Ok;
    if (c >= 32 && c <= 126) jump Cpc__Ok;
    if (c >= 155 && c <= 251) jump Cpc__Ok;
    return RT__Err(33, c);
  .Cpc__Ok;
    @print_char c;
];
#Endif;

! RT__ChPrintA(a): `print (address) a`: a must lie below high memory.
! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChPrintA;
[ RT__ChPrintA a;
    if (Unsigned__Compare(a, #readable_memory_offset) >= 0)
        return RT__Err(34);
    @print_addr a;
];
#Endif;

! RT__ChPrintS(s): `print (string) s`: s must be a string.
! uses: Z__Region, RT__Err
#Ifndef RT__ChPrintS;
[ RT__ChPrintS s;
    if (Z__Region(s) ~= 3) return RT__Err(35);
    @print_paddr s;
];
#Endif;

! RT__ChPrintO(o): `print (object) o`: o must be an object or class.
! uses: Z__Region, RT__Err
#Ifndef RT__ChPrintO;
[ RT__ChPrintO o;
    if (Z__Region(o) ~= 1) return RT__Err(36);
    @print_obj o;
];
#Endif;

! --------------------------------------------------------------------------
!  The symbol table routine
! --------------------------------------------------------------------------

#Ifndef INFIX;
! Symb__Tab(kind, n): Infix's look-up of array / routine / constant n.
! Without -X there is no table and it answers false. (With -X it lists
! every array, routine and constant of the program, so the compiler
! writes it itself; inform6 always compiles it last.)
! uses: none
#Ifndef Symb__Tab;
[ Symb__Tab kind n;
    kind = n = 0;
    rfalse;
];
#Endif;
#Endif;
