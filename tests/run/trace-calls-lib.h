! trace-calls-lib.h: the "library" of trace-calls.inf and trace-calls-2.inf
System_file;
[ LibRoutine n; print "lib ", n, "^"; ];
