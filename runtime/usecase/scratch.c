/* scratch.c - scratch directories that outlive no owner (scratch.h). */
#include "scratch.h"

#include "error.h"
#include "tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directories this process made and the descriptors that hold their
 * locks. */
struct held {
    char *dir;
    int fd;
};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct held *held;
static size_t nheld, cap;
static int swept;

static const char *tmp_root(const char *tmp)
{
    if (tmp == NULL)
        tmp = getenv("TMPDIR");
    return tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp";
}

/* A directory of ours whose owner is gone: its lock file can be locked. */
static int orphaned(int dirfd)
{
    int fd = openat(dirfd, SKEL_SCRATCH_OWNER, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return 0;
    struct stat st;
    int gone = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
               flock(fd, LOCK_EX | LOCK_NB) == 0;
    close(fd); /* releases the lock just taken: the directory goes next */
    return gone;
}

unsigned skel_scratch_sweep(const char *tmp)
{
    const char *root = tmp_root(tmp);
    DIR *d = opendir(root);
    if (d == NULL)
        return 0;
    unsigned n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "skel-", 5) != 0)
            continue;
        int fd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat st;
        int gone = fstat(fd, &st) == 0 && st.st_uid == geteuid() && orphaned(fd);
        close(fd);
        char path[4096];
        if (gone && snprintf(path, sizeof path, "%s/%s", root, e->d_name) < (int)sizeof path &&
            skel_remove_tree(path) == SKEL_OK)
            n++;
    }
    closedir(d);
    skel_clear_error();
    return n;
}

/* Lock a new lock file in dir, then give it its name: a sweeper never finds
 * it unlocked. */
static int lock_dir(const char *dir, int *out)
{
    char tmp[4200], name[4200];
    snprintf(tmp, sizeof tmp, "%s/.skel-owner.%ld", dir, (long)getpid());
    snprintf(name, sizeof name, "%s/%s", dir, SKEL_SCRATCH_OWNER);
    int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return skel_fail(SKEL_EIO, "%s: cannot create: %s", tmp, strerror(errno));
    if (flock(fd, LOCK_EX) != 0 || rename(tmp, name) != 0) {
        int e = errno;
        close(fd);
        unlink(tmp);
        return skel_fail(SKEL_EIO, "%s: cannot lock: %s", name, strerror(e));
    }
    *out = fd;
    return SKEL_OK;
}

int skel_scratch_make(const char *what, char *dir, size_t len)
{
    pthread_mutex_lock(&lock);
    int sweep = !swept;
    swept = 1;
    pthread_mutex_unlock(&lock);
    if (sweep)
        skel_scratch_sweep(NULL);
    if ((size_t)snprintf(dir, len, "%s/skel-%s-XXXXXX", tmp_root(NULL), what) >= len) {
        if (len > 0)
            dir[0] = '\0';
        return skel_fail(SKEL_EUSAGE, "TMPDIR is too long for a scratch directory");
    }
    if (mkdtemp(dir) == NULL) {
        int rc =
            skel_fail(SKEL_EIO, "%s: cannot create a scratch directory: %s", dir, strerror(errno));
        dir[0] = '\0';
        return rc;
    }
    int fd = -1, rc = lock_dir(dir, &fd);
    char *copy = rc == SKEL_OK ? strdup(dir) : NULL;
    if (rc == SKEL_OK && copy == NULL)
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
    pthread_mutex_lock(&lock);
    if (rc == SKEL_OK && nheld == cap) {
        size_t ncap = cap ? 2 * cap : 8;
        struct held *h = realloc(held, ncap * sizeof *h);
        if (h == NULL) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
        } else {
            held = h;
            cap = ncap;
        }
    }
    if (rc == SKEL_OK)
        held[nheld++] = (struct held){copy, fd};
    pthread_mutex_unlock(&lock);
    if (rc != SKEL_OK) {
        free(copy);
        if (fd >= 0)
            close(fd);
        skel_remove_tree(dir);
        dir[0] = '\0';
    }
    return rc;
}

int skel_scratch_remove(const char *dir)
{
    if (dir == NULL || dir[0] == '\0')
        return SKEL_OK;
    int rc = skel_remove_tree(dir), fd = -1;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < nheld; i++) {
        if (strcmp(held[i].dir, dir) == 0) {
            fd = held[i].fd;
            free(held[i].dir);
            held[i] = held[--nheld];
            break;
        }
    }
    if (nheld == 0) {
        free(held);
        held = NULL;
        cap = 0;
    }
    pthread_mutex_unlock(&lock);
    if (fd >= 0)
        close(fd);
    return rc;
}
