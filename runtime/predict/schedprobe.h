/* schedprobe.h - how the kernel shares one processor between two processes,
 * measured: the parameters of LBF's slice scheduler model (lbf.h) for the
 * host a placement puts its ranks on, as netprobe.h measures its network.
 *
 * Three short experiments, each with two processes pinned to the processor
 * (docs/predictions.md, "Sharing a processor"):
 *
 *   busy + busy     how long one runs before the other gets the processor:
 *                   the quantum (the median run between gaps);
 *   busy + sleeper  a process that sleeps a little in a loop (as a master
 *                   polling with nanosleep): how much of every turn it takes
 *                   from the busy one beyond its own CPU time - two
 *                   switches - and whether its wake-up preempts the busy one
 *                   (its turn takes as long as when alone);
 *   busy + yielder  a process that waits in a sched_yield loop (the yield
 *                   shim's MPI calls): how long after the busy one sets a
 *                   flag the yielder sees it.
 *
 * Ownership: plain data; nothing to free.  The experiments fork children
 * that end with them (also when the parent dies: each gives up after its
 * own deadline).
 */
#ifndef SKEL_SCHEDPROBE_H
#define SKEL_SCHEDPROBE_H

#include <stddef.h>

#include "lbf.h"

struct skel_schedprobe_result {
    int cpu;                     /* the processor measured */
    double quantum_ns;           /* busy + busy: median run of one before the other runs */
    double switch_ns;            /* busy + sleeper: what a switch costs the busy process */
    double sleeper_cycle_ns;     /* the sleeper's turn with the busy one beside it */
    double sleeper_alone_ns;     /* ... and alone */
    double sleeper_cpu_ns;       /* its own CPU per turn */
    double sleeper_alone_cpu_ns; /* ... alone, on the idle processor */
    double wake_ns;              /* sleeper_alone_cpu_ns - sleeper_cpu_ns (0 if negative) */
    double busy_loss;            /* share of the processor the busy one lost to it */
    double notice_ns;            /* busy + yielder: median time until the yielder saw the flag */
    double yield_ns;             /* a yield that switches between two yielders */
};

/* Measure on processor cpu (seconds: time per experiment, 0: 0.4). */
int skel_schedprobe_run(int cpu, double seconds, struct skel_schedprobe_result *out);

/* The slice scheduler these measurements describe, with waits of `wait`. */
void skel_schedprobe_sched(const struct skel_schedprobe_result *r, int wait,
                           struct skel_lbf_sched *out);

/* One line for a person: "quantum 4.0 ms, switch 4.2 us, a sleeping poller's
 * turn 83 us (alone 89 us), a yielder notices after 4.0 ms". */
void skel_schedprobe_describe(const struct skel_schedprobe_result *r, char *buf, size_t len);

#endif
