# dict-less-data.sh: with $ZCODE_LESS_DICT_DATA a Dictionary directive's
# third value has no byte to go to: the story is written, with inform6
# 6.45's warning, at the value's place.
set -u
printf "Dictionary 'foo' 1 2;\n[ Main; ];\n" >d.inf
"$VINFORM" -v3 '$ZCODE_LESS_DICT_DATA=1' d.inf d.z3 >out 2>&1 ||
    { cat out; echo "FAIL: not compiled"; exit 1; }
grep -q "^d.inf:1:20: warning: the third value of 'Dictionary' is ignored" out ||
    { cat out; echo "FAIL: no warning at 1:20"; exit 1; }
"$VINFORM" -v3 d.inf d.z3 >out 2>&1 && [ ! -s out ] ||
    { cat out; echo "FAIL: a warning without the setting"; exit 1; }
echo "warned"
