/* scratch.h - the scratch directories of Skel's commands: made in $TMPDIR
 * (else /tmp) for one command's temporary files (a skeleton run's output, a
 * probe's table, an imported trace), removed with what is in them by the
 * command on success, on failure and on the termination signals it handles.
 * One that a process killed outright left behind (SIGKILL, a crash, the
 * machine's OOM killer) is removed by the next Skel command that makes one.
 *
 * How a directory's owner is known to be gone: each holds a lock file,
 * SKEL_SCRATCH_OWNER, that its process keeps locked with flock(2).  The
 * lock belongs to an open file description that is close-on-exec (a child
 * holds it only from its fork to its exec) and that the kernel releases
 * when the process ends, however it
 * ends, also in another PID namespace that shares the directory.  A
 * directory whose lock can be taken has no owner alive.  The lock file is
 * locked before it gets its name, so no directory is ever seen unlocked
 * while its owner lives.
 *
 * Ownership: the module keeps one descriptor per directory made, until
 * skel_scratch_remove(); thread-safe.
 */
#ifndef SKEL_SCRATCH_H
#define SKEL_SCRATCH_H

#include <stddef.h>

#define SKEL_SCRATCH_OWNER ".skel-owner"

/* Make TMP/skel-WHAT-XXXXXX (mkdtemp) and lock it; its path into dir (len
 * bytes).  The first call of a process first removes the scratch
 * directories of owners that are gone.  SKEL_EIO naming the directory;
 * SKEL_EUSAGE when the path does not fit. */
int skel_scratch_make(const char *what, char *dir, size_t len);

/* Remove dir and everything in it, and release its lock.  SKEL_OK for an
 * empty string.  The first failure to remove (SKEL_EIO naming the entry);
 * the lock is released all the same. */
int skel_scratch_remove(const char *dir);

/* Remove the scratch directories under tmp (NULL: $TMPDIR, else /tmp)
 * whose owners are gone; how many were removed.  Directories of other
 * users and any without a lock file are left alone. */
unsigned skel_scratch_sweep(const char *tmp);

#endif
