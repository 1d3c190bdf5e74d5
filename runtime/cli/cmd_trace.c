/* cmd_trace.c - `skel trace [-o DIR] -- LAUNCHER ARGS...`: run an MPI program
 * under the tracer and summarise the trace (usecase/tracing.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "adir.h"
#include "error.h"
#include "peek.h"
#include "progress.h"
#include "tracing.h"

#include <stdio.h>
#include <string.h>

static const int flavors[] = {SKEL_MPI_MPICH, SKEL_MPI_OPENMPI};

/* A count for the status line: "987", "21.4 thousand", "3.07 million". */
static const char *count(uint64_t n, char *buf, size_t len)
{
    if (n < 10000)
        snprintf(buf, len, "%llu", (unsigned long long)n);
    else if (n < 1000000)
        snprintf(buf, len, "%.1f thousand", (double)n / 1e3);
    else
        snprintf(buf, len, "%.3g million", (double)n / 1e6);
    return buf;
}

void skel_cli_trace_sampler(void *arg, char *buf, size_t len)
{
    const struct skel_cli_trace_view *v = arg;
    struct skel_trace_peek p;
    char n[64];
    skel_trace_peek(v->dir, &p);
    if (p.ranks == 0)
        snprintf(buf, len, "running %s: no rank in MPI_Init yet", v->prog);
    else
        snprintf(buf, len, "running %s: %u rank%s, %s events recorded (%.1f MiB)", v->prog, p.ranks,
                 p.ranks == 1 ? "" : "s", count(p.events, n, sizeof n),
                 (double)p.bytes / (1 << 20));
}

void skel_cli_trace_view(struct skel_cli_trace_view *v, const char *dir, char *const argv[])
{
    /* The program itself rather than its launcher: the first word after an
     * mpiexec, mpirun or srun that is a path. */
    const char *prog = argv[0];
    for (int i = 1; argv[i] != NULL && (strncmp(prog, "mpi", 3) == 0 || strstr(prog, "srun")); i++)
        if (argv[i][0] != '-' && strchr(argv[i], '/') != NULL)
            prog = argv[i];
    const char *base = strrchr(prog, '/');
    /* The trace is written beside DIR until the run is over (adir.h). */
    snprintf(v->dir, sizeof v->dir, "%s%s", dir, SKEL_ADIR_SUFFIX);
    snprintf(v->prog, sizeof v->prog, "%s", skel_usecase_printable(base ? base + 1 : prog));
}

static void step(void *arg, const char *what)
{
    if (strcmp(what, "running") == 0)
        skel_progress_sampler(skel_cli_trace_sampler, arg);
    else {
        skel_progress_sampler(NULL, NULL);
        skel_progress_step("%s", what);
    }
}

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
    struct skel_cli_trace_view view;
    skel_cli_trace_view(&view, o.outdir, argv + first);
    skel_progress_start("trace", quiet);
    rc = skel_tracing_run(argv + first, &o, !quiet, step, &view, &res);
    skel_progress_stop();
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
    if (res.traced && res.run.spawned > 0)
        fprintf(stderr,
                "skel trace: note: the program spawned %d world%s (MPI_Comm_spawn): each is "
                "traced in %s/spawn-N, %d of them whole; calls between worlds are not "
                "recorded (their time is compute), and a skeleton of %s makes none of the "
                "spawned processes' work\n",
                res.run.spawned, res.run.spawned == 1 ? "" : "s", o.outdir,
                res.run.spawned_complete, o.outdir);
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
