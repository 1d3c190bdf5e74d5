/* adir.c - directories replaced whole: built beside, renamed over (adir.h). */
#include "adir.h"

#include "error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

struct skel_adir {
    char target[PATH_MAX];
    char parent[PATH_MAX];
    char stage[PATH_MAX];
    unsigned flags;
    int lockfd; /* the new directory, locked (shared) while it is built */
};

/* ---- removing a tree ------------------------------------------------------ */

/* Remove name in the directory dfd, a subtree included.  Never follows a
 * symbolic link out of the tree. */
static int rm_at(int dfd, const char *name)
{
    if (unlinkat(dfd, name, 0) == 0 || errno == ENOENT)
        return 0;
    if (errno != EISDIR && errno != EPERM)
        return -1;
    int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1;
    DIR *d = fdopendir(fd);
    if (d == NULL) {
        close(fd);
        return -1;
    }
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            bad |= rm_at(fd, e->d_name) != 0;
    closedir(d);
    if (unlinkat(dfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
        return -1;
    return bad ? -1 : 0;
}

int skel_rmtree(const char *path)
{
    if (rm_at(AT_FDCWD, path) != 0)
        return skel_fail(SKEL_EIO, "%s: cannot remove: %s", path, strerror(errno));
    return SKEL_OK;
}

/* ---- names and locks ------------------------------------------------------ */

/* The absolute target, its parent and the new directory's name. */
static int resolve(const char *dir, skel_adir *ad)
{
    char buf[PATH_MAX];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof buf)
        return skel_fail(SKEL_EUSAGE, "'%s': expected a directory name", dir);
    memcpy(buf, dir, n + 1);
    while (n > 1 && buf[n - 1] == '/')
        buf[--n] = '\0';
    char real[PATH_MAX];
    if (realpath(buf, real) != NULL) {
        snprintf(ad->target, sizeof ad->target, "%s", real);
    } else if (errno == ENOENT) {
        /* Not there yet: its parent must be. */
        char *slash = strrchr(buf, '/');
        const char *base = slash != NULL ? slash + 1 : buf;
        if (slash == buf)
            snprintf(real, sizeof real, "/");
        else if (slash != NULL) {
            *slash = '\0';
            if (realpath(buf, real) == NULL)
                return skel_fail(SKEL_EIO, "%s: cannot create: %s", dir, strerror(errno));
        } else if (getcwd(real, sizeof real) == NULL) {
            return skel_fail(SKEL_EIO, "%s: cannot create: %s", dir, strerror(errno));
        }
        if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
            return skel_fail(SKEL_EUSAGE, "'%s': expected a directory name", dir);
        if (snprintf(ad->target, sizeof ad->target, "%s/%s", strcmp(real, "/") ? real : "", base) >=
            (int)sizeof ad->target)
            return skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    } else {
        return skel_fail(SKEL_EIO, "%s: %s", dir, strerror(errno));
    }
    if (strcmp(ad->target, "/") == 0)
        return skel_fail(SKEL_EUSAGE, "'/' cannot be replaced");
    snprintf(ad->parent, sizeof ad->parent, "%s", ad->target);
    char *slash = strrchr(ad->parent, '/');
    if (slash == ad->parent)
        slash[1] = '\0';
    else
        *slash = '\0';
    if (snprintf(ad->stage, sizeof ad->stage, "%s%s", ad->target, SKEL_ADIR_SUFFIX) >=
        (int)sizeof ad->stage)
        return skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    return SKEL_OK;
}

/* flock, retried when a signal interrupts it. */
static int lock(int fd, int how)
{
    int r;
    while ((r = flock(fd, how)) != 0 && errno == EINTR)
        ;
    return r;
}

/* A short exclusive lock on the parent directory: claims and commits of
 * directories in it do not interleave. */
static int lock_parent(const skel_adir *ad, int *fd)
{
    *fd = open(ad->parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (*fd < 0)
        return skel_fail(SKEL_EIO, "%s: %s", ad->parent, strerror(errno));
    if (lock(*fd, LOCK_EX) != 0) {
        int e = errno;
        close(*fd);
        *fd = -1;
        return skel_fail(SKEL_EIO, "%s: flock: %s", ad->parent, strerror(e));
    }
    return SKEL_OK;
}

static void unlock_fd(int fd)
{
    if (fd >= 0)
        close(fd);
}

/* ---- open / commit / abort ------------------------------------------------ */

int skel_adir_open(const char *dir, unsigned flags, skel_adir **out, int *stale_removed)
{
    *out = NULL;
    if (stale_removed != NULL)
        *stale_removed = 0;
    skel_adir *ad = calloc(1, sizeof *ad);
    if (ad == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    ad->flags = flags;
    ad->lockfd = -1;
    int pfd = -1, rc = resolve(dir, ad);
    if (rc == SKEL_OK)
        rc = lock_parent(ad, &pfd);
    if (rc != SKEL_OK) {
        free(ad);
        return rc;
    }
    struct stat st;
    if (stat(ad->target, &st) == 0 && !S_ISDIR(st.st_mode)) {
        rc = skel_fail(SKEL_EUSAGE, "%s exists and is not a directory", dir);
        goto out;
    }
    for (int attempt = 0; attempt < 2; attempt++) {
        if (mkdir(ad->stage, 0755) == 0)
            break;
        if (errno != EEXIST || attempt > 0) {
            rc = skel_fail(SKEL_EIO, "%s: cannot create %s: %s", dir, ad->stage, strerror(errno));
            goto out;
        }
        /* Someone's: building now (locked), or killed while building. */
        int fd = open(ad->stage, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
            close(fd);
            rc = skel_fail(SKEL_ESTATE,
                           "%s is being written by another skel command (its new contents are "
                           "being built in %s); wait for it to finish or choose another "
                           "directory",
                           dir, ad->stage);
            goto out;
        }
        rc = skel_rmtree(ad->stage);
        unlock_fd(fd);
        if (rc != SKEL_OK) {
            skel_fail_context(rc, "%s: a directory left by a killed skel command", dir);
            goto out;
        }
        if (stale_removed != NULL)
            *stale_removed = 1;
    }
    /* Shared, so that the builder itself may read what it builds through
     * the trace reader (which takes a shared lock too); a claimer tests it
     * with an exclusive one. */
    ad->lockfd = open(ad->stage, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (ad->lockfd < 0 || lock(ad->lockfd, LOCK_SH | LOCK_NB) != 0) {
        rc = skel_fail(SKEL_EIO, "%s: cannot lock %s: %s", dir, ad->stage, strerror(errno));
        rmdir(ad->stage);
        goto out;
    }
out:
    unlock_fd(pfd);
    if (rc != SKEL_OK) {
        unlock_fd(ad->lockfd);
        free(ad);
        return rc;
    }
    *out = ad;
    return SKEL_OK;
}

const char *skel_adir_path(const skel_adir *ad)
{
    return ad->stage;
}

const char *skel_adir_target(const skel_adir *ad)
{
    return ad->target;
}

int skel_adir_is_empty(const skel_adir *ad)
{
    DIR *d = opendir(ad->stage);
    if (d == NULL)
        return 1;
    struct dirent *e;
    int empty = 1;
    while (empty && (e = readdir(d)) != NULL)
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

static void release(skel_adir *ad)
{
    unlock_fd(ad->lockfd);
    free(ad);
}

void skel_adir_abort(skel_adir *ad)
{
    if (ad == NULL)
        return;
    rm_at(AT_FDCWD, ad->stage); /* the caller's error detail is the one to keep */
    release(ad);
}

/* The old directory's entries the new one lacks, into the new one: files
 * hard-linked (the old directory stays whole until the exchange), directories
 * moved (listed in moved[] to be put back if the commit fails). */
static int keep_others(const skel_adir *ad, int oldfd, char ***moved, size_t *nmoved)
{
    int newfd = open(ad->stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int dupfd = dup(oldfd);
    DIR *d = dupfd >= 0 ? fdopendir(dupfd) : NULL;
    int rc = SKEL_OK;
    if (newfd < 0 || d == NULL) {
        rc = skel_fail(SKEL_EIO, "%s: %s", ad->target, strerror(errno));
        if (dupfd >= 0 && d == NULL)
            close(dupfd);
        goto out;
    }
    struct dirent *e;
    while (rc == SKEL_OK && (e = readdir(d)) != NULL) {
        struct stat st;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
            fstatat(newfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
            continue; /* replaced by the new contents */
        if (fstatat(oldfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (!S_ISDIR(st.st_mode)) {
            if (linkat(oldfd, e->d_name, newfd, e->d_name, 0) != 0)
                rc = skel_fail(SKEL_EIO, "%s/%s: cannot keep it in the new directory: %s",
                               ad->target, e->d_name, strerror(errno));
            continue;
        }
        char **nv = realloc(*moved, (*nmoved + 1) * sizeof *nv);
        char *name = strdup(e->d_name);
        if (nv != NULL)
            *moved = nv;
        if (nv == NULL || name == NULL) {
            free(name);
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
        } else if (renameat(oldfd, name, newfd, name) != 0) {
            rc = skel_fail(SKEL_EIO, "%s/%s: cannot keep it in the new directory: %s", ad->target,
                           name, strerror(errno));
            free(name);
        } else {
            (*moved)[(*nmoved)++] = name;
        }
    }
out:
    if (d != NULL)
        closedir(d);
    if (rc != SKEL_OK) {
        /* Put the moved directories back; the links go with the new one. */
        for (size_t i = 0; newfd >= 0 && i < *nmoved; i++)
            renameat(newfd, (*moved)[i], oldfd, (*moved)[i]);
    }
    if (newfd >= 0)
        close(newfd);
    return rc;
}

/* Swap the new directory and the old one. */
static int exchange(const skel_adir *ad)
{
    if (renameat2(AT_FDCWD, ad->stage, AT_FDCWD, ad->target, RENAME_EXCHANGE) == 0)
        return SKEL_OK;
    if (errno != EINVAL && errno != ENOSYS)
        return skel_fail(SKEL_EIO, "%s: cannot put %s in its place: %s", ad->target, ad->stage,
                         strerror(errno));
    /* A file system without the exchange: two renames, the old directory
     * kept aside for the moment between them. */
    char old[PATH_MAX + 16];
    snprintf(old, sizeof old, "%s.skel-old", ad->target);
    skel_rmtree(old);
    if (rename(ad->target, old) != 0)
        return skel_fail(SKEL_EIO, "%s: cannot move it aside: %s", ad->target, strerror(errno));
    if (rename(ad->stage, ad->target) != 0) {
        int e = errno;
        rename(old, ad->target);
        return skel_fail(SKEL_EIO, "%s: cannot put %s in its place: %s", ad->target, ad->stage,
                         strerror(e));
    }
    if (rename(old, ad->stage) != 0)
        skel_rmtree(old);
    return SKEL_OK;
}

int skel_adir_commit(skel_adir *ad)
{
    if (ad == NULL)
        return skel_fail(SKEL_EINTERNAL, "no directory to commit");
    int rc = SKEL_OK, oldfd = -1, pfd = -1;
    char **moved = NULL;
    size_t nmoved = 0;
    /* Readers of the old directory first (they hold it shared), then the
     * parent: nobody else claims or commits in it meanwhile. */
    oldfd = open(ad->target, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (oldfd < 0 && errno != ENOENT) {
        rc = skel_fail(SKEL_EIO, "%s: %s", ad->target, strerror(errno));
        goto out;
    }
    if (oldfd >= 0 && lock(oldfd, LOCK_EX) != 0) {
        rc = skel_fail(SKEL_EIO, "%s: flock: %s", ad->target, strerror(errno));
        goto out;
    }
    if ((rc = lock_parent(ad, &pfd)) != SKEL_OK)
        goto out;
    if (oldfd < 0) {
        if (rename(ad->stage, ad->target) != 0)
            rc = skel_fail(SKEL_EIO, "%s: cannot rename %s to it: %s", ad->target, ad->stage,
                           strerror(errno));
        goto out;
    }
    if ((ad->flags & SKEL_ADIR_KEEP) && (rc = keep_others(ad, oldfd, &moved, &nmoved)) != SKEL_OK)
        goto out;
    if ((rc = exchange(ad)) != SKEL_OK) {
        int newfd = open(ad->stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        for (size_t i = 0; newfd >= 0 && i < nmoved; i++)
            renameat(newfd, moved[i], oldfd, moved[i]);
        if (newfd >= 0)
            close(newfd);
        goto out;
    }
out:
    /* Whatever is at the new directory's name now is garbage: the old
     * contents after an exchange, the new ones after a failure. */
    if (access(ad->stage, F_OK) == 0) {
        char detail[1024];
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        skel_rmtree(ad->stage);
        if (rc != SKEL_OK)
            skel_fail(rc, "%s", detail);
        else
            skel_clear_error();
    }
    for (size_t i = 0; i < nmoved; i++)
        free(moved[i]);
    free(moved);
    unlock_fd(pfd);
    unlock_fd(oldfd);
    release(ad);
    return rc;
}

int skel_adir_read_lock(const char *dir, int *fd)
{
    *fd = -1;
    for (int attempt = 0; attempt < 100; attempt++) {
        int f = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (f < 0)
            return errno == ENOENT || errno == ENOTDIR
                       ? SKEL_OK
                       : skel_fail(SKEL_EIO, "%s: %s", dir, strerror(errno));
        if (lock(f, LOCK_SH) != 0) {
            int e = errno;
            close(f);
            return skel_fail(SKEL_EIO, "%s: flock: %s", dir, strerror(e));
        }
        /* Replaced while we waited for the lock: lock the new one. */
        struct stat a, b;
        if (fstat(f, &a) == 0 && stat(dir, &b) == 0 && a.st_dev == b.st_dev &&
            a.st_ino == b.st_ino) {
            *fd = f;
            return SKEL_OK;
        }
        close(f);
    }
    return skel_fail(SKEL_EIO, "%s: replaced again and again while being opened", dir);
}
