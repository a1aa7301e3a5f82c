! replace-rename-lib.h: the "library" of replace-rename-twice.inf.
System_file;
Constant LIB_DONE;
[ Hello; print "old hello^"; ];
[ Bye; print "bye^"; ];
[ Early; print "library's early^"; ];
