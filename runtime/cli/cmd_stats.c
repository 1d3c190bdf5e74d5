/* cmd_stats.c - `skel stats TRACEDIR`: counts by call, bytes, time in MPI vs
 * compute, the tracer's overhead, and whether the ranks fit together
 * (usecase/stats.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "stats.h"

#include <stdio.h>

static const struct skel_cli_cmd cmd = {"stats", "stats", 0, "unknown option"};

int skel_cmd_stats(int argc, char **argv)
{
    int csv = 0, nocheck = 0, strict = 0, status;
    struct skel_cli_opt opts[] = {OPT_FLAG("csv", 0, &csv), OPT_FLAG("no-check", 0, &nocheck),
                                  OPT_FLAG("strict", 0, &strict), OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first != argc - 1)
        return skel_cli_usage_error("stats", "expected one trace directory");
    struct skel_stats_result res;
    int rc = skel_stats_run(argv[first], !nocheck, &res);
    if (rc != SKEL_OK)
        return skel_cli_fail("stats", rc);
    if (csv)
        skel_stats_print_csv(stdout, &res.st);
    else
        skel_stats_print(stdout, &res);
    int bad = skel_stats_damaged(&res.st);
    skel_stats_result_free(&res);
    return strict && bad ? skel_exit_status(SKEL_EFORMAT) : 0;
}
