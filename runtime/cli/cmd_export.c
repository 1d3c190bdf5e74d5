/* cmd_export.c - `skel export --chrome TRACEDIR -o FILE`: a trace in the
 * Chrome trace-event format for Perfetto and chrome://tracing
 * (runtime/export.h). */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "export.h"
#include "proc.h"
#include "trace.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *const cmd = "export";

static void usage(FILE *f)
{
    fprintf(f, "usage: skel export --chrome [--no-flows] [--max-size BYTES | --force] [-q] -o FILE "
               "TRACEDIR\n"
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
               "  --max-size B    above B bytes (default 1 GiB, what a browser still opens)\n"
               "                  write a summary: the calls from the start of the run that\n"
               "                  fit, and a mark where it stops (with a warning)\n"
               "  --force         write every call, however large the file\n"
               "  -q, --quiet     print nothing on success\n"
               "\n"
               "The format is described in docs/report.md.\n");
}

int skel_cmd_export(int argc, char **argv)
{
    static const struct option opts[] = {
        {"chrome", no_argument, NULL, 'c'},         {"output", required_argument, NULL, 'o'},
        {"no-flows", no_argument, NULL, 'n'},       {"quiet", no_argument, NULL, 'q'},
        {"max-size", required_argument, NULL, 'm'}, {"force", no_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0}};
    const char *out = NULL;
    int chrome = 0, quiet = 0, force = 0, o, rc;
    struct skel_export_opts eo = {.max_bytes = SKEL_EXPORT_DEFAULT_MAX_BYTES};
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
        case 'm':
            if ((rc = skel_cli_parse_u64("--max-size", optarg, 1024, UINT64_MAX, &eo.max_bytes)) !=
                SKEL_OK)
                return skel_cli_fail(cmd, rc);
            break;
        case 'f':
            force = 1;
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
    if (force)
        eo.max_bytes = 0;
    skel_trace *t = NULL;
    struct skel_export_stats st = {0};
    rc = skel_trace_open(argv[optind], &t);
    uint64_t calls = 0, est = rc == SKEL_OK ? skel_export_estimate(t, &eo, &calls) : 0;
    if (rc == SKEL_OK && eo.max_bytes > 0 && est > eo.max_bytes)
        fprintf(stderr,
                "skel export: warning: %" PRIu64 " calls: all of them would take about %.0f MB; "
                "writing a summary of %.0f MB instead (--force for all, --max-size to change)\n",
                calls, (double)est / 1e6, (double)eo.max_bytes / 1e6);
    /* An interruption stops the export between events; no file is left. */
    skel_proc_signals_install();
    eo.cancelled = skel_proc_interrupted;
    if (rc == SKEL_OK)
        rc = skel_export_chrome(t, &eo, out, &st);
    skel_proc_signals_restore();
    skel_trace_close(t);
    if (rc == SKEL_EINTERRUPTED) {
        fprintf(stderr, "skel export: interrupted by signal %d; nothing written\n",
                skel_proc_interrupted());
        return skel_proc_interrupt_status();
    }
    if (rc != SKEL_OK)
        return skel_cli_fail(cmd, rc);
    if (st.summary)
        fprintf(stderr,
                "skel export: summary: %" PRIu64 " of %" PRIu64 " calls written (%.1f MB)\n",
                st.events, st.calls, (double)st.bytes / 1e6);
    if (!quiet && strcmp(out, "-") != 0)
        fprintf(stderr, "%s: %" PRIu64 " calls on %" PRIu32 " ranks, %" PRIu64 " messages\n",
                skel_cli_printable(out), st.events, st.ranks, st.flows);
    return 0;
}
