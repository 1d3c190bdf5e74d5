/* calibrate.h - trace-driven predictions checked against skeleton runs and
 * the application (`skel calibrate`, docs/predictions.md "Calibration").
 *
 * Every prediction Skel makes from a trace - another placement (LBF),
 * another network (NF), a procedure made free (critical-path zeroing) - is
 * a change of the run time, new / old.  Calibration makes the same change
 * happen to the application's performance skeleton (and, given, to the
 * application) on the emulated testbed and measures it:
 *
 *   baseline   the skeleton with one rank per testbed host (host i pinned to
 *              its own core), its compute calibration fixed on a first run;
 *   placement  the skeleton with its ranks packed onto fewer hosts as the
 *              placement's processors say (two ranks sharing one core);
 *              predicted: LBF(placement) / LBF(one rank per host);
 *   network    for each link rate, the skeleton with every host link limited
 *              by tbf to it; predicted: NF on the testbed's unlimited table
 *              with links of the rate measured under the limit, over NF
 *              without the limit, both with one rank per host;
 *   zero       for each of the top compute phases of the critical path, a
 *              skeleton regenerated (same K, mode and seed) from the
 *              signature with that phase's compute set to zero; predicted:
 *              (critical path - what zeroing the phase saves) / critical path.
 *
 *   error = predicted change / measured change - 1
 *
 * Predictions are of the run's body, as the skeleton times it: from the end
 * of MPI_Init to MPI_Finalize.  Each LBF and NF prediction has an interval:
 * the changes predicted with every compute phase and call's own work at the
 * 10th and the 90th percentile of its kind in the trace (lbf.h); a row says
 * whether the skeleton's measured change lies inside it.
 *
 * The baseline, the placement and the networks are measured in rounds: each
 * round runs the skeleton (and the application) once in every
 * configuration, so that what changes on the machine over time changes
 * every configuration alike; a configuration's change is the median over
 * the rounds of its time over the baseline's in the same round, printed
 * with the smallest and largest of them.  The application's time is its
 * wall time from launch to exit, less the launch overhead the skeleton's
 * launch in the same configuration and round showed (wall time less its
 * own repeats' time).
 *
 * LBF and NF take their communication times from tables: the network the
 * trace was taken on (a table given, or measured as `skel netprobe` does on
 * "local" when every rank was traced on one host) and the testbed's,
 * measured the same way and, as every testbed run, with the yield shim:
 * cross-host without a limit and under each limit, and two ranks on host 1.
 * How host 1's processor is shared - its quantum and what a switch costs -
 * is measured there too (schedprobe.h) and the placement is predicted with
 * that slice scheduler and yielding waits.  Both the measurements and the
 * regenerated skeletons are made in this process (netprobe_run.h, gen.h).
 *
 * All skeleton and application runs use the yield shim.  The testbed is the
 * one that is up, or one brought up (and taken down) for the run; link
 * limits are applied as scenarios and removed, also on failure and Ctrl-C.
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

#define SKEL_CALIBRATE_MAX_ZERO   16
#define SKEL_CALIBRATE_MAX_LINKS  8
#define SKEL_CALIBRATE_MAX_ROUNDS 100

struct skel_calibrate_opts {
    const char *skeleton_dir; /* made by skel generate */
    const char *trace_dir;    /* NULL: SKELETON/trace */
    const char *signature;    /* NULL: SKELETON/app.sig */
    const char *table;        /* table of the network the trace was taken on; NULL: measure
                                 on "local" */
    const char *placement;    /* LBF spec with contiguous blocks ("2/1"); NULL: two ranks per
                                 processor; "" or "none": no placement row */
    uint64_t link_bps[SKEL_CALIBRATE_MAX_LINKS]; /* link limits, one network row each */
    unsigned nlinks;                             /* 0: no network row */
    unsigned zero;                               /* compute phases to zero (0: none) */
    unsigned repeat;                             /* the skeleton's --repeat per measurement; 0: 3 */
    unsigned rounds;       /* rounds of the baseline, placement and network measurements;
                              0: 5 */
    double timeout_s;      /* per launch; <= 0: none */
    char *const *app_argv; /* the application (program and arguments, no launcher), also
                              measured at the baseline, the placement and the network;
                              NULL: only the skeleton */
    unsigned app_repeat;   /* at least this many rounds when the application is measured */
    const char *netprobe;  /* skel-netprobe-mpi, the ping-pong program (netprobe_run.h) */
    const char *templates; /* the skeleton templates, to regenerate skeletons (gen.h) */
    const char *version;   /* Skel's version, written into them; NULL: "0" */
    int verbose;
    const char *work_dir;           /* keep tables, signatures and skeletons there; NULL: a
                                       temporary directory removed at the end */
    struct skel_launch_tools tools; /* nsexec, shim_yield required */
    /* After each measurement or prediction; may be NULL. */
    void (*progress)(void *arg, const char *what);
    void *progress_arg;
};

struct skel_calibrate_row {
    char kind[16];                     /* "placement", "network", "zero" */
    char target[512];                  /* the placement spec, the rate, or the phase's name */
    double predicted_change;           /* new / old; NAN if not predicted */
    double measured_change;            /* new / old; NAN if not measured */
    double error;                      /* predicted / measured - 1; NAN without both */
    double baseline_s;                 /* skeleton time the change is against */
    double measured_s;                 /* skeleton time under the change */
    double min_s, max_s;               /* of the measured repeats */
    double app_s;                      /* the application under the change (NAN: not measured) */
    double app_change;                 /* app_s / the application's baseline */
    double app_error;                  /* predicted / app_change - 1 */
    double predicted_lo, predicted_hi; /* the prediction's interval (NAN: none) */
    int inside;                        /* the skeleton's change lies in it (-1: unknown) */
    int app_inside;                    /* the application's change lies in it (-1: unknown) */
    unsigned rounds;                   /* rounds measured (skeleton) */
    unsigned app_rounds;               /* ... and of the application */
    double change_min, change_max;     /* the skeleton's change over the rounds */
    double app_change_min, app_change_max; /* the application's */
    char note[512];                        /* what the user should know about this row, or "" */
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
    char sched[128];       /* the scheduler model the placement was predicted with */
    char sched_probe[512]; /* what the probe of host 1's processor measured */
    unsigned rounds;
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
 *   app_baseline_s,app_s,app_change,app_error,note,predicted_lo,predicted_hi,inside,
 *   rounds,change_min,change_max,app_rounds,app_change_min,app_change_max,app_inside
 * changes are ratios new / old, error a fraction, inside 0 or 1; empty cells when
 * unknown. */
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
