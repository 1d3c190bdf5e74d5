/* writer.h - writer of one rank's trace file (used by the tracer, by tests
 * and by synthetic-trace generators).
 *
 * Records are encoded into a buffer of bounded size and written as whole
 * checksummed blocks with write(2); see docs/trace-format.md.
 *
 * Ownership: skel_writer_open() allocates; skel_writer_finish() or
 * skel_writer_abandon() closes the file and frees the writer.  The writer
 * copies what it needs from the structs passed to it.
 * Thread safety: none; callers serialise (the tracer holds its lock).
 */
#ifndef SKEL_WRITER_H
#define SKEL_WRITER_H

#include <stddef.h>
#include <stdint.h>

#include "event.h"

/* ---- Writing one rank's stream ------------------------------------------ */

typedef struct skel_writer skel_writer;

/* Create path (O_EXCL unless overwrite) and write the file header and the
 * rank-info record.  bufsize bounds memory: records are buffered and written
 * as checksummed blocks of at most bufsize bytes. */
int skel_writer_open(const char *path, const skel_rank_info *info, size_t bufsize, int overwrite,
                     skel_writer **out);
/* Events must use comm/site/module/object indices declared earlier. Peers and
 * roots are world ranks. */
int skel_writer_event(skel_writer *w, const skel_event *ev);
int skel_writer_comm(skel_writer *w, const skel_comm *c);
int skel_writer_site(skel_writer *w, const skel_site *s);
int skel_writer_module(skel_writer *w, const skel_module *m);
int skel_writer_object(skel_writer *w, const skel_object *o);
int skel_writer_clock(skel_writer *w, const skel_clock_sync *c);
/* Time the tracer spent not running the application (a flush, a clock sync)
 * on thread `thread`: subtracted from that thread's next gap by the reader. */
int skel_writer_pause(skel_writer *w, uint32_t thread, uint64_t ns);
/* Clean end: writes the end record, flushes and closes; frees w. */
int skel_writer_finish(skel_writer *w, const skel_rank_end *end);
/* Abnormal end marker (signal number or MPI_Abort code); then flush. */
int skel_writer_crash(skel_writer *w, int signo, int abort_code);
/* Async-signal-safe: write the complete records and a crash record for
 * signal signo.  The writer must not be used afterwards except to abandon. */
void skel_writer_crash_from_signal(skel_writer *w, int signo);
/* Write out the buffered complete records now. */
int skel_writer_flush(skel_writer *w);
/* Async-signal-safe: write buffered complete records with write(2) only.
 * Safe to call from a signal handler that interrupted any writer call. */
void skel_writer_flush_from_signal(skel_writer *w);
/* Statistics of the writer itself. */
uint64_t skel_writer_bytes(const skel_writer *w);
uint64_t skel_writer_flush_ns(const skel_writer *w);
uint64_t skel_writer_nflush(const skel_writer *w);
/* Close without an end record (the file then reads as truncated); frees w. */
void skel_writer_abandon(skel_writer *w);

#endif
