# normalise.sed: makes the two lines of a game's transcript that must
# differ between compilers alike (sed -f, on run.sh's and regen.sh's
# transcripts alike).
#
# The library's banner ("Release 1 / Serial number 261121 / Inform v6.41
# Library v6.12.6 S") names the compiler's version (inform6 6.41, vinform
# 6.45) and the serial number, which is the compile date (inform6 6.41
# ignores SOURCE_DATE_EPOCH). On that line only, "Inform v6.NN" becomes
# "Inform v6.xx" and a serial number that is a date of 2020-2099 becomes
# NNNNNN: a game that sets its own serial below 200000 (the Serial
# directive) keeps it, so that one is compared. Every other line is left
# as it is.
/Serial number [0-9]\{6\} \/ Inform v6\.[0-9]*/{
    s/Serial number [2-9][0-9][01][0-9][0-3][0-9] /Serial number NNNNNN /
    s/ \/ Inform v6\.[0-9][0-9]*/ \/ Inform v6.xx/
}
