/* stats.h - a trace's statistics (`skel stats`; `skel trace` prints them
 * after the run): counts, bytes and times by call and rank, time in MPI
 * against compute, the tracer's own overhead, and - unless told not to -
 * whether the ranks fit together (every message received, every request
 * completed).
 *
 * Ownership: skel_stats_run() fills a result holding the open trace and the
 * statistics, released with skel_stats_result_free() (also after a failure).
 */
#ifndef SKEL_STATS_H
#define SKEL_STATS_H

#include <stdio.h>

#include "trace.h"
#include "tracestats.h"

struct skel_stats_result {
    skel_trace *trace;
    struct skel_tracestats st;
    int complete;      /* the trace holds the whole run (skel_trace_completeness()) */
    char partial[256]; /* if not, why not */
};

/* Open the trace in dir and compute its statistics; check: replay the ranks
 * together to check that they fit. */
int skel_stats_run(const char *dir, int check, struct skel_stats_result *res);
void skel_stats_result_free(struct skel_stats_result *res);

/* 1 when a rank's file is damaged or ends early, or the check failed. */
int skel_stats_damaged(const struct skel_tracestats *st);

/* The summary: the run (and whether the trace is whole), the table by call,
 * the table by rank, the check. */
void skel_stats_print(FILE *out, const struct skel_stats_result *res);

/* One line per rank and call: rank,call,count,bytes,rbytes,time_ns (rank
 * "all" for the totals). */
void skel_stats_print_csv(FILE *out, const struct skel_tracestats *st);

#endif
