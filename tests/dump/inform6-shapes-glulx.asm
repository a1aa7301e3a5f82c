[ (embedded);
  call Main 0 0
  return 0
]
[ Main x;
  streamstr "a"
  streamchar 10
  streamnum x
  streamchar 10
  jnz x ?L1
  streamstr "zero"
.L1
  jz x ?L2
  streamstr "not zero"
.L2
  jeq x 0 ?L3
  jne x 1 ?L4
.L3
  streamstr "small"
.L4
  jne 0 x ?L5
  streamstr "zero again"
.L5
  copyb [44] sp
  streamchar sp
  copyb [45] sp
  streamchar sp
  copyb [46] sp
  streamchar sp
  copyb [47] sp
  streamchar sp
  random 3 sp
  aload table#0 sp x
  callf Ret 0
  return 1
]
[ Ret;
  streamchar 10
  streamchar 10
  return 1
]
