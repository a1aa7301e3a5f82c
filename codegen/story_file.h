/* story_file.h: writing a finished story file, shared by the back ends.
 *
 *     if (!story_write_file(image, len, path)) ...   reported already
 *
 * The file appears whole or not at all: it is written under a temporary
 * name beside `path` and then put in its place in one step (the old
 * story swapped out and removed, or renamed over).  A failed write, a
 * full disk, the file size limit, or SIGINT/SIGTERM/SIGHUP while writing
 * leave the old story as it was and no temporary file. */
#ifndef VINFORM_STORY_FILE_H
#define VINFORM_STORY_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes `len` bytes to `path` as above; false after reporting why
 * (diag_error, naming the file). */
bool story_write_file(const uint8_t *data, size_t len, const char *path);

/* The default serial number, YYMMDD: today's, or the date of
 * SOURCE_DATE_EPOCH (UTC) when it is set, for reproducible builds. */
void story_serial(char out[6]);

#endif
