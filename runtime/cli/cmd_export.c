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
#include "proc.h"
#include "trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const struct skel_cli_cmd cmd = {"export", "export", SKEL_CLI_POSIX | SKEL_CLI_QUIET, NULL};

static int chrome_export(skel_trace *t, struct skel_export_opts *eo, const char *out, int quiet)
{
    struct skel_export_stats st = {0};
    uint64_t calls = 0, est = skel_export_estimate(t, eo, &calls);
    if (eo->max_bytes > 0 && est > eo->max_bytes)
        fprintf(stderr,
                "skel export: warning: %" PRIu64 " calls: all of them would take about %.0f MB; "
                "writing a summary of %.0f MB instead (--force for all, --max-size to change)\n",
                calls, (double)est / 1e6, (double)eo->max_bytes / 1e6);
    eo->cancelled = skel_proc_interrupted;
    int rc = skel_export_chrome(t, eo, out, &st);
    if (rc != SKEL_OK)
        return rc;
    if (st.summary)
        fprintf(stderr,
                "skel export: summary: %" PRIu64 " of %" PRIu64 " calls written (%.1f MB)\n",
                st.events, st.calls, (double)st.bytes / 1e6);
    if (!quiet && strcmp(out, "-") != 0)
        fprintf(stderr, "%s: %" PRIu64 " calls on %" PRIu32 " ranks, %" PRIu64 " messages\n",
                skel_usecase_printable(out), st.events, st.ranks, st.flows);
    return SKEL_OK;
}

static int otf2_export(skel_trace *t, const char *out, int quiet)
{
    struct skel_otf2_export_stats st = {0};
    int rc = skel_otf2_export(t, out, skel_proc_interrupted, &st);
    if (rc == SKEL_OK && !quiet)
        fprintf(stderr,
                "%s/traces.otf2: %" PRIu64 " calls on %" PRIu32 " ranks (%" PRIu32
                " locations), %" PRIu64 " MPI records\n",
                skel_usecase_printable(out), st.events, st.ranks, st.locations, st.mpi_records);
    return rc;
}

int skel_cmd_export(int argc, char **argv)
{
    const char *out = NULL;
    int chrome = 0, otf2 = 0, quiet = 0, force = 0, status;
    struct skel_export_opts eo = {.max_bytes = SKEL_EXPORT_DEFAULT_MAX_BYTES};
    struct skel_cli_opt opts[] = {OPT_FLAG("chrome", 0, &chrome),
                                  OPT_FLAG("otf2", 0, &otf2),
                                  OPT_STR("output", 'o', &out),
                                  OPT_FLAG("no-flows", 0, &eo.no_flows),
                                  OPT_U64("max-size", 0, &eo.max_bytes, 1024, 1e18),
                                  OPT_FLAG("force", 0, &force),
                                  OPT_FLAG("quiet", 'q', &quiet),
                                  OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (chrome == otf2)
        return skel_cli_usage_error("export", "choose one format: --chrome or --otf2");
    if (out == NULL)
        return skel_cli_usage_error("export", otf2 ? "expected -o DIR" : "expected -o FILE");
    if (argc - first != 1)
        return skel_cli_usage_error("export", "expected one trace directory");
    if (otf2 && (eo.no_flows || force || strcmp(out, "-") == 0))
        return skel_cli_usage_error("export", "--otf2 writes every call into a new directory: no "
                                              "'-o -', --no-flows or --force");
    if (force)
        eo.max_bytes = 0;
    skel_trace *t = NULL;
    int rc = skel_trace_open(argv[first], &t);
    /* An interruption stops the export between events; nothing is left. */
    skel_proc_signals_install();
    if (rc == SKEL_OK)
        rc = otf2 ? otf2_export(t, out, quiet) : chrome_export(t, &eo, out, quiet);
    skel_proc_signals_restore();
    skel_trace_close(t);
    if (rc == SKEL_EINTERRUPTED) {
        fprintf(stderr, "skel export: interrupted by signal %d; nothing written\n",
                skel_proc_interrupted());
        return skel_proc_interrupt_status();
    }
    return rc == SKEL_OK ? 0 : skel_cli_fail("export", rc);
}
