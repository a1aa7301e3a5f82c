[ (embedded);
  call Main 0 0
  return 0
]
[ Main;
  callfi R_Process ##Take 0
  callfii R_Process ##Take x 0
  callfiii R_Process ##Take x 2 0
  copy 3 sp
  copy 2 sp
  copy x sp
  copy ##Take sp
  call R_Process 4 0
  copy 5 sp
  copy 0 sp
  copy 0 sp
  copy ##Take sp
  call R_Process 4 0
  callfii R_Process ##Take x 0
  return 1
]
[ TakeSub;
  return 1
]
[ R_Process a n s actor;
  streamstr "Action <"
  streamnum a
  streamstr " "
  streamnum n
  streamstr " "
  streamnum s
  jz actor ?L1
  streamstr ", "
  streamnum actor
.L1
  streamstr ">^"
  return 1
]
