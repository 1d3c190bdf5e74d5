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
 * non-zero status still counts as traced (SKEL_OK; see run.exit_status);
 * one that never reached MPI_Init on any rank is SKEL_EEXEC with its exit
 * status and what to check.  step (may be NULL) is told "running" and
 * "reading the trace" as those begin, for progress; while the program
 * runs, peek.h tells how far its trace has got. */
int skel_tracing_run(char *const argv[], const struct skel_tracerun_opts *o, int summary,
                     void (*step)(void *arg, const char *what), void *arg,
                     struct skel_tracing_result *res);
void skel_tracing_result_free(struct skel_tracing_result *res);

/* After a traced run of argv into dir: SKEL_EEXEC, saying what to check and
 * the program's exit status, when no rank reached MPI_Init (the program is
 * not an MPI program, not the one meant, or failed first), else SKEL_OK. */
int skel_tracing_check_started(char *const argv[], const struct skel_tracerun_result *run,
                               const char *dir);

#endif
