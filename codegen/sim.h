/* sim.h - the skeleton's communication schedule executed symbolically over
 * all ranks before any code is written (docs/codegen.md, "Never a hang").
 *
 * Every rank walks its class's plan in program order, between the barriers
 * the skeleton adds around the program and MPI_Finalize.  Point-to-point
 * messages match per communicator, source (or MPI_ANY_SOURCE), tag (or
 * MPI_ANY_TAG) and order, receives in the order they were posted; collectives
 * match per communicator in order and must be the same call with the same
 * root on every member; a nonblocking request completes where a Wait/Test
 * that the application completed it with stands (request links).
 *
 * MPI's semantics, with one assumption about the library:
 *  - a standard-mode send (MPI_Send, MPI_Isend, the send half of Sendrecv)
 *    of at most opts->eager_bytes is buffered (eager protocol: it completes
 *    at once); a larger one completes only once its receive is matched
 *    (rendezvous).  The default, SKEL_SIM_DEFAULT_EAGER, is below the eager
 *    threshold of the common MPI libraries (docs/codegen.md); 0 takes every
 *    standard send as synchronous, which no correct library can make hang.
 *    MPI_Ssend/MPI_Issend are always synchronous;
 *  - a Wait completes its requests; a Test the application saw complete
 *    completes its receives and collectives (the skeleton waits for them
 *    there) but only defers its sends: the application's library had
 *    buffered them, so the skeleton finishes them before its closing
 *    barrier instead of waiting in place (the check then requires them to
 *    be received by the end);
 *  - every collective, communicator creation and MPI_Finalize synchronises
 *    all members of its communicator;
 *  - MPI_ANY_SOURCE receives take the earliest matching message sent: one
 *    matching order is checked, not all.  The skeleton's tags keep messages
 *    of different matching classes apart and its receives are sized for any
 *    message of their class (plan.h), so another order cannot make a
 *    receive meet a message it was not sized for.
 *
 * Matching uses queues by (rank, communicator, source, tag), so a check
 * costs about constant time per message however many are pending.
 *
 * Request links are the application's activation distances; across a loop
 * the skeleton runs fewer times they mean another distance.  A first pass
 * resolves them by the application's activation numbers and records the
 * skeleton's distance per operation (op->ldist, NULL where unchanged; the
 * application's where executions disagree); a second pass then checks the
 * schedule with those fixed distances, and if it fails, one with the
 * application's.
 *
 * The simulation also fills op->ucount and op->udtsize of collectives: every
 * member of a matching collective uses the largest count (per peer for
 * MPI_Alltoallv) any of them wants, so that scaled collectives always agree.
 *
 * Refusals are SKEL_EDEADLOCK with a one-line detail naming, for the blocked
 * rank that got least far, the position in its skeleton program, the call,
 * the symbol (and its source line), and the peer, the application's tag and
 * the communicator of what it waits for (or of the message never
 * received).
 */
#ifndef SKEL_SIM_H
#define SKEL_SIM_H

#include <stdint.h>

#include "plan.h"

#define SKEL_SIM_DEFAULT_MAX_OPS 20000000ull
#define SKEL_SIM_DEFAULT_EAGER   4096u /* bytes a standard send may be buffered up to */

/* Memory the check's tables may take by default, whatever max_ops says: a
 * quarter of the machine's memory, at most 4 GiB (one operation takes about
 * 128 bytes of them, so 4 GiB checks some 30 million). */
uint64_t skel_sim_default_max_bytes(void);

struct skel_sim_opts {
    uint64_t eager_bytes; /* standard sends up to this size are buffered (0: none) */
    uint64_t max_ops;     /* refuse to check schedules longer than this (0: the default) */
    uint64_t max_bytes;   /* refuse when the check's tables need more (0: the default) */
};

struct skel_sim_stats {
    uint64_t ops;         /* operations executed over all ranks */
    uint64_t messages;    /* point-to-point messages matched */
    uint64_t collectives; /* collective instances completed (communicator creation included) */
};

int skel_sim_run(skel_plan *p, const struct skel_sim_opts *o, struct skel_sim_stats *st);

#endif
