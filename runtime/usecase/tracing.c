/* tracing.c - run under the tracer, then the statistics (tracing.h). */
#include "tracing.h"

#include "error.h"
#include "peek.h"
#include "usecase.h"

#include <string.h>

/* A run that left no rank file never reached MPI_Init: the program is not
 * an MPI program, not the one meant, or failed before MPI started.  Said so
 * here, instead of the trace reader's "no meta file, and rank 0's file
 * cannot be read". */
int skel_tracing_check_started(char *const argv[], const struct skel_tracerun_result *run,
                               const char *dir)
{
    struct skel_trace_peek p;
    skel_trace_peek(dir, &p);
    if (p.ranks > 0)
        return SKEL_OK;
    char prog[512];
    snprintf(prog, sizeof prog, "%s", skel_usecase_printable(argv[0]));
    if (run->exit_status != 0)
        return skel_fail(SKEL_EEXEC,
                         "%s exited with status %d before any rank called MPI_Init: nothing "
                         "was traced (is the program's name right, and does it run without "
                         "skel?)",
                         prog, run->exit_status);
    return skel_fail(SKEL_EEXEC,
                     "%s exited with status 0 without any rank calling MPI_Init: nothing was "
                     "traced (is it an MPI program? Skel traces programs that call MPI_Init)",
                     prog);
}

int skel_tracing_run(char *const argv[], const struct skel_tracerun_opts *o, int summary,
                     void (*step)(void *arg, const char *what), void *arg,
                     struct skel_tracing_result *res)
{
    memset(res, 0, sizeof *res);
    if (step != NULL)
        step(arg, "running");
    int rc = skel_tracerun(argv, o, &res->run);
    /* A run that traced nothing is refused by skel_tracerun() itself,
     * naming the exit status, and leaves o->outdir as it was; this is the
     * same check on what it put in place. */
    if (rc == SKEL_OK && skel_tracing_check_started(argv, &res->run, o->outdir) != SKEL_OK)
        return SKEL_EEXEC;
    res->traced = res->run.traced; /* also a partial trace after a timeout */
    if (rc != SKEL_OK)
        return rc;
    if (!summary)
        return SKEL_OK;
    if (step != NULL)
        step(arg, "reading the trace");
    if ((rc = skel_stats_run(o->outdir, 1, &res->stats)) == SKEL_OK)
        res->have_stats = 1;
    return rc;
}

void skel_tracing_result_free(struct skel_tracing_result *res)
{
    if (res->have_stats)
        skel_stats_result_free(&res->stats);
    res->have_stats = 0;
}
