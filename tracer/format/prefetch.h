/* prefetch.h - a rank reader decoding ahead in a thread of its own.
 *
 * skel_prefetch_next() delivers exactly what skel_rank_next() on the same
 * reader would - the same events in the same order, then the same end or
 * the same error with the same detail, after every event before it - while
 * a thread decodes the following events into a few batches.  The replay
 * (replay.c) runs one per rank so that decoding, a quarter of a critical
 * path's time from the files, overlaps matching on another core.
 *
 * While it runs only the thread calls skel_rank_next() on the reader; the
 * caller may read the reader's tables (skel_rank_comm, skel_rank_site...:
 * reader.h says they are safe to read meanwhile) and, once
 * skel_prefetch_next() returned 0 or an error, anything else of it.
 *
 * Memory: nbatch batches of batch events each, with the events' request and
 * completion lists; nothing grows with the trace.
 *
 * Ownership: skel_prefetch_start() allocates and starts the thread;
 * skel_prefetch_stop() stops and joins it and frees everything, leaving the
 * reader to the caller.  An event delivered, and the arrays it points to,
 * are valid until the next skel_prefetch_next() call.
 */
#ifndef SKEL_PREFETCH_H
#define SKEL_PREFETCH_H

#include <stdint.h>

#include "reader.h"

typedef struct skel_prefetch skel_prefetch;

/* Start decoding r ahead, in batches of `batch` events (at least 1).
 * SKEL_OK, or SKEL_ENOMEM / SKEL_EIO (no thread could be started) with the
 * reader untouched, so the caller can read it directly instead. */
int skel_prefetch_start(skel_rank_reader *r, uint32_t batch, skel_prefetch **out);

/* As skel_rank_next(r, ev). */
int skel_prefetch_next(skel_prefetch *p, skel_event *ev);

/* The same without copying the event: *ev points into the batch, valid
 * (with its arrays) until the next skel_prefetch_next*() call. */
int skel_prefetch_next_ref(skel_prefetch *p, const skel_event **ev);

/* The same for every event left in the current batch at once: 1 with the
 * *n >= 1 events at *evs, taken in order, valid (with their arrays) until
 * the next skel_prefetch_next*() call; 0 at the end, < 0 on an error, as
 * skel_prefetch_next().  For a caller that walks the events itself (the
 * replay) instead of a call per event. */
int skel_prefetch_next_batch(skel_prefetch *p, const skel_event **evs, uint32_t *n);

/* Stop the thread (waiting for the batch it decodes), free the batches. */
void skel_prefetch_stop(skel_prefetch *p);

#endif
