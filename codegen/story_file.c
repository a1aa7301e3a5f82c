/* story_file.c: a finished story written to its file in one step, for
 * both back ends.
 *
 * Takes the story's bytes and the path; gives the file, written under a
 * temporary name in the story's folder and put in the old story's place
 * only when the whole file was written (story_file.h); the serial number
 * both write in their headers. */
#define _GNU_SOURCE 1   /* renameat2, RENAME_EXCHANGE */
#include "story_file.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../compiler/arena.h"
#include "../compiler/diag.h"

/* The temporary file being written, for remove_temporary(): the one
 * piece of the back end's state that is global, since a signal handler
 * has no other way to it.  NULL outside story_write_file. */
static const char *volatile temporary;

/* SIGINT, SIGTERM, SIGHUP while the story is written: the temporary file
 * goes (unlink is async-signal-safe), then the signal does what it would
 * have done (the handler was installed with SA_RESETHAND). */
static void remove_temporary(int sig)
{
    const char *t = temporary;
    if (t) unlink(t);
    raise(sig);
}

enum { NSIGNALS = 4 };
static const int caught[NSIGNALS] = { SIGINT, SIGTERM, SIGHUP, SIGXFSZ };

/* While the temporary file exists: a signal that would stop the compiler
 * removes it first (one that was ignored stays ignored), and a write
 * beyond the file size limit (ulimit -f) fails with EFBIG, reported like
 * a full disk, instead of killing the compiler with SIGXFSZ. */
static void catch_signals(struct sigaction *old)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (int)SA_RESETHAND;
    for (int i = 0; i < NSIGNALS; i++) {
        sigaction(caught[i], NULL, &old[i]);
        if (old[i].sa_handler == SIG_IGN) continue;
        sa.sa_handler = caught[i] == SIGXFSZ ? SIG_IGN : remove_temporary;
        sigaction(caught[i], &sa, NULL);
    }
}

/* Blocks (true) or unblocks the caught signals: the handler must never
 * see a name half written. */
static void block_signals(bool block)
{
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < NSIGNALS; i++) sigaddset(&set, caught[i]);
    sigprocmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

static void restore_signals(const struct sigaction *old)
{
    for (int i = 0; i < NSIGNALS; i++) sigaction(caught[i], &old[i], NULL);
}

/* A new file beside `path`, `path.PID-N.tmp` (made with the usual
 * permissions, 0666 less the umask); its descriptor, or -1. */
static int open_temporary(const char *path, char *tmp, size_t size)
{
    int fd = -1;
    for (int i = 0; fd < 0 && i < 100; i++) {
        snprintf(tmp, size, "%s.%ld-%d.tmp", path, (long)getpid(), i);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    return fd;
}

static bool write_all(int fd, const uint8_t *data, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        done += (size_t)w;
    }
    return true;
}

/* Puts the finished temporary file `tmp` in the place of `path`, in one
 * step.  Where the old story is a plain file and the file system can,
 * the two are swapped (RENAME_EXCHANGE) and the old one, now under the
 * temporary name, removed: on ext4 that is about 13 us against 100 us
 * for a rename over the old file, which frees its blocks and starts
 * writing the new file out at once.  Otherwise (no old story, another
 * file system, not a plain file) a plain rename. */
static int replace_story(const char *tmp, const char *path)
{
#ifdef RENAME_EXCHANGE
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
        renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_EXCHANGE) == 0) {
        unlink(tmp);            /* the old story */
        return 0;
    }
#endif
    return rename(tmp, path);
}

/* Fills the temporary file `fd` (closed here) and puts it in the place of
 * `path`; on failure the temporary file is removed and errno says why. */
static bool fill_and_rename(int fd, const uint8_t *data, size_t len,
                            const char *tmp, const char *path)
{
    bool ok = write_all(fd, data, len);
    int saved = errno;
    if (close(fd) != 0 && ok) {
        saved = errno;
        ok = false;
    }
    if (ok && replace_story(tmp, path) != 0) {
        saved = errno;
        ok = false;
    }
    if (!ok) unlink(tmp);
    errno = saved;
    return ok;
}

/* Writes the story to a temporary file in the folder of `path` and
 * renames it over `path`, so that `path` is at every moment either the
 * old story, whole, or the new one, whole: a write that fails (a full
 * disk, the file size limit) or a compiler stopped by SIGINT, SIGTERM or
 * SIGHUP while it writes leaves the old story as it was and no temporary
 * file; a compiler that crashes or is killed (SIGKILL) may leave the
 * temporary file (the new story, or just after the swap the old one),
 * never a damaged story.  Swapping costs ext4 about 10 us more than
 * writing over the old file in place (replace_story).  Not synced to
 * disk: only the machine stopping could undo the rename.  (Only a
 * finished story is written: a compile with errors leaves the old file
 * alone.) */
bool story_write_file(const uint8_t *data, size_t len, const char *path)
{
    size_t size = strlen(path) + 40;
    char *tmp = xmalloc(size);
    struct sigaction old[NSIGNALS];
    catch_signals(old);
    block_signals(true);
    int fd = open_temporary(path, tmp, size);
    if (fd >= 0) temporary = tmp;
    block_signals(false);
    bool ok = fd >= 0 && fill_and_rename(fd, data, len, tmp, path);
    int saved = errno;
    temporary = NULL;
    restore_signals(old);
    if (!ok)
        diag_error(NULL, "cannot write the story file '%s': %s", path,
                   strerror(saved));
    free(tmp);
    return ok;
}

void story_serial(char out[6])
{
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    time_t t = time(NULL);
    struct tm tm;
    bool utc = false;
    if (sde && *sde) {
        char *end;
        errno = 0;
        long long v = strtoll(sde, &end, 10);
        if (!*end && !errno && v >= 0) {
            t = (time_t)v;
            utc = true;
        }
    }
    if (utc) gmtime_r(&t, &tm);
    else localtime_r(&t, &tm);
    int parts[3] = { tm.tm_year % 100, tm.tm_mon + 1, tm.tm_mday };
    for (int i = 0; i < 3; i++) {
        out[2 * i] = (char)('0' + parts[i] / 10 % 10);
        out[2 * i + 1] = (char)('0' + parts[i] % 10);
    }
}
