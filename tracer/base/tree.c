/* tree.c - removing a directory tree (tree.h). */
#include "tree.h"

#include "error.h"

#include <errno.h>
#include <ftw.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

/* nftw gives no user pointer: the first failure is kept here (per thread). */
static _Thread_local char failed[512];

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    int rc = type == FTW_DP ? rmdir(path) : unlink(path);
    if (rc != 0 && errno != ENOENT && failed[0] == '\0')
        snprintf(failed, sizeof failed, "%s: cannot remove: %s", path, strerror(errno));
    return 0; /* go on: remove what can be removed */
}

int skel_remove_tree(const char *path)
{
    failed[0] = '\0';
    if (nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0 && errno != ENOENT)
        return skel_fail(SKEL_EIO, "%s: cannot remove: %s", path, strerror(errno));
    return failed[0] != '\0' ? skel_fail(SKEL_EIO, "%s", failed) : SKEL_OK;
}
