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
 * validate measure it once on the reference run and pass it to every later
 * run (--calibration U), as the application does the same work everywhere.
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
};

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
 *   written_unix 1732250000
 * Unknown keys are ignored (later versions may add some). */
struct skel_select_calib {
    char nodes[256];
    char scenario[128];
    unsigned nranks;
    double app_time_s, skeleton_s, ratio, calibration;
    long long written_unix;
};

int skel_select_calib_read(const char *path, struct skel_select_calib *out);
int skel_select_calib_parse(const char *text, size_t len, const char *source,
                            struct skel_select_calib *out);
/* Written to a temporary name, then renamed. */
int skel_select_calib_write(const char *path, const struct skel_select_calib *c);

/* ---- Running a skeleton --------------------------------------------------- */

/* The skeleton's own report (one SKEL_RESULT line from rank 0). */
struct skel_select_report {
    double elapsed_s; /* median over the repeats */
    double min_s, max_s;
    double total_s; /* sum over the repeats; 0 if not reported */
    unsigned repeats;
    unsigned ranks;
    double calibration; /* units per ns it used; 0 if not reported */
};

/* Find and parse the last "SKEL_RESULT key=value ..." line of text.
 * SKEL_ENOTFOUND if there is none; SKEL_EFORMAT if it is damaged. */
int skel_select_parse_report(const char *text, size_t len, struct skel_select_report *out);

struct skel_select_measurement {
    int ok; /* 1: the skeleton ran and reported */
    struct skel_select_report rep;
    double wall_s; /* launch to reaping; wall_s - rep.total_s is the cost of
                      starting and ending an MPI job there (mpiexec, MPI_Init,
                      MPI_Finalize) when the calibration was given */
    enum skel_launch_outcome outcome;
    char error[512]; /* why not ok */
};

/* Run the skeleton once with --repeat repeats (and --calibration calib when
 * calib > 0) through skel_launch_run(): base gives the node set, testbed,
 * tools, timeout and yield; its argv, repeat, scenario, stdout/stderr are
 * set here (the skeleton's output goes to a temporary file that is read and
 * removed).  scenario may be NULL (none, or applied by the caller).  Returns
 * SKEL_OK when the skeleton ran and reported; a failed run (non-zero exit,
 * timeout, no report) returns its code and fills m->error; SKEL_EINTERRUPTED
 * after Ctrl-C. */
int skel_select_measure(const struct skel_select_skeleton *sk, const struct skel_launch_spec *base,
                        const struct skel_scenario *scenario, unsigned repeats, double calib,
                        struct skel_select_measurement *m);

/* ---- Selection ------------------------------------------------------------- */

/* Where the measured scaling ratio comes from. */
enum skel_select_ratio_source {
    SKEL_SELECT_RATIO_GIVEN,       /* --ratio */
    SKEL_SELECT_RATIO_REFERENCE,   /* measured now on the reference node set */
    SKEL_SELECT_RATIO_CALIBRATION, /* DIR/calibration (a `skel validate` dedicated run) */
};

struct skel_select_opts {
    const char *skeleton_dir;
    const char *candidates; /* node-set XML file: the named candidate sets */
    const char *reference;  /* node-set spec of the reference run, or NULL (see below) */
    double ratio;           /* > 0: use this measured scaling ratio, measure no reference */
    double app_time_s;      /* > 0: the application's time on the reference instead of
                               skeleton.meta's app_time_s */
    unsigned repeat;        /* skeleton repeats per launch (its --repeat); 0: 3 */
    unsigned rounds;        /* launches per candidate, cycling over the candidates; 0: 1 */
    double timeout_s;       /* per launch; <= 0: none */
    int yield;              /* preload the yield shim */
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
    double skeleton_s;   /* median over the launches' elapsed_s */
    double min_s, max_s; /* over every repeat of every launch */
    double predicted_s;  /* skeleton_s x ratio */
    unsigned rank;       /* 1 = best; failed candidates come last */
    int ok;
    char error[512];
    char note[256]; /* e.g. fewer slots than ranks */
};

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
    struct skel_select_candidate *c; /* in the order of the candidates file */
    size_t *order;                   /* indices into c, best first */
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

/* The table and the recommendation, as `skel select` prints them. */
void skel_select_print(FILE *out, const struct skel_select_result *res);

/* CSV (temporary file, then rename); header
 *   rank,candidate,hosts,nranks,launches,skeleton_s,min_s,max_s,ratio,predicted_s,
 *   vs_best,outcome,error */
int skel_select_write_csv(const char *path, const struct skel_select_result *res);

/* Median of n values (sorts v in place); 0 for n == 0. */
double skel_select_median(double *v, size_t n);

#endif
