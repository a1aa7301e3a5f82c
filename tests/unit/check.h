/* check.h: the unit tests' one assertion.  CHECK(cond, fmt, ...) prints
 * "file:line: message" and counts a failure when cond is false; each test
 * program defines `int failures;` and exits non-zero when it is not 0. */
#ifndef VINFORM_UNIT_CHECK_H
#define VINFORM_UNIT_CHECK_H

#include <stdio.h>

extern int failures;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            printf("%s:%d: ", __FILE__, __LINE__);                         \
            printf(__VA_ARGS__);                                           \
            putchar('\n');                                                 \
            failures++;                                                    \
        }                                                                  \
    } while (0)

#endif
