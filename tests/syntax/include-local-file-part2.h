! Included by include-local-file.inf.
Constant FromPart2 2;
