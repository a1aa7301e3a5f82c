! DOWN = -2
! LIMIT = 7
! colour = 72
! open = 0
! weight = 4
[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Main x;
  get_prop room weight -> sp
  add sp LIMIT -> x
  put_prop room weight DOWN
  test_attr room open ?~L1
  clear_attr room open
.L1
  get_prop_addr room weight -> x
  store x colour
  print_num x
  print_num 8
  print_num 7
  rtrue
]
