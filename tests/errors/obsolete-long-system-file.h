! The library part of obsolete-long-system-file.inf.
System_file;
Property long library_prop;
