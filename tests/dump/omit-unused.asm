[ Main__;
  call_vs Main -> temp_global
  quit
]
[ Main;
  call_1n Used
  rtrue
]
[ Used;
  print "used^"
  rtrue
]
