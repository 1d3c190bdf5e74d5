/* cluster.h - the emulated cluster as `skel testbed` drives it (testbed.h
 * and scenario.h do the work): a configuration from per-host lists, bringing
 * it up so that an interruption does not leave half of it, and sharing it
 * under a scenario until a signal or a duration.
 *
 * Ownership: nothing is kept from the arguments.
 */
#ifndef SKEL_CLUSTER_H
#define SKEL_CLUSTER_H

#include <stddef.h>

#include "testbed.h"

/* Per-host settings as given on the command line: one value for every host
 * ("1,1,0.5,0.25") or one value for all; NULL: the default. */
struct skel_cluster_lists {
    const char *cpu;   /* CPU quota in cores (0 or "full": none) */
    const char *cores; /* cores: 0, 1, 0-1, 0+2 or all */
    const char *link;  /* link rate, e.g. 100mbit ("none": unshaped) */
    const char *slots; /* MPI slots */
};

/* The configuration of nhosts hosts; errors name the list ("--cpu: 3
 * values for 4 hosts ..."). */
int skel_cluster_config(unsigned nhosts, const struct skel_cluster_lists *l,
                        struct skel_testbed_config *cfg);

/* Bring the testbed up (a leftover one is removed first: *leftover) and
 * describe it into desc.  Interrupted just after, it is taken down again:
 * SKEL_EINTERRUPTED. */
int skel_cluster_up(const struct skel_testbed_config *cfg, int *leftover, char *desc, size_t len);

struct skel_cluster_share_opts {
    const char *file;    /* scenario XML */
    const char *name;    /* the scenario */
    const char *testbed; /* the instance (NULL: the default one) */
    double duration_s; /* <= 0: until SIGINT or SIGTERM */
    /* Once applied, before the wait; may be NULL. */
    void (*applied)(void *arg, const char *name, size_t ncompetitors);
    void *arg;
};

/* Apply the scenario, shared (throttle.h: others may run under it), to the
 * testbed, wait, remove it (also after a failure); *removed when it was
 * applied and removed cleanly. */
int skel_cluster_share(const struct skel_cluster_share_opts *o, int *removed);

#endif
