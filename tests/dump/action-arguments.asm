[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Main;
  call_2n R_Process ##Take
  call_vn R_Process ##Take x
  call_vn R_Process ##Take x 2
  call_vn2 R_Process ##Take x 2 3
  call_vn2 R_Process ##Take 0 0 5
  call_vn R_Process ##Take x
  rtrue
]
[ TakeSub;
  rtrue
]
[ R_Process a n s actor;
  print "Action <"
  print_num a
  print " "
  print_num n
  print " "
  print_num s
  jz actor ?L1
  print ", "
  print_num actor
.L1
  print ">^"
  rtrue
]
