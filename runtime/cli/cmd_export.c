/* cmd_export.c - `skel export --chrome TRACEDIR -o FILE`: a trace in the
 * Chrome trace-event format for Perfetto and chrome://tracing
 * (runtime/export.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "export.h"
#include "proc.h"
#include "trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const struct skel_cli_cmd cmd = {"export", "export", SKEL_CLI_POSIX | SKEL_CLI_QUIET, NULL};

int skel_cmd_export(int argc, char **argv)
{
    const char *out = NULL;
    int chrome = 0, quiet = 0, force = 0, status;
    struct skel_export_opts eo = {.max_bytes = SKEL_EXPORT_DEFAULT_MAX_BYTES};
    struct skel_cli_opt opts[] = {OPT_FLAG("chrome", 0, &chrome), OPT_STR("output", 'o', &out),
                                  OPT_FLAG("no-flows", 0, &eo.no_flows),
                                  OPT_U64("max-size", 0, &eo.max_bytes, 1024, 1e18),
                                  OPT_FLAG("force", 0, &force),
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
    if (force)
        eo.max_bytes = 0;
    skel_trace *t = NULL;
    struct skel_export_stats st = {0};
    int rc = skel_trace_open(argv[first], &t);
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
        return skel_cli_fail("export", rc);
    if (st.summary)
        fprintf(stderr,
                "skel export: summary: %" PRIu64 " of %" PRIu64 " calls written (%.1f MB)\n",
                st.events, st.calls, (double)st.bytes / 1e6);
    if (!quiet && strcmp(out, "-") != 0)
        fprintf(stderr, "%s: %" PRIu64 " calls on %" PRIu32 " ranks, %" PRIu64 " messages\n",
                skel_usecase_printable(out), st.events, st.ranks, st.flows);
    return 0;
}
