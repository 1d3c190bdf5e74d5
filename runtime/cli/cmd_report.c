/* cmd_report.c - `skel report`: one self-contained HTML page of charts from
 * whatever is given - a trace, a signature, a skeleton, results files
 * (runtime/report.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "report.h"

#include <stdio.h>

static const struct skel_cli_cmd cmd = {"report", "report", SKEL_CLI_POSIX | SKEL_CLI_QUIET, NULL};

int skel_cmd_report(int argc, char **argv)
{
    struct skel_report_opts ro = {0};
    struct skel_cli_list results = {0};
    const char *out = NULL;
    int quiet = 0, status;
    struct skel_cli_opt opts[] = {OPT_STR("trace", 0, &ro.trace),
                                  OPT_STR("signature", 0, &ro.signature),
                                  OPT_STR("skeleton", 0, &ro.skeleton),
                                  OPT_STR("skeleton-trace", 0, &ro.skeleton_trace),
                                  OPT_WORDS("results", 0, &results),
                                  OPT_STR("title", 0, &ro.title),
                                  OPT_FLAG("no-critpath", 0, &ro.no_critpath),
                                  OPT_UINT("top", 0, &ro.top, 1, 64),
                                  OPT_STR("output", 'o', &out),
                                  OPT_FLAG("quiet", 'q', &quiet),
                                  OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    status = -1;
    if (first < argc)
        status = skel_cli_usage_error("report",
                                      "unexpected argument '%s' (inputs are named by options: "
                                      "--trace, --results...)",
                                      skel_usecase_printable(argv[first]));
    else if (out == NULL)
        status = skel_cli_usage_error("report", "expected -o FILE");
    else if (ro.trace == NULL && ro.signature == NULL && ro.skeleton == NULL &&
             ro.skeleton_trace == NULL && results.n == 0)
        status = skel_cli_usage_error("report", "nothing to report: give --trace, --signature, "
                                                "--skeleton or --results");
    if (status < 0) {
        ro.results = results.v;
        ro.nresults = results.n;
        struct skel_report_summary sum;
        int rc = skel_report_write(&ro, out, &sum);
        status = rc == SKEL_OK ? 0 : skel_cli_fail("report", rc);
        if (rc == SKEL_OK && !quiet) {
            /* skel_usecase_printable() has one buffer: one call per statement. */
            fprintf(stderr, "%s: ", skel_usecase_printable(out));
            fprintf(stderr, "%d sections, %d charts from %s\n", sum.sections, sum.charts,
                    skel_usecase_printable(sum.inputs));
        }
    }
    skel_cli_list_free(&results);
    return status;
}
