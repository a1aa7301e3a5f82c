# grammar-limits.sh: the target's limits on the grammar as a whole, checked
# once it is all known (codegen/program_grammar_build.c): the Z-machine's
# 255 verbs (inform6: "Z-code is limited to 255 verbs"), and grammar
# version 1's 256 actions (6.42+: an action is one byte of a GV1 line;
# 6.41 did not check), and a Glulx verb's 256 grammar lines (a warning).
# One under each limit compiles; one over it is an
# error at the Verb, or at the first mention of the action, past it.
# Verb words are one word when the dictionary keeps them as one entry
# (6.43; the target's dict_key): 'verb100' (10 Z-characters, a digit
# costs two) is 'verb10', so 260 Verbs 'verb0' ... 'verb259' are only
# 100 verbs and compile.
set -u
fail() { echo "FAIL: $*"; exit 1; }

letters() {     # letters I: I written with the letters a-z ('verbaa'...):
                # words a dictionary keeps apart (digits cost a Z-machine
                # word two Z-characters, so 'verb250' and 'verb251' are one)
    local a=abcdefghijklmnopqrstuvwxyz
    echo "${a:$(($1 / 26)):1}${a:$(($1 % 26)):1}"
}
verbs() {       # verbs N: a program with N verbs
    echo "[ Main; ];"
    echo "[ WaitSub; ];"
    for ((i = 0; i < $1; i++)); do echo "Verb 'verb$(letters $i)' * -> Wait;"; done
}
actions() {     # actions N: a GV1 program that names N actions
    echo "[ Main x;"
    for ((i = 0; i < $1; i++)); do echo "    x = ##A$i;"; done
    echo "];"
    for ((i = 0; i < $1; i++)); do echo "[ A${i}Sub; ];"; done
}

verbs 255 >verbs255.inf
verbs 256 >verbs256.inf
actions 256 >actions256.inf
actions 257 >actions257.inf

for t in verbs255 actions256; do
    NO_COLOR=1 "$VINFORM" $t.inf $t.z5 >$t.out 2>&1 || { cat $t.out; fail "$t.inf did not compile"; }
done
NO_COLOR=1 "$VINFORM" verbs256.inf verbs256.z5 >verbs256.out 2>&1 && fail "verbs256.inf compiled"
grep -q "^verbs256.inf:258:1: error: Z-code is limited to 255 verbs: this one is verb 256; give more words to fewer verbs$" verbs256.out ||
    { cat verbs256.out; fail "verbs256.inf: not the error at the 256th Verb"; }
NO_COLOR=1 "$VINFORM" actions257.inf actions257.z5 >actions257.out 2>&1 && fail "actions257.inf compiled"
for ((i = 0; i < 260; i++)); do echo "Verb 'verb$i' * -> Wait;"; done >digits.inf
{ echo "[ Main; ];"; echo "[ WaitSub; ];"; cat digits.inf; } >digits2.inf
NO_COLOR=1 "$VINFORM" digits2.inf digits2.z5 >digits2.out 2>&1 ||
    { cat digits2.out; fail "digits2.inf: verb250 ... verb259 are not one verb"; }
grep -q "^actions257.inf:258:.*error: cannot create action 'A256': the Z-machine allows 256 actions in grammar version 1$" actions257.out ||
    { cat actions257.out; fail "actions257.inf: not the error at ##A256"; }
# A verb's line count is one byte on both targets; inform6 (6.45) writes
# its low byte without a word, so 256 lines compile, with a warning saying
# so.
{
    echo "[ Main; ];"; echo "[ WaitSub; ];"; echo "Verb 'wait'"
    for ((i = 0; i < 256; i++)); do echo "    * 'p$(letters $i)' -> Wait"; done
    echo ";"
} >lines256.inf
NO_COLOR=1 "$VINFORM" -G lines256.inf lines256.ulx >lines256.out 2>&1 ||
    { cat lines256.out; fail "lines256.inf did not compile for Glulx"; }
grep -q "^lines256.inf:259:5: warning: this verb has 256 grammar lines, but its line table counts them in one byte: the parser sees 0$" lines256.out ||
    { cat lines256.out; fail "lines256.inf: not the warning at the 256th line"; }
NO_COLOR=1 "$VINFORM" '$GRAMMAR_VERSION=2' lines256.inf lines256.z5 >lines256.out 2>&1 ||
    { cat lines256.out; fail "lines256.inf did not compile for the Z-machine"; }
grep -q "^lines256.inf:259:5: warning: this verb has 256 grammar lines, but its line table counts them in one byte: the parser sees 0$" lines256.out ||
    { cat lines256.out; fail "lines256.inf -v5: not the warning at the 256th line"; }
# Its 256 prepositions are too many for grammar version 1 (inform6's words).
NO_COLOR=1 "$VINFORM" lines256.inf lines256.z5 >lines256.out 2>&1 && fail "lines256.inf compiled with GV1"
grep -q "error: Grammar version 1 cannot support more than 255 prepositions$" lines256.out ||
    { cat lines256.out; fail "lines256.inf GV1: not the prepositions error"; }
exit 0
