/* tracing.h - an MPI program run under the tracer and its trace summarised
 * (`skel trace`): tracerun.h runs it and completes the trace, stats.h reads
 * the trace back.
 *
 * Ownership: the result holds the statistics (when asked for), released
 * with skel_tracing_result_free() (also after a failure).
 */
#ifndef SKEL_TRACING_H
#define SKEL_TRACING_H

#include "stats.h"
#include "tracerun.h"

struct skel_tracing_result {
    int traced;                      /* a trace is in outdir (partial after a timeout or an
                                        interruption: run.complete says) */
    struct skel_tracerun_result run; /* its exit status, the tracer used, wall time */
    int have_stats;
    struct skel_stats_result stats; /* with summary: the trace and its statistics */
};

/* Run argv under the tracer into o->outdir; with summary, then compute the
 * statistics (with the consistency check).  A program that exits with a
 * non-zero status still counts as traced (SKEL_OK; see run.exit_status). */
int skel_tracing_run(char *const argv[], const struct skel_tracerun_opts *o, int summary,
                     struct skel_tracing_result *res);
void skel_tracing_result_free(struct skel_tracing_result *res);

#endif
