/* select.h - skeleton-based resource selection (`skel select`, Sodhi et al.
 * sections 1 and 5.3): run a performance skeleton on each candidate node set
 * as conditions are now, predict the application's time there as
 *
 *     predicted = skeleton time on the candidate x measured scaling ratio
 *     measured scaling ratio = application time / skeleton time, both on the
 *                              dedicated reference
 *
 * and rank the candidates.  Also what `skel validate` (validate.h) shares:
 * reading a skeleton directory (skeleton.meta), running a skeleton and
 * reading its own timing (the SKEL_RESULT line), and the calibration file
 * `skel validate` leaves in the skeleton directory.
 *
 * Times.  A skeleton is timed by itself: rank 0 prints
 *   SKEL_RESULT elapsed_s=<median over --repeat R> ... calibration=<units/ns>
 * which covers the skeleton's program between two barriers and leaves out
 * mpiexec's start-up (~0.11 s), MPI_Init, the compute calibration and
 * MPI_Finalize - all large next to a 0.5 s skeleton and none of them part of
 * the behaviour it reproduces.  The launch wall time is recorded beside it.
 *
 * Compute calibration.  A skeleton turns traced compute durations into work
 * units with a units-per-ns figure it measures at start-up on CPU time.
 * Measured on a slow or shared CPU, it would make the skeleton do less work
 * there and hide the very slowdown it is meant to show, so select and
 * validate measure it before the candidates and scenarios, unshared, and
 * pass it to every later run (--calibration U), as the application does
 * the same work everywhere: from SKEL_SELECT_CAL_LAUNCHES launches
 * (skel_select_calibration_pick()).
 *
 * Trust.  One launch per candidate is not enough on a shared machine (two
 * launches of the same skeleton on the same hosts can differ by 2x), so each
 * candidate is launched --rounds times (default 5), round robin with the
 * starting candidate rotated every round, so that a drift in conditions hits
 * every candidate alike and none always runs first.  Each candidate gets the
 * median of its launches and a spread (interquartile range / median); the
 * best two are compared with an exact two-sided rank-sum test
 * (Mann-Whitney U) of their launches: they are called distinguishable when
 * p < SKEL_SELECT_ALPHA and their medians differ by at least
 * SKEL_SELECT_MIN_DIFF.  Their overlap (the share of pairs of launches in
 * which the runner-up was at least as fast) is reported either way.  With
 * fewer than 5 launches each the test cannot get below 0.01 (3 and 3 give
 * p >= 0.1 whatever the times): select then says so, with how far apart
 * the launches were, and asks for more rounds - however large the
 * difference looks, two or three launches on a shared machine can all fall
 * on the same side of a burst of load.
 * Warnings: a measured scaling ratio far from K (outside [K/1.5, 1.5 K]),
 * and, for candidates on this machine (local, testbed), other programs using
 * its CPUs during the selection.
 *
 * Ownership: skel_select_skeleton_load() fills a struct the caller releases
 * with skel_select_skeleton_free(); skel_select_run() fills a struct
 * skel_select_result released with skel_select_result_free() (also after a
 * failure).  Nothing keeps pointers to the caller's options after return.
 */
#ifndef SKEL_SELECT_H
#define SKEL_SELECT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "launch.h"
#include "nodeset.h"
#include "scenario.h"
#include "testbed.h"

/* ---- A skeleton directory ------------------------------------------------ */

/* What `skel generate`/`skel gen` left in DIR: DIR/skeleton (the program)
 * and DIR/skeleton.meta ("key value" lines, templates/skeleton.meta.tmpl). */
#define SKEL_SELECT_CALWS_MAX 256 /* calibration_ws= text, with its NUL */

struct skel_select_skeleton {
    char *dir;
    char *exe;              /* DIR/skeleton */
    double k;               /* scaling factor */
    unsigned nranks;        /* the skeleton runs on exactly this many ranks */
    double app_time_s;      /* the traced run (end of MPI_Init to Finalize, slowest rank) */
    double expected_s;      /* app_time_s / k */
    double shortest_good_s; /* Sodhi et al. 4.5; 0 if unknown */
    char mode[16];          /* plan mode it was generated in ("" if not given) */
    uint64_t seed;          /* seed of its compute durations */
    int have_seed;
    enum skel_mpi_flavor mpi; /* the MPI it was built with: skeleton.meta's mpi line, or
                                 read from the program's ELF dependencies */
    /* The working-set walks' calibration (the skeleton's calibration_ws=),
     * set by the caller from an unshared calibration run and passed as
     * --calibration-ws with every --calibration; "" while not known.  Without
     * it every launch measures the walks again: ~60 ms of its start-up on
     * this machine (twice that beside a competitor), and measured under the
     * scenario, where a competitor's cache misses make the walk slower and
     * the skeleton walk less. */
    char calibration_ws[SKEL_SELECT_CALWS_MAX];
};

/* 1 when v[0..n) is a calibration_ws list as a skeleton prints it (KIB:UNITS
 * pairs separated by commas: digits, '.', 'e', '+', '-', ':', ',' only) and
 * shorter than SKEL_SELECT_CALWS_MAX; the skeleton parses it itself. */
int skel_select_calws_ok(const char *v, size_t n);

/* ---- One calibration from several launches ------------------------------- */

/* Launches a study takes its fixed compute calibration from, and how far
 * below the fastest of them a launch's rate may lie and still count. */
#define SKEL_SELECT_CAL_LAUNCHES 3
#define SKEL_SELECT_CAL_BAND     0.10

/* One compute calibration from n launches' own (cal[i] units per ns of the
 * arithmetic kernel, 0 if not reported; calws[i] their walks', "" if none).
 * The arithmetic kernel: the median of the rates within
 * SKEL_SELECT_CAL_BAND of the fastest.  This VM's virtual CPUs each run
 * 30-40 % slower for 0.3-0.6 s at a time, apart from each other (time
 * stolen by the host counts as CPU time), and a skeleton measures its
 * kernel in ~45 ms at start-up: a launch that calibrates inside such a
 * period reports 0.042-0.051 units per ns where the others report
 * 0.072-0.075 (bench/accuracy.md, "Calibrations taken in a slow period").
 * Such a period lowers the kernel's rate and never raises it, so the
 * fastest launches are its speed.  Each walk (by its KiB): the plain
 * median - a walk's rate, re-timed during the run, also follows the
 * caches and the memory its neighbours leave it, and randacc's 32 MiB
 * walk ended three launches at 0.078-0.140, the fastest no more its
 * typical speed than the slowest (its skeleton, given the fastest, ran
 * 1.53 s for 1.00 s expected).  *cal_out gets the
 * arithmetic kernel's (0 if no launch reported one), calws_out
 * (SKEL_SELECT_CALWS_MAX bytes) the walks' list ("" if none, or the first
 * launch's list where the result would not fit); *spread_out (may be NULL)
 * the largest fastest/slowest - 1 over the kernels. */
void skel_select_calibration_pick(const double *cal, const char (*calws)[SKEL_SELECT_CALWS_MAX],
                                  size_t n, double *cal_out, char *calws_out, double *spread_out);

/* Read DIR/skeleton.meta (errors name the file and line) and check that
 * DIR/skeleton is executable. */
int skel_select_skeleton_load(const char *dir, struct skel_select_skeleton *out);
/* The same from text (for tests). */
int skel_select_meta_parse(const char *text, size_t len, const char *source,
                           struct skel_select_skeleton *out);
void skel_select_skeleton_free(struct skel_select_skeleton *s);

/* ---- The calibration file DIR/calibration --------------------------------- */

/* Written by `skel validate` after its dedicated reference run:
 *   skel-calibration 1
 *   nodes testbed:1,2          node set of the reference run
 *   nranks 2
 *   scenario dedicated
 *   app_time_s 19.934          the application's measured wall time there
 *   skeleton_s 0.50012         the skeleton's own elapsed_s there
 *   ratio 39.858               app_time_s / skeleton_s
 *   calibration 0.0975         the skeleton's compute units per ns
 *   calibration_ws 4096:0.18   its working-set walks' (optional)
 *   written_unix 1732250000
 * Unknown keys are ignored (later versions may add some). */
struct skel_select_calib {
    char nodes[256];
    char scenario[128];
    unsigned nranks;
    double app_time_s, skeleton_s, ratio, calibration;
    char calibration_ws[SKEL_SELECT_CALWS_MAX]; /* "" if the file has none */
    long long written_unix;
};

int skel_select_calib_read(const char *path, struct skel_select_calib *out);
int skel_select_calib_parse(const char *text, size_t len, const char *source,
                            struct skel_select_calib *out);
/* Written to a temporary name, then renamed. */
int skel_select_calib_write(const char *path, const struct skel_select_calib *c);

/* ---- Running a skeleton --------------------------------------------------- */

#define SKEL_SELECT_MAX_TIMES 256 /* per-repeat times kept from one report */

/* The skeleton's own report (one SKEL_RESULT line from rank 0). */
struct skel_select_report {
    double elapsed_s; /* median over the repeats */
    double min_s, max_s;
    double total_s; /* sum over the repeats; 0 if not reported */
    double setup_s; /* between MPI_Init and the first repeat (buffers, working
                       sets, calibrations); 0 if not reported */
    unsigned repeats;
    unsigned ranks;
    double calibration; /* units per ns it used; 0 if not reported */
    /* calibration_ws=KIB:UNITS,... (the walks' calibration), "" if not
     * reported; only digits, '.', 'e', '+', '-', ':' and ',' pass. */
    char calibration_ws[SKEL_SELECT_CALWS_MAX];
    /* times_s=T1,T2,... (optional): every repeat's time in the order they
     * ran.  ntimes is 0 when the line has none, or more than
     * SKEL_SELECT_MAX_TIMES of them (then only the summary is used). */
    unsigned ntimes;
    double times[SKEL_SELECT_MAX_TIMES];
};

/* Find and parse the last "SKEL_RESULT key=value ..." line of text.
 * Known keys: elapsed_s (required), min_s, max_s, total_s, repeats, ranks,
 * calibration, calibration_ws, times_s (comma-separated, as many as repeats
 * when repeats is given); other keys are skipped, so that a skeleton can report more.
 * SKEL_ENOTFOUND if there is none; SKEL_EFORMAT if it is damaged. */
int skel_select_parse_report(const char *text, size_t len, struct skel_select_report *out);

/* Every repeat's time, when the report gives them or they follow from its
 * summary (up to 3 repeats: min, max and total - min - max); writes at most
 * cap values to out and returns how many, 0 when they are not known. */
size_t skel_select_report_times(const struct skel_select_report *r, double *out, size_t cap);

struct skel_select_measurement {
    int ok; /* 1: the skeleton ran and reported */
    struct skel_select_report rep;
    double wall_s; /* launch to reaping (skel_select_launch_overhead()) */
    enum skel_launch_outcome outcome;
    char error[512]; /* why not ok */
};

/* Run the skeleton once with --repeat repeats (and --calibration calib when
 * calib > 0) through skel_launch_run(): base gives the node set, testbed,
 * tools, timeout and yield, and the MPI (when base->mpi is unknown, the
 * skeleton's); its argv, repeat, scenario, stdout/stderr are set here (the skeleton's output goes
 * to a temporary file that is read and removed; base->stdout_path, when set, gets a copy of it
 * and of its standard error appended).  scenario may be NULL (none, or applied by the
 * caller).  Returns SKEL_OK when the skeleton ran and reported; a failed run (non-zero exit,
 * timeout, no report) returns its code and fills m->error; SKEL_EINTERRUPTED
 * after Ctrl-C. */
int skel_select_measure(const struct skel_select_skeleton *sk, const struct skel_launch_spec *base,
                        const struct skel_scenario *scenario, unsigned repeats, double calib,
                        struct skel_select_measurement *m);

/* The launch overhead a measurement saw (starting and ending an MPI job
 * there: mpiexec, MPI_Init, MPI_Finalize): its wall time less the repeats
 * and the skeleton's own setup; 0 when unknown (no calibration given, or
 * no total_s reported). */
double skel_select_launch_overhead(const struct skel_select_measurement *m, double calib);

/* ---- A skeleton measurement that is as steady as asked ----------------------
 *
 * Under contention a short skeleton samples only a few of the scheduler's
 * slices: a 0.5 s skeleton beside a CPU-bound competitor took 1.32 to 1.72 s
 * from launch to launch while its 25 s application held within 4 %.  The
 * application's time is the sum of many such windows, so it averages them;
 * the skeleton does the same when its repeats are pooled and their MEAN
 * taken (the time of one skeleton R times as long), and it is as steady as
 * asked when the repeats continue until the 95 % interval of that mean is
 * within +/- target of it.  So a measurement is: launches of --repeat R
 * repeats each, until the interval is tight enough, the budget of skeleton
 * seconds is spent or max_launches launches ran; its value is the mean of
 * every repeat.  With target 0 it is one launch, as before.  A launch runs
 * fewer repeats than asked when they would not fit into the budget (the
 * time per repeat known from the launches before, or from hint_s). */

#define SKEL_SELECT_POLICY_TARGET   0.03 /* default: the mean within +/- 3 % (95 %) */
#define SKEL_SELECT_POLICY_BUDGET   6.0  /* default budget: this many expected_s */
#define SKEL_SELECT_POLICY_LAUNCHES 8    /* default: at most this many launches */

struct skel_select_policy {
    unsigned repeat;       /* the skeleton's --repeat per launch; 0: 3 */
    double target;         /* relative half-width of the mean's 95 % interval to stop at;
                              0: one launch, whatever the interval */
    double budget_s;       /* no further launch once the repeats took this long in total
                              (skeleton seconds); <= 0: SKEL_SELECT_POLICY_BUDGET x the
                              skeleton's expected_s */
    unsigned max_launches; /* 0: SKEL_SELECT_POLICY_LAUNCHES */
    double hint_s;         /* the skeleton's time per repeat in an earlier measurement under
                              the same conditions, or 0: a launch never runs more repeats than
                              fit into what is left of the budget (at least one), so that a
                              skeleton slowed 40x by a shaped link costs one repeat a round,
                              not repeat */
};

struct skel_select_pooled {
    double mean_s;   /* the mean repeat: the measurement */
    double median_s; /* the median of the repeats (or of the launches' medians) */
    double min_s, max_s;
    double halfwidth; /* the 95 % interval of the mean, relative; 0 when unknown (n < 2) */
    unsigned n;       /* samples the interval is over: repeats, or launches when a
                         launch gave only its summary */
    unsigned repeats, launches;
    double spent_s;     /* skeleton seconds: the sum of the launches' repeats */
    double launch_s;    /* median over the launches of skel_select_launch_overhead()
                           (start-up, MPI_Init, MPI_Finalize), 0 when unknown */
    double calibration; /* units per ns the launches used */
    int tight;          /* the interval reached the target */
};

/* Measure the skeleton under the policy (each launch as skel_select_measure()
 * does).  A failed launch fails the measurement (its code, m->error as in
 * skel_select_measure); out is filled only on success. */
int skel_select_measure_pooled(const struct skel_select_skeleton *sk,
                               const struct skel_launch_spec *base,
                               const struct skel_scenario *scenario,
                               const struct skel_select_policy *p, double calib,
                               struct skel_select_pooled *out, char *error, size_t errlen);

/* The repeats of the next launch under policy p: p->repeat, or fewer (at
 * least one) when they would not fit into what is left of budget_s, at the
 * time per repeat of the repeats_done so far (spent_s), or p->hint_s. */
unsigned skel_select_policy_repeats(const struct skel_select_policy *p, double budget_s,
                                    double spent_s, unsigned repeats_done);

/* Relative half-width of the 95 % interval of the mean of v[0..n) (Student's
 * t); 0 for n < 2 or a mean <= 0. */
double skel_select_mean_halfwidth(const double *v, size_t n);

/* ---- Selection ------------------------------------------------------------- */

/* Where the measured scaling ratio comes from. */
enum skel_select_ratio_source {
    SKEL_SELECT_RATIO_GIVEN,       /* --ratio */
    SKEL_SELECT_RATIO_REFERENCE,   /* measured now on the reference node set */
    SKEL_SELECT_RATIO_CALIBRATION, /* DIR/calibration (a `skel validate` dedicated run) */
};

#define SKEL_SELECT_ROUNDS      5    /* default launches per candidate */
#define SKEL_SELECT_ALPHA       0.01 /* the rank-sum test's level for "distinguishable" */
#define SKEL_SELECT_MIN_DIFF    0.02 /* medians closer than this are not told apart */
#define SKEL_SELECT_RATIO_FAR   1.5  /* ratio outside [K/this, K*this]: a warning */
#define SKEL_SELECT_LOADED_CPUS 0.25 /* other programs' CPUs (on average) for a warning */

struct skel_select_opts {
    const char *skeleton_dir;
    /* Candidate files: node-set XML files (their named sets) and hostfiles
     * (one set each, named after the file without its extension).  With
     * nodes "slurm" they may be left out: the allocation is split into
     * disjoint groups of consecutive nodes with enough slots for the
     * skeleton, one candidate each. */
    const char *const *candidates;
    size_t ncandidates;
    const char *nodes;        /* NULL, or "slurm": the candidates are nodes of the Slurm
                                 allocation this runs in, launched with srun */
    const char *reference;    /* node-set spec of the reference run, or NULL (see below) */
    double ratio;             /* > 0: use this measured scaling ratio, measure no reference */
    double app_time_s;        /* > 0: the application's time on the reference instead of
                                 skeleton.meta's app_time_s */
    unsigned repeat;          /* skeleton repeats per launch (its --repeat); 0: 3 */
    unsigned rounds;          /* launches per candidate, cycling over the candidates;
                                 0: SKEL_SELECT_ROUNDS */
    double timeout_s;         /* per launch; <= 0: none */
    int yield;                /* preload the yield shim */
    enum skel_mpi_flavor mpi; /* SKEL_MPI_UNKNOWN: the skeleton's (skeleton.meta) */
    int verbose;
    struct skel_launch_tools tools;
    /* Called after each launch, e.g. to print progress; may be NULL.  what is
     * "reference" or the candidate's name; round counts from 0. */
    void (*progress)(void *arg, const char *what, unsigned round, unsigned rounds,
                     const struct skel_select_measurement *m);
    /* Called before each launch, to say what runs now: what and round as
     * for progress, and the launch's index (from 0) among all `launches`
     * the selection makes; may be NULL.  Shares progress_arg. */
    void (*starting)(void *arg, const char *what, unsigned round, unsigned rounds, unsigned launch,
                     unsigned launches);
    void *progress_arg;
};

struct skel_select_candidate {
    char *name;
    char *hosts;      /* "10.77.0.1,10.77.0.3" (with :slots when not 1) */
    size_t nmeasured; /* launches that reported */
    size_t nlaunched;
    double *samples;     /* nmeasured launches' elapsed_s (each a median over --repeat),
                            in the order they ran */
    double skeleton_s;   /* median over the launches */
    double spread;       /* interquartile range of the launches / median (0 for one) */
    double min_s, max_s; /* over every repeat of every launch */
    double predicted_s;  /* skeleton_s x ratio */
    unsigned rank;       /* 1 = best; failed candidates come last */
    int ok;
    char error[512];
    char note[256]; /* e.g. fewer slots than ranks */
};

/* The best two candidates compared (skel_select_compare()). */
struct skel_select_comparison {
    int done;            /* both had at least two launches */
    int distinguishable; /* p < SKEL_SELECT_ALPHA, medians >= SKEL_SELECT_MIN_DIFF apart */
    size_t pairs;        /* pairs of launches, one of each */
    double slower_wins;  /* pairs in which the runner-up was at least as fast (ties: 1/2) */
    double overlap;      /* slower_wins / pairs */
    double p;            /* exact two-sided rank-sum (Mann-Whitney U) p-value */
    double diff;         /* runner-up's median / best's - 1 */
    double gap;          /* runner-up's fastest launch / best's slowest - 1 (> 0: no overlap) */
    double p_min;        /* the smallest p the test can give for these sample sizes */
};

#define SKEL_SELECT_MAX_WARNINGS 4

struct skel_select_result {
    struct skel_select_skeleton skeleton;
    enum skel_select_ratio_source source;
    char reference[256];   /* node-set text of the reference (or of the calibration) */
    double ref_app_s;      /* application time behind the ratio (0 when given) */
    double ref_skeleton_s; /* skeleton time behind the ratio (0 when given) */
    double ratio;
    double calibration; /* units per ns passed to the candidates' runs (0: their own) */
    unsigned repeat, rounds;
    unsigned launch, launches; /* launches made so far, and in all */
    int implicit_testbed;      /* a testbed was brought up for this selection */
    int ranked;           /* every candidate was tried and the ranking made */
    size_t n;
    struct skel_select_candidate *c; /* in the order of the candidates files */
    size_t *order;                   /* indices into c, best first */
    struct skel_select_comparison best2;
    double foreign_cpus; /* other programs' CPU use on this machine, on average over the
                            selection; < 0: not measured (no candidate on this machine) */
    unsigned ncpus;
    size_t nwarnings;
    char warnings[SKEL_SELECT_MAX_WARNINGS][512];
};

/* The measured scaling ratio: the skeleton ratio source is decided in this
 * order: opts->ratio; opts->reference (measured now); DIR/calibration;
 * otherwise the reference "local" (this machine, where `skel generate`
 * usually traced the application).  Testbed candidates use the testbed that
 * is up (one is brought up with default settings if none is; it is taken
 * down at the end).  Returns SKEL_OK when at least one candidate reported;
 * SKEL_EEXEC if none did; SKEL_EINTERRUPTED after Ctrl-C (everything it
 * started is stopped and removed first). */
int skel_select_run(const struct skel_select_opts *o, struct skel_select_result *res);
void skel_select_result_free(struct skel_select_result *res);

/* Rank the candidates: ok ones by skeleton_s ascending (ties by file order),
 * then the failed ones in file order; fills order[] and rank, and
 * predicted_s from res->ratio. */
void skel_select_rank(struct skel_select_result *res);

/* Everything after the launches, from the candidates' samples: each one's
 * median and spread, the ranking, the comparison of the best two, and the
 * warnings (ratio far from K, the best two not distinguishable, a loaded
 * machine when res->foreign_cpus says so). */
void skel_select_summarize(struct skel_select_result *res);

/* Compare the launches of the best candidate (a) with the runner-up's (b). */
void skel_select_compare(const double *a, size_t na, const double *b, size_t nb,
                         struct skel_select_comparison *out);

/* Exact two-sided p-value of the rank-sum statistic u (pairs in which a
 * value of the second sample is below one of the first, ties counted 1/2)
 * for samples of sizes n and m without ties; the normal approximation with
 * continuity correction when n + m > 60. */
double skel_select_ranksum_p(double u, size_t n, size_t m);

/* The table and the recommendation, as `skel select` prints them. */
void skel_select_print(FILE *out, const struct skel_select_result *res);

/* CSV (temporary file, then rename); header
 *   rank,candidate,hosts,nranks,launches,skeleton_s,min_s,max_s,ratio,predicted_s,
 *   vs_best,outcome,error,spread,samples_s
 * (samples_s: every launch's time, joined by ';', in the order they ran). */
int skel_select_write_csv(const char *path, const struct skel_select_result *res);

/* Median of n values (sorts v in place); 0 for n == 0. */
double skel_select_median(double *v, size_t n);

#endif
