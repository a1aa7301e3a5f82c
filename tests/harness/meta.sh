# meta.sh: reading a test program's "! KEY: value" comment lines (sourced,
# not run), for every test runner.
#
#   meta FILE KEY        the values of every "! KEY: value" line of FILE,
#                        one a line (an empty value gives an empty line);
#                        a '.' in KEY is itself (NORMALISE-G.611)
#   is_tagged FILE TAG   true when one of FILE's "! TAG:" lines lists TAG
meta() {
    sed -n "s/^[[:space:]]*![[:space:]]*${2//./\\.}:[[:space:]]*//p" "$1" |
        sed 's/[[:space:]]*$//'
}

is_tagged() {
    local w
    for w in $(meta "$1" TAG); do [ "$w" = "$2" ] && return 0; done
    return 1
}
