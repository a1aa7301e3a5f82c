! replace-rename-twice.h: an extension included before the "library"
! (replace-rename-lib.h) and again after it, as the Inform 6 Vorple
! extension is: the first time it asks for replacements, the second it
! defines them, in a System_file.
System_file;
#Ifndef LIB_DONE;
Replace Hello OldHello;
Replace Bye OldBye;
#Ifnot;
[ Hello; print "new hello, then "; OldHello(); ];
#Endif;
