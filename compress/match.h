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
 * While each rank's trace is read (symbols.c), a log records per stream which
 * of the rank's own symbols sent and which received, in order (receives in
 * the order posted: a nonblocking one waits in a FIFO until its completion
 * names its stream).  Once the signature is assembled, each rank's symbols
 * are mapped to the signature's by walking the rank's own folding beside its
 * class's expansion (the same events in the same order) until every symbol
 * is seen - a few iterations for a repetitive run - and the logs of all
 * ranks are paired: symbols that ever met are joined (union-find), so a
 * *matching class* is a set of send and receive symbols whose messages only
 * ever met each other.  symbols[i].match[0] gets the matching class of the
 * symbol's message (the send of a send, the receive of a receive, the
 * message a probe saw), match[1] that of the receive half of MPI_Sendrecv;
 * SKEL_SIG_NONE when no message of it was matched.  Classes are numbered
 * densely in the order of their first symbol.
 *
 * Cost: no second read of the trace; memory per stream in runs of equal
 * symbols, so a stream that repeats one exchange costs one run whatever its
 * length.
 *
 * Ownership: skel_match_log_new() allocates a log freed by
 * skel_match_log_free().
 */
#ifndef SKEL_MATCH_H
#define SKEL_MATCH_H

#include <stdint.h>

#include "event.h"
#include "loops.h"
#include "signature.h"

typedef struct skel_match_log skel_match_log;

int skel_match_log_new(skel_match_log **out);
void skel_match_log_free(skel_match_log *m);

/* Record event ev of the rank, which became its symbol sym (its own
 * numbering, threshold 0). */
int skel_match_log_event(skel_match_log *m, const skel_event *ev, uint32_t sym);

/* After the rank's last event: receives never completed are dropped. */
int skel_match_log_end(skel_match_log *m);

/* map[i] (nsyms entries) gets the signature's symbol that rank's own symbol
 * i became: fold is the rank's threshold-0 folding. */
int skel_match_rank_map(const skel_loops *fold, uint32_t nsyms, const skel_signature *s,
                        uint32_t rank, uint32_t *map);

/* Pair the logs of all ranks (logs[r], with maps[r] of nmaps[r] entries) and
 * fill s->symbols[].match, s->nmatch; *messages gets the number of messages
 * paired, *unreceived the number sent that no receive got (both may be
 * NULL). */
int skel_match_pair(skel_signature *s, skel_match_log *const *logs, const uint32_t *const *maps,
                    const uint32_t *nmaps, uint64_t *messages, uint64_t *unreceived);

#endif
