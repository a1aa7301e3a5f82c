[ (embedded);
  call Main 0 0
  return 0
]
[ Main;
  callfi computed 2 0
  callfi pushed 2 0
  callf stops 0
  return 1
]
[ computed loc;
  jump loc
  return 2
  return 3
  return 1
]
[ pushed loc;
  copy 9 sp
  jump loc
  return sp
  return 5
  return 1
]
[ stops;
  jump ?rfalse
]
