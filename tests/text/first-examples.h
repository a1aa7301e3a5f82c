! first-examples.h: the body of first-examples and first-examples-big:
! the first examples of "Writing with Inform" chapter 20, each line with
! the chapter's answer before its colon. Takes T1, a text.
System_file;

[ Examples;
    ! 20.3
    print "13: ", Text_NumChars("War and Peace"), "^";
    print "5: ", Text_NumWords("ice-hot, don't you think?"), "^";
    print "don't: "; Text_Print(Text_Word(T1, "ice-hot, don't you think?", 3)); new_line;
    print "empty: "; if (Text_IsEmpty("")) print "empty"; new_line;
    print "not empty: "; if (~~Text_IsEmpty("x")) print "not empty"; new_line;
    ! 20.4
    print "lower: "; if (Text_IsLowerCase("wax")) print "lower"; new_line;
    print "BEESWAX: "; Text_Print(Text_ToUpperCase(T1, "beeswax")); new_line;
    ! 20.5
    print "found: "; if (Text_Matches("Smotheringly Hot Jungle", "the")) print "found"; new_line;
    print "3: ", Text_CountMatches("pell-mell sally", "ll"), "^";
    ! 20.6
    print "1: ", Regex_Matches("taramasalata", "a.*l"), "^";
    print "aramasal: "; Regex_PrintSubexpression(0); new_line;
    print "aramasal: "; Text_Print(Regex_MatchText(T1)); new_line;
    print "0: ", Regex_Matches("taramasalata", "fish"), "^";
    print "1: ", Regex_ExactlyMatches("xerox", "(@{5C}w)@{5C}w*@{5C}1"), "^";
    print "2: ", Regex_Count("The Battle of Waterloo, 1815, rivalled Trafalgar, 1805", "@{5C}d+"), "^";
];
