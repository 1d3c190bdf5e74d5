/* lbf.h - trace-driven prediction of a run on another placement (Load
 * Balancing Factor, Eom et al. section 2) and on another network (Networking
 * Factor, Eom et al. section 3), or both.
 *
 * The traced processes are grouped onto processors.  How a processor is
 * shared is the scheduler model (struct skel_lbf_sched): Eom et al.'s fair
 * sharing with an infinitely small quantum, or time slices as the kernel
 * gives them, with the processes waiting in MPI blocked, yielding or
 * busy-polling.  The Group Activity Graph algorithm of Eom et al. Fig. 2 is
 * run over the Program Activity Graph of the trace (pag.h): events are taken
 * in happens-before order, the CPU time between them comes from the trace,
 * and the time a message or a collective takes comes from communication
 * tables (commtable.h) - as a change against the table of the network the
 * trace was taken on, so that the identity placement on the same network
 * reproduces the traced run - and from the host links, token buckets that
 * every message and collective crosses.  docs/predictions.md describes the
 * model of every kind of MPI call and the measurements behind it.
 *
 * A prediction can also be made with every compute phase and every call's
 * own work at a quantile of its distribution in the trace (a spread, built
 * once by skel_lbf_spread_build()): skel_lbf_predict_interval() makes the
 * prediction and the two replays that bound it.
 *
 * Memory: the ranks, the messages in flight, and the events read ahead while
 * a processor's simulation waits for another rank's next event (the replay
 * delivers events in about the order they happened in the trace; a
 * placement that makes some ranks run far ahead of others for a long time
 * without communicating makes that buffer grow: see max_queued).  A spread
 * holds a histogram per compute phase and call site.
 *
 * Ownership: skel_lbf_placement_parse() allocates a placement freed with
 * skel_lbf_placement_free(); skel_lbf_spread_build() a spread freed with
 * skel_lbf_spread_free().  skel_lbf_predict() reads its options during the
 * call only and fills a result whose arrays it allocates;
 * skel_lbf_result_free() releases them.
 */
#ifndef SKEL_LBF_H
#define SKEL_LBF_H

#include <signal.h>
#include <stddef.h>
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

/* How a processor is shared by the processes placed on it
 * (docs/predictions.md, "Sharing a processor").
 *
 *   fair   Eom et al.: the k processes that want the processor get 1/k of it
 *          each (round robin with an infinitely small quantum); a process
 *          whose wait is over continues at once.
 *   slice  the kernel's way, as measured on the target host: the processor
 *          runs one process at a time, for up to a quantum while another
 *          wants it; a process that wakes from a sleep (or from a blocking
 *          wait) preempts the running one; every switch to another process
 *          costs the processor switch_ns.
 *
 * How a process waits inside MPI for a message or a collective:
 *
 *   block  it leaves the processor and is woken when the wait is over;
 *   yield  it keeps yielding (MPICH with Skel's yield shim): it notices the
 *          end of its wait only when the processor comes back to it - when
 *          the running process waits itself, or its quantum ends;
 *   spin   it busy-polls (MPICH's default): it wants the processor all the
 *          time it waits, and takes its turn like a computing process.
 *
 * A process polling in a loop of its own (MPI_Test or MPI_Iprobe and a
 * sleep, as a master that naps between polls) takes, while it waits, the
 * share of the processor its polls took in the trace (their CPU over the
 * loop's time), and with the slice policy two switches per poll.  Its polls
 * were traced on a processor of their own, idle while it slept: waking an
 * idle processor costs the sleeper CPU that a wake beside a computing
 * process does not (measured: 17.8 us a poll traced, 13.4 us placed, for
 * the master/worker sample's master), so wake_ns - that difference, as
 * skel_schedprobe measures it - is taken off each poll's traced CPU. */
enum skel_lbf_policy { SKEL_LBF_FAIR = 0, SKEL_LBF_SLICE };
enum skel_lbf_wait { SKEL_LBF_WAIT_BLOCK = 0, SKEL_LBF_WAIT_YIELD, SKEL_LBF_WAIT_SPIN };

struct skel_lbf_sched {
    int policy;        /* enum skel_lbf_policy */
    int wait;          /* enum skel_lbf_wait */
    double quantum_ns; /* slice: how long a process runs while another wants the processor
                          (0: 4 ms) */
    double switch_ns;  /* slice: processor time lost per switch to another process */
    double wake_ns;    /* CPU a sleeping poller's turn takes on an idle processor beyond
                          one beside a computing process (0: none) */
};

/* Parse a scheduler spec: "fair" or "slice", then ",KEY=VALUE" settings:
 * wait=block|yield|spin, quantum=TIME, switch=TIME, wake=TIME (TIME a number with ns,
 * us, ms or s).  "fair" alone is Eom et al.'s model. */
int skel_lbf_sched_parse(const char *spec, struct skel_lbf_sched *out);
/* The spec back ("slice,wait=yield,quantum=4ms,switch=3.5us"; ",wake=TIME"
 * when set). */
void skel_lbf_sched_format(const struct skel_lbf_sched *s, char *buf, size_t len);

/* The distributions of a trace's compute phases and calls' own work, for
 * replays at a quantile (skel_lbf_spread_build). */
typedef struct skel_lbf_spread skel_lbf_spread;

struct skel_lbf_opts {
    const struct skel_lbf_placement *placement; /* NULL: identity */
    const skel_commtable *current;              /* network the trace was taken on (NULL: none; then
                                                   target must be NULL too) */
    const skel_commtable *target;               /* network to predict on (NULL: current) */
    int untraced;                               /* remove the tracer's cost from every gap */
    double link_burst;                          /* bytes a host link passes at line speed
                                                   before its rate holds (a token bucket
                                                   shaper's burst; 0: a plain link) */
    double link_ns_per_byte;                    /* the target's host links pass a byte per this
                                                   many ns (a shaper's rate as measured: the
                                                   time per byte of large messages); 0: the
                                                   target table's time per byte of large
                                                   messages beyond the traced network's */
    int drop_off_cpu;              /* the trace's off-CPU time (in gaps, and the calls' time
                                      the model does not explain) was spent waiting for a
                                      processor the traced ranks shared: leave it out, the
                                      simulation shares the processors anew */
    struct skel_lbf_sched sched;   /* zero: fair, blocked waits (Eom et al.) */
    const skel_lbf_spread *spread; /* with spread_q: replay at a quantile */
    double spread_q;               /* every compute phase and call's own work at this
                                      quantile of its distribution (0 < q < 1) */
    void (*report)(void *ctx, const struct skel_lbf_report *r); /* each event, in order */
    void *ctx;
    /* Non-NULL: the simulation stops with SKEL_EINTERRUPTED soon after *stop
     * becomes non-zero (a command's signal flag: runtime/harness/proc.h). */
    const volatile sig_atomic_t *stop;
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
    uint64_t switches;   /* slice policy: switches of a processor to another process */
};

int skel_lbf_predict(const skel_trace *t, const struct skel_lbf_opts *o,
                     struct skel_lbf_result *res);
void skel_lbf_result_free(struct skel_lbf_result *res);

/* The distributions of the trace's compute phases (CPU of each gap) and of
 * every call site's own work, as the Program Activity Graph built with o's
 * table and untraced setting sees them: one pass over the trace. */
int skel_lbf_spread_build(const skel_trace *t, const struct skel_lbf_opts *o,
                          skel_lbf_spread **out);
void skel_lbf_spread_free(skel_lbf_spread *s);
/* The q-quantile of compute phase (kind 0) or call site (kind 1) id; NAN
 * when it has fewer than 2 values. */
double skel_lbf_spread_quantile(const skel_lbf_spread *s, int kind, uint32_t id, double q);

/* A prediction with an interval: the prediction itself (res), and the
 * predictions with every compute phase and call's own work at its lo_q and
 * hi_q quantile (their bodies in *lo_body_ns, *hi_body_ns).  o->spread is
 * used when set, else built (and freed) here. */
int skel_lbf_predict_interval(const skel_trace *t, const struct skel_lbf_opts *o, double lo_q,
                              double hi_q, struct skel_lbf_result *res, double *lo_body_ns,
                              double *hi_body_ns);

#endif
