! SPDX-License-Identifier: MIT (see LICENSE: a story this is compiled into owes nothing to it)
! ==========================================================================
!  veneer-g.h -- vinform's veneer for Glulx.
!
!  Takes: calls that compiled code makes for what Glulx has no opcode for
!  (every property operation, message sends, `::`, ofclass, provides,
!  metaclass, class pools, the object tree, `box`, `glk(...)`, `string N
!  val`, printing a property name or a dictionary word) and the run-time
!  checks of strict mode (-S), with the object, property and identifier
!  tables laid out as shared/spec/glulx-layout.md §4, §5 and §8 say.
!  Gives: the same results, and the same run-time error messages word for
!  word, as inform6's own veneer.
!
!  The rules are those of veneer-z.h (see its header and docs/veneer.md):
!  ordinary Inform 6, the object model through assembly (@aload,
!  @aloadbit, @binarysearch ...) rather than `.&`, `in` or `-->`, no
!  switch statements (they use the temporary globals that strict-mode
!  code keeps live across some of these calls), no data of its own, each
!  routine inside `#Ifndef NAME;` after a line
!      ! uses: NAME, NAME; if SYMBOL: NAME, ...
!  naming the veneer routines it calls. CA__Pr, Cl__Ms and Glk__Wrap take
!  their arguments on the stack (`_vararg_count`), so a message may have
!  any number of arguments.
! ==========================================================================

System_file;

! --------------------------------------------------------------------------
!  The `box` statement and the stand-ins for library routines
! --------------------------------------------------------------------------

! Box__Routine(maxw, table): `box "line" ...;` -- the lines in the
! block-quote style, one a line (the library draws a real box).
! uses: none; if STRICT_MODE: RT__ChPrintS
#Ifndef Box__Routine;
[ Box__Routine maxw table  n i s;
    maxw = 0;
    @copy 7 sp;
    @glk $0086 1 0;                     ! set_style(style_BlockQuote)
    @aload table 0 n;
    for (i = 1 : i <= n : i++) {
        @aload table i s;
        #Ifdef STRICT_MODE;             ! inform6's veneer prints with a
        RT__ChPrintS(s);                ! checked `print (string)`
        #Ifnot;
        @streamstr s;
        #Endif;
        new_line;
    }
    @copy 0 sp;
    @glk $0086 1 0;                     ! set_style(style_Normal)
];
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

! DefArt, InDefArt, CDefArt, CInDefArt (obj): `print (the) obj`, `(a)`,
! `(The)`, `(A)` without a library: the article, then obj as a number.
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
    else if (m == Object) { @aload x GOBJFIELD_NAME m; @streamstr m; }
    else if (m == Class) { print "class "; @aload x GOBJFIELD_NAME m; @streamstr m; }
    else if (m == Routine) print "(routine at ", x, ")";
    else if (m == String) print "(string at ", x, ")";
];
#Endif;

! EnglishNumber(n): `print (number) n` without a library: the digits.
! uses: none
#Ifndef EnglishNumber;
[ EnglishNumber n; print n; ];
#Endif;

! Print__PName(p): `print (property) p`. A `::` identifier (a class
! number in the low 16 bits) prints as "class C::name".
! uses: PrintShortName; if STRICT_MODE: RT__ChPrintS
#Ifndef Print__PName;
[ Print__PName p  tab count s;
    if (p & $FFFF0000) {
        s = p & $FFFF;
        @aload #classes_table s s;
        print (name) s, "::";
        @ushiftr p 16 p;
    }
    #Ifdef OMIT_SYMBOL_TABLE;
    tab = count = s = 0;
    print "<number ", p, ">";
    #Ifnot;
    tab = #identifiers_table;
    s = 0;
    @aload tab 1 count;                 ! common names
    if (p >= 0 && p < count) {
        @aload tab 0 s;
        @aload s p s;
    }
    else {
        @aload tab 3 count;             ! individual names
        if (p >= INDIV_PROP_START && p < INDIV_PROP_START + count) {
            @aload tab 2 s;
            count = p - INDIV_PROP_START;
            @aload s count s;
        }
    }
    if (s) {
        #Ifdef STRICT_MODE;
        RT__ChPrintS(s);
        #Ifnot;
        @streamstr s;
        #Endif;
    }
    else print "<number ", p, ">";
    #Endif;
];
#Endif;

! Print__Addr(a): `print (address) a`: a dictionary word's letters.
! uses: none
#Ifndef Print__Addr;
[ Print__Addr a  i c;
    @aloadb a 0 c;
    if (c ~= $60) { print "(", a, ": not dict word)"; return; }
    for (i = 1 : i <= DICT_WORD_SIZE : i++) {
        #Ifndef DICT_IS_UNICODE;
        @aloadb a i c;
        #Ifnot;
        @aload a i c;
        #Endif;
        if (c == 0) return;
        if (c >= 0 && c < 256) @streamchar c; else @streamunichar c;
    }
];
#Endif;

! Glk__Wrap(id, args...): `glk(id, args...)`.
! uses: none
#Ifndef Glk__Wrap;
[ Glk__Wrap _vararg_count id r;
    @copy sp id;
    _vararg_count--;
    @glk id _vararg_count r;
    return r;
];
#Endif;

! Dynam__String(n, v): `string n v;` -- sets printing variable @nn.
! uses: RT__Err
#Ifndef Dynam__String;
[ Dynam__String n v  count;
    @aload #dynam_string_table 0 count;
    if (n < 0 || n >= count) return RT__Err(40, n);
    n++;
    @astore #dynam_string_table n v;
];
#Endif;

! --------------------------------------------------------------------------
!  Properties
! --------------------------------------------------------------------------

! CP__Tab(obj, id): obj's property-table entry for id (10 bytes: short
! id, short length in words, long data address, short flags), or 0.
! uses: Z__Region, RT__Err
#Ifndef CP__Tab;
[ CP__Tab obj id  tab count r;
    if (Z__Region(obj) ~= 1) { RT__Err(23, obj); rfalse; }
    @aload obj GOBJFIELD_PROPTAB tab;
    if (tab == 0) return 0;
    @aload tab 0 count;
    tab = tab + 4;
    @binarysearch id 2 tab 10 count 0 0 r;
    return r;
];
#Endif;

! RA__Pr(obj, id): `obj.&id`: the address of obj's value for id, or 0.
! A `::` identifier (class number in the low 16 bits) looks in that
! class's table, for an obj of that class. A class object answers only
! for create ... print_to_array; a private entry only when self is obj.
! uses: OC__Cl, CP__Tab
#Ifndef RA__Pr;
[ RA__Pr obj id  cla e b;
    if (id & $FFFF0000) {
        cla = id & $FFFF;
        @aload #classes_table cla cla;
        if (OC__Cl(obj, cla) == 0) return 0;
        @ushiftr id 16 id;
        obj = cla;
    }
    e = CP__Tab(obj, id);
    if (e == 0) return 0;
    if (cla == 0) {
        @aload obj GOBJFIELD_PARENT b;
        if (b == Class && (id < INDIV_PROP_START || id >= INDIV_PROP_START + 8))
            return 0;
    }
    if (self ~= obj) {
        @aloadbit e 72 b;               ! the private flag
        if (b) return 0;
    }
    @aload e 1 b;
    return b;
];
#Endif;

! RL__Pr(obj, id): `obj.#id`: the length in bytes of obj's value, or 0.
! uses: OC__Cl, CP__Tab
#Ifndef RL__Pr;
[ RL__Pr obj id  cla e b;
    if (id & $FFFF0000) {
        cla = id & $FFFF;
        @aload #classes_table cla cla;
        if (OC__Cl(obj, cla) == 0) return 0;
        @ushiftr id 16 id;
        obj = cla;
    }
    e = CP__Tab(obj, id);
    if (e == 0) return 0;
    if (cla == 0) {
        @aload obj GOBJFIELD_PARENT b;
        if (b == Class && (id < INDIV_PROP_START || id >= INDIV_PROP_START + 8))
            return 0;
    }
    if (self ~= obj) {
        @aloadbit e 72 b;
        if (b) return 0;
    }
    @aloads e 1 b;
    return WORDSIZE * b;
];
#Endif;

! RV__Pr(obj, id): `obj.id`: the first word; a missing common property
! gives its default, anything else missing an error and 0.
! uses: RA__Pr, RT__Err
#Ifndef RV__Pr;
[ RV__Pr obj id  a;
    a = RA__Pr(obj, id);
    if (a == 0) {
        if (id > 0 && id < INDIV_PROP_START) {
            @aload #cpv__start id a;
            return a;
        }
        RT__Err("read", obj, id);
        return 0;
    }
    @aload a 0 a;
    return a;
];
#Endif;

! WV__Pr(obj, id, v): `obj.id = v` (without strict mode).
! uses: RA__Pr, RT__Err
#Ifndef WV__Pr;
[ WV__Pr obj id v  a;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("write", obj, id); return 0; }
    @astore a 0 v;
    return 0;
];
#Endif;

! IB__Pr, IA__Pr, DB__Pr, DA__Pr (obj, id): `++obj.id`, `obj.id++`,
! `--obj.id`, `obj.id--`.
! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS
#Ifndef IB__Pr;
[ IB__Pr obj id  a v;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("increment", obj, id); rtrue; }
    @aload a 0 v;
    v++;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, v);
    #Endif;
    @astore a 0 v;
    return v;
];
#Endif;

! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS
#Ifndef IA__Pr;
[ IA__Pr obj id  a v w;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("increment", obj, id); rtrue; }
    @aload a 0 v;
    w = v + 1;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, w);
    #Endif;
    @astore a 0 w;
    return v;
];
#Endif;

! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS
#Ifndef DB__Pr;
[ DB__Pr obj id  a v;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("decrement", obj, id); rtrue; }
    @aload a 0 v;
    v--;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, v);
    #Endif;
    @astore a 0 v;
    return v;
];
#Endif;

! uses: RA__Pr, RT__Err; if DEBUG: RT__TrPS
#Ifndef DA__Pr;
[ DA__Pr obj id  a v w;
    a = RA__Pr(obj, id);
    if (a == 0) { RT__Err("decrement", obj, id); rtrue; }
    @aload a 0 v;
    w = v - 1;
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(obj, id, w);
    #Endif;
    @astore a 0 w;
    return v;
];
#Endif;

! RA__Sc(cla, id): `cla::id` = id * $10000 + cla's number in
! #classes_table.
! uses: RT__Err
#Ifndef RA__Sc;
[ RA__Sc cla id  k w;
    @aload cla GOBJFIELD_PARENT w;
    if (w ~= Class && (cla ~= Class or String or Routine or Object)) {
        RT__Err("be a '::' superclass", cla, -1);
        rfalse;
    }
    for (k = 0 : true : k++) {
        @aload #classes_table k w;
        if (w == 0) break;
        if (w == cla) return id * $10000 + k;
    }
    RT__Err("make use of", cla, id);
    rfalse;
];
#Endif;

! --------------------------------------------------------------------------
!  provides, ofclass, metaclass, and what kind of value a word holds
! --------------------------------------------------------------------------

! OP__Pr(obj, id): `obj provides id`.
! uses: Z__Region, RA__Pr
#Ifndef OP__Pr;
[ OP__Pr obj id  r;
    r = Z__Region(obj);
    if (r == 3) { if (id == print or print_to_array) rtrue; rfalse; }
    if (r == 2) { if (id == call) rtrue; rfalse; }
    if (r ~= 1) rfalse;
    if (id >= INDIV_PROP_START && id < INDIV_PROP_START + 8) {
        @aload obj GOBJFIELD_PARENT r;
        if (r == Class) rtrue;
    }
    if (RA__Pr(obj, id)) rtrue;
    rfalse;
];
#Endif;

! OC__Cl(obj, cla): `obj ofclass cla`, by obj's property 2.
! uses: Z__Region, RA__Pr, RL__Pr, RT__Err
#Ifndef OC__Cl;
[ OC__Cl obj cla  r list n i;
    r = Z__Region(obj);
    if (r == 3) { if (cla == String) rtrue; rfalse; }
    if (r == 2) { if (cla == Routine) rtrue; rfalse; }
    if (r ~= 1) rfalse;
    @aload obj GOBJFIELD_PARENT r;
    if (cla == Class) {
        if (r == Class || obj == Class or String or Routine or Object) rtrue;
        rfalse;
    }
    if (cla == Object) {
        if (r == Class || obj == Class or String or Routine or Object) rfalse;
        rtrue;
    }
    if (cla == String or Routine) rfalse;
    @aload cla GOBJFIELD_PARENT r;
    if (r ~= Class) { RT__Err("apply 'ofclass' for", cla, -1); rfalse; }
    list = RA__Pr(obj, 2);
    if (list == 0) rfalse;
    n = RL__Pr(obj, 2) / WORDSIZE;
    for (i = 0 : i < n : i++) {
        @aload list i r;
        if (r == cla) rtrue;
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
        @aload x GOBJFIELD_PARENT r;
        if (r == Class || x == Class or String or Routine or Object) return Class;
        return Object;
    }
    rfalse;
];
#Endif;

! Z__Region(x): by the type byte at address x: 1 an object (in RAM), 2 a
! function, 3 a string, 0 anything else.
! uses: none
#Ifndef Z__Region;
[ Z__Region x  b top;
    if (x < 36) rfalse;
    @getmemsize top;
    @jgeu x top ?Zr__Out;
    @aloadb x 0 b;
    if (b >= $E0) return 3;
    if (b >= $C0) return 2;
    @aload 0 2 top;                     ! RAMSTART
    if (b >= $70 && b <= $7F && x >= top) return 1;
  .Zr__Out;
    rfalse;
];
#Endif;

! Unsigned__Compare(x, y): 1, 0 or -1 as x is above, equal to or below
! y, as unsigned 32-bit numbers.
! uses: none
#Ifndef Unsigned__Compare;
[ Unsigned__Compare x y;
    @jleu x y ?Uc__NotAbove;
    return 1;
  .Uc__NotAbove;
    @jeq x y ?Uc__Equal;
    return -1;
  .Uc__Equal;
    return 0;
];
#Endif;

! --------------------------------------------------------------------------
!  The object tree
! --------------------------------------------------------------------------

! OB__Move(obj, dest): `move obj to dest` (unchecked): obj becomes dest's
! first child.
! uses: OB__Remove
#Ifndef OB__Move;
[ OB__Move obj dest  c;
    OB__Remove(obj);
    @aload dest GOBJFIELD_CHILD c;
    @astore obj GOBJFIELD_SIBLING c;
    @astore obj GOBJFIELD_PARENT dest;
    @astore dest GOBJFIELD_CHILD obj;
    rfalse;
];
#Endif;

! OB__Remove(obj): `remove obj` (unchecked).
! uses: none
#Ifndef OB__Remove;
[ OB__Remove obj  par c s;
    @aload obj GOBJFIELD_PARENT par;
    if (par == 0) rfalse;
    @aload par GOBJFIELD_CHILD c;
    @aload obj GOBJFIELD_SIBLING s;
    if (c == obj) @astore par GOBJFIELD_CHILD s;
    else {
        for (::) {
            @aload c GOBJFIELD_SIBLING par;
            if (par == obj) break;
            c = par;
        }
        @astore c GOBJFIELD_SIBLING s;
    }
    @astore obj GOBJFIELD_SIBLING 0;
    @astore obj GOBJFIELD_PARENT 0;
    rfalse;
];
#Endif;

! --------------------------------------------------------------------------
!  Message sends and class messages
! --------------------------------------------------------------------------

! CA__Pr(obj, id, args...): `obj.id(args...)`, arguments on the stack.
! Each word of the value in turn: -1 ends with false; a routine runs
! with self = obj and sender = the old self, and a non-zero result ends
! the send; a string prints with a new line and ends with true; anything
! else is the result. Routines and strings answer call, print and
! print_to_array(array, length); a class answers create ... copy.
! uses: Z__Region, RT__Err, Cl__Ms, RA__Pr, RL__Pr; if DEBUG+InformLibrary:
!   PrintShortName, Print__PName
#Ifndef CA__Pr;
[ CA__Pr _vararg_count obj id  r s s2 z a len m v;
    @copy sp obj;
    @copy sp id;
    _vararg_count = _vararg_count - 2;
    r = Z__Region(obj);
    if (r == 2) {
        if (id ~= call) jump Ca__Error;
        s = sender; sender = self; self = obj;
        #Ifdef action;
        sw__var = action;
        #Endif;
        @call obj _vararg_count z;
        self = sender; sender = s;
        return z;
    }
    if (r == 3) {
        if (id == print) { @streamstr obj; rtrue; }
        if (id ~= print_to_array) jump Ca__Error;
        if (_vararg_count < 2) { RT__Err(37); rfalse; }
        @copy sp a;
        @copy sp len;
        @glk $0048 0 s2;                ! stream_get_current
        @copy 0 sp;                     ! stream_open_memory(a+4, len-4,
        @copy 1 sp;                     !   filemode_Write, rock 0)
        @sub len 4 sp;
        @add a 4 sp;
        @glk $0043 4 s;
        if (s == 0) rfalse;
        @copy s sp;
        @glk $0047 1 0;                 ! stream_set_current
        @streamstr obj;
        @copy s2 sp;
        @glk $0047 1 0;
        @copy $ffffffff sp;             ! stream_close(s, -1): the count
        @copy s sp;
        @glk $0044 2 0;
        @copy sp len;
        @copy sp 0;
        @astore a 0 len;
        return len;
    }
    if (r ~= 1) jump Ca__Error;
    #Ifdef DEBUG;
    #Ifdef InformLibrary;
    if (debug_flag & 1 ~= 0) {
        debug_flag--;
        print "[ ~", (name) obj, "~.", (property) id, "(";
        @stkcopy _vararg_count;
        for (m = 0 : m < _vararg_count : m++) {
            if (m) print ", ";
            @streamnum sp;
        }
        print ") ]^";
        debug_flag++;
    }
    #Endif;
    #Endif;
    @aload obj GOBJFIELD_PARENT r;
    if (r == Class) {
        if (id == remaining) return Cl__Ms(obj, id);
        if (id == copy) {
            @copy sp m;
            @copy sp v;
            return Cl__Ms(obj, id, m, v);
        }
        if (id == create or destroy or recreate) {
            m = _vararg_count + 2;
            @copy id sp;
            @copy obj sp;
            @call Cl__Ms m v;
            return v;
        }
    }
    a = RA__Pr(obj, id);
    if (a == 0) {
        if (id <= 0 || id >= INDIV_PROP_START) jump Ca__Error;
        a = #cpv__start + 4 * id;       ! absent: the default, one word
        len = 4;
    }
    else len = RL__Pr(obj, id);
    for (m = 0 : 4 * m < len : m++) {
        @aload a m v;
        if (v == -1) rfalse;
        r = Z__Region(v);
        if (r == 3) { @streamstr v; new_line; rtrue; }
        if (r ~= 2) return v;
        s = sender; sender = self; self = obj; s2 = sw__var;
        #Ifdef LibSerial;
        if (id == life) sw__var = reason_code; else sw__var = action;
        #Endif;
        @stkcopy _vararg_count;
        @call v _vararg_count z;
        self = sender; sender = s; sw__var = s2;
        if (z ~= 0) return z;
    }
    rfalse;
  .Ca__Error;
    RT__Err("send message", obj, id);
    rfalse;
];
#Endif;

! Cl__Ms(cla, id, args...): the messages every class answers, arguments
! on the stack: create (take an instance from the pool, send it create
! with the arguments), recreate(o, ...) (send destroy, reset from the
! prototype, send create), destroy(o) (send destroy, reset, back to the
! pool), remaining(), copy(a, b).
! uses: OB__Remove, OB__Move, OP__Pr, CA__Pr, OC__Cl, Copy__Primitive, RT__Err
#Ifndef Cl__Ms;
[ Cl__Ms _vararg_count cla id  a b x y;
    @copy sp cla;
    @copy sp id;
    _vararg_count = _vararg_count - 2;
    if (id == create) {
        ! the pool is cla's children; the last is kept as a prototype
        @aload cla GOBJFIELD_CHILD x;
        if (x == 0) rfalse;
        @aload x GOBJFIELD_SIBLING y;
        if (y == 0) rfalse;
        OB__Remove(x);
        if (OP__Pr(x, create)) {
            @copy create sp;
            @copy x sp;
            y = _vararg_count + 2;
            @call CA__Pr y 0;
        }
        return x;
    }
    if (id == recreate) {
        @copy sp a;
        _vararg_count--;
        if (OC__Cl(a, cla) == 0) { RT__Err("recreate", a, -cla); rfalse; }
        if (OP__Pr(a, destroy)) CA__Pr(a, destroy);
        @aload cla GOBJFIELD_CHILD x;
        Copy__Primitive(a, x);
        if (OP__Pr(a, create)) {
            @copy create sp;
            @copy a sp;
            y = _vararg_count + 2;
            @call CA__Pr y 0;
        }
        rfalse;
    }
    if (id == destroy) {
        @copy sp a;
        _vararg_count--;
        if (OC__Cl(a, cla) == 0) { RT__Err("destroy", a, -cla); rfalse; }
        if (OP__Pr(a, destroy)) CA__Pr(a, destroy);
        @aload cla GOBJFIELD_CHILD x;
        Copy__Primitive(a, x);
        OB__Move(a, cla);
        rfalse;
    }
    if (id == remaining) {
        y = -1;
        @aload cla GOBJFIELD_CHILD x;
        for ( : x : y++) @aload x GOBJFIELD_SIBLING x;
        return y;
    }
    if (id == copy) {
        @copy sp a;
        @copy sp b;
        _vararg_count = _vararg_count - 2;
        if (OC__Cl(a, cla) == 0) { RT__Err("copy", a, -cla); rfalse; }
        if (OC__Cl(b, cla) == 0) { RT__Err("copy", b, -cla); rfalse; }
        Copy__Primitive(a, b);
        rfalse;
    }
];
#Endif;

! Copy__Primitive(o1, o2): make o1 a copy of o2: every attribute, and
! every property both have with the same length (its flags and values).
! uses: CP__Tab
#Ifndef Copy__Primitive;
[ Copy__Primitive o1 o2  e2 e1 n i j id len v a1 a2;
    for (i = 1 : i <= NUM_ATTR_BYTES : i++) {
        @aloadb o2 i v;
        @astoreb o1 i v;
    }
    @aload o2 GOBJFIELD_PROPTAB e2;
    @aload e2 0 n;
    e2 = e2 + 4;
    for (i = 0 : i < n : i++) {
        @aloads e2 0 id;
        @aloads e2 1 len;
        e1 = CP__Tab(o1, id);
        if (e1) {
            @aloads e1 1 v;
            if (len == v) {
                @aloads e2 4 v;             ! the flags
                @astores e1 4 v;
                @aload e1 1 a1;
                @aload e2 1 a2;
                for (j = 0 : j < len : j++) { @aload a2 j v; @astore a1 j v; }
            }
        }
        e2 = e2 + 10;
    }
];
#Endif;

! --------------------------------------------------------------------------
!  Run-time errors
! --------------------------------------------------------------------------

! RT__Err(crime, obj, id, size, p): report a run-time error, as
! "[** Programming error: ... **]" on a line of its own; returns true.
! As veneer-z.h's, with Glulx's wording for 33 and 34, and 37 and 40.
! uses: PrintShortName, Print__PName; if STRICT_MODE: RT__ChPrintS, RT__ChPrintO
#Ifndef RT__Err;
[ RT__Err crime obj id size p  q;
    print "^[** Programming error: ";
    ! No switch statements (see the header).
    if (crime >= 0) {
        if (crime == 1) {
            print "class "; @aload obj GOBJFIELD_NAME q; @streamstr q;
            ": 'create' can have 0 to 3 parameters only **]";
        }
        if (crime == 40) {
            @aload #dynam_string_table 0 q;
            "tried to change printing variable ", obj, "; must be 0 to ", q - 1, " **]";
        }
        if (crime == 32)
            "objectloop broken because the object ", (name) obj,
            " was moved while the loop passed through it **]";
        if (crime == 33)
            "tried to print (char) ", obj,
            ", which is not a valid Glk character code for output **]";
        if (crime == 34)
            "tried to print (address) on something not the address of a dict word **]";
        if (crime == 35) "tried to print (string) on something not a string **]";
        if (crime == 36)
            "tried to print (object) on something not an object or class **]";
        if (crime == 37)
            "tried to call Glulx print_to_array with only one argument **]";
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
                p++;
                @aload #array_names_offset p p;
                print " array ~";
                #Ifdef STRICT_MODE;
                RT__ChPrintS(p);
                #Ifnot;
                @streamstr p;
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
                        @aload p GOBJFIELD_PARENT p;
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
    ! crime is a string: obj cannot do it with property id. (The test on
    ! obj's type byte groups as inform6's does: (obj is 0 or the byte is
    ! at least $70) and the byte is at most $7F.)
    if (obj) @aloadb obj 0 q; else @aloadb 0 0 q;
    if ((obj == 0 || q >= $70) && q <= $7F) {
        if (obj) {
            @aload obj GOBJFIELD_PARENT q;
            if (q == Class) print "class ";
            #Ifdef STRICT_MODE;
            RT__ChPrintO(obj);
            #Ifnot;
            @aload obj GOBJFIELD_NAME q;
            @streamstr q;
            #Endif;
        }
        else print "nothing";
        print " ";
    }
    print "(object number ", obj, ") ";
    if (id < 0) print "is not of class ", (name) -id;
    else {
        print " has no property ", (property) id;
        #Ifndef OMIT_SYMBOL_TABLE;
        @aload #identifiers_table 3 q;
        if (id >= INDIV_PROP_START + q) print " (and nor has any other object)";
        #Endif;
    }
    print " to ";
    #Ifdef STRICT_MODE;
    RT__ChPrintS(crime);
    #Ifnot;
    @streamstr crime;
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
!  Strict-mode (-S) checks
! --------------------------------------------------------------------------

! RT__ChT(o1, o2): `move o1 to o2`.
! uses: Z__Region, RT__Err, OB__Move; if DEBUG: PrintShortName
#Ifndef RT__ChT;
[ RT__ChT o1 o2  x;
    if (o1 == 0 || Z__Region(o1) ~= 1 || o1 == Class or String or Routine or Object)
        return RT__Err(16, o1, o2);
    @aload o1 GOBJFIELD_PARENT x;
    if (x == Class) return RT__Err(16, o1, o2);
    if (o2 == 0 || Z__Region(o2) ~= 1 || o2 == Class or String or Routine or Object)
        return RT__Err(17, o1, o2);
    @aload o2 GOBJFIELD_PARENT x;
    if (x == Class) return RT__Err(17, o1, o2);
    for (x = o2 : x ~= 0 : ) {
        if (x == o1) return RT__Err(18, o1, o2);
        @aload x GOBJFIELD_PARENT x;
    }
    #Ifdef DEBUG;
    if (debug_flag & 15) print "[Moving ", (name) o1, " to ", (name) o2, "]^";
    #Endif;
    OB__Move(o1, o2);
];
#Endif;

! RT__ChR(o): `remove o`.
! uses: Z__Region, RT__Err, OB__Remove; if DEBUG: PrintShortName
#Ifndef RT__ChR;
[ RT__ChR o  x;
    if (o == 0 || Z__Region(o) ~= 1 || o == Class or String or Routine or Object)
        return RT__Err(15, o);
    @aload o GOBJFIELD_PARENT x;
    if (x == Class) return RT__Err(15, o);
    #Ifdef DEBUG;
    if (debug_flag & 15) print "[Removing ", (name) o, "]^";
    #Endif;
    OB__Remove(o);
];
#Endif;

! RT__ChG(o, a): `give o a`.
! uses: Z__Region, RT__Err; if DEBUG: PrintShortName
#Ifndef RT__ChG;
[ RT__ChG o a  x;
    if (Z__Region(o) ~= 1) return RT__Err(14, o);
    @aload o GOBJFIELD_PARENT x;
    if (x == Class || o == Class or String or Routine or Object) return RT__Err(14, o);
    if (a < 0 || a >= NUM_ATTR_BYTES * 8) return RT__Err(19, o);
    x = a + 8;
    @aloadbit o x x;
    if (x) rtrue;
    #Ifdef DEBUG;
    if (a ~= workflag && debug_flag & 15)
        print "[Giving ", (name) o, " ", (DebugAttribute) a, "]^";
    #Endif;
    x = a + 8;
    @astorebit o x 1;
];
#Endif;

! RT__ChGt(o, a): `give o ~a`.
! uses: Z__Region, RT__Err; if DEBUG: PrintShortName
#Ifndef RT__ChGt;
[ RT__ChGt o a  x;
    if (Z__Region(o) ~= 1) return RT__Err(14, o);
    @aload o GOBJFIELD_PARENT x;
    if (x == Class || o == Class or String or Routine or Object) return RT__Err(14, o);
    if (a < 0 || a >= NUM_ATTR_BYTES * 8) return RT__Err(19, o);
    x = a + 8;
    @aloadbit o x x;
    if (x == 0) rtrue;
    #Ifdef DEBUG;
    if (a ~= workflag && debug_flag & 15)
        print "[Giving ", (name) o, " @@126", (DebugAttribute) a, "]^";
    #Endif;
    x = a + 8;
    @astorebit o x 0;
];
#Endif;

! RT__ChPS(o, p, v): `o.p = v` under strict mode: o must be an object,
! not a class. Returns what WV__Pr returns.
! uses: Z__Region, RT__Err, WV__Pr; if DEBUG: RT__TrPS
#Ifndef RT__ChPS;
[ RT__ChPS o p v  r;
    if (o == 0 || Z__Region(o) ~= 1 || o == Class or String or Routine or Object)
        return RT__Err("set", o, p);
    @aload o GOBJFIELD_PARENT r;
    if (r == Class) return RT__Err("set", o, p);
    r = WV__Pr(o, p, v);
    #Ifdef DEBUG;
    if (debug_flag & 15) RT__TrPS(o, p, v);
    #Endif;
    return r;
];
#Endif;

! RT__ChLDB, RT__ChLDW (base, i): `base->i`, `base-->i` when base is not
! a declared array: the address must lie in memory.
! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChLDB;
[ RT__ChLDB base i  top v;
    @getmemsize top;
    if (Unsigned__Compare(base + i, top) >= 0) return RT__Err(24);
    @aloadb base i v;
    return v;
];
#Endif;

! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChLDW;
[ RT__ChLDW base i  top v;
    @getmemsize top;
    if (Unsigned__Compare(base + WORDSIZE * i, top) >= 0) return RT__Err(25);
    @aload base i v;
    return v;
];
#Endif;

! RT__ChSTB, RT__ChSTW (base, i, v): the writes: the address must lie in
! RAM.
! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChSTB;
[ RT__ChSTB base i v  a top;
    a = base + i;
    @getmemsize top;
    if (Unsigned__Compare(a, top) >= 0) return RT__Err(26);
    @aload 0 2 top;
    if (Unsigned__Compare(a, top) < 0) return RT__Err(26);
    @astoreb base i v;
];
#Endif;

! uses: Unsigned__Compare, RT__Err
#Ifndef RT__ChSTW;
[ RT__ChSTW base i v  a top;
    a = base + WORDSIZE * i;
    @getmemsize top;
    if (Unsigned__Compare(a, top) >= 0) return RT__Err(27);
    @aload 0 2 top;
    if (Unsigned__Compare(a, top) < 0) return RT__Err(27);
    @astore base i v;
];
#Endif;

! RT__ChPrintC(c): `print (char) c`: c must be a character Glk prints.
! uses: RT__Err
#Ifndef RT__ChPrintC;
[ RT__ChPrintC c;
    if (c < 10 || (c > 10 && c < 32) || (c > 126 && c < 160)) return RT__Err(33, c);
    if (c >= 0 && c < 256) @streamchar c; else @streamunichar c;
];
#Endif;

! RT__ChPrintA(a): `print (address) a`: a must be a dictionary word.
! uses: Unsigned__Compare, RT__Err, Print__Addr
#Ifndef RT__ChPrintA;
[ RT__ChPrintA a  top;
    if (a < 36) return RT__Err(34);
    @getmemsize top;
    if (Unsigned__Compare(a, top) >= 0) return RT__Err(34);
    @aloadb a 0 top;
    if (top ~= $60) return RT__Err(34);
    Print__Addr(a);
];
#Endif;

! RT__ChPrintS(s): `print (string) s`: s must be a string.
! uses: Z__Region, RT__Err
#Ifndef RT__ChPrintS;
[ RT__ChPrintS s;
    if (Z__Region(s) ~= 3) return RT__Err(35);
    @streamstr s;
];
#Endif;

! RT__ChPrintO(o): `print (object) o`: o must be an object or class.
! uses: Z__Region, RT__Err
#Ifndef RT__ChPrintO;
[ RT__ChPrintO o;
    if (Z__Region(o) ~= 1) return RT__Err(36);
    @aload o GOBJFIELD_NAME o;
    @streamstr o;
];
#Endif;

#Ifndef Symb__Tab;
! Symb__Tab(kind, n): Infix's symbol look-up; Glulx has no Infix.
! uses: none
[ Symb__Tab kind n;
    kind = n = 0;
    return 0;
];
#Endif;
