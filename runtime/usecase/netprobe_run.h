/* netprobe_run.h - a communication cost table measured on a node set and
 * written to a file (`skel netprobe`; `skel calibrate` calls it in
 * process): the node set resolved, the testbed acquired when the set names
 * its hosts, a pair of ranks of each kind chosen (two slots of one host for
 * same-host pairs, two hosts for cross-host pairs), the ping-pong program
 * launched on each with the harness (netprobe.h, launch.h), the table
 * written (commtable.h).
 *
 * Ownership: nothing is kept from the options; the result's table belongs
 * to the caller, released with skel_netprobe_run_free() (also after a
 * failure).
 */
#ifndef SKEL_NETPROBE_RUN_H
#define SKEL_NETPROBE_RUN_H

#include <stdint.h>

#include "commtable.h"
#include "launch.h"
#include "testbed.h"

struct skel_netprobe_run_opts {
    const char *nodes;              /* node-set spec (launch.h); NULL: "local" */
    const char *output;             /* the table to write (CSV) */
    int kind;                       /* a SKEL_COMMTABLE_* kind, or -1: every kind the set has */
    uint64_t max_size;              /* largest message; 0: 4 MiB */
    unsigned repeats;               /* round trips per size at most; 0: 1000 */
    double seconds;                 /* time per size, about; 0: 0.2 s */
    double timeout_s;               /* per launch; <= 0: 600 */
    const char *const *env;         /* NAME=VALUE for the ranks, NULL-terminated; or NULL */
    int verbose;                    /* print the launch command */
    const char *program;            /* skel-netprobe-mpi */
    struct skel_launch_tools tools; /* nsexec for testbed sets, the finalize shim */
    skel_testbed *testbed; /* the testbed to use, already acquired; NULL: acquired here when
                              the set needs it (and released at the end) */
    const char *log;       /* the ranks' output goes there; NULL: this process's */
    /* Notes as the measurement goes ("measuring same-host pairs (...)"); may
     * be NULL. */
    void (*note)(void *arg, const char *text);
    void *note_arg;
};

struct skel_netprobe_run_result {
    skel_commtable *table; /* as written */
    unsigned kinds;        /* bit (1 << kind) for each kind measured */
};

int skel_netprobe_run(const struct skel_netprobe_run_opts *o, struct skel_netprobe_run_result *res);
void skel_netprobe_run_free(struct skel_netprobe_run_result *res);

#endif
