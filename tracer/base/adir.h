/* adir.h - directories whose contents are replaced whole: built beside the
 * directory, then renamed over it.
 *
 * A command that fills a directory (`skel trace` its trace, `skel gen` its
 * skeleton) builds the new contents in a directory beside it, DIR.skel-new,
 * and only once they are complete puts that directory in DIR's place:
 * renamed to DIR when there is none, else exchanged with the old DIR
 * (renameat2 RENAME_EXCHANGE), whose contents are then removed.  DIR holds
 * the old contents or the new ones, never a mixture, never a half; a
 * failure, Ctrl-C or SIGKILL before the commit leaves DIR as it was.
 *
 * DIR.skel-new is also a claim: it is created exclusively and locked
 * (flock, shared) by its builder for as long as it builds, so a second command
 * building DIR at the same time is refused, naming the first.  One left by
 * a killed builder (no longer locked) is removed by the next
 * skel_adir_open() of DIR, which says so.
 *
 * Readers of DIR hold a shared lock on it (skel_adir_read_lock(); the trace
 * reader does): the commit takes the lock exclusively before it exchanges,
 * so that nobody reads half of an old trace and half of the new one.
 *
 *     skel_adir *ad;
 *     if ((rc = skel_adir_open(dir, 0, &ad, NULL)) != SKEL_OK) return rc;
 *     ... write files into skel_adir_path(ad) ...
 *     return skel_adir_commit(ad);        (or skel_adir_abort(ad) on error)
 *
 * With SKEL_ADIR_KEEP the new DIR keeps every entry of the old one it does
 * not replace itself (a skeleton directory keeps the trace and signature
 * `skel generate` put beside the skeleton): files are hard-linked into the
 * new directory, subdirectories moved, before the exchange.
 *
 * The directory is replaced as a whole, so its inode changes: a shell whose
 * current directory it was still sees the old, now empty, one.
 *
 * Ownership: skel_adir_open() allocates the handle; exactly one of
 * skel_adir_commit() and skel_adir_abort() releases it (abort accepts NULL).
 */
#ifndef SKEL_ADIR_H
#define SKEL_ADIR_H

#include <stddef.h>

typedef struct skel_adir skel_adir;

#define SKEL_ADIR_KEEP   1u /* keep the old directory's other entries (see above) */
#define SKEL_ADIR_SUFFIX ".skel-new"

/* Claim dir and create its new directory (empty).  SKEL_ESTATE when another
 * process is building dir now; SKEL_EIO when the new directory cannot be
 * made (no such parent, no permission, dir is not a directory).
 * *stale_removed (may be NULL) is set to 1 when a new directory left by a
 * killed builder was removed first. */
int skel_adir_open(const char *dir, unsigned flags, skel_adir **out, int *stale_removed);

/* The directory to write the new contents into (DIR.skel-new, absolute). */
const char *skel_adir_path(const skel_adir *ad);

/* The directory being replaced, absolute. */
const char *skel_adir_target(const skel_adir *ad);

/* 1 when nothing has been written into the new directory. */
int skel_adir_is_empty(const skel_adir *ad);

/* Put the new directory in dir's place (see the top of this file) and
 * remove the old contents.  Waits for readers holding the read lock.
 * SKEL_EIO naming the step that failed; then dir is as it was and the new
 * directory is removed.  Releases ad in every case. */
int skel_adir_commit(skel_adir *ad);

/* Remove the new directory; dir is left as it was. */
void skel_adir_abort(skel_adir *ad);

/* A shared lock on dir for as long as it is read, so that no commit
 * replaces it meanwhile: *fd gets a descriptor to close when done (-1 when
 * dir does not exist: the reader reports that itself). */
int skel_adir_read_lock(const char *dir, int *fd);

/* Remove path and everything below it (no error if it does not exist). */
int skel_rmtree(const char *path);

#endif
