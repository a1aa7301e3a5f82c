/* capture.h: lets a unit test read what the diagnostics print to stderr.
 * capture_begin() sends stderr to a temporary file; capture_end() puts it
 * back and returns the text (valid until the next capture). */
#ifndef VINFORM_UNIT_CAPTURE_H
#define VINFORM_UNIT_CAPTURE_H

#include <stdio.h>
#include <unistd.h>

static char captured[8192];
static int saved_fd = -1;
static FILE *cap;

static inline void capture_begin(void)
{
    fflush(stderr);
    cap = tmpfile();
    saved_fd = dup(2);
    dup2(fileno(cap), 2);
}

static inline const char *capture_end(void)
{
    fflush(stderr);
    dup2(saved_fd, 2);
    close(saved_fd);
    rewind(cap);
    size_t n = fread(captured, 1, sizeof captured - 1, cap);
    captured[n] = '\0';
    fclose(cap);
    return captured;
}

#endif
