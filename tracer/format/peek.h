/* peek.h - how far a trace being written has got, without decoding it: the
 * rank files that exist (a rank creates its file in MPI_Init) and, from the
 * headers of their blocks, about how many events they hold.  For progress
 * while a traced program runs (skel trace, skel generate): the tracer keeps
 * the header of the block it is filling up to date after every record
 * (docs/trace-format.md), so the count follows the run; a file written in
 * streaming mode (or of version 1) counts its whole blocks only.
 *
 * Ownership: nothing is allocated or kept.
 */
#ifndef SKEL_PEEK_H
#define SKEL_PEEK_H

#include <stdint.h>

struct skel_trace_peek {
    uint32_t ranks;  /* rank files present */
    uint64_t events; /* events so far (records, to be exact: an upper bound) */
    uint64_t bytes;  /* bytes of the blocks so far */
};

/* Look at the trace directory dir.  A directory that does not exist yet
 * gives zeros; files that are not (yet) whole are counted as far as their
 * complete blocks go.  Never fails. */
void skel_trace_peek(const char *dir, struct skel_trace_peek *p);

#endif
