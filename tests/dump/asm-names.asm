[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Show o;
  print_obj o
  new_line
  rtrue
]
[ Main x;
  store x 'a//'
  storeb buf 0 122
  storeb buf 1 '@{E9}'
  store counter lamp
  jin lamp room ?~L1
  je x 'lamp' ?L1
  call_2n Show lamp
.L1
  print_paddr "A string longer than twe..."
  loadw 0 12 -> temp_global
  storew temp_global 1 low:"low"
  add #g$counter ##Take -> sp
  add sp #largest_object -> sp
  add sp Thing -> sp
  add sp Show -> x
  "VAR:56S" 0 -> x
  print_num x
  print_char x
  rtrue
]
[ TakeSub;
  rtrue
]
