/* afile.c - output files replaced atomically (afile.h). */
#include "afile.h"

#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct skel_afile {
    FILE *f;    /* NULL once finished */
    char *path; /* the target */
    char *tmp;  /* the temporary file beside it (the target itself when direct) */
    int direct; /* the target is no regular file (a device, a FIFO): written in place */
};

/* Temporary names differ between processes (the pid) and between files a
 * process writes at once, even to one target (the counter). */
static atomic_uint counter;

static void release(skel_afile *af)
{
    free(af->tmp);
    free(af->path);
    free(af);
}

int skel_afile_open(const char *path, skel_afile **out)
{
    *out = NULL;
    skel_afile *af = calloc(1, sizeof *af);
    size_t len = strlen(path) + 64;
    if (af == NULL || (af->path = strdup(path)) == NULL || (af->tmp = malloc(len)) == NULL) {
        if (af != NULL)
            release(af);
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
    }
    int fd = -1, e = 0;
    /* A device or a FIFO (/dev/stdout, /dev/null, a pipe a user named) is
     * written in place: renaming a file over it would replace the device. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) {
            release(af);
            return skel_fail(SKEL_EIO, "%s: is a directory, expected a file name", path);
        }
        af->direct = 1;
        snprintf(af->tmp, len, "%s", path);
        fd = open(path, O_WRONLY | O_CLOEXEC);
        e = errno;
    }
    for (int attempt = 0; !af->direct && attempt < 100 && fd < 0; attempt++) {
        snprintf(af->tmp, len, "%s.tmp.%ld.%u", path, (long)getpid(),
                 atomic_fetch_add(&counter, 1u));
        fd = open(af->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        e = errno;
        if (fd < 0 && e != EEXIST)
            break;
    }
    if (fd < 0) {
        int rc = af->direct
                     ? skel_fail(SKEL_EIO, "%s: cannot open: %s", path, strerror(e))
                     : skel_fail(SKEL_EIO, "%s: cannot create %s: %s", path, af->tmp, strerror(e));
        release(af);
        return rc;
    }
    af->f = fdopen(fd, "w");
    if (af->f == NULL) {
        close(fd);
        if (!af->direct)
            unlink(af->tmp);
        release(af);
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
    }
    setvbuf(af->f, NULL, _IOFBF, 1 << 16);
    *out = af;
    return SKEL_OK;
}

FILE *skel_afile_stream(skel_afile *af)
{
    return af->f;
}

const char *skel_afile_tmpname(const skel_afile *af)
{
    return af->tmp;
}

/* Flush, sync and close the temporary file, keeping it: SKEL_EIO naming the
 * target when any write failed, now or before (the stream's error flag). */
static int finish(skel_afile *af)
{
    int bad = ferror(af->f), e = 0;
    if (fflush(af->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    /* EINVAL: a file system without fsync; the data is written all the same. */
    if (!bad && !af->direct && fsync(fileno(af->f)) != 0 && errno != EINVAL) {
        bad = 1;
        e = errno;
    }
    if (fclose(af->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    af->f = NULL;
    if (bad)
        return skel_fail(SKEL_EIO, "%s: write error%s%s", af->path, e ? ": " : "",
                         e ? strerror(e) : "");
    return SKEL_OK;
}

static int replace(const skel_afile *af)
{
    if (af->direct)
        return SKEL_OK;
    if (rename(af->tmp, af->path) != 0)
        return skel_fail(SKEL_EIO, "%s: cannot rename %s to it: %s", af->path, af->tmp,
                         strerror(errno));
    return SKEL_OK;
}

int skel_afile_commit(skel_afile *af)
{
    if (af == NULL)
        return skel_fail(SKEL_EINTERNAL, "no file to commit");
    int rc = finish(af);
    if (rc == SKEL_OK)
        rc = replace(af);
    if (rc != SKEL_OK && !af->direct)
        unlink(af->tmp);
    release(af);
    return rc;
}

int skel_afile_commit_all(skel_afile **afs, size_t n)
{
    int rc = SKEL_OK;
    for (size_t i = 0; i < n; i++) {
        if (afs[i] == NULL) {
            if (rc == SKEL_OK)
                rc = skel_fail(SKEL_EINTERNAL, "no file to commit");
            continue;
        }
        int r = finish(afs[i]);
        if (rc == SKEL_OK)
            rc = r;
    }
    size_t renamed = 0;
    while (rc == SKEL_OK && renamed < n && (rc = replace(afs[renamed])) == SKEL_OK)
        renamed++;
    for (size_t i = 0; i < n; i++) {
        if (afs[i] == NULL)
            continue;
        if (i >= renamed && !afs[i]->direct)
            unlink(afs[i]->tmp);
        release(afs[i]);
        afs[i] = NULL;
    }
    return rc;
}

void skel_afile_abort(skel_afile *af)
{
    if (af == NULL)
        return;
    if (af->f != NULL)
        fclose(af->f);
    if (!af->direct)
        unlink(af->tmp);
    release(af);
}

int skel_afile_write(const char *path, const void *buf, size_t len)
{
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return rc;
    errno = 0;
    if (len > 0 && fwrite(buf, 1, len, af->f) != len) {
        int e = errno;
        skel_afile_abort(af);
        return skel_fail(SKEL_EIO, "%s: write error: %s", path, strerror(e ? e : EIO));
    }
    return skel_afile_commit(af);
}

/* stdout through a cookie that remembers why its first write failed. */
static FILE *watched;
static int watched_errno;

static ssize_t watched_write(void *cookie, const char *buf, size_t len)
{
    (void)cookie;
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(STDOUT_FILENO, buf + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (watched_errno == 0)
                watched_errno = w < 0 ? errno : EIO;
            return done > 0 ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)len;
}

int skel_stream_watch_stdout(void)
{
    cookie_io_functions_t io = {.read = NULL, .write = watched_write, .seek = NULL, .close = NULL};
    FILE *f = fopencookie(NULL, "w", io);
    if (f == NULL)
        return -1;
    /* The buffering stdout would have had: by lines on a terminal. */
    setvbuf(f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    fflush(stdout);
    watched = stdout = f;
    return 0;
}

int skel_stream_close(FILE *f, const char *name)
{
    /* A write that failed earlier leaves only the error flag; the flush and
     * close of what is still buffered usually fail the same way and say why. */
    int bad = ferror(f), e = 0;
    if (fflush(f) != 0) {
        bad = 1;
        e = errno;
    }
    if (fclose(f) != 0) {
        bad = 1;
        if (e == 0)
            e = errno;
    }
    if (f == watched && watched_errno != 0) {
        e = watched_errno; /* the first failure says why */
        watched = NULL;
    }
    if (bad)
        return skel_fail(SKEL_EIO, "%s: write error%s%s", name, e ? ": " : "",
                         e ? strerror(e) : "");
    return SKEL_OK;
}

int skel_read_file(const char *path, size_t max, char **buf, size_t *len)
{
    int rc = SKEL_OK;
    char *b = NULL;
    size_t n = 0, cap = 8192;
    *buf = NULL;
    *len = 0;
    FILE *f = fopen(path, "rbe");
    if (f == NULL) {
        int e = errno;
        return skel_fail(e == ENOENT ? SKEL_ENOTFOUND : SKEL_EIO, "%s: cannot open: %s", path,
                         strerror(e));
    }
    /* A regular file says its size: refuse it unread when too large, else
     * read it into one block (one byte more, to see the end without growing;
     * a file that grows meanwhile still reads, up to max). */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
        if ((uintmax_t)st.st_size > max) {
            rc = skel_fail(SKEL_ERANGE, "%s: larger than the %zu bytes accepted", path, max);
            goto out;
        }
        cap = (size_t)st.st_size + 2;
    }
    for (;;) {
        if (n + 1 >= cap || b == NULL) {
            size_t ncap = b == NULL ? cap : cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
            char *nb = realloc(b, ncap);
            if (nb == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
                goto out;
            }
            b = nb;
            cap = ncap;
        }
        errno = 0;
        size_t r = fread(b + n, 1, cap - n - 1, f);
        n += r;
        if (n > max) {
            rc = skel_fail(SKEL_ERANGE, "%s: larger than the %zu bytes accepted", path, max);
            goto out;
        }
        if (r == 0)
            break;
    }
    if (ferror(f)) {
        int e = errno;
        rc = skel_fail(SKEL_EIO, "%s: read error: %s", path, strerror(e ? e : EIO));
        goto out;
    }
    b[n] = '\0';
    *buf = b;
    *len = n;
    b = NULL;
out:
    fclose(f);
    free(b);
    return rc;
}
