! BAR = 4
! FOO = 3
! ZERO = 0
[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Main;
  add FOO 1 -> x
  mul FOO 2 -> sp
  add sp BAR -> x
  store x 3
  div 10 ZERO -> x
  rtrue
]
