/* validate.h - predicted against measured run time under sharing scenarios
 * (`skel validate`, Sodhi et al. sections 5.3 and 5.4).
 *
 * For each scenario (the dedicated reference first) the application and its
 * skeleton(s) run on the same node set under the same applied scenario; then
 *
 *   measured scaling ratio  r   = app(reference) / skeleton(reference)
 *   skeleton prediction         = skeleton(scenario) x r
 *   error                       = (predicted - measured) / measured
 *
 * so the reference row has error 0 by construction.  Two baselines, as in
 * Sodhi et al. 5.4:
 *   average prediction  app(reference) x the mean slowdown
 *                       time(scenario) / time(reference) of a set of other
 *                       applications under the same scenario (measured in the
 *                       same run, or read from the CSV of earlier runs);
 *   small input         small(scenario) x app(reference) / small(reference),
 *                       where small is a run of the application with a small
 *                       input given by the user.
 *
 * Times: skeletons report their own elapsed_s (select.h), median over their
 * --repeat.  Applications (the application, the small-input run, the
 * baseline applications) are timed by the wall clock from spawning mpiexec
 * to reaping it (skel_launch_run).  Under each scenario everything is
 * launched once per round (--repeat rounds, default 3), interleaved, and
 * each quantity is the median of its rounds; the applications' times are
 * then less - by
 * default - the launch overhead of the same node set under the same
 * scenario: mpiexec's start-up, MPI_Init and MPI_Finalize, 0.1-0.3 s
 * dedicated and several times that when a CPU is shared, which would
 * otherwise count as part of the application's slowdown.  It is measured on
 * the skeleton's own launches, as wall time minus the time the skeleton
 * reports for its repeats (possible because every skeleton run is given the
 * compute calibration measured unshared before the reference run).
 * wall_time = 1 keeps the plain wall time.
 *
 * Ownership: skel_validate_run() and skel_validate_read_csv() fill a struct
 * skel_validate_table the caller releases with skel_validate_table_free()
 * (also after a failure); skel_validate_series_from_csv() fills a series
 * released with skel_validate_series_free().  Nothing keeps pointers to the
 * options after return.
 */
#ifndef SKEL_VALIDATE_H
#define SKEL_VALIDATE_H

#include <stddef.h>
#include <stdio.h>

#include "launch.h"

#define SKEL_VALIDATE_MAX_SKELETONS 8
#define SKEL_VALIDATE_ROUNDS        3 /* default rounds per scenario */
#define SKEL_VALIDATE_MAX_ROUNDS    100
#define SKEL_VALIDATE_BOOTSTRAP     2000 /* resamples behind every interval */
#define SKEL_VALIDATE_MIN_CI_ROUNDS 3    /* fewer rounds: no interval */
#define SKEL_VALIDATE_TOLERANCE     0.04 /* default: a cell misses beyond +/- 4 % */

/* One measured quantity: a median over rounds, its spread and its rounds. */
struct skel_validate_measure {
    int ok;        /* measured */
    double time_s; /* median */
    double min_s, max_s;
    unsigned runs;   /* launches (rounds) it is the median of */
    char error[512]; /* why not, when a run failed */
    /* Every round's value in the order the rounds ran (applications: net of
     * the launch overhead when the times are; skeletons: the mean repeat of
     * the round's launches); nsamples 0 when unknown (a CSV of an earlier
     * version). */
    unsigned nsamples;
    double samples_s[SKEL_VALIDATE_MAX_ROUNDS];
    double lo_s, hi_s; /* the median's 95 % bootstrap interval; 0 when unknown */
    /* Skeletons: what their measurement cost under this scenario. */
    double spent_s;             /* skeleton seconds: every repeat of every launch */
    unsigned repeats, launches; /* in all rounds */
    unsigned tight;             /* rounds whose interval reached the policy's target */
};

/* A prediction and its error against the measured application. */
struct skel_validate_pred {
    int ok;
    double predicted_s;
    double error; /* (predicted - measured) / measured */
    /* 95 % bootstrap interval of error (skel_validate_error_interval());
     * ci 0 when there are too few rounds or no rounds in the table. */
    int ci;
    double lo, hi;
};

struct skel_validate_row {
    char *scenario;
    int reference; /* the row the ratios are taken on */
    struct skel_validate_measure app, small;
    struct skel_validate_measure skel[SKEL_VALIDATE_MAX_SKELETONS];
    double launch_s; /* launch overhead subtracted from the
                        applications' times (0: none) */
    /* Filled by skel_validate_compute(): */
    struct skel_validate_pred skel_pred[SKEL_VALIDATE_MAX_SKELETONS];
    struct skel_validate_pred avg_pred, small_pred;
    double avg_slowdown; /* mean slowdown of the baseline applications */
    unsigned avg_n;      /* how many had this scenario and the reference */
};

/* The times of one application under named scenarios: a baseline for the
 * average prediction. */
struct skel_validate_series {
    char *label;     /* its command line, or "FILE: command" */
    char *reference; /* scenario name of its reference run */
    size_t n;
    char **scenario;
    double *time_s; /* 0: not measured */
};

struct skel_validate_skeleton_info {
    char *dir;
    double k, expected_s, shortest_good_s;
    double ratio;              /* measured scaling ratio (0 until the reference is measured) */
    double ratio_lo, ratio_hi; /* its 95 % bootstrap interval (0: unknown); the dedicated
                                  ratio (app/K)/skeleton is ratio / k */
    double calibration;        /* compute units per ns of the reference run (0: unknown) */
    double calibration_spread; /* its launches' fastest / slowest - 1 (calibrate_skeletons) */
};

/* Error summary of one method over the non-reference rows. */
struct skel_validate_summary {
    size_t n;              /* rows with a prediction */
    double min, max, mean; /* of |error| */
    /* The rows with an interval, by verdict (skel_validate_verdict()), and
     * those whose whole interval lies beyond +/- 10 %. */
    size_t nci, hit, noise, unsure, miss, beyond10;
};

/* What a cell's 95 % interval [lo, hi] of the error says, for tolerance tol:
 *   "hit"     the interval lies within +/- tol;
 *   "noise"   it contains 0 but reaches beyond +/- tol: not a miss, but the
 *             rounds cannot tell (the application's or the skeleton's noise);
 *   "miss"    it lies entirely beyond +/- tol;
 *   "unsure"  it excludes 0 and crosses +/- tol: a bias, size not settled. */
const char *skel_validate_verdict(double lo, double hi, double tol);

/* 95 % percentile-bootstrap intervals (SKEL_VALIDATE_BOOTSTRAP resamples, a
 * fixed seed: the same rounds give the same interval).  Rounds are resampled
 * as units: round i's application with round i's skeleton, which ran one
 * after the other, so that a drift of the machine that slowed both is not
 * counted as an error; the reference's rounds and the scenario's are
 * resampled independently (they ran at different times).  Each returns 0
 * and sets lo = hi = 0 when a group has fewer than SKEL_VALIDATE_MIN_CI_ROUNDS
 * rounds; otherwise 1.
 *
 * The median of v. */
int skel_validate_median_interval(const double *v, size_t n, double *lo, double *hi);
/* median(app) / median(sk) over paired rounds (the measured scaling ratio). */
int skel_validate_ratio_interval(const double *app, const double *sk, size_t n, double *lo,
                                 double *hi);
/* The prediction's error
 *   median(sk) x median(ref_app) / median(ref_sk) / median(app) - 1,
 * with app[i] paired with sk[i] and ref_app[j] with ref_sk[j]. */
int skel_validate_error_interval(const double *ref_app, const double *ref_sk, size_t nref,
                                 const double *app, const double *sk, size_t n, double *lo,
                                 double *hi);

struct skel_validate_table {
    char *app;   /* command line */
    char *small; /* command line of the small-input run, or NULL */
    char *nodes; /* node-set text */
    unsigned nranks;
    unsigned app_repeat;  /* launches per measurement of an application */
    int net;              /* applications' times are net of the launch overhead */
    unsigned skel_repeat; /* the skeleton's own repeats per launch */
    double skel_target;   /* the repeat policy's target half-width (0: one launch a round) */
    double tolerance;     /* for the verdicts; 0: SKEL_VALIDATE_TOLERANCE */
    size_t nskel;
    struct skel_validate_skeleton_info skel[SKEL_VALIDATE_MAX_SKELETONS];
    double small_ratio; /* app(reference) / small(reference) */
    size_t nrows;
    struct skel_validate_row *rows;      /* the reference first */
    size_t nseries;                      /* baseline applications: measured in this run */
    struct skel_validate_series *series; /* (kind "baseline" in the CSV) or read from the
                                            CSV of other runs */
    /* The error summary of each method (skel_validate_summarize()): the
     * skeletons, then the average prediction, then the small input; filled
     * by skel_validate_compute(), read by skel_validate_print(). */
    struct skel_validate_summary summary[SKEL_VALIDATE_MAX_SKELETONS + 2];
    int implicit_testbed; /* a testbed was brought up for this run */
    char warning[512];    /* something the user should know, or "" */
};

struct skel_validate_opts {
    char *const *app_argv;             /* the application: program and arguments, no launcher */
    char *const *small_argv;           /* the small-input run, or NULL */
    char *const *const *baseline_argv; /* baseline applications to run, or NULL */
    size_t nbaseline;
    const char *baseline_file;        /* or their file: one command line per line
                                         (skel_validate_load_commands()) */
    const char *const *skeleton_dirs; /* 1..SKEL_VALIDATE_MAX_SKELETONS, same rank count */
    size_t nskeleton;
    const char *scenarios;    /* scenario XML file */
    const char *const *names; /* the scenarios to run, in order; NULL: all of the file */
    size_t nnames;
    const char *reference;    /* reference scenario; NULL: "dedicated" (built in, empty,
                                 when the file has none) */
    const char *nodes;        /* node-set spec; NULL: testbed:1,...,P (one rank per host) */
    unsigned repeat;          /* rounds per scenario: the application, each skeleton, the
                                 small input and the baselines once per round, interleaved;
                                 each measured as the median of its rounds;
                                 0: SKEL_VALIDATE_ROUNDS */
    unsigned skeleton_repeat; /* the skeleton's --repeat per launch; 0: 3 */
    /* The skeleton's repeat policy in each round (select.h,
     * skel_select_measure_pooled()): launches of skeleton_repeat repeats until
     * the 95 % interval of the mean repeat is within +/- skeleton_target,
     * skeleton_budget_s skeleton seconds are spent or skeleton_launches
     * launches ran; the round's value is the mean repeat.  skeleton_target
     * < 0: one launch a round; 0: SKEL_SELECT_POLICY_TARGET.  Budget 0:
     * SKEL_SELECT_POLICY_BUDGET x expected_s; launches 0: the default. */
    double skeleton_target;
    double skeleton_budget_s;
    unsigned skeleton_launches;
    double tolerance; /* a cell misses beyond +/- this; 0: SKEL_VALIDATE_TOLERANCE */
    double timeout_s; /* per launch; <= 0: none */
    int yield, verbose;
    enum skel_mpi_flavor mpi;        /* launch every program as for this MPI; SKEL_MPI_UNKNOWN:
                                        each program's own (ELF dependencies, skeleton.meta) */
    int self_calibrate;              /* let every skeleton run measure its own compute speed
                                        (needs wall_time) */
    int wall_time;                   /* applications: plain wall time (default: net of the
                                        launch overhead, see the top of this file) */
    int write_calibration;           /* write DIR/calibration after the reference run */
    const char *log_dir;             /* keep every run's output there; NULL: discard */
    const char *from_csv;            /* measure nothing: the table of an earlier run's CSV */
    const char *const *baseline_csv; /* CSVs of earlier runs of other applications: their
                                        application times are baselines too */
    size_t nbaseline_csv;
    struct skel_launch_tools tools;
    /* After every measurement; what: "application", "skeleton N", "small input",
     * "baseline N"; may be NULL. */
    void (*progress)(void *arg, const char *scenario, const char *what,
                     const struct skel_validate_measure *m);
    /* Called before each launch, to say what runs now: scenario and what as
     * for progress, and the launch's index (from 0) among all `launches`
     * the validation makes; may be NULL.  Shares progress_arg. */
    void (*starting)(void *arg, const char *scenario, const char *what, unsigned launch,
                     unsigned launches);
    void *progress_arg;
};

/* Measure everything (see the top of this file) and fill t - or, with
 * o->from_csv, read t from an earlier run's CSV - then add the baselines of
 * o->baseline_csv and skel_validate_compute(t).  Scenarios are applied once
 * around the runs of each scenario and removed after them, also on failure
 * and Ctrl-C; a testbed brought up implicitly is taken down.  A failure of
 * the reference runs stops validation; a failed run under another scenario
 * leaves its cells empty and makes the result SKEL_EEXEC once every scenario
 * was tried.  SKEL_EINTERRUPTED after Ctrl-C. */
int skel_validate_run(const struct skel_validate_opts *o, struct skel_validate_table *t);

/* Whether t, returned with rc by skel_validate_run(), is worth printing: all
 * measured, or only some runs failed after the reference succeeded. */
int skel_validate_complete(const struct skel_validate_table *t, int rc);

/* Derived values: ratios, predictions, errors, mean slowdowns.  Idempotent. */
void skel_validate_compute(struct skel_validate_table *t);

/* Add a baseline series to t (t takes ownership of s's contents and clears
 * *s); call skel_validate_compute() again afterwards. */
int skel_validate_add_series(struct skel_validate_table *t, struct skel_validate_series *s);

void skel_validate_table_free(struct skel_validate_table *t);
void skel_validate_series_free(struct skel_validate_series *s);

/* method: 0..nskel-1 a skeleton, -1 the average prediction, -2 the small input. */
void skel_validate_summarize(const struct skel_validate_table *t, int method,
                             struct skel_validate_summary *out);

/* The tables `skel validate` prints: measured times, predictions and errors
 * per scenario (Sodhi et al. Figure 6), error summary per method (Figure 7). */
void skel_validate_print(FILE *out, const struct skel_validate_table *t);

/* CSV, one row per measured or predicted quantity (temporary file, then
 * rename).  Header:
 *   kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,
 *   nodes,nranks,command,lo_s,hi_s,error_lo,error_hi,ratio_lo,ratio_hi,spent_s,
 *   samples_s
 * (the first 15 columns are those of earlier versions, which
 * skel_validate_read_csv() still reads; lo_s, hi_s: the median's 95 %
 * interval; error_lo, error_hi: the error's; ratio_lo, ratio_hi: the measured
 * scaling ratio's (skeleton rows); spent_s: the skeleton seconds its
 * measurement took; samples_s: every round's value, ';'-separated, in the
 * order they ran)
 * kind   app       the application measured (name "application")
 *        skeleton  skeleton N measured (name: its directory; ratio: the measured
 *                  scaling ratio; predicted_s, error: its prediction)
 *        average   the average prediction (ratio: the mean slowdown; runs: over
 *                  how many applications)
 *        small     the small-input run measured (ratio: app/small on the reference)
 *        baseline  a baseline application measured (name: "baseline N")
 *        launch    the launch overhead subtracted from the applications' wall
 *                  times under this scenario (only when they are net)
 * reference is 1 on the reference scenario's rows; error is a fraction. */
int skel_validate_write_csv(const char *path, const struct skel_validate_table *t);

/* Read such a CSV back into a table (then skel_validate_compute()), to report
 * again, e.g. with other baselines. */
int skel_validate_read_csv(const char *path, struct skel_validate_table *t);

/* The application's times of such a CSV as a baseline series. */
int skel_validate_series_from_csv(const char *path, struct skel_validate_series *out);

/* Split a command line into words: blanks separate, '...' and "..." quote,
 * backslash escapes the next character (outside single quotes); no other
 * shell syntax.  *out is a NULL-terminated vector freed with
 * skel_validate_argv_free(). */
int skel_validate_split(const char *line, char ***out);
void skel_validate_argv_free(char **v);

/* Baseline applications file: one command line per line (split as above),
 * blank lines and lines starting with '#' ignored. */
int skel_validate_load_commands(const char *path, char ****cmds, size_t *n);
void skel_validate_commands_free(char ***cmds, size_t n);

#endif
