/* afile.h - whole files: written so that readers see them whole or not at all,
 * and read with a size limit.
 *
 * Every file Skel writes whole (results, tables, reports, skeletons, state
 * and metadata files, generated sources) goes through here: it is written
 * under a temporary name in the same directory (PATH.tmp.<pid>.<n>, created
 * exclusively), then flushed, synced, checked for write errors and renamed
 * over PATH.  A failure at any step removes the temporary file and leaves
 * PATH as it was.  A PATH that exists and is no regular file (/dev/stdout,
 * /dev/null, a FIFO) is written in place instead - renaming over it would
 * replace the device - and its write errors are reported all the same.
 *
 *     skel_afile *af;
 *     if ((rc = skel_afile_open(path, &af)) != SKEL_OK) return rc;
 *     fprintf(skel_afile_stream(af), ...);
 *     return skel_afile_commit(af);      (or skel_afile_abort(af) on error)
 *
 * Several files that belong together (a skeleton's source, Makefile and
 * meta file) go through skel_afile_commit_all(): none is renamed before all
 * are written whole.
 *
 * Ownership: skel_afile_open() allocates the handle; exactly one of
 * skel_afile_commit(), skel_afile_commit_all() and skel_afile_abort()
 * releases it (abort accepts NULL, commit refuses it with SKEL_EINTERNAL).
 */
#ifndef SKEL_AFILE_H
#define SKEL_AFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct skel_afile skel_afile;

/* Create the temporary file for path (mode 0666 less the umask, as fopen()
 * would).  SKEL_EIO naming path and the temporary file when it cannot be
 * created (no such directory, no permission, ...). */
int skel_afile_open(const char *path, skel_afile **out);

/* The stream to write to (fully buffered). */
FILE *skel_afile_stream(skel_afile *af);

/* The temporary file's name (for messages and for tools that write by name). */
const char *skel_afile_tmpname(const skel_afile *af);

/* Flush, fsync, close and rename over the target.  SKEL_EIO naming the file
 * and the cause (a write error at any earlier point, ENOSPC at close, ...).
 * Releases af in every case. */
int skel_afile_commit(skel_afile *af);

/* Commit n files together: all are flushed, synced and closed first, and
 * when any of that fails none is renamed (every temporary file is removed,
 * every target left as it was).  Then they are renamed in order; a rename
 * that fails (rare: the targets share a directory) leaves the ones before it
 * replaced.  Releases every handle and sets afs[i] to NULL. */
int skel_afile_commit_all(skel_afile **afs, size_t n);

/* Close and remove the temporary file; the target is left as it was. */
void skel_afile_abort(skel_afile *af);

/* Write len bytes to path through a temporary file (the calls above). */
int skel_afile_write(const char *path, const void *buf, size_t len);

/* Close a stream Skel wrote results to (stdout, or a file it was handed)
 * and report what went wrong on it: SKEL_EIO "NAME: write error: CAUSE" when
 * any write failed (ENOSPC, EPIPE, /dev/full) or the close did.  For stdout,
 * call it once at exit. */
int skel_stream_close(FILE *f, const char *name);

/* Make stdout a stream that remembers the cause of its first failed write
 * (the C library keeps only an error flag, and the cause is long gone when
 * the stream is closed), so that skel_stream_close(stdout, ...) can name it.
 * Call first thing in main(); -1 (stdout unchanged) if it cannot. */
int skel_stream_watch_stdout(void);

/* Read a whole file of at most max bytes into a malloc'd, NUL-terminated
 * buffer the caller frees.  SKEL_ENOTFOUND, SKEL_EIO, or SKEL_ERANGE when it
 * is larger than max (naming the file). */
int skel_read_file(const char *path, size_t max, char **buf, size_t *len);

#endif
