/* tracing.c - run under the tracer, then the statistics (tracing.h). */
#include "tracing.h"

#include "error.h"

#include <string.h>

int skel_tracing_run(char *const argv[], const struct skel_tracerun_opts *o, int summary,
                     struct skel_tracing_result *res)
{
    memset(res, 0, sizeof *res);
    int rc = skel_tracerun(argv, o, &res->run);
    res->traced = res->run.traced; /* also a partial trace after a timeout */
    if (rc != SKEL_OK)
        return rc;
    if (!summary)
        return SKEL_OK;
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
