/* writer.h - writer of one rank's trace file (used by the tracer, by tests
 * and by synthetic-trace generators).
 *
 * Records are encoded into checksummed blocks; see docs/trace-format.md.  By
 * default the file is written through a shared mapping of a window of at
 * most bufsize bytes: a record is in the file (the kernel's page cache) the
 * moment it is complete, so a process killed with SIGKILL keeps every record
 * it finished.  SKEL_WRITER_STREAM instead buffers bufsize bytes in memory and
 * writes whole blocks with write(2) (what is buffered dies with the process).
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

/* skel_writer_open() flags. */
enum {
    SKEL_WRITER_OVERWRITE = 1, /* replace an existing file (else O_EXCL) */
    SKEL_WRITER_STREAM = 2,    /* buffer in memory and write(2) whole blocks */
};

/* Create path and write the file header and the rank-info record.  bufsize
 * bounds the memory the writer holds: the mapped window (rounded up to whole
 * pages) or the stream buffer; only a single record larger than it (a huge
 * completion list) makes it hold more, for that record.  When the file
 * cannot be mapped (a file system without shared mappings) the writer falls
 * back to SKEL_WRITER_STREAM; skel_writer_streams() says which it uses. */
int skel_writer_open(const char *path, const skel_rank_info *info, size_t bufsize, int flags,
                     skel_writer **out);
int skel_writer_streams(const skel_writer *w);

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
/* The working set, in bytes, of thread `thread`'s next event (its ws_bytes:
 * the memory touched from an earlier end of a call of the thread to the end
 * of that event); the tracer samples it now and then (record.c). */
int skel_writer_wset(skel_writer *w, uint32_t thread, uint64_t bytes);
/* Clean end: writes the end record, marks the file complete, flushes and
 * closes; frees w. */
int skel_writer_finish(skel_writer *w, const skel_rank_end *end);
/* The process ends without MPI_Finalize: mark the file with why (a signal
 * number, or the MPI_Abort error code, or neither for an exit) and write out
 * every complete record.  Afterwards only skel_writer_abandon() may follow. */
int skel_writer_crash(skel_writer *w, int signo, int abort_code);
/* The same from a signal handler that may have interrupted any writer call:
 * async-signal-safe (stores into the mapped header, or write(2)/pwrite(2)
 * when streaming).  Afterwards only skel_writer_abandon() may follow. */
void skel_writer_crash_from_signal(skel_writer *w, int signo);
/* Make every complete record durable in a checksummed block now (streaming:
 * write it; mapped: close the current block). */
int skel_writer_flush(skel_writer *w);
/* Statistics of the writer itself: bytes of the file so far, time spent
 * writing blocks or moving the mapped window, and how often. */
uint64_t skel_writer_bytes(const skel_writer *w);
uint64_t skel_writer_flush_ns(const skel_writer *w);
uint64_t skel_writer_nflush(const skel_writer *w);
/* Close without an end record (the file then reads as incomplete: "the
 * tracer stopped" unless skel_writer_crash* said why); frees w. */
void skel_writer_abandon(skel_writer *w);

#endif
