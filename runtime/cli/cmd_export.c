/* cmd_export.c - `skel export --chrome TRACEDIR -o FILE`: a trace in the
 * Chrome trace-event format for Perfetto and chrome://tracing
 * (runtime/export.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "export.h"
#include "trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const struct skel_cli_cmd cmd = {"export", "export", SKEL_CLI_POSIX | SKEL_CLI_QUIET, NULL};

int skel_cmd_export(int argc, char **argv)
{
    const char *out = NULL;
    int chrome = 0, quiet = 0, status;
    struct skel_export_opts eo = {0};
    struct skel_cli_opt opts[] = {OPT_FLAG("chrome", 0, &chrome), OPT_STR("output", 'o', &out),
                                  OPT_FLAG("no-flows", 0, &eo.no_flows),
                                  OPT_FLAG("quiet", 'q', &quiet), OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (!chrome)
        return skel_cli_usage_error("export", "choose a format: --chrome");
    if (out == NULL)
        return skel_cli_usage_error("export", "expected -o FILE");
    if (argc - first != 1)
        return skel_cli_usage_error("export", "expected one trace directory");
    skel_trace *t = NULL;
    struct skel_export_stats st = {0};
    int rc = skel_trace_open(argv[first], &t);
    if (rc == SKEL_OK)
        rc = skel_export_chrome(t, &eo, out, &st);
    skel_trace_close(t);
    if (rc != SKEL_OK)
        return skel_cli_fail("export", rc);
    if (!quiet && strcmp(out, "-") != 0)
        fprintf(stderr, "%s: %" PRIu64 " calls on %" PRIu32 " ranks, %" PRIu64 " messages\n",
                skel_usecase_printable(out), st.events, st.ranks, st.flows);
    return 0;
}
