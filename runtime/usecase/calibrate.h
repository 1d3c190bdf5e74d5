/* calibrate.h - trace-driven predictions checked against skeleton runs
 * (`skel calibrate`, docs/predictions.md "Calibration").
 *
 * Every prediction Skel makes from a trace - another placement (LBF),
 * another network (NF), a procedure made free (critical-path zeroing) - is
 * a change of the run time, new / old.  Calibration makes the same change
 * happen to the application's performance skeleton on the emulated testbed
 * and measures it:
 *
 *   baseline   the skeleton with one rank per testbed host (host i pinned to
 *              its own core), its compute calibration fixed on a first run;
 *   placement  the skeleton with its ranks packed onto fewer hosts as the
 *              placement's processors say (two ranks sharing one core);
 *              predicted: LBF(placement) / LBF(one rank per host);
 *   network    the skeleton with every host link limited by tbf to a rate;
 *              predicted: NF(table measured under the limit) / NF(table
 *              measured without it), both with one rank per host;
 *   zero       for each of the top compute phases of the critical path, a
 *              skeleton regenerated (same K, mode and seed) from the
 *              signature with that phase's compute set to zero; predicted:
 *              (critical path - what zeroing the phase saves) / critical path.
 *
 *   error = predicted change / measured change - 1
 *
 * Predictions are of the run's body, as the skeleton times it: from the end
 * of MPI_Init to MPI_Finalize.
 *
 * With an application command, the application is measured too at the
 * baseline, the placement and the network (it cannot be zeroed): its wall
 * time from launch to exit, less the launch overhead the skeleton's launch
 * under the same conditions showed (wall time less its own repeats' time),
 * so that predictions are checked against the application as well.
 *
 * LBF and NF take their communication times from tables: the network the
 * trace was taken on (a table given, or measured as `skel netprobe` does on
 * "local" when every rank was traced on one host) and the testbed's,
 * measured the same way (with and without the limit) during the run.  Both
 * the measurements and the regenerated skeletons are made in this process
 * (netprobe_run.h, gen.h).
 *
 * All skeleton runs use the yield shim, so ranks sharing a core take turns
 * as the LBF model assumes, and the same for the baseline they are compared
 * with.  The testbed is the one that is up, or one brought up (and taken
 * down) for the run; the link limit is applied as a scenario and removed,
 * also on failure and Ctrl-C.
 *
 * Ownership: skel_calibrate_run() fills a result released with
 * skel_calibrate_result_free() (also after a failure).  Options are read
 * during the call only.
 */
#ifndef SKEL_CALIBRATE_H
#define SKEL_CALIBRATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "launch.h"
#include "signature.h"

#define SKEL_CALIBRATE_MAX_ZERO 16

struct skel_calibrate_opts {
    const char *skeleton_dir; /* made by skel generate */
    const char *trace_dir;    /* NULL: SKELETON/trace */
    const char *signature;    /* NULL: SKELETON/app.sig */
    const char *table;        /* table of the network the trace was taken on; NULL: measure
                                 on "local" */
    const char *placement;    /* LBF spec with contiguous blocks ("2/1"); NULL: two ranks per
                                 processor; "" or "none": no placement row */
    uint64_t link_bps;        /* link limit of the network row; 0: no network row */
    unsigned zero;            /* compute phases to zero (0: none) */
    unsigned repeat;          /* the skeleton's --repeat per measurement; 0: 3 */
    double timeout_s;         /* per launch; <= 0: none */
    char *const *app_argv;    /* the application (program and arguments, no launcher), also
                                 measured at the baseline, the placement and the network;
                                 NULL: only the skeleton */
    unsigned app_repeat;      /* launches per application measurement; 0: 1 */
    const char *netprobe;     /* skel-netprobe-mpi, the ping-pong program (netprobe_run.h) */
    const char *templates;    /* the skeleton templates, to regenerate skeletons (gen.h) */
    const char *version;      /* Skel's version, written into them; NULL: "0" */
    int verbose;
    const char *work_dir;           /* keep tables, signatures and skeletons there; NULL: a
                                       temporary directory removed at the end */
    struct skel_launch_tools tools; /* nsexec, shim_yield required */
    /* After each measurement or prediction; may be NULL. */
    void (*progress)(void *arg, const char *what);
    void *progress_arg;
};

struct skel_calibrate_row {
    char kind[16];           /* "placement", "network", "zero" */
    char target[512];        /* the placement spec, the rate, or the phase's name */
    double predicted_change; /* new / old; NAN if not predicted */
    double measured_change;  /* new / old; NAN if not measured */
    double error;            /* predicted / measured - 1; NAN without both */
    double baseline_s;       /* skeleton time the change is against */
    double measured_s;       /* skeleton time under the change */
    double min_s, max_s;     /* of the measured repeats */
    double app_s;            /* the application under the change (NAN: not measured) */
    double app_change;       /* app_s / the application's baseline */
    double app_error;        /* predicted / app_change - 1 */
    char note[512];          /* what the user should know about this row, or "" */
};

struct skel_calibrate_result {
    char skeleton[4096];
    unsigned nranks;
    double k;
    double baseline_s, baseline_min_s, baseline_max_s;
    double app_baseline_s; /* the application at the baseline, net of the launch overhead
                              (0: not measured) */
    double calibration;    /* compute units per ns fixed for every run */
    double cp_length_ns;   /* critical path of the trace between MPI_Init and MPI_Finalize
                              (0: not computed) */
    int implicit_testbed;
    size_t n;
    struct skel_calibrate_row *rows;
};

int skel_calibrate_run(const struct skel_calibrate_opts *o, struct skel_calibrate_result *res);
void skel_calibrate_result_free(struct skel_calibrate_result *res);

/* The table `skel calibrate` prints. */
void skel_calibrate_print(FILE *out, const struct skel_calibrate_result *res);
/* CSV (temporary file, then rename); header
 *   kind,target,predicted_change,measured_change,error,baseline_s,measured_s,min_s,max_s,
 *   app_baseline_s,app_s,app_change,app_error,note
 * changes are ratios new / old, error a fraction; empty cells when unknown. */
int skel_calibrate_write_csv(const char *path, const struct skel_calibrate_result *res);

/* "module-basename+0xOFFSET" of a signature site, as pag.h names sites
 * ("0xOFFSET" without a module). */
void skel_calibrate_site_addr(const skel_sig_site *site, char *out, size_t len);

/* Set the compute (wall and CPU) of every symbol of the phase from_addr ->
 * to_addr to zero: the symbols whose call site is to_addr and whose
 * previous call site is from_addr ("(start)" or "": no previous site).
 * *nsym gets how many symbols matched, *zeroed_ns the compute time they
 * held over all ranks (occurrences x mean).  Derived totals are updated. */
int skel_calibrate_zero_phase(skel_signature *s, const char *from_addr, const char *to_addr,
                              uint32_t *nsym, double *zeroed_ns);

/* Whether the placement spec's groups are contiguous blocks of ranks
 * (0-1/2-3, not 0,2/1,3); *slots[i] (cap entries) gets processor i's rank
 * count and *nproc the processors.  SKEL_EUSAGE otherwise. */
int skel_calibrate_placement_blocks(const char *spec, uint32_t nranks, unsigned *slots, size_t cap,
                                    size_t *nproc);

#endif
