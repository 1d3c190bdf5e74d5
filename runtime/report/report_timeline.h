/* report_timeline.h - a traced run summarised for drawing: time binned into
 * pixel columns, per rank (or group of ranks) and bin the fraction spent
 * computing and in each kind of MPI call, a sample of the messages as lines,
 * and per-rank and per-call totals.  Also the two charts drawn from it: the
 * timeline (an application's and its skeleton's, one above the other, the
 * skeleton's time stretched by K) and the share of time in compute vs MPI
 * (Sodhi et al. Fig. 2).
 *
 * The window drawn is the program between MPI_Init and MPI_Finalize: from
 * the earliest end of MPI_Init (or first call, for a run without it) to the
 * latest start of MPI_Finalize (or last call end), in rank 0's clock.  With
 * from_first_call the window starts at the earliest start of a rank's first
 * call after MPI_Init instead: a skeleton's start-up (allocating, calibrating
 * its compute loop through PMPI) is not part of the behaviour it reproduces.
 *
 * Two passes: one reading each rank's file for the window and the per-call
 * totals, one through the replay (replay.h) for the bins and the messages.
 * A trace the replay cannot complete (a crashed run) is binned rank by rank
 * instead, without messages, and the timeline says so in its note.  Memory:
 * the bins (rows x bins x categories), the line sample, and the replay's.
 *
 * Ownership: skel_timeline_build() fills a struct whose arrays it allocates;
 * skel_timeline_free() releases them (also after a failure).
 */
#ifndef SKEL_REPORT_TIMELINE_H
#define SKEL_REPORT_TIMELINE_H

#include <stdint.h>

#include "svg.h"
#include "trace.h"

/* What a moment of a rank is spent on: the call table's categories
 * (skel_call_category()) folded into the chart's four colours. */
enum skel_tl_category {
    SKEL_TL_COMPUTE, /* between calls */
    SKEL_TL_P2P,     /* point-to-point calls (and the completions of their requests) */
    SKEL_TL_COLL,    /* collectives (and the completions of their requests) */
    SKEL_TL_OTHER,   /* every other call: set-up, communicators, I/O, one-sided */
    SKEL_TL_NCAT
};
/* Of a call: a completion (Wait, Test) counts as point-to-point. */
int skel_tl_category(uint16_t call);
/* Of an event: a completion counts as what it completed when all of that is
 * of one colour (waiting for an Ibarrier is collective time), else as
 * point-to-point. */
int skel_tl_event_category(const skel_event *ev);
const char *skel_tl_category_name(int cat); /* "compute", "point-to-point", ... */
const char *skel_tl_category_colour(int cat);

struct skel_tl_opts {
    uint32_t nbins;      /* pixel columns (0: 1000) */
    uint32_t max_rows;   /* rows drawn at most; more ranks share rows (0: 256) */
    uint32_t max_lines;  /* messages drawn at most (0: 1500) */
    int from_first_call; /* start the window at the first call after MPI_Init */
};

/* A message drawn: times in ns from the window's start. */
struct skel_tl_line {
    uint32_t src, dst;
    double t_send, t_recv;
    uint64_t bytes;
    int used;
};

struct skel_tl_callstat {
    uint64_t count, bytes, rbytes;
    double time_ns;
};

struct skel_timeline {
    uint32_t nranks;
    uint32_t nrows, ranks_per_row; /* row r holds ranks r*ranks_per_row ... */
    uint32_t nbins;
    double span_ns; /* the window: bins cover [0, span_ns) */
    double bin_ns;
    float *frac;     /* [row][bin][category]: fraction of the bin's time of the row's ranks */
    double *rank_ns; /* [rank][category]: time inside the window */
    double init_ns, finalize_ns; /* longest MPI_Init(_thread) and MPI_Finalize of a rank */
    double run_ns;               /* earliest call start to latest call end (everything) */
    uint64_t events, messages;
    uint32_t max_lines;
    struct skel_tl_line *lines; /* max_lines slots, those with used set are drawn */
    size_t nlines;
    struct skel_tl_callstat calls[SKEL_CALL_LIMIT];
    char **hosts; /* per rank; NULL when unknown (untrusted text) */
    int replayed; /* bins and messages from the replay (0: see note) */
    char note[600];
};

int skel_timeline_build(const skel_trace *t, const struct skel_tl_opts *o,
                        struct skel_timeline *tl);
void skel_timeline_free(struct skel_timeline *tl);

/* The timeline chart of app and, when skel is not NULL, of its skeleton
 * below it with time stretched by k (both then fill the same width when
 * the skeleton runs 1/k of the application).  Either may be NULL. */
void skel_timeline_draw(skel_svg *d, const struct skel_timeline *app,
                        const struct skel_timeline *skel, double k);

/* Sodhi et al. Fig. 2: stacked 100 % bars of compute and MPI time (inside the
 * window, all ranks), the application's and the skeleton's side by side. */
void skel_timeline_draw_share(skel_svg *d, const struct skel_timeline *app,
                              const struct skel_timeline *skel);

/* Totals over the ranks of a category inside the window. */
double skel_timeline_total(const struct skel_timeline *tl, int cat);

#endif
