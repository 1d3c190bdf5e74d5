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
 * Blocking assumptions, chosen so that a schedule accepted here cannot hang
 * on any correct MPI library:
 *  - a standard-mode send (MPI_Send, MPI_Isend, the send half of Sendrecv) is
 *    treated as synchronous - it completes only once its receive is matched -
 *    unless it carries at most opts->eager_bytes (0 by default: no send is
 *    assumed to be buffered, whatever MPICH does with small messages);
 *    MPI_Ssend/MPI_Issend always are;
 *  - every collective, communicator creation and MPI_Finalize synchronises
 *    all members of its communicator;
 *  - MPI_ANY_SOURCE receives take the earliest matching message in the order
 *    the simulation produced them: one matching order is checked, not all.
 *
 * The simulation also fills op->ucount and op->udtsize of collectives: every
 * member of a matching collective uses the largest count (per peer for
 * MPI_Alltoallv) any of them wants, so that scaled collectives always agree.
 *
 * Refusals are SKEL_EDEADLOCK with a detail naming the rank, the position in
 * its skeleton program, the call, the symbol (and its source line), the peer,
 * the tag and the communicator of the operation that can never complete (or
 * of the message never received).
 */
#ifndef SKEL_SIM_H
#define SKEL_SIM_H

#include <stdint.h>

#include "plan.h"

#define SKEL_SIM_DEFAULT_MAX_OPS 20000000ull

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
