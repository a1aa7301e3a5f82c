[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Early x;
  je x 1 ?~L1
  rtrue
.L1
  je x 2 ?~L2
  rfalse
.L2
  jg x 3 ?~L3
  print "big"
  jump L4
.L3
  print "small"
.L4
  jl x 0 ?~L5
.L5
  ret x
]
[ Loop x i;
  store i 0
.L1
  jl i x ?~L5
  je i 5 ?~L2
  jump L5
.L2
  je i 3 ?~L3
  jump L4
.L3
  print_num i
.L4
  inc i
  jump L1
.L5
.L6
  push x
  dec x
  jz sp ?~L7
  rtrue
.L7
  jump L6
]
[ Asm x y;
  inc_chk x 5 ?L1
  store y 3
  push x
  pull y
  load [x] -> y
  call_vs Early y -> sp
  je sp 1 ?~rfalse
.L1
  print_char 97
  add x #g$counter -> counter
  jz x ?rtrue
  print "In line text"
  rtrue
]
[ Ends x;
  jz x ?L1
  print "a"
  rtrue
.L1
  print "b"
  rtrue
]
[ Tail x;
  je x 1 ?rtrue
  print "not one"
  rtrue
]
[ Main;
  call_2n Early counter
  call_2n Loop 3
  call_vn Asm 1 2
  call_2n Ends 0
  call_2n Tail 1
  rtrue
]
