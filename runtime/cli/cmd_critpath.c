/* cmd_critpath.c - `skel critpath`: the critical path of a traced run, its
 * profile per MPI call, call site and compute phase, and critical-path
 * zeroing (usecase/profile.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "profile.h"

#include <stdio.h>

static const int off_cpu[] = {0, 1};

static const struct skel_cli_cmd cmd = {"critpath", "critpath", SKEL_CLI_POSIX | SKEL_CLI_QUIET,
                                        NULL};

int skel_cmd_critpath(int argc, char **argv)
{
    struct skel_profile_opts o = {.cp.top = 10};
    int tsv = 0, status;
    struct skel_cli_opt opts[] = {OPT_STR("select", 0, &o.cp.select),
                                  OPT_UINT("top", 0, &o.cp.top, 0, 1000000),
                                  OPT_STR("table", 0, &o.table),
                                  OPT_FLAG("untraced", 0, &o.cp.untraced),
                                  OPT_FLAG("tsv", 0, &tsv),
                                  OPT_STR("zero-group", 0, &o.cp.zero_group),
                                  OPT_CHOICE("off-cpu", 0, &o.cp.cpu_only, "keep|drop", off_cpu),
                                  OPT_FLAG("allow-partial", 0, &o.allow_partial),
                                  OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (argc - first != 1)
        return skel_cli_usage_error("critpath", argc - first == 0 ? "expected a trace directory"
                                                                  : "expected one trace directory");
    o.trace_dir = argv[first];
    struct skel_profile_result r;
    int rc = skel_profile_run(&o, &r);
    if (r.input_note[0])
        fprintf(stderr, "skel critpath: %s\n", r.input_note);
    if (rc == SKEL_OK && tsv)
        skel_profile_print_tsv(stdout, &r);
    else if (rc == SKEL_OK)
        skel_profile_print(stdout, &o, &r);
    skel_profile_result_free(&r);
    return rc == SKEL_OK ? 0 : skel_cli_fail("critpath", rc);
}
