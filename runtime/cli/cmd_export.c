/* cmd_export.c - `skel export (--chrome -o FILE | --otf2 -o DIR) TRACEDIR`:
 * a trace in the Chrome trace-event format for Perfetto and chrome://tracing
 * (report/export.h), or as an OTF2 archive for Vampir, Scalasca and the
 * Score-P tools (otf2/otf2.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "export.h"
#include "otf2.h"
#include "trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const struct skel_cli_cmd cmd = {"export", "export", SKEL_CLI_POSIX | SKEL_CLI_QUIET, NULL};

int skel_cmd_export(int argc, char **argv)
{
    const char *out = NULL;
    int chrome = 0, otf2 = 0, quiet = 0, status;
    struct skel_export_opts eo = {0};
    struct skel_cli_opt opts[] = {
        OPT_FLAG("chrome", 0, &chrome), OPT_FLAG("otf2", 0, &otf2),
        OPT_STR("output", 'o', &out),   OPT_FLAG("no-flows", 0, &eo.no_flows),
        OPT_FLAG("quiet", 'q', &quiet), OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (chrome == otf2)
        return skel_cli_usage_error("export", "choose one format: --chrome or --otf2");
    if (out == NULL)
        return skel_cli_usage_error("export", otf2 ? "expected -o DIR" : "expected -o FILE");
    if (argc - first != 1)
        return skel_cli_usage_error("export", "expected one trace directory");
    if (otf2 && (eo.no_flows || strcmp(out, "-") == 0))
        return skel_cli_usage_error("export", "--otf2 writes a directory: no '-o -', no "
                                              "--no-flows");
    skel_trace *t = NULL;
    struct skel_export_stats st = {0};
    struct skel_otf2_export_stats ost = {0};
    int rc = skel_trace_open(argv[first], &t);
    if (rc == SKEL_OK)
        rc = otf2 ? skel_otf2_export(t, out, &ost) : skel_export_chrome(t, &eo, out, &st);
    skel_trace_close(t);
    if (rc != SKEL_OK)
        return skel_cli_fail("export", rc);
    if (!quiet && otf2)
        fprintf(stderr,
                "%s/traces.otf2: %" PRIu64 " calls on %" PRIu32 " ranks (%" PRIu32
                " locations), %" PRIu64 " MPI records\n",
                skel_usecase_printable(out), ost.events, ost.ranks, ost.locations, ost.mpi_records);
    else if (!quiet && strcmp(out, "-") != 0)
        fprintf(stderr, "%s: %" PRIu64 " calls on %" PRIu32 " ranks, %" PRIu64 " messages\n",
                skel_usecase_printable(out), st.events, st.ranks, st.flows);
    return 0;
}
