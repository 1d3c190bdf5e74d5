/* peek.h - how far a trace being written has got, without decoding it: the
 * rank files that exist (a rank creates its file in MPI_Init) and, from the
 * headers of the blocks written so far, about how many events they hold.
 * For progress while a traced program runs (skel trace, skel generate): the
 * tracer writes whole blocks (4 MiB by default), so the count moves in
 * steps of some hundred thousand events, and a block still being written
 * is not counted.
 *
 * Ownership: nothing is allocated or kept.
 */
#ifndef SKEL_PEEK_H
#define SKEL_PEEK_H

#include <stdint.h>

struct skel_trace_peek {
    uint32_t ranks;  /* rank files present */
    uint64_t events; /* events in their complete blocks (records, to be exact: an upper bound) */
    uint64_t bytes;  /* bytes of those blocks */
};

/* Look at the trace directory dir.  A directory that does not exist yet
 * gives zeros; files that are not (yet) whole are counted as far as their
 * complete blocks go.  Never fails. */
void skel_trace_peek(const char *dir, struct skel_trace_peek *p);

#endif
