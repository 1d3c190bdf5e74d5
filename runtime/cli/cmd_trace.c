/* cmd_trace.c - `skel trace [-o DIR] -- LAUNCHER ARGS...`: run an MPI program
 * under the tracer and summarise the trace (usecase/tracing.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "tracing.h"

#include <stdio.h>
#include <string.h>

static const int flavors[] = {SKEL_MPI_MPICH, SKEL_MPI_OPENMPI};

static const struct skel_cli_cmd cmd = {"trace", "trace", SKEL_CLI_POSIX | SKEL_CLI_NUM_FAIL,
                                        "unknown option"};

int skel_cmd_trace(int argc, char **argv)
{
    struct skel_tracerun_opts o = {.outdir = "skel-trace"};
    int quiet = 0, flavor = -1, status;
    struct skel_cli_opt opts[] = {OPT_STR("output", 'o', &o.outdir),
                                  OPT_FLAG("force", 0, &o.force),
                                  OPT_STR("buffer", 0, &o.buffer),
                                  OPT_CHOICE("mpi", 0, &flavor, "mpich|openmpi", flavors),
                                  OPT_DOUBLE("timeout", 0, &o.timeout_s, 0.001, 1e7),
                                  OPT_FLAG("quiet", 0, &quiet),
                                  OPT_END};
    /* POSIX: stop at the first non-option, the command's own options are its own. */
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first >= argc)
        return skel_cli_usage_error("trace", "expected a command to trace after --");
    if (flavor >= 0)
        o.flavor = (enum skel_mpi_flavor)flavor;
    if (o.buffer != NULL) {
        size_t n = strspn(o.buffer, "0123456789");
        if (n == 0 || !(o.buffer[n] == '\0' || (strchr("kKmM", o.buffer[n]) && !o.buffer[n + 1])))
            return skel_cli_usage_error("trace", "--buffer: expected a size like 4M, got '%s'",
                                        o.buffer);
    }
    char mpich[PATH_MAX], ompi[PATH_MAX];
    int rc = skel_cli_resource(SKEL_RES_TRACER_MPICH, mpich, sizeof mpich);
    if (rc != SKEL_OK)
        return skel_cli_fail("trace", rc);
    o.tracer_mpich = mpich;
    if (skel_cli_resource(SKEL_RES_TRACER_OPENMPI, ompi, sizeof ompi) == SKEL_OK)
        o.tracer_openmpi = ompi;
    skel_clear_error();

    struct skel_tracing_result res;
    rc = skel_tracing_run(argv + first, &o, !quiet, &res);
    if (res.run.stale_removed)
        fprintf(stderr, "skel trace: removed %s.skel-new, left by a skel trace that was killed\n",
                o.outdir);
    if (res.traced && res.run.exit_status != 0)
        fprintf(stderr, "skel trace: warning: %s exited with status %d\n", argv[first],
                res.run.exit_status);
    if (res.traced && !res.run.complete)
        fprintf(stderr,
                "skel trace: warning: the trace in %s is partial: %s; other commands refuse it "
                "unless given --allow-partial\n",
                o.outdir, res.run.partial);
    if (rc == SKEL_OK && res.have_stats) {
        printf("traced with the %s tracer in %.2f s\n",
               res.run.flavor == SKEL_MPI_OPENMPI ? "Open MPI" : "MPICH", res.run.wall_s);
        skel_stats_print(stdout, &res.stats);
    }
    int exit_status = res.run.exit_status;
    skel_tracing_result_free(&res);
    if (rc != SKEL_OK)
        return skel_cli_fail("trace", rc);
    return exit_status == 0 ? 0 : skel_exit_status(SKEL_EEXEC);
}
