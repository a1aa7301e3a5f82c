! SPDX-License-Identifier: MIT (see LICENSE: a story this is compiled into owes nothing to it)
! ==========================================================================
!  varying.h -- the choice routine behind vinform's varying strings,
!  "The coin comes up {%heads|tails}." (docs/varying-strings.md).
!
!  Takes: a table the compiler makes for each varying substring with two
!  or more alternatives (codegen/lower_varying.c), in dynamic memory, so
!  that restart, save, restore and undo treat its state as they treat the
!  game's own variables:
!      tbl-->0      method * 4096 + n, n the number of alternatives (2 to
!                   4095); methods: 0 sequence (the last one repeats),
!                   1 random (%), 2 random but never the same twice
!                   running (!), 3 cycle (&)
!      tbl-->1      the state: the alternative printed last, 0 before the
!                   first; not there for random (%), which keeps none
!  then alternative k (1 to n) in the k-th word after those: the string
!  to print, 0 when it is empty, 1 when it is more than text (print items,
!  nested substrings), which the compiler's own code after the call prints.
!  Gives: chooses alternative k, records it, prints it when it is text and
!  returns 0; returns k when the compiler's code is to print it.
!  Random choices use the virtual machine's random numbers, so an
!  interpreter's seed (dfrotz -s, random(-n)) makes them repeatable.
! ==========================================================================

System_file;

! The table is reached through assembly rather than
! `-->`, and the text printed with the opcode, so that strict mode's
! checks (and the veneer routines behind them) are not compiled in: a
! story pays for these two routines only.

#Ifdef TARGET_ZCODE;
[ Vary__Print tbl  n m k;
    @loadw tbl 0 -> n;
    m = n / 4096;
    n = n % 4096;
    if (m == 1) {
        k = random(n);
        m = k;
    } else {
        @loadw tbl 1 -> k;
        k = Vary__Next(m, n, k);
        @storew tbl 1 k;
        m = k + 1;
    }
    @loadw tbl m -> m;
    if (m == 1) return k;
    if (m) @print_paddr m;
    return 0;
];
#Ifnot;
[ Vary__Print tbl  n m k;
    @aload tbl 0 n;
    m = n / 4096;
    n = n % 4096;
    if (m == 1) {
        k = random(n);
        m = k;
    } else {
        @aload tbl 1 k;
        k = Vary__Next(m, n, k);
        @astore tbl 1 k;
        m = k + 1;
    }
    @aload tbl m m;
    if (m == 1) return k;
    if (m) @streamstr m;
    return 0;
];
#Endif;

! The alternative after `last` (0: none yet) for method m (not 1) of n.
[ Vary__Next m n last  k;
    if (m == 2) {
        ! Not the one printed last: one of the other n-1, skipping it.
        if (last == 0) return random(n);
        k = random(n - 1);
        if (k >= last) k++;
        return k;
    }
    k = last + 1;
    if (k <= n) return k;
    if (m == 0) return n;
    return 1;
];
