/* match.h - which send met which receive in the traced run (internal to
 * compress/; docs/signature.md, "Matching").
 *
 * MPI matches point-to-point messages per stream - (source, destination,
 * communicator, tag) - in order: the messages of a stream are received in
 * the order they were sent, by the receives that accepted that stream, in
 * the order those were posted (the non-overtaking rule).  A receive's
 * actual source and tag are in the trace (of MPI_Recv and MPI_Sendrecv at
 * the call, of MPI_Irecv at the Wait/Test that completed it), so the k-th
 * send of a stream met the k-th receive that got a message of that stream;
 * a probe that found a message saw the one the stream's next receive got.
 *
 * skel_compress_match() replays every rank's trace against its class's
 * program (the expansion of the signature, one event per symbol occurrence),
 * records per stream which symbols sent and which received, in order, and
 * pairs the two sides.  Symbols that ever met are joined (union-find): a
 * *matching class* is a set of send and receive symbols whose messages only
 * ever met each other.  symbols[i].match[0] gets the matching class of the
 * symbol's message (the send of a send, the receive of a receive, the
 * message a probe saw), match[1] that of the receive half of MPI_Sendrecv;
 * SKEL_SIG_NONE when no message of it was matched.  Classes are numbered
 * densely in the order of their first symbol.
 *
 * Cost: one more read of the trace (ranks in parallel threads); memory per
 * stream in runs of equal symbols, so a stream that repeats one exchange
 * costs one run whatever its length.
 */
#ifndef SKEL_MATCH_H
#define SKEL_MATCH_H

#include <stdint.h>

#include "signature.h"
#include "trace.h"

/* Fill s->symbols[].match from trace t (which s was made from);
 * *messages gets the number of messages matched (may be NULL). */
int skel_compress_match(const skel_trace *t, skel_signature *s, unsigned threads,
                        uint64_t *messages);

#endif
