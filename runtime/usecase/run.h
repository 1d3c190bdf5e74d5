/* run.h - a program run on a node set, R times, optionally under a sharing
 * scenario, and timed (`skel run`): the scenario file read, the node set
 * resolved (the testbed brought up when the set or the scenario needs one
 * and none is up), the runs launched (launch.h), their CSV written.
 *
 * Ownership: nothing is kept from the options; the result holds the launch
 * result and, for a dry run, the launch vectors, released with
 * skel_run_result_free() (also after a failure).  A testbed brought up here
 * is taken down before skel_run() returns.
 */
#ifndef SKEL_RUN_H
#define SKEL_RUN_H

#include "launch.h"

struct skel_run_opts {
    const char *nodes;         /* node-set spec (launch.h) */
    unsigned nranks;           /* 0: the set's slots */
    char *const *argv;         /* the program and its arguments (an application or a skeleton) */
    unsigned repeat;           /* runs; 0: 1 */
    double timeout_s;          /* per run; <= 0: none */
    const char *scenario_file; /* with scenario_name: applied around the runs; or NULL */
    const char *scenario_name;
    int yield;                  /* preload the yield shim */
    enum skel_mpi_flavor mpi;   /* the program's MPI; SKEL_MPI_UNKNOWN: read from argv[0]'s
                                   ELF dependencies, MPICH if none is found */
    int finalize_shim;          /* enum skel_launch_shim */
    const char *const *preload; /* preloaded before the shims, NULL-terminated; or NULL */
    const char *const *env;     /* NAME=VALUE for the ranks, NULL-terminated; or NULL */
    const char *output;         /* the program's stdout and stderr; NULL: this process's */
    const char *csv;            /* one row per run and a summary row; NULL: none */
    int dry_run;                /* build the launch command only */
    int verbose;
    struct skel_launch_tools tools;
    /* After every run; may be NULL. */
    void (*progress)(void *arg, unsigned index, const struct skel_launch_repeat *rep);
    void *progress_arg;
    /* When a testbed is brought up for the runs (nhosts); may be NULL. */
    void (*testbed_up)(void *arg, unsigned nhosts);
};

struct skel_run_result {
    struct skel_launch_result launch; /* the runs and their statistics */
    char **dry_argv, **dry_env;       /* dry run: the launch vector and its environment */
    enum skel_mpi_flavor mpi;         /* the MPI launched for */
    char mpi_why[600];                /* how it was found (for -v) */
};

/* SKEL_OK when every run succeeded; see skel_launch_run() for the rest. */
int skel_run(const struct skel_run_opts *o, struct skel_run_result *res);
void skel_run_result_free(struct skel_run_result *res);

#endif
