[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Main x;
  print "a"
  new_line
  print_num x
  new_line
  jz x ?~L1
  print "zero"
.L1
  jz x ?L2
  print "not zero"
.L2
  je x 0 1 ?~L3
  print "small"
.L3
  je 0 x ?~L4
  print "zero again"
.L4
  loadb 0 60 -> temp_global
  print_char temp_global
  loadb 0 61 -> temp_global
  print_char temp_global
  loadb 0 62 -> temp_global
  print_char temp_global
  loadb 0 63 -> temp_global
  print_char temp_global
  random 3 -> temp_global
  dec temp_global
  loadw table#0 temp_global -> x
  call_1n Ret
  rtrue
]
[ Ret;
  new_line
  new_line
  rtrue
]
