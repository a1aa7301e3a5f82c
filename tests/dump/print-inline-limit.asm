[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Main;
  print "Exactly thirty-two chara..."
  print_paddr "Exactly thirty-three cha..."
  print_paddr "Twenty-nine characters, ..."
  print "Line break, blanks: 1 sp..."
  call_1n Ret
  rtrue
]
[ Ret;
  print "abc"
  print_paddr "A long string as the sec..."
  print_num 7
  new_line
  print_paddr "Also a long string print..."
  new_line
  rtrue
]
