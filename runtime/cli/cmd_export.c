/* cmd_export.c - `skel export --chrome TRACEDIR -o FILE`: a trace in the
 * Chrome trace-event format for Perfetto and chrome://tracing
 * (runtime/export.h). */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "export.h"
#include "trace.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *const cmd = "export";

static void usage(FILE *f)
{
    fprintf(f, "usage: skel export --chrome [--no-flows] [-q] -o FILE TRACEDIR\n"
               "\n"
               "Write a trace in the Chrome trace-event format (JSON), which Perfetto\n"
               "(https://ui.perfetto.dev, \"Open trace file\") and chrome://tracing open\n"
               "without network access: one slice per MPI call (a process per rank), its\n"
               "peer, tag, bytes and call site as arguments, and an arrow per message from\n"
               "the send to the call that received it.\n"
               "\n"
               "  --chrome        the Chrome trace-event format (the only one so far)\n"
               "  -o, --output F  output file ('-': standard output)\n"
               "  --no-flows      no message arrows; read the ranks one by one instead of\n"
               "                  replaying them together (for runs that did not finish)\n"
               "  -q, --quiet     print nothing on success\n"
               "\n"
               "The format is described in docs/report.md.\n");
}

int skel_cmd_export(int argc, char **argv)
{
    static const struct option opts[] = {
        {"chrome", no_argument, NULL, 'c'},   {"output", required_argument, NULL, 'o'},
        {"no-flows", no_argument, NULL, 'n'}, {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},     {NULL, 0, NULL, 0}};
    const char *out = NULL;
    int chrome = 0, quiet = 0, o;
    struct skel_export_opts eo = {0};
    optind = 1;
    opterr = 0;
    while ((o = getopt_long(argc, argv, "+ho:q", opts, NULL)) != -1) {
        switch (o) {
        case 'c':
            chrome = 1;
            break;
        case 'o':
            out = optarg;
            break;
        case 'n':
            eo.no_flows = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error(cmd, "unknown option or missing value: '%s'",
                                        argv[optind - 1]);
        }
    }
    if (!chrome)
        return skel_cli_usage_error(cmd, "choose a format: --chrome");
    if (out == NULL)
        return skel_cli_usage_error(cmd, "expected -o FILE");
    if (argc - optind != 1)
        return skel_cli_usage_error(cmd, "expected one trace directory");
    skel_trace *t = NULL;
    struct skel_export_stats st = {0};
    int rc = skel_trace_open(argv[optind], &t);
    if (rc == SKEL_OK)
        rc = skel_export_chrome(t, &eo, out, &st);
    skel_trace_close(t);
    if (rc != SKEL_OK)
        return skel_cli_fail(cmd, rc);
    if (!quiet && strcmp(out, "-") != 0)
        fprintf(stderr, "%s: %" PRIu64 " calls on %" PRIu32 " ranks, %" PRIu64 " messages\n",
                skel_cli_printable(out), st.events, st.ranks, st.flows);
    return 0;
}
