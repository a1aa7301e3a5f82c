[ (embedded);
  call Main 0 0
  return 0
]
[ Main;
  callf Used 0
  return 1
]
[ Used;
  streamstr "used^"
  return 1
]
