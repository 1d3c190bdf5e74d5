/* lbf.h - trace-driven prediction of a run on another placement (Load
 * Balancing Factor, Eom et al. section 2) and on another network (Networking
 * Factor, Eom et al. section 3), or both.
 *
 * The traced processes are grouped onto processors; each processor is shared
 * fairly (round-robin with an infinitely small quantum) by those of its
 * processes that are not blocked.  The Group Activity Graph algorithm of
 * Eom et al. Fig. 2 is run over the Program Activity Graph of the trace
 * (pag.h): events are taken in happens-before order, the CPU time between
 * them comes from the trace, and the time a message or a collective takes
 * comes from communication tables (commtable.h) - as a change against the
 * table of the network the trace was taken on, so that the identity
 * placement on the same network reproduces the traced run.
 * docs/predictions.md describes the model of every kind of MPI call.
 *
 * Memory: the ranks, the messages in flight, and the events read ahead while
 * a processor's simulation waits for another rank's next event (the replay
 * delivers events in about the order they happened in the trace; a
 * placement that makes some ranks run far ahead of others for a long time
 * without communicating makes that buffer grow: see max_queued).
 *
 * Ownership: skel_lbf_placement_parse() allocates a placement freed with
 * skel_lbf_placement_free().  skel_lbf_predict() reads its options during
 * the call only and fills a result whose arrays it allocates;
 * skel_lbf_result_free() releases them.
 */
#ifndef SKEL_LBF_H
#define SKEL_LBF_H

#include <stdint.h>

#include "commtable.h"
#include "trace.h"

/* Processes grouped onto processors, processors onto hosts.
 *
 * Spec syntax (docs/predictions.md):
 *   identity          one processor per process, where it was traced
 *   N/M               N processes (the trace's number) on M processors in
 *                     blocks: the first ceil(N/M) on processor 0, ...
 *   N/M@H             the same, the M processors spread over H hosts in blocks
 *   G/G/...           explicit groups, one per processor; G is a list of ranks
 *                     and ranges ("0,1", "0-3", "0,2-3"), optionally followed
 *                     by @NAME to put the processor on host NAME
 * A processor whose host is not named stays on the host where its first
 * rank was traced.  Every rank must be in exactly one group. */
struct skel_lbf_placement {
    uint32_t nranks;
    uint32_t ngroups;
    uint32_t *group; /* per rank: its processor */
    char **host;     /* per processor: host name, or NULL (where its first rank was traced) */
    char *spec;      /* the text it was parsed from */
};

int skel_lbf_placement_parse(const char *spec, uint32_t nranks, struct skel_lbf_placement **out);
void skel_lbf_placement_free(struct skel_lbf_placement *p);

/* A step's end as the prediction places it (for tests and --verbose). */
struct skel_lbf_report {
    uint32_t rank, group;
    uint64_t seq;
    uint16_t call;
    double time_ns; /* the group's clock when the event happens */
};

struct skel_lbf_opts {
    const struct skel_lbf_placement *placement; /* NULL: identity */
    const skel_commtable *current;              /* network the trace was taken on (NULL: none; then
                                                   target must be NULL too) */
    const skel_commtable *target;               /* network to predict on (NULL: current) */
    int untraced;                               /* remove the tracer's cost from every gap */
    double link_burst;                          /* bytes a host link passes at line speed
                                                   before its rate holds (a token bucket
                                                   shaper's burst; 0: a plain link) */
    int drop_off_cpu; /* the trace's off-CPU time (in gaps, and the calls' time
                         the model does not explain) was spent waiting for a
                         processor the traced ranks shared: leave it out, the
                         simulation shares the processors anew */
    void (*report)(void *ctx, const struct skel_lbf_report *r); /* each event, in order */
    void *ctx;
};

struct skel_lbf_result {
    double predicted_ns; /* from the earliest first event to the last event's end */
    double measured_ns;  /* the traced run, measured the same way */
    /* The body of the predicted run, what a skeleton times between its
     * barriers: from the last end of MPI_Init over the ranks to the last
     * end of a step before MPI_Finalize (0 and the end of the run when the
     * trace has no MPI_Init). */
    double body_start_ns, body_end_ns;
    uint32_t nranks, ngroups, nhosts;
    double *rank_end_ns;   /* per rank: predicted end of its last event */
    double *group_busy_ns; /* per processor: time at least one of its processes ran
                              (its CPU time: a processor is one CPU) */
    uint64_t events, messages, collectives;
    uint32_t max_queued; /* most events read ahead at once */
};

int skel_lbf_predict(const skel_trace *t, const struct skel_lbf_opts *o,
                     struct skel_lbf_result *res);
void skel_lbf_result_free(struct skel_lbf_result *res);

#endif
