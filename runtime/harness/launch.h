/* launch.h - run an MPI program on a node set, R times, with a timeout and
 * optionally under a sharing scenario; time each repeat; summarise; write CSV.
 * An application and a performance skeleton are the same thing here: a
 * command line.  This is the API behind `skel run`, and the one `skel
 * select`, `skel validate` and `skel calibrate` call.
 *
 * Ownership: skel_launch_run() reads the spec and everything it points to
 * only during the call (nothing is kept).  It fills a struct
 * skel_launch_result whose repeat array it allocates - also when it fails -
 * and that the caller releases with skel_launch_result_free().
 * skel_launch_build_argv() returns a malloc'd vector the caller frees with
 * skel_launch_argv_free().
 *
 * Signals: call skel_proc_signals_install() (proc.h) first to have Ctrl-C
 * and SIGTERM end the run cleanly: the job's process group and every
 * process it left are killed, the scenario is undone, and skel_launch_run()
 * returns SKEL_EINTERRUPTED.  A harness killed with SIGKILL leaves the job to
 * SIGTERM sent by the kernel to mpiexec (PR_SET_PDEATHSIG), and the testbed
 * leftovers to the next `skel testbed up/down`.
 *
 * The launcher follows the program's MPI (spec->mpi, found by the caller
 * from the program's ELF dependencies, elfdeps.h) or the one given
 * (tools.mpiexec, `--launcher`); Slurm node sets use srun.  The exact vector
 * is skel_launch_build_argv()'s:
 *
 * MPICH (Hydra):
 *   local    mpiexec.mpich -launcher fork -n N CMD...
 *   hosts    mpiexec.mpich -hosts a:2,b:2 -n N CMD...          (Hydra's ssh)
 *   testbed  mpiexec.mpich -launcher rsh -launcher-exec skel-nsexec
 *              -localhost 10.77.0.254 -hosts 10.77.0.1:2,... -n N
 *              -genv UCX_TLS tcp,self -genv UCX_NET_DEVICES eth0 CMD...
 *   with -genv LD_PRELOAD "<preload...> [yield shim] [finalize shim]" and
 *   -genv NAME VALUE for every spec->env entry.
 * Open MPI (mpirun):
 *   local    mpirun.openmpi [--allow-run-as-root] [--oversubscribe] -n N CMD...
 *   hosts    mpirun.openmpi ... -H a:2,b:2 -n N CMD...             (ssh)
 *   testbed  mpirun.openmpi ... --mca plm_rsh_agent skel-nsexec
 *              --mca plm_rsh_no_tree_spawn 1 --mca pml ob1 --mca btl tcp,self
 *              --mca btl_tcp_if_include eth0 --mca oob_tcp_if_include 10.77.0.0/24
 *              -H 10.77.0.1:2,... -n N CMD...
 *   with -x LD_PRELOAD=<preload...> and -x NAME=VALUE; the shims (built
 *   against MPICH) are never loaded, --yield is --mca mpi_yield_when_idle 1;
 *   --allow-run-as-root when run as root, --oversubscribe when N exceeds the
 *   slots.
 * Slurm:
 *   slurm    srun --mpi=pmi2|pmix --ntasks N --nodes=K --nodelist a,b
 *              [--export ALL,LD_PRELOAD=...] CMD...
 *   (pmi2 for MPICH, pmix for Open MPI, none when SLURM_MPI_TYPE is set);
 *   spec->env goes into srun's own environment, which it passes on.  A
 *   hostfile set launched with a srun launcher is treated alike (the nodes
 *   of the allocation the caller runs in).
 */
#ifndef SKEL_LAUNCH_H
#define SKEL_LAUNCH_H

#include <stddef.h>
#include <stdio.h>

#include "elfdeps.h"
#include "nodeset.h"
#include "scenario.h"
#include "testbed.h"

/* When to preload the MPICH 4.0.2 finalize work-around shim. */
enum skel_launch_shim {
    SKEL_LAUNCH_SHIM_AUTO, /* on for testbed runs (UCX over TCP) with 2 or more ranks */
    SKEL_LAUNCH_SHIM_ON,
    SKEL_LAUNCH_SHIM_OFF,
};

/* Programs and libraries the launch needs; the CLI finds them with
 * skel_cli_resource() and skel_cli_self_dir() (runtime/cli/cli.h). */
struct skel_launch_tools {
    const char *mpiexec;       /* the launcher (--launcher); NULL: by the MPI, mpiexec.mpich
                                  or mpirun.openmpi (looked up in PATH); a srun here
                                  launches hostfile sets inside an allocation */
    const char *srun;          /* NULL: "srun" */
    const char *nsexec;        /* skel-nsexec, required for testbed node sets */
    const char *shim_finalize; /* libskelshim-finalize.so; NULL: never preloaded */
    const char *shim_yield;    /* libskelshim-yield.so; required when yield is set */
};

/* How the ranks are started (skel_launch_style_of()). */
enum skel_launch_style {
    SKEL_LAUNCH_HYDRA,   /* MPICH's mpiexec */
    SKEL_LAUNCH_OPENMPI, /* Open MPI's mpirun */
    SKEL_LAUNCH_SRUN,    /* Slurm's srun */
};

enum skel_launch_outcome {
    SKEL_LAUNCH_OK,          /* exit status 0 */
    SKEL_LAUNCH_EXIT,        /* non-zero exit status */
    SKEL_LAUNCH_SIGNAL,      /* mpiexec/srun killed by a signal */
    SKEL_LAUNCH_TIMEOUT,     /* killed at the deadline */
    SKEL_LAUNCH_INTERRUPTED, /* killed because the harness got SIGINT/SIGTERM */
};

struct skel_launch_repeat {
    double wall_s; /* from spawning mpiexec/srun to reaping it (CLOCK_MONOTONIC) */
    enum skel_launch_outcome outcome;
    int status; /* exit status, or signal number for SKEL_LAUNCH_SIGNAL */
};

struct skel_launch_spec {
    const struct skel_nodeset *nodes;     /* required */
    const skel_testbed *testbed;          /* required for testbed node sets and scenarios */
    unsigned nranks;                      /* >= 1 */
    enum skel_mpi_flavor mpi;             /* the program's MPI; SKEL_MPI_UNKNOWN: MPICH */
    char *const *argv;                    /* program and arguments, NULL-terminated */
    unsigned repeat;                      /* number of runs; 0 counts as 1 */
    double timeout_s;                     /* per run; <= 0: none */
    const struct skel_scenario *scenario; /* NULL: none; applied once around all runs */
    int yield;                            /* preload the yield shim (more ranks than cores) */
    enum skel_launch_shim finalize_shim;
    const char *const *preload; /* NULL-terminated; preloaded before the shims (e.g. the tracer) */
    const char *const *env;     /* NULL-terminated "NAME=VALUE" for the ranks */
    const char *stdout_path;    /* the program's output; NULL: inherit */
    const char *stderr_path;
    const char *label; /* node-set text for the CSV; NULL: the set's name */
    int verbose;       /* print the launch vector to stderr before each run */
    struct skel_launch_tools tools;
    /* Called after every run (index from 0), e.g. to print progress; may be NULL. */
    void (*progress)(void *arg, unsigned index, const struct skel_launch_repeat *rep);
    void *progress_arg;
};

struct skel_launch_stats {
    size_t n; /* successful runs the statistics are over */
    double median_s, min_s, max_s;
    double mad_s;      /* median absolute deviation from the median */
    double q1_s, q3_s; /* quartiles (linear interpolation); IQR = q3 - q1 */
    double mean_s;
};

struct skel_launch_result {
    size_t nrepeat; /* runs made; fewer than asked when one failed */
    struct skel_launch_repeat *repeat;
    struct skel_launch_stats stats; /* over the successful runs */
    int finalize_shim_used;
    char note[512]; /* shared throttles on the hosts the runs used (throttle.h), or "" */
};

/* Resolve a node-set spec (nodeset.h) for a launch, together with the
 * testbed when the spec, the set it names, or the scenario sc (may be NULL)
 * needs one: the testbed that is up, or - if may_bring_up and none is - one
 * brought up implicitly for the caller (*implicit = 1; it has as many hosts
 * as the set and scenario name, at least 2).  *sets is a list of one set; *tb
 * stays NULL when no testbed is needed.  The caller releases both, also on
 * failure: skel_nodeset_list_free(*sets), skel_testbed_release(*tb) (which
 * takes an implicit testbed down).  SKEL_EUSAGE if the testbed is needed and
 * the caller is not root. */
int skel_launch_open_nodes(const char *spec, const struct skel_scenario *sc, int may_bring_up,
                           struct skel_nodeset_list **sets, skel_testbed **tb, int *implicit);

/* Run spec->argv spec->repeat times.  Stops at the first run that does not
 * succeed: SKEL_EEXEC (non-zero exit or signal), SKEL_ETIMEOUT,
 * SKEL_EINTERRUPTED; the result holds the runs made so far.  Set-up errors:
 * SKEL_EUSAGE (bad spec), SKEL_ENOTFOUND, SKEL_ESTATE, ... */
int skel_launch_run(const struct skel_launch_spec *spec, struct skel_launch_result *res);
void skel_launch_result_free(struct skel_launch_result *res);

/* The launch vector for one run (see the top of this file); *envp gets the
 * extra environment entries of the launcher itself (NULL-terminated, may be
 * empty).  Both are freed with skel_launch_argv_free(). */
int skel_launch_build_argv(const struct skel_launch_spec *spec, const char *run_cgroup,
                           char ***argv, char ***envp);
void skel_launch_argv_free(char **v);

/* The MPI a launch assumes (spec->mpi, MPICH when unknown), the launcher
 * style that follows from it, the node set and tools.mpiexec, and its name
 * for messages ("Hydra's mpiexec", "Open MPI's mpirun", "srun"). */
enum skel_mpi_flavor skel_launch_mpi(const struct skel_launch_spec *spec);
enum skel_launch_style skel_launch_style_of(const struct skel_launch_spec *spec);
const char *skel_launch_style_name(enum skel_launch_style st);

/* Statistics of n values (n may be 0: everything 0). */
void skel_launch_stats(const double *v, size_t n, struct skel_launch_stats *out);

/* Write the result as CSV (temporary file, then rename).  Columns:
 *   kind,repeat,wall_s,outcome,status,median_s,min_s,max_s,mad_s,q1_s,q3_s,
 *   nodes,nranks,scenario,command
 * one "run" row per run (statistics columns empty) and one "summary" row
 * (repeat = successful runs, wall_s = median, outcome ok|failed). */
int skel_launch_write_csv(const char *path, const struct skel_launch_spec *spec,
                          const struct skel_launch_result *res);

/* "ok", "exit", "signal", "timeout", "interrupted" */
const char *skel_launch_outcome_name(enum skel_launch_outcome o);

#endif
