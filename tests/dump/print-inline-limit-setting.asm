[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Main;
  print "This text has forty char..."
  print_paddr "This text has forty-one ..."
  print_ret "And forty characters wit..."
]
